"""The bridge alone: inbox replies -> events, state -> commands that fit and parse."""

from __future__ import annotations

import uuid

import pytest
from controller_support import PACK
from hypothesis import given, settings
from hypothesis import strategies as st

from monopoli_mc.bridge import outbox
from monopoli_mc.bridge.inbox import (InboxError, parse_inbox, parse_poll, parse_pos, parse_score, parse_time,
                                      parse_uuid_list, pos_query, uuid_from_ints)
from monopoli_mc.controller.game.policy import forced_action, next_move
from monopoli_mc.datapack.escape import snbt_string
from monopoli_mc.datapack.versions import get_version
from monopoli_mc.rcon.packets import MAX_REQUEST_PAYLOAD
from monopoli_mc.rules.board import board_path, load_board
from monopoli_mc.rules.bots import make_bots
from monopoli_mc.rules.game import Game
from monopoli_mc.rules.settings import load_rules
from monopoli_mc.sandbox.world import World

HEAD = "Storage monopoli:bridge has the following contents: "


def test_inbox_entries_in_seq_order() -> None:
    reply = HEAD + ('[{kind: "bid", uuid: [I; -660972342, 1528969900, -1596674698, -1033713501], '
                    'value: 120, seq: 7}, {kind: "naughty", value: 0, button: 1b, uuid: [I; 1, 2, 3, 4], '
                    'seq: 6}, {kind: "admin_pay", target: "Alex", value: 100, seq: 8}]')
    events = parse_inbox(reply)
    assert [e.seq for e in events] == [6, 7, 8]
    assert events[1].uuid == "d89a5cca-5b22-3aac-a0d4-ad76c262c8a3" and events[1].value == 120
    assert events[0].button and events[2].is_admin and events[2].target == "Alex"


@pytest.mark.parametrize("reply", [HEAD + "[]", "Found no elements matching inbox"])
def test_empty_inbox(reply: str) -> None:
    assert parse_inbox(reply) == []


@pytest.mark.parametrize("reply", [HEAD + "[{kind: ", HEAD + "{a: 1}", "Unknown or incomplete command",
                                   HEAD + "[{kind: \"x\", seq: 1}"])
def test_bad_replies_are_clear_errors(reply: str) -> None:
    with pytest.raises(InboxError) as err:
        parse_inbox(reply)
    assert "inbox" in str(err.value)


def test_odd_entries_are_skipped_or_valueless() -> None:
    reply = HEAD + ('[{kind: "bid"}, {kind: "bid", seq: 2, value: 1.5d}, '
                    '{kind: "bid", seq: 3, value: 9999999999L}, {kind: 4, seq: 5}]')
    events = parse_inbox(reply)
    assert [(e.seq, e.value) for e in events] == [(2, None), (3, None)]


def test_uuids_names_and_positions() -> None:
    u = uuid.uuid3(uuid.NAMESPACE_OID, "OfflinePlayer:Alex")
    ints = [(u.int >> s) & 0xFFFFFFFF for s in (96, 64, 32, 0)]
    assert uuid_from_ints([i - 2**32 if i >= 2**31 else i for i in ints]) == str(u)
    listing = f"There are 2 of a max of 20 players online: Alex ({u}), Bo (00000000-0000-0000-0000-000000000001)"
    assert parse_uuid_list(listing) == {str(u): "Alex", "00000000-0000-0000-0000-000000000001": "Bo"}
    assert parse_pos("Alex has the following entity data: [1.5d, -59.0d, 1.0E7d]") == (1.5, -59.0, 1.0e7)
    assert parse_pos("No entity was found") is None
    for mixed in ("", "Alex has the following entity data: [1.5d, -59.0d, 1.0E7d]Bo has the following entity "
                      "data: [2.5d, -59.0d, 1.0d]", "Bo has 3 [monopoli.seq]", "No entity was foundNo entity was found"):
        with pytest.raises(InboxError, match="not a position"):
            parse_pos(mixed)
    assert pos_query("Alex") == "data get entity Alex Pos"


