"""The rehearsal console's players and screens, in process over a strict sandbox with the committed pack."""

from __future__ import annotations

import pathlib
import time
from collections.abc import Iterator

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from monopoli_mc.datapack.channel import KEPT
from monopoli_mc.datapack.layout import Layout
from monopoli_mc.datapack.world_config import load_world
from monopoli_mc.sandbox.rehearsal import Rehearsal, without_note
from monopoli_mc.sandbox.runner import Sandbox
from monopoli_mc.sandbox.screen import draw, visible
from monopoli_mc.sandbox.text import Style, plain, spans

ROOT = pathlib.Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def box() -> Iterator[Sandbox]:
    """A ticking strict sandbox with the zipped pack and the board built, no controller (loaded once); its clock runs
    five times fast, as nothing here waits for a controller, and the bots walk on its ticks (bots.Paced)."""
    with Sandbox(password="pw", strict=True, datapack=ROOT / "datapacks" / "monopoli.zip", tick_rate=100) as box:
        box.world.execute("forceload add 0 0 63 63")
        box.world.execute("function monopoli:board/main/place")
        yield box


@pytest.fixture()
def rehearsal(box: Sandbox) -> Iterator[Rehearsal]:
    """A console over the sandbox; afterwards nobody is online or known, and nothing is queued."""
    world = box.world
    yield Rehearsal(box, {p.name: Layout(p) for p in load_world().boards}, color=False)
    assert world.strict_failures == []
    with world.lock:
        for p in world.online_players():
            world.leave(p.name)
        world.players.clear()
        world.ops.clear()
        world.execute("scoreboard players reset *")
        world.execute("data modify storage monopoli:bridge inbox set value []")


def _do(r: Rehearsal, line: str) -> list[str]:
    out = r.handle(line)
    if not r.only_looks(line):
        r.settle(quiet=0.05, cap=2)
    return out + r.news()


def _queued(r: Rehearsal) -> list[str]:
    """The kinds of input the pack queued for a controller (none runs in these tests)."""
    with r.world.lock:
        return [str(e["kind"]) for e in r.world.storage["monopoli:bridge"]["inbox"]]


def test_players_join_walk_type_and_everyone_sees_what_all_see(rehearsal: Rehearsal) -> None:
    assert _do(rehearsal, "Alex: join") == ["Alex | Alex joined the game"]
    assert _do(rehearsal, "Sam: join") == ["everyone | Sam joined the game"]
    assert _do(rehearsal, "Alex: walk board") == ["Alex walks to space 0 of board main"]
    assert _do(rehearsal, "Sam: walk main 12") == ["Sam walks to space 12 of board main"]
    assert rehearsal.handle("who") == ["Alex: at 42 -59 42, on space 0 of board main",
                                       "Sam: at 2 -59 34, on space 12 of board main"]
    rehearsal.world.execute("function monopoli:bridge/still")  # no controller runs here, as after a clean stop
    assert _do(rehearsal, "Alex: /trigger join") == [  # queued for a controller, and the pack says none answers
        "Alex | The game is not answering right now. Your input is kept and counts when it is back; "
        "please tell the organiser."]
    assert _queued(rehearsal) == ["online", "online", "join"]
    assert _do(rehearsal, "/op Sam") == ["Made Sam a server operator"]
    assert "(operator)" in rehearsal.handle("who")[1]
    assert _do(rehearsal, "Sam: leave") == ["Alex | Sam left the game"]
    assert _do(rehearsal, "Sam: join") == ["everyone | Sam joined the game"]


def test_a_space_is_found_by_the_name_on_its_sign(rehearsal: Rehearsal) -> None:
    _do(rehearsal, "Kim: join")
    assert _do(rehearsal, "Kim: walk Vermont Avenue") == ["Kim walks to space 8 of board main"]
    assert _do(rehearsal, "Kim: walk chance") == ["Kim walks to space 22 of board main"]  # the next one ahead
    assert _do(rehearsal, "Kim: walk Boardwalk") == ["Kim walks to space 39 of board main"]
    assert rehearsal.handle("Kim: walk Mayfair") == [
        "error: no sign on the board reads 'Mayfair': walk board, a space 0 to 39, or a name"]


