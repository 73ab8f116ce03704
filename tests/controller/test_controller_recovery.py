"""Recovery: the controller SIGKILLed at random points and restarted; the sandbox restarted mid-game."""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest
from controller_support import PACK, PASSWORD, table_players
from decide_support import Desk

from monopoli_mc.controller.loop import Controller, Settings
from monopoli_mc.controller.game.policy import next_move, play_headless
from monopoli_mc.controller.db.store import Store
from monopoli_mc.controller.db.saved import load_game
from monopoli_mc.datapack import calls
from monopoli_mc.datapack.layout import Layout
from monopoli_mc.datapack.world_config import load_world
from monopoli_mc.demo.players import TablePlayers
from monopoli_mc.errors import RconError
from monopoli_mc.rcon.client import RconClient
from monopoli_mc.rules.board import board_path, load_board
from monopoli_mc.rules.bots import make_bots
from monopoli_mc.rules.game import Game
from monopoli_mc.rules.phases import OVER
from monopoli_mc.rules.settings import load_rules
from monopoli_mc.rules.settle import TRADE_KEYS
from monopoli_mc.sandbox.runner import Sandbox

NAMES = ["Alex", "Sam", "Robin"]
SEED = 8
TICK_RATE = 400  # the sandbox runs 20 times faster than vanilla; the in-process controllers time by its clock


def _twin() -> tuple[Game, list[tuple[Any, ...]]]:
    rules = load_rules("prom")
    game = Game.new(rules, load_board(board_path(rules.board)), NAMES, SEED)
    return game, play_headless(game, make_bots(len(NAMES)))


def _twin_after(expected: list[tuple[Any, ...]], n: int) -> Game:
    """The headless twin after its first n actions: where a game stopped early must be."""
    rules = load_rules("prom")
    game = Game.new(rules, load_board(board_path(rules.board)), NAMES, SEED)
    for action in expected[:n]:
        game.apply(action)
    return game


def _world_yaml(tmp_path: Path, port: int) -> Path:
    text = (Path(load_world().source).read_text()
            .replace("port: 25575", f"port: {port}").replace("movement: walk", "movement: teleport"))
    path = tmp_path / "world.yaml"
    path.write_text(text)
    return path


def _controller(world: Path, db: Path) -> subprocess.Popen[bytes]:
    env = dict(os.environ, MONOPOLI_RCON_PASSWORD=PASSWORD)
    return subprocess.Popen(
        [sys.executable, "-c", "from monopoli_mc.cli import main; main()", "run", "--world", str(world),
         "--db", str(db), "--rules", "prom", "--seed", str(SEED), "--start-at", str(len(NAMES)),
         "--auction-quiet", "0.25", "--walk-wait", "0.1", "--poll", "0.005"],
        env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)


@pytest.mark.long(seconds=11)
def test_controller_killed_at_random_points(tmp_path: Path) -> None:
    """Four kills (one in an auction its clock is about to close), then the game goes on 10 actions to a turn's start (every card
    book back) and stops: what a kill could lose or double is behind it, and the rest of the game is
    the twin's again (test_controller_games plays whole games)."""
    _, expected = _twin()
    rng = random.Random(SEED)
    kills = sorted(rng.sample(range(5, len(expected) - 5), 4))
    assert expected[kills[2]][0] == "close_auction"
    stop_at = kills[-1] + 10
    db = tmp_path / "night.db"
    with Sandbox(password=PASSWORD, strict=True, datapack=PACK, tick_rate=TICK_RATE) as box:
        world_path = _world_yaml(tmp_path, box.port)
        with RconClient(*box.address, PASSWORD) as rcon:
            rcon.command("function monopoli:board/main/place")
        proc = _controller(world_path, db)
        store = Store(db)
        layout = Layout(load_world(world_path).board("main"))
        people = TablePlayers(box.world, layout, NAMES, walk=False,
                              operator=lambda kind, args: _request(store, kind, args))
        people.join()
        people.sit_down()
        board = load_board(board_path("standard"))
        deadline = time.monotonic() + 90
        killed = n = 0
        game: Game | None = None
        try:
            while time.monotonic() < deadline:
                row = store.current_game("main")
                if row is None:
                    time.sleep(0.01)
                    continue
                game, n = load_game(store, row, board)
                if n >= stop_at and expected[n - 1][0] == "end_turn":  # a turn begins: no card is being read
                    break
                if killed < len(kills) and n >= kills[killed]:
                    time.sleep(rng.random() * 0.02)
                    proc.send_signal(signal.SIGKILL)
                    proc.wait()
                    killed += 1
                    proc = _controller(world_path, db)
                if people.step(game, (row.id, n)) is None:
                    time.sleep(0.005)
        finally:
            proc.send_signal(signal.SIGTERM)
            _, err = proc.communicate(timeout=10)
        assert killed == len(kills), err.decode()[-2000:]
        assert game is not None and n >= stop_at, err.decode()[-2000:]
        row = store.current_game("main")
        assert row is not None
        assert _plain(store.actions(row.id)) == _plain(expected[:n])  # nothing lost, nothing twice
        assert game.to_data() == _twin_after(expected, n).to_data()
        time.sleep(0.3)  # the last writes of the controller
        assert _card_books(box.world, NAMES) == _kept(game)  # every drawn card went back, kills or not
        store.close()
        assert box.world.strict_failures == []