def test_scores_as_the_server_says_them() -> None:
    assert parse_score("$seq has 12 [monopoli.seq]") == 12
    assert parse_score("$ops has 0 [monopoli.seq]") == 0
    assert parse_score("$seq has -3 [monopoli.seq]") == -3
    assert parse_score("Can't get value of monopoli.seq for $seq; none is set") is None
    for mixed in ("$seq has many [monopoli.seq]", "", "$ops has 3 [monopoli.seq]$ops has 3 [monopoli.seq]",
                  "Storage monopoli:bridge has the following contents: 12",
                  "$ops has 3 [monopoli.seq]There are 0 of a max of 20 players online: "):
        with pytest.raises(InboxError, match="not a score"):
            parse_score(mixed)
    assert parse_score("$ops has 3 [monopoli.seq]", "$ops") == 3
    assert parse_score("There are 0 of a max of 20 players online: $ops has 3 [monopoli.seq]", "$ops") == 3
    assert parse_score("$ops has 3 [monopoli.seq]$seq has 9 [monopoli.seq]", "$ops") == 3  # joined: found
    assert parse_score("Can't get value of monopoli.seq for $ops; none is set", "$ops") is None
    for theirs in ("$seq has 3 [monopoli.seq]", "Can't get value of monopoli.seq for $seq; none is set"):
        with pytest.raises(InboxError, match=r"not a score of \$ops"):
            parse_score(theirs, "$ops")  # another client's read of another holder


def test_admin_entries_name_their_board_and_time() -> None:
    events = parse_inbox(HEAD + '[{kind: "admin_pause", board: "annex", value: 0, time: 1234, seq: 1}, '
                                '{kind: "admin_pause", board: 7, value: 0, time: 12.5d, seq: 2}]')
    assert [(e.board, e.time) for e in events] == [("annex", 1234), (None, None)]


@pytest.mark.parametrize("reply", ["Running function monopoli:bridge/nowFunction monopoli:bridge/now returned 0",
                                   "Function monopoli:bridge/now returned 2147483646"])
def test_game_time(reply: str) -> None:
    assert parse_time(reply) == int(reply.rsplit(" ", 1)[1])


@pytest.mark.parametrize("reply", ["", "The time is 12", "Function monopoli:bridge/now returned -5",
                                   "Unknown function monopoli:bridge/now", "Function monopoli:batch returned 3",
                                   "Function monopoli:bridge/now returned 12x"])
def test_a_reply_that_is_no_game_time_is_a_clear_error(reply: str) -> None:
    with pytest.raises(InboxError, match="not a game time"):
        parse_time(reply)


def _midgame(rules_name: str, actions: int) -> Game:
    rules = load_rules(rules_name)
    game = Game.new(rules, load_board(board_path(rules.board)), ["Alex", "Sam", "Robin_The_Third"], 4)
    bots = make_bots(3)
    for _ in range(actions):
        action = forced_action(game) or next_move(game, bots) or ("close_auction", -1, None)
        game.apply(action)
    return game


@pytest.mark.parametrize("version", ["1.21.11", "1.21.4"])
def test_every_outbox_command_fits_and_parses(version: str) -> None:
    world = World(version=version, strict=True)
    if version == "1.21.11":
        world.load_datapack(PACK)
    table = outbox.Table("main", ("red", "blue", "lime"), get_version(version), teleport=True)
    of_several = outbox.Table("main", ("red", "blue", "lime"), get_version(version), broadcast=False, number=7)
    commands = []
    for actions in (0, 150, 400):
        game = _midgame("prom", actions)
        commands += outbox.sync(game, table) + outbox.sync(game, of_several)
        for view in (table, of_several):
            commands += outbox.say(view, "x" * 300 + ' "quoted" \\ and \u00e9')
        commands += outbox.tell(table, "Alex", "a\nb")
    assert max(len(c.encode("utf-8")) for c in commands) <= MAX_REQUEST_PAYLOAD
    for command in commands:
        world.execute(command)
    assert world.strict_failures == []


