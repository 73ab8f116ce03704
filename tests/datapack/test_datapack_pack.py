"""The generated pack: grammar (mecha), folders, dialect, titles, references, macro sizes."""

from __future__ import annotations

import functools
import json
from typing import Any

import pytest

from dp_checks import (CAMEL_GAMERULES, book_titles, command_lines, dialect_problems,
                       folder_problems, missing_functions, structure_commands)
from monopoli_mc.datapack import calls
from monopoli_mc.datapack.channel import INTENTS
from monopoli_mc.datapack.pack import Pack
from monopoli_mc.rules.board import Board
from monopoli_mc.vanilla.nbt import read_compressed


def _structure(pack: Pack) -> Any:
    return _parsed(pack.structures["monopoli:board"])


@functools.lru_cache(maxsize=4)
def _parsed(data: bytes) -> Any:
    """The structure as the server's NbtIo reads it (`vanilla.nbt`; nbtlib, a third of a second a board, reads
    it as a second opinion in test_datapack_structure.py)."""
    return read_compressed(data)[1]


@pytest.mark.long(seconds=3)
def test_every_line_parses_with_mecha(pack: Pack, mecha: Any) -> None:
    snake = pack.version.has_snake_case_gamerules
    failures = []
    lines: dict[str, str] = {}  # each line once, with its first function: mecha reads a line alone, and about
    for fid, line in command_lines(pack):  # half of the pack's lines repeat one read already
        lines.setdefault(line, fid)
    for line, fid in lines.items():
        if line.startswith("gamerule ") and not snake:
            # mecha's 1.21 grammar is 1.21.11's; older names are checked against our list
            if line.split()[1] not in CAMEL_GAMERULES:
                failures.append(f"{fid}: {line}")
            continue
        try:
            mecha.parse(line)
        except Exception as exc:  # mecha raises DiagnosticError
            failures.append(f"{fid}: {line[:100]}: {str(exc)[:200]}")
    assert failures == []


def test_no_command_block_stands_behind_a_button(pack: Pack) -> None:
    assert structure_commands(_structure(pack)) == []


def test_folders_fit_the_format(pack: Pack) -> None:
    assert folder_problems(pack) == []
    files = pack.files()
    assert "data/monopoli/function/load.mcfunction" in files
    assert "data/minecraft/tags/function/tick.json" in files
    assert "data/monopoli/structure/board.nbt" in files


def test_mcmeta_shape(pack: Pack) -> None:
    meta = json.loads(pack.files()["pack.mcmeta"])["pack"]
    if pack.version.name == "1.21.11":
        assert meta["min_format"] == [94, 1] and meta["max_format"] == [94, 1]
        assert "pack_format" not in meta
    else:
        assert meta["pack_format"] == 61 and "min_format" not in meta


def test_text_keys_fit_the_dialect(pack: Pack) -> None:
    assert dialect_problems(pack) == []


def test_gamerules_are_named_for_the_version(pack: Pack) -> None:
    rules = [line.split()[1] for line in pack.functions["monopoli:load"] if line.startswith("gamerule")]
    if pack.version.has_snake_case_gamerules:
        assert "send_command_feedback" in rules and "command_block_output" in rules
    else:
        assert set(rules) == CAMEL_GAMERULES


def test_book_titles_fit(pack: Pack, board: Board) -> None:
    titles = book_titles(pack)
    cards = sum(len(d) for d in board.decks.values())
    assert len(titles) == cards + len(board.deeds) + 1  # and the night's standings book (nightfns.py)
    assert all(0 < len(t) <= 32 for t in titles)


def test_every_called_function_exists(pack: Pack) -> None:
    rewards = [str(a["rewards"]["function"]) for a in pack.advancements.values()  # type: ignore[index]
               if "rewards" in a]
    assert len(rewards) == 4
    assert missing_functions(pack, rewards) == []


def test_a_trigger_for_every_intent(pack: Pack) -> None:
    tick = "\n".join(pack.functions["monopoli:tick"])
    for intent in INTENTS:
        assert f"scores={{{intent.name}=1..}}" in tick
        assert f"monopoli:input/{intent.name}" in pack.functions


