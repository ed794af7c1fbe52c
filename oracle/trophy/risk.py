"""The Risk Roll, Devil's Bargains, the Help Roll and pushing (SRD 1.2; Forest's Rule, 001).

A Risk Roll reads faces: the roller's own light dice (at most two: one for a Skill or equipment,
one for an accepted Devil's Bargain), any dark dice, and helpers' light dice. The highest die
decides the outcome; ties between light and dark go to dark. Reading never rolls: pushing takes
the new faces from the caller, so the same faces always give the same result.
"""

from __future__ import annotations

import enum
from collections.abc import Sequence
from dataclasses import dataclass

from oracle.dice import check_face
from oracle.errors import RuleError, shown
from oracle.trophy.monsters import Foe, Intent, check_ritual_dark, risk_against
from oracle.trophy.ruin import RuinChange, check_can_roll, check_ruin, mark_ruin

MAX_OWN_LIGHT = 2


class Outcome(enum.Enum):
    """What the highest die says (SRD 1.2, Risk Roll)."""

    FAILURE = "failure"  # 1-3
    COMPLICATION = "complication"  # 4-5
    SUCCESS = "success"  # 6


def read_outcome(highest: int) -> Outcome:
    """SRD 1.2, Risk Roll: 1-3 fail, 4-5 succeed with a complication, 6 succeed."""
    face = check_face("highest", highest)
    if face <= 3:
        return Outcome.FAILURE
    if face <= 5:
        return Outcome.COMPLICATION
    return Outcome.SUCCESS


@dataclass(frozen=True)
class DevilsBargain:
    """A bargain offered for a bonus light die. If accepted it happens whatever the outcome."""

    text: str
    accepted: bool = True
    offered_by: str = ""


@dataclass(frozen=True)
class Helper:
    """One helper's light die. ``already_marked``: they marked Ruin earlier in this same roll."""

    name: str
    ruin: int
    die: int
    already_marked: bool = False


@dataclass(frozen=True)
class HelperResult(RuinChange):
    """A helper after one reading of the roll."""

    name: str
    die: int
    ruin_before: int
    ruin_after: int
    already_marked: bool  # marked at some point of this roll (before or in this reading)


@dataclass(frozen=True)
class RiskRoll:
    """A Risk Roll's dice and circumstances.

    ``bargains`` lists the Devil's Bargains offered (at most one accepted); ``None`` means the
    caller did not say, and then up to two own light dice are taken on trust.
    """

    ruin: int
    light: tuple[int, ...] = ()
    dark: tuple[int, ...] = ()
    helpers: tuple[Helper, ...] = ()
    bargains: tuple[DevilsBargain, ...] | None = None
    ritual: bool = False
    foe: Foe | None = None
    intent: Intent | None = None
    confirmed: bool = False


@dataclass(frozen=True)
class RiskResult(RuinChange):
    """One reading of a Risk Roll; ``previous`` is the reading before a push (or None)."""

    roll: RiskRoll
    highest: int
    highest_is_dark: bool
    outcome: Outcome
    ruin_before: int
    ruin_after: int
    helpers: tuple[HelperResult, ...]
    dies: bool = False
    previous: RiskResult | None = None

    @property
    def can_push(self) -> bool:
        """SRD 1.2: pushing is allowed while the highest die is light (and the roller can roll)."""
        return not self.highest_is_dark and not self.lost and not self.dies

    @property
    def ruin_roll(self) -> bool:
        """SRD 1.2, Ruin Roll: a dark die at least as high as every light die IS a Ruin Roll."""
        return self.highest_is_dark

    @property
    def bargain(self) -> DevilsBargain | None:
        """The accepted Devil's Bargain: it happens whatever the outcome."""
        return accepted_bargain(self.roll.bargains)

    @property
    def pushes(self) -> int:
        return 0 if self.previous is None else self.previous.pushes + 1

    @property
    def first(self) -> RiskResult:
        """The first reading of this roll (before any push)."""
        return self if self.previous is None else self.previous.first

    @property
    def readings(self) -> tuple[RiskResult, ...]:
        """Every reading, first to last."""
        earlier = () if self.previous is None else self.previous.readings
        return (*earlier, self)