def test_picture_diff_sets_only_what_changed() -> None:
    game = _midgame("classic", 60)
    table = outbox.Table("main", ("red", "blue", "lime"), get_version("1.21.11"))
    before = outbox.picture(game, table)
    assert outbox.diff(before, before) == []
    assert before[("jar",)] == 'function monopoli:ui/no_jar {board:"main"}'  # classic: no jar line
    game.cash[0] += 5
    changed = outbox.diff(before, outbox.picture(game, table))
    assert changed == [f"function monopoli:ui/cash {{player:\"Alex\",cash:{game.cash[0]}}}"]


def test_variant_prompts_show_their_buttons() -> None:
    from monopoli_mc.rules.phases import BUS, OVER, ROLE, TRIPLES
    from monopoli_mc.sandbox.bots import Bot

    world = World(version="1.21.11", strict=True)
    world.load_datapack(PACK)
    table = outbox.Table("main", ("red", "blue", "lime"), get_version("1.21.11"), teleport=True)
    names = ["Alex", "Sam", "Robin"]
    bots = {n: Bot.join(world, n) for n in names}
    world.tick()
    seen: set[str] = set()
    for rules in ("anti-monopoly", "speed-die", "classic-older"):
        r = load_rules(rules)
        game = Game.new(r, load_board(board_path(r.board)), names, 3)
        players = make_bots(3)
        while game.phase != OVER and len(seen) < 4:
            if game.phase in (ROLE, BUS, TRIPLES) or game.claims:
                for command in outbox.prompts(game, table) + [
                        c for c in outbox.sync(game, table) if "prompt/claim" in c]:
                    world.execute(command)
                seen |= {game.phase} if game.phase in (ROLE, BUS, TRIPLES) else {"claim"}
            if rules == "anti-monopoly" and game.phase != ROLE:
                break
            game.apply(forced_action(game) or next_move(game, players) or ("close_auction", -1, None))
    assert seen == {ROLE, BUS, TRIPLES, "claim"}
    labels = {label for bot in bots.values() for label, _ in bot.buttons()}
    assert {"[Competitor]", "[Monopolist]"} <= labels
    assert any(label.endswith(" spaces]") for label in labels)
    assert any(label.startswith("[Claim $") for label in labels)
    assert {"[GO]", "[39]"} <= labels  # the triples choice: a button per space
    assert world.strict_failures == []


def test_bus_triggers_mean_the_engine_choices() -> None:
    from monopoli_mc.controller.game.intents import to_action
    from monopoli_mc.rules.phases import BUS

    r = load_rules("speed-die")
    game = Game.new(r, load_board(board_path(r.board)), ["Alex", "Sam"], 1)
    seat = game.to_act()
    game.phase, game.pending = BUS, {"d1": 4, "d2": 2}
    assert [to_action(game, seat, "bus", v) for v in (1, 2, 3)] == [("bus", seat, i) for i in (0, 1, 2)]
    game.pending = {"d1": 3, "d2": 3}
    assert to_action(game, seat, "bus", 2) == ("bus", seat, 0)
    assert "not 0" in str(to_action(game, seat, "bus", 0))
    assert to_action(game, seat, "role", 2) == ("choose_role", seat, "monopolist")
    assert to_action(game, seat, "goto", 39) == ("choose_space", seat, 39)
    assert to_action(game, seat, "goto", 40) == ("choose_space", seat, 0)  # GO: a trigger at 0 is unseen
    for bad in (0, 41, -1):
        assert "or 40 for GO" in str(to_action(game, seat, "goto", bad))
    assert to_action(game, seat, "claim", 5) == ("claim_rent", seat, 5)


def test_speed_die_face_is_shown_with_the_throw() -> None:
    table = outbox.Table("main", ("red", "blue"), get_version("1.21.11"))
    r = load_rules("speed-die")
    game = Game.new(r, load_board(board_path(r.board)), ["Alex", "Sam"], 1)
    out = outbox.effects(game, [("roll", 0, 4, 2), ("speed_die", 0, "bus")], table)
    assert any("4+2, speed die: the Bus" in c and "actionbar" in c for c in out)


