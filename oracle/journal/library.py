"""The library of campaign files: where they live, which was opened last, listing and deleting.

Campaigns are ``<home>/campaigns/<id>.oracle.sqlite`` files; ``home`` is the argument given, else
``$ORACLE_HOME``, else the platform's user data folder. A file's meta must name the campaign, its
system, when it was created and its seed (:func:`check_meta`); one that does not is refused with
one sentence, at open and in the list, and left as it is.
"""

from __future__ import annotations

import json
import os
import re
import secrets
import unicodedata
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from oracle.errors import OracleError, RequestError, StoreError, shown
from oracle.journal.files import PRIVATE_FOLDER, delete_file, label, private_folder
from oracle.journal.store import SCHEMA_VERSION, SUFFIX, Journal, now

MAX_NAME = 120
_ID_RE = re.compile(r"^[a-z0-9][a-z0-9-]{0,63}$")
_LAST_OPENED = "last_opened.json"


def oracle_home(home: Path | str | None = None) -> Path:
    """``home``, else ``$ORACLE_HOME``, else the platform's user data folder for oracle."""
    if home is not None:
        return Path(home)
    env = os.environ.get("ORACLE_HOME")
    if env:
        return Path(env)
    import platformdirs

    return Path(platformdirs.user_data_dir("oracle"))


def campaigns_dir(home: Path | str | None = None) -> Path:
    """The folder holding ``<id>.oracle.sqlite`` files."""
    return oracle_home(home) / "campaigns"


def private_campaigns_dir(home: Path | str | None = None) -> Path:
    """:func:`campaigns_dir`, made if missing and readable by its owner only (0700): a folder
    an older oracle made open to all is closed too, when it is ours (best effort)."""
    folder = campaigns_dir(home)
    try:
        private_folder(folder)
        info = folder.stat()
        if info.st_uid == os.getuid() and info.st_mode & 0o077:
            os.chmod(folder, PRIVATE_FOLDER)
    except OSError:  # Journal.create says why if the folder cannot be used
        pass
    return folder


def campaign_path(id_or_path: str | Path, home: Path | str | None = None) -> Path:
    """The file for a campaign id (``"the-hunt-3fa9c2"``) or an explicit path."""
    text = str(id_or_path)
    if isinstance(id_or_path, Path) or os.sep in text or "/" in text or text.endswith(SUFFIX):
        try:
            if b"\0" in os.fsencode(text):
                raise ValueError(text)
        except ValueError:  # a NUL byte, or a character no file name can hold
            raise RequestError(f"campaign: {shown(text, 60)} is not a file name.") from None
        return Path(id_or_path)
    if not _ID_RE.fullmatch(text):
        raise RequestError(
            f"campaign: {shown(text, 60)} is neither a campaign id (lowercase letters, digits and "
            "dashes) nor a path to a .oracle.sqlite file."
        )
    return campaigns_dir(home) / f"{text}{SUFFIX}"


def check_name(name: object) -> str:
    """A campaign name: visible text of at most :data:`MAX_NAME` characters, stripped, on one
    line and without control characters (NUL, escape, line breaks) or lone surrogates."""
    if not isinstance(name, str) or not name.strip():
        raise RequestError("name: a campaign needs a name of at least one visible character.")
    name = name.strip()
    if len(name) > MAX_NAME:
        raise RequestError(f"name: at most {MAX_NAME} characters; got {len(name)}.")
    for char in name:
        if unicodedata.category(char) in ("Cc", "Cs"):
            what = "a lone surrogate" if unicodedata.category(char) == "Cs" else (
                f"the control character U+{ord(char):04X}")
            raise RequestError(f"name: {shown(name, 60)} holds {what}; a name is visible text "
                               "on one line.")
    return name


def distinct_name(name: str, home: Path | str | None = None) -> str:
    """``name``, or ``name (imported)``, ``name (imported 2)``... if a campaign has it already."""
    taken = {info.name for info in list_campaigns(home)}
    number = 1
    candidate = name
    while candidate in taken:
        tail = " (imported)" if number == 1 else f" (imported {number})"
        candidate = name[: MAX_NAME - len(tail)].rstrip() + tail
        number += 1
    return candidate


def check_seed(seed: object) -> int | str:
    """A campaign seed (a whole number or text); None draws a fresh one."""
    if seed is None:
        return secrets.randbits(63)
    if isinstance(seed, bool) or not isinstance(seed, (int, str)):
        raise RequestError(f"seed: must be a whole number or a string, not {shown(seed)}.")
    return seed


