"""A board is made from its two files' bytes alone, so `load_board` gives the one made last from a path again
while both files hold the bytes it was made from, and loads anew on any change (the suite and the tools load the
same board hundreds of times)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from monopoli_mc.errors import ConfigError
from monopoli_mc.rules.board import board_path, load_board


@pytest.fixture
def board(tmp_path: Path) -> Path:
    """A copy of the standard board and its decks."""
    source = board_path("standard")
    shutil.copy(source, tmp_path / source.name)
    for decks in source.parent.glob("cards-*.yaml"):
        shutil.copy(decks, tmp_path / decks.name)
    return tmp_path / source.name


def test_the_same_files_give_the_same_board(board: Path) -> None:
    assert load_board(board) is load_board(board)


def test_a_change_of_the_same_size_to_either_file_is_read_at_once(board: Path) -> None:
    first = load_board(board)
    text = board.read_text(encoding="utf-8")
    assert "Baltic Avenue" in text
    board.write_text(text.replace("Baltic Avenue", "Baltic Avenuf"), encoding="utf-8")  # same size, same instant
    second = load_board(board)
    assert second.space_named("Baltic Avenuf").index == first.space_named("Baltic Avenue").index
    decks = board.parent / "cards-us-2008.yaml"
    words = decks.read_text(encoding="utf-8")
    assert "title: Advance to Boardwalk," in words
    decks.write_text(words.replace("title: Advance to Boardwalk,", "title: Advance to Boardwulk,"), encoding="utf-8")
    third = load_board(board)
    assert any(card.title == "Advance to Boardwulk" for cards in third.decks.values() for card in cards)
    assert not any(card.title == "Advance to Boardwulk" for cards in second.decks.values() for card in cards)


def test_a_decks_file_gone_is_said_not_covered_by_the_board_made_before(board: Path) -> None:
    load_board(board)
    (board.parent / "cards-us-2008.yaml").unlink()
    with pytest.raises(ConfigError, match="file not found"):
        load_board(board)
