"""The sandbox world answers commands with vanilla's en_us texts and effects."""

from __future__ import annotations

import sys
from collections.abc import Iterator

import pytest

from monopoli_mc.errors import SandboxError
from monopoli_mc.sandbox.bots import Bot
from monopoli_mc.sandbox.world import World


@pytest.fixture
def world() -> Iterator[World]:
    w = World(strict=True)
    yield w
    assert w.strict_failures == []


def test_scoreboard_texts(world: World) -> None:
    x = world.execute
    assert x("scoreboard objectives add Cash dummy") == ["Created new objective [Cash]"]
    assert x("scoreboard objectives add Cash dummy") == ["An objective already exists by that name"]
    assert x("scoreboard players set Alex Cash 1500") == ["Set [Cash] for Alex to 1500"]
    assert x("scoreboard players get Alex Cash") == ["Alex has 1500 [Cash]"]
    assert x("scoreboard players add Alex Cash 5") == ["Added 5 to [Cash] for Alex (now 1505)"]
    assert x("scoreboard players remove Alex Cash 10") == ["Removed 10 from [Cash] for Alex (now 1495)"]
    assert x("scoreboard players get Bob Cash") == ["Can't get value of Cash for Bob; none is set"]
    assert x("scoreboard players get Alex Nope") == ["Unknown scoreboard objective 'Nope'"]
    assert x("scoreboard objectives setdisplay sidebar Cash") == [
        "Set display slot sidebar to show objective [Cash]"]
    assert x("scoreboard objectives setdisplay sidebar Cash") == [
        "Nothing changed. That display slot is already showing that objective"]
    assert world.sidebar() == [("Alex", 1495)]
    x("scoreboard players set #two Cash 2")
    assert x("scoreboard players operation Alex Cash /= #two Cash") == ["Set [Cash] for Alex to 747"]
    assert x("scoreboard players reset Alex Cash") == ["Reset [Cash] for Alex"]
    assert x('scoreboard objectives add Money dummy {text:"Bank"}') == ["Created new objective [Bank]"]
    assert x("scoreboard objectives list") == ["There are 2 objective(s): [Cash], [Bank]"]
    assert x("scoreboard objectives remove Money") == ["Removed objective [Bank]"]


def test_unknown_command_context() -> None:
    world = World()
    assert world.execute("frobnicate now") == [
        "Unknown or incomplete command. See below for error", "frobnicate now<--[HERE]"]
    assert world.execute("scoreboard players") == [
        "Unknown or incomplete command. See below for error", "...rd players<--[HERE]"]
    assert world.execute("scoreboard players sett Alex Cash 1") == [
        "Incorrect argument for command", "...d players sett Alex Cash 1<--[HERE]"]


def test_strict_needs_no_test_dependency(monkeypatch: pytest.MonkeyPatch) -> None:
    """After `make demo` only the runtime is installed: the judge is Mojang's data, in the package."""
    monkeypatch.setitem(sys.modules, "mecha", None)  # what an import finds when mecha is not installed
    w = World(strict=True)
    assert w.execute("kill @s[limit=1]") == ["Option 'limit' isn't applicable here", "...l @s[limit=1]<--[HERE]"]
    assert w.strict_failures == ["kill @s[limit=1]"]


def test_strict_takes_each_version_s_game_rule_names() -> None:
    new, old = World(strict=True), World(version="1.21.10", strict=True)
    assert new.execute("gamerule sendCommandFeedback false") == [
        "Incorrect argument for command", "gamerule sendCommandFeedback false<--[HERE]"]
    assert new.strict_failures == ["gamerule sendCommandFeedback false"]
    assert old.execute("gamerule sendCommandFeedback false") != []
    assert old.strict_failures == []


