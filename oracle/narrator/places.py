"""Where a table's line may be said: the kinds of scenery its words show, and the kinds a
place rules out.

:data:`WHERE` reads the scenery a line shows (sky and trees, the wild, a town, things built by
hands, land underfoot, a ceiling); :func:`elsewhere` reads from a scene's place the kinds that
contradict it (no sky in a nave, no ceiling on a moor, no ground on a ship's deck, no
floorboards in a mine, no fox in a house). Read by
:mod:`oracle.narrator.compose` when it deals a card.
"""

from __future__ import annotations

import re

__all__ = ["WHERE", "elsewhere"]

WHERE: dict[str, re.Pattern[str]] = {
    "outdoors": re.compile(
        r"\b(?:sky|skies|sun|sunlight|sunset|moon|moonlight|stars?|canopy|"
        r"clearing|trees?|treetops?|forest|woods|meadow|fields?|hilltops?|hillside|"
        r"horizon|birdsong|branch(?:es)?|bark|moss|undergrowth|thicket|boughs?|"
        r"ferns?|snow|breeze|grass|crows?|ravens?|hedge|brambles?|orchard|sap|pines?|oaks?|"
        r"birch|acorns?|thorns?|glade|grove|copse|open air|gull(?:y|ies)|ridges?|crags?|"
        r"boulders?|skyline|bridges?|village|moor|heather|rain|"
        r"rooftops?|cobbles?|cobblestones?|hedgerows?|ditch|fences?|haystacks?|meadows?)\b",
        re.IGNORECASE),
    # the wild, away from any town (no ridge in a market); the town, away from the wild
    "wild": re.compile(
        r"\b(?:gull(?:y|ies)|ridges?|crags?|boulders?|moor|heather|undergrowth|thicket|"
        r"wolf|wolves|deer|stag|foxes|fox|wilderness|scree|tarn)\b", re.IGNORECASE),
    "town": re.compile(
        r"\b(?:streets?|cobbles?|cobblestones?|shutters?|shopfronts?|stalls?|"
        r"chimney pots?|carts?|lamplighters?|market|alleys?|townsfolk)\b", re.IGNORECASE),
    # made by hands, not the open wild: a room, a door, a beam, a brazier, a clock (none in the
    # salt flats, the birch wood or a camp in the dunes)
    "built": re.compile(
        r"\b(?:(?:the|a|this|that|every|each) rooms?|rooms|doors?|doorframes?|doorways?|beams?|"
        r"rafters?|braziers?|barrels?|stairs?|staircases?|clocks?|grates?|shel(?:f|ves)|"
        r"panell?ing|corridors?|ceilings?|flagstones?|floorboards?|walls?|windows?|"
        r"windowsills?|hearths?|lintels?|thresholds?|chandeliers?|tapestr(?:y|ies)|"
        r"cupboards?|drawers?|sconces?|tables?|benches?|pews?)\b", re.IGNORECASE),
    # land underfoot and what grows on it (none on a ship's deck or in its bilge)
    "land": re.compile(
        r"\b(?:ground|soil|earth|mud|grass|roots?|trees?|treetops?|moss|ferns?|"
        r"(?:fallen|dead|the|wet|dry) leaves|leaf|undergrowth|birdsong|standing stones?|pits?|"
        r"burrows?|hillside|canopy|forest|woods|clearing|bracken|heather|thicket|brambles?|"
        r"hedges?|meadow|acorns?|pine needles|molehills?|anthills?)\b", re.IGNORECASE),
    # the furnishings of a house, hall or church (none in a mine, a cave or a burrow)
    "furnished": re.compile(
        r"\b(?:floorboards?|chandeliers?|pews?|tapestr(?:y|ies)|cupboards?|drawers?|"
        r"curtains?|carpets?|rugs?|wallpaper|windowsills?|windows?|mantel(?:piece)?s?|"
        r"bookshel(?:f|ves)|armchairs?|bedsteads?|bedposts?|banisters?|wainscot(?:ing)?|"
        r"(?:the|a) parlou?r|hearthrugs?)\b", re.IGNORECASE),
    "indoors": re.compile(
        r"\b(?:ceilings?|corridors?|rafters|hallways?|staircases?|stairwells?|flagstones?|"
        r"floorboards?|chandeliers?|pews?|cellar|chamber|attic|hearth|fireplace|"
        r"windowsill|doorframe)\b", re.IGNORECASE),
}
# A place under a roof or underground (no sky), and one in the open (no ceiling); water places
# are in the open unless a roof is named too ("the flooded nave", "the sunken crypt").
_INDOOR_PLACE = re.compile(
    r"\b(?:naves?|halls?|crypts?|cellars?|chapels?|church|cathedral|rooms?|chambers?|"
    r"corridors?|dungeons?|tombs?|vaults?|house|inn|tavern|keep|castle|towers?|belfry|caves?|"
    r"caverns?|grottos?|grottoes|mines?|mineshafts?|tunnels?|catacombs?|ossuar(?:y|ies)|"
    r"charnel|sepulchres?|oubliettes?|cisterns?|sewers?|temples?|library|libraries|cells?|"
    r"manor|abbey|monastery|barrows?|undercroft|mausoleums?|attic|shrines?|palace|prison|"
    r"gaol|kitchen|stairs?|basement|hovel|hut|cabin|lodge|mill|forge|smithy|workshop|barn|"
    r"warehouse|granary|armou?ry|treasury|gallery|galleries|infirmary|asylum|hold|burrow|"
    r"lair|den|labyrinth|underground|underworld|undercity|indoors|inside|warrens?|larder|"
    r"pantry|kennels?|stables?|vestry|sacristy|scriptorium|refectory|dormitor(?:y|ies)|"
    r"bathhouse|brewery|bakery|shop|parlou?r|study|sanctum|apse|chancel|theatre|factory|"
    r"foundry|workhouse|orphanage|courthouse|bank|archive|museum|clocktower|belltower|"
    r"watchtower|lighthouse|windmill|observatory|garret|loft|nursery|chapterhouse|"
    r"counting-house|bilge|caravanserai|below decks|cabin)\b", re.IGNORECASE)
