"""A player never loses a campaign to a new ruling (docs/rulings.md, Hunt Tokens).

Before the dead-only ruling, a lost companion's Hunt Tokens could be claimed as Gold. A file or
export that journalled such a claim still opens, replays to the same state and says the claim was
made under an older ruling; every new move (the app, the typed events, ``Campaign.record``, an
import of a current export, an undo that would lean on it) is still judged by today's rules.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from oracle.errors import RuleError
from oracle.journal.campaign import Campaign
from oracle.journal.exports import export
from oracle.journal.library import new_meta, private_campaigns_dir
from oracle.journal.store import SUFFIX, Journal, StoredEvent
from oracle.trophy import events as ev
from oracle.trophy.fold import apply, apply_older, replay
from tests.app_driver import read, trophy_moves
from tests.test_cli_hostile import raw, refused, run

REFUSAL = "from: only a dead companion's Hunt Tokens can be claimed as Gold; Mara is lost"
MARK = "(claimed under an older ruling)"
LOST_CLAIM = {"type": "tokens_claimed", "from": "Mara", "shares": {"Wren": 2}}
BEFORE_CLAIM: list[dict[str, Any]] = [
    {"type": "character_created", "character": {"name": "Mara"}},
    {"type": "character_created", "character": {"name": "Wren"}},
    {"type": "hunt_rolled", "name": "Mara", "light": [6]},
    {"type": "hunt_rolled", "name": "Mara", "light": [5]},
    {"type": "ruin_marked", "name": "Mara", "amount": 5},  # Ruin 6: lost, no Fate chosen
]
OLD_JOURNAL = [*BEFORE_CLAIM, LOST_CLAIM, {"type": "note", "text": "Wren counts the coins."}]
CLAIM_SEQ = len(BEFORE_CLAIM) + 1


def old_file(home: Path | None = None) -> Path:
    """A campaign file as the older version wrote it: the store alone, no rules consulted."""
    meta = new_meta("Before the ruling", "trophy", 7)
    path = private_campaigns_dir(home) / f"{meta['id']}{SUFFIX}"
    stored = [StoredEvent(seq, "2026-11-20T10:00:00Z", data["type"], data)
              for seq, data in enumerate(OLD_JOURNAL, start=1)]
    Journal.create(path, meta, stored).close()
    return path


def test_the_rules_core_refuses_a_lost_claim_and_reads_a_stored_one_under_the_older_ruling(
) -> None:
    lost = replay(BEFORE_CLAIM)
    with pytest.raises(RuleError, match=REFUSAL):
        apply(lost, LOST_CLAIM)
    older = apply_older(lost, LOST_CLAIM)
    assert older is not None and older.character("Wren").gold == 2
    assert older.character("Mara").hunt_tokens == 0
    assert older.last_result == {"event": "tokens_claimed", "from": "Mara", "gold": {"Wren": 2},
                                 "older_ruling": True}
    # the older ruling never took an in-play companion's tokens, nor any other refused event
    in_play = replay(BEFORE_CLAIM[:-1])
    assert apply_older(in_play, LOST_CLAIM) is None
    assert apply_older(lost, {"type": "hunt_rolled", "name": "Mara", "light": [6]}) is None
    # a dead companion's claim is today's rule: no mark
    dead = apply(lost, {"type": "fate_chosen", "name": "Mara", "fate": "death"})
    today = apply(dead, LOST_CLAIM).last_result
    assert today is not None and "older_ruling" not in today


def test_an_old_campaign_file_opens_replays_and_exports_with_the_claim_marked() -> None:
    path = old_file()
    with Campaign.open(path) as camp:
        assert camp.state.character("Wren").gold == 2
        assert camp.state.character("Mara").hunt_tokens == 0
        line = camp.summary(CLAIM_SEQ)
        assert line.endswith(f"claimed as Gold by Wren (2 Gold) {MARK}"), line
        for format in ("text", "markdown", "lonelog"):
            assert MARK in export(camp, format), format
        dump = json.loads(camp.export_json())
        assert dump["older_rulings"] == [CLAIM_SEQ]
        # the journal goes on: undo and redo of a later entry, and of the claim itself
        seq = camp.append({"type": "note", "text": "Dusk."})[0]
        camp.undo(seq)
        camp.undo(CLAIM_SEQ)
        assert camp.state.character("Wren").gold == 0
        assert MARK in camp.summary(CLAIM_SEQ)  # undone, it keeps its words
        camp.redo(CLAIM_SEQ)
        assert camp.state.character("Wren").gold == 2
    with Campaign.open(path) as again:  # and reopens the same
        assert again.state.character("Wren").gold == 2 and MARK in again.summary(CLAIM_SEQ)


def test_a_new_lost_claim_is_refused_even_in_an_old_file() -> None:
    with Campaign.open(old_file()) as camp:
        camp.record({"type": "hunt_rolled", "name": "Wren", "light": [6]})
        camp.record({"type": "ruin_marked", "name": "Wren", "amount": 5})
        last = camp.last_seq
        with pytest.raises(RuleError, match="only a dead companion's Hunt Tokens"):
            camp.record(ev.tokens_claimed("Wren", {"Mara": 1}))  # typed event builder
        assert camp.last_seq == last


def test_an_undo_never_turns_a_new_claim_into_an_older_ruling() -> None:
    with Campaign.create("Now", events=BEFORE_CLAIM) as camp:
        fate = camp.append({"type": "fate_chosen", "name": "Mara", "fate": "death"})[0]
        camp.record(ev.tokens_claimed("Mara", {"Wren": 2}))
        with pytest.raises(RuleError, match="only a dead companion's Hunt Tokens"):
            camp.undo(fate)
        assert camp.state.character("Mara").died


def test_imports_of_older_and_current_exports() -> None:
    with Campaign.open(old_file()) as camp:
        doc: dict[str, Any] = json.loads(camp.export_json())
    with Campaign.import_json(doc) as copy:  # this version's export names the entry
        assert copy.state.character("Wren").gold == 2 and MARK in copy.summary(CLAIM_SEQ)
    older = {k: v for k, v in doc.items() if k != "older_rulings"}  # written before the key
    code, printed = run(["import", "-"], raw(older))
    assert code == 0 and printed["entries"] == len(OLD_JOURNAL)
    with Campaign.open(str(printed["imported"])) as imported:
        assert imported.state.character("Wren").gold == 2
        assert MARK in imported.summary(CLAIM_SEQ)
    # an export of this version that names no such entry holds a new move: refused, nothing made
    sentence = refused(["import", "-"], raw({**doc, "older_rulings": []}), REFUSAL)
    assert f"entry {CLAIM_SEQ} (tokens_claimed)" in sentence
    refused(["import", "-"], raw({**doc, "older_rulings": "all"}), "older_rulings")


def test_the_app_opens_an_old_campaign_and_refuses_a_new_lost_claim() -> None:
    from oracle.app import build

    path = old_file()
    with Campaign.open(path):  # the campaign opened last: the app opens it
        pass
    app = build()
    session = app.session
    assert session.campaign is not None and session.campaign.path == path
    assert MARK in read(app.journal, "oracle-journal-entries")
    moves = trophy_moves(session)
    assert moves.character("Wren").gold == 2
    moves.record({"type": "hunt_rolled", "name": "Wren", "light": [6]})
    moves.record({"type": "ruin_marked", "name": "Wren", "amount": 5})
    before = len(session.require().entries)
    with pytest.raises(RuleError, match="only a dead companion's Hunt Tokens"):
        moves.claim_tokens("Wren", {"Mara": 1})
    assert len(session.require().entries) == before