def test_sides_colour_pawns_and_banners_and_apartments_are_drawn() -> None:
    from monopoli_mc.datapack import calls
    from monopoli_mc.sandbox.bots import Bot
    from monopoli_mc.datapack.layout import Layout
    from monopoli_mc.datapack.world_config import load_world

    world = World(version="1.21.11", strict=True)
    world.load_datapack(PACK)
    rules = load_rules("anti-monopoly")
    names = ["Alex", "Sam", "Robin"]
    for name in names:
        Bot.join(world, name)
    game = Game.new(rules, load_board(board_path(rules.board)), names, 3)
    table = outbox.Table("main", ("red", "blue", "lime"), get_version("1.21.11"))
    before = outbox.picture(game, table)
    assert before[("pawn", "Alex")] == calls.unpawn("Alex")  # no colour until a side is chosen
    for command in before.values():
        world.execute(command)
    game.roles[:] = ["competitor", "monopolist", "competitor"]
    game.owner[1], game.owner[3], game.owner[6], game.owner[8] = 0, 1, 2, 1
    game.buildings[1], game.buildings[3], game.buildings[6] = 5, 5, 3
    game.mortgaged[8] = True
    picture = outbox.picture(game, table)
    assert [picture[("pawn", n)] for n in names] == [calls.pawn("Alex", "green"), calls.pawn("Sam", "blue"),
                                                     calls.pawn("Robin", "green")]
    for command in outbox.diff(before, picture):
        world.execute(command)
    assert world.strict_failures == []
    layout = Layout(load_world().board("main"))

    def block(pos: tuple[int, int, int]) -> str:
        found = world.blocks.get(layout.world(pos))
        return found.id if found else "minecraft:air"

    assert block(layout.banner(1)) == "minecraft:green_banner"  # a competitor's
    assert block(layout.banner(3)) == "minecraft:blue_banner"  # a monopolist's
    assert block(layout.banner(8)) == "minecraft:gray_banner"  # mortgaged
    for street in (1, 3):  # both sides' top building is an apartment: three tall
        assert {block(p) for p in layout.apartment(street)} == {"minecraft:light_blue_concrete"}
    assert [block(p) for p in layout.houses(6)] == ["minecraft:green_concrete"] * 3 + ["minecraft:air"]
    assert [world.team_of(n).color for n in names] == ["dark_green", "blue", "dark_green"]  # type: ignore[union-attr]
    game.bankrupt[2] = True
    for command in outbox.diff(picture, outbox.picture(game, table)):
        world.execute(command)
    assert world.team_of("Robin") is None


def test_a_hotel_is_two_tall_outside_anti_monopoly() -> None:
    from monopoli_mc.datapack import calls

    assert calls.houses("main", 1, 5) == 'function monopoli:ui/houses {board:"main",space:1,count:5}'
    assert calls.houses("main", 1, 5, apartment=True).endswith('count:"apartment"}')
    assert calls.houses("main", 1, 4, apartment=True).endswith("count:4}")


@settings(max_examples=60, deadline=None)
@given(st.text(st.characters(blacklist_categories=["Cs"]), max_size=40) | st.sampled_from(["\b\t\n\f\r\x01", "a\\nb", '\\"', "\\x41"]))
def test_an_entry_s_text_as_vanilla_prints_it_is_read_back_on_every_dialect(text: str) -> None:
    """From 1.21.5 vanilla prints control characters as \\b, \\xHH...: one such text must not make the
    whole inbox unreadable (it froze every board: the hostile-input test found it)."""
    for version in ("1.21.11", "1.21.4"):
        world = _PRINTERS.setdefault(version, World(version=version, strict=True))
        modern = version == "1.21.11"
        world.execute(f"data modify storage monopoli:bridge inbox set value [{{seq:1,kind:{snbt_string(text, modern=modern)}}}]")
        (event,) = parse_poll(world.execute("data get storage monopoli:bridge")[0]).events
        assert event.kind == (text if modern else snbt_string(text, modern=False)[1:-1].replace('\\"', '"').replace("\\\\", "\\"))


_PRINTERS: dict[str, World] = {}


_STORAGE_REPLY = (HEAD + '{world: 60606426, seq: 3, boot: 7, since: 0, pos: [], night: {id: "c3eb", db: "/srv/prom.db", '
                  'host: "vm", pid: 12}, inbox: [{seq: 3, kind: "d6", uuid: [I; 1, 2, 3, 4], boot: 7, value: 1}]}')
