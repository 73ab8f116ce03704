"""An undo never seats anyone twice (issue 33, point 8): an undo that would give a board back a game one of
whose players has sat down at another board since is refused, in one line naming the player and the board,
from the terminal and from in game, and nothing changes; once the operator does what the line says, it goes."""

from __future__ import annotations

import threading
from pathlib import Path
from typing import Any

from click.testing import CliRunner, Result
from controller_support import seat_by_walking, two_boards

from monopoli_mc.cli import cli
from monopoli_mc.controller.loop import Controller, Settings
from monopoli_mc.controller.store import Store
from monopoli_mc.datapack.layout import Layout
from monopoli_mc.rules.phases import OVER
from monopoli_mc.sandbox.bots import Bot


def _admin(ctl: Controller, db: Path, *args: str) -> Result:
    """`monopoli admin ARGS --db ...` as the operator types it, the controller polling the sandbox meanwhile."""
    done: list[Result] = []
    typed = threading.Thread(target=lambda: done.append(CliRunner().invoke(cli, ["admin", *args, "--db", str(db)])))
    typed.start()
    while typed.is_alive():
        ctl.poll()
        typed.join(0.01)
    return done[0]


def _walk_and_join(box: Any, ctl: Controller, bot: Bot, board: str) -> None:
    layout = ctl.tables[board].layout
    x, y, z = layout.world(layout.stand(0))
    bot.walk_to((x + 0.5, float(y), z + 0.5))
    bot.trigger("join")
    box.world.tick()
    ctl.poll()


def _picture(ctl: Controller, store: Store) -> tuple[Any, ...]:
    """What an undo would change: each board's game, its log and its lobby."""
    return tuple((t.game_id, t.game.to_data() if t.game else None, store.effective(t.game_id), store.lobby(name))
                 for name, t in ctl.tables.items())


def test_an_undo_that_would_seat_a_player_twice_is_refused_and_nothing_changes(tmp_path: Path) -> None:
    db = tmp_path / "night.db"
    with two_boards(tmp_path) as (box, rcon, _world):
        store = Store(db)
        ctl = Controller(rcon, _world, store, Settings(seed=2, start_at=2))
        ctl.start()
        bots = seat_by_walking(box, _world, ctl, {"Alex": "main", "Sam": "main"})
        main, annex = ctl.tables["main"], ctl.tables["annex"]
        assert _admin(ctl, db, "end", "--board", "main").exit_code == 0
        assert main.game is not None and main.game.phase == OVER
        _walk_and_join(box, ctl, bots["Alex"], "annex")  # the game is over: Alex sits down at the annex
        assert store.lobby("annex") == ["Alex"]

        before = _picture(ctl, store)
        result = _admin(ctl, db, "undo", "--board", "main")
        assert (result.exit_code, result.output) == (1, (
            "refused: undoing the operator's end of the game on board 'main' would put Alex in two games: Alex is "
            "seated at board 'annex' for its next game. Nothing was changed; `monopoli admin unseat Alex` takes "
            "Alex off it, then undo again (or leave board 'main''s game over)\n"))
        assert _picture(ctl, store) == before

        # From in game, the same refusal in the operator's chat.
        op = Bot.join(box.world, "Op")
        box.world.tick()
        assert "Made Op a server operator" in rcon.command("op Op")
        ctl.poll()
        seen = len(op.chat_text())
        op.command("function monopoli:admin/main/undo")
        box.world.tick()
        ctl.poll()
        told = [line for line in op.chat_text()[seen:] if not line.startswith("monopoli: queued")]
        assert "".join(told) == "admin undo: " + result.output.rstrip("\n")  # a long line comes in two parts
        assert _picture(ctl, store) == before

        # Kai joins the annex: its game starts with Alex. The undo names the game Alex plays in.
        bots["Kai"] = Bot.join(box.world, "Kai")
        box.world.tick()
        _walk_and_join(box, ctl, bots["Kai"], "annex")
        assert annex.game is not None and annex.game.phase != OVER and "Alex" in annex.game.names
        before = _picture(ctl, store)
        result = _admin(ctl, db, "undo", "--board", "main")
        assert (result.exit_code, result.output) == (1, (
            "refused: undoing the operator's end of the game on board 'main' would put Alex in two games: Alex "
            f"plays on board 'annex' now (game {annex.game_id}). Nothing was changed; `monopoli admin end --board "
            "annex` ends that game, then undo again (or leave board 'main''s game over)\n"))
        assert _picture(ctl, store) == before
        status = _admin(ctl, db, "status")
        assert status.exit_code == 0 and status.output.startswith("main: game 1 (prom rules) ended in round 1")
        assert "annex: game 2 (prom rules) of Alex, Kai" in status.output  # one running game, one for Alex

        # What the line says to do, done: the undo goes, and Alex plays in one game.
        assert _admin(ctl, db, "end", "--board", "annex").exit_code == 0
        result = _admin(ctl, db, "undo", "--board", "main")
        assert result.exit_code == 0 and result.output.startswith("undid the operator's end of the game on board 'main'")
        assert main.game.phase != OVER and annex.game.phase == OVER
        assert ctl.tables["main"] is main and main.seat_of("Alex") is not None
        store.close()
