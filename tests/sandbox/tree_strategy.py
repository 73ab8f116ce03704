"""Hypothesis strategies that draw command lines from Mojang's command tree of a release.

A line is a walk from the tree's root: a literal child is its name, an argument child a value its
parser may meet, at its limits too (the integer range and one past it, escapes, deep NBT, long
strings, selectors with options); `redirect` (`execute … run`, `execute as …`) continues at the
node it names. The walk may stop at any `executable` node, or run one token short or long, so
both the lines vanilla takes and the ones it refuses are drawn.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from hypothesis import strategies as st

from monopoli_mc.vanilla.data import load

PLAYERS = ("Alex", "Sam")
"""The bots online in the fuzzed world (tests/sandbox/test_fuzz_tree.py)."""
OBJECTIVES = ("n", "Cash", "trig", "monopoli.seq")
MAX_REDIRECTS = 4
INT = 2**31

_strings = st.text(st.characters(codec="utf-8", exclude_categories=["Cs"]), max_size=24)
_hostile = st.sampled_from(['"', "'", "\\", "\\n", "\\u0041", "\\x1b", "\n", "\t", "\x00", "\x01", "§",
                            "}", "]", "{", "[", ",", ":", "$(x)", " ", "@a", "\u00e9", "\U0001f600"])
_text = st.one_of(_strings, st.lists(st.one_of(_hostile, _strings), max_size=6).map("".join),
                  st.integers(1, 3000).map(lambda n: "x" * n))


def _mostly(valid: st.SearchStrategy[Any], edge: st.SearchStrategy[Any]) -> st.SearchStrategy[Any]:
    """Three draws in four from what the parser takes, so lines get past it to run."""
    return st.integers(0, 3).flatmap(lambda i: edge if i == 0 else valid)


def _quoted(s: str, q: str = '"') -> str:
    return q + s.replace("\\", "\\\\").replace(q, "\\" + q) + q


def _ints(props: dict[str, Any]) -> st.SearchStrategy[str]:
    lo, hi = props.get("min", -INT), props.get("max", INT - 1)
    edges = [lo, hi, lo - 1, hi + 1, 0, -1, 1, -INT, INT - 1, INT, -INT - 1, 10**12]
    return _mostly(st.integers(max(lo, -5), min(hi, 100)), st.one_of(st.sampled_from(edges), st.integers(lo, hi))).map(str)


def _floats(props: dict[str, Any]) -> st.SearchStrategy[str]:
    lo, hi = props.get("min"), props.get("max")
    edges = ["0", "-0.0", "1e9", "1.5", ".5", "-.5", "3.4028235E38", "1e400", "NaN", "0.1", "-1"]
    if lo is not None:
        edges += [str(lo), str(lo - 1)]
    if hi is not None:
        edges += [str(hi), str(hi + 0.5)]
    return st.one_of(st.sampled_from(edges), st.floats(allow_nan=False, allow_infinity=False).map(repr))


def _snbt(depth: int = 0) -> st.SearchStrategy[str]:
    scalar = st.one_of(
        st.integers(-INT, INT).map(str), st.integers(-128, 128).map(lambda n: f"{n}b"),
        st.integers(-2**63, 2**63).map(lambda n: f"{n}L"), st.sampled_from(["1.5f", "2.5d", "1e3", "-0.0d",
                                                                              "true", "false", "1e39f"]),
        _text.map(_quoted), _text.map(lambda s: _quoted(s, "'")),
        st.sampled_from(["[I;1,2,3]", "[B;1b,2b]", "[L;1L]", "[I;]", "[]", "{}", '"\\u00e9"', '"\\x41"']))
    if depth > 3:
        return scalar
    key = st.one_of(st.sampled_from(["a", "b", "d", "x1", "Items", "text", "1", "true", ""]),
                    _text.map(_quoted))
    inner = st.deferred(lambda: _snbt(depth + 1))
    return st.one_of(
        scalar,
        st.lists(st.tuples(key, inner), max_size=4).map(
            lambda kv: "{" + ",".join(f"{k}:{v}" for k, v in kv) + "}"),
        st.lists(inner, max_size=4).map(lambda vs: "[" + ",".join(vs) + "]"),
        st.integers(60, 600).map(lambda n: "{a:" * n + "1" + "}" * n),
        st.integers(60, 600).map(lambda n: "[" * n + "1" + "]" * n))


def _compound() -> st.SearchStrategy[str]:
    return st.one_of(st.just("{}"), _snbt(3).filter(lambda s: s.startswith("{")),
                     st.lists(st.tuples(st.sampled_from(["a", "d", "x", "kind", "value"]), _snbt(2)), max_size=5)
                     .map(lambda kv: "{" + ",".join(f"{k}:{v}" for k, v in kv) + "}"))


_selector_options = st.sampled_from([
    "limit=1", "limit=0", "limit=2147483648", "sort=nearest", "tag=t", "tag=!t", "name=Alex", "type=player",
    "type=minecraft:pig", "scores={n=1..}", "scores={n=..-2147483649}", "distance=..5", "x=0", "dx=1",
    "nbt={a:1}", "level=1..", "gamemode=survival", "team=", "predicate=t:p", "x_rotation=0..90", "foo=1"])
_selectors = st.one_of(
    st.sampled_from(["@a", "@s", "@p", "@r", "@e", "@n", *PLAYERS, "Nobody", "0-0-0-0-1",
                     "00000000-0000-0000-0000-000000000001", "@x", "a" * 17]),
    st.tuples(st.sampled_from(["@a", "@e", "@s", "@p"]), st.lists(_selector_options, max_size=3)).map(
        lambda t: f"{t[0]}[{','.join(t[1])}]"))
_selectors = _mostly(st.sampled_from(["@a", "@s", "@p", *PLAYERS, "@a[limit=1]", "@e[tag=t]", "@a[scores={n=0..}]"]),
                     _selectors)
_holders = _mostly(st.sampled_from(["@s", "*", "#fake", "$seq", "Alex", "@a"]),
                   st.one_of(_selectors, st.sampled_from(["#" + "x" * 40, "-5", "@e[limit=0]"])))
_ids = st.sampled_from(["t:fn", "t:leaf", "#t:both", "#t:none", "minecraft:stone", "stone", "t:nope", "T:Bad",
                        "monopoli:bridge", "minecraft:", ":x", "a" * 300 + ":b"])
_blocks = st.sampled_from(["minecraft:stone", "stone", "minecraft:chest{Items:[]}", "minecraft:oak_button[face=floor]",
                           "minecraft:command_block{Command:\"say hi\"}", "minecraft:air", "minecraft:red_banner",
                           "minecraft:nope", "minecraft:stone[foo=bar]", "#minecraft:logs", "minecraft:chest[facing=up]"])
_items = st.sampled_from(["minecraft:stone", "stone 64", "minecraft:map", "minecraft:written_book",
                          "minecraft:stone[custom_data={a:1}]", "minecraft:nope", "minecraft:stone{a:1}", "*",
                          "#minecraft:logs", "minecraft:diamond[max_stack_size=99]"])
_coords = _mostly(st.sampled_from(["~ ~ ~", "0 64 0", "1 64 0", "~ ~1 ~", "^ ^ ^1", "0 65 0"]), st.one_of(
    st.tuples(*[st.sampled_from(["~", "~1", "^", "0", "64", "-30000001", "30000000", "1.5", "~-1", "2147483647"])] * 3)
    .map(" ".join), st.just("^ ^ ^1")))
_paths = st.one_of(st.sampled_from(["a", "a.b", "a[0]", "a[-1]", "a[]", "a[{x:1}]", "{a:1}", "\"a b\".c", "a.b.c.d",
                                    "Items[0].id", "inbox", "a[2147483647]", "x" * 300, ""]),
                   st.integers(2, 80).map(lambda n: ".".join(["a"] * n)))
_components_json = st.one_of(_text.map(lambda s: json.dumps(s)), st.sampled_from([
    '{"text":"x"}', '[{"text":"a"},"b"]', '{"score":{"name":"Alex","objective":"n"}}', '{"selector":"@a"}',
    '{"text":"x","clickEvent":{"action":"run_command","value":"/trigger trig"}}', '{"nbt":"a","storage":"t:s"}',
    '{"translate":"x","with":[1]}', '{"text":1}', "{", '""']))
_components_snbt = st.one_of(_text.map(_quoted), st.sampled_from([
    '{text:"x"}', '[{text:"a"},"b"]', '{score:{name:"Alex",objective:"n"}}', '{selector:"@a"}',
    '{text:"x",click_event:{action:"run_command",command:"/trigger trig"}}', '{nbt:"a",storage:"t:s"}',
    '{translate:"x",with:[1]}', "{text:1}", "{", '""', "[]", '{text:"\\u0041"}']))


def _argument(node: dict[str, Any], release: str) -> st.SearchStrategy[str]:
    """Values for one argument node: what its parser takes, and some it refuses."""
    parser, props = node["parser"], node.get("properties") or {}
    table: dict[str, st.SearchStrategy[str]] = {
        "brigadier:bool": st.sampled_from(["true", "false", "yes", "1"]),
        "minecraft:entity": _selectors, "minecraft:game_profile": _selectors,
        "minecraft:score_holder": _holders,
        "minecraft:objective": st.one_of(st.sampled_from(OBJECTIVES), st.sampled_from(["nope", "x" * 20, "a.b+c"])),
        "minecraft:objective_criteria": st.sampled_from(["dummy", "trigger", "health", "nope", "minecraft.custom:minecraft.jump"]),
        "minecraft:block_pos": _coords, "minecraft:vec3": _coords,
        "minecraft:column_pos": st.sampled_from(["0 0", "~ ~", "-30000000 30000000", "1000 1000", "1.5 2"]),
        "minecraft:rotation": st.sampled_from(["0 0", "~ ~", "90 -90", "1e9 0"]),
        "minecraft:function": _ids, "minecraft:resource_location": _ids,
        "minecraft:block_state": _blocks, "minecraft:block_predicate": _blocks,
        "minecraft:item_stack": _items, "minecraft:item_predicate": _items,
        "minecraft:nbt_compound_tag": _mostly(st.sampled_from(["{}", "{a:1}", '{who:"Alex",value:3,text:"hi"}',
                                                               "{a:1,d:2}", "{b:[1,2],c:{e:1b}}"]), _compound()),
        "minecraft:nbt_tag": _mostly(st.sampled_from(["1", '"x"', "{a:1}", "[1,2]", "1.5d", "[I;1]"]), _snbt()),
        "minecraft:nbt_path": _mostly(st.sampled_from(["a", "a.b", "a.b[0]", "a.d.e", "a.c", "x", "a.b[]"]), _paths),
        "minecraft:component": _components_snbt if release != "1.21.4" else _components_json,
        "minecraft:style": st.sampled_from(["{color:\"red\"}", '{"color":"red"}', "{bold:true}", "{}"]),
        "minecraft:message": st.one_of(_text, st.just("hi @a and @s")),
        "minecraft:int_range": st.sampled_from(["1", "1..", "..2", "1..2", "2..1", "..", "2147483648..", "-5..-1"]),
        "minecraft:float_range": st.sampled_from(["1", "0.5..", "..2.5", "2..1"]),
        "minecraft:time": st.sampled_from(["0", "1", "1t", "2s", "1d", "-1", "0.5", "2147483648", "1x"]),
        "minecraft:color": st.sampled_from(["red", "reset", "light_blue", "nope"]),
        "minecraft:team": st.sampled_from(["red", "blue", "nope"]),
        "minecraft:scoreboard_slot": st.sampled_from(["sidebar", "list", "below_name", "sidebar.team.red", "nope"]),
        "minecraft:operation": st.sampled_from(["=", "+=", "-=", "*=", "/=", "%=", "<", ">", "><", "!"]),
        "minecraft:swizzle": st.sampled_from(["xyz", "x", "xx", "w"]),
        "minecraft:entity_anchor": st.sampled_from(["eyes", "feet", "head"]),
        "minecraft:dimension": st.sampled_from(["minecraft:overworld", "minecraft:the_nether", "t:nope"]),
        "minecraft:heightmap": st.sampled_from(["world_surface", "nope"]),
        "minecraft:item_slot": st.sampled_from(["container.0", "weapon.mainhand", "hotbar.8", "container.9999", "nope"]),
        "minecraft:item_slots": st.sampled_from(["container.*", "weapon.*", "hotbar.0"]),
        "minecraft:template_mirror": st.sampled_from(["none", "left_right", "nope"]),
        "minecraft:template_rotation": st.sampled_from(["none", "clockwise_90", "nope"]),
        "minecraft:resource": st.sampled_from(["minecraft:pig", "minecraft:player", "nope"]),
        "minecraft:resource_key": st.sampled_from(["t:a", "minecraft:story/root"]),
    }
    if parser in ("brigadier:integer", "brigadier:long"):
        return _ints(props)
    if parser in ("brigadier:float", "brigadier:double"):
        return _floats(props)
    if parser == "brigadier:string":
        kind = props.get("type", "word")
        if kind == "word":
            return st.one_of(st.sampled_from(["t", "x", "a.b", "_-+"]), st.integers(1, 300).map(lambda n: "w" * n))
        if kind == "phrase":
            return st.one_of(_text.map(_quoted), st.sampled_from(["word", '"open', "'x'"]))
        return _text
    return table.get(parser, st.sampled_from(["x", "0", "minecraft:stone", "{}", "~ ~ ~"]))


@st.composite
def command_line(draw: st.DrawFn, release: str, roots: tuple[str, ...]) -> str:
    """One line from the tree of `release`, starting at one of `roots` (a command's name)."""
    tree = load(release).tree
    root = draw(st.sampled_from(roots))
    node = tree["children"][root]
    words = [root]
    redirects = 0
    while True:
        children: dict[str, Any] = node.get("children", {})
        redirect = node.get("redirect")
        if redirect is not None and redirects < MAX_REDIRECTS:
            target = tree
            for part in redirect:
                target = target["children"][part]
            children = target.get("children", {})
            redirects += 1
            if "run" in children and (redirects == MAX_REDIRECTS or draw(st.integers(0, 2)) == 0):
                children = {"run": children["run"]}  # end the chain with a command, mostly
        elif node["type"] == "literal" and not children and not node.get("executable"):
            # `execute run`: the report writes a redirect to the root as none; the commands drawn
            # (no further `execute` once the chain is long)
            children = {name: tree["children"][name] for name in roots
                        if redirects < MAX_REDIRECTS or name not in ("execute", "return")}
            redirects += 1
        if not children or (node.get("executable") and draw(st.integers(0, 3)) == 0):
            break
        name = draw(st.sampled_from(sorted(children)))
        node = children[name]
        words.append(name if node["type"] == "literal" else draw(_argument(node, release)))
    if draw(st.integers(0, 15)) == 0:  # one token too many, or a line cut short
        words = words + ["extra"] if draw(st.booleans()) else words[:-1]
    return " ".join(words)


_ARG = re.compile(r"%(?:\d+\$)?s")
WHOLE = ("commands.", "command.", "argument.", "arguments.", "parsing.", "snbt.", "permissions.",
         "team.notFound", "clear.failed.", "advancement.advancementNotFound", "slot.")
"""The keys whose string is a whole reply; the rest of the file are parts of one (item and
game mode names, `[%s]`), and chat (`say`) goes to players and the log, never to RCON."""
SHAPES = {"commands.scoreboard.players.list.entity.entry": r"(?:\[[^\]]*\]: -?\d+)"}
"""Strings all but made of `%s` ("%s: %s"), matched by the shape their arguments have (an
objective's `[display name]`, a score), else they would match nearly any text."""
FRAGMENTS = ("commands.list.nameAndId", "commands.test.coordinates", "commands.fetchprofile.copy_text",
             "command.context.here", "command.context.parse_error")


BEFORE_1_21_9 = {
    # en_us strings 25w36a (1.21.9) reworded: the text before, from PixiGeko/Minecraft-generated-data's
    # comparison of 25w36a against 25w35a (the keys a command's reply can use)
    "argument.block.tag.disallowed": "Tags aren't allowed here, only actual blocks",
    "argument.item.tag.disallowed": "Tags aren't allowed here, only actual items",
    **{f"argument.{kind}.{side}": f"{kind.title()} must not be {word} than %s, found %s"
       for kind in ("integer", "long", "float", "double") for side, word in (("low", "less"), ("big", "more"))},
    "argument.range.ints": "Only whole numbers allowed, not decimals",
    "argument.time.tick_count_too_low": "The tick count must not be less than %s, found %s",
    "arguments.swizzle.invalid": "Invalid swizzle, expected combination of 'x', 'y' and 'z'",
    "command.unknown.command": "Unknown or incomplete command, see below for error",
    "commands.clone.toobig": "Too many blocks in the specified area (maximum %s, specified %s)",
    "commands.execute.blocks.toobig": "Too many blocks in the specified area (maximum %s, specified %s)",
    "commands.fill.toobig": "Too many blocks in the specified area (maximum %s, specified %s)",
    "commands.fillbiome.toobig": "Too many blocks in the specified volume (maximum %s, specified %s)",
    "commands.forceload.toobig": "Too many chunks in the specified area (maximum %s, specified %s)",
    "commands.data.modify.expected_list": "Expected list, got: %s",
    "commands.data.modify.expected_object": "Expected object, got: %s",
    "commands.data.modify.expected_value": "Expected value, got: %s",
    "commands.execute.conditional.fail_count": "Test failed, count: %s",
    "commands.execute.conditional.pass_count": "Test passed, count: %s",
    "commands.function.error.argument_not_compound": "Invalid argument type: %s, expected Compound",
    "parsing.bool.invalid": "Invalid boolean, expected 'true' or 'false' but found '%s'",
    "slot.only_single_allowed": "Only single slots allowed, got '%s'",
}


def message_patterns(release: str) -> re.Pattern[str]:
    """One regex that a vanilla reply line of `release` matches whole: each en_us string of a
    command, argument or parse error (`%s` any text), or a parse error's cursor line.

    The strings are 1.21.11's `en_us.json` (tests/sandbox/en_us_1.21.11_commands.json); before
    1.21.9, the ones 25w36a reworded are taken back (`BEFORE_1_21_9`), and the keys the project's
    registries hold for the release (argument, parsing and command errors) are its own. No
    1.21.4 `en_us.json` was in reach: a string changed between 1.21.4 and 1.21.11 in another
    snapshot is 1.21.11's here (docs/sandbox.md, "Fuzzing the sandbox").
    """
    strings: dict[str, str] = json.loads((Path(__file__).parent / "en_us_1.21.11_commands.json").read_text("utf-8"))
    if load(release).at_least(1, 21, 9):
        own = strings
    else:
        own = {**strings, **BEFORE_1_21_9}
    strings = {key: text for key, text in {**own, **load(release).lang}.items()
               if key.startswith(WHOLE) and key not in FRAGMENTS}
    shaped = {key: strings.pop(key) for key in SHAPES if key in strings}
    parts = [SHAPES[key] for key in shaped]
    for text in sorted(set(strings.values())):
        pieces = [p.replace("\0", "%") for p in _ARG.split(text.replace("%%", "\0"))]
        if not "".join(pieces).strip():
            continue  # "%s" alone would match anything
        parts.append("(?:" + ".*?".join(re.escape(p) for p in pieces) + ")")
    cursor = r"(?:(?:\.\.\.)?.*<--\[HERE\])"
    return re.compile("(?:" + "|".join(parts + [cursor]) + ")", re.DOTALL)
