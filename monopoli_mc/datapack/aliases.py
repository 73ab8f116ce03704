"""commands.yml aliases for Bukkit-family servers (Paper, Spigot): `/d6` for `/trigger d6`.

Bukkit reads `aliases:` from commands.yml beside server.properties; each alias is a list of
command lines run as the player who typed it (`FormattedCommandAlias`), where `$$1` is the
first argument, required ("Missing required argument 1" when it is left out) and `$1` the
same, optional. Vanilla has no aliases: there `/trigger d6` and the chat buttons are the way.
"""

from __future__ import annotations

from monopoli_mc.datapack.channel import INTENTS, Intent

FILE = "commands.yml"
HEADER = """\
# Monopoli MC: shortcuts for Paper, Spigot and other Bukkit-family servers, so players type
# /d6, /naughty, /bid 50 ... instead of /trigger d6, /trigger naughty, /trigger bid set 50.
# Put the aliases below into commands.yml in the server's folder (beside server.properties;
# keep its other aliases), then restart the server. Vanilla servers do not read this file:
# there players type /trigger d6 or click the chat buttons.
# An alias takes the place of any plugin command of the same name (for example a shop's /buy).
aliases:
"""


def alias_line(intent: Intent) -> str:
    """The command an intent's alias runs: `trigger d6`, or `trigger bid set $$1`."""
    return f"trigger {intent.name} set $$1" if intent.takes_value else f"trigger {intent.name}"


def commands_yml() -> str:
    """The whole file: one alias per intent, each an alias of its `/trigger` form."""
    lines = [HEADER]
    for intent in INTENTS:
        usage = f" N: {intent.meaning}" if intent.takes_value else f": {intent.meaning}"
        lines.append(f"  # /{intent.name}{usage}\n  {intent.name}:\n  - {alias_line(intent)}\n")
    return "".join(lines)
