"""commands.yml: a Bukkit alias per player intent, each its `/trigger` form, as sheet 000 types them."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import yaml

from monopoli_mc.datapack.aliases import commands_yml
from monopoli_mc.datapack.channel import INTENTS
from monopoli_mc.sandbox.bots import Bot
from monopoli_mc.sandbox.world import World

COMMITTED = Path(__file__).resolve().parents[2] / "datapacks" / "commands.yml"
PACK = COMMITTED.parent / "monopoli"


def expand(line: str, args: list[str]) -> str:
    """Bukkit's FormattedCommandAlias.buildCommand: `$$N` required, `$N` optional, `$N-` the rest."""
    def sub(m: re.Match[str]) -> str:
        required, n, rest = m.group(1) == "$$", int(m.group(2)) - 1, m.group(3) == "-"
        if required and n >= len(args):
            raise ValueError(f"Missing required argument {n + 1}")
        return " ".join(args[n:]) if rest else (args[n] if n < len(args) else "")
    return re.sub(r"(\$\$?)(\d+)(-?)", sub, line)


def aliases() -> dict[str, list[str]]:
    data = yaml.safe_load(commands_yml())
    assert set(data) == {"aliases"}
    return dict(data["aliases"])


def test_an_alias_for_every_intent_as_the_sheet_types_them() -> None:
    found = aliases()
    assert list(found) == [i.name for i in INTENTS]
    for name in ("d6", "jar", "naughty", "nice", "crate", "buy", "bid"):
        assert name in found
    assert expand(found["bid"][0], ["50"]) == "trigger bid set 50"
    assert expand(found["d6"][0], []) == "trigger d6"
    with pytest.raises(ValueError, match="Missing required argument 1"):
        expand(found["bid"][0], [])


def test_every_alias_runs_as_a_player_would_type_it() -> None:
    world = World(strict=True)
    world.load_datapack(PACK)
    alex = Bot.join(world, "Alex")
    world.tick()
    for intent in INTENTS:
        line = expand(aliases()[intent.name][0], ["3"] if intent.takes_value else [])
        said = alex.command(line)
        assert not any("Unknown" in s or "Incorrect" in s for s in said), (line, said)
        assert world.execute(f"scoreboard players get Alex {intent.name}") == [
            f"Alex has {3 if intent.takes_value else 1} [{intent.name}]"]
    assert world.strict_failures == []


def test_the_committed_copy_is_fresh() -> None:
    assert COMMITTED.read_text(encoding="utf-8") == commands_yml(), \
        "run `monopoli datapack build` and commit datapacks/"
