"""Bytecode in the browser edition's wheels, so the browser does not compile modules as the
app starts (it did: about 40% of the kernel's start went to ``compile``).

Each wheel is unpacked, its modules compiled by Pyodide's own CPython (``lite/pyc.mjs`` under
Node, with the npm core the site ships: the bytecode matches the browser's interpreter exactly),
and the wheel packed again. Bytecode is about twice the size of its source once packed, so only
the modules the start imports get it, in place of their source (``mod.pyc`` where ``mod.py``
was, as in Pyodide's own distribution; Python imports it without a source): those listed in
``lite/startup-modules.txt`` (written by ``bench/lite_profile.py --write-modules``). The others
stay sources, compiled if ever imported: a stale list costs start time, never behaviour.

Pyodide's standard library (``python_stdlib.zip``, sources only on npm) gets the same treatment:
the modules of it the start imports (``python313.zip/...`` in the list) become ``.pyc`` in the
zip, which Python's zipimport reads before a source (``compile_stdlib``). They are compiled
without docstrings and asserts (``-OO``, which the standard library supports): with them the
zip grew by 1 MB, over the first visit's budget.

``SOURCE_PATCHES`` changes a few sources of other projects first (each patch must apply). A
source that does not compile stays a source. Compiled wheels of downloads are cached by the input
wheel's SHA-256 and the list (``CACHE/pyc``), so only this repository's wheels are compiled each
build.
"""

from __future__ import annotations

import base64
import hashlib
import json
import re
import shutil
import subprocess
import zipfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
STARTUP = HERE / "startup-modules.txt"
# IPython's package imports its terminal front end (and with it prompt_toolkit, 115 modules) for
# ``IPython.embed``, which a kernel never calls: imported when called instead.
# ipywidgets tells traitlets' own look at a class (which reads every attribute) from a user's
# use of its deprecated ``Widget.widgets``... by comparing the caller's code file with
# ``inspect.getfile(HasTraits)``: here the module's file is its bytecode (``traitlets.pyc``)
# and its code's file the source it came from, so every widget class warned and walked the
# stack with pathlib as ipywidgets was imported (about a quarter of the kernel's start).
SOURCE_PATCHES = {
    "ipywidgets/widgets/widget.py": (
        "TRAITLETS_FILE = inspect.getfile(HasTraits)\n",
        "TRAITLETS_FILE = HasTraits.__init__.__code__.co_filename  # oracle lite: .pyc\n"),
    "IPython/__init__.py": ("from .terminal.embed import embed\n",
                            ("def embed(**kwargs):  # oracle lite: imported when called\n"
                             "    from .terminal.embed import embed as _embed\n\n"
                             "    return _embed(**kwargs)\n")),
}
SITE_PACKAGES = "/lib/python3.13/site-packages"
EPOCH = (2020, 1, 1, 0, 0, 0)


STDLIB = "python313.zip/"


def startup_modules() -> set[str]:
    """The modules the start imports: ``pkg/mod.py`` (paths in site-packages) and
    ``python313.zip/pkg/mod.py`` (the standard library's)."""
    lines = STARTUP.read_text().splitlines()
    return {line.strip() for line in lines if line.strip() and not line.startswith("#")}


def compile_stdlib(source: Path, target: Path, core: Path, work: Path, cache: Path,
                   drop: re.Pattern[str]) -> None:
    """Pyodide's standard library (sources only, as npm ships it) as ``target``: without the
    names ``drop`` matches, and with bytecode in place of the source of what the start imports."""
    hot = {name[len(STDLIB):] for name in startup_modules() if name.startswith(STDLIB)}
    digest = hashlib.sha256(source.read_bytes())
    for part in (HERE / "pyc.mjs", HERE / "pyc.py", STARTUP):
        digest.update(part.read_bytes())
    digest.update(drop.pattern.encode())
    cached = cache / f"{digest.hexdigest()[:16]}-python_stdlib.zip"
    cache.mkdir(parents=True, exist_ok=True)
    _prune(cache, {cached.name}, ".zip")
    if _copied(cached, target):
        return
    host = work / "pyc-stdlib"
    shutil.rmtree(host, ignore_errors=True)
    (host / "lib").mkdir(parents=True)
    jobs = []
    with zipfile.ZipFile(source) as old:
        for name in sorted(hot & set(old.namelist())):
            (host / "lib" / name).parent.mkdir(parents=True, exist_ok=True)
            (host / "lib" / name).write_bytes(old.read(name))
            jobs.append([f"lib/{name}", f"lib/{name[:-3]}.pyc", f"/lib/{STDLIB}{name}", 2])
    (host / "jobs.json").write_text(json.dumps(jobs))
    subprocess.run(["node", str(HERE / "pyc.mjs"), str(core), str(host)], check=True)
    with zipfile.ZipFile(source) as old, zipfile.ZipFile(target, "w") as new:
        for info in old.infolist():
            name = info.filename
            compiled = host / "lib" / f"{name[:-3]}.pyc"
            if drop.fullmatch(name):
                continue
            if name in hot and compiled.is_file():
                entry = zipfile.ZipInfo(f"{name[:-3]}.pyc", info.date_time)
                new.writestr(entry, compiled.read_bytes(), compress_type=zipfile.ZIP_DEFLATED)
            else:
                new.writestr(info, old.read(info), compress_type=info.compress_type)
    cache.mkdir(parents=True, exist_ok=True)
    shutil.copy2(target, cached)
    shutil.rmtree(host, ignore_errors=True)


