"""Text components in block entity data as vanilla stores them: decoded when the data is loaded,
encoded again when it is saved (ledger rows B4, B5).

Up to 1.21.4 a banner's or container's `CustomName` is a JSON string written by
`Component.Serializer.toJson` (keys in the codec's order) and a sign's lines are JSON strings
written by `ComponentSerialization.FLAT_CODEC` (`GsonHelper.toStableString`: keys sorted). From
1.21.5 both are NBT (`TextCodecs.CODEC`). On every release the codec writes a plain literal (no
style, no siblings: `Component.tryCollapseToString`, 1.21.11 `Text.getLiteralString`) as a bare
string, so `{"text":"Boardwalk"}` is stored, and read back, as `"Boardwalk"`.
"""

from __future__ import annotations

import json
from typing import Any

from nbtlib import Byte, Compound, Double, Int, List, String

from monopoli_mc.sandbox.nbt_tags import element, make_list
from monopoli_mc.sandbox.text import to_plain_data

# The codec's field order: the contents' own fields (ComponentContents.Type codecs), `extra`, then
# Style.Serializer.MAP_CODEC (1.21.4) / Style.Codecs.MAP_CODEC (1.21.11).
_CONTENTS = (("text",), ("translate", "fallback", "with"), ("score",), ("selector", "separator"),
             ("keybind",), ("nbt", "interpret", "separator", "block", "entity", "storage", "source"))
_STYLE_JSON = ("color", "shadow_color", "bold", "italic", "underlined", "strikethrough", "obfuscated",
               "clickEvent", "hoverEvent", "insertion", "font")
_STYLE_NBT = ("color", "shadow_color", "bold", "italic", "underlined", "strikethrough", "obfuscated",
              "click_event", "hover_event", "insertion", "font")
_FLAGS = ("bold", "italic", "underlined", "strikethrough", "obfuscated")
_SIDES = ("front_text", "back_text")


class Undecodable(ValueError):
    """A value the component codec refuses (vanilla logs it and loads nothing in its place)."""


def decode(value: Any, *, json_dialect: bool) -> Any:
    """A stored component as plain data (str, list, dict), as the codec reads it; Undecodable if not.

    JSON dialect: the tag must be a string holding JSON (`FLAT_CODEC`, `Serializer.fromJson`);
    NBT dialect: the tag itself (a string, a list, a compound)."""
    data = to_plain_data(value)
    if json_dialect:
        if not isinstance(data, str):
            raise Undecodable("not a string")
        try:
            data = json.loads(data)
        except ValueError as exc:
            raise Undecodable(f"not JSON: {exc}") from None
    return _component(data)


def _component(data: Any) -> Any:
    """ComponentSerialization.createCodec's decoder: a string is a literal, a non-empty list is its
    first element with the rest appended as siblings (createFromList), an object names its contents."""
    if isinstance(data, str):
        return {"text": data}
    if isinstance(data, list):
        if not data:
            raise Undecodable("an empty list")
        head = dict(_component(data[0]))
        head["extra"] = [*head.get("extra", []), *(_component(d) for d in data[1:])]
        return head
    if not isinstance(data, dict):
        raise Undecodable(f"not a component: {data!r}")
    out = {k: v for k, v in data.items() if v is not None}  # JsonOps reads a null field as no field
    kind = next((fields[0] for fields in _CONTENTS if fields[0] in out), None)
    if kind is None:
        raise Undecodable("no contents (text, translate, score, selector, keybind or nbt)")
    if not isinstance(out[kind], dict if kind == "score" else str):  # Codec.STRING: a number is no string
        raise Undecodable(f"{kind}: not a {'compound' if kind == 'score' else 'string'}")
    for flag in _FLAGS:  # Codec.BOOL: a boolean, or a number (not zero is true)
        if flag in out and not isinstance(out[flag], bool | int | float):
            raise Undecodable(f"{flag}: not a boolean")
    if "color" in out and not isinstance(out["color"], str):
        raise Undecodable("color: not a string")
    if "extra" in out:
        if not isinstance(out["extra"], list) or not out["extra"]:  # ExtraCodecs.nonEmptyList
            raise Undecodable("extra: not a non-empty list")
        out["extra"] = [_component(d) for d in out["extra"]]
    if "with" in out:
        if not isinstance(out["with"], list):
            raise Undecodable("with: not a list")
        out["with"] = [w if isinstance(w, bool | int | float) else _component(w) for w in out["with"]]
    return out


def _fields(comp: dict[str, Any], style: tuple[str, ...]) -> list[str]:
    """The component's fields in the order the codec writes them; others are not kept."""
    contents = next(fields for fields in _CONTENTS if fields[0] in comp)
    return [k for k in (*contents, "extra", *style) if k in comp]


def _collapsed(comp: dict[str, Any]) -> str | None:
    """tryCollapseToString: the text of a literal with no style and no siblings."""
    return comp["text"] if set(comp) <= {"text", "type"} and isinstance(comp.get("text"), str) else None


def to_json(comp: Any) -> Any:
    """The codec's JSON for a decoded component: a string when it collapses, else an object in the
    codec's field order (what `Component.Serializer.toJson` writes)."""
    if not isinstance(comp, dict):
        return comp
    text = _collapsed(comp)
    if text is not None:
        return text
    out: dict[str, Any] = {}
    for key in _fields(comp, _STYLE_JSON):
        value = comp[key]
        if key in ("extra", "with"):
            value = [to_json(v) for v in value]
        elif key in _FLAGS:
            value = bool(value)
        out[key] = value
    return out


