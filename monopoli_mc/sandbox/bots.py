"""Bot players: they can do only what a person at a keyboard can do.

The sandbox's own stand-ins for people (vanilla has no bots); what their actions make the server
do is vanilla's as the sandbox imitates it, cited where it is done (buttons: `ButtonBlock`)."""

from __future__ import annotations

import math
import time
from dataclasses import dataclass
from typing import Any

from monopoli_mc.errors import SandboxError
from monopoli_mc.sandbox import death, versions
from monopoli_mc.sandbox.values import item_name
from monopoli_mc.sandbox.model import BlockPos, Chat, ItemStack, Player, Pos
from monopoli_mc.sandbox.text import book_pages, clicks, plain
from monopoli_mc.sandbox.world import World

ACTION_BAR_TICKS = 60  # how long vanilla keeps an action bar on screen (Gui.setOverlayMessage)


@dataclass(frozen=True)
class Book:
    """A written book as its reader sees it."""

    title: str
    author: str
    pages: list[str]
    buttons: list[tuple[str, str]]
    """(label, command) of the run_command buttons on its pages, in order."""


class Paced:
    """The world as a bot sees it beside a server that ticks on its own clock: a tick of the bot's waits for the
    server's next tick instead of running one, so a walk takes the game time it takes and the RCON requests of a
    controller run between its steps, as they do beside a real player (a bot that ran the ticks itself would
    cross a second of game time in a few milliseconds, with no read of the controller's in between)."""

    def __init__(self, world: World) -> None:
        self._world = world

    def tick(self, n: int = 1) -> None:
        """Wait for the server's next `n` ticks (at most 5 s: a paused server does not hold the bot for ever)."""
        until = self._world.game_time + n
        deadline = time.monotonic() + 5.0
        while self._world.game_time < until and time.monotonic() < deadline:
            time.sleep(0.005)

    def __getattr__(self, name: str) -> Any:
        return getattr(self._world, name)