def _key(wheel: Path) -> str:
    digest = hashlib.sha256(wheel.read_bytes())
    for part in (HERE / "pyc.mjs", HERE / "pyc.py", STARTUP):
        digest.update(part.read_bytes())
    return digest.hexdigest()[:16]


def _jobs(folder: Path, prefix: str, hot: set[str]) -> list[list[str]]:
    jobs = []
    for source in sorted(folder.rglob("*.py")):
        relative = source.relative_to(folder)
        name = relative.as_posix()
        if any(part.endswith((".dist-info", ".data")) for part in relative.parts):
            continue
        if name in SOURCE_PATCHES:
            old, new = SOURCE_PATCHES[name]
            text = source.read_text()
            if old not in text:
                raise SystemExit(f"lite: {name} no longer reads as lite/pyc.py expects.")
            source.write_text(text.replace(old, new))
        if name in hot:
            jobs.append([f"{prefix}/{name}", f"{prefix}/{relative.with_suffix('.pyc').as_posix()}",
                         f"{SITE_PACKAGES}/{name}"])
    return jobs


def _repack(folder: Path, wheel: Path) -> None:
    """Pack ``folder`` as ``wheel``, each source that has bytecode replaced by it."""
    files: dict[str, bytes] = {}
    for path in sorted(folder.rglob("*")):
        if not path.is_file():
            continue
        name = path.relative_to(folder).as_posix()
        if path.suffix == ".py" and path.with_suffix(".pyc").is_file():
            continue  # its bytecode replaces it
        if name.endswith(".dist-info/RECORD"):
            continue
        files[name] = path.read_bytes()
    dist = next(name.split("/")[0] for name in files if name.split("/")[0].endswith(".dist-info"))
    record = []
    for name, data in files.items():
        digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
        record.append(f"{name},sha256={digest},{len(data)}")
    record.append(f"{dist}/RECORD,,")
    files[f"{dist}/RECORD"] = ("\n".join(record) + "\n").encode()
    with zipfile.ZipFile(wheel, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, data in files.items():
            info = zipfile.ZipInfo(name, EPOCH)
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            archive.writestr(info, data)


def compile_wheels(wheels: list[tuple[Path, str]], core: Path, work: Path,
                   cache: Path) -> list[Path]:
    """Each ``(wheel, project name)`` compiled (see the module's docstring), in order."""
    out = work / "pyc-wheels"
    host = work / "pyc-host"
    for folder in (out, host):
        shutil.rmtree(folder, ignore_errors=True)
        folder.mkdir(parents=True)
    cache.mkdir(parents=True, exist_ok=True)
    result: list[Path] = []
    todo: list[tuple[Path, Path, Path]] = []
    jobs: list[list[str]] = []
    hot = startup_modules()
    for index, (wheel, name) in enumerate(wheels):
        cached = cache / f"{_key(wheel)}-{wheel.name}"
        target = out / wheel.name
        result.append(target)
        if _copied(cached, target):
            continue
        folder = host / str(index)
        with zipfile.ZipFile(wheel) as archive:
            archive.extractall(folder)
        jobs += _jobs(folder, str(index), hot)
        todo.append((folder, target, cached))
    if todo:
        (host / "jobs.json").write_text(json.dumps(jobs))
        subprocess.run(["node", str(HERE / "pyc.mjs"), str(core), str(host)], check=True)
        for folder, target, cached in todo:
            _repack(folder, target)
            shutil.copy2(target, cached)
    shutil.rmtree(host, ignore_errors=True)
    _prune(cache, {f"{_key(wheel)}-{wheel.name}" for wheel, _ in wheels}, ".whl")
    return result


def _copied(cached: Path, target: Path) -> bool:
    """Copy ``cached`` to ``target`` if it is there (another build may prune it meanwhile)."""
    try:
        shutil.copy2(cached, target)
    except FileNotFoundError:
        return False
    return True


def _prune(cache: Path, used: set[str], suffix: str) -> None:
    """Forget the compiled files this build did not use (this repository's wheels change every
    build, so the cache would otherwise grow by one oracle wheel each time)."""
    for path in cache.glob(f"*{suffix}"):
        if path.name not in used:
            path.unlink(missing_ok=True)