def json_string(value: Any) -> str:
    """Gson's text of a JSON value: no spaces, no HTML escaping, U+2028 and U+2029 escaped (JsonWriter)."""
    text = json.dumps(value, ensure_ascii=False, separators=(",", ":"), sort_keys=False)
    return text.replace("\u2028", "\\u2028").replace("\u2029", "\\u2029")


def _sorted(value: Any) -> Any:
    """Every object's keys sorted, as GsonHelper.toStableString writes them (the FLAT_CODEC)."""
    if isinstance(value, dict):
        return {k: _sorted(v) for k, v in sorted(value.items())}
    if isinstance(value, list):
        return [_sorted(v) for v in value]
    return value


def to_nbt(comp: Any, original: Any) -> Any:
    """The codec's NBT for a decoded component (1.21.5+): a string tag when it collapses, else a
    compound in the codec's field order; a style or contents value keeps the tag it was given (a flag
    as a byte: Codec.BOOL)."""
    text = _collapsed(comp)
    if text is not None:
        return String(text)
    if isinstance(original, list) and original:  # createFromList: the first, the rest its siblings
        items = [element(original, item) for item in original]
        given = items[0] if isinstance(items[0], Compound) else Compound()
        sources = [*_extra(given), *items[1:]]
    else:
        given = original if isinstance(original, Compound) else Compound()
        sources = _extra(given)
    out = Compound()
    for key in _fields(comp, _STYLE_NBT):
        if key == "extra":
            out[key] = make_list([to_nbt(c, sources[i] if i < len(sources) else None)
                                  for i, c in enumerate(comp["extra"])])
        elif key in _FLAGS:
            out[key] = Byte(int(bool(given[key] if key in given else comp[key])))
        else:
            out[key] = given[key] if key in given else _tag(comp[key])
    return out


def _extra(given: Compound) -> list[Any]:
    """A component tag's siblings as they were given, unwrapped."""
    extra = given.get("extra")
    return [element(extra, item) for item in extra] if isinstance(extra, list) else []


def _tag(value: Any) -> Any:
    """A plain value as a tag (the parts of a component that came from a list or a bare string)."""
    if isinstance(value, dict):
        return Compound({k: _tag(v) for k, v in value.items()})
    if isinstance(value, list):
        return make_list([_tag(v) for v in value])
    if isinstance(value, bool):
        return Byte(int(value))
    if isinstance(value, int):
        return Int(value)
    if isinstance(value, float):
        return Double(value)
    return String(str(value))


def stored(value: Any, *, json_dialect: bool, stable: bool) -> Any:
    """A component tag as the block entity saves it after loading it; Undecodable if it cannot load."""
    comp = decode(value, json_dialect=json_dialect)
    if json_dialect:
        encoded = to_json(comp)
        return String(json_string(_sorted(encoded) if stable else encoded))
    return to_nbt(comp, value)


def load_block_entity(block_id: str, nbt: Compound, old: Compound | None, *, json_dialect: bool) -> Compound:
    """Block entity data as vanilla keeps it once loaded: names and sign lines decoded and encoded again.

    A `CustomName` the codec refuses is dropped (`parseCustomNameSafe`, 1.21.11 `tryParseCustomName`);
    a sign side it refuses keeps the text it had (`SignText` parse `resultOrPartial`, then `ifPresent`).
    """
    out = Compound(nbt)
    if "CustomName" in out:
        try:
            out["CustomName"] = stored(out["CustomName"], json_dialect=json_dialect, stable=False)
        except Undecodable:
            del out["CustomName"]
    if block_id.endswith("_sign"):
        for side in _SIDES:
            out[side] = _sign_side(out.get(side), (old or Compound()).get(side), json_dialect=json_dialect)
        out.setdefault("is_waxed", Byte(0))
    return out


def empty_side(*, json_dialect: bool) -> Compound:
    """A sign side with nothing written: four empty lines, black, not glowing (SignText's defaults)."""
    line = String('""') if json_dialect else String("")
    return Compound({"messages": List[String]([line] * 4), "color": String("black"),
                     "has_glowing_text": Byte(0)})


def _sign_side(side: Any, old: Any, *, json_dialect: bool) -> Compound:
    """SignText.DIRECT_CODEC (1.21.11 SignText.CODEC) read and written again: four lines, a colour,
    the glow; `filtered_messages` only where it differs from the lines."""
    before = old if isinstance(old, Compound) else empty_side(json_dialect=json_dialect)
    if not isinstance(side, Compound):
        return before
    try:
        lines = _lines(side.get("messages"), json_dialect=json_dialect)
        filtered = (_lines(side["filtered_messages"], json_dialect=json_dialect)
                    if "filtered_messages" in side else None)
    except Undecodable:
        return before
    out = Compound({"messages": lines, "color": String(str(side.get("color", "black"))),
                    "has_glowing_text": Byte(int(bool(side.get("has_glowing_text", 0))))})
    if filtered is not None and filtered != lines:
        out["filtered_messages"] = filtered
    return out


def _lines(messages: Any, *, json_dialect: bool) -> List:
    """Exactly four lines (Util.fixedSize), each as the codec stores it."""
    if not isinstance(messages, list) or len(messages) != 4:
        raise Undecodable("a sign side needs four lines")
    return make_list([stored(element(messages, m), json_dialect=json_dialect, stable=True) for m in messages])
