"""Text components in the two dialects: SNBT (1.21.5 and later) and JSON (1.20.5 to 1.21.4).

Components are built as plain dicts with the modern keys (`click_event` with
`command`, `hover_event` with `value`); a `Dialect` renders them for a command
argument, for an SNBT value inside NBT, or as an NBT tag for the structure file.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any, Union

from monopoli_mc.datapack.escape import json_string, snbt_string
from monopoli_mc.datapack.versions import McVersion

if TYPE_CHECKING:  # nbtlib (and numpy under it) only where a structure file is written: the controller's
    import nbtlib  # commands, which import this module, start 0.1 s of CPU sooner without it

Component = dict[str, Any]
Json = Union[str, int, bool, list[Any], dict[str, Any]]
_KEY = re.compile(r"[A-Za-z0-9_]+")
_CLICK_VALUE = {"run_command": "command", "suggest_command": "command",
                "open_url": "url", "change_page": "page", "copy_to_clipboard": "value"}


class Template(str):
    """Generator text holding macro argument places `$(name)`, which are written as they are.

    Every other string is escaped so that a `$(` in it is never read as a macro argument:
    config text (space and card names) may say anything.
    """


_PLACE = re.compile(r"\$\(([A-Za-z0-9_]+)\)")


def tpl(value: str) -> Template:
    """Mark generator text whose `$(name)` places a macro line fills in."""
    return Template(value)


def _template(value: Template, escape: Any) -> str:
    parts = _PLACE.split(value)
    out = [f"$({p})" if i % 2 else escape(p)[1:-1] for i, p in enumerate(parts)]
    return '"' + "".join(out) + '"'


def text(content: str, **style: Any) -> Component:
    """A text component with optional style keys (color, bold, italic, ...)."""
    return {"text": content, **style}


def run(command: str) -> dict[str, str]:
    """A click event that runs a command as the clicking player."""
    return {"action": "run_command", "command": command}


def suggest(command: str) -> dict[str, str]:
    """A click event that puts a command in the player's chat box."""
    return {"action": "suggest_command", "command": command}


def hover(component: Component) -> dict[str, Any]:
    """A hover event that shows a text component."""
    return {"action": "show_text", "value": component}


def button(label: str, command: str, tip: str, color: str = "green") -> Component:
    """A clickable `[label]` that runs `command` and explains itself on hover."""
    shown = Template(f"[{label}]") if isinstance(label, Template) else f"[{label}]"
    return text(shown, color=color, bold=True,
                click_event=run(command), hover_event=hover(text(tip)))


class Dialect:
    """How a Minecraft version writes text components."""

    def __init__(self, version: McVersion) -> None:
        self.version = version
        self.modern = version.is_snbt_text

    def arg(self, component: Json) -> str:
        """A component as a command argument (tellraw, title, scoreboard display names)."""
        if self.modern:
            return to_snbt(component)
        return to_json(legacy_keys(component))

    def nbt(self, component: Json) -> str:
        """A component as an SNBT value inside NBT (item components, block entities)."""
        if self.modern:
            return to_snbt(component)
        return snbt_string(to_json(legacy_keys(component)), modern=False)

    def tag(self, component: Json) -> nbtlib.tag.Base:
        """A component as an NBT tag, for files written with nbtlib."""
        import nbtlib
        if self.modern:
            return to_tag(component)
        return nbtlib.String(to_json(legacy_keys(component)))


def legacy_keys(component: Json) -> Json:
    """Rename modern keys to the pre-1.21.5 names (clickEvent/value, hoverEvent/contents)."""
    if isinstance(component, list):
        return [legacy_keys(c) for c in component]
    if not isinstance(component, dict):
        return component
    out: dict[str, Any] = {}
    for key, value in component.items():
        if key == "click_event":
            field = _CLICK_VALUE[value["action"]]
            given = value[field]
            out["clickEvent"] = {"action": value["action"],
                                 "value": given if isinstance(given, str) else str(given)}
        elif key == "hover_event":
            out["hoverEvent"] = {"action": value["action"], "contents": legacy_keys(value["value"])}
        else:
            out[key] = legacy_keys(value)
    return out


def to_json(value: Json) -> str:
    """Compact ASCII JSON; every string goes through the JSON escaper."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, Template):
        return _template(value, json_string)
    if isinstance(value, str):
        return json_string(value)
    if isinstance(value, list):
        return "[" + ",".join(to_json(v) for v in value) + "]"
    return "{" + ",".join(f"{json_string(k)}:{to_json(v)}" for k, v in value.items()) + "}"


def to_snbt(value: Json) -> str:
    """Compact SNBT (1.21.5 grammar); every string goes through the SNBT escaper."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, Template):
        return _template(value, lambda p: snbt_string(p, modern=True))
    if isinstance(value, str):
        return snbt_string(value, modern=True)
    if isinstance(value, list):
        return "[" + ",".join(to_snbt(v) for v in value) + "]"
    parts = []
    for key, item in value.items():
        name = key if _KEY.fullmatch(key) else snbt_string(key, modern=True)
        parts.append(f"{name}:{to_snbt(item)}")
    return "{" + ",".join(parts) + "}"


def to_tag(value: Json) -> nbtlib.tag.Base:
    """A JSON-like value as an nbtlib tag (bools as bytes, ints as ints)."""
    import nbtlib
    if isinstance(value, bool):
        return nbtlib.Byte(1 if value else 0)
    if isinstance(value, int):
        return nbtlib.Int(value)
    if isinstance(value, str):
        return nbtlib.String(value)
    if isinstance(value, list):
        return nbtlib.List([to_tag(v) for v in value])
    return nbtlib.Compound({k: to_tag(v) for k, v in value.items()})


def plain(value: Json) -> str:
    """The visible text of a component (for length checks and tests)."""
    if isinstance(value, str):
        return value
    if isinstance(value, list):
        return "".join(plain(v) for v in value)
    if isinstance(value, dict):
        return str(value.get("text", "")) + "".join(plain(v) for v in value.get("extra", []))
    return str(value)


__all__ = ["Component", "Dialect", "Template", "button", "hover", "plain", "run", "suggest", "text", "tpl",
           "to_json", "to_snbt", "to_tag"]