def accepted_bargain(bargains: Sequence[DevilsBargain] | None) -> DevilsBargain | None:
    """The one accepted bargain, or None; two accepted bargains are refused."""
    taken = [bargain for bargain in bargains or () if bargain.accepted]
    if len(taken) > 1:
        # SRD 1.2, Risk Roll: you can only accept one Devil's Bargain.
        raise RuleError(
            f"bargain: only one Devil's Bargain may be accepted on a Risk Roll; got {len(taken)}."
        )
    return taken[0] if taken else None


def check_light_dice(count: int, bargains: Sequence[DevilsBargain] | None) -> None:
    """SRD 1.2, Risk Roll: one own light die for a Skill or equipment, a second only with the
    one accepted Devil's Bargain (which always brings it). ``bargains`` None: none were listed,
    so up to two own light dice are trusted (the contract)."""
    if bargains is None:
        if count > MAX_OWN_LIGHT:
            raise RuleError(
                "light: at most 2 light dice (one for a Skill or equipment, one for a Devil's "
                f"Bargain); got {count}."
            )
        return
    bargain = accepted_bargain(bargains)
    if bargain and count > MAX_OWN_LIGHT:
        raise RuleError(
            "light: at most 2 light dice (one for a Skill or equipment, one for the accepted "
            f"Devil's Bargain); got {count}."
        )
    if not bargain and count > MAX_OWN_LIGHT - 1:
        raise RuleError(
            "light: at most 1 light die (for a Skill or equipment) when no Devil's Bargain is "
            f"accepted; got {count}."
        )
    if bargain and count == 0:
        raise RuleError("light: an accepted Devil's Bargain brings one light die; got none.")


def check_help_possible(dark: Sequence[int]) -> None:
    """SRD 1.2, Help Roll: help is only offered on a roll with at least one dark die."""
    if not dark:
        raise RuleError(
            "helpers: help is only possible on a Risk Roll with at least one dark die; "
            "this roll has none."
        )


def _check_helpers(helpers: Sequence[Helper], dark: Sequence[int]) -> None:
    if helpers:
        check_help_possible(dark)
    seen: set[str] = set()
    for index, helper in enumerate(helpers):
        field = f"helpers[{index}]"
        if not helper.name:
            raise RuleError(f"{field}.name: every helper needs a name.")
        if helper.name in seen:
            raise RuleError(f"{field}.name: {shown(helper.name)} already helps; one light die each.")
        seen.add(helper.name)
        check_face(f"{field}.die", helper.die)
        if helper.already_marked:
            # A helper who marked their last Ruin earlier in this roll keeps their die in it.
            check_ruin(f"{field}.ruin", helper.ruin)
        else:
            check_can_roll(f"{field}.ruin", helper.ruin)


def check_risk(roll: RiskRoll) -> bool:
    """Refuse a Risk Roll the rules forbid; return whether it kills the roller (monsters)."""
    check_can_roll("ruin", roll.ruin)
    for index, face in enumerate(roll.light):
        check_face(f"light[{index}]", face)
    for index, face in enumerate(roll.dark):
        check_face(f"dark[{index}]", face)
    check_light_dice(len(roll.light), roll.bargains)
    if not roll.light and not roll.dark:
        raise RuleError("light, dark: a Risk Roll needs at least one die; got none.")
    check_ritual_dark(len(roll.dark), roll.ritual, roll.intent)
    _check_helpers(roll.helpers, roll.dark)
    return risk_against(roll.foe, roll.intent, roll.confirmed)