def test_storage_data(world: World) -> None:
    x = world.execute
    assert x("data get storage monopoli:bridge") == [
        "Storage monopoli:bridge has the following contents: {}"]
    assert x('data modify storage monopoli:bridge inbox append value {seq:1,kind:"d6",value:3}') == [
        "Modified storage monopoli:bridge"]
    out = x("data get storage monopoli:bridge")[0]
    assert out == ('Storage monopoli:bridge has the following contents: '
                   '{inbox: [{kind: "d6", value: 3, seq: 1}]}')
    assert x("data get storage monopoli:bridge inbox[0].seq") == [
        "Storage monopoli:bridge has the following contents: 1"]
    assert x("data get storage monopoli:bridge inbox[5]") == ["Found no elements matching inbox[5]"]
    assert x("data modify storage monopoli:bridge inbox[0].seq set value 1") == [
        "Nothing changed. The specified properties already have these values"]
    assert x("data modify storage monopoli:bridge last set from storage monopoli:bridge inbox[0].seq") == [
        "Modified storage monopoli:bridge"]
    assert x("data remove storage monopoli:bridge inbox[0]") == ["Modified storage monopoli:bridge"]
    assert x("data get storage monopoli:bridge") == [
        "Storage monopoli:bridge has the following contents: {last: 1, inbox: []}"]
    assert x("data merge storage monopoli:x {a:1b,b:2.5f,c:[I;1,2],d:'say \"hi\"'}") == [
        "Modified storage monopoli:x"]
    assert x("data get storage monopoli:x") == [
        "Storage monopoli:x has the following contents: "
        "{a: 1b, b: 2.5f, c: [I; 1, 2], d: 'say \"hi\"'}"]


def test_trigger_lock_and_enable(world: World) -> None:
    alex = Bot.join(world, "Alex")
    world.execute("scoreboard objectives add roll trigger")
    assert alex.trigger("roll") == ["You cannot trigger this objective yet"]
    assert world.execute("scoreboard players enable Alex roll") == ["Enabled trigger [roll] for Alex"]
    assert world.execute("scoreboard players enable Alex roll") == [
        "Nothing changed. That trigger is already enabled"]
    assert alex.trigger("roll") == ["Triggered [roll]"]
    assert alex.trigger("roll") == ["You cannot trigger this objective yet"]
    world.execute("scoreboard players enable @a roll")
    assert alex.trigger("roll", "set", 7) == ["Triggered [roll] (set value to 7)"]
    world.execute("scoreboard players enable Alex roll")
    assert alex.trigger("roll", "add", 2) == ["Triggered [roll] (added 2 to value)"]
    assert world.execute("scoreboard players get Alex roll") == ["Alex has 9 [roll]"]
    world.execute("scoreboard objectives add Cash dummy")
    world.execute("scoreboard players enable Alex Cash")
    assert alex.command("scoreboard players set Alex Cash 1")[0].startswith("Unknown or incomplete")
    assert world.strict_failures == ["scoreboard players set Alex Cash 1"]  # level 0 may not
    world.strict_failures.clear()
    assert alex.trigger("Cash") == ["You can only trigger objectives that are 'trigger' type"]
    assert world.execute("trigger roll") == ["A player is required to run this command here"]


def test_send_command_feedback_off_hides_successes_not_failures(world: World) -> None:
    alex = Bot.join(world, "Alex")
    world.execute("scoreboard objectives add roll trigger")
    assert world.execute("gamerule send_command_feedback false") == [
        "Gamerule send_command_feedback is now set to: false"]
    assert alex.trigger("roll") == ["You cannot trigger this objective yet"]
    world.execute("scoreboard players enable Alex roll")
    assert alex.trigger("roll") == []
    assert world.execute("scoreboard players get Alex roll") == ["Alex has 1 [roll]"]  # the console still hears


def test_selectors_tags_and_execute(world: World) -> None:
    Bot.join(world, "Alex")
    bob = Bot.join(world, "Bob")
    bob.walk_to((10.5, 64.0, 0.5))
    x = world.execute
    assert x("tag Alex add banker") == ["Added tag 'banker' to Alex"]
    assert x("tag Alex add banker") == ["Target either already has the tag or has too many tags"]
    assert x("tag @a list") == ["The 2 entities have 1 total tags: banker"]
    x("scoreboard objectives add Cash dummy")
    assert x("scoreboard players set @a Cash 1500") == ["Set [Cash] for 2 entities to 1500"]
    assert x("scoreboard players set @a[tag=!banker] Cash 7") == ["Set [Cash] for Bob to 7"]
    assert x("scoreboard players get @p[x=10,y=64,z=0] Cash") == ["Bob has 7 [Cash]"]
    assert x("execute if entity @a[scores={Cash=1000..}]") == ["Test passed. Count: 1"]
    assert x("execute if entity @a[name=Carol]") == ["Test failed"]
    assert x("execute as @a[distance=..3] run scoreboard players add @s Cash 1") == [
        "Added 1 to [Cash] for Alex (now 1501)"]
    assert x("execute store result storage monopoli:s cash int 1 run scoreboard players get Bob Cash") == [
        "Bob has 7 [Cash]"]
    assert x("data get storage monopoli:s") == ["Storage monopoli:s has the following contents: {cash: 7}"]
    assert x("execute store success score Bob Cash if entity @a[name=Nobody]") == ["Test failed"]
    assert x("scoreboard players get Bob Cash") == ["Bob has 0 [Cash]"]
    assert x("tp Bob 1 65 2") == ["Teleported Bob to 1.500000, 65.000000, 2.500000"]
    assert x("tellraw @a[name=Carol] \"x\"") == ["No player was found"]


