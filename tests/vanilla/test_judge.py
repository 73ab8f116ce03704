"""The judge walks Mojang's command tree: it refuses what vanilla refuses and takes what it takes."""

from __future__ import annotations

import pytest

from monopoli_mc.vanilla import data
from monopoli_mc.vanilla.judge import PLAYER_LEVEL, RCON_LEVEL, check_function, verdict

NEW, OLD = "1.21.11", "1.21.4"


def refused(line: str, version: str = NEW, level: int = 2) -> str:
    r = verdict(line, version, level)
    assert r is not None, f"the judge took {line!r} on {version}"
    return r.message


def taken(line: str, version: str = NEW, level: int = 2) -> None:
    r = verdict(line, version, level)
    assert r is None, f"{line!r} on {version}: {r}"


# What mecha takes and vanilla refuses (issue 11) ------------------------------------------

@pytest.mark.parametrize("version", [NEW, OLD])
def test_block_positions_are_whole_numbers(version: str) -> None:
    assert refused("setblock 1.5 2 3 minecraft:stone", version) == "Invalid integer '1.5'"
    taken("setblock 1 2 3 minecraft:stone", version)
    taken("setblock ~1.5 ~ ~-2 minecraft:stone", version)  # relative ones may be fractions
    taken("tp @s 1.5 2 3", version)  # vec3 takes any number


@pytest.mark.parametrize("version", [NEW, OLD])
def test_self_selector_takes_no_limit_or_sort(version: str) -> None:
    assert refused("kill @s[limit=1]", version) == "Option 'limit' isn't applicable here"
    assert refused("kill @s[sort=nearest]", version) == "Option 'sort' isn't applicable here"
    assert refused("kill @e[limit=1,limit=2]", version) == "Option 'limit' isn't applicable here"
    assert refused("kill @a[type=minecraft:zombie]", version) == "Option 'type' isn't applicable here"


def test_nearest_player_may_be_sorted_again() -> None:
    """EntitySelectorOptions: `sort` is refused only for @s or a second `sort`; @p sets neither."""
    taken("kill @p[sort=nearest]")
    taken("kill @p[sort=furthest,limit=1]")


@pytest.mark.parametrize("version", [NEW, OLD])
def test_single_entity_arguments_refuse_many(version: str) -> None:
    assert refused("data get entity @a Pos", version) == (
        "Only one entity is allowed, but the provided selector allows more than one")
    taken("data get entity @a[limit=1] Pos", version)
    taken("data get entity Alex Pos", version)
    assert refused("tp @s @e", version) == "Incorrect argument for command"  # two parses failed
    assert refused("title @e[type=minecraft:zombie] title \"x\"" if version == OLD else
                   "title @e[type=minecraft:zombie] title 'x'", version).startswith("Only players may be affected")


@pytest.mark.parametrize("version", [NEW, OLD])
def test_book_titles_are_at_most_32_characters(version: str) -> None:
    page = "\"hi\"" if version == NEW else "'\"hi\"'"
    book = "give @s minecraft:written_book[minecraft:written_book_content={title:\"%s\",author:\"a\",pages:[%s]}]"
    assert refused(book % ("x" * 33, page), version).startswith(
        "Malformed 'minecraft:written_book_content' component")
    taken(book % ("x" * 32, page), version)


def test_extra_must_not_be_empty() -> None:
    assert refused('tellraw @a {text:"hi",extra:[]}') == "Invalid chat component: List must have contents"
    assert refused('tellraw @a {"text":"hi","extra":[]}', OLD) == (
        "Invalid chat component: List must have contents")
    taken('tellraw @a {text:"hi",extra:[{text:"!"}]}')


def test_hover_text_is_value_from_1_21_5() -> None:
    assert refused('tellraw @a {text:"x",hover_event:{action:"show_text",contents:"y"}}').startswith(
        "Invalid chat component: No key value")
    taken('tellraw @a {text:"x",hover_event:{action:"show_text",value:"y"}}')
    taken('tellraw @a {"text":"x","hoverEvent":{"action":"show_text","contents":"y"}}', OLD)


@pytest.mark.parametrize("version", [NEW, OLD])
def test_team_colours_are_chat_colours(version: str) -> None:
    assert refused("team modify monopoli.light_blue color light_blue", version) == "Unknown color 'light_blue'"
    taken("team modify monopoli.light_blue color aqua", version)
    taken("team modify t color reset", version)


# What vanilla takes, strict mode takes ---------------------------------------------------

@pytest.mark.parametrize("version", ["1.21", "1.21.4", "1.21.5", "1.21.8", "1.21.10"])
def test_camel_case_game_rules_before_1_21_11(version: str) -> None:
    taken("gamerule sendCommandFeedback false", version)
    taken("gamerule commandBlockOutput false", version)
    assert refused("gamerule send_command_feedback false", version) == "Incorrect argument for command"


def test_snake_case_game_rules_from_1_21_11() -> None:
    taken("gamerule send_command_feedback false")
    taken("gamerule minecraft:send_command_feedback false")
    assert refused("gamerule sendCommandFeedback false") == "Incorrect argument for command"