def _card_books(world: Any, names: list[str]) -> dict[str, list[tuple[str, int]]]:
    """The card books each player holds now: (deck, card)."""
    out: dict[str, list[tuple[str, int]]] = {}
    for name in names:
        player = world.player(name)
        books = []
        for stack in (player.inventory.values() if player else []):
            data = stack.components.get("minecraft:custom_data", {}).get("monopoli", {})
            if data.get("book") == "card":
                books.append((str(data["deck"]), int(data["card"])))
        out[name] = sorted(books)
    return out


def _kept(game: Game) -> dict[str, list[tuple[str, int]]]:
    return {name: sorted((str(d), int(c)) for d, c in game.jail_cards[seat]) for seat, name in enumerate(game.names)}


def _plain(actions: list[tuple[Any, ...]]) -> list[tuple[Any, ...]]:
    """Actions with trade offers written out in full (the operator records every key)."""
    out = []
    for kind, seat, arg in actions:
        if kind == "propose_trade":
            arg = {k: arg.get(k, [] if k in ("give", "get") else 0) for k in TRADE_KEYS}
        out.append((kind, seat, arg))
    return out


def _request(store: Store, kind: str, args: dict[str, object]) -> None:
    with store.transaction():
        store.request(kind, args, "main")


@pytest.mark.long(seconds=4)
def test_sandbox_restarted_mid_game(tmp_path: Path) -> None:
    """The server restarted after the first houses are built; 20 actions on, at a turn's start, the new
    world shows the game as the store has it."""
    _, expected = _twin()
    restart_at = next(k for k, action in enumerate(expected) if action[0] == "build") + 8
    stop_at = restart_at + 20
    world_cfg = load_world()
    world_cfg = type(world_cfg)(**{**world_cfg.__dict__, "movement": "teleport"})
    store = Store(tmp_path / "night.db")
    box = Sandbox(password=PASSWORD, strict=True, datapack=PACK, tick_rate=TICK_RATE).start()
    port = box.port
    rcon = RconClient(*box.address, PASSWORD)
    rcon.connect()
    rcon.command("function monopoli:board/main/place")
    before = [0.0]  # world seconds of the worlds before this one: the clock never goes back
    ctl = Controller(rcon, world_cfg, store, Settings(rules="prom", seed=SEED, start_at=len(NAMES),
                                                      auction_quiet=0.1, walk_wait=0.1),
                     clock=lambda: before[0] + box.world.game_time / TICK_RATE)
    ctl.start()
    table = ctl.tables["main"]
    people = table_players(box, ctl, store, NAMES)
    restarted = False
    deadline = time.monotonic() + 60
    try:
        while time.monotonic() < deadline:
            n = table.n_actions
            if n >= stop_at and expected[n - 1][0] == "end_turn" and not table.books_out:  # a turn begins
                break
            if not restarted and n >= restart_at:
                box.stop()
                box.server.close()
                before[0] += box.world.game_time / TICK_RATE
                box = Sandbox(password=PASSWORD, strict=True, datapack=PACK, tick_rate=TICK_RATE, port=port).start()
                restarted = True
                people.world = box.world
                people.join()  # the players come back to the new world
                people.again()  # and do again what the old world lost
            try:
                if ctl.poll() == 0 and table.game is not None:
                    if people.step(table.game, (table.game_id, table.n_actions)) is None:
                        time.sleep(0.003)
            except RconError:
                rcon.reconnect(attempts=20, delay=0.05)
                rcon.command("function monopoli:board/main/place")
                ctl.connected()
        assert restarted and table.game is not None and table.n_actions >= stop_at
        assert _plain(store.actions(table.game_id)) == _plain(expected[:table.n_actions])
        twin = _twin_after(expected, table.n_actions)
        assert table.game.to_data() == twin.to_data()
        box.world.tick(2)
        assert _card_books(box.world, NAMES) == _kept(table.game)
        assert box.world.execute("scoreboard players get Alex monopoli.cash") == [
            f"Alex has {twin.cash[0]} [Cash]"]
        assert box.world.strict_failures == []
    finally:
        rcon.close()
        box.stop()
        box.server.close()
        store.close()