def _longest_calls(pack: Pack) -> list[str]:
    name, board, worst = "A" * 16, "b" * 16, '"\\' * 128
    version = pack.version
    out = [calls.ack(2**31 - 1), calls.card(name, "community_chest", 15),
           calls.take_card(name, "community_chest", 15), calls.deed(name, 39),
           calls.take_deed(name, 39), calls.prompt_buy(name, 39), calls.prompt_bid(name, 2**30, name),
           calls.prompt_bus(name, 6, 6), calls.prompt_claim(name, 39, 2**30),
           calls.enable(name), calls.cash(name, -(2**31)), calls.jar("a" * 16, 2**31 - 1, named=True), calls.jar("main", None),
           calls.banner(board, 39, "light_gray", name), calls.unbanner(board, 39),
           calls.houses(board, 39, 5), calls.teleport(name, board, 39), calls.jail(name, board),
           calls.prompt_buy(name, 39, auction=False), calls.houses(board, 39, 4, apartment=True),
           calls.pawn(name, "light_gray"), calls.unpawn(name),
           calls.prompt_offer_to(name, [(seat, chr(ord("A") + seat) * 16) for seat in range(1, 8)])]
    out += [calls.prompt(name, p, fine=50) for p in calls.PROMPTS]
    out += [calls.message(kind, name, worst, version) for kind in calls.MESSAGES]
    out += [calls.message("tell", name, "\U0001F600" * calls.MAX_MESSAGE, version)]
    return out


def test_every_controller_call_fits_one_request(pack: Pack, mecha: Any) -> None:
    for call in _longest_calls(pack):
        assert len(call.encode("utf-8")) <= calls.MAX_REQUEST, call[:60]
        mecha.parse(call)


def test_controller_calls_name_existing_functions(pack: Pack) -> None:
    for call in _longest_calls(pack):
        assert call.split()[1] in pack.functions


@pytest.mark.parametrize("bad", ["", "a b", "x" * 17, "@e", 'A"lex', "Al\nex"])
def test_calls_refuse_what_is_not_a_player_name(bad: str) -> None:
    from monopoli_mc.errors import MonopoliError

    with pytest.raises(MonopoliError, match="not a player name"):
        calls.deed(bad, 1)


def test_anti_monopoly_pack_deeds_show_both_rents_and_parse(world: Any, mecha: Any) -> None:
    from monopoli_mc.datapack.build import build_pack
    from monopoli_mc.rules.board import board_path, load_board

    pack = build_pack(world, load_board(board_path("anti-monopoly")))
    deed = " ".join(pack.functions["monopoli:deed/3"])
    assert "MONOPOLIST RENT" in deed and "With an apartment $450" in deed and "With an apartment $563" in deed
    assert 'author:"Treasury"' in deed and "With a hotel" not in deed
    assert "2 owned: rent $63" in " ".join(pack.functions["monopoli:deed/5"])
    assert "[Decline]" in " ".join(pack.functions["monopoli:prompt/decline/3"])
    for fid, line in command_lines(pack):
        if fid.startswith(("monopoli:deed/", "monopoli:card/", "monopoli:prompt/")):
            mecha.parse(line)


def _judged(pack: Pack) -> list[str]:
    """Every line the judge refuses: lines as the server loads them, macro lines filled in."""
    from monopoli_mc.vanilla.judge import check_function, verdict
    release = pack.version.name
    bad = [f"{fid}:{n}: {r}" for fid, lines in pack.functions.items()
           for n, _, r in check_function(lines, release)]
    for fid, line in command_lines(pack):
        if any(line == raw for raw in pack.functions[fid]):
            continue  # judged above as it loads
        refusal = verdict(line, release)
        if refusal is not None:
            bad.append(f"{fid} (macro line, sample arguments): {refusal}")
    for command in structure_commands(_structure(pack)):
        refusal = verdict(command, release)
        if refusal is not None:
            bad.append(f"structure command block: {refusal}")
    return bad


def test_every_line_is_taken_by_mojangs_tree(pack: Pack) -> None:
    assert _judged(pack) == []


@pytest.mark.parametrize("version", ["1.20.5", "1.21", "1.21.2", "1.21.5", "1.21.6", "1.21.9"])
def test_every_line_is_taken_by_each_release_s_tree(version: str, world: Any, board: Board) -> None:
    import dataclasses

    from monopoli_mc.datapack.build import build_pack
    from monopoli_mc.datapack.versions import get_version
    assert _judged(build_pack(dataclasses.replace(world, version=get_version(version)), board)) == []


@pytest.mark.parametrize("rules", ["anti-monopoly"])  # every other rule set plays the standard board
@pytest.mark.parametrize("version", ["1.21.11", "1.21.4"])
def test_every_rule_set_s_pack_is_taken_by_mojangs_tree(rules: str, version: str, world: Any) -> None:
    import dataclasses

    from monopoli_mc.cli.datapack import board_for_rules
    from monopoli_mc.datapack.build import build_pack
    from monopoli_mc.datapack.versions import get_version
    pack = build_pack(dataclasses.replace(world, version=get_version(version)), board_for_rules(rules))
    assert _judged(pack) == []


def test_rule_sets_pick_only_boards_these_tests_build() -> None:
    from monopoli_mc.rules.board import configs_dir
    from monopoli_mc.rules.settings import load_rules
    boards = {load_rules(p.stem).board for p in (configs_dir() / "rules").glob("*.yaml")}
    assert boards == {"standard", "anti-monopoly"}
