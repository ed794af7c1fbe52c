"""Scripted 60-roll campaigns played through the app's own session (``oracle.app.session``).

Each campaign lives under a temporary ``ORACLE_HOME`` with the offline narrator. The script
plays the views' part: it calls the system's moves, then asks the session to voice the result
exactly as the views do (``session.voice(beat, result, intent=..., refers_to=...)``), and waits
for each narration. Halfway through, the page is "reloaded" (a new Session reopens the campaign
where play stood), so what the story memory keeps across a reload is measured too.

Checked per narration (with :func:`narrative.check`): every promise of the issue, plus the
story memory's own: the fight's monster (named, or drawn once) is the same creature from its
first roll to its last, across the reload.
"""

from __future__ import annotations

import os
import tempfile
from collections import Counter
from collections.abc import Callable, Mapping
from typing import Any

from oracle.app.session import Session
from oracle.errors import OracleError
from oracle.narrator import OfflineNarrator, beat_for_result

Check = Callable[[Any, Mapping[str, Any], str, Any], None]

SIGHTS = ["my brother standing in the river", "a door in the oak with my name on it",
          "the camp from last night, but everyone in it is me"]
BETRAYALS = ["I loosen Bryn's climbing rope", "I pocket the best of the gold"]
WRONG = ["the rope frays", "the noise wakes something", "the lantern gutters out"]
MONSTERS = ["the Antlered Man", ""]  # the second fight draws its monster from the bestiary
DT_SHEET: dict[str, Any] = {
    "name": "Pip Thorne", "species": "human", "size": "medium",
    "abilities": {"strength": 1, "dexterity": 2, "constitution": 3, "intelligence": 0,
                  "wisdom": -1, "charisma": 1},
    "proficiencies": {"arcana": "expert", "medicine": "trained"}, "talents": {"Spark": 1},
    "equipment": [], "wear_armor": False, "magic_dice": 2,
}


class Played:
    """One session campaign's narrations, checked as they arrive."""

    def __init__(self, check: Check, make_roll: Callable[..., Any], tally: Any) -> None:
        self.check, self.make_roll, self.tally = check, make_roll, tally
        self.texts: Counter[str] = Counter()
        self.rolls = 0
        self.foes: dict[int, set[str]] = {}
        self.monster_voiced: Counter[int] = Counter()

    def voice(self, session: Session, beat: str, result: Mapping[str, Any], intent: str = "",
              refers_to: int | None = None, who: tuple[str, ...] = (),
              say: Callable[..., None] | None = None) -> None:
        (say or session.voice)(beat, result, intent=intent, refers_to=refers_to, who=who)
        voiced = session.narration.wait()
        if voiced is None or not voiced.text:
            return
        memory = session.story
        foe = memory.foe.name if memory.foe is not None and beat == "monster" else ""
        # everyone else in play is present unless the story says who is (one person: solo)
        party = tuple(n for n in session.moves.in_play() if n != session.active)
        if memory.present is not None:
            party = tuple(memory.present)
        roll = self.make_roll(dict(result), intent or _said(memory, beat), foe, party)
        self.texts[voiced.text] += 1
        self.check(roll, result, voiced.text, self.tally)
        if foe and memory.foe is not None:
            self.foes.setdefault(memory.foe.since, set()).add(foe)
            self.monster_voiced[memory.foe.since] += 1


def _said(memory: Any, beat: str) -> str:
    said = {"ruin": memory.sight, "reduction": memory.betrayal}.get(beat, None)
    return str(said.text) if said is not None else ""


def _opened(home: str, system: str, seed: str, narrator: Any) -> Session:
    """A session on a new campaign with a fixed seed (the bench replays exactly), begun as
    the app's Quick start begins one (a ready character, a first scene) where it offers that."""
    from oracle.app.systems import offering
    from oracle.journal.campaign import Campaign

    campaign = Campaign.create("Bench", system, seed=seed, home=home)
    offering(system).quick_start(campaign)
    campaign.close()
    session = Session(home=home, narrator=narrator)
    session.open_last()
    return session