def test_run_reconnects_by_itself_and_rewrites_the_world(tmp_path: Path) -> None:
    import threading

    world_cfg = load_world()
    store = Store(tmp_path / "night.db")
    box = Sandbox(password=PASSWORD, strict=True, datapack=PACK, tick_rate=200).start()
    port = box.port
    rcon = RconClient(*box.address, PASSWORD, timeout=2)
    rcon.connect()
    ctl = Controller(rcon, world_cfg, store, Settings(rules="prom", seed=SEED, poll_interval=0.01))
    for name in ("Alex", "Sam"):
        store.request("seat", {"player": name, "offline": True})  # nobody online: no server to ask
    store.request("start", {})
    stop = threading.Event()
    runner = threading.Thread(target=ctl.run, args=(stop.is_set,))
    runner.start()
    try:
        deadline = time.monotonic() + 10
        while ctl.tables["main"].game is None and time.monotonic() < deadline:
            time.sleep(0.02)
        game = ctl.tables["main"].game
        assert game is not None
        box.stop()
        box.server.close()
        box = Sandbox(password=PASSWORD, strict=True, datapack=PACK, tick_rate=200, port=port).start()
        expected = [f"Alex has {game.cash[0]} [Cash]"]
        while time.monotonic() < deadline + 10:
            if box.world.execute("scoreboard players get Alex monopoli.cash") == expected:
                break
            time.sleep(0.05)
        assert box.world.execute("scoreboard players get Alex monopoli.cash") == expected
    finally:
        stop.set()
        runner.join(10)
        rcon.close()
        box.stop()
        box.server.close()
        store.close()


def test_a_restart_after_a_card_is_drawn_still_takes_its_book_back() -> None:
    """Three restarts, each while a card book is out; the game stops when the third book is back. Decided on
    snapshots (`decide_support.Desk`): the restart's sync takes every book back and gives the drawer the card
    again (they read it until their turn ends), the turn's end takes it back from them and nobody else, and
    the game is its headless twin's all along."""
    _, expected = _twin()
    desk = Desk(NAMES, seed=SEED)
    strategies = make_bots(len(NAMES))
    restarts, out = 0, None  # out: the card book given again at the last restart, (player, deck, card)
    for _ in range(3000):
        if restarts == 3 and out is None:  # the third book taken back
            break
        move = next_move(desk.game, strategies)
        if move is not None:
            desk.play(move)
        desk.step()
        drawn = [(desk.game.names[seat], deck, card) for seat, deck, card in desk.table.books_out]
        if out is not None and out not in drawn:  # the turn ended: the book goes back, from its reader only
            takes = [c for c in desk.writes if c.startswith("function monopoli:ui/take_card ")]
            assert takes == [calls.take_card(*out)], (out, takes)
            out = None
        if drawn and out is None and restarts < 3:  # a card book is out: the controller dies and comes back
            out = drawn[-1]
            synced = desk.restart_synced()
            restarts += 1
            again = calls.card(*out)
            assert calls.take_books(out[0]) in synced and again in synced, (out, synced)
            assert synced.index(calls.take_books(out[0])) < synced.index(again)
            kept = [calls.card(name, deck, card) for name, cards in zip(desk.game.names, desk.game.jail_cards)
                    for deck, card in cards]  # the Get Out of Jail Free cards held, and the card drawn: nothing else
            assert sorted(c for c in synced if c.startswith("function monopoli:ui/card ")) == sorted([*kept, again])
    game = desk.game
    assert restarts == 3 and out is None and not desk.table.books_out
    assert game.to_data() == _twin_after(expected, desk.table.n_actions).to_data()
