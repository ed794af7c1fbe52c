"""The play session the app is a view of: one open campaign, its narrator, its dice.

Every change of game state is an event recorded through :class:`oracle.journal.campaign.Campaign` (the
rules core folds it; a rule violation raises one sentence and writes nothing). The session holds
the open system's moves (:mod:`oracle.app.systems` finds them by name), which choose faces and
build events; it records them, keeps the journal's meta entries (oracle, notes, scenes, safety,
X-card, undo), and asks the narrator to voice what the rules settled, off the widget thread.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from oracle import events
from oracle.app.moves import SystemMoves
from oracle.app.narration import (
    NarrationQueue,
    OnText,
    Speaker,
    Voiced,
    items_or_lines,
    make_narrator,
    narrator_status,
    restored_deck,
)
from oracle.app.solo import Solo
from oracle.app.systems import DEFAULT, offering
from oracle.app.undo import redo_move, undo_move, undone_before_voiced
from oracle.app.voicing import narration_context, recorded_voicing
from oracle.background import Handle, every
from oracle.dice import DiceSource
from oracle.errors import RequestError, RuleError
from oracle.journal.campaign import Campaign
from oracle.journal.library import CampaignInfo, delete_campaign, list_campaigns
from oracle.journal.replay import Entry
from oracle.journal.story import StoryMemory

if TYPE_CHECKING:
    from oracle.app.told import Told
    from oracle.narrator.base import NarrationContext, NarrationResult, Narrator
    from oracle.narrator.deck import Deck

log = logging.getLogger("oracle.app")

Listener = Callable[[], None]


class Session:
    """One player's session over the campaign store (each browser tab has its own).

    The open system's moves are held, not inherited: :attr:`moves` (one object per system,
    from :func:`oracle.app.systems.offering`). Their roll methods return the faces without
    notifying listeners, so a view draws the dice first and refreshes the rest afterwards.
    """

    def __init__(self, home: Path | str | None = None, narrator: Narrator | None = None) -> None:
        self.home = home
        self.campaign: Campaign | None = None
        self.active: str | None = None
        from oracle.app.seat import Seat
        self.seat = Seat()  # which device at a table (oracle.app.seat): its own pick, GM view
        self._api_key: str | None = None
        self.narrator = narrator if narrator is not None else make_narrator()
        self.narration = NarrationQueue()
        self._listeners: list[Listener] = []
        # narration entry -> (beat, result, intent, whom it was about), for the X-card
        self._voiced: dict[int, tuple[str, Mapping[str, object], str, tuple[str, ...]]] = {}
        self._deck: Deck | None = None
        # Read-modify-write of the deck is one step: two beats at once never lose an update
        # (_speaking, held while a narrator speaks). Swapping the deck (a campaign switch) takes
        # only _deck_lock, which nobody holds across a narrator's call: a switch never waits for
        # a slow model's reply.
        self._speaking = threading.RLock()
        self._deck_lock = threading.RLock()
        self.first_roll: str | None = None
        self._watching: Handle | None = None
        self.physical = False
        self.speaker: Speaker | None = None  # the shell's voice, once it is mounted
        self.told: Told | None = None  # the result cards' narration lines (the shell's)
        self._moves: dict[str, SystemMoves] = {}
        self.solo = Solo(self)  # the solo oracle, scenes, threads and characters

    # -- the open system's moves -------------------------------------------------------------

    @property
    def system(self) -> str:
        """The open campaign's system (the default one while none is open)."""
        return self.campaign.system.name if self.campaign is not None else DEFAULT

    @property
    def moves(self) -> SystemMoves:
        """The moves of the open campaign's system."""
        return self.moves_for(self.system)

    def moves_for(self, system: str) -> SystemMoves:
        """This session's moves for ``system`` (made once, kept across campaigns)."""
        moves = self._moves.get(system)
        if moves is None:
            moves = offering(system).moves(self)
            self._moves[system] = moves
        return moves

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
        self._voiced = {}
        with self._deck_lock:
            self._deck = restored_deck(campaign)
        self.moves.opened()
        self.active = self.seat.pick(campaign.settings.preferences, self.moves.in_play())
        self.changed()

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
        from oracle.journal.library import last_opened

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

    def new_campaign(self, name: str, system: str = DEFAULT) -> None:
        self._use(Campaign.create(name, system, home=self.home))

    def quick_start(self) -> None:
        """A new campaign of the default system, ready to play: the first roll is one click away."""
        campaign = Campaign.create("The Hunt", DEFAULT, home=self.home)
        # the view offers the intent, so the first roll is one click
        self.first_roll = offering(DEFAULT).quick_start(campaign)
        self._use(campaign)

    def rename(self, name: str) -> None:
        self.require().rename(name)
        self.changed()

    def delete(self, campaign_id: str) -> None:
        if self.campaign is not None and self.campaign.id == campaign_id:
            self.moves.undone()  # the deleted campaign's system forgets its newest roll
            self.campaign.delete()
            self.campaign = None
            self.active = None
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

        def tick() -> None:
            try:
                self.refresh()
            except Exception:  # a closed or switched campaign: try again next tick
                log.debug("watch: refresh failed", exc_info=True)

        self._watching = every(interval, tick, "oracle-watch")

    def stop_watching(self) -> None:
        if self._watching is not None:
            self._watching.cancel()
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
    def state(self) -> Any:
        """The open campaign's folded state (None while no campaign is open)."""
        return self.campaign.state if self.campaign is not None else None

    @property
    def playing(self) -> str | None:
        """The open campaign's system (None while none is open)."""
        return self.campaign.system.name if self.campaign is not None else None

    def speak(self, beat: str, result: Mapping[str, object], *, intent: str = "",
              refers_to: int | None = None, who: Sequence[str] = ()) -> None:
        """Voice a settled result through the shell's :attr:`speaker` when one is mounted."""
        if self.speaker is not None:
            self.speaker(beat, result, intent=intent, refers_to=refers_to, who=tuple(who))
        else:
            self.voice(beat, result, intent=intent, refers_to=refers_to, who=who)

    def record(self, event: Mapping[str, object],
               ready: Callable[[int, Any], None] | None = None) -> int:
        """Record one event (rules first; nothing written if refused); returns its entry number.
        ``ready(seq, state)`` draws the move while it is written (see :meth:`Campaign.append`)."""
        # What other tabs and seats wrote since is taken in under the write lock, and the move
        # is checked by the rules against the table as it stands now (a refusal says why).
        seq, _state = self.require().append(event, ready, catch_up=True)
        return seq  # not last_seq: the narrator's thread may have written since

    def dice(self, faces: Sequence[int] | None = None) -> DiceSource:
        """The campaign's seeded dice for the next entry, or the typed faces of physical dice."""
        if faces is not None:
            from oracle.dice import FixedDice

            return FixedDice(faces)
        return self.require().dice()

    # -- the oracle, safety, X-card ----------------------------------------------------------

    def ask(self, question: str, likelihood: str = "even", dread: int | None = None,
            faces: Sequence[int] | None = None) -> dict[str, Any]:
        """A yes/no question to the solo oracle (:meth:`oracle.app.solo.Solo.ask`), journalled."""
        return self.solo.ask(question, likelihood, dread, faces).to_dict()

    def add_note(self, text: str) -> None:
        """A player's note in the journal (data, never rules)."""
        if not text.strip():
            raise RequestError("note: write something first.")
        self.record(events.note(text.strip()))
        self.changed()

    def new_scene(self, title: str, expected: str = "") -> None:
        """Start a new scene; with an expectation it is rolled against the dread (Solo.scene)."""
        self.solo.scene(title, expected)

    def set_story(self, **story: object) -> int:
        """Record a ``story`` event (place, foe, present, paid; see oracle.journal.story)."""
        seq = self.record(events.story(**story))
        self.changed()
        return seq

    def set_safety(self, lines: Sequence[str], veils: Sequence[str]) -> None:
        self.record(events.safety(lines, veils))
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
            if entry.type == events.NARRATION and not entry.struck and not entry.undone:
                return entry
        return None

    def x_card(self, on_text: OnText | None = None,
               on_done: Callable[[Voiced], None] | None = None) -> int:
        """Strike the last narration from the journal and ask for another; returns its number."""
        entry = self.last_narration()
        if entry is None:
            raise RuleError("x-card: there is no narration to strike.")
        self.record(events.x_card(entry.seq))
        self.changed()
        refers = entry.data.get("refers_to") if isinstance(entry.data.get("refers_to"), int) else None
        beat, result, intent, who = self._voiced.get(entry.seq) or self._recorded(entry, refers)

        def done(voiced: Voiced) -> None:
            if on_done is not None:
                on_done(voiced)
            self.changed()  # the lost screen and the others read the new words

        # the new words are about whom the struck ones were about, whoever is played now
        self.voice(beat, result, intent=intent, refers_to=refers, on_text=on_text,
                   on_done=done, who=who)
        return entry.seq

    def _recorded(self, entry: Entry, refers: int | None
                  ) -> tuple[str, Mapping[str, object], str, tuple[str, ...]]:
        """What narration ``entry`` voiced (:func:`oracle.app.voicing.recorded_voicing`)."""
        return recorded_voicing(self, entry, refers)

    def undo_last(self) -> int:
        """Undo the newest player's move (a roll with its narration); returns the roll's entry."""
        seq = undo_move(self.require())
        self.moves.undone()
        self.changed()
        return seq

    def redo_last(self) -> int:
        """Restore the move undone last (nothing new recorded since); returns its entry."""
        seq = redo_move(self.require())
        self.moves.opened()  # the newest roll is back: show it as the journal has it
        self.changed()
        return seq

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

    @property
    def story(self) -> StoryMemory:
        """The open campaign's story memory (:mod:`oracle.journal.story`; empty with none open)."""
        return self.campaign.story if self.campaign is not None else StoryMemory()

    @property
    def deck(self) -> Deck | None:
        """The narrator's deck as it stands (kept across beats, restored from the journal)."""
        return self._deck

    def _context(self, result: Mapping[str, object], intent: str = "", question: str = "",
                 n: int = 3, who: Sequence[str] = (), beat: str = "") -> NarrationContext:
        """The narration context (:func:`oracle.app.voicing.narration_context`)."""
        return narration_context(self, result, intent=intent, question=question, n=n, who=who,
                                 beat=beat)

    def voice(self, beat: str, result: Mapping[str, object], *, intent: str = "",
              question: str = "", refers_to: int | None = None, record: bool = True,
              on_text: OnText | None = None, on_done: Callable[[Voiced], None] | None = None,
              n: int = 3, who: Sequence[str] = ()) -> None:
        """Voice ``beat`` in the background; the narration is recorded when it is complete.

        Whom it is about is settled now, on the caller's thread (``who``, else the active
        character): by the time the narrator's thread runs, the page may have moved on to the
        next character (one who is lost leaves play).
        """
        narrator = self.narrator
        campaign = self.campaign  # the narration belongs to this campaign, even if one switches
        who = tuple(who) or ((self.active,) if self.active else ())

        def job() -> Voiced:
            # Built here, off the widget thread: the click that rolled returns at once.
            with self._speaking:
                with self._deck_lock:
                    context = self._context(result, intent=intent, question=question, n=n,
                                            who=who, beat=beat)
                said = narrator.narrate(beat, context, on_text=on_text)
                self._keep_deck(said, campaign)
            text = said.text.strip()
            seq = None
            if (record and text and campaign is not None and campaign is self.campaign
                    and not undone_before_voiced(campaign, refers_to)):
                event = events.narration(
                    text, narrator=said.narrator, beat=beat,
                    fallback_reason=said.fallback_reason, refers_to=refers_to,
                    deck=None if said.deck is None else said.deck.to_dict(),
                    question=question if beat == "answer" else "",  # an exploration question
                    about=who)
                seq, _state = campaign.append(event)
                self._voiced[seq] = (beat, dict(result), intent, who)
            return Voiced(text=text, narrator=said.narrator, beat=beat,
                          items=items_or_lines(said), seq=seq,
                          fallback_reason=said.fallback_reason)

        self.narration.submit(job, on_done)

    def offers(self, beat: str, result: Mapping[str, object] | None = None, intent: str = "",
               n: int = 3) -> tuple[str, ...]:
        """A listing beat's offers (what could go wrong, bargains, Conditions), not recorded.

        Called on a background thread by the views; returns the items.
        """
        campaign = self.campaign
        with self._speaking:
            with self._deck_lock:
                context = self._context(result or {}, intent=intent, n=n, beat=beat)
            said = self.narrator.narrate(beat, context)
            self._keep_deck(said, campaign)
        return items_or_lines(said)

    def _keep_deck(self, said: NarrationResult, campaign: Campaign | None) -> None:
        """Keep the deck the narrator dealt from, unless the page has since opened another
        campaign (whose own deck a switch restored meanwhile)."""
        with self._deck_lock:
            if said.deck is not None and campaign is self.campaign:
                self._deck = said.deck
