"""The operator's commands in words: amounts the CLI cannot read, a "did you mean" for every player
name, and `admin status` saying who is seated, who has left and what comes next (never a step the
controller would refuse). The CLI's own refusals through `monopoli admin`; the desk's answers decided on
snapshots (`decide_support.Desk`)."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner
from hypothesis import given, settings
from hypothesis import strategies as st
from decide_support import Desk

from monopoli_mc.cli import cli, main
from monopoli_mc.cli.admin import typed_number
from monopoli_mc.controller.db.store import Store
from monopoli_mc.errors import MonopoliError


AMOUNT_IS = "the amount is a whole number of dollars from 1 to 2147483647, in the digits 0-9 alone"
SPACE_IS = "the space is a whole number from 0 (GO) to 39, in the digits 0-9 alone"


@pytest.mark.parametrize("args,line", [
    (("pay", "Kai", "-5"), f"error: pay: {AMOUNT_IS}, not '-5' (to take money from Kai: monopoli admin fine Kai 5)"),
    (("fine", "Kai", "-5"), f"error: fine: {AMOUNT_IS}, not '-5' (to give money to Kai: monopoli admin pay Kai 5)"),
    (("pay", "Kai", "0"), f"error: pay: {AMOUNT_IS}, not '0'"),
    (("pay", "Kai", "5.50"), f"error: pay: {AMOUNT_IS}, not '5.50'"),
    (("fine", "Kai", "lots"), f"error: fine: {AMOUNT_IS}, not 'lots'"),
    (("pay", "Kai", "1_000"), f"error: pay: {AMOUNT_IS}, not '1_000'"),
    (("move", "Kai", "-1"), f"error: move: {SPACE_IS}, not '-1'"),
    (("move", "Kai", "40"), f"error: move: {SPACE_IS}, not '40'"),
    (("give-deed", "Kai", "Boardwalk"), f"error: give-deed: {SPACE_IS}, not 'Boardwalk'"),
])
def test_a_negative_or_malformed_number_is_one_line_and_exit_1(tmp_path: Path, args: tuple[str, ...], line: str,
                                                                capsys: pytest.CaptureFixture[str]) -> None:
    db = tmp_path / "night.db"
    Store(db).close()
    with pytest.raises(SystemExit) as exit_:
        main(["admin", *args, "--db", str(db)])
    assert exit_.value.code == 1
    assert capsys.readouterr() == ("", line + "\n")
    store = Store(db)
    assert not store.has_requests()  # refused before anything was asked
    store.close()


def test_a_number_in_range_still_reaches_the_database(tmp_path: Path) -> None:
    db = tmp_path / "night.db"
    Store(db).close()
    for args in (("pay", "Kai", "5"), ("fine", "Kai", "1500"), ("move", "Kai", "0"), ("give-deed", "Kai", "39")):
        result = CliRunner().invoke(cli, ["admin", *args, "--db", str(db)])
        assert result.exit_code == 3 and result.output.startswith("not done: no controller has run"), result.output


def test_every_command_that_names_a_player_has_a_did_you_mean() -> None:
    desk = Desk([])
    for name in ("Alex", "Sam"):
        desk.join(name)
        assert desk.ask("seat", player=name).startswith(f"{name} seated")
    assert desk.ask("unseat", player="Aelx") == (
        "refused: Aelx is not seated at board 'main' (did you mean Alex?); seated: Alex, Sam")
    assert desk.ask("start").startswith("game started")
    for kind, args, line in [
        ("pay", {"player": "Aelx", "amount": 5}, "error: Aelx does not play on board 'main' (did you mean Alex?); "
                                                 "players: Alex, Sam"),
        ("fine", {"player": "sam", "amount": 5}, "error: sam does not play on board 'main' (did you mean Sam?); "
                                                 "players: Alex, Sam"),
        ("kick", {"player": "Sma"}, "error: Sma does not play on board 'main' (did you mean Sam?); players: Alex, Sam"),
        ("move", {"player": "Alx", "space": 5}, "error: Alx does not play on board 'main' (did you mean Alex?); "
                                                "players: Alex, Sam"),
        ("give-deed", {"player": "Alexx", "space": 39}, "error: Alexx does not play on board 'main' (did you mean "
                                                        "Alex?); players: Alex, Sam"),
        ("trade", {"from": "Alex", "to": "Sma", "give": [], "get": [], "give_cash": 5, "get_cash": 0},
         "error: Sma does not play on board 'main' (did you mean Sam?); players: Alex, Sam"),
        ("pay", {"player": "Robin", "amount": 5}, "error: Robin does not play on board 'main'; players: Alex, Sam"),
    ]:
        assert desk.ask(kind, **args) == line, kind


def test_status_says_who_is_seated_who_has_left_and_what_comes_next() -> None:
    desk = Desk([])
    for name in ("Alex", "Sam", "Kim", "Kai"):
        desk.join(name)
    desk.online = {"Alex", "Sam", "Kim", "Kai"}  # who the server lists when status asks
    assert desk.ask("status") == (
        "main: no game yet, nobody seated; next: players stand on the board and type /trigger join "
        "(or monopoli admin seat NAME)")
    desk.ask("seat", player="Alex")
    assert desk.ask("status") == (
        "main: no game yet; seated: Alex; next: seat 1 more player (/trigger join on the board, or "
        "monopoli admin seat NAME), then monopoli admin start")
    for name in ("Sam", "Kim", "Kai"):
        assert desk.ask("seat", player=name).startswith(f"{name} seated")
    desk.online = {"Alex", "Sam", "Kai"}  # Kim has left the server
    assert desk.ask("status") == (
        "main: 4 seated, waiting for the start: Alex, Sam, Kim (offline), Kai; next: monopoli admin start")
    assert desk.ask("start").startswith("game started")
    game = desk.game
    first = game.names[game.to_act()]
    players = ", ".join(name + (" (offline)" if name == "Kim" else "") for name in game.names)
    waits = " (offline: the game waits until they are back, or monopoli admin kick Kim)" if first == "Kim" else ""
    assert desk.ask("status") == f"main: game 1 (prom rules) of {players}; round 1, roll for {first}{waits}, jar $0"
    assert desk.ask("pause") == "board 'main' paused"
    assert "(paused; next: monopoli admin resume)" in desk.ask("status")
    assert desk.ask("resume") == "board 'main' resumed"
    assert desk.ask("end").startswith("game 1 on board 'main' ended")
    out = desk.ask("status")
    assert out.startswith("main: game 1 (prom rules) ended in round 1: ") and out.endswith(
        "; next: seat the players (/trigger join on the board, or monopoli admin seat NAME), then monopoli admin start")
    assert desk.ask("end") == (
        "refused: the game on board 'main' is over already; next: seat the players (/trigger join on "
        "the board, or monopoli admin seat NAME), then monopoli admin start")
    assert desk.ask("start") == "refused: board 'main' needs 2 players, 0 seated"
    for name in ("Alex", "Sam"):
        assert desk.ask("seat", player=name).startswith(f"{name} seated")
    assert desk.ask("status").endswith("; seated for the next game: Alex, Sam; next: monopoli admin start")
    assert desk.ask("start").startswith("game started")


@settings(max_examples=200, deadline=None)
@given(text=st.text(max_size=12) | st.integers(-10**12, 10**12).map(str), key=st.sampled_from(["amount", "space"]))
def test_any_typed_number_is_taken_in_range_or_refused_in_one_line(text: str, key: str) -> None:
    command = "pay" if key == "amount" else "move"
    try:
        value = typed_number(command, key, "Kai", text)
    except MonopoliError as exc:
        assert "\n" not in str(exc) and str(exc).startswith(f"{command}: the {key} is ") and repr(text) in str(exc)
    else:
        assert value > 0 if key == "amount" else 0 <= value <= 39
