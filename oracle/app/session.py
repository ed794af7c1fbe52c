"""The play session the app is a view of: one open campaign, its narrator, its dice.

Every change of game state is an event recorded through :class:`oracle.campaign.Campaign` (the
rules core folds it; a rule violation raises one sentence and writes nothing). The session only
chooses faces (the campaign's seeded dice, or faces typed from physical dice), builds events, and
asks the narrator to voice what the rules settled, off the widget thread.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from oracle.app.narration import (
    NarrationQueue,
    OnText,
    Voiced,
    items_or_lines,
    make_narrator,
    narrator_status,
    recent_text,
)
from oracle.campaign import Campaign, CampaignInfo, Entry, delete_campaign, list_campaigns
from oracle.dice import DiceSource, roll_many
from oracle.errors import RequestError, RuleError
from oracle.narrator.asking import YES_FROM, answer_for
from oracle.trophy.campaign import TrophyState
from oracle.trophy.character import Character

log = logging.getLogger("oracle.app")

Listener = Callable[[], None]

QUICK_HUNTER: dict[str, Any] = {
    "name": "Wren Ashdown",
    "occupation": "Cartographer",
    "background": "Debt-ridden heir",
    "skills": ["Mapping", "Climbing", "Old tongues"],
    "drive": "Chart the ruin at the forest's heart and sell the map to pay off the family's debts.",
    "rituals": ["Lantern of the drowned saint"],
    "equipment": ["Lantern", "Rope and hooks", "Hatchet", "Surveyor's compass"],
    "armor": ["Boiled-leather jerkin"],
    "starting_ruin": 1,
}



@dataclass(frozen=True)
class Rolled:
    """The faces of the newest roll as the page draws them."""

    kind: str
    light: tuple[int, ...] = ()
    dark: tuple[int, ...] = ()
    helpers: tuple[tuple[str, int], ...] = ()
    result: Mapping[str, Any] = field(default_factory=dict)
    seq: int = 0


class Session:
    """One player's session over the campaign store (each browser tab has its own).

    Roll methods return the :class:`Rolled` faces without notifying listeners, so a view draws
    the dice first and refreshes the rest afterwards (the dice never wait for anything else);
    every other change notifies listeners itself.
    """

    def __init__(self, home: Path | str | None = None, narrator: Any = None) -> None:
        self.home = home
        self.campaign: Campaign | None = None
        self.active: str | None = None
        self.latest: Rolled | None = None
        self._api_key: str | None = None
        self.narrator = narrator if narrator is not None else make_narrator()
        self.narration = NarrationQueue()
        self._listeners: list[Listener] = []
        self._voiced: dict[int, tuple[str, Mapping[str, Any], str]] = {}
        self._deck: Any = None
        self.physical = False
        self.latest_contest: list[dict[str, Any]] = []

    # -- listeners ---------------------------------------------------------------------------

    def on_change(self, listener: Listener) -> None:
        """Call ``listener`` after every change (the view refreshes itself)."""
        self._listeners.append(listener)

    def changed(self) -> None:
        for listener in list(self._listeners):
            try:
                listener()
            except Exception:  # one broken view must not stop the others
                log.exception("refresh failed")

    # -- campaigns ---------------------------------------------------------------------------

    def campaigns(self) -> list[CampaignInfo]:
        return list_campaigns(self.home)

    def _use(self, campaign: Campaign) -> None:
        if self.campaign is not None and self.campaign is not campaign:
            self.campaign.close()
        self.campaign = campaign
        self.latest = self._restored_roll()
        self._voiced = {}
        self._deck = self._restored_deck(campaign)
        names = [c.name for c in self.characters() if not c.out_of_play]
        remembered = campaign.settings.preferences.get("active")
        self.active = remembered if remembered in names else (names[0] if names else None)
        self.changed()

    @staticmethod
    def _restored_deck(campaign: Campaign) -> Any:
        """The offline narrator's no-repeat deck as the newest narration left it.

        It travels inside narration events (an extra field), so a reload never replays the
        same words; a campaign without narration starts a deck from its own seed.
        """
        from oracle.narrator.deck import Deck

        for entry in reversed(campaign.entries):
            deck = entry.data.get("deck") if entry.type == "narration" else None
            if isinstance(deck, Mapping):
                try:
                    return Deck.from_dict(deck)
                except (TypeError, ValueError):
                    break
        return Deck.seeded(campaign.seed)

    def _restored_roll(self) -> Rolled | None:
        """The newest Risk Roll as the journal left it (a reload shows it, push and all)."""
        result = self.state.last_result
        if not result or result.get("roll") != "risk" or self.campaign is None:
            return None
        helpers = tuple((str(h["name"]), int(h["die"])) for h in result.get("helpers", [])
                        if isinstance(h, Mapping) and h.get("die"))
        return Rolled("risk", tuple(result.get("light", ())), tuple(result.get("dark", ())),
                      helpers, dict(result), self.campaign.last_seq)

    def open_last(self) -> bool:
        """Reopen the campaign opened last (a reload lands where play stood)."""
        campaign = Campaign.open_last(self.home)
        if campaign is None:
            return False
        self._use(campaign)
        return True

    def catch_up(self) -> None:
        """Land where play stands now: the campaign opened last, with every tab's events.

        A preheated page was built before anyone asked for it; this brings it up to date.
        """
        from oracle.campaign import last_opened

        target = last_opened(self.home)
        current = self.campaign
        if target is None:
            if current is not None:
                self.close()
            return
        if current is None or target not in (current.id, str(current.path)):
            self.open(target)
            return
        current.refresh()
        self.changed()

    def open(self, campaign_id: str) -> None:
        self._use(Campaign.open(campaign_id, self.home))

    def new_campaign(self, name: str, system: str = "trophy") -> None:
        self._use(Campaign.create(name, system, home=self.home))

    def quick_start(self) -> None:
        """A new campaign with one ready treasure-hunter: the first roll is one click away."""
        campaign = Campaign.create("The Hunt", "trophy", home=self.home)
        campaign.record({"type": "character_created", "character": dict(QUICK_HUNTER)})
        campaign.record({"type": "scene", "title": "The forest's edge"})
        self._use(campaign)

    def rename(self, name: str) -> None:
        self.require().rename(name)
        self.changed()

    def delete(self, campaign_id: str) -> None:
        if self.campaign is not None and self.campaign.id == campaign_id:
            self.campaign.delete()
            self.campaign = None
            self.active = None
            self.latest = None
        else:
            delete_campaign(campaign_id, self.home)
        self.changed()

    def close(self) -> None:
        if self.campaign is not None:
            self.campaign.close()
            self.campaign = None
        self.changed()

    def require(self) -> Campaign:
        if self.campaign is None:
            raise RequestError("campaign: open a campaign first (Quick start makes one).")
        return self.campaign

    def refresh(self) -> int:
        """Catch up with events other tabs wrote."""
        if self.campaign is None:
            return 0
        arrived = self.campaign.refresh()
        if arrived:
            self.changed()
        return arrived

    # -- state -------------------------------------------------------------------------------

    @property
    def state(self) -> TrophyState:
        if self.campaign is None or self.campaign.system.name != "trophy":
            return TrophyState()  # the Trophy views see an empty table for other systems
        state: TrophyState = self.campaign.state
        return state

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

    def set_active(self, name: str | None) -> None:
        if name is not None:
            self.state.character(name)
        self.active = name
        if name is not None and self.campaign is not None:
            self.campaign.record({"type": "preference", "key": "active", "value": name})
        self.changed()

    def record(self, event: Mapping[str, Any]) -> int:
        """Record one event (rules first; nothing written if refused); returns its entry number."""
        from oracle.campaign import CampaignChanged

        campaign = self.require()
        campaign.refresh()
        seen = campaign.last_seq
        try:
            campaign.record(event)
        except CampaignChanged:
            # Another tab wrote meanwhile. If it only added narration, notes or settings, the
            # rules state this move was decided on still stands: record it on top. A rules
            # event from elsewhere means the player must look again (the sentence says so).
            newer = [e for e in campaign.entries if e.seq > seen]
            if not newer or not all(e.meta for e in newer):
                raise
            campaign.record(event)
        return campaign.last_seq

    def dice(self, faces: Sequence[int] | None = None) -> DiceSource:
        """The campaign's seeded dice for the next entry, or the typed faces of physical dice."""
        if faces is not None:
            from oracle.dice import FixedDice

            return FixedDice(faces)
        return self.require().dice()

    @staticmethod
    def _faces(dice: DiceSource, count: int, given: Sequence[int] | None, field_name: str
               ) -> tuple[int, ...]:
        if given is not None:
            if len(given) != count:
                noun = "face" if count == 1 else "faces"
                raise RuleError(
                    f"{field_name}: this roll needs {count} {noun}; got {len(given)}."
                )
            for face in given:
                if not 1 <= face <= 6:
                    raise RuleError(f"{field_name}: a d6 shows 1 to 6, not {face}.")
            return tuple(given)
        return roll_many(dice, count)

    # -- characters --------------------------------------------------------------------------

    def add_character(self, sheet: Mapping[str, Any]) -> None:
        """Create a character (or an NPC) from a sheet mapping; the first one becomes active."""
        self.record({"type": "character_created", "character": dict(sheet)})
        if self.active is None and not sheet.get("npc"):
            self.active = str(sheet.get("name", "")).strip()
        self.changed()

    # -- the Risk Roll -----------------------------------------------------------------------

    def risk_request(self, skill: bool, bargain: bool, dark: bool, helpers: Sequence[str] = (),
                     ritual: bool = False) -> dict[str, Any]:
        """The ``oracle odds``-shaped request for the pool the toggles describe."""
        roller = self.character()
        light = int(skill) + int(bargain)
        dark_count = 1 if (dark or ritual) else 0
        return {
            "roll": "risk",
            "ruin": roller.ruin,
            "light": light,
            "dark": dark_count,
            "helpers": [{"name": n, "ruin": self.state.character(n).ruin} for n in helpers],
        }

    def risk_odds(self, request: Mapping[str, Any]) -> dict[str, Any]:
        from oracle.trophy.odds import odds_for_request

        return odds_for_request(request)

    def risk(self, *, action: str, wrong: str = "", skill: bool = False,
             bargain: str | None = None, dark: bool = False, ritual: bool = False,
             helpers: Sequence[str] = (), foe: str | None = None, intent: str | None = None,
             confirmed: bool = False, light_faces: Sequence[int] | None = None,
             dark_faces: Sequence[int] | None = None,
             helper_faces: Sequence[int] | None = None) -> Rolled:
        """Roll a Risk Roll for the active character and record it."""
        roller = self.character()
        if not action.strip():
            raise RequestError("intent: say what you hope will happen before you roll.")
        if bargain is not None and not bargain.strip():
            raise RequestError("bargain: an accepted Devil's Bargain needs its text (the price).")
        dice = self.dice()
        n_light = int(skill) + int(bargain is not None)
        n_dark = 1 if (dark or ritual) else 0
        light = self._faces(dice, n_light, light_faces, "light faces")
        dark_f = self._faces(dice, n_dark, dark_faces, "dark faces")
        helper_dice = self._faces(dice, len(helpers), helper_faces, "helper faces")
        event: dict[str, Any] = {
            "type": "risk_rolled", "name": roller.name, "action": action.strip(),
            "light": list(light), "dark": list(dark_f),
            "helpers": [{"name": n, "die": f} for n, f in zip(helpers, helper_dice, strict=True)],
            "ritual": ritual, "confirmed": confirmed,
        }
        if wrong.strip():
            event["could_go_wrong"] = wrong.strip()
        if bargain is not None:
            event["bargain"] = {"text": bargain.strip(), "accepted": True}
        if foe:
            event["foe"] = foe
        if intent:
            event["intent"] = intent
        seq = self.record(event)
        return self._rolled_risk(seq)

    def _rolled_risk(self, seq: int) -> Rolled:
        state = self.state
        result = dict(state.last_result or {})
        open_risk = state.risk
        if open_risk is not None:
            roll = open_risk.result.roll
            light, dark = roll.light, roll.dark
            helpers = tuple((h.name, h.die) for h in roll.helpers)
        else:
            data = self.require().entry(seq).data
            light, dark, helpers = self._risk_faces(seq, data)
        self.latest = Rolled("risk", light, dark, helpers, result, seq)
        return self.latest

    def _risk_faces(self, seq: int, data: Mapping[str, Any]
                    ) -> tuple[tuple[int, ...], tuple[int, ...], tuple[tuple[str, int], ...]]:
        """Faces of the newest reading of a (possibly pushed) risk roll ending at ``seq``."""
        light = tuple(data.get("light", ()))
        dark = tuple(data.get("dark", ()))
        if data.get("type") == "risk_pushed":
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
             dark_faces: Sequence[int] | None = None) -> Rolled:
        """Push the open roll: one more dark die, re-roll the roller's dice (helpers keep theirs)."""
        risk = self.state.risk
        if risk is None:
            raise RuleError("push: there is no open Risk Roll to push.")
        if not risk.result.can_push:
            raise RuleError("push: a push needs the highest die to be light.")
        dice = self.dice()
        roll = risk.result.roll
        light = self._faces(dice, len(roll.light), light_faces, "light faces")
        dark = self._faces(dice, len(roll.dark) + 1, dark_faces, "dark faces")
        seq = self.record({"type": "risk_pushed", "light": list(light), "dark": list(dark)})
        return self._rolled_risk(seq)

    def help_after(self, helper: str, face: int | None = None) -> Rolled:
        """SRD 1.2, Help Roll: help offered after the roll, while it is still open."""
        risk = self.state.risk
        if risk is None:
            raise RuleError("helper: there is no open Risk Roll to help.")
        if not risk.result.roll.dark:
            raise RuleError("helper: help is only possible on a Risk Roll with a dark die.")
        die = self._faces(self.dice(), 1, None if face is None else [face], "helper face")[0]
        seq = self.record({"type": "help_added", "helper": helper, "die": die})
        return self._rolled_risk(seq)

    def accept_roll(self) -> None:
        """Settle the open roll as it stands (no more pushes)."""
        if self.state.risk is not None:
            self.record({"type": "risk_finished"})
            self.changed()

    # -- other rolls -------------------------------------------------------------------------

    def hunt(self, *, exploring: str, skill: bool = False,
             faces: Sequence[int] | None = None) -> Rolled:
        """SRD 1.2, Hunt Roll: one light die for exploring, one more for a Skill or equipment."""
        roller = self.character()
        light = self._faces(self.dice(), 1 + int(skill), faces, "hunt faces")
        event: dict[str, Any] = {"type": "hunt_rolled", "name": roller.name, "light": list(light)}
        if exploring.strip():
            event["action"] = exploring.strip()
        seq = self.record(event)
        self.latest = Rolled("hunt", light, (), (), dict(self.state.last_result or {}), seq)
        self.changed()
        return self.latest

    def spend_tokens(self, use: str, contributions: Mapping[str, int], to: str | None = None,
                     goal: str = "") -> None:
        event: dict[str, Any] = {"type": "tokens_spent", "use": use,
                                 "from": {k: v for k, v in contributions.items() if v}}
        if to:
            event["to"] = to
        if goal.strip():
            event["goal"] = goal.strip()
        self.record(event)

    def claim_tokens(self, fallen: str, shares: Mapping[str, int]) -> None:
        self.record({"type": "tokens_claimed", "from": fallen,
                     "shares": {k: v for k, v in shares.items() if v}})
        self.changed()

    def contest(self, participants: Sequence[Mapping[str, Any]],
                faces: Mapping[str, tuple[Sequence[int] | None, Sequence[int] | None]] | None = None
                ) -> Rolled:
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
            rolled.append({"name": name, "light": list(light), "dark": list(dark)})
            all_light += light
            all_dark += dark
        seq = self.record({"type": "contest_rolled", "participants": rolled})
        self.latest = Rolled("contest", tuple(all_light), tuple(all_dark), (),
                             dict(self.state.last_result or {}), seq)
        self.latest_contest = rolled
        return self.latest

    def start_combat(self, endurance: int, fighters: Sequence[str],
                     weak_points: Sequence[int] | None = None, monster: str = "") -> None:
        """Combat Roll, first step: each fighter rolls a Weak Point; Endurance after adjustments."""
        points = self._faces(self.dice(), len(fighters), weak_points, "weak points")
        event: dict[str, Any] = {
            "type": "combat_started", "endurance": endurance,
            "fighters": [{"name": n, "weak_point": p}
                         for n, p in zip(fighters, points, strict=True)],
        }
        if monster.strip():
            event["monster"] = monster.strip()
        seq = self.record(event)
        if self.state.combat is None and self.state.last_result:
            self.latest = Rolled("combat", (), (), (), dict(self.state.last_result), seq)
        self.changed()

    def combat_roll(self, armor: Sequence[str] = (), faces: Sequence[int] | None = None) -> Rolled:
        """Roll (or continue with one more) dark dice against the monster's Endurance."""
        combat = self.state.combat
        if combat is None:
            raise RuleError("combat: start a fight first (Endurance and fighters).")
        continuing = combat.rolls > 0
        count = combat.dark_count + (1 if continuing else 0)
        dark = self._faces(self.dice(), count, faces, "dark faces")
        kind = "combat_continued" if continuing else "combat_rolled"
        seq = self.record({"type": kind, "dark": list(dark), "armor": list(armor)})
        self.latest = Rolled("combat", (), dark, (), dict(self.state.last_result or {}), seq)
        return self.latest

    def retreat(self, name: str, to: str | None, handed: Sequence[int] | None = None) -> None:
        """Retreat from the fight, handing the Weak Point die to a companion."""
        combat = self.state.combat
        if combat is None:
            raise RuleError("retreat: no fight is under way.")
        event: dict[str, Any] = {"type": "combat_retreated", "name": name, "to": to}
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
            event["handed"] = list(handed)
        self.record(event)
        self.changed()

    def abandon_combat(self) -> None:
        self.record({"type": "combat_abandoned"})
        self.changed()

    def ruin_roll(self, face: int | None = None, reason: str = "") -> Rolled:
        """SRD 1.2, Ruin Roll: one dark die against current Ruin."""
        roller = self.character()
        dark = self._faces(self.dice(), 1, None if face is None else [face], "dark face")
        event: dict[str, Any] = {"type": "ruin_rolled", "name": roller.name, "dark": dark[0]}
        if reason.strip():
            event["action"] = reason.strip()
        seq = self.record(event)
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
        event: dict[str, Any] = {"type": "reduction_rolled", "name": roller.name, "light": face,
                                 "remove_anyway": remove_anyway}
        if betrayal.strip():
            event["action"] = betrayal.strip()
        seq = self.record(event)
        self.latest = Rolled("reduction", (face,), (), (), dict(self.state.last_result or {}),
                             seq)
        return self.latest

    def add_condition(self, condition: str, name: str | None = None) -> None:
        who = self.character(name)
        self.record({"type": "condition_added", "name": who.name, "condition": condition.strip()})
        self.changed()

    def choose_fate(self, fate: str, co_gm: bool = False, name: str | None = None) -> None:
        who = self.character(name)
        self.record({"type": "fate_chosen", "name": who.name, "fate": fate, "co_gm": co_gm})
        in_play = self.names()
        if self.active == who.name and in_play:
            self.active = in_play[0]
        self.changed()

    def return_to_town(self) -> None:
        self.record({"type": "town_returned"})
        self.changed()

    # -- the oracle, safety, X-card ----------------------------------------------------------

    def ask(self, question: str, likelihood: str = "even", face: int | None = None
            ) -> dict[str, Any]:
        """A yes/no question: one d6 against the likelihood; recorded as an ``oracle`` entry."""
        if not question.strip():
            raise RequestError("question: ask something first.")
        if likelihood not in YES_FROM:
            raise RequestError(f"likelihood: one of {', '.join(YES_FROM)}; got {likelihood!r}.")
        rolled = self._faces(self.dice(), 1, None if face is None else [face], "oracle face")[0]
        answer = answer_for(rolled, likelihood)
        seq = self.record({"type": "oracle", "question": question.strip(), "answer": answer,
                           "likelihood": likelihood, "faces": [rolled]})
        result = {"roll": "oracle", "likelihood": likelihood, "face": rolled, "answer": answer,
                  "seq": seq}
        self.changed()
        return result

    def set_safety(self, lines: Sequence[str], veils: Sequence[str]) -> None:
        self.record({"type": "safety", "lines": list(lines), "veils": list(veils)})
        self.changed()

    @property
    def safety(self) -> dict[str, list[str]]:
        if self.campaign is None:
            return {"lines": [], "veils": []}
        settings = self.campaign.settings
        return {"lines": list(settings.lines), "veils": list(settings.veils)}

    def last_narration(self) -> Entry | None:
        if self.campaign is None:
            return None
        for entry in reversed(self.campaign.entries):
            if entry.type == "narration" and not entry.struck and not entry.undone:
                return entry
        return None

    def x_card(self, on_text: OnText | None = None,
               on_done: Callable[[Voiced], None] | None = None) -> int:
        """Strike the last narration from the journal and ask for another; returns its number."""
        entry = self.last_narration()
        if entry is None:
            raise RuleError("x-card: there is no narration to strike.")
        self.record({"type": "x_card", "refers_to": entry.seq, "reason": None})
        self.changed()
        beat, result, intent = self._voiced.get(
            entry.seq, (str(entry.data.get("beat") or "roll"), {}, ""))
        refers = entry.data.get("refers_to")
        self.voice(beat, result, intent=intent, refers_to=refers if isinstance(refers, int)
                   else None, on_text=on_text, on_done=on_done)
        return entry.seq

    def undo_last(self) -> int:
        """Undo the newest entry that is not already undone (a mistyped entry)."""
        campaign = self.require()
        for entry in reversed(campaign.entries):
            if entry.type != "undo" and not entry.undone and entry.type != "preference":
                campaign.undo(entry.seq)
                self.latest = None
                self.changed()
                return entry.seq
        raise RuleError("undo: there is nothing to undo.")

    # -- narrator ----------------------------------------------------------------------------

    @property
    def status(self) -> str:
        return narrator_status(self.narrator)

    def set_api_key(self, key: str) -> None:
        """Use Claude with ``key`` for this session only (kept in memory, never written)."""
        key = key.strip()
        if not key:
            raise RequestError("key: paste an Anthropic API key (it stays in this session only).")
        self._api_key = key
        self.narrator = make_narrator(api_key=key)
        self.changed()

    def forget_api_key(self) -> None:
        self._api_key = None
        self.narrator = make_narrator()
        self.changed()

    def _context(self, result: Mapping[str, Any], intent: str = "", question: str = "",
                 n: int = 3, who: Sequence[str] = ()) -> Any:
        from oracle.narrator.base import NarrationContext

        names = list(who) or ([self.active] if self.active else [])
        people = [self.state.character(n) for n in names if self.state.has(n)]
        journal = ""
        if self.campaign is not None:
            lines = [self.campaign.summary(e) for e in self.campaign.entries[-12:]
                     if not e.undone and not e.struck]
            journal = recent_text(lines)
        return NarrationContext.build(
            result=result, system=self.campaign.system.name if self.campaign else "trophy",
            characters=people, intent=intent, question=question,
            journal=journal, safety=self.safety, n=n, deck=self._deck,
        )

    def voice(self, beat: str, result: Mapping[str, Any], *, intent: str = "",
              question: str = "", refers_to: int | None = None, record: bool = True,
              on_text: OnText | None = None, on_done: Callable[[Voiced], None] | None = None,
              n: int = 3, who: Sequence[str] = ()) -> None:
        """Voice ``beat`` in the background; the narration is recorded when it is complete."""
        narrator = self.narrator

        def job() -> Voiced:
            # Built here, off the widget thread: the click that rolled returns at once.
            context = self._context(result, intent=intent, question=question, n=n, who=who)
            said = narrator.narrate(beat, context, on_text=on_text)
            self._keep_deck(said)
            text = str(getattr(said, "text", "")).strip()
            seq = None
            if record and text and self.campaign is not None:
                event: dict[str, Any] = {
                    "type": "narration", "text": text,
                    "narrator": getattr(said, "narrator", None),
                    "fallback_reason": getattr(said, "fallback_reason", None),
                    "beat": beat, "refers_to": refers_to,
                }
                deck = getattr(said, "deck", None)
                if deck is not None and hasattr(deck, "to_dict"):
                    event["deck"] = deck.to_dict()
                self.campaign.record(event)
                seq = self.campaign.last_seq
                self._voiced[seq] = (beat, dict(result), intent)
            return Voiced(text=text, narrator=str(getattr(said, "narrator", "")), beat=beat,
                          items=items_or_lines(said), seq=seq,
                          fallback_reason=getattr(said, "fallback_reason", None))

        self.narration.submit(job, on_done)

    def offers(self, beat: str, result: Mapping[str, Any] | None = None, intent: str = "",
               n: int = 3) -> tuple[str, ...]:
        """A listing beat's offers (what could go wrong, bargains, Conditions), not recorded.

        Called on a background thread by the views; returns the items.
        """
        context = self._context(result or {}, intent=intent, n=n)
        said = self.narrator.narrate(beat, context)
        self._keep_deck(said)
        return items_or_lines(said)

    def _keep_deck(self, said: Any) -> None:
        deck = getattr(said, "deck", None)
        if deck is not None:
            self._deck = deck


def journal_rows(campaign: Campaign) -> list[tuple[Entry, Mapping[str, Any] | None]]:
    """Every entry with the result the rules settled for it (None for meta and undone entries).

    The journal stores faces, not outcomes; replaying the fold gives each entry's result.
    """
    system = campaign.system
    state = system.initial_state()
    rows: list[tuple[Entry, Mapping[str, Any] | None]] = []
    for entry in campaign.entries:
        if entry.meta or entry.undone:
            rows.append((entry, None))
            continue
        try:
            state = system.apply(state, entry.data)
        except Exception:  # noqa: BLE001 - the campaign already folded it; never break the journal view
            rows.append((entry, None))
            continue
        result = getattr(state, "last_result", None)
        rows.append((entry, dict(result) if isinstance(result, Mapping) else None))
        if result is not None:
            state = _without_result(state)
    return rows


def _without_result(state: Any) -> Any:
    from dataclasses import replace

    try:
        return replace(state, last_result=None)
    except TypeError:
        return state
