"""The referee reads words by their WordNet class, not by the phrases it has met: a word of
feeling in any form (``words/feelings.txt``), a verb in any form and its class
(``words/verbs.txt``), both written by ``scripts/wordnet_lexicons.py``; and the clause around
them: a feeling set off beside a character or linked to one, a relative "who" that is the
name before it, a contraction or a typographic apostrophe read like the plain words.
"""

from __future__ import annotations

from typing import Any

import pytest

from oracle.narrator.base import NarrationContext
from oracle.narrator.referee import check
from oracle.narrator.wordclass import feeling, lemmas, verb_class
from tests.test_referee_fates import DEFEATED, LOST, ctx
from tests.test_referee_lexicon import FAILURE, STANDS, SUCCESS


@pytest.mark.parametrize(("word", "kind"), [
    ("ashamed", "a"), ("panicking", "a"), ("sickened", "a"), ("dreads", "v"), ("frets", "v"),
    ("remorse", "n"), ("forlornness", "n"),
    ("cold", None), ("still", None), ("like", None), ("feel", None), ("ragged", None),
    ("door", None), ("heat", None),
])
def test_a_word_of_feeling_is_known_by_its_first_sense_in_any_form(word: str,
                                                                   kind: str | None) -> None:
    assert feeling(word) == kind


@pytest.mark.parametrize(("word", "lemma", "cls"), [
    ("binds", "bind", "contact"), ("bound", "bind", "contact"), ("vouches", "vouch", None),
    ("murmurs", "murmur", "communication"), ("sobbed", "sob", None), ("tries", "try", None),
])
def test_a_verb_is_known_in_any_form(word: str, lemma: str, cls: str | None) -> None:
    assert lemma in lemmas(word)
    if cls is not None:
        assert verb_class(word) == cls


def test_a_word_that_is_no_verb_has_no_class() -> None:
    assert lemmas("Dunstan") == () and verb_class("the") is None


PARTY = {"party": ["Marl", "Cressida"]}


@pytest.mark.parametrize("text", [
    "The lantern finds Marl's boot. Marl, panicking, bolts for the stairs.",
    "The widow shuts the door. Ash stands on the step a long while, ashamed of herself.",
    "Ash, sickened by the smell, turns away from the font.",
    "Despondent and cold, Ash waits by the font.",
    "The font is empty. Ash grows uneasy as the water rises.",
    "The rows of herons stand silent, and Ash dreads what they are watching.",
])
def test_a_feeling_of_any_word_borne_by_a_character_is_theirs_to_tell(text: str) -> None:
    reason = check("outcome", ctx(SUCCESS, intent="cross the nave", monster="", **PARTY), text)
    assert reason is not None and "feel" in reason, text


@pytest.mark.parametrize("text", [
    "The pipes stand over her like a choir that has forgotten its song.",
    "Ash's breath comes back, ragged but steady. She is not out of danger.",
    "Both of them feel the dark pull back at them, and the lantern reaches the bottom.",
    "The frightened rooks lift off the roof as Ash crosses the nave.",
    "The room is cheerless and cold, and Ash crosses it.",
])
def test_a_feeling_word_not_borne_by_a_character_passes(text: str) -> None:
    assert check("outcome", ctx(SUCCESS, intent="cross the nave", monster=""), text) is None


@pytest.mark.parametrize("text", [
    "The pew falls and Ash is lying under it. She doesn't move, and she won't again.",
    "The pew falls and Ash is lying under it. She doesn\u2019t move, and she won\u2019t again.",
    ("It falls, but not before its weight comes down on Ash, who goes under it and does not "
     "get up."),
])
def test_an_end_in_contractions_or_a_relative_clause_is_read(text: str) -> None:
    reason = check("outcome", ctx(SUCCESS, intent="cross the nave"), text)
    assert reason is not None and "kill" in reason, text


