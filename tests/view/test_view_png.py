"""`monopoli state --png`: the board picture drawn from the database of a seeded game."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest
from click.testing import CliRunner
from PIL import Image
from view_support import close_to, expected_banner, rgb, two_boards

from monopoli_mc.cli import cli, main
from monopoli_mc.controller.db.store import Store
from monopoli_mc.datapack.world_config import load_world
from monopoli_mc.demo.run import run_demo
from monopoli_mc.rules.game import Game
from monopoli_mc.rules.settings import load_rules
from monopoli_mc.view.model import BoardView
from monopoli_mc.view.png import board_origin
from monopoli_mc.view.scene import banner_centre
from monopoli_mc.view.stored import stored_views


def png_samples(image: Image.Image, board: int, game: Game, views: list[BoardView]) -> dict[int, tuple[int, ...]]:
    """The pixel at the middle of every deed's banner on the board-th board of a `state --png` picture."""
    ox, oy = board_origin(board, views)
    rgb_image = image.convert("RGB")
    return {s.index: rgb_image.getpixel((round(ox + banner_centre(s.index, 0)[0]),
                                         round(oy + banner_centre(s.index, 0)[1])))
            for s in game.board.deeds}


@pytest.mark.long(seconds=5)
def test_state_png_shows_each_board_as_the_game_has_it(tmp_path: Path) -> None:
    world = two_boards(tmp_path)
    db = tmp_path / "night.db"
    result = run_demo(players=3, seed=1, speed=20, world_path=world, movement="teleport", db=db,
                      echo=lambda line: None, timeout=150, max_rounds=10)
    assert any(g.mortgaged[s] for g in result.games.values() for s in range(40))  # grey, owners' colours, free
    out = tmp_path / "board.png"
    reply = CliRunner().invoke(cli, ["state", "--db", str(db), "--world", str(world), "--png", str(out)])
    assert reply.exit_code == 0, reply.output
    assert f"written to {out}" in reply.output
    image = Image.open(out)
    worlds = load_world(world)
    store = Store(db)
    views = stored_views(store, worlds, sorted(result.games))
    store.close()
    order = [place.name for place in worlds.boards]
    assert order == ["main", "annex"] and [v.board for v in views] == order  # the config's order, not the names'
    assert f"board picture of main, annex written to {out}" in reply.output
    for i, name in enumerate(order):  # state draws the boards as the config lists them
        game = result.games[name]
        samples = png_samples(image, i, game, views)
        wrong = {s: p for s, p in samples.items() if not close_to(p, expected_banner(game, worlds, s))}
        assert wrong == {}, f"board {name}: banners of the wrong colour at {wrong}"
    one = tmp_path / "main.png"
    assert CliRunner().invoke(cli, ["state", "--db", str(db), "--world", str(world), "--board", "main",
                                    "--png", str(one)]).exit_code == 0
    assert Image.open(one).height < image.height
    assert rgb("#10261A") == Image.open(one).convert("RGB").getpixel((2, 2))


def test_state_png_to_a_folder_that_is_not_there_is_one_clear_line(tmp_path: Path,
                                                                   capsys: pytest.CaptureFixture[str]) -> None:
    db = tmp_path / "night.db"
    store = Store(db)
    store.new_game("main", dataclasses.asdict(load_rules("prom")), 5, ["Alex", "Sam"])
    store.close()
    with pytest.raises(SystemExit) as exit_:
        main(["state", "--db", str(db), "--png", str(tmp_path / "no" / "such" / "board.png")])
    assert exit_.value.code == 1
    err = capsys.readouterr().err
    assert err.startswith("error: cannot write") and "Traceback" not in err