def _reload(session: Session, home: str, narrator: Any) -> Session:
    """A reload: a fresh Session lands where play stood (the story memory comes with it)."""
    again = Session(home=home, narrator=narrator)
    again.open_last()
    return again


def play_trophy(played: Played, solo: bool, seed: str, safety: Mapping[str, list[str]]
                ) -> None:
    """60 Trophy rolls: risks (pushes, bargains), hunts, Ruin Rolls, fights, contests,
    Reductions; a lost character's Fate and a new hunter; a reload at roll 30."""
    from oracle.app.trophy.moves import TrophyMoves

    narrator = OfflineNarrator(seed=seed)
    with tempfile.TemporaryDirectory() as home:
        os.environ["ORACLE_HOME"] = home
        session = _opened(home, "trophy", seed, narrator)
        session.set_safety(safety["lines"], safety["veils"])
        hunters = [str(session.active)]  # the Quick start's generated treasure-hunter
        if not solo:
            first = session.moves
            assert isinstance(first, TrophyMoves)
            first.add_character({"name": "Bryn Ashdown", "occupation": "Poacher",
                                 "skills": ["Tracking"], "starting_ruin": 1})
            hunters.append("Bryn Ashdown")
        fights = 0
        index = 0
        reloaded = False
        while played.rolls < 60:
            if played.rolls >= 30 and not reloaded:
                reloaded = True
                session = _reload(session, home, narrator)
            moves = session.moves
            assert isinstance(moves, TrophyMoves)
            index += 1
            try:
                fights = _trophy_step(played, session, moves, index, solo, fights)
            except OracleError:
                continue  # a move the rules refuse now (e.g. no Reduction yet): try the next
        session.close()


def _new_hunter(session: Session, moves: Any, index: int) -> None:
    for name in moves.names():
        if moves.state.character(name).ruin >= 6 or moves.state.character(name).lost:
            moves.choose_fate("death", name=name)
    if not moves.names(npc=False):
        moves.add_character({"name": f"Hale Marrow {index}", "occupation": "Gravedigger",
                             "skills": ["Digging"], "starting_ruin": 1})
        moves.set_active(moves.names(npc=False)[0])


def _risk_step(played: Played, session: Session, moves: Any, index: int, solo: bool,
               roller: str) -> None:
    """A Risk Roll (with a helper in a party, every other time), pushed now and then."""
    action = ["climb the ruined tower", "I'm going to pry open the reliquary",
              "we search the crypt", "can I jump the gap?", "Run for the trees"][index % 5]
    rolled = moves.risk(action=action, wrong=WRONG[index % 3], skill=True,
                        bargain="the lantern goes out for good" if index % 4 == 1 else None,
                        dark=True, helpers=[h for h in moves.names() if h != roller
                                            ][:1] if not solo and index % 2 else [])
    played.rolls += 1
    played.voice(session, beat_for_result("trophy", rolled.result), rolled.result,
                 intent=action, refers_to=rolled.seq)
    if moves.can_push and index % 3 == 0 and rolled.result.get("outcome") != "success":
        rolled = moves.push()
        played.rolls += 1
        played.voice(session, beat_for_result("trophy", rolled.result), rolled.result,
                     intent=action, refers_to=rolled.seq)
    moves.accept_roll()