def test_typographic_quotes_are_read_as_plain() -> None:
    plain = "Ash works at the lock, and it doesn't give."
    curly = plain.replace("'", "\u2019")
    assert check("outcome", ctx(FAILURE, intent="pick the lock"), curly) is None
    said = check("outcome", ctx(SUCCESS, intent="pick the lock"), plain)
    assert said is not None
    assert check("outcome", ctx(SUCCESS, intent="pick the lock"), curly) == said


@pytest.mark.parametrize("text", [
    "The lintel gives up its cipher. Brother Anselm, peering over Ash's shoulder, reads it out.",
    "Ash's thrust goes wide, and Dunstan's lantern swings after the Moss-Wife.",
    "The cut goes deep, and for a while nobody speaks; then Wenna binds it with her scarf.",
    "The gaoler squints, but Fenwick, standing at the door, vouches for her.",
])
def test_a_name_the_story_lacks_doing_anything_is_company_in_solo(text: str) -> None:
    reason = check("outcome", ctx(SUCCESS, intent="read the lintel"), text)
    assert reason is not None and "solo" in reason, text


@pytest.mark.parametrize("text", [
    "Two crows watch from the broken lintel while Ash reads.",
    "Dead leaves skitter along the road, and Ash reads on.",
    "Ash reads the lintel while Night falls on the Chapel of Nails.",
    "Ash Brand reads the lintel by the last of the light.",
])
def test_a_capital_that_names_nobody_new_passes_in_solo(text: str) -> None:
    assert check("outcome", ctx(SUCCESS, intent="read the lintel"), text) is None, text


HERON = {"monster": "the Heron Queen",
         "story": ["Foe (named by the table): the Heron Queen: a grey heron taller than a barn"]}


@pytest.mark.parametrize("text", [
    ("Steel finds bone. Then the great bird folds into the shallows, her neck bent back, and "
     "does not lift her head again."),
    "The Heron Queen settles, feather by feather, onto the reeds.",
    "The Heron Queen comes down in a long ringing collapse.",
    "The light in its eyes goes out, and the Heron Queen is done.",
])
def test_a_standing_foe_told_at_rest_on_the_ground_or_by_its_kind_is_refused(text: str) -> None:
    reason = check("monster", ctx(STANDS, **HERON), text)
    assert reason is not None and "not defeated" in reason, text


@pytest.mark.parametrize("text", [
    "The Heron Queen staggers, and a feather drifts down onto the reeds.",
    "A bird calls over the fen while the Heron Queen circles, unhurt.",
    "The Heron Queen sinks to one knee in the mud, then rises, hissing.",
])
def test_a_standing_foe_near_the_ground_passes(text: str) -> None:
    assert check("monster", ctx(STANDS, **HERON), text) is None, text


@pytest.mark.parametrize("text", [
    "It falls. And still the Heron Queen stands, taller than before.",
    "The heron comes apart, and then pulls itself back together, every feather in place.",
])
def test_a_defeated_foe_told_standing_again_is_refused(text: str) -> None:
    reason = check("monster", ctx(DEFEATED, **HERON), text)
    assert reason is not None and "defeated" in reason, text


@pytest.mark.parametrize(("intent", "text"), [
    ("talk the widow into selling her husband's map",
     "She mentions her husband twice. When you go, the map is folded inside your coat."),
    ("steal the silver snuffer from the altar", "Ash pockets the snuffer and walks out."),
    ("climb the glasshouse frame to the broken roof pane",
     "Halfway up it sags; then her fingers close on the edge, and she is through onto the roof."),
])
def test_a_failed_attempt_told_with_its_goal_held_or_reached_is_refused(intent: str,
                                                                       text: str) -> None:
    reason = check("outcome", ctx(FAILURE, intent=intent, monster=""), text)
    assert reason is not None and "failure" in reason, text


