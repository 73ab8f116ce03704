"""Text components as the server's codec decodes them: JSON before 1.21.5, SNBT from then on.

The codec ignores keys it does not know, so a wrong-dialect key (`clickEvent` in 1.21.5)
passes here as it passes on the server; dp_checks in the tests catches those. What the codec
refuses, this refuses: an empty `extra`, `hover_event` without `value`, a colour that is no
colour, a click event without the field its action needs. A `run_command` click is kept for
the judge to parse as the clicking player (level 0) would send it.
"""

from __future__ import annotations

import json
from typing import Any

from monopoli_mc.vanilla.data import Vanilla
from monopoli_mc.vanilla.reader import Reader
from monopoli_mc.vanilla.snbt import Arr, Num, read_value

CONTENT_KEYS = ("text", "translate", "score", "selector", "keybind", "nbt")
FORMATS = ("bold", "italic", "underlined", "strikethrough", "obfuscated")
MODERN_CLICK = {"open_url": "url", "open_file": "path", "run_command": "command",
                "suggest_command": "command", "change_page": "page", "copy_to_clipboard": "value"}
LEGACY_CLICK = ("open_url", "open_file", "run_command", "suggest_command", "change_page",
                "copy_to_clipboard")


class Invalid(Exception):
    """The codec's refusal of a component, with its reason."""


def is_string(v: Any) -> bool:
    """A string tag or JSON string."""
    return isinstance(v, str)


def is_bool(v: Any) -> bool:
    """Codec.BOOL: a boolean, or any number."""
    return isinstance(v, (bool, int, float, Num)) and not isinstance(v, Arr)


def is_int(v: Any) -> bool:
    """Codec.INT: any number (the codec narrows it)."""
    return (isinstance(v, Num)) or (isinstance(v, (int, float)) and not isinstance(v, bool))