def test_buttons_are_numbered_and_clicked_as_the_player(rehearsal: Rehearsal) -> None:
    _do(rehearsal, "Alex: join")
    world = rehearsal.world
    world.execute("scoreboard players enable Alex buy")
    world.execute('tellraw Alex ["Vermont Avenue is for sale. ",{text:"[Buy for $100]",color:"green",'
                  'click_event:{action:"run_command",command:"/trigger buy"}}," ",{text:"[Auction]",'
                  'click_event:{action:"run_command",command:"/trigger auction"}}]')
    world.execute('title Alex actionbar "Walk to Vermont Avenue"')
    assert rehearsal.news() == ["Alex | Vermont Avenue is for sale. [Buy for $100] [Auction]",
                                "Alex | buttons: 1 [Buy for $100] 2 [Auction]",
                                "Alex | action bar: Walk to Vermont Avenue"]
    assert rehearsal.handle("Alex: click 3") == [
        "error: Alex has no button 3 on screen (1 to 2; `Alex: buttons`)"]
    assert rehearsal.handle("Alex: click 1") == ["Alex clicks [Buy for $100] (/trigger buy)"]
    rehearsal.settle(quiet=0.05, cap=2)
    assert _queued(rehearsal) == ["online", "buy"]
    assert rehearsal.handle("Alex: click Auction") == ["Alex clicks [Auction] (/trigger auction)"]
    assert rehearsal.handle("Alex: click Roll") == [
        "error: Alex has no button 'Roll' on screen (`Alex: buttons`)"]
    rehearsal.color = True
    assert rehearsal.handle("Alex: buttons")[0].count("\x1b[") >= 4


def test_the_action_bar_is_printed_when_its_words_change_not_at_every_refresh(rehearsal: Rehearsal) -> None:
    """The pack refreshes a table's line every second or two: the console printed each refresh (12,038 lines
    for one evening); it prints the words when they change, or come back after the bar went away."""
    _do(rehearsal, "Alex: join")
    world = rehearsal.world
    line = 'title Alex actionbar "Cash $1500   Sam\'s turn"'
    world.execute(line)
    world.execute(line)
    assert rehearsal.news() == ["Alex | action bar: Cash $1500   Sam's turn"]
    world.execute(line)  # a refresh, the same words
    assert rehearsal.news() == []
    world.execute('title Alex actionbar "Doubles! 4+4"')
    world.execute(line)
    assert rehearsal.news() == ["Alex | action bar: Doubles! 4+4", "Alex | action bar: Cash $1500   Sam's turn"]
    with world.lock:  # 60 ticks on: the bar has faded away (ledger D2)
        player = world.player("Alex")
        assert player is not None and player.overlay is not None
        player.overlay = (player.overlay[0], world.game_time - 60)
    assert rehearsal.news() == []
    world.execute(line)
    assert rehearsal.news() == ["Alex | action bar: Cash $1500   Sam's turn"]


def test_press_runs_to_the_building_and_back_and_the_pack_credits_the_presser(rehearsal: Rehearsal) -> None:
    _do(rehearsal, "Alex: join")
    _do(rehearsal, "Alex: walk 7")
    before = rehearsal.bots["Alex"].player.pos
    said = _do(rehearsal, "Alex: press chance")
    assert said[0] == "Alex runs to the naughty button of board main, presses it and walks back"
    assert said[1:] in ([], [f"Alex | {KEPT}"])  # no controller reads here: the pack may say the input is kept
    assert rehearsal.bots["Alex"].player.pos == before
    assert _queued(rehearsal) == ["online", "naughty"]  # credited to Alex: seq 2 from Alex's UUID
    assert rehearsal.world.storage["monopoli:bridge"]["inbox"][1]["uuid"] == \
        rehearsal.world.storage["monopoli:bridge"]["inbox"][0]["uuid"]
    assert rehearsal.handle("Alex: press door") == [
        "error: press which button? one of naughty, nice, crate, jar, not 'door'"]


def test_a_walk_and_a_press_take_the_server_s_own_ticks(rehearsal: Rehearsal) -> None:
    """A bot beside a ticking server waits for its ticks (bots.Paced): a run to a building and back spends no more
    game time than the wall clock gives the server, so a controller polling meanwhile is heard by the pack and
    nobody is told the game is not answering (a bot that ran the ticks itself crossed a second in milliseconds)."""
    _do(rehearsal, "Alex: join")
    world = rehearsal.world
    start, began = world.game_time, time.monotonic()
    _do(rehearsal, "Alex: press jar")
    _do(rehearsal, "Alex: walk 20")
    spent, wall = world.game_time - start, time.monotonic() - began
    assert spent >= 4  # the press, and the steps there and back
    assert spent <= wall * rehearsal.box.tick_rate * 1.2 + 2, (spent, wall)


