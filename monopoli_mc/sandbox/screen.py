"""What a sandbox player's screen shows, as terminal lines: chat in its colours, titles, the action
bar and boss bars; and the chat buttons of the latest lines, numbered to click.

The sandbox's own drawing for its console (no vanilla counterpart); the text it draws is what
`sandbox.text.spans` resolves as vanilla styles it (ledger row T3)."""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass, field

from monopoli_mc.sandbox.bots import ACTION_BAR_TICKS
from monopoli_mc.sandbox.model import Chat, Player
from monopoli_mc.sandbox.text import Span, Style, click_events
from monopoli_mc.sandbox.world import World

# The 16 chat colours (ChatFormatting) as the nearest of a terminal's 16 ANSI colours.
ANSI = {"black": "30", "dark_blue": "34", "dark_green": "32", "dark_aqua": "36", "dark_red": "31",
        "dark_purple": "35", "gold": "33", "gray": "37", "dark_gray": "90", "blue": "94",
        "green": "92", "aqua": "96", "red": "91", "light_purple": "95", "yellow": "93",
        "white": "97"}
BAR_COLORS = {"pink": "light_purple", "blue": "blue", "red": "red", "green": "green",
              "yellow": "yellow", "purple": "dark_purple", "white": "white"}  # BossEvent.BossBarColor
TITLE_KINDS = {"title": "title", "subtitle": "subtitle", "actionbar": "action bar"}
BAR_CELLS = 20


def draw(spans: list[Span], *, color: bool) -> str:
    """Runs of styled text as one terminal line: ANSI escapes when `color`, else the plain text. A control
    character in the text (a player's name, a card, a chat line) is shown escaped, never sent to the
    operator's terminal, where an ESC could restyle or rewrite the screen."""
    if not color:
        return "".join(visible(text) for text, _ in spans)
    return "".join(_ansi(style) + visible(text) + "\x1b[0m" if _ansi(style) else visible(text)
                   for text, style in spans)


def visible(text: str) -> str:
    """The text with each control character but the line break written as an escape (`\\x1b`)."""
    if text.isprintable():
        return text
    return "".join(c if c == "\n" or unicodedata.category(c) != "Cc" else
                   (f"\\x{ord(c):02x}" if ord(c) < 0x100 else f"\\u{ord(c):04x}") for c in text)


def _ansi(style: Style) -> str:
    codes = [code for on, code in ((style.bold, "1"), (style.italic, "3"), (style.underlined, "4"),
                                   (style.strikethrough, "9")) if on]
    if style.color.startswith("#") and len(style.color) == 7:
        r, g, b = (int(style.color[i:i + 2], 16) for i in (1, 3, 5))
        codes.append(f"38;2;{r};{g};{b}")
    elif style.color in ANSI:
        codes.append(ANSI[style.color])
    return f"\x1b[{';'.join(codes)}m" if codes else ""


@dataclass(frozen=True)
class Shown:
    """One thing that appeared on a screen: its plain text (to compare) and how it is drawn."""

    plain: str
    spans: list[Span]


@dataclass
class Screen:
    """One player's screen: what they have already been shown, and their numbered buttons."""

    name: str
    chat_seen: int = 0
    titles_seen: int = 0
    bars: dict[str, tuple[str, int, int, str]] = field(default_factory=dict)
    buttons: list[tuple[str, str, str]] = field(default_factory=list)
    """(label, action, value) of the chat buttons last shown, numbered from 1 (`text.click_events`)."""
    book: list[tuple[str, str, str]] = field(default_factory=list)
    """The buttons of the book read last; a chat button stays clickable while a book is open."""
    numbered: str = "chat"
    """Which buttons were numbered last ("chat" or "book"): what `click N` means."""
    action_bar: str | None = None
    """The action bar text last printed while still on screen: the pack refreshes a table's line every
    second or two, and the console prints it again only when its words change (or after it went away)."""

    def news(self, world: World, player: Player) -> list[Shown]:
        """What appeared on the screen since the last call (hold the world's lock)."""
        out: list[Shown] = []
        fresh = player.chat[self.chat_seen:]
        self.chat_seen = len(player.chat)
        out += [Shown(c.text, _chat_spans(c)) for c in fresh]
        clicks = [b for c in fresh for b in click_events(c.component, json_dialect=world.json_text)]
        if clicks:
            self.buttons, self.numbered = clicks, "chat"
            out.append(self.buttons_line())
        if self.action_bar is not None and not _on_screen(world, player):
            self.action_bar = None  # gone (faded, or the player left): the same words again are news
        for kind, text in player.titles[self.titles_seen:]:
            if kind == "actionbar":
                if text == self.action_bar:
                    continue
                self.action_bar = text or None
            if kind in TITLE_KINDS and text:
                label = TITLE_KINDS[kind]
                out.append(Shown(f"{label}: {text}", [(f"{label}: ", Style(color="gray")),
                                                      (text, Style(bold=kind == "title"))]))
        self.titles_seen = len(player.titles)
        out += self._bars(world, player)
        return out

    def numbered_buttons(self) -> list[tuple[str, str, str]]:
        """The buttons `click N` counts: those numbered last (a book's just read, else the chat's)."""
        return self.book if self.numbered == "book" else self.buttons

    def buttons_line(self) -> Shown:
        """The numbered buttons: `buttons: 1 [Roll]  2 [End turn]`; one that only fills the chat box is
        marked `…` (`[Other]…`: the player finishes the command and sends it)."""
        spans: list[Span] = [("buttons:", Style(color="gray"))]
        for n, (label, action, _) in enumerate(self.numbered_buttons(), 1):
            spans += [(f" {n} ", Style(bold=True)), (label.strip(), Style(color="aqua", underlined=True))]
            if action == "suggest_command":
                spans.append(("…", Style(color="gray")))
        return Shown("".join(t for t, _ in spans), spans)

    def _bars(self, world: World, player: Player) -> list[Shown]:
        now = {bar.id: (bar.name_text, bar.value, bar.max, bar.color) for bar in world.bossbars.values()
               if bar.visible and player.uuid in bar.players}
        out = []
        for bid, (words, value, top, colour) in now.items():
            if self.bars.get(bid) != now[bid]:
                full = round(BAR_CELLS * value / top) if top > 0 else 0
                tint = Style(color=BAR_COLORS.get(colour, "white"))
                out.append(Shown(f"boss bar: {words} ({value}/{top})",
                                 [("boss bar: ", Style(color="gray")), (words + " ", tint),
                                  ("█" * full, tint), ("░" * (BAR_CELLS - full), Style(color="dark_gray"))]))
        out += [Shown(f"boss bar gone: {old[0]}", [(f"boss bar gone: {old[0]}", Style(color="gray"))])
                for bid, old in self.bars.items() if bid not in now]
        self.bars = now
        return out


def _on_screen(world: World, player: Player) -> bool:
    """Whether the player's last action bar is still shown: vanilla keeps one 60 ticks (ledger D2)."""
    shown = player.overlay
    return shown is not None and world.game_time - shown[1] < ACTION_BAR_TICKS


def _chat_spans(line: Chat) -> list[Span]:
    return [(text, style) for text, style in line.spans] if line.spans else [(line.text, Style())]
