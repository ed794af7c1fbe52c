"""A table of devices on one campaign: each device plays its own character (remembered per seat
across reloads), one player's pick never changes another's, and the GM's view shows every sheet
and the whole journal. Built in-process (the browser test does the same over ``serve --table``).
"""

from __future__ import annotations

import pytest

from oracle.app import build
from oracle.app.seat import Seat, take_seat
from oracle.app.shell import OracleApp
from tests.app_driver import click, fill, read, trophy_moves

SECOND = "Mara"  # the first hunter is Quick start's, generated from the campaign seed


def table(seat: Seat | None = None) -> OracleApp:
    """A device opening the campaign opened last (a reload is just another build)."""
    return build(seat=seat)


def two_hunters() -> tuple[OracleApp, str]:
    """The GM's device after Quick start and a second hunter; the first hunter's name."""
    app = table(Seat("gm-device", gm=True))
    click(app.start, "oracle-quickstart")
    first = trophy_moves(app.session).names()[0]
    trophy_moves(app.session).add_character({"name": SECOND, "occupation": "Priest"})
    app.refresh()
    return app, first


def pick(app: OracleApp, name: str) -> None:
    assert app.side is not None
    fill(app.side, "oracle-active", name)


def playing(app: OracleApp) -> str:
    assert app.side is not None
    value: str = read(app.side, "oracle-active")
    assert value == app.session.active
    return value


@pytest.mark.parametrize("query,seat", [
    ("", Seat()),
    ("theme=dark", Seat()),
    ("seat=abc_-9", Seat("abc_-9")),
    ("seat=abc&gm=1", Seat("abc", gm=True)),
    ("gm=yes", Seat(None, gm=True)),
    ("gm=0&seat=x", Seat("x")),
    ("seat=" + "a" * 33, Seat()),  # too long: no seat, never an error
    ("seat=a%20b", Seat()),
    ("seat=%3Cscript%3E", Seat()),
    ("seat=", Seat()),
])
def test_the_address_names_the_seat_and_the_gm_view(query: str, seat: Seat) -> None:
    assert Seat.from_query(query) == seat


def test_the_preference_key_names_the_seat_and_a_lone_page_keeps_the_shared_one() -> None:
    assert Seat().key == "active"
    assert Seat("abc").key == "active@abc" == Seat("abc", gm=True).key


def test_each_device_plays_its_own_character_and_gets_it_back_after_a_reload() -> None:
    gm, first = two_hunters()
    assert playing(gm) == first
    player = table(Seat("phone-1"))
    assert playing(player) == first  # nothing picked yet on this device: the first in play
    pick(player, SECOND)
    gm.session.refresh()
    gm.refresh()
    assert playing(player) == SECOND
    assert playing(gm) == first  # the player's pick did not move the GM's
    # Reloads: each device comes back to its own pick, a new device is not handed another's.
    assert playing(table(Seat("phone-1"))) == SECOND
    assert playing(table(Seat("gm-device", gm=True))) == first
    assert playing(table(Seat("phone-2"))) == first
    # And the GM picking later leaves the player's device alone, open or reloaded.
    pick(gm, SECOND)
    pick(gm, first)
    player.session.refresh()
    assert playing(player) == SECOND
    assert playing(table(Seat("phone-1"))) == SECOND


def test_a_solo_player_on_one_machine_gets_the_last_pick_back() -> None:
    solo = table()
    click(solo.start, "oracle-quickstart")
    trophy_moves(solo.session).add_character({"name": SECOND})
    solo.refresh()
    pick(solo, SECOND)
    assert playing(table()) == SECOND


def test_a_preheated_page_takes_its_seat_when_the_request_arrives() -> None:
    _gm, first = two_hunters()
    player = table(Seat("phone-1"))
    pick(player, SECOND)
    preheated = table()  # built before anyone asked: no seat yet
    assert playing(preheated) == first
    take_seat(preheated.session, Seat("phone-1"))
    assert playing(preheated) == SECOND


def test_the_gm_sees_every_sheet_and_a_player_their_own_first() -> None:
    gm, first = two_hunters()
    player = table(Seat("phone-1"))
    pick(player, SECOND)
    assert player.side is not None and gm.side is not None
    own = read(player.side, "oracle-sheet")
    assert SECOND in own and first not in own
    others = read(player.side, "oracle-table-sheets")
    assert others.startswith("<details>") and first in others and SECOND not in others
    everyone = read(gm.side, "oracle-table-sheets")
    assert "Everyone at the table" in everyone and "<details>" not in everyone
    assert first in read(gm.side, "oracle-sheet") and SECOND in everyone
    assert "GM view" in read(gm, "oracle-campaign-name")
    assert "GM view" not in read(player, "oracle-campaign-name")


def test_the_gm_reads_the_whole_journal() -> None:
    gm, _first = two_hunters()
    for n in range(90):
        gm.session.add_note(f"note {n}")
    player = table(Seat("phone-1"))
    gm.session.refresh()
    gm.refresh()
    assert 'data-seq="1"' in read(gm, "oracle-journal-entries")
    assert "note 0<" in read(gm, "oracle-journal-entries")
    assert "note 0<" not in read(player, "oracle-journal-entries")  # the newest 80
    assert "note 89<" in read(player, "oracle-journal-entries")


def test_physical_dice_are_each_devices_own_choice() -> None:
    gm, _first = two_hunters()
    fill(gm, "oracle-physical", True)  # the GM types the faces of real dice
    player = table(Seat("phone-1"))
    assert read(player, "oracle-physical") is False and player.session.physical is False
    assert read(table(Seat("gm-device", gm=True)), "oracle-physical") is True  # after a reload
    fill(player, "oracle-physical", True)
    fill(player, "oracle-physical", False)
    assert read(table(Seat("gm-device", gm=True)), "oracle-physical") is True
    solo = table()  # a page without a seat keeps the shared choice, untouched by the seats
    assert read(solo, "oracle-physical") is False