def _trophy_step(played: Played, session: Session, moves: Any, index: int, solo: bool,
                 fights: int) -> int:
    if session.active is None or moves.character().lost:
        _new_hunter(session, moves, index)
    roller = moves.character()
    kind = index % 10
    if moves.state.combat is not None:
        rolled = moves.combat_roll()
        played.rolls += 1
        played.voice(session, "monster", rolled.result, refers_to=rolled.seq,
                     who=tuple(moves.state.combat.names if moves.state.combat else ()) or
                     (roller.name,))
        if moves.state.combat is not None and index % 3 == 0:
            moves.abandon_combat()
        return fights
    if kind in (0, 1, 2, 3, 9) or (kind == 8 and solo):
        _risk_step(played, session, moves, index, solo, roller.name)
    elif kind == 4:
        rolled = moves.hunt(exploring="follow the old tracks", skill=True)
        played.rolls += 1
        played.voice(session, "encounter", rolled.result, intent="follow the old tracks",
                     refers_to=rolled.seq)
    elif kind == 5:
        sight = SIGHTS[index % len(SIGHTS)]
        rolled = moves.ruin_roll(reason=sight)
        played.rolls += 1
        played.voice(session, beat_for_result("trophy", rolled.result), rolled.result,
                     intent=sight, refers_to=rolled.seq)
    elif kind == 6:
        fighters = moves.names(npc=False)
        moves.start_combat(9, fighters, monster=MONSTERS[fights % 2])
        fights += 1
    elif kind == 7 and not solo and len(moves.names()) > 1:
        people = [{"name": n, "skill": True, "deadly": True} for n in moves.names()[:2]]
        rolled = moves.contest(people)
        played.rolls += 1
        played.voice(session, "roll", rolled.result, intent="the last dry place in the cave",
                     refers_to=rolled.seq, who=tuple(p["name"] for p in people))
    elif kind == 8 and not solo:
        if not roller.can_reduce:
            moves.ruin_roll(face=6, reason="the river runs backwards")  # climb toward 5
            return fights
        face = moves.reduction_die()
        betrayal = BETRAYALS[index % 2]
        rolled = moves.reduction(face, remove_anyway=face >= roller.ruin, betrayal=betrayal)
        played.rolls += 1
        played.voice(session, "reduction", rolled.result, intent=betrayal, refers_to=rolled.seq)
    for due in range(int((moves.state.last_result or {}).get("condition_due") or 0)):
        moves.add_condition(f"Hollow-eyed {due}")
    return fights


def play_other(played: Played, system: str, seed: str, safety: Mapping[str, list[str]]
               ) -> None:
    """60 rolls of Die Trying (checks, spells, death saves) or Triptycho (attacks, Injuries),
    each voiced when the system names a beat for it, with a reload at roll 30."""
    narrator = OfflineNarrator(seed=seed)
    with tempfile.TemporaryDirectory() as home:
        os.environ["ORACLE_HOME"] = home
        session = _opened(home, system, seed, narrator)
        session.set_safety(safety["lines"], safety["veils"])
        session.new_scene("The sunken library")

        def hooked(on: Session) -> Session:
            """The views' narration requests, checked as they are voiced."""
            say = on.voice

            def voiced(beat: str, result: Mapping[str, Any], **kw: Any) -> None:
                played.voice(on, beat, result, say=say, **kw)

            on.voice = voiced  # type: ignore[method-assign]
            return on

        session = hooked(session)
        moves: Any = session.moves
        if system == "die_trying":
            moves.create(DT_SHEET)
        else:
            moves.join("Ash Vale", True, 20, 10, 10, 20)
            moves.join("Ogre", False, 60, 10, 10, 20)
            moves.start("combat", "")
        for index in range(60):
            if index == 30:
                session = hooked(_reload(session, home, narrator))
                moves = session.moves
            played.rolls += 1
            try:
                if system == "die_trying":
                    request = moves.check_request("Pip Thorne", "dexterity", None, 0, 5,
                                                  "skill")
                    moves.check(request, "Pip Thorne")
                elif index % 5 == 4:
                    moves.injury("Ash Vale")
                else:
                    request = moves.attack_request({"act": "1d8", "react": "1d6",
                                                    "damage": "2d6", "defense": "1d4"})
                    moves.attack(request, "Ash Vale", "Ogre")
            except OracleError:
                continue
        session.close()