class TextCheck:
    """Checks components for one release; `clicks` collects run_command click commands."""

    def __init__(self, mc: Vanilla, *, modern: bool | None = None) -> None:
        self.mc = mc
        self.modern = mc.snbt_text if modern is None else modern
        self.clicks: list[str] = []

    def component(self, v: Any) -> None:
        """One component: a string, a non-empty list of components, or a compound."""
        if is_string(v):
            return
        if isinstance(v, list):
            if not v:
                raise Invalid("List must have contents")
            for item in v:
                self.component(item)
            return
        if not isinstance(v, dict):
            if not self.modern and isinstance(v, (int, float)) and not isinstance(v, bool):
                return  # a JSON number is read as its text
            raise Invalid(f"Not a string or compound: {v!r}")
        self._compound(v)

    def json_string(self, s: str) -> None:
        """A component written as a JSON string (book pages, names and lore before 1.21.5)."""
        try:
            value = json.loads(s)
        except ValueError as e:
            raise Invalid(f"Not valid JSON: {e}") from None
        old, self.modern = self.modern, False
        try:
            self.component(value)
        finally:
            self.modern = old

    def _compound(self, v: dict[str, Any]) -> None:
        present = [k for k in CONTENT_KEYS if k in v]
        kind = v.get("type")
        if kind is not None:
            names = {"text": "text", "translatable": "translate", "score": "score",
                     "selector": "selector", "keybind": "keybind", "nbt": "nbt"}
            if not is_string(kind) or kind not in names and kind != "object":
                raise Invalid(f"Unknown component type: {kind!r}")
            present = [names.get(kind, "object")]
        if not present and not (self.mc.at_least(1, 21, 9) and ("sprite" in v or "player" in v)):
            raise Invalid("No key text in MapLike")
        content = present[0] if present else "object"
        getattr(self, "_" + content)(v)
        if "extra" in v:
            extra = v["extra"]
            if not isinstance(extra, list) or not extra:
                raise Invalid("List must have contents" if isinstance(extra, list) else "Not a list")
            for item in extra:
                self.component(item)
        self.style(v)

    def _text(self, v: dict[str, Any]) -> None:
        if not is_string(v.get("text")):
            raise Invalid("text: not a string")

    def _translate(self, v: dict[str, Any]) -> None:
        if not is_string(v["translate"]):
            raise Invalid("translate: not a string")
        if "fallback" in v and not is_string(v["fallback"]):
            raise Invalid("fallback: not a string")
        if "with" in v:
            if not isinstance(v["with"], list):
                raise Invalid("with: not a list")
            for arg in v["with"]:
                if not (is_int(arg) or isinstance(arg, bool)):
                    self.component(arg)

    def _score(self, v: dict[str, Any]) -> None:
        score = v["score"]
        if not isinstance(score, dict) or not is_string(score.get("name")) or not is_string(score.get("objective")):
            raise Invalid("score: needs name and objective")

    def _selector(self, v: dict[str, Any]) -> None:
        if not is_string(v["selector"]):
            raise Invalid("selector: not a string")
        if self.modern:
            from monopoli_mc.vanilla.reader import Reader, Refusal
            from monopoli_mc.vanilla.selector import parse_selector
            r = Reader(v["selector"], self.mc)
            try:
                parse_selector(r, allow_selectors=True)
            except Refusal as e:
                raise Invalid(f"Invalid selector {v['selector']!r}: {e.message}") from None
        if "separator" in v:
            self.component(v["separator"])

    def _keybind(self, v: dict[str, Any]) -> None:
        if not is_string(v["keybind"]):
            raise Invalid("keybind: not a string")

    def _nbt(self, v: dict[str, Any]) -> None:
        if not is_string(v["nbt"]):
            raise Invalid("nbt: not a string")
        if not any(is_string(v.get(k)) for k in ("block", "entity", "storage")):
            raise Invalid("nbt: needs block, entity or storage")
        if "interpret" in v and not is_bool(v["interpret"]):
            raise Invalid("interpret: not a boolean")
        if "separator" in v:
            self.component(v["separator"])

    def _object(self, v: dict[str, Any]) -> None:
        return

    def style(self, v: dict[str, Any]) -> None:
        """The style fields: colour, formats, font, insertion, shadow, click and hover."""
        if "color" in v:
            self.color(v["color"])
        for key in FORMATS:
            if key in v and not is_bool(v[key]):
                raise Invalid(f"{key}: not a boolean")
        for key in ("font", "insertion"):
            if key in v and not is_string(v[key]):
                raise Invalid(f"{key}: not a string")
        if self.modern:
            if "click_event" in v:
                self._modern_click(v["click_event"])
            if "hover_event" in v:
                self._modern_hover(v["hover_event"])
        else:
            if "clickEvent" in v:
                self._legacy_click(v["clickEvent"])
            if "hoverEvent" in v:
                self._legacy_hover(v["hoverEvent"])

    def color(self, c: Any) -> None:
        """TextColor.parseColor: a chat colour name or #RRGGBB."""
        if not is_string(c):
            raise Invalid("color: not a string")
        if c.startswith("#"):
            if len(c) != 7 or any(ch not in "0123456789abcdefABCDEF" for ch in c[1:]):
                raise Invalid(f"Invalid color name: {c}")
        elif c not in self.mc.chat_colors:
            raise Invalid(f"Invalid color name: {c}")

    def _modern_click(self, ev: Any) -> None:
        if not isinstance(ev, dict) or not is_string(ev.get("action")):
            raise Invalid("click_event: no action")
        action = ev["action"]
        extra = {"show_dialog": "dialog", "custom": "id"} if self.mc.at_least(1, 21, 6) else {}
        field = MODERN_CLICK.get(action) or extra.get(action)
        if field is None:
            raise Invalid(f"click_event: unknown action {action!r}")
        if field not in ev:
            raise Invalid(f"No key {field} in MapLike (click_event {action})")
        if field == "page":
            if not is_int(ev["page"]) or _number(ev["page"]) < 1:
                raise Invalid("click_event: page must be a number of at least 1")
        elif field != "dialog" and not is_string(ev[field]):
            raise Invalid(f"click_event: {field} is not a string")
        if action == "run_command":
            self.clicks.append(ev["command"])

    def _legacy_click(self, ev: Any) -> None:
        if not isinstance(ev, dict) or ev.get("action") not in LEGACY_CLICK:
            raise Invalid(f"clickEvent: unknown action {ev.get('action') if isinstance(ev, dict) else ev!r}")
        if not is_string(ev.get("value")):
            raise Invalid("clickEvent: value is not a string")
        if ev["action"] == "run_command":
            self.clicks.append(ev["value"])

    def _modern_hover(self, ev: Any) -> None:
        if not isinstance(ev, dict) or not is_string(ev.get("action")):
            raise Invalid("hover_event: no action")
        action = ev["action"]
        if action == "show_text":
            if "value" not in ev:
                raise Invalid("No key value in MapLike (hover_event show_text)")
            self.component(ev["value"])
        elif action == "show_item":
            if ev.get("id") not in self.mc.items and f"minecraft:{ev.get('id')}" not in self.mc.items:
                raise Invalid(f"hover_event: unknown item {ev.get('id')!r}")
        elif action == "show_entity":
            if not is_string(ev.get("id")) or "uuid" not in ev:
                raise Invalid("hover_event show_entity: needs id and uuid")
        else:
            raise Invalid(f"hover_event: unknown action {action!r}")

    def _legacy_hover(self, ev: Any) -> None:
        if not isinstance(ev, dict) or not is_string(ev.get("action")):
            raise Invalid("hoverEvent: no action")
        body = ev.get("contents", ev.get("value"))
        if body is None:
            raise Invalid("No key contents in MapLike (hoverEvent)")
        if ev["action"] == "show_text":
            self.component(body)
        elif ev["action"] not in ("show_item", "show_entity"):
            raise Invalid(f"hoverEvent: unknown action {ev['action']!r}")


def _number(v: Any) -> float:
    return float(v.value) if isinstance(v, Num) else float(v)


def read_component(r: Reader) -> tuple[Any, list[str]]:
    """ComponentArgument.parse at the cursor: SNBT from 1.21.5, one JSON value before, checked as the
    release's codec checks it; the component as read (SNBT values as `vanilla.snbt` gives them) and
    its run_command clicks. Refuses with "Invalid chat component: …" at the component's start."""
    start = r.cursor
    text = TextCheck(r.mc)
    try:
        value = read_value(r) if r.mc.snbt_text else read_json(r)
        text.component(value)
    except Invalid as e:
        r.cursor = start
        raise r.error("argument.component.invalid", e) from None
    return value, text.clicks


def read_json(r: Reader) -> Any:
    """ParserUtils.parseJson: one strict JSON value; the cursor moves past it. Raises Invalid."""
    try:
        value, end = json.JSONDecoder().raw_decode(r.remaining())
    except ValueError as e:
        raise Invalid(str(e)) from None
    r.skip(end)
    return value