_THEIRS = ["There are 3 of a max of 20 players online: Alex, Sam, Robin", "$seq has 3 [monopoli.seq]",
           HEAD + '{id: "c3eb", db: "/srv/prom.db", host: "vm", pid: 12}', HEAD + "60606426",
           "Unknown or incomplete command, see below for error" + "frobnicate<--[HERE]", '"', "{", "]"]


@settings(max_examples=300, deadline=None)
@given(st.one_of(st.sampled_from(_THEIRS), st.text().filter(lambda t: HEAD not in t)),
       st.sampled_from(["after", "before"]))
def test_a_storage_listing_joined_to_another_client_s_reply_reads_as_alone(theirs: str, where: str) -> None:
    """Vanilla's one RCON reply buffer may join another client's output to ours, before or after it."""
    alone = parse_poll(_STORAGE_REPLY)
    mixed = _STORAGE_REPLY + theirs if where == "after" else theirs + _STORAGE_REPLY
    assert parse_poll(mixed) == alone
    assert alone.world == "60606426" and [e.seq for e in alone.events] == [3]


@pytest.mark.parametrize("reply", ["", "There are 3 of a max of 20 players online: Alex, Sam, Robin",
                                   HEAD + "60606426", HEAD + "{inbox: [", "$seq has 3 [monopoli.seq]" + HEAD])
def test_a_reply_with_no_storage_compound_is_an_error(reply: str) -> None:
    with pytest.raises(InboxError):
        parse_poll(reply)


def test_of_two_compounds_the_one_with_the_world_s_identity_is_the_storage() -> None:
    mark = HEAD + '{id: "other", db: "/srv/other.db", host: "vm", pid: 13}'
    assert parse_poll(mark + _STORAGE_REPLY).world == "60606426"
    assert parse_poll(mark).world is None  # the mark alone: the controller asks again (no identity)


def test_a_world_identity_is_read_whole_or_not_at_all() -> None:
    from monopoli_mc.bridge.inbox import parse_world

    assert parse_world(HEAD + "60606426") == "60606426" and parse_world(HEAD + "-7") == "-7"
    assert parse_world("Found no elements matching world") is None  # a pack before world identities
    for mixed in (HEAD + "60606426Found no elements matching SelectedItem", "Found no elements matching night",
                  "Storage other:thing has the following contents: 7", HEAD + "60606426" + HEAD + "60606426",
                  ""):
        with pytest.raises(InboxError, match="not a world identity"):
            parse_world(mixed)


def test_a_position_is_the_named_player_s() -> None:
    reply = "Alex has the following entity data: [1.5d, -59.0d, 2.5d]"
    assert parse_pos(reply, "Alex") == (1.5, -59.0, 2.5)
    decorated = "[Red] Alex [MVP] has the following entity data: [1.5d, -59.0d, 2.5d]"  # a team's prefix, suffix
    assert parse_pos(decorated, "Alex") == (1.5, -59.0, 2.5)
    with pytest.raises(InboxError, match="not a position"):
        parse_pos(reply.replace("Alex", "Bob"), "Alex")  # another client's read of another player


def test_the_command_limit_is_the_rule_asked() -> None:
    from monopoli_mc.controller.io.wire import _rule_value

    rule = "max_command_sequence_length"
    assert _rule_value(f"Gamerule {rule} is currently set to: 65536", rule) == 65536
    for theirs in ("Gamerule random_tick_speed is currently set to: 3",
                   f"Gamerule {rule} is currently set to: 65536x", ""):
        with pytest.raises(InboxError, match="not a game rule's value"):
            _rule_value(theirs, rule)


def test_a_batch_ran_whole_only_on_its_own_count() -> None:
    from monopoli_mc.bridge.batch import Request

    three = Request("function monopoli:batch {o:[a,b,c],a:0}", ("a", "b", "c"))
    assert three.ran_whole("Function monopoli:batch returned 3")
    assert not three.ran_whole("Function monopoli:batch returned 31")
    assert not three.ran_whole("")
