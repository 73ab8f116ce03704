"""A rehearsal at the sandbox's console: the server console's commands, and players the organiser acts as.

The sandbox's own tool: vanilla has no such console. What it runs is vanilla's as the sandbox
imitates it; only the console commands' source differs, noted below.

A line is one of:

- `NAME: ACTION`: the player NAME does what a person at a keyboard can (join, walk, type a
  command, click a chat button, press a building's button, open a book, leave), through
  `sandbox.bots.Bot`, as the demo's bots do;
- a server console command (`/reload`, `/op Alex`, `/function monopoli:admin/status`), run at
  level 4 as the console of a real server runs it, but with the sandbox's RCON source (`World.console`,
  named "Rcon"), so `/say` shows `[Rcon]` where a real console shows `[Server]`;
- a word of the console itself (`help`, `who`, `wait 5`, `sidebar`).

What each player's screen shows after it (chat, titles, action bar, boss bars) comes from
`news()`, one line per thing seen, prefixed with who saw it.
"""

from __future__ import annotations

import re
import time

from monopoli_mc.datapack.channel import STORAGE
from monopoli_mc.datapack.layout import BUTTON_KINDS, Layout
from monopoli_mc.errors import MonopoliError
from monopoli_mc.sandbox.bots import Bot
from monopoli_mc.sandbox.protection import is_under_spawn_protection
from monopoli_mc.sandbox.runner import Sandbox
from monopoli_mc.sandbox.screen import Screen, Shown, draw
from monopoli_mc.sandbox.text import Style, component, plain

PLAYER_LINE = re.compile(r"^([A-Za-z0-9_]{1,16}):(?:\s+(.*))?$")
BUTTON_ALIASES = {"chance": "naughty", "chest": "crate", "community_chest": "crate"}
ACTIONS = ("join", "leave", "walk", "press", "click", "buttons", "book", "look")
CONSOLE_WORDS = ("help", "who", "wait", "sidebar")
HELP = """\
As a player (NAME is any name; a new one joins the server as a new player):
  NAME: join                 connect to the server (they appear at the world spawn)
  NAME: walk board           walk onto the board, to GO;  NAME: walk 12  to space 12
  NAME: walk Vermont Avenue  to the space whose sign reads so (of several, the next one ahead)
  NAME: walk main 12         a space of the board named main (several boards)
  NAME: /trigger d6          type a command in chat (players are not operators, unless /op NAME)
  NAME: click 2              click chat button 2 of the latest ones shown;  NAME: click Roll  by its label
  NAME: buttons              the chat buttons shown last, numbered
  NAME: press naughty        run to a building's button and press it: naughty, nice (Chance),
                             crate (Community Chest), jar (Free Parking); then walk back
  NAME: book                 the books in the inventory;  NAME: book 2  read book 2 (its buttons numbered)
  NAME: look                 where they stand, their inventory, boss bars, the last chat lines
  NAME: leave                disconnect (NAME: join comes back)
As the server console (what an operator types at a real server's console):
  /reload  /op NAME  /function monopoli:admin/pause  ...  any command the sandbox knows
The console:
  who                        who is online, where they stand, who is an operator
  sidebar                    the sidebar (cash, the jar)
  wait 5                     let 5 seconds pass and show what happens (an auction's clock, a walk's wait)
  help                       this list"""