def read_risk(roll: RiskRoll, previous: RiskResult | None = None) -> RiskResult:
    """Read a Risk Roll's faces: outcome, Ruin for the roller and for each helper."""
    dies = check_risk(roll)
    lights = [*roll.light, *(helper.die for helper in roll.helpers)]
    high_light = max(lights, default=0)
    high_dark = max(roll.dark, default=0)
    # Forest's Rule (001): when dark and light tie, the dark die is the highest.
    highest_is_dark = bool(roll.dark) and high_dark >= high_light
    highest = max(high_light, high_dark)
    ruin_after = roll.ruin
    if highest_is_dark and high_dark > roll.ruin:
        # SRD 1.2, Risk Roll: highest die dark and higher than current Ruin -> mark 1 Ruin.
        ruin_after = mark_ruin(roll.ruin, 1)
    helpers = tuple(_read_helper(helper, roll.dark) for helper in roll.helpers)
    return RiskResult(
        roll=roll,
        highest=highest,
        highest_is_dark=highest_is_dark,
        outcome=read_outcome(highest),
        ruin_before=roll.ruin,
        ruin_after=ruin_after,
        helpers=helpers,
        dies=dies,
        previous=previous,
    )


def _read_helper(helper: Helper, dark: Sequence[int]) -> HelperResult:
    # SRD 1.2, Help Roll: a helper die matching any dark die marks 1 Ruin, at most 1 per roll.
    marks = helper.die in dark and not helper.already_marked
    after = mark_ruin(helper.ruin, 1) if marks else helper.ruin
    return HelperResult(
        name=helper.name,
        die=helper.die,
        ruin_before=helper.ruin,
        ruin_after=after,
        already_marked=helper.already_marked or marks,
    )


def check_can_push(result: RiskResult) -> None:
    """Refuse a push of a settled roll (the highest die dark, the roller lost or dead)."""
    if not result.can_push:
        reason = (
            "the roller is lost" if result.lost
            else "the roll killed the roller" if result.dies
            else f"the highest die ({result.highest}) is dark"
        )
        raise RuleError(f"push: a push needs the highest die to be light; here {reason}.")


def push(result: RiskResult, light: Sequence[int], dark: Sequence[int]) -> RiskResult:
    """Push: add one dark die and re-roll all the roller's dice; helpers keep theirs.

    ``light`` and ``dark`` are the new faces: as many light dice as before and one more dark die.
    """
    check_can_push(result)
    roll = result.roll
    if len(light) != len(roll.light):
        raise RuleError(
            f"push.light: a push re-rolls the same {len(roll.light)} light dice; got {len(light)}."
        )
    if len(dark) != len(roll.dark) + 1:
        raise RuleError(
            f"push.dark: a push adds one dark die, so {len(roll.dark) + 1} dark dice are "
            f"re-rolled; got {len(dark)}."
        )
    helpers = tuple(
        Helper(name=h.name, ruin=h.ruin_after, die=h.die, already_marked=h.already_marked)
        for h in result.helpers
    )
    pushed = RiskRoll(
        ruin=result.ruin_after,
        light=tuple(light),
        dark=tuple(dark),
        helpers=helpers,
        bargains=roll.bargains,
        ritual=roll.ritual,
        foe=roll.foe,
        intent=roll.intent,
        confirmed=roll.confirmed,
    )
    return read_risk(pushed, previous=result)


def add_helper(result: RiskResult, helper: Helper) -> RiskResult:
    """Help offered after the roll: re-read the same faces with one more helper die.

    Help after the roll is only possible while the roll is still open (it could be pushed).
    """
    if not result.can_push:
        raise RuleError(
            "helpers: help after the roll is only possible while the roll is still open "
            "(highest die light); this roll is settled."
        )
    roll = result.roll
    extended = RiskRoll(
        ruin=roll.ruin,
        light=roll.light,
        dark=roll.dark,
        helpers=(*roll.helpers, helper),
        bargains=roll.bargains,
        ritual=roll.ritual,
        foe=roll.foe,
        intent=roll.intent,
        confirmed=roll.confirmed,
    )
    # Keep the earlier helpers' state from this reading (they do not mark twice).
    return read_risk(extended, previous=result.previous)
