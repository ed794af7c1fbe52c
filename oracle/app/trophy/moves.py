"""The Trophy moves of a session: every roll and choice, recorded as journal events.

:class:`TrophyMoves` is what a :class:`oracle.app.session.Session` holds while a Trophy
campaign is open (composition: the session has no system's moves among its bases). Each
move chooses faces (the campaign's seeded dice, or faces typed from physical dice), builds one
event of ``oracle.trophy.fold``'s vocabulary and records it; the rules core folds it, or
refuses it with one sentence and nothing written. Roll methods return the :class:`Rolled` faces without
notifying listeners, so a view draws the dice first and refreshes the rest afterwards.
"""

from __future__ import annotations

import functools
import json
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from oracle import events as meta
from oracle.app.moves import Moves
from oracle.app.trophy.combat_moves import CombatMoves, Rolled
from oracle.errors import RequestError, RuleError
from oracle.trophy import events
from oracle.trophy.character import Character
from oracle.trophy.fold import TrophyState
from oracle.trophy.risk import check_can_push, check_help_possible
from oracle.trophy.words import accepted

if TYPE_CHECKING:
    from oracle.app.session import Session

__all__ = ["Rolled", "Shown", "TrophyMoves", "lost_in", "trophy_moves", "whose"]

Shown = Callable[[Rolled], None]  # draws a roll while it is written


@functools.lru_cache(maxsize=512)
def _odds(request: str) -> dict[str, Any]:
    from oracle.trophy.odds import odds_for_request

    odds: dict[str, Any] = odds_for_request(json.loads(request))
    return odds


def lost_in(result: Mapping[str, Any], roller: str | None = None) -> list[dict[str, Any]]:
    """Each character ``result`` leaves lost (Ruin 6) besides ``roller`` (whose own loss is
    the roll's beat), as the result of a ``lost`` beat voiced about them (a fighter, a
    contestant, a helper)."""
    rows = [row for key in ("characters", "participants", "helpers")
            for row in result.get(key) or () if isinstance(row, Mapping)]
    return [{"roll": result.get("roll"), "name": row["name"], "ruin_before":
             row.get("ruin_before"), "ruin_after": row.get("ruin_after"), "ruin_marked": True,
             "lost": True}
            for row in rows if row.get("lost") is True and row.get("name") != roller]


def whose(result: Mapping[str, Any]) -> tuple[str, ...]:
    """Whom a roll's words are about: the roller the result names (never whoever the page
    plays by the time the narrator speaks: a push or a late help may come after the picker
    moved on, and one who is lost leaves play)."""
    name = result.get("name")
    return (name,) if isinstance(name, str) and name else ()


def trophy_moves(session: Session) -> TrophyMoves:
    """The session's Trophy moves (one object per session, kept across campaigns)."""
    moves = session.moves_for("trophy")
    assert isinstance(moves, TrophyMoves)
    return moves


