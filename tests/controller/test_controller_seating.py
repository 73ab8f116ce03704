"""Seating from the terminal: only players the server has seen (--offline forces it), unseat before
the start, end. The desk's answers are decided on snapshots (`decide_support.Desk`); a player who came
online since the controller's last read is seen because the read phase asks the server's list first
(over RCON: `test_controller_boards.py::test_status_of_every_board_asks_once_who_is_online_before_deciding`)."""

from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner
from decide_support import Desk

from monopoli_mc.cli import cli
from monopoli_mc.controller.db.store import Store


def _desk(online: list[str]) -> Desk:
    """No game yet; these players have been on the server."""
    desk = Desk([])
    for name in online:
        desk.join(name)
    return desk


def test_only_players_the_server_has_seen_are_seated() -> None:
    desk = _desk(["Alex", "Sam"])
    assert desk.ask("seat", player="alex") == "Alex seated at board 'main' (1 seated)"  # the server's spelling
    assert desk.ask("seat", player="Alxe") == (
        "refused: no player named Alxe has been on the server (did you mean Alex?); check the spelling, or seat "
        "them anyway with `monopoli admin seat Alxe --offline`")
    assert desk.store.lobby("main") == ["Alex"]
    assert desk.ask("seat", player="Robin", offline=True) == (
        "Robin seated at board 'main' (2 seated); warning: the server has never shown a player named Robin: check "
        "the spelling (`monopoli admin unseat Robin` takes them out before the start)")
    assert desk.store.lobby("main") == ["Alex", "Robin"]
    assert "Robin joined board main (2 seated)." in desk.said_to("Sam")


def test_unseat_before_the_start_and_not_after() -> None:
    desk = _desk(["Alex", "Sam"])
    for args in ({"player": "Alex"}, {"player": "Sam"}, {"player": "Alxe", "offline": True}):
        assert "seated at board 'main'" in desk.ask("seat", **args)
    assert desk.ask("unseat", player="Alxe") == "Alxe unseated from board 'main' (2 seated)"
    assert "Alxe left board main (2 seated)." in desk.said_to("Alex")
    assert desk.ask("unseat", "main", player="Alxe") == (
        "refused: Alxe is not seated at board 'main' (did you mean Alex?); seated: Alex, Sam")
    assert desk.ask("unseat", "side", player="Robin") == "error: no board named 'side'; boards: main"
    assert desk.ask("start") == "game started on board 'main' with 2 players"
    assert desk.ask("unseat", player="Sam") == (
        "refused: the game on board 'main' has started: `monopoli admin kick Sam` takes Sam out (everything goes "
        "to the bank), `monopoli admin end` ends the game")
    assert desk.game.names == ["Alex", "Sam"]


def test_seat_with_no_controller_is_not_answered(tmp_path: Path) -> None:
    db = tmp_path / "night.db"
    Store(db).close()
    for args in (("seat", "Alex", "--offline"), ("unseat", "Alex"), ("end",)):
        result = CliRunner().invoke(cli, ["admin", *args, "--db", str(db)])
        assert result.exit_code == 3 and result.output.startswith("not done: no controller has run"), \
            result.output


def test_admin_end_ends_the_game_now_the_richest_winning() -> None:
    desk = _desk(["Alex", "Sam"])
    for kind, args in (("seat", {"player": "Alex"}), ("seat", {"player": "Sam"}), ("start", {}),
                       ("pay", {"player": "Sam", "amount": 300})):
        assert not desk.ask(kind, **args).startswith(("refused", "error")), kind
    game = desk.game
    worth = {name: game.net_worth(seat) for seat, name in enumerate(game.names)}
    assert worth["Sam"] == worth["Alex"] + 300
    assert desk.ask("end") == (f"game 1 on board 'main' ended: Sam wins; net worth Sam ${worth['Sam']:,}, "
                               f"Alex ${worth['Alex']:,}")
    assert game.phase == "game_over" and desk.store.current_game("main").over  # type: ignore[union-attr]
    for name in ("Alex", "Sam"):
        assert "Sam wins!" in desk.said_to(name, "title")
        heard = desk.said_to(name)
        assert "GAME OVER: Sam wins (the richest when the operator ended the game)" in heard
        assert f"Final net worth: Sam ${worth['Sam']:,}, Alex ${worth['Alex']:,}." in heard
    assert f"[main] Final net worth: Sam ${worth['Sam']:,}, Alex ${worth['Alex']:,}." in desk.lines
    assert desk.ask("end") == (
        "refused: the game on board 'main' is over already; next: seat the players (/trigger join on the board, "
        "or monopoli admin seat NAME), then monopoli admin start")


def test_admin_end_before_any_game_is_an_error() -> None:
    assert _desk(["Alex"]).ask("end", "main") == "error: no game on board 'main' yet"
