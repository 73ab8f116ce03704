"""A rehearsal at the sandbox's console: the server console's commands, and players the organiser acts as.

The sandbox's own tool: vanilla has no such console. What it runs is vanilla's as the sandbox
imitates it; only the console commands' source differs, noted below.

A line is one of (`console_lines` reads which):

- `NAME: ACTION`: the player NAME does what a person at a keyboard can (join, walk, type a
  command, click a chat button, press a building's button, open a book, leave), through
  `sandbox.bots.Bot`, as the demo's bots do;
- a server console command (`/reload`, `/op Alex`, `/function monopoli:admin/status`), run at
  level 4 as the console of a real server runs it, but with the sandbox's RCON source (`World.console`,
  named "Rcon"), so `/say` shows `[Rcon]` where a real console shows `[Server]`;
- a word of the console itself (`help`, `who`, `wait 5`, `sidebar`).

Any line may end with a note for the reader, as the README's transcript has them (`note`): a `#`
after whitespace and before whitespace or the line's end, outside a quoted string, starts it, and
it is not typed. A `#` that touches what follows (`#minecraft:logs`, `#12ab34`) or stands in quotes
(`{"text":"# 1"}`) is part of the command.

What each player's screen shows after it (chat, titles, action bar, boss bars) comes from
`news()`, one line per thing seen, prefixed with who saw it.
"""

from __future__ import annotations

import re
import time

from monopoli_mc.datapack.channel import STORAGE
from monopoli_mc.datapack.layout import BUTTON_KINDS, Layout
from monopoli_mc.errors import MonopoliError
from monopoli_mc.operator_input import SPACE, Measure, NotAccepted, Whole
from monopoli_mc.sandbox.bots import Bot, Paced
from monopoli_mc.sandbox.console_lines import player_line, typed, without_note
from monopoli_mc.sandbox.maps import map_id_of
from monopoli_mc.sandbox.protection import is_under_spawn_protection
from monopoli_mc.sandbox.runner import Sandbox
from monopoli_mc.sandbox.screen import Screen, Shown, draw
from monopoli_mc.sandbox.text import Style, component, plain

BUTTON_ALIASES = {"chance": "naughty", "chest": "crate", "community_chest": "crate"}
ACTIONS = ("join", "leave", "walk", "press", "click", "buttons", "book", "map", "look")
CONSOLE_WORDS = ("help", "who", "wait", "sidebar")
HELP = """\
As a player (a new NAME joins the server as a new player):
  NAME is up to 16 characters without spaces, colons or quotes (Alex, Robin!, Zoë, .Bob: Java's
  own are 3-16 of A-Z a-z 0-9 _; offline-mode servers and Bedrock players via Geyser bring
  others); quote one with spaces: "Mary Jane": join
  NAME: join                 connect to the server (they appear at the world spawn)
  NAME: walk board           walk onto the board, to GO;  NAME: walk 12  to space 12
  NAME: walk Vermont Avenue  to the space whose sign reads so (of several, the next one ahead)
  NAME: walk main 12         a space of the board named main (several boards);  NAME: walk middle
  NAME: /trigger d6          type a command in chat (players are not operators, unless /op NAME)
  NAME: click 2              click button 2 of those numbered last (chat, or the book just read)
  NAME: click Roll           a button by its label, in chat or in the book just read
  NAME: click Other 120      a button marked … only fills the chat box: type the rest after it
  NAME: buttons              the buttons numbered last
  NAME: press naughty        run to a building's button and press it: naughty, nice (Chance),
                             crate (Community Chest), jar (Free Parking); then walk back
                             (inside spawn protection, a player who is not an operator: nothing)
  NAME: book                 the books in the inventory;  NAME: book 2  read book 2 (its buttons numbered)
  NAME: map                  use the empty map in hand (stand at the board's middle: walk middle),
                             else what their filled maps show (the banners on the board's spaces)
  NAME: look                 where they stand, their name's colour, inventory, boss bars, last chat lines
  NAME: leave                disconnect (NAME: join comes back)
As the server console (what an operator types at a real server's console):
  /reload  /op NAME  /function monopoli:admin/pause  ...  any command the sandbox knows
The console:
  who                        who is online, where they stand, who is an operator
  sidebar                    the sidebar (cash, the jar)
  wait 5                     let 5 seconds pass and show what happens (an auction's clock, a walk's wait)
  help                       this list"""


