"""The Combat Roll's moves of a Trophy session: face the monster, roll, mark armor after the
dice, retreat or give up (SRD 1.2, Combat Roll). Mixed into :class:`TrophyMoves`."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from oracle.errors import RuleError
from oracle.trophy import events

if TYPE_CHECKING:
    from oracle.app.session import Session
    from oracle.dice import DiceSource
    from oracle.trophy.state import TrophyState


@dataclass(frozen=True)
class Rolled:
    """The faces of the newest roll as the page draws them."""

    kind: str
    light: tuple[int, ...] = ()
    dark: tuple[int, ...] = ()
    helpers: tuple[tuple[str, int], ...] = ()
    result: Mapping[str, Any] = field(default_factory=dict)
    seq: int = 0


class CombatMoves:
    """The fight's moves; the host class records events and holds the newest roll."""

    latest: Rolled | None

    if TYPE_CHECKING:
        @property
        def state(self) -> TrophyState: ...

        def record(self, event: Mapping[str, Any],
                   ready: Callable[[int, Any], None] | None = None) -> int: ...

        def dice(self, faces: Sequence[int] | None = None) -> DiceSource: ...

        def changed(self) -> None: ...

        session: Session

        @staticmethod
        def _faces(dice: DiceSource, count: int, given: Sequence[int] | None, field_name: str
                   ) -> tuple[int, ...]: ...

    def start_combat(self, endurance: int, fighters: Sequence[str],
                     weak_points: Sequence[int] | None = None, monster: str = "",
                     gold: int | None = None, adjust: int | None = None) -> None:
        """Combat Roll, first step: each fighter rolls a Weak Point; Endurance after adjustments.

        The monster is the one the player names, or one drawn once from our bestiary; either
        way it travels on the event, so the story keeps it for the whole fight and any reload.
        So does the Gold it carries (given, or the bestiary's), collected once it is defeated.
        A drawn monster is fought at its own Endurance (with the GM's ``adjust``) when
        ``adjust`` is given: the form's Endurance was left as it was, since nobody knew the
        monster before it was drawn (``None``: ``endurance`` is the one the player set).
        """
        from oracle.trophy.bestiary import bestiary, gold_of

        points = self._faces(self.dice(), len(fighters), weak_points, "weak points")
        fields = self._monster(monster)
        if fields.get("monster_drawn") and adjust is not None:
            drawn = {m.name: m for m in bestiary()}.get(str(fields["monster"]))
            if drawn is not None:
                endurance = max(2, drawn.endurance + adjust)
        event = events.combat_started(endurance, list(zip(fighters, points, strict=True)),
                                      **fields)
        if gold is None:
            gold = gold_of(str(event.get("monster", "")))
        if gold:
            event["gold"] = gold
        seq = self.record(event)
        if self.state.combat is None and self.state.last_result:
            self.latest = Rolled("combat", (), (), (), dict(self.state.last_result), seq)
        self.changed()

    def _monster(self, named: str) -> dict[str, Any]:
        from oracle.app.solo import own_in
        from oracle.app.trophy.monsters import monster_fields

        with own_in(self.session, keep=False):  # the player's bestiary joins ours
            return monster_fields(named, self.session.require().dice("monster"),
                                  self.session.safety)

    def combat_roll(self, armor: Sequence[str] = (), faces: Sequence[int] | None = None,
                    pieces: Mapping[str, str] | None = None) -> Rolled:
        """Roll (or continue with one more) dark dice against the monster's Endurance;
        ``pieces``: which piece each of ``armor`` marks if hit (default their first)."""
        combat = self.state.combat
        if combat is None:
            raise RuleError("combat: start a fight first (Endurance and fighters).")
        continuing = combat.rolls > 0
        count = combat.dark_count + (1 if continuing else 0)
        dark = self._faces(self.dice(), count, faces, "dark faces")
        chosen = {n: p for n, p in (pieces or {}).items() if n in armor}
        seq = self.record(events.combat_rolled(dark, armor, continued=continuing,
                                               pieces=chosen))
        self.latest = Rolled("combat", (), dark, (), dict(self.state.last_result or {}), seq)
        return self.latest

    def armor_choices(self) -> list[tuple[str, str, int, int]]:
        """Fighters the newest Combat Roll hit who may still mark armor for it (SRD 1.2: after
        the dice): (name, piece, Ruin before, Ruin after the hits)."""
        state = self.state
        if state.combat_roll is None or not state.last_result or self._armor_settled():
            return []
        before = state.combat_roll.before
        choices = []
        for person in state.last_result.get("characters", []):
            name = str(person.get("name", ""))
            if not person.get("matches") or person.get("armor_used") or not before.has(name):
                continue
            usable = before.character(name).usable_armor
            if usable:
                choices.append((name, usable[0].name, int(person.get("ruin_before", 0)),
                                int(person.get("ruin_after", 0))))
        return choices

    def armor_pieces(self, name: str) -> list[str]:
        """The pieces ``name`` may mark for the newest Combat Roll (unmarked before it), or
        for the next roll when none waits on the armor question."""
        opened = self.state.combat_roll
        state = opened.before if opened is not None else self.state
        return [p.name for p in state.character(name).usable_armor] if state.has(name) else []

    def _newest_move(self) -> tuple[int | None, bool]:
        """The newest rules entry still standing, and whether a narration voices it."""
        campaign = self.session.campaign
        voiced: set[int] = set()
        for entry in reversed(campaign.entries if campaign is not None else ()):
            if entry.undone:
                continue
            if not entry.meta:
                return entry.seq, entry.seq in voiced
            refers = entry.data.get("refers_to")
            if entry.type == "narration" and isinstance(refers, int):
                voiced.add(refers)
        return None, False

    def _armor_settled(self) -> bool:
        """Whether the newest Combat Roll's armor question is settled: declined here, or
        already voiced (the app voices a hit only once armor is decided), so a redo, a
        reload or another tab does not ask again after the loss was told."""
        seq, voiced = self._newest_move()
        return voiced or (seq is not None and seq == getattr(self, "_armor_declined", None))

    def decline_armor(self) -> None:
        """The fighters the newest Combat Roll hit take its Ruin: no more armor question."""
        self._armor_declined = self._newest_move()[0]
        self.changed()

    def mark_armor(self, name: str, piece: str | None = None) -> Rolled:
        """Mark ``name``'s armor (``piece``: which; default their first unmarked) for the
        Combat Roll just made: that roll's Ruin is ignored."""
        seq = self.record(events.combat_armor_marked(name, piece))
        dark = tuple(self.state.last_result.get("dark", ())) if self.state.last_result else ()
        self.latest = Rolled("combat", (), dark, (), dict(self.state.last_result or {}), seq)
        return self.latest

    def retreat(self, name: str, to: str | None, handed: Sequence[int] | None = None) -> None:
        """Retreat from the fight, handing the Weak Point die to a companion."""
        combat = self.state.combat
        if combat is None:
            raise RuleError("retreat: no fight is under way.")
        if to is not None:
            own = combat.weak_points(name)
            theirs = combat.weak_points(to)
            if handed is None:
                # SRD 1.2: a handed die equal to one they hold is re-rolled until it differs.
                dice = self.dice()
                out = []
                for face in own:
                    while face in theirs or face in out:
                        face = dice.roll(6)
                    out.append(face)
                handed = out
        self.record(events.combat_retreated(name, to, handed or ()))
        self.changed()

    def abandon_combat(self) -> None:
        self.record(events.combat_abandoned())
        self.changed()
