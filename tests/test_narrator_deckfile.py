"""One deck everywhere: `oracle resolve --narrate` and `oracle inspire` continue one deck kept
under ORACLE_HOME, so no card repeats until its table is used up; `--seed` replays exactly; two
calls at once never lose a draw; a deck file is written atomically and a damaged one replaced."""

from __future__ import annotations

import io
import json
import threading
from pathlib import Path
from typing import Any

import pytest

from oracle.cli import main
from oracle.narrator import OfflineNarrator
from oracle.narrator.compose import load
from oracle.narrator.deck import Deck
from oracle.narrator.deckfile import FILE, shared_deck


def run_json(argv: list[str], stdin: str = "") -> dict[str, Any]:
    out = io.StringIO()
    assert main(argv, stdin=io.StringIO(stdin), out=out) == 0, out.getvalue()
    payload: dict[str, Any] = json.loads(out.getvalue())
    return payload


def test_inspire_continues_one_deck_between_calls_until_a_table_is_used_up(
        _oracle_home: Path) -> None:
    from oracle.narrator import NarrationContext
    from oracle.narrator.compose import elsewhere
    from oracle.narrator.dealer import weave_vars

    # a solo roller: bargains that need other people are not dealt, nor those only a roof
    # fits (a ceiling, a corridor) at the default place, which is out of doors
    away = elsewhere(weave_vars(NarrationContext.build())["place"])
    size = sum("others" not in part.tags and not part.where & away
               for _, parts in load("bargains").slots for _, part in parts)
    cards: list[str] = []
    while len(cards) + 3 <= size:
        cards += run_json(["inspire", "bargain", "--n", "3", "--json"])["items"]
    assert len(set(cards)) == len(cards)  # dozens of calls, no repeat
    assert (_oracle_home / FILE).is_file()
    assert Deck.from_dict(json.loads((_oracle_home / FILE).read_text())).dealt["bargains"] >= \
        len(cards)


def test_resolve_narrate_continues_the_same_deck(_oracle_home: Path) -> None:
    request = json.dumps({"roll": "hunt", "tokens": 2, "light": [5]})
    texts = [run_json(["resolve", "--narrate"], request)["narration"]["text"]
             for _ in range(40)]
    assert len(set(texts)) == 40
    inspired = run_json(["inspire", "encounter", "--severity", "distant", "--json"])
    assert inspired["text"] not in texts  # inspire deals from the same deck


def test_a_seed_replays_exactly_and_leaves_the_shared_deck_alone(_oracle_home: Path) -> None:
    first = run_json(["inspire", "wrong", "--n", "4", "--json", "--seed", "9"])
    assert not (_oracle_home / FILE).exists()
    run_json(["inspire", "wrong", "--n", "4", "--json"])  # moves the shared deck
    assert run_json(["inspire", "wrong", "--n", "4", "--json", "--seed", "9"]) == first
    request = json.dumps({"roll": "ruin", "ruin": 3, "dark": 4, "seed": 5})
    assert run_json(["resolve", "--narrate"], request) == run_json(["resolve", "--narrate"],
                                                                   request)


def test_two_calls_at_once_lose_no_draw(tmp_path: Path) -> None:
    def deal(count: int) -> None:
        for _ in range(count):
            with shared_deck(tmp_path) as box:
                _, box.deck = box.deck.draw("complications", 69, 1)

    threads = [threading.Thread(target=deal, args=(25,)) for _ in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    stored = json.loads((tmp_path / FILE).read_text())
    assert stored["dealt"]["complications"] == 100
    assert not [p for p in tmp_path.iterdir() if p.name.startswith(".narrator-deck-")]


def test_a_damaged_deck_file_is_replaced_not_fatal(tmp_path: Path) -> None:
    (tmp_path / FILE).write_text("{not json")
    with shared_deck(tmp_path) as box:
        said = OfflineNarrator().narrate("bargain", _context(box.deck))
        assert said.deck is not None
        box.deck = said.deck
    assert json.loads((tmp_path / FILE).read_text())["dealt"] == {"bargains": 3}


def _context(deck: Deck) -> Any:
    from oracle.narrator import NarrationContext

    return NarrationContext.build(deck=deck, party=["Ash", "Mara"])


def test_an_error_inside_changes_nothing(tmp_path: Path) -> None:
    with shared_deck(tmp_path) as box:
        _, box.deck = box.deck.draw("bargains", 10, 2)
    before = (tmp_path / FILE).read_text()
    try:
        with shared_deck(tmp_path) as box:
            _, box.deck = box.deck.draw("bargains", 10, 2)
            raise RuntimeError("boom")
    except RuntimeError:
        pass
    assert (tmp_path / FILE).read_text() == before


def test_the_apps_session_loses_no_deck_update_when_beats_overlap(_oracle_home: Path) -> None:
    """Offers asked for on several threads at once (Conditions while a roll is voiced) all come
    from one deck: every card is different, and the deck counts every one of them."""
    import time

    from oracle.app.session import Session

    class Slow(OfflineNarrator):  # a narrator that takes a moment, so the beats overlap
        def narrate(self, beat: str, context: Any, on_text: Any = None) -> Any:
            said = super().narrate(beat, context, on_text)
            time.sleep(0.01)
            return said

    session = Session(home=_oracle_home, narrator=Slow(seed="overlap"))
    session.new_campaign("overlap")
    got: list[tuple[str, ...]] = []
    lock = threading.Lock()

    def ask() -> None:
        items = session.offers("bargain", n=3)
        with lock:
            got.append(items)

    threads = [threading.Thread(target=ask) for _ in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    cards = [item for items in got for item in items]
    assert len(cards) == 24 == len(set(cards))
    assert session._deck is not None and session._deck.dealt["bargains"] >= 24


@pytest.mark.parametrize("field,value,sentence", [
    ("attempt", 5, "attempt: must be text; got int."),
    ("monster", ["a", "b"], "monster: must be text or {\"name\", \"description\"}; got list."),
    ("monster", {"name": 3},
     "monster: an object holds only \"name\" and \"description\", both text."),
    ("bargain", 7,
     "bargain: must be text, or {\"text\", \"accepted\"} or a list of them; got int."),
    ("party", "Ash", "party: must be a list of names (none means solo)."),
    ("could_go_wrong", {"x": 1}, "could_go_wrong: must be text; got dict."),
])
def test_a_context_field_of_the_wrong_type_is_refused_with_one_sentence(
        _oracle_home: Path, field: str, value: Any, sentence: str) -> None:
    request = {"roll": "ruin", "ruin": 3, "dark": 4, field: value}
    out = io.StringIO()
    code = main(["resolve", "--narrate"], stdin=io.StringIO(json.dumps(request)), out=out)
    assert code == 2 and json.loads(out.getvalue()) == {"error": sentence}
    assert not (_oracle_home / FILE).exists()  # nothing dealt, nothing written
