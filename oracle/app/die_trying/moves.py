"""The Die Trying moves: build a character, roll a check, cast, save a dying life, keep the days.

Each move builds one event of ``oracle.die_trying``'s journal vocabulary (rolls carry their faces)
and records it through the one path of :class:`~oracle.app.moves.Moves`, into the app's
session, a bare campaign, or a scratch party. The rules core resolves, folds or refuses (one
sentence, nothing recorded); every roll is voiced. The view only reads widgets into arguments
and draws what comes back.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from oracle.app.moves import Moves, Table, table_of
from oracle.dice import FixedDice
from oracle.die_trying.character import Character
from oracle.die_trying.creation import Ability, Skill
from oracle.die_trying.equipment import Purchase, check_budget, parse_purchase
from oracle.die_trying.fold import CampaignState
from oracle.die_trying.magic import check_magic_dice
from oracle.die_trying.system import SYSTEM
from oracle.errors import RequestError, RuleError, shown

if TYPE_CHECKING:
    from oracle.journal.campaign import Campaign


def purchases(cart: Sequence[Mapping[str, object]]) -> tuple[Purchase, ...]:
    """The cart's entries read as purchases (each checked)."""
    return tuple(parse_purchase(f"equipment[{i}]", e) for i, e in enumerate(cart))


def pairs(text: str, field: str) -> dict[str, int | str]:
    """``"stealth: expert, weapons: trained"`` to a mapping (levels as ints when numeric)."""
    result: dict[str, int | str] = {}
    for part in (p.strip() for p in text.split(",")):
        if not part:
            continue
        name, sep, value = part.partition(":")
        if not sep or not name.strip() or not value.strip():
            raise RequestError(f"{field}: write each one as \"name: level\"; got {shown(part)}.")
        level = value.strip()
        result[name.strip()] = int(level) if level.lstrip("-").isdigit() else level
    return result


