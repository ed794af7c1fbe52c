"""The Triptycho moves: the roster, a scenario's rounds and phases, Initiative, points, Injuries,
tracks, and the opposed roll with its damage.

Each move builds one event of ``oracle.triptycho``'s scenario vocabulary (rolls carry their
faces) and records it through the one path of :class:`~oracle.app.moves.Moves`, into the session,
a bare campaign, or a scratch scenario; the rules core folds it or refuses it with one sentence
and nothing written. Rolls are voiced. The view only reads widgets.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from oracle.app.moves import Moves, Table, table_of
from oracle.errors import RequestError, RuleError, shown
from oracle.triptycho.combat import OPPOSED_NAMES, ScenarioKind
from oracle.triptycho.entries import parse_entry, roll_entry
from oracle.triptycho.fold import ScenarioState
from oracle.triptycho.system import SYSTEM
from oracle.triptycho.vitals import PointKind

if TYPE_CHECKING:
    from oracle.journal.campaign import Campaign


def parse_tracks(text: str) -> dict[str, dict[str, int]]:
    """``"Ash: power +1, skill 0; Ogre: power 0"`` to ``{"Ash": {"power": 1, ...}, ...}``."""
    tracks: dict[str, dict[str, int]] = {}
    for part in (p.strip() for p in text.split(";")):
        if not part:
            continue
        name, sep, rest = part.partition(":")
        if not sep or not name.strip():
            raise RequestError(f"tracks: write each person as \"Name: track base, ...\"; "
                               f"got {shown(part)}.")
        own: dict[str, int] = {}
        for item in (i.strip() for i in rest.split(",")):
            words = item.split()
            if len(words) != 2 or not words[1].lstrip("+-").isdigit():
                raise RequestError(f"tracks: write each track as \"power +1\"; got {shown(item)}.")
            own[words[0]] = int(words[1])
        tracks[name.strip()] = own
    return tracks


class TriptychoMoves(Moves[ScenarioState]):
    """Every Triptycho move over one table (session, campaign, or scratch)."""

    system = "triptycho"

    def __init__(self, source: Table | Campaign | None = None) -> None:
        super().__init__(table_of(source, SYSTEM))

    def keep(self, event: Mapping[str, object]) -> int:
        """Record ``event`` and tell the page (the one recording path); its entry number."""
        seq = self.record(event)
        self.changed()
        return seq

    def in_play(self) -> list[str]:
        """The player characters on the roster not dead (the first becomes active; the others
        are the party the narrator is told is present; foes are not a party)."""
        return [c.name for c in self.state.roster if c.player and not c.vitals.dead]

    def people(self, names: Sequence[str]) -> list[object]:
        """The named entities on the roster, player characters and foes, for the narrator."""
        known = {c.name for c in self.state.roster}
        return [{"name": n} for n in names if n in known]

    # -- roster, scenario and round ----------------------------------------------------------

    def join(self, name: str, player: bool, hp: int, ep: int, wp: int, deck: int) -> None:
        self.keep({"type": "join", "name": name.strip(), "player": player, "hp": hp,
                     "ep": ep, "wp": wp, "deck": deck})

    def start(self, kind: str, tracks: str) -> None:
        self.keep({"type": "scenario_start", "kind": kind, "tracks": parse_tracks(tracks)})

    def end(self, outcome: str) -> None:
        self.keep({"type": "scenario_end", "outcome": outcome})

    def phase(self, step: str) -> None:
        """``draw_phase``, ``next_turn`` or ``discard_phase``."""
        self.keep({"type": step})

    # -- Initiative, points, Injuries, tracks ------------------------------------------------

    def initiative(self, name: str | None, dice: str, typed: str = "") -> None:
        if name is None:
            raise RuleError("who: add someone to the roster and start a scenario first.")
        entry = parse_entry("dice", dice.strip())
        source = self.typed_dice(typed)
        faces = roll_entry(entry, source)
        self.all_used(source)
        self.keep({"type": "initiative", "name": name, "dice": str(entry),
                     "faces": list(faces)})

    def lower(self, name: str | None, value: int) -> None:
        self.keep({"type": "lower_initiative", "name": name, "value": value})

    def damage(self, name: str | None, amount: int) -> None:
        self.keep({"type": "damage", "target": name, "amount": amount})

    def recover(self, name: str | None, amount: int) -> None:
        self.keep({"type": "recover", "target": name, "amount": amount})

    def injury(self, name: str) -> None:
        """An Injury (a lower maximum, or death), voiced by the narrator."""
        before = self.state.member(name).vitals
        seq = self.keep({"type": "injury", "name": name})
        after = self.state.member(name).vitals
        self.speak({"roll": "injury", "name": name, "injuries_before": before.injuries,
                    "injuries_after": after.injuries, "dead": after.dead,
                    "maximum": {k.value: after.maximum(k) for k in PointKind}},
                   refers_to=seq, who=[name])

    def heal(self, name: str | None) -> None:
        self.keep({"type": "heal_injury", "name": name})

    def move_track(self, name: str | None, track: str, by: int) -> None:
        self.keep({"type": "move_track", "name": name, "track": track.strip(), "by": by})

    # -- the opposed roll --------------------------------------------------------------------

    def attack_request(self, entries: Mapping[str, str], damage_type: str = "",
                       piercing: int = 0) -> dict[str, int | str]:
        """The ``attack`` request: ``entries`` keyed act/react/damage/defense (empty: none)."""
        kind = self.state.kind or ScenarioKind.COMBAT
        act, react = OPPOSED_NAMES[kind]
        request: dict[str, int | str] = {"roll": "attack", "scenario": kind.value}
        for key, name in (("act", act), ("react", react), ("damage", "damage"),
                          ("defense", "defense")):
            if entries.get(key, "").strip():
                request[name] = entries[key].strip()
        if damage_type.strip():
            request["damage_type"] = damage_type.strip()
        if piercing:
            request["piercing"] = piercing
        return request

    def target_points(self, target: str | None) -> int | None:
        """The target's current points in this scenario (None outside one)."""
        state = self.state
        kind = state.points
        if kind is None or target is None:
            return None
        return state.member(target).vitals.current(kind)

    @staticmethod
    def odds(request: Mapping[str, object]) -> dict[str, Any]:
        return SYSTEM.odds(request)

    def attack(self, request: Mapping[str, object], attacker: str | None, target: str | None,
               typed: str = "") -> dict[str, Any]:
        """Roll (or read) the opposed roll and its damage, journal it, voice it."""
        state = self.state
        if state.kind is None:
            raise RuleError("type: start a scenario before rolling an attack.")
        if attacker is None or target is None:
            raise RuleError("attacker: choose who attacks and who is the target.")
        request = {**request, "points": self.target_points(target)}
        result = self.resolve(request, typed)
        event: dict[str, object] = {"type": "attack", "attacker": attacker, "target": target,
                                    "damage_type": request.get("damage_type"),
                                    "piercing": request.get("piercing", 0)}
        act, react = OPPOSED_NAMES[state.kind]
        given = ((act, "action_faces"), (react, "reaction_faces"), ("damage", "damage_faces"),
                 ("defense", "defense_faces"))
        for key, faces in given:
            if key in request:
                entry: dict[str, object] = {"dice": request[key]}
                if result.get(faces):
                    entry["faces"] = result[faces]
                event[key] = entry
        seq = self.keep(event)
        self.speak({**result, "attacker": attacker, "target": target}, refers_to=seq,
                   who=[attacker, target])
        return result
