"""The sandbox's `team` command answers with vanilla's en_us texts; `team=` selects by team."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from monopoli_mc.sandbox.bots import Bot
from monopoli_mc.sandbox.world import World


@pytest.fixture
def world() -> Iterator[World]:
    w = World(strict=True)
    yield w
    assert w.strict_failures == []


def test_add_list_and_remove(world: World) -> None:
    x = world.execute
    assert x("team list") == ["There are no teams"]
    assert x("team add monopoli.red") == ["Created team [monopoli.red]"]
    assert x("team add monopoli.red") == ["A team already exists by that name"]
    assert x('team add blue {text:"Blue Team"}') == ["Created team [Blue Team]"]
    assert x("team list") == ["There are 2 team(s): [monopoli.red], [Blue Team]"]
    assert x("team list blue") == ["There are no members on team [Blue Team]"]
    assert x("team remove blue") == ["Removed team [Blue Team]"]
    assert x("team list") == ["There are 1 team(s): [monopoli.red]"]
    assert sorted(world.teams) == ["monopoli.red"]


def test_unknown_team_is_a_runtime_failure(world: World) -> None:
    x = world.execute
    for line in ("team remove nope", "team empty nope", "team list nope", "team join nope Alex",
                 "team modify nope color red"):
        assert x(line) == ["Unknown team 'nope'"]


def test_join_leave_and_empty(world: World) -> None:
    x = world.execute
    x("team add red")
    x("team add blue")
    assert x("team join red Alex") == ["Added Alex to team [red]"]
    assert x("team join red #bank") == ["Added #bank to team [red]"]
    assert x("team list red") == ["Team [red] has 2 member(s): #bank, Alex"]
    assert x("team join blue Alex") == ["Added Alex to team [blue]"]  # one team at a time
    assert x("team list red") == ["Team [red] has 1 member(s): #bank"]
    assert world.team_of("Alex") is world.teams["blue"]
    assert x("team leave Alex") == ["Removed Alex from any team"]
    assert world.team_of("Alex") is None
    assert x("team leave Alex") == ["Removed Alex from any team"]  # vanilla reports it anyway
    assert x("team empty red") == ["Removed 1 member(s) from team [red]"]
    assert x("team empty red") == ["Nothing changed. That team is already empty"]
    x("team join red Bob")
    x("team remove red")
    assert world.team_of("Bob") is None


def test_join_selectors_and_the_source(world: World) -> None:
    Bot.join(world, "Alex")
    Bot.join(world, "Bob")
    x = world.execute
    x("team add red")
    assert x("team join red") == ["An entity is required to run this command here"]
    assert x("execute as Alex run team join red") == ["Added Alex to team [red]"]
    assert x("team join red @a") == ["Added 2 members to team [red]"]
    assert x("team join red @a[name=Carol]") == ["No entity was found"]
    assert x("team leave @a") == ["Removed 2 members from any team"]
    x("scoreboard objectives add Cash dummy")
    x("scoreboard players set #bank Cash 1")
    x("scoreboard players set Alex Cash 1")
    assert x("team join red *") == ["Added 2 members to team [red]"]
    assert x("team list red") == ["Team [red] has 2 member(s): #bank, Alex"]
    assert x("team leave *") == ["Removed 2 members from any team"]


def test_modify_color(world: World) -> None:
    x = world.execute
    x("team add red")
    assert world.teams["red"].color == "reset"
    assert x("team modify red color red") == ["Updated the color for team [red] to red"]
    assert x("team modify red color red") == ["Nothing changed. That team already has that color"]
    assert x("team modify red color dark_purple") == [
        "Updated the color for team [red] to dark_purple"]
    assert x("team modify red color reset") == ["Updated the color for team [red] to reset"]
    x("team modify red color gold")
    x("team join red Alex")
    team = world.team_of("Alex")
    assert team is not None and team.color == "gold"


def test_color_names_and_errors() -> None:
    world = World()  # mecha rejects what vanilla rejects, and also the loose spellings below
    x = world.execute
    x("team add red")
    assert x("team modify red color DARK_RED") == ["Updated the color for team [red] to dark_red"]
    assert x("team modify red color purple") == ["Unknown color 'purple'", "...lor purple<--[HERE]"]
    assert x("team modify red color bold") == ["Unknown color 'bold'", "...color bold<--[HERE]"]
    assert x("team modify red colour red") == [
        "Incorrect argument for command", "...odify red colour red<--[HERE]"]
    assert x("team modify red color") == [
        "Unknown or incomplete command. See below for error", "... red color<--[HERE]"]
    assert x("team join red Alex Bob") == [
        "Incorrect argument for command", "... red Alex Bob<--[HERE]"]


def test_modify_other_options(world: World) -> None:
    x = world.execute
    x("team add red")
    assert x('team modify red displayName {text:"Rouge"}') == ["Updated the name of team [Rouge]"]
    assert x('team modify red displayName "Rouge"') == [
        "Nothing changed. That team already has that name"]
    assert x("team modify red friendlyFire true") == [
        "Nothing changed. Friendly fire is already enabled for that team"]
    assert x("team modify red friendlyFire false") == ["Disabled friendly fire for team [Rouge]"]
    assert x("team modify red friendlyFire false") == [
        "Nothing changed. Friendly fire is already disabled for that team"]
    assert x("team modify red seeFriendlyInvisibles false") == [
        "Team [Rouge] can no longer see invisible teammates"]
    assert x("team modify red seeFriendlyInvisibles true") == [
        "Team [Rouge] can now see invisible teammates"]
    assert x("team modify red seeFriendlyInvisibles true") == [
        "Nothing changed. That team can already see invisible teammates"]
    assert x("team modify red nametagVisibility hideForOtherTeams") == [
        'Nametag visibility for team [Rouge] is now "Hide for other teams"']
    assert x("team modify red nametagVisibility hideForOtherTeams") == [
        "Nothing changed. Nametag visibility is already that value"]
    assert x("team modify red deathMessageVisibility never") == [
        'Death message visibility for team [Rouge] is now "Never"']
    assert x("team modify red deathMessageVisibility never") == [
        "Nothing changed. Death message visibility is already that value"]
    assert x("team modify red collisionRule pushOwnTeam") == [
        'Collision rule for team [Rouge] is now "Push own team"']
    assert x("team modify red collisionRule always") == [
        'Collision rule for team [Rouge] is now "Always"']
    assert x("team modify red collisionRule always") == [
        "Nothing changed. Collision rule is already that value"]
    assert x('team modify red prefix {text:"[R] "}') == ["Team prefix set to [R] "]
    assert x('team modify red suffix "!"') == ["Team suffix set to !"]
    team = world.teams["red"]
    assert (team.friendly_fire, team.nametag_visibility, team.prefix) == (
        False, "hideForOtherTeams", "[R] ")


def test_a_player_joining_wears_the_prefix(world: World) -> None:
    Bot.join(world, "Alex")
    x = world.execute
    x("team add red")
    x('team modify red prefix "[R] "')
    assert x("team join red Alex") == ["Added [R] Alex to team [red]"]
    assert x("team join red Bob") == ["Added Bob to team [red]"]  # offline: a plain name
    assert x("team leave Alex") == ["Removed Alex from any team"]


def test_bad_boolean_and_visibility() -> None:
    world = World()
    x = world.execute
    x("team add red")
    assert x("team modify red friendlyFire maybe") == [
        "Invalid boolean: expected 'true' or 'false' but found 'maybe'", "...endlyFire maybe<--[HERE]"]
    assert x("team modify red nametagVisibility hidden") == [
        "Incorrect argument for command", "...isibility hidden<--[HERE]"]


def test_team_selector(world: World) -> None:
    for name in ("Alex", "Bob", "Carol"):
        Bot.join(world, name)
    x = world.execute
    x("team add red")
    x("team add blue")
    x("team join red Alex")
    x("team join blue Bob")
    assert x("tag @a[team=red] add r") == ["Added tag 'r' to Alex"]
    assert x("tag @a[team=!red] add not_r") == ["Added tag 'not_r' to 2 entities"]
    assert x("tag @a[team=] add none") == ["Added tag 'none' to Carol"]
    assert x("tag @a[team=!] add any") == ["Added tag 'any' to 2 entities"]
    assert x("tag @a[team=!red,team=!blue] add neither") == ["Added tag 'neither' to Carol"]
    assert x("execute if entity @a[team=blue,name=Bob]") == ["Test passed. Count: 1"]
    x("team join red Bob")
    assert x("execute if entity @a[team=blue]") == ["Test failed"]


def test_team_selector_allows_one_team_equals() -> None:
    """The cursor stays after the option's name (1.21.11 `EntitySelectorOptions.getHandler` throws
    INAPPLICABLE_OPTION_EXCEPTION without `setCursor`, as it does for an unknown option)."""
    world = World()
    assert world.execute("tag @a[team=red,team=blue] add x") == [
        "Option 'team' isn't applicable here", "...m=red,team=blue] add x<--[HERE]"]


def test_display_names_are_json_before_1_21_5() -> None:
    world = World(version="1.21.4", strict=True)
    assert world.execute('team add red {"text":"Red"}') == ["Created team [Red]"]
    assert world.execute('team modify red prefix {"text":"[R] "}') == ["Team prefix set to [R] "]
    assert world.strict_failures == []
