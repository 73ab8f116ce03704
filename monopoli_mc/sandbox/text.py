"""Text components: read them (SNBT or JSON by version), render plain text, find clicks."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any

from nbtlib import Compound

Resolver = Callable[[dict[str, Any]], str]
LANG = {
    "chat.type.announcement": "[%s] %s",
    "chat.type.text": "<%s> %s",
    "chat.square_brackets": "[%s]",
    "multiplayer.player.joined": "%s joined the game",
    "multiplayer.player.left": "%s left the game",
}


def to_plain_data(tag: Any) -> Any:
    """An nbtlib tag as plain Python (str, int, float, list, dict)."""
    if isinstance(tag, Compound):
        if list(tag.keys()) == [""]:
            return to_plain_data(tag[""])
        return {k: to_plain_data(v) for k, v in tag.items()}
    if isinstance(tag, str):
        return str(tag)
    if isinstance(tag, list):
        return [to_plain_data(v) for v in tag]
    if isinstance(tag, float):
        return float(tag)
    if isinstance(tag, int):
        return int(tag)
    return tag


def component(value: Any, *, json_dialect: bool) -> Any:
    """A component from an nbt tag or text; the JSON dialect decodes JSON strings."""
    data = to_plain_data(value)
    if json_dialect and isinstance(data, str):
        try:
            return json.loads(data)
        except ValueError:
            return data
    return data


def plain(comp: Any, resolve: Resolver | None = None) -> str:
    """The text a player reads."""
    if comp is None:
        return ""
    if isinstance(comp, str):
        return comp
    if isinstance(comp, bool):
        return "true" if comp else "false"
    if isinstance(comp, int | float):
        return str(comp)
    if isinstance(comp, list):
        return "".join(plain(c, resolve) for c in comp)
    if not isinstance(comp, dict):
        return str(comp)
    head = _contents(comp, resolve)
    return head + "".join(plain(c, resolve) for c in comp.get("extra", []))


def _contents(comp: dict[str, Any], resolve: Resolver | None) -> str:
    if "text" in comp:
        return plain(comp["text"])
    if "translate" in comp:
        fmt = LANG.get(str(comp["translate"]), comp.get("fallback", comp["translate"]))
        args = [plain(a, resolve) for a in comp.get("with", [])]
        return format_lang(str(fmt), args)
    if any(k in comp for k in ("score", "selector", "nbt")):
        return resolve(comp) if resolve else ""
    if "keybind" in comp:
        return str(comp["keybind"])
    return ""


@dataclass(frozen=True)
class Style:
    """How a run of text is drawn: its colour (a chat colour name or #rrggbb) and formatting."""

    color: str = ""
    bold: bool = False
    italic: bool = False
    underlined: bool = False
    strikethrough: bool = False


Span = tuple[str, Style]
FORMATS = ("bold", "italic", "underlined", "strikethrough")


def spans(comp: Any, resolve: Resolver | None = None, style: Style = Style()) -> list[Span]:
    """The text a player reads, in runs of one style each: a child inherits its parent's style
    and overrides what it names (`Component.visit` draws each part with `getStyle().applyTo`
    of its parent's; read in client1.20.5, client1.21.4 and 1.21.11 `TextCodecs.combine`, ledger T3)."""
    if isinstance(comp, list):
        if not comp:
            return []
        # ComponentSerialization.createFromList: a copy of the first element, the rest appended
        # to it, so they inherit its style (a nested list's own first element's, a string's none)
        head = comp[0]
        while isinstance(head, list) and head:
            head = head[0]
        inherited = _styled(head, style) if isinstance(head, dict) else style
        return spans(comp[0], resolve, style) + [s for c in comp[1:] for s in spans(c, resolve, inherited)]
    if not isinstance(comp, dict):
        text = plain(comp, resolve)
        return [(text, style)] if text else []
    own = _styled(comp, style)
    head = _contents(comp, resolve)
    out = [(head, own)] if head else []
    return out + [s for c in comp.get("extra", []) for s in spans(c, resolve, own)]


def _styled(comp: dict[str, Any], parent: Style) -> Style:
    changes: dict[str, Any] = {k: bool(comp[k]) for k in FORMATS if k in comp}
    if isinstance(comp.get("color"), str):
        changes["color"] = comp["color"]
    return replace(parent, **changes) if changes else parent


def format_lang(fmt: str, args: list[str]) -> str:
    """Fill `%s` and `%1$s` placeholders as Minecraft's translations do."""
    it = iter(args)

    def sub(m: re.Match[str]) -> str:
        if m.group(0) == "%%":
            return "%"
        if m.group(1):
            i = int(m.group(1)) - 1
            return args[i] if i < len(args) else ""
        return next(it, "")
    return re.sub(r"%(?:(\d+)\$)?s|%%", sub, fmt)


def clicks(comp: Any, resolve: Resolver | None = None, *, json_dialect: bool) -> list[tuple[str, str]]:
    """Every run_command click in the component a player of this dialect can click: (label, command).

    The style codec reads only its own release's key and ignores any other (ledger row E5): up to
    1.21.4 `clickEvent` with `value` (JSON, `Style.Serializer`), from 1.21.5 `click_event` with
    `command` (`Style.Codecs`); a button in the other dialect's key is plain text to the player.
    """
    return [(label, value) for label, action, value in click_events(comp, resolve, json_dialect=json_dialect)
            if action == "run_command"]


def click_events(comp: Any, resolve: Resolver | None = None, *, json_dialect: bool) -> list[tuple[str, str, str]]:
    """Every click event in the component a player of this dialect can click: (label, action, value).

    run_command runs its command as the player; suggest_command only puts its text in the chat
    box, for the player to finish and send (`[Other]` for a bid of their own); the others
    (open_url, copy_to_clipboard, change_page) do nothing in the game. As `clicks`, by dialect.
    """
    out: list[tuple[str, str, str]] = []
    _walk_clicks(comp, out, resolve, None, json_dialect)
    return out


_CLICK_FIELD = {"run_command": "command", "suggest_command": "command", "open_url": "url",
                "copy_to_clipboard": "value", "change_page": "page"}  # 1.21.5+ (Style.Codecs: ClickEvent)


def _walk_clicks(comp: Any, out: list[tuple[str, str, str]], resolve: Resolver | None,
                 inherited: tuple[str, str] | None, json_dialect: bool) -> None:
    if isinstance(comp, list):
        if comp:
            _walk_clicks(comp[0], out, resolve, inherited, json_dialect)
            for c in comp[1:]:
                _walk_clicks(c, out, resolve, inherited, json_dialect)
        return
    if not isinstance(comp, dict):
        if inherited is not None and isinstance(comp, str) and comp:
            out.append((comp, *inherited))
        return
    event = _click_event(comp, json_dialect) or inherited
    if event is not None and event != inherited:
        out.append((plain(comp, resolve), *event))
        return
    for c in comp.get("extra", []):
        _walk_clicks(c, out, resolve, event, json_dialect)


def _click_event(comp: dict[str, Any], json_dialect: bool) -> tuple[str, str] | None:
    ev = comp.get("clickEvent" if json_dialect else "click_event")
    if not isinstance(ev, dict) or ev.get("action") not in _CLICK_FIELD:
        return None
    field = "value" if json_dialect else _CLICK_FIELD[str(ev["action"])]
    return (str(ev["action"]), str(ev[field])) if field in ev else None


def book_pages(components: Any, *, json_dialect: bool) -> list[Any]:
    """The page components of a written book's `written_book_content`."""
    content = components.get("minecraft:written_book_content") if components else None
    if content is None:
        return []
    pages = []
    for page in content.get("pages", []):
        if isinstance(page, Compound) and "raw" in page:
            page = page["raw"]
        pages.append(component(page, json_dialect=json_dialect))
    return pages