# The tree: literals, redirects, executable nodes -----------------------------------------

def test_execute_redirects_and_runs() -> None:
    taken("execute as @a at @s if score @s monopoli.cash matches 1.. run tp @s ~ ~1 ~")
    taken("execute store result score $seq monopoli.seq run data get storage monopoli:bridge inbox")
    assert refused("execute as @a").startswith("Unknown or incomplete command")
    assert refused("execute run").startswith("Unknown or incomplete command")
    assert refused("frobnicate") == "Unknown or incomplete command. See below for error"
    assert refused("frobnicate", OLD) == "Unknown or incomplete command, see below for error"
    assert refused("scoreboard players sett Alex Cash 1") == "Incorrect argument for command"


def test_ranges_and_numbers() -> None:
    taken("execute if score @s x matches ..-1 run say hi")
    assert refused("execute if score @s x matches 5..1 run say hi") == "Min cannot be bigger than max"
    assert refused("scoreboard players set Alex Cash 2147483648") == "Invalid integer '2147483648'"
    taken("scoreboard players set Alex Cash 2147483647")
    assert refused("scoreboard players add Alex Cash -1") == "Integer must not be less than 0: found -1"


def test_ids_against_the_registries() -> None:
    assert refused("setblock 0 0 0 minecraft:nope") == "Unknown block type 'minecraft:nope'"
    assert refused("setblock 0 0 0 minecraft:oak_sign[rotation=16]") == (
        "Block minecraft:oak_sign does not accept '16' for rotation property")
    assert refused("setblock 0 0 0 minecraft:stone[facing=north]") == (
        "Block minecraft:stone does not have property 'facing'")
    taken("setblock 0 0 0 minecraft:red_banner[rotation=4]{patterns:[{pattern:\"minecraft:stripe_top\",color:\"red\"}]}")
    assert refused("give @s minecraft:nope") == "Unknown item 'minecraft:nope'"
    assert refused("give @s minecraft:paper[minecraft:nope=1]") == "Unknown item component 'minecraft:nope'"
    assert refused("kill @e[type=minecraft:nope]") == "Invalid or unknown entity type 'minecraft:nope'"
    assert refused('tellraw @a {text:"x",color:"light_blue"}').startswith("Invalid chat component")
    taken('tellraw @a {text:"x",color:"#55FFFF"}')


def test_what_a_banner_cannot_load_is_found() -> None:
    r = verdict("setblock 0 0 0 minecraft:red_banner{patterns:[{pattern:\"minecraft:nope\",color:\"red\"}]}", NEW)
    assert r is not None and not r.vanilla and "unknown banner pattern" in r.message
    r = verdict("setblock 0 0 0 minecraft:red_banner{patterns:[{pattern:\"minecraft:stripe_top\",color:\"light_red\"}]}", NEW)
    assert r is not None and "unknown dye colour" in r.message


# Permission levels ------------------------------------------------------------------------

def test_permission_levels() -> None:
    taken("trigger d6", level=PLAYER_LEVEL)
    taken("list", level=PLAYER_LEVEL)
    assert refused("function monopoli:ack", level=PLAYER_LEVEL).startswith("Unknown or incomplete")
    assert refused("stop").startswith("Unknown or incomplete")  # owners only
    taken("stop", level=RCON_LEVEL)
    taken("stop", "1.21.4", level=RCON_LEVEL)
    assert refused("stop", "1.21.4").startswith("Unknown or incomplete")  # grafted from 1.21.11


def test_a_click_runs_at_the_player_s_level() -> None:
    taken('tellraw @a {text:"Roll",click_event:{action:"run_command",command:"/trigger d6"}}')
    r = verdict('tellraw @a {text:"Pay",click_event:{action:"run_command",command:"/function monopoli:x"}}', NEW)
    assert r is not None and not r.vanilla and "level 0" in r.message
    r = verdict('tellraw @a {"text":"Roll","clickEvent":{"action":"run_command","value":"trigger d6"}}', OLD)
    assert r is not None and "must start with '/'" in r.message


# Functions and macro lines -----------------------------------------------------------------

def test_function_lines_as_the_server_loads_them() -> None:
    lines = ["# a comment", "", "say one \\", "two", "$say $(who)", "$say nobody", "kill @s[limit=1]"]
    bad = check_function(lines, NEW)
    assert [(n, line, r.message) for n, line, r in bad] == [
        (6, "$say nobody", "No variables in macro"),
        (7, "kill @s[limit=1]", "Option 'limit' isn't applicable here")]


def test_every_supported_release_has_its_data() -> None:
    from monopoli_mc.datapack.versions import VERSIONS
    assert set(data.RELEASES) == set(VERSIONS)
    for release in data.RELEASES:
        mc = data.load(release)
        assert "minecraft:oak_sign" in mc.blocks and "minecraft:written_book" in mc.items
        assert "minecraft:written_book_content" in mc.components
        assert mc.snbt_text == (data.number(release) >= (1, 21, 5))
        assert ("send_command_feedback" in mc.game_rules) == (release == "1.21.11")
        assert ("sendCommandFeedback" in mc.game_rules) == (release != "1.21.11")
