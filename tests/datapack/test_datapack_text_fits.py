"""Text always fits (issue 19, item 6): a line too long for one request once escaped is split (chat)
or shortened (titles), never refused, on both dialects; what arrives is the text."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from monopoli_mc.bridge import outbox
from monopoli_mc.datapack import calls, escape
from monopoli_mc.datapack.build import build_pack
from monopoli_mc.datapack.pack import write_pack
from monopoli_mc.datapack.versions import get_version
from monopoli_mc.datapack.world_config import load_world
from monopoli_mc.rules.board import default_board_path, load_board
from monopoli_mc.sandbox.bots import Bot
from monopoli_mc.sandbox.world import World

VERSIONS = ("1.21.11", "1.21.4")
COMMITTED = Path(__file__).resolve().parents[2] / "datapacks" / "monopoli"
C1 = "".join(chr(c) for c in range(0x80, 0xA0))
# what escapes long: C1 and C0 controls, quotes, backslashes, `$(`, line separators, astral characters
HOSTILE = st.text(st.sampled_from(list(C1 + '\x00\x1f\n\t"\\\'$(){}[]\u2028\u2029\U0001F600é x')), max_size=700) \
    | st.text(st.characters(blacklist_categories=["Cs"]), max_size=400)


@pytest.fixture(scope="module")
def worlds(tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[str, tuple[World, Bot, Bot]]]:
    """A strict world per release with its pack, and two players: Alex and `Robin!` (told by selector)."""
    out = {}
    for version in VERSIONS:
        folder = COMMITTED
        if version != "1.21.11":  # the committed pack is the default release's
            pack = build_pack(dataclasses.replace(load_world(), version=get_version(version)),
                              load_board(default_board_path()))
            folder, _ = write_pack(pack, tmp_path_factory.mktemp(version))
        world = World(version=version, strict=True)
        world.load_datapack(Path(folder))
        world.tick()
        out[version] = (world, Bot.join(world, "Alex"), Bot.join(world, "Robin!"))
    yield out


def _told(world: World, bot: Bot, commands: list[str]) -> list[str]:
    before = len(bot.chat_text())
    for command in commands:
        assert len(command.encode("utf-8")) <= calls.MAX_REQUEST
        world.execute(command)
    assert world.strict_failures == []
    return bot.chat_text()[before:]


def test_two_hundred_c1_characters_on_1_21_11_are_split_not_refused(worlds: dict[str, tuple[World, Bot, Bot]]) -> None:
    world, alex, _ = worlds["1.21.11"]
    view = outbox.Table("main", ("red",), get_version("1.21.11"))
    card = "Advance to Go. " + C1 * 7  # about 200 C1 characters: 7 bytes each as a macro argument
    commands = outbox.tell(view, "Alex", card)
    assert len(commands) >= 2
    assert "".join(_told(world, alex, commands)) == card
    (title,) = outbox.title(view, "Alex", card)
    world.execute(title)
    kind, shown = alex.titles()[-1]
    assert kind == "title" and shown.endswith("\u2026") and card.startswith(shown[:-1])


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(text=HOSTILE, version=st.sampled_from(VERSIONS), odd=st.booleans())
def test_any_text_arrives_whole_in_lines_that_each_fit(worlds: dict[str, tuple[World, Bot, Bot]], text: str,
                                                      version: str, odd: bool) -> None:
    world, alex, robin = worlds[version]
    bot, to = (robin, escape.by_name("Robin!")) if odd else (alex, "Alex")
    assert to is not None
    view = outbox.Table("main", ("red",), get_version(version))
    pieces = calls.fit("tell", to, text, get_version(version))
    assert "".join(pieces) == text and all(len(p) <= calls.MAX_MESSAGE for p in pieces)
    told = _told(world, bot, outbox.tell(view, to, text))
    assert len(told) == len(pieces)
    got = "".join(told)
    if version == "1.21.11":
        assert got == text
    else:  # before 1.21.5 SNBT has no escapes: a C1 control arrives as a space (escape.snbt_string)
        assert len(got) == len(text) and all(a == b or a == " " for a, b in zip(got, text))
    for command in outbox.title(view, to, text, text):
        assert len(command.encode("utf-8")) <= calls.MAX_REQUEST
        world.execute(command)
    assert world.strict_failures == []