@pytest.mark.parametrize(("intent", "text"), [
    ("talk the widow into selling her husband's map",
     "The widow keeps the map in her apron, and Ash leaves with nothing in her coat."),
    ("climb the glasshouse frame to the broken roof pane",
     "The frame sags under her, and the roof stays where it is, out of reach."),
])
def test_a_failed_attempt_told_short_of_its_goal_passes(intent: str, text: str) -> None:
    assert check("outcome", ctx(FAILURE, intent=intent, monster=""), text) is None, text


@pytest.mark.parametrize("text", [
    "The injury settles into her, and the press room floor is where Ash Brand's story ends.",
    "The withering spreads toward the heart; by the time it arrives there is nobody left in Ash.",
])
def test_an_end_told_of_a_full_name_or_an_emptied_body_is_a_death(text: str) -> None:
    reason = check("outcome", ctx(SUCCESS, intent="cross the nave", monster=""), text)
    assert reason is not None, text


@pytest.mark.parametrize(("text", "refused"), [
    ("Ash wades out among the herons, because she has to know what they are watching.", True),
    ("Ash wades out among the herons, because she wants to see their faces.", True),
    ("Ash wades out among the herons, because the path is under water.", False),
    ("Ash wades out, because she has the lantern and the herons do not.", False),
])
def test_a_motive_told_for_the_character_is_theirs(text: str, refused: bool) -> None:
    reason = check("outcome", ctx(SUCCESS, intent="wade the fen", monster=""), text)
    assert (reason is not None) is refused, (text, reason)


@pytest.mark.parametrize(("text", "refused"), [
    ("The idol will not come. Ash steps back, wipes her eyes, and looks about for a lever.",
     True),
    ("The idol stays in its niche, and the road back to town is long but clear.", True),
    ("The idol stays put. What Ash becomes now is for her player to say.", False),
    ("The idol stays put, and the last of the woman who walked in goes quiet.", False),
    ("The idol stays put; whatever Ash is about to be, the vault is listening.", False),
])
def test_a_settled_loss_must_be_voiced(text: str, refused: bool) -> None:
    reason = check("outcome", ctx(LOST, intent="take the idol", monster=""), text)
    assert (reason is not None and "loss" in reason) is refused, (text, reason)


def _hide(hidden: bool) -> dict[str, Any]:
    return {"roll": "hide", "system": "die_trying", "d10": 7, "modifier": 0, "total": 7,
            "watchers": [{"name": "the warden", "dc": 5, "hidden": hidden,
                          "degree": "success" if hidden else "failure"}]}


@pytest.mark.parametrize(("text", "refused"), [
    (("Wren folds herself into the culvert mouth. The warden passes, then stops. Sniffs. "
      "Turns her head toward the culvert, and smiles."), True),
    ("Wren slips behind the grain sacks; the warden stares straight at the sacks a long while.",
     True),
    (("Wren folds herself into the culvert mouth. The warden turns her head toward the "
      "stairs and goes up them."), False),
    ("Wren slips behind the grain sacks and watches the warden look toward the door.", False),
])
def test_a_watcher_turning_to_where_the_character_hid_is_a_hide_seen(text: str,
                                                                     refused: bool) -> None:
    context = NarrationContext.build(result=_hide(True), system="die_trying",
                                     characters=[{"name": "Wren"}], monster="the warden")
    assert (check("roll", context, text) is not None) is refused, text


@pytest.mark.parametrize(("text", "refused"), [
    ("Both came up sixes; the box sits between them, claimed twice.", True),
    (("Her swing slides off. The Warden's arm comes round and takes her across the ribs for "
      "seven."), True),
    ("The dice rolled fives, and the lock gave.", True),
    ("The Warden's arm takes her across the ribs for a moment, and she staggers.", False),
    ("The crates lie at sixes and sevens across the hold.", False),
    ("The blow catches her for three heartbeats of dizziness.", False),
])
def test_faces_in_plural_and_a_blow_counted_are_dice_told(text: str, refused: bool) -> None:
    reason = check("outcome", ctx(SUCCESS, intent="cross the nave", monster=""), text)
    assert (reason is not None) is refused, (text, reason)