WAIT = Measure("wait", 0, 600, "seconds")  # the console's `wait N`, by the operator's rule

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
        line = without_note(line)
        if not line:
            return []
        try:
            said = player_line(line)
            if said is not None:
                return self._as_player(*said)
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
        try:
            seconds = WAIT.read(rest or "1")
        except NotAccepted as exc:
            return [f"error: {exc}"]
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
            return [self._draw([(f"{name} | ", _DIM), *screen.buttons_line().spans])] \
                if screen.numbered_buttons() else [f"{name} has no buttons on screen"]
        if verb == "book":
            return self._book(bot, rest)
        if verb == "map":
            return self._map(bot)
        if verb == "look":
            return self._look(bot)
        raise MonopoliError(f"'{action}' is not something {name} can do: one of {', '.join(ACTIONS)}, "
                            f"or a command starting with / (type help)")

    # -- players -------------------------------------------------------------------------------
    def _bot(self, name: str) -> Bot:
        bot = self.bots.get(name)
        if bot is None or self.world.player(name) is None:
            raise MonopoliError(f"{name} is not on the server: type `{typed(name)}: join` first")
        return bot

    def _join(self, name: str) -> list[str]:
        if self.world.player(name) is not None:
            raise MonopoliError(f"{name} is on the server already")
        bot = self.bots[name] = Bot.join(self.world, name)
        if self.box.ticking:  # the server ticks on its own: the bot's steps wait for its ticks (bots.Paced)
            bot.world = Paced(self.world)  # type: ignore[assignment]  # the World, as the bot uses it
        self.screens.setdefault(name, Screen(name))
        return []

    def _walk(self, bot: Bot, where: str) -> str:
        words = where.split()
        board = self._board_of(bot)
        if words and words[0] in self.layouts:
            board = words.pop(0)
        layout = self.layouts[board]
        target = " ".join(words) or "board"
        if target == "middle":  # where a map made shows the whole board (README: the map)
            cx, cz = layout.middle()
            bot.walk_onto(layout.world((cx, 1, cz)))
            return self._narrate(f"{bot.name} walks to the middle of board {board}")
        if target == "board":
            space = 0
        elif target.isdigit():  # any script's digits, ² too: read by the operator's rule
            try:
                space = SPACE.read(target)
            except NotAccepted:
                raise MonopoliError(f"walk where? 'board' (GO), a space 0 to 39 in the digits 0-9 or a name on "
                                    f"its sign, not {target!r}") from None
        else:
            space = self._space_named(layout, target, bot)
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
        bot.world.tick(2)  # the press is seen on the next tick; then they walk back where they were
        bot.walk_to(back)
        if is_under_spawn_protection(self.world, bot.player, button):  # vanilla shows the player nothing: we say why
            return self._narrate(
                f"{bot.name} runs to the {kind} button of board {board} and presses it: nothing happens "
                f"(spawn protection: it is within {self.world.spawn_protection} blocks of the world spawn "
                f"{self.world.spawn[0]} {self.world.spawn[2]}, and {bot.name} is not an operator while the "
                f"server has one; set spawn-protection=0 on the night), and walks back")
        return self._narrate(f"{bot.name} runs to the {kind} button of board {board}, presses it and walks back")

    def _click(self, bot: Bot, which: str) -> list[str]:
        label, action, value, rest = self._button(bot.name, which)
        label = label.strip()
        if action == "run_command":
            if rest:
                raise MonopoliError(f"{label} runs {value} as it is: there is nothing to type after it")
            bot.command(value)
            return [self._narrate(f"{bot.name} clicks {label} ({value})")]
        if action == "suggest_command":  # vanilla fills the chat box; the player types the rest and sends it
            if not rest:
                return [self._narrate(f"{bot.name} clicks {label}: the chat box now reads {value!r}; "
                                      f"type the rest: `{typed(bot.name)}: click {label.strip('[]')} TEXT`")]
            text = value + rest
            if not text.startswith("/"):
                raise MonopoliError(f"{label} fills the chat box with a message, not a command: the console "
                                    "sends only commands")
            bot.command(text)
            return [self._narrate(f"{bot.name} clicks {label}, types {rest!r} and sends {text}")]
        return [self._narrate(f"{bot.name} clicks {label}: {action} {value} (nothing happens in the game)")]

    def _button(self, name: str, which: str) -> tuple[str, str, str, str]:
        """The button `click` names, by number (of those numbered last) or label (chat's and the book's,
        latest first), and what is typed after it: (label, action, value, rest)."""
        screen = self.screens[name]
        numbered = screen.numbered_buttons()
        first, _, after = which.partition(" ")
        if first.isdigit():  # any script's digits: read by the operator's rule
            try:
                n = Whole("the button", 1, len(numbered)).read(first)
            except NotAccepted:
                shown = f"1 to {len(numbered)}" if numbered else "none is shown"
                digits = "" if first.isascii() else ", in the digits 0-9"
                raise MonopoliError(f"{name} has no button {first} on screen ({shown}{digits}; "
                                    f"`{typed(name)}: buttons`)") from None
            return (*numbered[n - 1], after.strip())
        others = screen.buttons if numbered is screen.book else screen.book
        words = which.split()
        for cut in range(len(words), 0, -1):  # the longest label first: "End turn", "Other 120"
            wanted = " ".join(words[:cut]).strip("[]… ").lower()
            for button in [*reversed(numbered), *reversed(others)]:
                if button[0].strip("[]… ").lower() == wanted:
                    return (*button, " ".join(words[cut:]))
        raise MonopoliError(f"{name} has no button '{which}' on screen (`{typed(name)}: buttons`)")

    def _book(self, bot: Bot, which: str) -> list[str]:
        books = bot.books()
        if not books:
            return [f"{bot.name} has no book"]
        if not which:
            return [f"{bot.name}'s books:"] + [f"  {n}. {b.title} (by {b.author}, {len(b.pages)} page{'s' * (len(b.pages) != 1)})"
                                               for n, b in enumerate(books, 1)] + [f"read one: {bot.name}: book N"]
        try:
            book = books[Whole("the book", 1, len(books)).read(which) - 1]
        except NotAccepted:
            digits = "" if which.isascii() else " (in the digits 0-9)"
            raise MonopoliError(f"{bot.name} has books 1 to {len(books)}{digits}, not '{which}'") from None
        out = [f"{book.title} (by {book.author})"]
        for n, page in enumerate(book.pages, 1):
            out += [f"  page {n}:"] + ["    " + line for line in page.splitlines()]
        screen = self.screens[bot.name]
        if book.buttons:  # numbered now; the chat's stay clickable by label
            screen.book, screen.numbered = [(label, "run_command", command) for label, command in book.buttons], "book"
            out.append(self._draw([(f"{bot.name} | ", _DIM), *screen.buttons_line().spans]))
        return out

    def _map(self, bot: Bot) -> list[str]:
        """Use the empty map in hand, else say what each filled map carried shows on the boards."""
        p = bot.player
        held = p.inventory.get(p.selected_slot)
        if held is not None and held.id == "minecraft:map":
            map_id = bot.use_empty_map()
            data = self.world.maps[map_id]
            return [self._narrate(f"{bot.name} uses the empty map: it becomes map #{map_id}, centred on "
                                  f"{data.center_x} {data.center_z} (scale {data.scale})")]
        ids = [map_id_of(st) for _, st in sorted(p.inventory.items())]
        found = [self.world.maps[i] for i in ids if i is not None and i in self.world.maps]
        if not found:
            return [f"{bot.name} has no map: an empty one in hand (`/give {bot.name} minecraft:map`) "
                    "becomes one where they stand"]
        out = []
        for data in found:
            marks = []
            for name, layout in self.layouts.items():
                for space in range(40):
                    kind = data.shown_at(*layout.tile_centre(space))
                    if kind is not None and kind.endswith("banner"):
                        words = self._sign_text(layout, space) or f"space {space}"
                        marks.append(f"{kind.removeprefix('minecraft:').removesuffix('_banner')} on {words}"
                                     + (f" ({name})" if len(self.layouts) > 1 else ""))
            out.append(f"map #{data.id} (centre {data.center_x} {data.center_z}, scale {data.scale}): "
                       + ("; ".join(marks) if marks else "no banners on any board's space"))
        return out

    def _look(self, bot: Bot) -> list[str]:
        p = bot.player
        out = [f"{bot.name} stands at {p.pos[0]:.1f} {p.pos[1]:.1f} {p.pos[2]:.1f}{self._where(bot)}",
               self._draw([("name: ", _DIM), *self._name(p.name)])]
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
        return [self._draw([*self._name(p.name), (f"{' (operator)' if p.name in self.world.ops else ''}: at "
                            f"{p.pos[0]:.0f} {p.pos[1]:.0f} {p.pos[2]:.0f}"
                            f"{self._where(self.bots[p.name]) if p.name in self.bots else ''}", Style())])
                for p in online]

    def _name(self, name: str) -> list[tuple[str, Style]]:
        """A player's name as others see it: in their team's colour (over their head, in chat, on the
        sidebar), said in words too when it has one."""
        team = self.world.team_of(name)
        if team is None or team.color in ("reset", "white"):
            return [(name, Style())]
        return [(name, Style(color=team.color)), (f" ({team.color}, team {team.name})", _DIM)]

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
        said = player_line(line)
        verb = said[1].split(" ")[0] if said is not None else line.strip().split(" ")[0]
        return verb in ("walk", "look", "book", "buttons", "map", "who", "sidebar", "help", "")

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
            options = [f"{typed(n)}:" for n in names] + list(CONSOLE_WORDS) + self._commands(
                "/" if last.startswith("/") else "")
        elif player_line(head[0] + " ") is not None and len(head) == 1:
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
            return ["board", "middle", *self.layouts]
        return []


_DIM = Style(color="dark_gray")
