"""The sandbox reads with vanilla's readers (the judge's): SNBT (`vanilla.snbt`) and text components
(`vanilla.text`). Not strict, it takes, keeps as text or refuses a value as the release does, in
vanilla's words and at vanilla's cursor, never raising where vanilla answers."""

from __future__ import annotations

import pytest

from monopoli_mc.sandbox.world import World
from monopoli_mc.vanilla.judge import verdict
from monopoli_mc.vanilla.reader import context_line

CASES = [  # (release, value, what `data get` then prints, or vanilla's refusal)
    ("1.21.4", "300b", '"300b"'),  # NumberFormatException: TagParser keeps it as a string
    ("1.21.11", "300b", "Failed to parse number: 300b"),
    ("1.21.4", "1e5", '"1e5"'),  # no `.`: no double before 1.21.5
    ("1.21.11", "1e5", "100000.0d"),
    ("1.21.4", "[1b,2]", "Can't insert TAG_Int into list of TAG_Byte"),
    ("1.21.11", "[1b,2]", "[1b, 2]"),
    ("1.21.4", "{a:1e400d}", "{a: Infinityd}"),
    ("1.21.11", "{a:1e400d}", "Non-finite numbers are not allowed"),
    ("1.21.11", "[I;1,2b]", "[I; 1, 2]"),
    ("1.21.11", "0x1Fs", "31s"),
]


@pytest.mark.parametrize(("version", "value", "shown"), CASES)
def test_a_value_reads_as_the_judge_reads_it(version: str, value: str, shown: str) -> None:
    world = World(version=version)
    line = f"data modify storage monopoli:t v set value {value}"
    said = world.execute(line)
    refusal = verdict(line, version, 4)
    if refusal is not None:
        assert said[0] == shown == refusal.message
    else:
        assert said == ["Modified storage monopoli:t"]
        assert world.execute("data get storage monopoli:t v") == [f"Storage monopoli:t has the following contents: {shown}"]


COMPONENTS = [  # (release, tellraw's component and what follows it)
    ("1.21.4", '"hi" x'),  # one JSON value is read (ParserUtils.parseJson), then the text left over
    ("1.21.4", '{"text":"a","extra":[]}'),
    ("1.21.11", '{text:"a",extra:[]}'),
    ("1.21.11", '{text:"a",color:"nocolour"}'),
    ("1.21.11", '["",{text:"a",bold:1b}]'),
    ("1.21.4", '["",{"text":"a","bold":true}]'),
]


@pytest.mark.parametrize(("version", "component"), COMPONENTS)
def test_a_component_reads_as_the_judge_reads_it(version: str, component: str) -> None:
    """Text components are read by vanilla's ComponentArgument reader (`vanilla.text.read_component`)."""
    world = World(version=version)
    line = f"tellraw @a {component}"
    refusal = verdict(line, version, 4)
    said = world.execute(line)
    if refusal is not None:
        assert said == [refusal.message, context_line(line, refusal.cursor)]
    else:
        assert said == ["No player was found"]  # read whole; nobody online to tell


@pytest.mark.parametrize("strict", [False, True])
@pytest.mark.parametrize("line", ["scoreboard players set Alex Cash 7", "execute as @a run trigger d6 set 2"])
def test_a_command_on_vanilla_s_parse_is_parsed_once(line: str, strict: bool, monkeypatch: pytest.MonkeyPatch) -> None:
    """Every command runs on the judge's parse (registry.handles), strict or not; strict, the judge's verdict
    on the line is that same parse (remembered), so the line is parsed once, the command after
    `execute … run` included (it runs on the tail of the same parse)."""
    from monopoli_mc.vanilla import judge

    parses: list[str] = []
    real = judge.parse_line
    monkeypatch.setattr(judge, "parse_line", lambda text, mc, ctx: parses.append(text) or real(text, mc, ctx))
    judge.read.cache_clear()
    world = World(version="1.21.11", strict=strict)
    world.execute("scoreboard objectives add Cash dummy")
    world.execute("scoreboard objectives add d6 trigger")
    parses.clear()
    world.execute(line)
    assert not world.strict_failures
    assert parses == [line]