class Rehearsal:
    """The organiser's console over a running sandbox: server commands and players they act as."""

    def __init__(self, box: Sandbox, layouts: dict[str, Layout], *, color: bool) -> None:
        self.box = box
        self.world = box.world
        self.layouts = layouts
        self.color = color
        self.bots: dict[str, Bot] = {}
        self.screens: dict[str, Screen] = {}
        self._sidebar: list[tuple[str, int]] = []

    # -- one line ----------------------------------------------------------------------------
    def handle(self, line: str) -> list[str]:
        """Do what one typed line says; what the console answers (a player's screen comes in `news`)."""
        line = line.strip()
        if not line or line.startswith("#"):
            return []
        try:
            found = PLAYER_LINE.match(line)
            if found:
                return self._as_player(found.group(1), (found.group(2) or "").strip())
            word, _, rest = line.partition(" ")
            if word in CONSOLE_WORDS:
                return self._console_word(word, rest.strip())
            with self.world.lock:
                return self.world.execute(line) or [f"(no answer from /{line.lstrip('/')})"]
        except MonopoliError as exc:
            return [f"error: {exc}"]

    def _console_word(self, word: str, rest: str) -> list[str]:
        if word == "help":
            return HELP.splitlines()
        if word == "who":
            return self._who()
        if word == "sidebar":
            return self._sidebar_lines(force=True)
        seconds = float(rest or "1") if re.fullmatch(r"\d+(\.\d+)?", rest or "1") else -1.0
        if not 0 <= seconds <= 600:
            return [f"error: wait takes seconds, 0 to 600, not '{rest}'"]
        time.sleep(seconds)
        return []

    def _as_player(self, name: str, action: str) -> list[str]:
        if action.startswith("/"):
            self._bot(name).command(action)
            return []
        verb, _, rest = action.partition(" ")
        rest = rest.strip()
        if verb == "join":
            return self._join(name)
        bot = self._bot(name)
        if verb == "leave":
            bot.leave()
            return []
        if verb == "walk":
            return [self._walk(bot, rest)]
        if verb == "press":
            return [self._press(bot, rest)]
        if verb == "click":
            return self._click(bot, rest)
        if verb == "buttons":
            screen = self.screens[name]
            return [self._draw([(f"{name} | ", _DIM), *screen.buttons_line().spans])] if screen.buttons \
                else [f"{name} has no chat buttons on screen"]
        if verb == "book":
            return self._book(bot, rest)
        if verb == "look":
            return self._look(bot)
        raise MonopoliError(f"'{action}' is not something {name} can do: one of {', '.join(ACTIONS)}, "
                            f"or a command starting with / (type help)")

    # -- players -------------------------------------------------------------------------------
    def _bot(self, name: str) -> Bot:
        bot = self.bots.get(name)
        if bot is None or self.world.player(name) is None:
            raise MonopoliError(f"{name} is not on the server: type `{name}: join` first")
        return bot

    def _join(self, name: str) -> list[str]:
        if self.world.player(name) is not None:
            raise MonopoliError(f"{name} is on the server already")
        self.bots[name] = Bot.join(self.world, name)
        self.screens.setdefault(name, Screen(name))
        return []

    def _walk(self, bot: Bot, where: str) -> str:
        words = where.split()
        board = self._board_of(bot)
        if words and words[0] in self.layouts:
            board = words.pop(0)
        layout = self.layouts[board]
        target = " ".join(words) or "board"
        if target == "board":
            space = 0
        elif target.isdigit() and int(target) < 40:
            space = int(target)
        elif not target.isdigit():
            space = self._space_named(layout, target, bot)
        else:
            raise MonopoliError(f"walk where? 'board' (GO), a space 0 to 39 or a name on its sign, not '{target}'")
        bot.walk_onto(layout.world(layout.stand(space)))
        return self._narrate(f"{bot.name} walks to space {space} of board {board}")

    def _space_named(self, layout: Layout, name: str, bot: Bot) -> int:
        """The space whose sign reads `name` (as the action bar's "Walk to Chance" names it); of
        several (three Chance spaces), the next one ahead of where the player stands."""
        wanted = " ".join(name.lower().split())
        found = [i for i in range(40)
                 if re.search(rf"\b{re.escape(wanted)}\b", self._sign_text(layout, i).lower())]
        if not found:
            raise MonopoliError(f"no sign on the board reads '{name}': walk board, a space 0 to 39, or a name")
        here = layout.tile_at(bot.player.pos[0], bot.player.pos[2]) or 0
        return min(found, key=lambda i: (i - here) % 40)

    def _sign_text(self, layout: Layout, space: int) -> str:
        """The words on a tile's sign, its lines joined ("Vermont Avenue $100")."""
        block = self.world.blocks.get(layout.world(layout.sign(space)))
        if block is None or block.nbt is None or "front_text" not in block.nbt:
            return ""
        lines = [plain(component(m, json_dialect=self.world.json_text))
                 for m in block.nbt["front_text"].get("messages", [])]
        return " ".join(" ".join(lines).split())

    def _press(self, bot: Bot, kind: str) -> str:
        kind = BUTTON_ALIASES.get(kind.replace(" ", "_"), kind)
        if kind not in BUTTON_KINDS:
            raise MonopoliError(f"press which button? one of {', '.join(BUTTON_KINDS)}, not '{kind}'")
        board = self._board_of(bot)
        layout = self.layouts[board]
        back = bot.player.pos
        button = layout.world(layout.buttons()[kind])
        bot.run_and_press(button, layout.world(layout.press_spot(kind)))
        self.world.tick(2)  # the press is seen on the next tick; then they walk back where they were
        bot.walk_to(back)
        if is_under_spawn_protection(self.world, bot.player, button):  # vanilla shows the player nothing: we say why
            return self._narrate(
                f"{bot.name} runs to the {kind} button of board {board} and presses it: nothing happens "
                f"(spawn protection: it is within {self.world.spawn_protection} blocks of the world spawn "
                f"{self.world.spawn[0]} {self.world.spawn[2]}, and {bot.name} is not an operator while the "
                f"server has one; set spawn-protection=0 on the night), and walks back")
        return self._narrate(f"{bot.name} runs to the {kind} button of board {board}, presses it and walks back")

    def _click(self, bot: Bot, which: str) -> list[str]:
        screen = self.screens[bot.name]
        if which.isdigit():
            n = int(which)
            if not 1 <= n <= len(screen.buttons):
                shown = f"1 to {len(screen.buttons)}" if screen.buttons else "none is shown"
                raise MonopoliError(f"{bot.name} has no button {n} on screen ({shown}; `{bot.name}: buttons`)")
            label, command = screen.buttons[n - 1]
        else:
            found = [b for b in reversed(screen.buttons) if b[0].strip("[] ") == which.strip("[] ")]
            if not found:
                raise MonopoliError(f"{bot.name} has no chat button '{which}' on screen (`{bot.name}: buttons`)")
            label, command = found[0]
        bot.command(command)
        return [self._narrate(f"{bot.name} clicks {label.strip()} ({command})")]

    def _book(self, bot: Bot, which: str) -> list[str]:
        books = bot.books()
        if not books:
            return [f"{bot.name} has no book"]
        if not which:
            return [f"{bot.name}'s books:"] + [f"  {n}. {b.title} (by {b.author}, {len(b.pages)} page{'s' * (len(b.pages) != 1)})"
                                               for n, b in enumerate(books, 1)] + [f"read one: {bot.name}: book N"]
        if not which.isdigit() or not 1 <= int(which) <= len(books):
            raise MonopoliError(f"{bot.name} has books 1 to {len(books)}, not '{which}'")
        book = books[int(which) - 1]
        out = [f"{book.title} (by {book.author})"]
        for n, page in enumerate(book.pages, 1):
            out += [f"  page {n}:"] + ["    " + line for line in page.splitlines()]
        screen = self.screens[bot.name]
        if book.buttons:
            screen.buttons = book.buttons
            out.append(self._draw([(f"{bot.name} | ", _DIM), *screen.buttons_line().spans]))
        return out

    def _look(self, bot: Bot) -> list[str]:
        p = bot.player
        out = [f"{bot.name} stands at {p.pos[0]:.1f} {p.pos[1]:.1f} {p.pos[2]:.1f}{self._where(bot)}"]
        items = [f"{st.count} {st.id.removeprefix('minecraft:')}" for _, st in sorted(p.inventory.items())]
        out.append("inventory: " + (", ".join(items) or "empty"))
        out += [f"boss bar: {w} ({v}/{m}, {c})" for w, v, m, c in bot.bossbars()]
        out += ["last chat lines:"] + ["  " + self._draw(line.spans or [(line.text, Style())])
                                       for line in p.chat[-8:]]
        return out

    def _board_of(self, bot: Bot) -> str:
        """The board the player stands on, else the first."""
        x, _, z = bot.player.pos
        return next((name for name, lay in self.layouts.items() if lay.tile_at(x, z) is not None),
                    next(iter(self.layouts)))

    def _where(self, bot: Bot) -> str:
        x, _, z = bot.player.pos
        for name, lay in self.layouts.items():
            space = lay.tile_at(x, z)
            if space is not None:
                return f", on space {space} of board {name}"
        return ""

    def _who(self) -> list[str]:
        online = self.world.online_players()
        if not online:
            return ["nobody is online: NAME: join"]
        return [f"{p.name}{' (operator)' if p.name in self.world.ops else ''}: at {p.pos[0]:.0f} {p.pos[1]:.0f} "
                f"{p.pos[2]:.0f}{self._where(self.bots[p.name]) if p.name in self.bots else ''}" for p in online]

    # -- what the screens show -------------------------------------------------------------------
    def news(self) -> list[str]:
        """What appeared on the players' screens since the last call, one line each, prefixed with
        who saw it (`everyone` when every player online did); then the sidebar if it changed."""
        seen: dict[tuple[str, int], tuple[Shown, list[str]]] = {}
        with self.world.lock:
            online = [p for p in self.world.online_players() if p.name in self.screens]
            for p in online:
                counts: dict[str, int] = {}
                for shown in self.screens[p.name].news(self.world, p):
                    k = counts[shown.plain] = counts.get(shown.plain, 0) + 1
                    seen.setdefault((shown.plain, k), (shown, []))[1].append(p.name)
            sidebar = self._sidebar_lines(force=False)
        everyone = len(online) > 1
        out = []
        for shown, names in seen.values():
            who = "everyone" if everyone and len(names) == len(online) else ", ".join(names)
            out.append(self._draw([(f"{who} | ", _DIM), *shown.spans]))
        return out + sidebar

    def _sidebar_lines(self, *, force: bool) -> list[str]:
        rows = self.world.sidebar()
        if rows == self._sidebar and not force:
            return []
        self._sidebar = rows
        if not rows:
            return ["sidebar: empty"]
        obj = self.world.scoreboard.objectives[self.world.scoreboard.display["sidebar"]]
        shown = [f"{plain(obj.scores[h].display) if obj.scores[h].display else h} {v}" for h, v in rows]
        return [self._draw([(f"sidebar ({obj.display_text}): ", _DIM), (" · ".join(shown), Style())])]

    def _draw(self, spans: list[tuple[str, Style]]) -> str:
        return draw(spans, color=self.color)

    def _narrate(self, text: str) -> str:
        return self._draw([(text, _DIM)])

    # -- time ------------------------------------------------------------------------------------
    def settle(self, *, quiet: float = 0.12, cap: float = 10.0) -> None:
        """Wait until what was just done has shown on the screens.

        The pack sees a player's input on the next tick. A controller that is polling (a command
        over RCON in the last second) has taken it once the inbox is empty; it writes what
        follows before its next read, so two more of its requests mean the writes are out (an
        operator's `monopoli admin` request, answered from its database, too). Then wait until
        nothing new shows for `quiet` seconds.
        """
        deadline = time.monotonic() + cap
        start = self.world.game_time
        while self.world.game_time < start + 2 and time.monotonic() < deadline:
            time.sleep(0.01)
        server = self.box.server
        if time.monotonic() - server.last_command < 1.0:
            while self._queued() and time.monotonic() < deadline:
                time.sleep(0.01)
            taken, polls_by = server.commands, min(deadline, time.monotonic() + 1.0)  # none: no controller
            while server.commands < taken + 2 and time.monotonic() < polls_by:
                time.sleep(0.01)
        last, since = self._mark(), time.monotonic()
        while time.monotonic() - since < quiet and time.monotonic() < deadline:
            time.sleep(0.02)
            now = self._mark()
            if now != last:
                last, since = now, time.monotonic()

    @staticmethod
    def only_looks(line: str) -> bool:
        """Whether a line only looks (walks, reads, lists): nothing a controller answers."""
        found = PLAYER_LINE.match(line.strip())
        verb = (found.group(2) or "").split(" ")[0] if found else line.strip().split(" ")[0]
        return verb in ("walk", "look", "book", "buttons", "who", "sidebar", "help", "")

    def _queued(self) -> bool:
        """Whether the pack's inbox holds input no controller has taken yet."""
        with self.world.lock:
            bridge = self.world.storage.get(STORAGE)
            return bool(bridge is not None and bridge.get("inbox"))

    def _mark(self) -> tuple[int, ...]:
        with self.world.lock:
            return tuple(n for p in self.world.online_players() for n in (len(p.chat), len(p.titles)))

    # -- completion ------------------------------------------------------------------------------
    def completions(self, before: str) -> list[str]:
        """What may come next at the end of `before` (the line up to the cursor): whole words."""
        words = before.split(" ")
        head, last = words[:-1], words[-1]
        names = sorted({*self.bots, *(p.name for p in self.world.online_players())})
        if not head:
            options = [f"{n}:" for n in names] + list(CONSOLE_WORDS) + self._commands("/" if last.startswith("/") else "")
        elif PLAYER_LINE.match(head[0] + " ") and len(head) == 1:
            options = list(ACTIONS) + ["/trigger"]
        else:
            options = self._argument(head, names)
        return [o for o in options if o.startswith(last)]

    def _commands(self, slash: str) -> list[str]:
        return [slash + root for root in sorted(self.world.vanilla.tree.get("children", {}))]

    def _argument(self, head: list[str], names: list[str]) -> list[str]:
        verb = head[-1]
        if verb in ("/trigger", "trigger"):
            with self.world.lock:
                return sorted(o.name for o in self.world.scoreboard.objectives.values() if o.criteria == "trigger")
        if verb in ("/function", "function"):
            return sorted(self.world.datapacks.functions)
        if verb in ("/op", "op", "/deop", "deop"):
            return names
        if verb == "press":
            return [*BUTTON_KINDS, "chance"]
        if verb == "walk":
            return ["board", *self.layouts]
        return []


_DIM = Style(color="dark_gray")
