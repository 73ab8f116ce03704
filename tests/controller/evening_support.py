"""A whole evening in the strict sandbox over real RCON: three boards, bot players who act only as people
can (walk onto a board, type /trigger, click the chat buttons they were shown), an in-process controller
that can be stopped and started again on the same database, and a watcher that checks after every poll
what each player was shown and after every step what each player can read.

The watcher's words, as the tests use them:

- A *step* is: every table's player to act acts (once per game state), the world ticks once (the pack
  queues the inputs), the controller polls, then the world ticks `SETTLE` more (a second: every board's
  action bar line is refreshed once).
- A player *reads their table* when the action bar on their screen is their own table's line with their
  cash, the table's jar and whose turn it is ("Game over" once it is), exactly as the controller's game
  says now; or, for the 40 ticks a message of the controller's holds it back, that message. The bar is
  never empty for a seated player. No player ever sees a sidebar line (several boards: none is shown).
- An input (a /trigger typed, a chat button clicked) is *answered* when, by the end of the step that
  reads it (for an input made while no controller runs: the step after the next controller's first
  poll), the player who made it has seen something new: a chat line, a title, subtitle or action bar
  message, their action bar line changed (cash, jar or whose turn), a book given or taken, a boss bar
  shown, changed or hidden, or themselves moved. A slip the test makes on purpose must be answered in
  the exact words it expects.
- A *prompt* is a chat button that runs a game's input (/trigger d6, buy, auction, end_turn, jail_pay,
  jail_card, bid, ...) or the "Your turn" title. It is *stale* when, at the end of the poll that sent it,
  it is not for the state of the player's game: not their move of that kind, a game over, or a player in
  no game. A restarted controller's first writes are judged at the end of its first poll, once it has read
  the inputs the world kept while none ran: a 'Your turn' for a turn a queued input already played is stale.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Callable, Collection, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from controller_support import PASSWORD

from monopoli_mc.controller.loop import Controller
from monopoli_mc.controller.db.night import Night, Replays
from monopoli_mc.controller.decide.settings import Settings
from monopoli_mc.controller.game.policy import next_move
from monopoli_mc.controller.db.store import Store
from monopoli_mc.controller.game.table import BoardGame
from monopoli_mc.datapack import calls
from monopoli_mc.datapack.build import build_pack
from monopoli_mc.datapack.layout import Layout
from monopoli_mc.datapack.pack import write_pack
from monopoli_mc.datapack.world_config import WorldConfig, load_world
from monopoli_mc.rcon.client import RconClient
from monopoli_mc.rules.board import default_board_path, load_board
from monopoli_mc.rules.bots import Bot as Strategy
from monopoli_mc.rules.bots import make_bots
from monopoli_mc.rules.game import Game
from monopoli_mc.rules.phases import AUCTION, BUY, END, JAIL, OVER, RECEIVED, ROLL, TAX, TRADE
from monopoli_mc.sandbox.bots import Bot
from monopoli_mc.sandbox.runner import Sandbox

SETTLE = 20  # ticks after a poll: every board's action bar line is refreshed once (hud.py's chain)
HUD_LINE = re.compile(r"Cash \$-?\d+(   Jar \$-?\d+)?   .*")
# The commands a prompt's buttons run, and the state each is right for (game, seat of the player).
_Right = Callable[[Game, int], bool]


def _to_act(*phases: str) -> _Right:
    return lambda game, seat: game.phase in phases and game.to_act() == seat


PROMPTS: dict[str, _Right] = {
    "/trigger d6": _to_act(ROLL, JAIL),
    "/trigger buy": _to_act(BUY, TAX, RECEIVED),
    "/trigger auction": _to_act(BUY, TAX, RECEIVED),
    "/trigger end_turn": _to_act(END),
    "/trigger jail_pay": _to_act(JAIL),
    "/trigger jail_card": _to_act(JAIL),
    "/trigger accept": _to_act(TRADE),
    "/trigger refuse": _to_act(TRADE),
    "/trigger bid": lambda game, seat: game.phase == AUCTION and not game.bankrupt[seat],
}


BOARDS = """
  - name: annex
    origin: [100, -60, 0]
    facing: west
    tile_size: 4
    height: 10
  - name: third
    origin: [0, -60, 120]
    facing: south
    tile_size: 4
    height: 10
