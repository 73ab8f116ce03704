"""Config text never reaches into a macro line: a `$(` in a space or card name stays text."""

from __future__ import annotations

import dataclasses
import json
import re

from hypothesis import given, settings
from hypothesis import strategies as st

from monopoli_mc.datapack.boardfns import add_board_functions
from monopoli_mc.datapack.build import build_pack
from monopoli_mc.datapack.layout import Layout
from monopoli_mc.datapack.pack import Pack
from monopoli_mc.datapack.text import Dialect
from monopoli_mc.datapack.versions import get_version
from monopoli_mc.datapack.world_config import WorldConfig
from monopoli_mc.rules.board import Board
from monopoli_mc.vanilla.data import load
from monopoli_mc.vanilla.judge import verdict
from monopoli_mc.vanilla.reader import Reader
from monopoli_mc.vanilla.snbt import read_compound

MACRO = re.compile(r"\$\(([A-Za-z0-9_]*)\)")
names = st.text(st.sampled_from("$()abc Z_-–'\"\\{}[]:,."), min_size=1, max_size=24).filter(
    lambda s: s.strip() != "")


def _banner(board: Board, world: WorldConfig, version: str, name: str) -> tuple[str, str]:
    """The banner line for space 1 renamed `name`, and the same line as the server fills it in."""
    spaces = list(board.spaces)
    spaces[1] = dataclasses.replace(spaces[1], name=name)
    hostile = dataclasses.replace(board, spaces=tuple(spaces))
    pack = Pack(version=get_version(version))
    add_board_functions(pack, Dialect(pack.version), hostile, Layout(world.boards[0]))
    clear, line = pack.functions[f"monopoli:board/{world.boards[0].name}/banner/1"]
    assert clear.endswith(" minecraft:air replace") and line.startswith("$")  # cleared first: ledger B1
    return line, MACRO.sub(lambda m: {"color": "red", "owner": "Alex"}[m.group(1)], line[1:])


def _custom_name(line: str, version: str) -> str:
    mc = load(version)
    r = Reader(line, mc, line.index("{CustomName"))
    name = read_compound(r)["CustomName"]
    if isinstance(name, str):  # before 1.21.5 a JSON text component in an NBT string
        name = json.loads(name)
    return str(name["text"]) + "".join(str(e) for e in name.get("extra", []))


@settings(max_examples=60, deadline=None)
@given(name=names)
def test_a_space_name_is_never_expanded_by_a_banner_line(name: str, board: Board, world: WorldConfig) -> None:
    for version in ("1.21.11", "1.21.4"):
        raw, filled = _banner(board, world, version, name)
        assert MACRO.findall(raw) == ["color", "owner"]  # only the pack's own arguments
        assert verdict(filled, version) is None
        assert _custom_name(filled, version) == f"{name} \u2013 Alex"


def test_no_config_text_reaches_a_macro_line(board: Board, world: WorldConfig) -> None:
    """Every name and card text of the board say `$(evil)`: no macro line has more arguments."""
    evil = "$(evil)"
    spaces = tuple(dataclasses.replace(s, name=f"{s.name} {evil}") for s in board.spaces)
    decks = {deck: tuple(dataclasses.replace(c, text=f"{c.text} {evil}", title=f"{c.title[:20]} {evil}")
                         for c in cards)
             for deck, cards in board.decks.items()}
    hostile = dataclasses.replace(board, spaces=spaces, decks=decks)
    for version in ("1.21.11", "1.21.4"):
        pack = build_pack(dataclasses.replace(world, version=get_version(version)), hostile)
        macro_lines = [line for lines in pack.functions.values() for line in lines if line.startswith("$")]
        assert macro_lines and not [line for line in macro_lines if "evil" in MACRO.findall(line)]
        assert any(evil in line or "\\u0024(evil)" in line for lines in pack.functions.values() for line in lines)