_OUTDOOR_PLACE = re.compile(
    r"\b(?:forest|woods?|clearing|fields?|meadow|moor|marsh|swamp|bog|fen|mire|river|stream|"
    r"brook|creek|ford|pond|lake|lagoon|sea|bay|cove|reef|island|waterfall|road|street|alley|"
    r"square|market|hills?|mountains?|cliffs?|crags?|ridge|peak|pass|canyon|gorge|ravine|"
    r"desert|dunes?|steppe|tundra|glacier|jungle|plains?|glade|grove|copse|shore|beach|"
    r"coast|village|garden|courtyard|orchard|heath|valley|farm|pasture|graveyard|"
    r"cemetery|churchyard|battlefield|wilds|wilderness|rooftops?|camp|bridge|wastes?|"
    r"outdoors|outside|mere|tarn|loch|downs|wold|fell|scree|quarry|dell|woodland|lane|"
    r"highway|causeway|wharf|docks?|harbou?r|pier|quay|jetty|crossroads|millpond|"
    r"oak|yew|ash tree|rooftops?|city|town|riverbank|shallows|reeds|flats|oasis|salt pans?|"
    r"standing stones|deck|decks|rigging|mast|masthead|crow's nest|yardarm|bowsprit)\b",
    re.IGNORECASE)
# Settled places (no wild ridge or gully), and the wild (no street or shopfront).
_TOWN_PLACE = re.compile(
    r"\b(?:market|street|square|alley|village|town|city|lane|quay|wharf|docks?|harbou?r|"
    r"inn|tavern|shop|courthouse|bank|manor|house|palace|gaol|prison|orphanage|workhouse|"
    r"theatre|factory|clocktower)\b", re.IGNORECASE)