"""


def world_yaml(folder: Path, port: int) -> Path:
    """The default world config with two more boards, 100 blocks apart, teleport movement, RCON on `port`."""
    text = Path(load_world().source).read_text()
    text = text.replace("port: 25575", f"port: {port}").replace("movement: walk", "movement: teleport")
    path = folder / "world.yaml"
    path.write_text(text.rstrip("\n") + "\n" + BOARDS.lstrip("\n"))
    return path


@dataclass(frozen=True)
class Screen:
    """What one player can see that an answer may change."""

    chat: int
    messages: int  # titles, subtitles and action bar messages of the controller's (not the table's line)
    line: str | None  # the table's action bar line last shown
    books: tuple[str, ...]
    bars: tuple[tuple[str, int, int, str], ...]
    pos: tuple[float, float, float]


@dataclass
class Input:
    """An input a bot made, and what it saw when it made it."""

    name: str
    command: str
    before: Screen
    polls: int  # the controller's polls when it was made
    expect: str | None = None  # the exact chat line a slip must be answered with


@dataclass
class Watch:
    """What the evening found: every failure is a line naming the step, player and what was seen."""

    stale: list[str] = field(default_factory=list)
    unread: list[str] = field(default_factory=list)
    unanswered: list[str] = field(default_factory=list)
    books: list[str] = field(default_factory=list)
    sidebar: list[str] = field(default_factory=list)
    inputs: int = 0
    answered: int = 0
    prompts: int = 0
    checks: int = 0


class Evening:
    """Three boards, their players and the night's controller."""

    def __init__(self, box: Sandbox, rcon: RconClient, world: WorldConfig, db: Path, settings: Settings) -> None:
        self.box = box
        self.rcon = rcon
        self.world = world
        self.db = db
        self.store = Store(db)
        self.settings = settings
        self.ctl: Controller | None = None
        self.left: dict[str, BoardGame] = {}  # the tables as a stopped controller left them (what players saw)
        self.bots: dict[str, Bot] = {}
        self.strategies: dict[tuple[str, int], list[Strategy]] = {}
        self.acted: dict[str, tuple[int, int]] = {}  # board -> (game, actions) its player to act acted on
        self.steps = 0
        self.polls = 0
        self.pending: list[Input] = []
        self.watch = Watch()
        self.said: dict[str, list[str]] = {}  # every chat line each player got, for the test's own checks
        self._marks: dict[str, tuple[int, int]] = {}  # chat lines and titles checked for prompts
        self.lines: list[str] = []  # the controller's terminal
        self.replays = Replays()  # the night's games replayed, for the ranks the action bar shows

    # -- the controller -----------------------------------------------------------------
    def clock(self) -> float:
        """The controller's monotonic clock: the world's game time (20 ticks a second)."""
        return self.box.world.game_time / 20

    def start(self, **changes: Any) -> Controller:
        """A controller on the night's database (a restart when one ran before), started."""
        self.settings = dataclasses.replace(self.settings, **changes)
        self.ctl = Controller(self.rcon, self.world, self.store, dataclasses.replace(self.settings),
                              on_line=self.lines.append, clock=self.clock)
        self.ctl.start()  # its prompts are judged after its first poll: the inputs queued meanwhile come first
        self._check_screens()  # but what everyone reads at once: the restart's picture, one table each
        return self.ctl

    def stop(self) -> None:
        """The controller stops cleanly (its lease given back); the world ticks on without it."""
        assert self.ctl is not None
        self.ctl.release()
        self.left, self.ctl = self.ctl.tables, None

    def crash(self) -> None:
        """The controller is killed: not a word to the world (its mark still names it), its lease left as a
        dead process leaves it (given back here, as the next `run` takes it from a process that is gone)."""
        assert self.ctl is not None and self.ctl.lease is not None
        self.ctl.lease.release()
        self.ctl.lease = None
        self.left, self.ctl = self.ctl.tables, None

    def table(self, board: str) -> BoardGame:
        """A board's table in the running controller (while none runs: as the last one left it)."""
        return self.ctl.tables[board] if self.ctl is not None else self.left[board]

    def game(self, board: str) -> Game | None:
        """A board's current game."""
        return self.table(board).game

    def request(self, kind: str, board: str | None = None, *, skip: Collection[str] = (), **args: Any) -> str:
        """An operator's `monopoli admin` request, answered at the next step."""
        request = self.store.request(kind, dict(args), board)
        self.step(skip=skip)
        answer = self.store.answer_of(request)
        assert answer is not None, f"{kind} was not answered"
        return answer

    # -- players --------------------------------------------------------------------------
    def connect(self, name: str) -> Bot:
        """A player connects to the server (again, for one who left)."""
        if name in self.bots:
            self.box.world.join(name)
        else:
            self.bots[name] = Bot.join(self.box.world, name)
        self.said.setdefault(name, [])
        return self.bots[name]

    def walk_onto(self, name: str, board: str) -> None:
        """A player walks onto Go of a board."""
        layout = Layout(self.world.board(board))
        x, y, z = layout.world(layout.stand(0))
        self.bots[name].walk_to((x + 0.5, float(y), z + 0.5))

    def press(self, name: str, command: str, *, expect: str | None = None) -> None:
        """A player types a command or clicks the chat button that runs it (the latest one, when shown)."""
        bot = self.bots[name]
        self.pending.append(Input(name, command, self.screen(name), self.polls, expect))
        self.watch.inputs += 1
        bot.command(command)  # what clicking its button runs, or typing it

    def online(self, name: str) -> bool:
        """Whether a player is connected."""
        return self.box.world.player(name) is not None

    # -- steps ----------------------------------------------------------------------------
    def step(self, *, act: bool = True, skip: Collection[str] = ()) -> None:
        """Each table's player to act acts (not at the boards in `skip`, where the test acts itself), a tick,
        a poll, then a second: everything checked."""
        if act:
            for board in self.tables():
                if board not in skip:
                    self.act(board)
        self.box.world.tick()
        self.poll()
        self.settle()

    def poll(self) -> None:
        """One controller poll (none while the controller is stopped), its prompts checked."""
        if self.ctl is not None:
            self.ctl.poll()
            self.polls += 1
            self._check_prompts("poll")

    def settle(self, ticks: int = SETTLE) -> None:
        """The world ticks on; then what every player reads is checked, and the inputs answered by now."""
        self.box.world.tick(ticks)
        self.steps += 1
        self._check_prompts("pack")  # the pack's own lines (no controller's): none may be a prompt
        self._check_screens()
        self._check_answers()

    def tables(self) -> list[str]:
        """The boards."""
        return [place.name for place in self.world.boards]

    def act(self, board: str) -> None:
        """The player to act at a board acts once per game state, as the engine's bots choose: by the
        chat button they were shown for it, else by typing the trigger (no trades)."""
        table = self.table(board)
        game = table.game
        if game is None or game.phase == OVER:
            return
        state = (table.game_id, table.n_actions)
        if self.acted.get(board) == state:
            return
        bots = self.strategies.setdefault((board, table.game_id), make_bots(len(game.names)))
        move = next_move(game, bots, trades=False)
        if move is None:
            self.acted[board] = state
            return
        name = game.names[move[1]]
        if not self.online(name):  # away: the table waits for them
            return
        self.acted[board] = state
        self.press(name, command_of(game, move))

    # -- checks ---------------------------------------------------------------------------
    def screen(self, name: str) -> Screen:
        """What a player sees now."""
        bot = self.bots[name]
        if not self.online(name):
            return Screen(0, 0, None, (), (), (0.0, 0.0, 0.0))
        titles = bot.titles()
        lines = [text for kind, text in titles if kind == "actionbar" and HUD_LINE.fullmatch(text)]
        return Screen(len(bot.chat()), len(titles) - len(lines), lines[-1] if lines else None,
                      tuple(sorted(book.title for book in bot.books())), tuple(bot.bossbars()), bot.player.pos)

    def seat_of(self, name: str) -> tuple[BoardGame, int] | None:
        """The game whose things a player holds and reads, and their seat there: none while they wait for
        another board's next game (they sat down there: nothing of an earlier game stays with them); else
        their game still running, else their latest (game numbers grow through the night; an earlier
        board's game that is over may seat them too)."""
        seats = [(table, seat) for table in map(self.table, self.tables())
                 if (seat := table.seat_of(name)) is not None]
        waiting = [board for board in self.tables() if name in self.store.lobby(board)]
        if waiting:
            return next(((table, seat) for table, seat in seats if table.name == waiting[0]), None)
        running = [(table, seat) for table, seat in seats if table.game is not None and table.game.phase != OVER]
        return max(running or seats, key=lambda found: found[0].game_id, default=None)

    def _check_prompts(self, when: str) -> None:
        """Every prompt a player got since the last check is for the state their game is in now."""
        for name, bot in self.bots.items():
            if not self.online(name):
                continue
            chat, titles = bot.chat(), bot.titles()
            seen_chat, seen_titles = self._marks.get(name, (0, 0))
            if len(chat) < seen_chat:  # a player who left and came back: a new client's chat
                seen_chat = seen_titles = 0
            self._marks[name] = (len(chat), len(titles))
            self.said[name] += [line.text for line in chat[seen_chat:]]
            seat = self.seat_of(name)
            shown = [command for line in chat[seen_chat:] for _label, command in line.clicks]
            shown += ["title: Your turn" for kind, text in titles[seen_titles:] if (kind, text) == ("title", "Your turn")]
            for command in shown:
                if command.startswith(("/trigger join", "/trigger claim", "/trigger offer")):
                    continue  # joining, a rent to claim and a trade offer are no move of the game's state
                right = PROMPTS.get("/trigger d6" if command == "title: Your turn" else
                                    " ".join(command.split()[:2]))
                if right is None:
                    continue
                self.watch.prompts += 1
                if seat is None:
                    self.watch.stale.append(f"step {self.steps} ({when}): {name} in no game shown {command!r}")
                    continue
                table, place = seat
                assert table.game is not None
                if not right(table.game, place):
                    game = table.game
                    self.watch.stale.append(
                        f"step {self.steps} ({when}): {name} shown {command!r} at board {table.name} game "
                        f"{table.game_id} in phase {game.phase}, {game.names[game.to_act()] if game.phase != OVER else 'over'} "
                        "to act")

    def expected_line(self, name: str) -> str | None:
        """The table line a player must read now: their cash, the jar, whose turn; None in no game."""
        seat = self.seat_of(name)
        if seat is None:
            return None
        table, place = seat
        game = table.game
        assert game is not None
        jar = f"   Jar ${game.jar}" if game.rules.free_parking_jar else ""
        turn = "Game over" if game.phase == OVER else f"{game.names[game.current]}'s turn"
        rank = self.ranks().get(name)
        return f"Cash ${game.cash[place]}{jar}   {turn}" + (f"   Night #{rank}" if rank is not None else "")

    def ranks(self) -> dict[str, int]:
        """Each player's night rank, as the standings have it now (the action bar shows it once they have one)."""
        return {s.name: s.rank for s in Night.read(self.store, self.world.night, self.replays).standings}

    def _check_screens(self) -> None:
        """What each player reads: their table's line or a message holding it back; no sidebar; books."""
        if self.ctl is None:
            return
        self.watch.checks += 1
        world = self.box.world
        for name, bot in self.bots.items():
            if not self.online(name):
                continue
            if world.scoreboard.sidebar(name):
                self.watch.sidebar.append(f"step {self.steps}: {name} sees {world.scoreboard.sidebar(name)}")
            want = self.expected_line(name)
            bar = bot.action_bar()
            if want is not None and bar != want and (not bar or HUD_LINE.fullmatch(bar)):
                self.watch.unread.append(f"step {self.steps}: {name} reads {bar!r}, not {want!r}")
            if want is None and bar is not None and HUD_LINE.fullmatch(bar):
                self.watch.unread.append(f"step {self.steps}: {name}, in no game now, reads {bar!r}")
            self._check_books(name, bot)

    def _check_books(self, name: str, bot: Bot) -> None:
        """A player holds the deed books of their game's deeds they own, stamped with that game; no other."""
        seat = self.seat_of(name)
        owned: set[tuple[int, str]] = set()
        if seat is not None:
            table, place = seat
            game = table.game
            assert game is not None
            owned = {(table.game_id, game.board.spaces[s].name) for s, owner in enumerate(game.owner) if owner == place}
        held = set()
        for book in bot.books():
            trade = [command for label, command in book.buttons if "Trade it" in label]
            if trade:
                game_id, _space = calls.stamped(int(trade[0].rsplit(" ", 1)[1]))
                held.add((game_id, book.title))
        if held != owned:
            self.watch.books.append(f"step {self.steps}: {name} holds deed books {sorted(held)}, "
                                    f"owns {sorted(owned)}")

    def _check_answers(self) -> None:
        """Each input read by a controller poll since it was made has been answered by now."""
        waiting = []
        for made in self.pending:
            if self.polls <= made.polls:  # no controller has polled since: it waits in the world
                waiting.append(made)
                continue
            now = self.screen(made.name)
            chat = self.bots[made.name].chat()[made.before.chat:] if self.online(made.name) else []
            what = f"step {self.steps}: {made.name}'s {made.command!r}"
            if made.expect is not None:
                if made.expect not in [line.text for line in chat]:
                    self.watch.unanswered.append(f"{what}: not told {made.expect!r}; told {[c.text for c in chat]}")
                    continue
            elif now == made.before or not self.online(made.name):
                self.watch.unanswered.append(f"{what}: nothing new on their screen")
                continue
            self.watch.answered += 1
        self.pending = waiting