class DieTryingMoves(Moves[CampaignState]):
    """Every Die Trying move over one table (session, campaign, or scratch)."""

    system = "die_trying"

    def __init__(self, source: Table | Campaign | None = None) -> None:
        super().__init__(table_of(source, SYSTEM))

    def _kept(self, event: Mapping[str, object]) -> CampaignState:
        self.keep(event)
        return self.state

    def keep(self, event: Mapping[str, object]) -> int:
        """Record ``event`` and tell the page (the one recording path); its entry number."""
        seq = self.record(event)
        self.changed()
        return seq

    def character(self, name: str) -> Character:
        return self.state.character(name)

    def able(self) -> list[str]:
        """Who can act: alive and above 0 HP (at 0 or below a character drops, unable to act,
        and only makes death saves)."""
        return [c.name for c in self.state.characters if not c.dead and c.hp > 0]

    def acting(self, name: str, field: str = "who") -> Character:
        """``name``, refused in one sentence when they cannot act (dead, or down at 0 HP)."""
        hero = self.character(name)
        if hero.dead:
            raise RuleError(f"{field}: {hero.name} is dead and rolls no more.")
        if hero.hp <= 0:
            raise RuleError(f"{field}: {hero.name} is down (HP {hero.hp}) and unable to act"
                            f"{'; only death saves, until they are stable' if hero.dying else ''}.")
        return hero

    def in_play(self) -> list[str]:
        """The living characters, in the order they were made (the first becomes active; the
        others are the party the narrator is told is present)."""
        return [c.name for c in self.state.characters if not c.dead]

    def people(self, names: Sequence[str]) -> list[object]:
        """What the narrator may tell of the named characters that exist: name and species."""
        known = {c.name: c for c in self.state.characters}
        return [{"name": n, "species": known[n].species} for n in names if n in known]

    # -- the builder -------------------------------------------------------------------------

    def roll_scores(self, name: str | None) -> dict[str, Any]:
        """Roll the six ability scores and journal the roll; returns the result."""
        result = SYSTEM.resolve({"roll": "ability_scores"}, self.typed_dice())
        self.keep({"type": "roll", "name": name or None, "request": {
            "roll": "ability_scores", "d6": result["d6"], "d2": result["d2_faces"]}})
        return result

    @staticmethod
    def buy(cart: Sequence[Mapping[str, object]], entry: Mapping[str, object]) -> None:
        """Refuse a purchase the 45 SP cannot pay for (nothing is bought then)."""
        check_budget((*purchases(cart), parse_purchase("equipment", entry)))

    @staticmethod
    def preview(sheet: Mapping[str, object]) -> dict[str, Any]:
        """The rules' reading of a sheet not yet created (HP, AC, levels left)."""
        return SYSTEM.resolve({"roll": "character", **sheet}, FixedDice([]))

    def create(self, sheet: Mapping[str, Any], rolled: Sequence[int] | None = None) -> None:
        """Create a character; the rolled scores must each be assigned once."""
        if rolled is not None:
            chosen = sorted(sheet["abilities"].values())
            if chosen != sorted(rolled):
                scores = ", ".join(f"{s:+d}" for s in sorted(rolled))
                raise RuleError(f"abilities: assign the six scores you rolled ({scores}), "
                                "each once.")
        self.keep({"type": "create_character", **sheet})

    # -- checks ------------------------------------------------------------------------------

    def check_request(self, who: str | None, ability: str, skill: str | None, bonus: int,
                      dc: int, kind: str) -> dict[str, int | str]:
        """The ``check`` request: the character's score (and skill) plus a bonus."""
        modifier = bonus
        if who:
            hero = self.character(who)
            modifier += hero.score(Ability(ability))
            if skill:
                modifier += hero.modifier(Ability(ability), Skill(skill)) - hero.score(
                    Ability(ability))
        # the skill (else the ability) is named in the story: "Hesk's Athletics check succeeds"
        return {"roll": "check", "modifier": modifier, "dc": dc, "kind": kind,
                "skill": skill or ability}

    @staticmethod
    def odds(request: Mapping[str, object]) -> dict[str, Any]:
        return SYSTEM.odds(request)

    def check(self, request: Mapping[str, object], who: str | None, typed: str = ""
              ) -> dict[str, Any]:
        """Roll (or read) the d10 of a check, journal it, voice it (never by the dead)."""
        if who:
            self.acting(who)
        result = self.resolve(request, typed)
        seq = self.keep({"type": "roll", "name": who,
                         "request": {**request, "d10": result["d10"]}})
        self.speak({**result, "name": who}, refers_to=seq, who=[who] if who else [])
        return result

    # -- magic -------------------------------------------------------------------------------

    def caster(self, name: str | None) -> Character:
        if not name:
            raise RuleError("caster: create a character before casting.")
        return self.acting(name, "caster")

    def cast_request(self, name: str | None, magic: int, level: int, improvised: bool,
                     skill: str, ability: str) -> dict[str, int | str]:
        """The ``spell``/``improvised_spell`` request for the caster's pool (counts)."""
        caster = self.caster(name)
        request: dict[str, int | str] = {
            "roll": "improvised_spell" if improvised else "spell",
            "magic": magic, "instability": caster.instability, "spell_level": level,
            "magic_dice_available": caster.usable_magic_dice,
        }
        if improvised:
            request["modifier"] = caster.modifier(Ability(ability), Skill(skill))
        return request

    def cast_odds(self, request: Mapping[str, Any]) -> dict[str, Any]:
        """The chance of a miscast (and of death), refusing more dice than the caster has."""
        check_magic_dice(request["magic"], request.get("spell_level", 0),
                         request["magic_dice_available"])
        return SYSTEM.odds(request)

    def cast(self, request: Mapping[str, object], name: str, typed: str = "") -> dict[str, Any]:
        """Cast: roll (or read) the dice, journal the casting, voice it."""
        result = self.resolve(request, typed)
        event: dict[str, object] = {"type": "cast", "name": name,
                                 "magic": result["magic"], "instability": result["instability"],
                                 "spell_level": request["spell_level"]}
        if result["miscast_d10"] is not None:
            event["miscast_d10"] = result["miscast_d10"]
        if result["improvised"]:
            event["improvised"] = {"d10": result["improvised_check"]["d10"],
                                   "modifier": request["modifier"]}
        seq = self.keep(event)
        self.speak({**result, "name": name}, refers_to=seq, who=[name])
        return result

    # -- dying, healing and the days ---------------------------------------------------------

    def save(self, patient: str | None, healer: str | None, stabilize: bool, typed: str = ""
             ) -> dict[str, Any]:
        """A death save, or a stabilization by a healer with a Medicine Kit."""
        if not patient:
            raise RuleError("who: create a character first.")
        hero = self.character(patient)
        request: dict[str, int | str] = {"roll": "stabilize" if stabilize else "death_save",
                                         "hp": hero.hp}
        if stabilize:
            if not healer or healer == hero.name:
                raise RuleError("healer: someone else, holding a Medicine Kit, stabilizes.")
            helping = self.acting(healer, "healer")
            if helping.medicine_uses < 1:
                raise RuleError(f"healer: {helping.name} has no Medicine Kit use left.")
            request["modifier"] = helping.modifier(Ability.WISDOM, Skill.MEDICINE)
        if not hero.dying:
            raise RuleError(f"who: {hero.name} is not dying (HP {hero.hp}"
                            f"{', stable' if hero.stable else ''}{', dead' if hero.dead else ''}).")
        result = self.resolve(request, typed)
        event: dict[str, object] = {"type": request["roll"], "name": hero.name,
                                    "d10": result["d10"]}
        if stabilize:
            event["modifier"] = request["modifier"]
            event["healer"] = healer
        if result["unconscious_d6"]:
            event["unconscious_d6"] = result["unconscious_d6"]
        seq = self.keep(event)
        self.speak({**result, "name": hero.name}, beat="death_save", refers_to=seq,
                   who=[hero.name])
        return result

    def damage(self, name: str, amount: int) -> CampaignState:
        return self._kept({"type": "damage", "name": name, "amount": amount})

    def heal(self, name: str, amount: int) -> CampaignState:
        return self._kept({"type": "heal", "name": name, "amount": amount})

    def wake(self, name: str) -> CampaignState:
        return self._kept({"type": "wake", "name": name})

    def new_day(self) -> CampaignState:
        return self._kept({"type": "new_day"})

    def award(self, name: str, points: int) -> CampaignState:
        return self._kept({"type": "award_points", "name": name, "points": points})

    def mark(self, name: str, target: str) -> CampaignState:
        return self._kept({"type": "mark", "name": name, "target": target})