class Bot:
    """One bot player in a sandbox world."""

    REACH = 4.5

    def __init__(self, world: World, name: str) -> None:
        self.world = world
        self.name = name

    @classmethod
    def join(cls, world: World, name: str) -> Bot:
        """Connect a new player; it appears at the world spawn."""
        world.join(name)
        return cls(world, name)

    @property
    def player(self) -> Player:
        """The bot's player entity (must be online)."""
        p = self.world.player(self.name)
        if p is None:
            raise SandboxError(f"player not online: '{self.name}'")
        return p

    def leave(self) -> None:
        """Disconnect."""
        self.world.leave(self.name)

    def respawn(self) -> bool:
        """Press Respawn on the death screen (`death.respawn`); False when the bot is not dead."""
        with self.world.lock:
            return death.respawn(self.world, self.player)

    def walk_to(self, pos: Pos, *, step: float = 4.0) -> None:
        """Walk in straight steps of at most `step` blocks, a tick per step."""
        while True:
            with self.world.lock:
                here = self.player.pos
                dist = math.dist(here, pos)
                if dist <= step:
                    self.player.pos = pos
                    return
                f = step / dist
                self.player.pos = tuple(a + (b - a) * f for a, b in zip(here, pos))  # type: ignore[assignment]
            self.world.tick()

    def walk_onto(self, block: BlockPos) -> None:
        """Walk to stand in the middle of the block at `block` (the floor under their feet)."""
        self.walk_to((block[0] + 0.5, float(block[1]), block[2] + 0.5))

    def run_and_press(self, button: BlockPos, stand: BlockPos, *, tries: int = 3) -> None:
        """Run to `stand`, wait for the button there to pop up (a press still down), and press it.

        Walks again up to `tries` times: a controller (re)starting meanwhile may teleport the
        player back. Raises SandboxError when the button is still out of reach.
        """
        for _ in range(tries):
            self.walk_onto(stand)
            # a button still down ignores a press (ButtonBlock.useWithoutItem: POWERED → CONSUME);
            # it stays down 20 ticks (stone) or 30 (wood) (Blocks, client1.21.4): wait until it pops up
            for _ in range(40):
                if button not in self.world.redstone.pressed:
                    break
                self.world.tick()
            with self.world.lock:
                if self.can_reach(button):
                    self.press_button(button)
                    return
        self.press_button(button)  # out of reach every time: say so

    def can_reach(self, pos: BlockPos) -> bool:
        """Whether the block at pos is within the player's reach from where they stand."""
        centre = (pos[0] + 0.5, pos[1] + 0.5, pos[2] + 0.5)
        eyes = (self.player.pos[0], self.player.pos[1] + 1.62, self.player.pos[2])
        return math.dist(centre, eyes) <= self.REACH + 1

    def press_button(self, pos: BlockPos) -> None:
        """Press (use) the button at pos, as a player does; it must be within reach."""
        with self.world.lock:
            if not self.can_reach(pos):
                raise SandboxError(f"{self.name} cannot reach the button at {pos}")
            self.world.use_block(self.player, pos)

    def use_empty_map(self) -> int:
        """Right-click with the empty map in hand: it becomes a new map of where the bot stands."""
        return self.world.use_empty_map(self.name)

    def command(self, text: str) -> list[str]:
        """Type a command into chat (bots are not operators); the feedback they see."""
        with self.world.lock:
            p = self.player
            before = len(p.chat)
            self.world.run(text, self.world.player_source(p))
            return [c.text for c in p.chat[before:]]

    def trigger(self, objective: str, mode: str | None = None, value: int | None = None) -> list[str]:
        """`/trigger objective [add|set value]`."""
        cmd = f"trigger {objective}" + (f" {mode} {value}" if mode else "")
        return self.command(cmd)

    def chat(self) -> list[Chat]:
        """Every chat line received so far."""
        return list(self.player.chat)

    def chat_text(self) -> list[str]:
        """The plain text of every chat line received."""
        return [c.text for c in self.player.chat]

    def buttons(self) -> list[tuple[str, str]]:
        """Every clickable run_command in received chat: (label, command)."""
        return [b for c in self.player.chat for b in c.clicks]

    def click(self, label: str) -> list[str]:
        """Click the most recent chat button with this label (runs its command as the bot)."""
        for c in reversed(self.player.chat):
            for text, command in c.clicks:
                if text == label or text.strip("[] ") == label:
                    return self.command(command)
        raise SandboxError(f"{self.name} has no chat button '{label}'")

    def titles(self) -> list[tuple[str, str]]:
        """Titles, subtitles and action bars received: (kind, text)."""
        return list(self.player.titles)

    def action_bar(self) -> str | None:
        """The action bar on the bot's screen now: the last one sent, for the 60 ticks vanilla shows it
        (`Gui.setOverlayMessage`: `overlayMessageTime = 60`, fading over the last 20; ledger D2)."""
        shown = self.player.overlay
        if shown is None or self.world.game_time - shown[1] >= ACTION_BAR_TICKS:
            return None
        return shown[0]

    def bossbars(self) -> list[tuple[str, int, int, str]]:
        """The boss bars on the bot's screen: (words, value, max, colour)."""
        with self.world.lock:
            return [(b.name_text, b.value, b.max, b.color) for b in self.world.bossbars.values()
                    if b.visible and self.player.uuid in b.players]

    def inventory(self) -> dict[int, ItemStack]:
        """Slot -> item."""
        return dict(self.player.inventory)

    def books(self) -> list[Book]:
        """Written books in the inventory, with their pages as plain text."""
        dialect = versions.json_text(self.world.version)
        out = []
        for _, st in sorted(self.player.inventory.items()):
            if st.id != "minecraft:written_book":
                continue
            content = st.components.get("minecraft:written_book_content", {})
            author = str(content.get("author", ""))
            pages = book_pages(st.components, json_dialect=dialect)
            out.append(Book(item_name(st), author, [plain(p) for p in pages],
                            [c for p in pages for c in clicks(p, json_dialect=dialect)]))
        return out