_WILD_PLACE = re.compile(
    r"\b(?:forest|woods?|woodland|moor|marsh|swamp|bog|fen|mire|hills?|mountains?|cliffs?|"
    r"crags?|ridge|peak|pass|canyon|gorge|ravine|desert|dunes?|steppe|tundra|glacier|jungle|"
    r"heath|mere|tarn|glade|grove|copse|wilds|wilderness|caves?|caverns?|barrows?|warrens?|"
    r"mines?|catacombs?|dungeons?|lair|den|burrow|clearing|flats|oasis|salt pans?|camp|"
    r"standing stones|birch|pines?|savannah?|badlands|wastes?|wasteland)\b", re.IGNORECASE)
# Where a roof or a wall is never near: the open wild (a desert, a moor, a wood, a camp)
# with no building, room or street named with it.
_OPEN_WILD = re.compile(
    r"\b(?:forest|woods?|woodland|moor|marsh|swamp|bog|fen|mire|hills?|mountains?|cliffs?|"
    r"crags?|ridge|peak|pass|canyon|gorge|ravine|desert|dunes?|steppe|tundra|glacier|jungle|"
    r"heath|mere|tarn|glade|grove|copse|wilds|wilderness|clearing|flats|oasis|salt pans?|"
    r"camp|standing stones|savannah?|badlands|wastes?|wasteland|meadow|fields?|plains?|"
    r"beach|shore|dell|scree)\b", re.IGNORECASE)
# Dug or grown, not built: a mine, a cave, a burrow (no floorboards, pews or windows) unless a
# building is named with it.
_RAW_UNDER = re.compile(
    r"\b(?:mines?|mineshafts?|caves?|caverns?|grottos?|grottoes|burrows?|warrens?|lair|den|"
    r"tunnels?|quarry|sinkhole|chasm|crevasse|rift|adit|"
    r"diggings|workings)\b", re.IGNORECASE)
_BUILDING = re.compile(
    r"\b(?:naves?|halls?|chapels?|church|cathedral|rooms?|chambers?|house|inn|tavern|keep|"
    r"castle|towers?|manor|abbey|monastery|palace|cellars?|crypts?|temples?|library|shop|"
    r"mill|barn|lodge|cabin|hut|hovel|cottage|parlou?r|attic)\b", re.IGNORECASE)
# Aboard a ship or a boat: no ground underfoot, nothing growing, no street, no wild.
_SHIP_PLACE = re.compile(
    r"\b(?:ship|ship's|boat|boat's|deck|decks|bilge|crow's nest|mast|masthead|rigging|hull|"
    r"gunwales?|forecastle|fo'c'sle|quarterdeck|galleon|skiff|barge|raft|aboard|yardarm|"
    r"bowsprit|captain's cabin|below decks)\b", re.IGNORECASE)


def elsewhere(place: str) -> frozenset[str]:
    """The kinds of scenery that contradict ``place``: a nave has no sky, a moor no ceiling, a
    market no ridge or gully, a moor no street, the salt flats no door or brazier, a ship's
    deck no ground or trees (nothing when the place does not say, or says both)."""
    inside, outside = bool(_INDOOR_PLACE.search(place)), bool(_OUTDOOR_PLACE.search(place))
    town, wild = bool(_TOWN_PLACE.search(place)), bool(_WILD_PLACE.search(place))
    away: set[str] = set()
    if inside and not outside:
        away.add("outdoors")
    if outside and not inside:
        away.add("indoors")
    if town and not wild:
        away.add("wild")
    if wild and not town:
        away.add("town")
    if inside and not outside and not wild:
        away.add("wild")  # a nave or a house: no fox, no ridge, no heather
    if _OPEN_WILD.search(place) and not inside and not town:
        away |= {"built", "furnished"}
    if _RAW_UNDER.search(place) and not _BUILDING.search(place):
        away.add("furnished")
    if _SHIP_PLACE.search(place):
        away |= {"land", "wild", "town"}
    return frozenset(away)