def test_tellraw_click_and_title(world: World) -> None:
    alex = Bot.join(world, "Alex")
    world.execute("scoreboard objectives add buy trigger")
    world.execute("scoreboard players enable Alex buy")
    assert world.execute(
        'tellraw Alex ["Buy it? ",{text:"[Yes]",click_event:{action:"run_command",'
        'command:"/trigger buy set 1"}}]') == []
    assert alex.chat_text()[-1] == "Buy it? [Yes]"
    assert alex.buttons() == [("[Yes]", "/trigger buy set 1")]
    assert alex.click("Yes") == ["Triggered [buy] (set value to 1)"]
    assert world.execute('title Alex actionbar {text:"Cash: ",extra:[{score:{name:"@s",objective:"buy"}}]}') == [
        "Showing new actionbar title for Alex"]
    assert alex.titles()[-1] == ("actionbar", "Cash: ")


def test_items_and_books(world: World) -> None:
    alex = Bot.join(world, "Alex")
    x = world.execute
    assert x("give Alex minecraft:stone 3") == ["Gave 3 [Stone] to Alex"]
    book = ('written_book[written_book_content={title:"Chance",author:"Bank",'
            'pages:["Go to jail",{text:"Page two"}]}]')
    assert x(f"give Alex {book}") == ["Gave 1 [Chance] to Alex"]
    assert alex.books()[0].pages == ["Go to jail", "Page two"]
    assert alex.books()[0].title == "Chance"
    assert x("clear Alex minecraft:stone") == ["Removed 3 item(s) from player Alex"]
    assert x("clear Alex minecraft:stone") == ["No items were found on player Alex"]
    assert x("item replace entity Alex hotbar.8 with minecraft:paper 2") == [
        "Replaced a slot on Alex with [Paper]"]
    assert alex.inventory()[8].count == 2


@pytest.mark.parametrize("version", ["1.21.4", "1.21.11"])
def test_clear_by_part_of_the_custom_data(version: str) -> None:
    """`custom_data~{…}` takes every stack whose custom data holds the part (NbtUtils.compareNbt, partial:
    ItemCustomDataPredicate to 1.21.4, CustomDataPredicate after), `!custom_data~` the others; an empty
    list in the part matches only an empty list."""
    world = World(version=version, strict=True)
    Bot.join(world, "Alex")
    x = world.execute
    for data in ('{monopoli:{book:"deed",space:1}}', '{monopoli:{book:"deed",space:39,game:7}}',
                 '{monopoli:{book:"card",deck:"chance",card:3}}', '{monopoli:{book:"standings",l:[1]}}'):
        assert x(f"give Alex minecraft:written_book[minecraft:custom_data={data}]")[0].startswith("Gave 1")
    x("give Alex minecraft:written_book")
    deeds = 'minecraft:written_book[minecraft:custom_data~{monopoli:{book:"deed"}}]'
    assert x(f"clear Alex {deeds} 0") == ["Found 2 matching item(s) on player Alex"]
    assert x('clear Alex *[minecraft:custom_data~{monopoli:{l:[]}}]') == ["No items were found on player Alex"]
    assert x('clear Alex *[!minecraft:custom_data~{monopoli:{}}] 0') == ["Found 1 matching item(s) on player Alex"]
    assert x(f"clear Alex {deeds}") == ["Removed 2 item(s) from player Alex"]
    assert x('clear Alex *[minecraft:custom_data~{monopoli:{book:"card"}}]') == ["Removed 1 item(s) from player Alex"]
    assert x("clear Alex minecraft:written_book 0") == ["Found 2 matching item(s) on player Alex"]