@pytest.mark.long(seconds=4)
def test_a_press_inside_spawn_protection_does_nothing_for_a_player_who_is_not_an_operator(
        rehearsal: Rehearsal) -> None:
    """Issue 28: as vanilla's isUnderSpawnProtection (radius 16 by default; the jar is at 1 -59 2, spawn 0 64 0)."""
    world = rehearsal.world
    assert world.spawn_protection == 16 and world.spawn == (0, 64, 0)
    for line in ("Alex: join", "Noor: join", "Alex: press jar"):
        _do(rehearsal, line)
    assert _queued(rehearsal) == ["online", "online", "jar"]  # nobody is an operator: nothing is protected
    _do(rehearsal, "/op Noor")
    assert _do(rehearsal, "Alex: press jar")[0].startswith(
        "Alex runs to the jar button of board main and presses it: nothing happens (spawn protection: ")
    assert _queued(rehearsal) == ["online", "online", "jar"]  # the press did nothing
    _do(rehearsal, "Alex: press crate")  # 29 blocks east of the spawn: outside
    _do(rehearsal, "Noor: press jar")  # an operator is never protected
    assert _queued(rehearsal) == ["online", "online", "jar", "crate", "jar"]
    try:
        world.spawn_protection = 0
        _do(rehearsal, "Alex: press jar")
        assert _queued(rehearsal)[-1:] == ["jar"] and len(_queued(rehearsal)) == 6
    finally:
        world.spawn_protection = 16


def test_books_are_listed_and_read_with_their_buttons(rehearsal: Rehearsal) -> None:
    _do(rehearsal, "Alex: join")
    assert rehearsal.handle("Alex: book") == ["Alex has no book"]
    rehearsal.world.execute('give Alex written_book[written_book_content={title:"Boardwalk",author:"Bank",'
                            'pages:["Rent $50",{text:"[Trade it]",click_event:{action:"run_command",'
                            'command:"/trigger offer set 39"}}]}]')
    assert rehearsal.handle("Alex: book") == ["Alex's books:", "  1. Boardwalk (by Bank, 2 pages)",
                                              "read one: Alex: book N"]
    assert rehearsal.handle("Alex: book 1") == ["Boardwalk (by Bank)", "  page 1:", "    Rent $50",
                                                "  page 2:", "    [Trade it]", "Alex | buttons: 1 [Trade it]"]
    assert rehearsal.handle("Alex: book 2") == ["error: Alex has books 1 to 1, not '2'"]


def test_odd_names_are_players_bare_or_quoted_not_server_commands(rehearsal: Rehearsal) -> None:
    """Issue 27 point 12: Bedrock (Geyser) and offline-mode names are not Java's [A-Za-z0-9_]{3,16}."""
    for line in ("Robin!: join", "Zoë: join", '"Mary Jane": join', ".BedrockBob: join"):
        assert _do(rehearsal, line)[:1] and "error" not in " ".join(_do(rehearsal, "who")), line
    assert [p.name for p in rehearsal.world.online_players()] == ["Robin!", "Zoë", "Mary Jane", ".BedrockBob"]
    _do(rehearsal, '"Mary Jane": walk board')
    assert rehearsal.handle('"Mary Jane": look')[0].startswith("Mary Jane stands at ")
    assert rehearsal.handle("Mary Jane: look")[0].startswith("Unknown or incomplete command")  # the server's
    rehearsal.world.strict_failures.clear()  # unquoted, the line went to the server console, as help says
    assert rehearsal.handle('"Kai Lee": /trigger d6') == [
        'error: Kai Lee is not on the server: type `"Kai Lee": join` first']
    assert '"Mary Jane":' in rehearsal.completions('"Ma')


def test_a_chat_button_is_clicked_by_label_after_reading_a_book(rehearsal: Rehearsal) -> None:
    _do(rehearsal, "Alex: join")
    world = rehearsal.world
    world.execute("scoreboard players enable Alex d6")
    world.execute('tellraw Alex {text:"[Roll]",click_event:{action:"run_command",command:"/trigger d6"}}')
    world.execute('give Alex written_book[written_book_content={title:"Boardwalk",author:"Bank",pages:['
                  '[{text:"[Trade it]",click_event:{action:"run_command",command:"/trigger trade"}}]]}]')
    rehearsal.news()
    assert rehearsal.handle("Alex: book 1")[-1] == "Alex | buttons: 1 [Trade it]"
    assert rehearsal.handle("Alex: click Roll") == ["Alex clicks [Roll] (/trigger d6)"]
    rehearsal.settle(quiet=0.05, cap=2)
    assert _queued(rehearsal) == ["online", "d6"]


