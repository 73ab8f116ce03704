"""How the rehearsal console reads a line: a player's `NAME: ACTION` line, a name as typed, and the note
a line may end with (see `rehearsal`)."""

from __future__ import annotations

import re

# A name as the console takes it: bare (any characters but spaces, colons and quotes, not starting
# with /: Alex, Robin!, Zoë, .BedrockBob) or quoted ("Mary Jane"), 1 to 16 characters (the login
# packet's limit). Java accounts are 3 to 16 of A-Z a-z 0-9 _, but offline-mode servers and Bedrock
# players through Geyser/Floodgate (a . prefix) can bring any of these.
PLAYER_LINE = re.compile(r'^(?:"([^"\x00-\x1f]{1,16})"|([^\s:"/][^\s:"]{0,15})):(?:\s+(.*))?$')
BARE_NAME = re.compile(r'[^\s:"/][^\s:"]{0,15}')
_OPENS = set(" \t{[(:,=")  # a quote after one of these (or at the start) opens a string: not in "it's"
__all__ = ["BARE_NAME", "PLAYER_LINE", "player_line", "typed", "without_note"]


def without_note(line: str) -> str:
    """The line as typed, without its note: from a `#` that begins a word and is followed by whitespace
    or the line's end, outside quotes (`"..."` or `'...'`, a quote opening where a word or a value
    begins), to the end. A line that starts with `#` is all note (no command starts so). Stripped of the
    whitespace around."""
    line = line.strip()
    if line.startswith("#"):
        return ""
    quote, escaped = "", False
    for i, char in enumerate(line):
        if quote:
            if escaped:
                escaped = False
            elif char == "\\":
                escaped = True
            elif char == quote:
                quote = ""
        elif char in "\"'" and (i == 0 or line[i - 1] in _OPENS):
            quote = char
        elif char == "#" and i > 0 and line[i - 1] in " \t" and (i + 1 == len(line) or line[i + 1] in " \t"):
            return line[:i].strip()
    return line


def player_line(line: str) -> tuple[str, str] | None:
    """(name, what they do) of a `NAME: ...` line (the name bare or quoted), else None."""
    found = PLAYER_LINE.match(line.strip())
    if found is None:
        return None
    return found.group(1) or found.group(2), (found.group(3) or "").strip()


def typed(name: str) -> str:
    """A name as it is typed at the console: quoted when it could not stand bare."""
    return name if BARE_NAME.fullmatch(name) else f'"{name}"'