class TrophyMoves(CombatMoves, Moves[TrophyState]):
    """Risk (push, help), Hunt and tokens, Contest, Combat, Ruin, Reduction, Conditions, Fate."""

    system = "trophy"
    session: Session  # Trophy's moves need the app's session (its seat, its active character)

    def __init__(self, session: Session) -> None:
        super().__init__(session)
        self.latest: Rolled | None = None
        self.latest_contest: list[events.ContestEntry] = []

    # -- the table ---------------------------------------------------------------------------

    @property
    def active(self) -> str | None:
        return self.session.active

    @active.setter
    def active(self, name: str | None) -> None:
        self.session.active = name

    def characters(self) -> tuple[Character, ...]:
        return self.state.characters

    def character(self, name: str | None = None) -> Character:
        name = self.active if name is None else name
        if name is None:
            raise RuleError("character: make or choose a character first.")
        return self.state.character(name)

    def names(self, in_play: bool = True, npc: bool | None = None) -> list[str]:
        return [
            c.name for c in self.characters()
            if (not in_play or not c.out_of_play) and (npc is None or c.npc == npc)
        ]

    def in_play(self) -> list[str]:
        return [c.name for c in self.characters() if not c.out_of_play]

    def people(self, names: Sequence[str]) -> list[Any]:
        state = self.state
        return [state.character(n) for n in names if state.has(n)]

    def voiced_result(self, beat: str, result: Mapping[str, Any], who: Sequence[str]
                      ) -> Mapping[str, Any]:
        """A loss voiced about someone the roll listed (a helper, a fighter, a contestant) is
        voiced from their own row of it (``lost_in``), as it was the first time."""
        if beat != "lost" or not who or result.get("name") == who[0]:
            return result
        rows = [row for row in lost_in(result) if row["name"] == who[0]]
        return rows[0] if rows else result

    def set_active(self, name: str | None) -> None:
        if name is not None:
            self.state.character(name)
        self.active = name
        campaign = self.session.campaign
        if name is not None and campaign is not None:
            campaign.record(meta.preference(self.session.seat.key, name))
        self.changed()

    def add_character(self, sheet: Mapping[str, Any]) -> None:
        """Create a character (or an NPC) from a sheet mapping; the first one becomes active."""
        self.record(events.character_created(sheet))
        if self.active is None and not sheet.get("npc"):
            self.active = str(sheet.get("name", "")).strip()
        self.changed()

    def opened(self) -> None:
        self.latest = self._restored_roll()

    def undone(self) -> None:
        """After an undo the newest roll is the one the journal now ends with."""
        self.latest = self._restored_roll()

    def _restored_roll(self) -> Rolled | None:
        """The newest Risk Roll as the journal left it (a reload shows it, push and all)."""
        result = self.state.last_result
        campaign = self.session.campaign
        if not result or result.get("roll") != "risk" or campaign is None:
            return None
        helpers = tuple((str(h["name"]), int(h["die"])) for h in result.get("helpers", [])
                        if isinstance(h, Mapping) and h.get("die"))
        return Rolled("risk", tuple(result.get("light", ())), tuple(result.get("dark", ())),
                      helpers, dict(result), campaign.last_seq)

    def update_character(self, name: str, changes: Mapping[str, Any]) -> None:
        """Edit a sheet (occupation, background, skills, drive, rituals, equipment, armor, NPC).

        Ruin, tokens, Gold, Conditions and Fate only change through their own events.
        """
        self.record(events.character_updated(name, changes))
        self.changed()

    # -- the Risk Roll -----------------------------------------------------------------------

    def risk_request(self, skill: bool, bargain: bool, dark: bool, helpers: Sequence[str] = (),
                     ritual: bool = False, intent: str | None = None) -> dict[str, Any]:
        """The ``oracle odds``-shaped request for the pool the toggles describe."""
        roller = self.character()
        light, dark_count = events.risk_pool(skill=skill, bargain=bargain, dark=dark,
                                             ritual=ritual, intent=intent)
        return {
            "roll": "risk",
            "ruin": roller.ruin,
            "light": light,
            "dark": dark_count,
            "helpers": [{"name": n, "ruin": self.state.character(n).ruin} for n in helpers],
        }

    def risk_odds(self, request: Mapping[str, Any]) -> Mapping[str, Any]:
        """The exact odds of ``request``, to read (the same request is computed once: a roll
        shows the odds of its push and of the next roll, and every refresh asks again)."""
        return _odds(json.dumps(request, sort_keys=True))

    def risk(self, *, action: str, wrong: str = "", skill: bool = False,
             bargain: str | None = None, dark: bool = False, ritual: bool = False,
             helpers: Sequence[str] = (), foe: str | None = None, intent: str | None = None,
             confirmed: bool = False, light_faces: Sequence[int] | None = None,
             dark_faces: Sequence[int] | None = None,
             helper_faces: Sequence[int] | None = None, shown: Shown | None = None) -> Rolled:
        """Roll a Risk Roll for the active character and record it.

        ``shown`` draws the roll while it is written (see :meth:`_roll`)."""
        roller = self.character()
        if not action.strip():
            raise RequestError("intent: say what you hope will happen before you roll.")
        if bargain is not None and not bargain.strip():
            raise RequestError("bargain: an accepted Devil's Bargain needs its text (the price).")
        if bargain is not None:  # kept as accepted ("the lantern goes out"), not as offered
            bargain = accepted(bargain)
        dice = self.dice()
        n_light, n_dark = events.risk_pool(skill=skill, bargain=bargain is not None, dark=dark,
                                           ritual=ritual, intent=intent)
        light = self._faces(dice, n_light, light_faces, "light faces")
        dark_f = self._faces(dice, n_dark, dark_faces, "dark faces")
        helper_dice = self._faces(dice, len(helpers), helper_faces, "helper faces")
        event = events.risk_rolled(
            roller.name, light, dark_f, helpers=list(zip(helpers, helper_dice, strict=True)),
            ritual=ritual, bargain=bargain, action=action, could_go_wrong=wrong, foe=foe,
            intent=intent, confirmed=confirmed)
        return self._roll(event, self._risk_rolled(event), shown)

    def _roll(self, event: Mapping[str, Any], build: Callable[[int, TrophyState], Rolled],
              shown: Shown | None) -> Rolled:
        """Record a roll and return its faces (the newest roll from now on).

        ``shown`` gets the roll as soon as the rules pass it, before SQLite writes it (again if
        other windows' events had to be taken in first): the dice leave for the page while it
        is written, not after. If it is not recorded after all, the error is raised and the
        view takes them back.
        """
        ready = None if shown is None else (lambda seq, state: shown(build(seq, state)))
        seq = self.record(event, ready)
        self.latest = build(seq, self.state)
        return self.latest

    def _risk_rolled(self, data: Mapping[str, Any]) -> Callable[[int, TrophyState], Rolled]:
        """How the Risk event ``data`` reads once folded into a state."""

        def build(seq: int, state: TrophyState) -> Rolled:
            result = dict(state.last_result or {})
            open_risk = state.risk
            if open_risk is not None:
                roll = open_risk.result.roll
                light, dark = roll.light, roll.dark
                helpers = tuple((h.name, h.die) for h in roll.helpers)
            else:
                light, dark, helpers = self._risk_faces(seq, data)
            return Rolled("risk", light, dark, helpers, result, seq)

        return build

    def _risk_faces(self, seq: int, data: Mapping[str, Any]
                    ) -> tuple[tuple[int, ...], tuple[int, ...], tuple[tuple[str, int], ...]]:
        """Faces of the newest reading of a (possibly pushed) risk roll ending at ``seq``."""
        light = tuple(data.get("light", ()))
        dark = tuple(data.get("dark", ()))
        if data.get("type") == events.RISK_PUSHED:
            helpers: tuple[tuple[str, int], ...] = self.latest.helpers if self.latest else ()
            return light, dark, helpers
        helpers = tuple((h["name"], h["die"]) for h in data.get("helpers", ()))
        return light, dark, helpers

    @property
    def can_push(self) -> bool:
        risk = self.state.risk
        return risk is not None and risk.result.can_push

    def push_request(self) -> dict[str, Any] | None:
        """The odds request for pushing the open roll (one more dark die), or None."""
        risk = self.state.risk
        if risk is None or not risk.result.can_push:
            return None
        roll = risk.result.roll
        return {
            "roll": "risk", "ruin": risk.result.ruin_after, "light": len(roll.light),
            "dark": len(roll.dark) + 1,
            "helpers": [{"name": h.name, "ruin": h.ruin_after, "die": h.die,
                         "already_marked": h.already_marked} for h in risk.result.helpers],
        }

    def push(self, light_faces: Sequence[int] | None = None,
             dark_faces: Sequence[int] | None = None, shown: Shown | None = None) -> Rolled:
        """Push the open roll: one more dark die, re-roll the roller's dice (helpers keep theirs)."""
        risk = self.state.risk
        if risk is None:
            raise RuleError("push: there is no open Risk Roll to push.")
        check_can_push(risk.result)
        dice = self.dice()
        roll = risk.result.roll
        light = self._faces(dice, len(roll.light), light_faces, "light faces")
        dark = self._faces(dice, len(roll.dark) + 1, dark_faces, "dark faces")
        event = events.risk_pushed(light, dark)
        return self._roll(event, self._risk_rolled(event), shown)

    def help_after(self, helper: str, face: int | None = None,
                   shown: Shown | None = None) -> Rolled:
        """SRD 1.2, Help Roll: help offered after the roll, while it is still open."""
        risk = self.state.risk
        if risk is None:
            raise RuleError("helper: there is no open Risk Roll to help.")
        check_help_possible(risk.result.roll.dark)
        die = self._faces(self.dice(), 1, None if face is None else [face], "helper face")[0]
        event = events.help_added(helper, die)
        return self._roll(event, self._risk_rolled(event), shown)

    def accept_roll(self) -> None:
        """Settle the open roll as it stands (no more pushes)."""
        risk = self.state.risk
        if risk is not None:  # named, so the journal says whose roll stands
            self.record({**events.risk_finished(), "name": risk.name})
            self.changed()

    # -- other rolls -------------------------------------------------------------------------

    def hunt(self, *, exploring: str, skill: bool = False,
             faces: Sequence[int] | None = None) -> Rolled:
        """SRD 1.2, Hunt Roll: one light die for exploring, one more for a Skill or equipment."""
        roller = self.character()
        light = self._faces(self.dice(), 1 + int(skill), faces, "hunt faces")
        seq = self.record(events.hunt_rolled(roller.name, light, exploring))
        self.latest = Rolled("hunt", light, (), (), dict(self.state.last_result or {}), seq)
        self.changed()
        return self.latest

    def spend_tokens(self, use: str, contributions: Mapping[str, int], to: str | None = None,
                     goal: str = "") -> None:
        self.record(events.tokens_spent(use, contributions, to, goal))

    def buy_treasure(self, name: str | None = None) -> str:
        """SRD 1.2, Hunt Tokens: 1 token finds a treasure worth 1 Gold; it is named by the
        treasure generator (its thing and mark; a token's treasure is always worth 1)."""
        from oracle.app.solo import own_in
        from oracle.trophy.generate import treasure

        who = self.character(name)
        if who.hunt_tokens < 1:
            raise RuleError(f"tokens: {who.name} holds no Hunt Token; a treasure costs 1.")
        with own_in(self.session):  # the player's own treasure tables too
            found = treasure(self.session.require().dice("treasure"))
        self.record(events.tokens_spent("treasure", {who.name: 1}, to=who.name,
                                        treasure=found.description))
        self.changed()
        return found.description

    def correct(self, name: str, what: str, reason: str, *, to: int | None = None,
                was: int | None = None, condition: str = "", remove: bool = False
                ) -> tuple[int, dict[str, Any]]:
        """Put a sheet right with a reason (``oracle.trophy.corrections``): Ruin, Hunt Tokens or
        Gold ``to`` a value (``was``: the value the player saw), or a Condition on or off.
        Returns the entry's number and its result."""
        who = self.character(name)
        seq = self.record(events.sheet_corrected(who.name, what, reason, to=to, was=was,
                                                 condition=condition, remove=remove))
        result = dict(self.state.last_result or {})
        self.changed()
        return seq, result

    def claim_tokens(self, fallen: str, shares: Mapping[str, int]) -> None:
        self.record(events.tokens_claimed(fallen, shares))
        self.changed()

    def contest(self, participants: Sequence[Mapping[str, Any]],
                faces: Mapping[str, tuple[Sequence[int] | None, Sequence[int] | None]] | None = None,
                stake: str = "") -> Rolled:
        """Contest Roll; each participant: {name, skill, deadly, extra_dark}; light = skill + Ruin."""
        dice = self.dice()
        rolled = []
        all_light: list[int] = []
        all_dark: list[int] = []
        for item in participants:
            name = str(item["name"])
            person = self.state.character(name)
            # SRD 1.2, Contest Roll: a light die for a Skill, one per Ruin; dark for danger.
            n_light = int(bool(item.get("skill"))) + person.ruin
            n_dark = int(bool(item.get("deadly"))) + int(item.get("extra_dark", 0))
            typed = (faces or {}).get(name, (None, None))
            light = self._faces(dice, n_light, typed[0], f"{name}: light faces")
            dark = self._faces(dice, n_dark, typed[1], f"{name}: dark faces")
            rolled.append(events.contest_entry(name, light, dark))
            all_light += light
            all_dark += dark
        seq = self.record(events.contest_rolled(rolled, stake))
        self.latest = Rolled("contest", tuple(all_light), tuple(all_dark), (),
                             dict(self.state.last_result or {}), seq)
        self.latest_contest = rolled
        return self.latest

    def ruin_roll(self, face: int | None = None, reason: str = "") -> Rolled:
        """SRD 1.2, Ruin Roll: one dark die against current Ruin."""
        roller = self.character()
        dark = self._faces(self.dice(), 1, None if face is None else [face], "dark face")
        seq = self.record(events.ruin_rolled(roller.name, dark[0], reason))
        self.latest = Rolled("ruin", (), dark, (), dict(self.state.last_result or {}), seq)
        return self.latest

    def reduction_die(self, face: int | None = None) -> int:
        """Roll (or take) the Reduction Roll's light die; nothing is recorded until the choice."""
        roller = self.character()
        if not roller.can_reduce:
            if not roller.reached_five:
                raise RuleError(
                    f"reduction: {roller.name} can only reduce Ruin after marking 5 Ruin."
                )
            raise RuleError(
                f"reduction: {roller.name} is at their starting Ruin {roller.starting_ruin}; "
                "Ruin never goes below it."
            )
        return self._faces(self.dice(), 1, None if face is None else [face], "light face")[0]

    def reduction(self, face: int, remove_anyway: bool, betrayal: str = "") -> Rolled:
        roller = self.character()
        seq = self.record(events.reduction_rolled(roller.name, face, remove_anyway, betrayal))
        self.latest = Rolled("reduction", (face,), (), (), dict(self.state.last_result or {}),
                             seq)
        return self.latest

    def add_condition(self, condition: str, name: str | None = None) -> None:
        who = self.character(name)
        self.record(events.condition_added(who.name, condition))
        self.changed()

    def choose_fate(self, fate: str, co_gm: bool = False, name: str | None = None) -> None:
        who = self.character(name)
        self.record(events.fate_chosen(who.name, fate, co_gm))
        in_play = self.names()
        if self.active == who.name and in_play:
            self.active = in_play[0]
        self.changed()

    def return_to_town(self) -> None:
        self.record(events.town_returned())
        self.changed()