def test_a_button_that_fills_the_chat_box_is_finished_and_sent(rehearsal: Rehearsal) -> None:
    """[Other] (suggest_command): the player types their own bid after it."""
    _do(rehearsal, "Alex: join")
    world = rehearsal.world
    world.execute("scoreboard players enable Alex bid")
    world.execute('tellraw Alex ["Bid: ",{text:"[$10]",click_event:{action:"run_command",command:"/trigger bid set 10"}},'
                  '" ",{text:"[Other]",color:"gray",click_event:{action:"suggest_command",command:"/trigger bid set "}}]')
    assert rehearsal.news()[-1] == "Alex | buttons: 1 [$10] 2 [Other]…"
    assert rehearsal.handle("Alex: click Other") == [
        "Alex clicks [Other]: the chat box now reads '/trigger bid set '; type the rest: `Alex: click Other TEXT`"]
    assert rehearsal.handle("Alex: click 2 120") == ["Alex clicks [Other], types '120' and sends /trigger bid set 120"]
    rehearsal.settle(quiet=0.05, cap=2)
    assert _queued(rehearsal) == ["online", "bid"]
    assert "120" in str(rehearsal.world.storage["monopoli:bridge"]["inbox"][-1])


def test_the_map_is_made_at_the_middle_and_names_colour_as_their_team(rehearsal: Rehearsal) -> None:
    _do(rehearsal, "Noor: join")
    world = rehearsal.world
    assert rehearsal.handle("Noor: map")[0].startswith("Noor has no map: an empty one in hand")
    world.execute("give Noor minecraft:map")
    assert _do(rehearsal, "Noor: walk middle") == ["Noor walks to the middle of board main"]
    assert rehearsal.handle("Noor: map")[0].startswith("Noor uses the empty map: it becomes map #")
    assert rehearsal.handle("Noor: map")[0].endswith("no banners on any board's space")
    world.execute("team add monopoli.red")
    world.execute("team modify monopoli.red color red")
    world.execute("team join monopoli.red Noor")
    try:
        assert rehearsal.handle("who")[0].startswith("Noor (red, team monopoli.red): at 22 -59 22")
        rehearsal.color = True
        assert "\x1b[91mNoor\x1b[0m" in rehearsal.handle("who")[0]
    finally:
        world.execute("team remove monopoli.red")


def test_mistakes_are_one_line_with_what_to_do(rehearsal: Rehearsal) -> None:
    assert rehearsal.handle("Kai: /trigger d6") == ["error: Kai is not on the server: type `Kai: join` first"]
    _do(rehearsal, "Kai: join")
    assert rehearsal.handle("Kai: join") == ["error: Kai is on the server already"]
    assert rehearsal.handle("Kai: walk 40") == [
        "error: walk where? 'board' (GO), a space 0 to 39 in the digits 0-9 or a name on its sign, not '40'"]
    assert rehearsal.handle("Kai: dance")[0].startswith("error: 'dance' is not something Kai can do: one of join")
    assert rehearsal.handle("wait soon") == ["error: wait is a number of seconds from 0 to 600, in the digits 0-9 "
                                             "with at most one point (such as 2.5), not 'soon'"]
    for hostile in ("Kai: walk ²", "Kai: walk ٥", "Kai: click ²", "Kai: click ٥", "wait ٥", "wait ²"):
        said = rehearsal.handle(hostile)  # other scripts' digits: one line, never a traceback or a wait
        assert len(said) == 1 and said[0].startswith("error: "), (hostile, said)
    assert rehearsal.handle("/frobnicate")[0].startswith("Unknown or incomplete command")
    rehearsal.world.strict_failures.remove("frobnicate")  # refused, as this test means it to be


