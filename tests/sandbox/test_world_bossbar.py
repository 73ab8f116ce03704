"""`bossbar` as vanilla answers it (BossBarCommands, en_us), in the JSON and the SNBT text dialects; strict."""

from __future__ import annotations

import pytest

from monopoli_mc.sandbox.bots import Bot
from monopoli_mc.sandbox.world import World

BAR = "monopoli:time_main"


@pytest.mark.parametrize(("version", "name"), [("1.21.11", '{text:"Time left: 90 min"}'),
                                               ("1.20.5", '{"text":"Time left: 90 min"}')])
def test_a_bar_is_made_given_to_tagged_players_set_and_removed(version: str, name: str) -> None:
    world = World(version=version, strict=True)
    alex, sam = Bot.join(world, "Alex"), Bot.join(world, "Sam")
    expected = [
        ("bossbar list", "There are no custom bossbars active"),
        (f"bossbar add {BAR} {name}", "Created custom bossbar [Time left: 90 min]"),
        (f"bossbar add {BAR} {name}", f"A bossbar already exists with the ID '{BAR}'"),
        ("tag Alex add monopoli.time.main", "Added tag 'monopoli.time.main' to Alex"),
        (f"bossbar set {BAR} players @a[tag=monopoli.time.main]",
         "Custom bossbar [Time left: 90 min] now has 1 player(s): Alex"),
        (f"bossbar set {BAR} players @a[tag=monopoli.time.main]",
         "Nothing changed. Those players are already on the bossbar with nobody to add or remove"),
        (f"bossbar set {BAR} max 5400", "Custom bossbar [Time left: 90 min] has changed maximum to 5400"),
        (f"bossbar set {BAR} value 5399", "Custom bossbar [Time left: 90 min] has changed value to 5399"),
        (f"bossbar set {BAR} value 5399", "Nothing changed. That's already the value of this bossbar"),
        (f"bossbar set {BAR} color red", "Custom bossbar [Time left: 90 min] has changed color"),
        (f"bossbar set {BAR} color red", "Nothing changed. That's already the color of this bossbar"),
        (f"bossbar set {BAR} name {name}", "Nothing changed. That's already the name of this bossbar"),
        (f"bossbar get {BAR} players", "Custom bossbar [Time left: 90 min] has 1 player(s) currently online: Alex"),
        (f"bossbar get {BAR} value", "Custom bossbar [Time left: 90 min] has a value of 5399"),
        ("bossbar list", "There are 1 custom bossbar(s) active: [Time left: 90 min]"),
    ]
    for command, reply in expected:
        assert world.execute(command) == [reply], command
    assert alex.bossbars() == [("Time left: 90 min", 5399, 5400, "red")] and sam.bossbars() == []
    alex.leave()
    assert world.execute(f"bossbar get {BAR} players") == [
        "Custom bossbar [Time left: 90 min] has no players currently online"]
    alex = Bot.join(world, "Alex")  # the bar keeps Alex's UUID: shown again on joining
    assert alex.bossbars() == [("Time left: 90 min", 5399, 5400, "red")]
    assert world.execute(f"bossbar set {BAR} players @a[tag=nobody]") == [
        "Custom bossbar [Time left: 90 min] no longer has any players"]  # getOptionalPlayers: no error
    assert world.execute(f"bossbar remove {BAR}") == ["Removed custom bossbar [Time left: 90 min]"]
    assert world.execute(f"bossbar remove {BAR}") == [f"No bossbar exists with the ID '{BAR}'"]
    assert alex.bossbars() == [] and not world.strict_failures


@pytest.mark.parametrize("command", [f"bossbar set {BAR} value -1", f"bossbar set {BAR} max 0",
                                     f"bossbar set {BAR} color grey", f"bossbar set {BAR} players @e",
                                     f"bossbar set {BAR}", "bossbar add monopoli:Time {text:\"x\"}"])
def test_lines_vanilla_refuses_are_refused(command: str) -> None:
    world = World(strict=True)
    world.execute(f'bossbar add {BAR} {{text:"x"}}')
    assert world.execute(command) and world.strict_failures == [command]