def test_blocks_buttons_command_blocks(world: World) -> None:
    x = world.execute
    assert x("setblock 0 64 5 minecraft:stone") == ["Changed the block at 0, 64, 5"]
    assert x("setblock 0 64 5 minecraft:stone") == ["Could not set the block"]
    assert x("fill 0 60 0 2 60 2 minecraft:dirt") == ["Successfully filled 9 block(s)"]
    assert x('setblock 0 64 6 minecraft:white_banner{CustomName:"Park Place"}') == [
        "Changed the block at 0, 64, 6"]
    assert x("data get block 0 64 6 CustomName") == [
        '0, 64, 6 has the following block data: "Park Place"']
    x("scoreboard objectives add pressed dummy")
    x('setblock 3 63 3 minecraft:command_block{Command:"scoreboard players add @p[distance=..4] pressed 1"}')
    x("setblock 3 64 3 minecraft:stone_button[face=floor]")
    alex = Bot.join(world, "Alex")
    alex.walk_to((3.5, 64.0, 4.5))
    alex.press_button((3, 64, 3))
    world.tick()
    assert x("scoreboard players get Alex pressed") == ["Alex has 1 [pressed]"]
    alex.press_button((3, 64, 3))
    world.tick(30)
    assert x("scoreboard players get Alex pressed") == ["Alex has 1 [pressed]"]
    alex.press_button((3, 64, 3))
    world.tick()
    assert x("scoreboard players get Alex pressed") == ["Alex has 2 [pressed]"]


def test_gamerule_and_say(world: World) -> None:
    alex = Bot.join(world, "Alex")
    assert world.execute("gamerule send_command_feedback") == [
        "Gamerule send_command_feedback is currently set to: true"]
    assert world.execute("say hello @a") == []
    assert alex.chat_text()[-1] == "[Rcon] hello Alex"


def test_list_uuids(world: World) -> None:
    alex = Bot.join(world, "Alex")
    assert world.execute("list uuids") == [
        f"There are 1 of a max of 20 players online: Alex ({alex.player.uuid})"]
    assert world.execute("list") == ["There are 1 of a max of 20 players online: Alex"]


def test_op_and_deop() -> None:
    """An operator's commands run at level 4 (op-permission-level); everyone else's at 0."""
    world = World()  # not strict: the refusals below are the point
    alex = Bot.join(world, "Alex")
    assert alex.command("op Alex")[0].startswith("Unknown or incomplete command")
    assert world.execute("op Nobody") == ["That player does not exist"]
    assert world.execute("op Alex") == ["Made Alex a server operator"]
    assert world.execute("op Alex") == ["Nothing changed. The player already is an operator"]
    assert alex.command("say hi") == ["[Alex] hi"]
    assert world.execute("deop Alex") == ["Made Alex no longer a server operator"]
    assert world.execute("deop Alex") == ["Nothing changed. The player is not an operator"]
    assert alex.command("say hi")[0].startswith("Unknown or incomplete command")
    assert world.execute("op @a") == ["Made Alex a server operator"]  # a selector of players (GameProfileArgument)
    assert world.execute("deop @a[name=Nobody]") == ["No player was found"]
    assert world.execute("deop @a") == ["Made Alex no longer a server operator"]


def test_leave_game_statistic_counts(world: World) -> None:
    world.execute("scoreboard objectives add left minecraft.custom:minecraft.leave_game")
    alex = Bot.join(world, "Alex")
    alex.leave()
    assert world.execute("scoreboard players get Alex left") == ["Alex has 1 [left]"]


def test_a_score_s_own_number_format_is_what_its_score_part_shows(world: World) -> None:
    """Ledger N5: `scoreboard players display numberformat` makes the score if missing, and a score text part shows
    the score's own format (fixed text, blank, or the number); a reset takes the score and its format away."""
    x = world.execute
    bot = Bot.join(world, "Alex")
    x("scoreboard objectives add Rank dummy")
    show = 'tellraw Alex {text:"",extra:[{text:"R:"},{score:{name:"Alex",objective:"Rank"}}]}'
    x(show)
    assert x('scoreboard players display numberformat Alex Rank fixed {text:"   Night #3"}') == [
        "Changed number format for Alex in [Rank]"]
    assert x("scoreboard players get Alex Rank") == ["Alex has 0 [Rank]"]  # made by the format
    x(show)
    x("scoreboard players display numberformat Alex Rank blank")
    x(show)
    assert x("scoreboard players display numberformat Alex Rank") == ["Cleared number format for Alex in [Rank]"]
    x(show)
    x("scoreboard players reset Alex Rank")
    x(show)
    assert bot.chat_text()[-5:] == ["R:", "R:   Night #3", "R:", "R:0", "R:"]