def test_a_note_after_a_line_is_not_typed_and_a_hash_in_a_command_is(rehearsal: Rehearsal) -> None:
    """The README's transcript writes notes on its typed lines (issue 35 point 9): they are not typed;
    a tag, a colour or a quoted # is part of the command."""
    assert _do(rehearsal, "Alex: join                                 # Alex connects to the server") == [
        "Alex | Alex joined the game"]
    assert _do(rehearsal, "Alex: walk board   # walks onto GO") == ["Alex walks to space 0 of board main"]
    assert _do(rehearsal, "/op Alex   # typed at the server's console") == ["Made Alex a server operator"]
    assert rehearsal.handle("# a note alone") == [] and rehearsal.handle("who #") == rehearsal.handle("who")
    said = _do(rehearsal, 'tellraw Alex {"text":"# 1 at the table","color":"#12ab34"}   # a hash in quotes')
    assert said[-1] == "Alex | # 1 at the table", said


@pytest.mark.parametrize(("line", "typed"), [
    ("Kim: click 1                               # Buy for $100", "Kim: click 1"),
    ("monopoli run --db rehearsal.db --seed 7    # the controller, as on the night",
     "monopoli run --db rehearsal.db --seed 7"),
    ("Alex: /trigger bid set 5 #", "Alex: /trigger bid set 5"),
    ("function #minecraft:load", "function #minecraft:load"),
    ('"Mary Jane": /msg Sam "see # 3" # note', '"Mary Jane": /msg Sam "see # 3"'),
    ("Sam: /msg Kim it's # 1 # a note", "Sam: /msg Kim it's"),
    ("data merge storage x:y {a:'# b'}   # c", "data merge storage x:y {a:'# b'}"),
    ("Alex: #channel", "Alex: #channel"),
    ("#!just a note", ""),
])
def test_where_a_note_begins(line: str, typed: str) -> None:
    assert without_note(line) == typed


@settings(max_examples=200, deadline=None)
@given(st.text(alphabet=st.characters(blacklist_categories=("Cs",), blacklist_characters="\n\r"), max_size=40),
       st.text(max_size=30))
def test_a_line_without_a_note_is_typed_whole_and_a_note_after_it_is_dropped(command: str, note: str) -> None:
    """A line with no spaced # keeps all of it; a note added after whitespace is all that is dropped."""
    command = command.strip()
    if "#" in command or "\"" in command or "'" in command or command.startswith("#"):
        return
    assert without_note(command) == command
    assert without_note(f"{command}   # {note}") == command


def test_completion_offers_names_actions_triggers_and_functions(rehearsal: Rehearsal) -> None:
    _do(rehearsal, "Alex: join")
    assert "Alex:" in rehearsal.completions("Al")
    assert rehearsal.completions("Alex: wa") == ["walk"]
    assert "d6" in rehearsal.completions("Alex: /trigger d")
    assert "monopoli:admin/pause" in rehearsal.completions("/function monopoli:admin/p")
    assert "/reload" in rehearsal.completions("/rel")


_COLORS = st.sampled_from(["", "gold", "red", "#12ab34"])
_LEAF = st.text(max_size=5)
_COMPONENT = st.recursive(
    _LEAF | st.builds(lambda t, c, b: {"text": t, "color": c, "bold": b} if c else {"text": t}, _LEAF, _COLORS,
                      st.booleans()),
    lambda inner: st.lists(inner, min_size=1, max_size=3)
    | st.builds(lambda t, extra: {"text": t, "extra": extra}, _LEAF, st.lists(inner, min_size=1, max_size=3)),
    max_leaves=8)


@settings(max_examples=60, deadline=None)
@given(_COMPONENT)
def test_a_component_drawn_reads_as_its_plain_text(comp: object) -> None:
    """The styled runs never add or drop text: drawn plain they are the component's plain text."""
    drawn = spans(comp)
    assert draw(drawn, color=False) == visible(plain(comp))
    coloured = draw(drawn, color=True)
    assert coloured.replace("\x1b[0m", "") .count("\x1b[") <= len(drawn)


def test_a_control_character_in_a_text_never_reaches_the_operator_s_terminal() -> None:
    """A player's text with an ESC (a hostile name, a chat line) is drawn escaped, in colour or not."""
    runs = [("Bob\x1b[2J", Style(color="gold")), ("\x07!", Style())]
    for color in (True, False):
        shown = draw(runs, color=color)
        assert "\x07" not in shown and "Bob\\x1b[2J" in shown and "\\x07!" in shown
        assert shown.replace("\x1b[0m", "").count("\x1b[") == (1 if color else 0)
