"""A stepped strict sandbox with the committed pack, the board placed, bots and an in-process controller."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from monopoli_mc.controller.loop import Controller, Settings
from monopoli_mc.controller.db.store import Store
from monopoli_mc.datapack.layout import Layout
from monopoli_mc.datapack.world_config import WorldConfig, load_world
from monopoli_mc.demo.players import TablePlayers
from monopoli_mc.rcon.client import RconClient
from monopoli_mc.rules.game import Game
from monopoli_mc.sandbox.bots import Bot
from monopoli_mc.sandbox.runner import Sandbox

PACK = Path(__file__).resolve().parents[2] / "datapacks" / "monopoli"
PASSWORD = "controller-pw"


class Counting:
    """An RCON client that keeps every request the controller sends through it."""

    def __init__(self, rcon: Any) -> None:
        self.rcon = rcon
        self.sent: list[str] = []

    def command(self, text: str) -> str:
        self.sent.append(text)
        reply: str = self.rcon.command(text)
        return reply

    def reconnect(self, **kwargs: Any) -> None:
        self.rcon.reconnect(**kwargs)

    def take(self) -> list[str]:
        """The requests sent since the last call."""
        sent, self.sent = self.sent, []
        return sent


@dataclass
class Rig:
    """Everything a controller test touches."""

    box: Sandbox
    rcon: RconClient
    store: Store
    ctl: Controller
    world: WorldConfig
    bots: dict[str, Bot]

    @property
    def game(self) -> Game:
        """The main board's game."""
        game = self.ctl.tables["main"].game
        assert game is not None
        return game

    def step(self, ticks: int = 1) -> int:
        """Let the world tick (the pack queues inputs), then one controller poll."""
        self.box.world.tick(ticks)
        return self.ctl.poll()

    def said_to(self, name: str) -> list[str]:
        """Chat lines a player received since the last call."""
        bot = self.bots[name]
        lines = bot.chat_text()
        seen = getattr(bot, "_seen", 0)
        bot._seen = len(lines)  # type: ignore[attr-defined]
        return lines[seen:]


def make_rig(tmp_path: Path, names: list[str], *, seed: int = 3, rules: str = "prom",
             movement: str = "teleport", colors: tuple[str, ...] | None = None,
             version: str = "1.21.11") -> Iterator[Rig]:
    """The rig with a started game of these players (seated with /trigger join); a `version` other
    than the default one plays its own dialect, with a pack built for it."""
    import dataclasses

    from monopoli_mc.datapack.build import build_pack
    from monopoli_mc.datapack.pack import write_pack
    from monopoli_mc.datapack.versions import get_version
    from monopoli_mc.rules.board import board_path, load_board
    from monopoli_mc.rules.settings import load_rules

    world = dataclasses.replace(load_world(), movement=movement, version=get_version(version))
    if colors is not None:
        world = dataclasses.replace(world, colors=colors)
    pack = PACK
    if version != "1.21.11":
        pack, _ = write_pack(build_pack(world, load_board(board_path(load_rules(rules).board))), tmp_path / "pack")
    with Sandbox(password=PASSWORD, strict=True, datapack=pack, ticking=False, version=version) as box:
        box.world.tick()
        with RconClient(*box.address, PASSWORD) as rcon:
            rcon.command("function monopoli:board/main/place")
            store = Store(tmp_path / "night.db")
            ctl = Controller(rcon, world, store, Settings(rules=rules, seed=seed, start_at=len(names),
                                                          auction_quiet=0.0, walk_wait=0.0))
            ctl.start()
            bots = {}
            for name in names:
                bots[name] = Bot.join(box.world, name)
                box.world.tick()
                bots[name].trigger("join")
            rig = Rig(box, rcon, store, ctl, world, bots)
            rig.step(2)
            for name in names:
                rig.said_to(name)
            yield rig
            store.close()
        failures = list(box.world.strict_failures)
    if failures:
        pytest.fail(f"strict mode rejected: {failures}")


def open_auction(rig: Rig) -> tuple[str, str]:
    """The player to act throws, declines the deed they land on, and it goes to auction (seed 2 lands
    on one); returns (that player, another)."""
    from monopoli_mc.rules.phases import AUCTION, BUY

    game = rig.game
    name = game.names[game.to_act()]
    other = next(n for n in game.names if n != name)
    rig.bots[name].trigger("d6")
    rig.step()
    assert game.phase == BUY
    rig.bots[name].trigger("auction")
    rig.step()
    assert game.phase == AUCTION
    return name, other


@contextmanager
def two_boards(tmp_path: Path) -> Iterator[tuple[Sandbox, RconClient, WorldConfig]]:
    """A stepped strict sandbox of two boards, `main` and `annex` (100 blocks east), both built, its pack
    built for them; an RCON client logged in. Strict failures fail the test."""
    from monopoli_mc.datapack.layout import BoardPlace
    from monopoli_mc.demo.run import build_boards, install

    world = load_world()
    annex = BoardPlace(name="annex", origin=(100, -60, 0), facing="west", tile_size=4, height=10)
    world = dataclasses.replace(world, boards=(world.boards[0], annex), movement="teleport")
    pack = install(world, "prom", tmp_path)
    with Sandbox(password=PASSWORD, strict=True, datapack=pack, ticking=False) as box, \
            RconClient(*box.address, PASSWORD) as rcon:
        box.world.tick()
        build_boards(rcon, world)
        yield box, rcon, world
        assert box.world.strict_failures == []


def table_players(box: Sandbox, ctl: Controller, store: Store, names: list[str]) -> TablePlayers:
    """The main board's bots (operator requests through the store), joined, on GO, seats asked for."""
    people = TablePlayers(box.world, ctl.tables["main"].layout, names, walk=False,
                          operator=lambda kind, args: store.request(kind, args, "main"))
    people.join()
    people.sit_down()
    return people


def seat_by_walking(box: Sandbox, world: WorldConfig, ctl: Controller, seats: dict[str, str]) -> dict[str, Bot]:
    """Each player joins, walks onto Go of their board and types /trigger join; one poll each."""
    bots = {}
    for name, board in seats.items():
        bot = bots[name] = Bot.join(box.world, name)
        box.world.tick()
        layout = Layout(world.board(board))
        x, y, z = layout.world(layout.stand(0))
        bot.walk_to((x + 0.5, float(y), z + 0.5))
        bot.trigger("join")
        box.world.tick()
        ctl.poll()
    return bots


def ask(store: Store, poll: Callable[[], object], kind: str, **args: object) -> str:
    """An operator request through the database, the controller's poll, and its answer."""
    request = store.request(kind, dict(args))
    poll()
    answer = store.answer_of(request)
    assert answer is not None, f"{kind} was not answered"
    return answer


# -- the strict sandbox's world in this process, for decisions read from the world's mark without a server --
class InProcess:
    """The strict sandbox's world in this process, the pack loaded, asked as an RCON client asks the server (the
    same commands and replies, no socket, no server): what `Controller` needs of a client (`Rcon`)."""

    def __init__(self) -> None:
        from monopoli_mc.sandbox.world import World

        self.world = World(strict=True)
        self.world.load_datapack(PACK)
        self.world.tick()

    def command(self, command: str) -> str:
        """One request's reply, as the sandbox's RCON server joins its lines."""
        return "".join(self.world.execute(command))

    def reconnect(self, *, attempts: int = 5, delay: float = 0.1, max_delay: float = 5.0) -> None:
        """Never away."""
