"""The play session the app is a view of: one open campaign, its narrator, its dice.

Every change of game state is an event recorded through :class:`oracle.campaign.Campaign` (the
rules core folds it; a rule violation raises one sentence and writes nothing). The session only
chooses faces (the campaign's seeded dice, or faces typed from physical dice), builds events, and
asks the narrator to voice what the rules settled, off the widget thread.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any

from oracle.app.moves import Rolled, TrophyMoves
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
from oracle.dice import DiceSource
from oracle.errors import RequestError, RuleError
from oracle.narrator.asking import YES_FROM, answer_for
from oracle.trophy.campaign import TrophyState
from oracle.trophy.character import Character

log = logging.getLogger("oracle.app")

Listener = Callable[[], None]

QUICK_INTENT = "Climb the ruined bell tower to see over the trees"

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



class Session(TrophyMoves):
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
        # read-modify-write of the deck is one step: two beats at once never lose an update
        self._deck_lock = threading.RLock()
        self.first_roll: str | None = None
        self._watching: threading.Event | None = None
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
        with self._deck_lock:
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
        self.first_roll = QUICK_INTENT  # the view offers it, so the first roll is one click
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

    def watch(self, interval: float = 2.0) -> None:
        """Keep catching up with other tabs in the background (the page updates by itself)."""
        if self._watching is not None:
            return
        stop = threading.Event()

        def loop() -> None:
            while not stop.wait(interval):
                try:
                    self.refresh()
                except Exception:  # a closed or switched campaign: try again next tick
                    log.debug("watch: refresh failed", exc_info=True)

        threading.Thread(target=loop, daemon=True, name="oracle-watch").start()
        self._watching = stop

    def stop_watching(self) -> None:
        if self._watching is not None:
            self._watching.set()
            self._watching = None

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
            seq, _state = campaign.append(event)
        except CampaignChanged:
            # Another tab wrote meanwhile. If it only added narration, notes or settings, the
            # rules state this move was decided on still stands: record it on top. A rules
            # event from elsewhere means the player must look again (the sentence says so).
            newer = [e for e in campaign.entries if e.seq > seen]
            if not newer or not all(e.meta for e in newer):
                raise
            seq, _state = campaign.append(event)
        return seq  # not last_seq: the narrator's thread may have written since

    def dice(self, faces: Sequence[int] | None = None) -> DiceSource:
        """The campaign's seeded dice for the next entry, or the typed faces of physical dice."""
        if faces is not None:
            from oracle.dice import FixedDice

            return FixedDice(faces)
        return self.require().dice()

    # -- characters --------------------------------------------------------------------------

    def add_character(self, sheet: Mapping[str, Any]) -> None:
        """Create a character (or an NPC) from a sheet mapping; the first one becomes active."""
        self.record({"type": "character_created", "character": dict(sheet)})
        if self.active is None and not sheet.get("npc"):
            self.active = str(sheet.get("name", "")).strip()
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

    def add_note(self, text: str) -> None:
        """A player's note in the journal (data, never rules)."""
        if not text.strip():
            raise RequestError("note: write something first.")
        self.record({"type": "note", "text": text.strip()})
        self.changed()

    def new_scene(self, title: str) -> None:
        """Start a new scene (the Lonelog export groups the log by scene)."""
        if not title.strip():
            raise RequestError("scene: give the new scene a title.")
        self.record({"type": "scene", "title": title.strip()})
        self.changed()

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
        campaign = self.campaign  # the narration belongs to this campaign, even if one switches

        def job() -> Voiced:
            # Built here, off the widget thread: the click that rolled returns at once.
            with self._deck_lock:
                context = self._context(result, intent=intent, question=question, n=n, who=who)
                said = narrator.narrate(beat, context, on_text=on_text)
                self._keep_deck(said)
            text = str(getattr(said, "text", "")).strip()
            seq = None
            if record and text and campaign is not None and campaign is self.campaign:
                event: dict[str, Any] = {
                    "type": "narration", "text": text,
                    "narrator": getattr(said, "narrator", None),
                    "fallback_reason": getattr(said, "fallback_reason", None),
                    "beat": beat, "refers_to": refers_to,
                }
                deck = getattr(said, "deck", None)
                if deck is not None and hasattr(deck, "to_dict"):
                    event["deck"] = deck.to_dict()
                seq, _state = campaign.append(event)
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
        with self._deck_lock:
            context = self._context(result or {}, intent=intent, n=n)
            said = self.narrator.narrate(beat, context)
            self._keep_deck(said)
        return items_or_lines(said)

    def _keep_deck(self, said: Any) -> None:
        deck = getattr(said, "deck", None)
        if deck is not None:
            self._deck = deck
