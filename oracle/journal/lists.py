"""Lists that come back: threads (goals, open questions) and characters (NPCs, folk, monsters).

Kept as one generic meta event, usable by every system (its checks and fold live here; the
journal's fold calls them)::

    {"type": "list_item", "list": "threads" | "characters", "op": "add" | "edit" | "close" |
     "reopen", "id": seq (not for add), "text": str (add, edit), "kind": str?,
     "source": "player" | "narrator" | "twist"?, "item": str? (the words closed or reopened,
     for the journal's reader; the fold does not read it)}

An item's id is the number of the entry that added it, so edits and closes name it and an undo
of the add takes the item away (later edits of it are then ignored by the fold). Checking is
strict when an event is written; folding is lenient, so an undo never fails because of a list.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

from oracle.errors import RequestError, shown

LISTS = ("threads", "characters")
KINDS: Mapping[str, tuple[str, ...]] = {
    "threads": ("goal", "question", "other"),
    "characters": ("npc", "folk", "monster", "other"),
}
OPS = ("add", "edit", "close", "reopen")
SOURCES = ("player", "narrator", "twist")
MAX_ITEM = 300


@dataclass(frozen=True)
class ListItem:
    """One thread or character: the entry that added it, its words, kind, source, and state."""

    id: int
    list: str
    text: str
    kind: str = "other"
    source: str = "player"
    open: bool = True

    def to_dict(self) -> dict[str, Any]:
        return {"id": self.id, "list": self.list, "text": self.text, "kind": self.kind,
                "source": self.source, "open": self.open}


@dataclass(frozen=True)
class Lists:
    """Both lists, in the order items were added (closed items stay, marked)."""

    threads: tuple[ListItem, ...] = ()
    characters: tuple[ListItem, ...] = ()

    def items(self, name: str, *, open_only: bool = False) -> tuple[ListItem, ...]:
        """The items of list ``name`` (only the open ones when asked)."""
        found: tuple[ListItem, ...] = getattr(self, name)
        return tuple(i for i in found if i.open) if open_only else found

    def texts(self, name: str) -> tuple[str, ...]:
        """The words of the open items of list ``name`` (what twists and narrators read)."""
        return tuple(i.text for i in self.items(name, open_only=True))

    def find(self, item_id: int) -> ListItem | None:
        for item in (*self.threads, *self.characters):
            if item.id == item_id:
                return item
        return None


def _words(data: Mapping[str, Any], key: str) -> str:
    value = data.get(key)
    if not isinstance(value, str) or not value.strip():
        raise RequestError(f"list_item: {key} must be some words; got {shown(value)}.")
    if len(value) > MAX_ITEM:
        raise RequestError(f"list_item: {key} is at most {MAX_ITEM} characters.")
    return value.strip()


def check_item(lists: Lists, data: Mapping[str, Any]) -> None:
    """Refuse a ``list_item`` event that does not fit the lists as they stand."""
    name, op = data.get("list"), data.get("op")
    if name not in LISTS:
        raise RequestError(f"list_item: list must be threads or characters; got {shown(name)}.")
    if op not in OPS:
        raise RequestError(f"list_item: op must be one of {', '.join(OPS)}; got {shown(op)}.")
    kind = data.get("kind")
    if kind is not None and kind not in KINDS[name]:
        raise RequestError(f"list_item: a {name[:-1]} is one of {', '.join(KINDS[name])}; "
                           f"got {shown(kind)}.")
    source = data.get("source")
    if source is not None and source not in SOURCES:
        raise RequestError(f"list_item: source is one of {', '.join(SOURCES)}; got {shown(source)}.")
    if op == "add":
        _words(data, "text")
        return
    item_id = data.get("id")
    item = lists.find(item_id) if isinstance(item_id, int) and not isinstance(item_id, bool) \
        else None
    if item is None or item.list != name:
        raise RequestError(f"list_item: there is no {name[:-1]} {shown(item_id)} to {op}.")
    if op == "edit":
        _words(data, "text")
    elif op == "close" and not item.open:
        raise RequestError(f"list_item: {shown(item.text)} is already closed.")
    elif op == "reopen" and item.open:
        raise RequestError(f"list_item: {shown(item.text)} is still open.")


def fold_item(lists: Lists, seq: int, data: Mapping[str, Any]) -> Lists:
    """``lists`` after the ``list_item`` event numbered ``seq`` (unknown ids are ignored)."""
    name, op = data.get("list"), data.get("op")
    if name not in LISTS:
        return lists
    items = lists.items(str(name))
    if op == "add":
        kind = data.get("kind") if data.get("kind") in KINDS[str(name)] else "other"
        source = data.get("source") if data.get("source") in SOURCES else "player"
        added = ListItem(seq, str(name), str(data.get("text", "")).strip(), str(kind),
                         str(source))
        return replace(lists, **{str(name): (*items, added)})
    changed = []
    for item in items:
        if item.id == data.get("id"):
            if op == "edit" and isinstance(data.get("text"), str):
                kind = data.get("kind")
                item = replace(item, text=str(data["text"]).strip(),
                               kind=str(kind) if kind in KINDS[str(name)] else item.kind)
            elif op in ("close", "reopen"):
                item = replace(item, open=op == "reopen")
        changed.append(item)
    return replace(lists, **{str(name): tuple(changed)})


def item_words(data: Mapping[str, Any], lists: Lists | None = None) -> str:
    """``thread added: find the bell`` for a ``list_item`` event (names the item by id)."""
    name = str(data.get("list", "threads"))
    noun = "thread" if name == "threads" else "character"
    op = str(data.get("op", "add"))
    verb = {"add": "added", "edit": "edited", "close": "closed", "reopen": "reopened"}.get(op, op)
    said = data.get("text") if isinstance(data.get("text"), str) else data.get("item")
    if not isinstance(said, str) and lists is not None and isinstance(data.get("id"), int):
        found = lists.find(int(data["id"]))
        said = found.text if found is not None else None
    if not isinstance(said, str):
        said = f"#{data.get('id')}"
    kind = data.get("kind")
    extra = f" ({kind})" if isinstance(kind, str) and op == "add" else ""
    return f"{noun} {verb}: {said}{extra}"