def command_of(game: Game, move: tuple[str, int, Any]) -> str:
    """The command a player runs for a move: what its chat button runs, or the trigger they type."""
    kind, _seat, arg = move
    simple = {"roll": "d6", "buy": "buy", "decline": "auction", "end_turn": "end_turn", "pay_fine": "jail_pay",
              "use_card": "jail_card", "accept_trade": "accept", "refuse_trade": "refuse", "pay_flat_tax": "buy",
              "pay_percent_tax": "auction", "lift_now": "buy", "keep_mortgage": "auction"}
    if kind in simple:
        return f"/trigger {simple[kind]}"
    if kind == "draw":  # typed, as the prompt says, instead of running to the building
        return "/trigger naughty" if game.pending["deck"] == "chance" else "/trigger crate"
    if kind == "bid":
        return f"/trigger bid set {arg}"
    if kind in ("build", "sell", "mortgage", "lift", "claim_rent"):
        return f"/trigger {'claim' if kind == 'claim_rent' else kind} set {arg}"
    if kind == "bus":
        return f"/trigger bus set {arg + 1}"
    if kind == "choose_space":
        return f"/trigger goto set {arg or len(game.board.spaces)}"
    raise AssertionError(f"no command for {move}")


@contextmanager
def evening(tmp_path: Path, settings: Settings) -> Iterator[Evening]:
    """The strict sandbox (stepped by the test) with the pack of three boards (not placed: where players
    stand is all the controller reads), an RCON client, and the night's database. Strict failures fail."""
    world = load_world(world_yaml(tmp_path, 25575))
    assert [place.name for place in world.boards] == ["main", "annex", "third"] and world.movement == "teleport"
    pack = write_pack(build_pack(world, load_board(default_board_path()), structures=False), tmp_path / "pack")[0]
    with Sandbox(password=PASSWORD, strict=True, datapack=pack, ticking=False) as box, \
            RconClient(*box.address, PASSWORD) as rcon:
        world = load_world(world_yaml(tmp_path, box.port))  # `monopoli run --world` reaches this sandbox
        box.world.tick()
        night = Evening(box, rcon, world, tmp_path / "night.db", settings)
        try:
            yield night
        finally:
            night.store.close()
        assert box.world.strict_failures == []