def new_meta(name: str, system: str, seed: int | str) -> dict[str, Any]:
    """The meta table of a new campaign (a fresh id from its name)."""
    from oracle import __version__ as version

    slug = re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-")[:32].strip("-") or "campaign"
    return {
        "id": f"{slug}-{secrets.token_hex(3)}",
        "name": name,
        "system": system,
        "created": now(),
        "seed": seed,
        "schema": SCHEMA_VERSION,
        "oracle": version,
    }


def check_meta(meta: Mapping[str, Any], path: Path) -> None:
    """Refuse, in one sentence, a meta table without a usable name, system, created or seed."""
    problems = []
    for key in ("name", "system", "created"):
        value = meta.get(key)
        if not isinstance(value, str) or not value.strip():
            problems.append(f"no {key}" if key not in meta else f"a {key} that is not text")
    seed = meta.get("seed")
    if "seed" not in meta:
        problems.append("no seed")
    elif isinstance(seed, bool) or not isinstance(seed, (int, str)):
        problems.append("a seed that is neither a whole number nor text")
    if problems:
        raise StoreError(
            f"{label(path)} has a damaged meta table ({', '.join(problems)}), so it cannot be "
            "played; it was left untouched, restore it from a backup or export."
        )


# -- last opened -------------------------------------------------------------------------------


def remember_last_opened(path: Path, home: Path | str | None = None) -> None:
    """Note ``path`` as the campaign to reopen when the app reloads (best effort)."""
    root = oracle_home(home)
    target = path.name[: -len(SUFFIX)] if path.parent == campaigns_dir(home) else str(path)
    tmp = root / f".{_LAST_OPENED}.{secrets.token_hex(4)}.tmp"
    try:
        root.mkdir(parents=True, exist_ok=True)
        tmp.write_text(json.dumps({"campaign": target, "at": now()}), encoding="utf-8")
        os.replace(tmp, root / _LAST_OPENED)
    except OSError:  # remembering is a convenience; never fail an open over it
        tmp.unlink(missing_ok=True)


def last_opened(home: Path | str | None = None) -> str | None:
    """The id (or path) of the campaign opened last, if its file still exists."""
    try:
        text = (oracle_home(home) / _LAST_OPENED).read_text(encoding="utf-8")
        target = json.loads(text)["campaign"]
        if isinstance(target, str) and campaign_path(target, home).exists():
            return target
    except (OSError, ValueError, KeyError, TypeError, OracleError):
        pass
    return None


def forget_last_opened(path: Path, home: Path | str | None) -> None:
    """Forget ``path`` as the last opened campaign (it was deleted)."""
    target = last_opened(home)
    if target is not None and campaign_path(target, home).resolve() == path.resolve():
        (oracle_home(home) / _LAST_OPENED).unlink(missing_ok=True)


# -- listing and deleting ----------------------------------------------------------------------


@dataclass(frozen=True)
class CampaignInfo:
    """One row of :func:`list_campaigns`; ``error`` is set (and counts are 0) for a broken file."""

    id: str
    name: str
    system: str
    created: str
    updated: str
    events: int
    path: Path
    error: str | None = None

    @property
    def ok(self) -> bool:
        """True when the file can be opened and played."""
        return self.error is None


def list_campaigns(home: Path | str | None = None) -> list[CampaignInfo]:
    """Every campaign file in ``<home>/campaigns``, newest activity first.

    A file that cannot be used is listed with its error (never hidden, never fatal). Temporary
    files of creations under way or cut short are hidden files and never listed.
    """
    folder = campaigns_dir(home)
    if not folder.is_dir():
        return []
    infos: list[CampaignInfo] = []
    for path in sorted(folder.glob(f"*{SUFFIX}")):
        file_id = path.name[: -len(SUFFIX)]
        if file_id.startswith("."):
            continue
        try:
            journal = Journal.open(path, busy_timeout=0.5)
            try:
                meta = journal.meta()
                check_meta(meta, path)
                count, _, last_at = journal.stats()
            finally:
                journal.close()
            created = str(meta["created"])
            infos.append(CampaignInfo(
                id=file_id, name=str(meta["name"]), system=str(meta["system"]), created=created,
                updated=last_at or created, events=count, path=path,
            ))
        except OracleError as exc:
            infos.append(CampaignInfo(
                id=file_id, name=file_id, system="", created="", updated="", events=0,
                path=path, error=str(exc),
            ))
    infos.sort(key=lambda info: info.updated, reverse=True)
    return infos


def delete_campaign(id_or_path: str | Path, home: Path | str | None = None) -> None:
    """Delete a campaign file by id or path (the caller has asked the player to confirm)."""
    path = campaign_path(id_or_path, home)
    delete_file(path)
    forget_last_opened(path, home)
