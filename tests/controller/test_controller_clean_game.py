"""Every game starts clean (issue 27, point 1): when a table's next game starts, nothing the last one
gave out is left (books, sidebar lines, titles, pawn colours, seats); `admin sync` takes back any book
the current game does not give; a deed book of an earlier game answers in words when pressed.

What the controller decides to write is decided on snapshots (`decide_support.Desk`); what the pack's
`ui/leave` and `ui/take_books` do in the world is run in the strict in-process world with the committed
pack. The whole path over RCON, a player offline when the next game starts and back after it among them,
is test_evening_seats.py's (its watcher checks every player's books, line and sidebar at every step)."""

from __future__ import annotations

from controller_support import PACK
from decide_support import Desk
from monopoli_mc.datapack import calls
from monopoli_mc.datapack.versions import get_version
from monopoli_mc.sandbox.bots import Bot
from monopoli_mc.sandbox.world import World


def _next_game(desk: Desk) -> None:
    """Game 1 ends; Alex and a newcomer, Robin, sit down for game 2 (Sam sits it out)."""
    assert desk.ask("end").startswith("game 1 on board 'main' ended")
    desk.trigger("Alex", "join")
    desk.step()
    desk.trigger("Robin", "join")
    desk.step()
    assert desk.table.game_id == 2 and sorted(desk.game.names) == ["Alex", "Robin"]


def _to(name: str, commands: list[str]) -> list[str]:
    """The calls among these aimed at this player."""
    return [c for c in commands if f'player:"{name}"' in c]


def test_the_next_game_takes_back_what_the_last_gave() -> None:
    desk = Desk(["Alex", "Sam"])
    desk.ask("give_deed", player="Sam", space=37)
    assert calls.deed("Sam", 37, game=1) in desk.writes
    desk.ask("give_deed", player="Alex", space=39)
    _next_game(desk)
    start = desk.writes
    # Before game 2's first line: everything of game 1 goes from its players and the newcomer (books, cash
    # line, titles, pawn colour, seat: `ui/leave`, run in the world below), and Sam's map copy.
    first_sit = start.index(calls.sit("Alex", 1))
    taken = [calls.leave("Alex"), calls.leave("Sam"), calls.leave("Robin"), calls.map_drop("main", "Sam")]
    assert all(start.index(c) < first_sit for c in taken), start
    assert _to("Sam", start) == [calls.leave("Sam"), calls.map_drop("main", "Sam")]  # nothing of game 2 for Sam
    # game 2's picture: its players' own cash lines, colours and seats, and no deed book (Park Place is the bank's)
    for name, colour in (("Alex", "red"), ("Robin", "blue")):
        assert {calls.sit(name, 1), calls.cash(name, 1500), calls.pawn(name, colour)} <= set(start), name
    assert not [c for c in start if c.startswith("function monopoli:ui/deed ")]
    assert calls.map_deed("main", 37, "white") in start and calls.hud("main", desk.game.names[desk.game.current]) in start
    desk.trigger(desk.game.names[desk.game.to_act()], "d6")
    desk.step()
    assert _to("Sam", desk.writes) == []  # nothing of game 2 is aimed at Sam afterwards either


def test_a_deed_book_of_an_earlier_game_answers_in_words() -> None:
    desk = Desk(["Alex", "Sam"])
    _next_game(desk)
    desk.said_to("Alex")
    # Alex kept a Park Place book of game 1 (offline when game 2 started, say): its [Trade it] sends 137
    desk.trigger("Alex", "offer", 137)
    desk.step()
    assert desk.said_to("Alex") == [
        "That Park Place book is from an earlier game (game 1), not this one (game 2): it is worth nothing "
        "now. The deed books of this game are the ones it gave you."]
    assert desk.table.offers == {}  # no offer begun
    # a book of this game goes into the offer as before
    desk.ask("give_deed", player="Alex", space=39)
    assert calls.deed("Alex", 39, game=2) in desk.writes  # its [Trade it] sends 239 (the world test below)
    desk.said_to("Alex")
    desk.trigger("Alex", "offer", 239)
    desk.step()
    assert desk.said_to("Alex")[0] == "Your trade offer to nobody yet: Boardwalk for nothing."


def test_admin_sync_takes_back_a_stray_book() -> None:
    desk = Desk(["Alex", "Sam"])
    desk.ask("give_deed", player="Alex", space=39)
    assert desk.ask("sync") == "board 'main' synced"
    books = [c for c in _to("Alex", desk.writes) if c.startswith(("function monopoli:ui/take_books ",
                                                                     "function monopoli:ui/deed ",
                                                                     "function monopoli:ui/card "))]
    # every book taken back (a stray of any game, a card drawn by nobody), then what game 1 gives Alex, once
    assert books == [calls.take_books("Alex"), calls.deed("Alex", 39, game=1)]
    assert [c for c in _to("Sam", desk.writes) if "book" in c or "deed " in c] == [calls.take_books("Sam")]


def test_a_player_offline_at_the_start_gives_the_books_back_on_return() -> None:
    desk = Desk(["Alex", "Sam"])
    desk.ask("give_deed", player="Sam", space=37)
    _next_game(desk)  # Sam is away: `clear` in `ui/leave` reaches only players online, the score reset does
    assert calls.leave("Sam") in desk.writes
    desk.trigger("Sam", "online", 0)  # back: the pack queues {kind:"online"}
    desk.step()
    assert desk.writes == [calls.take_books("Sam")]  # in no board's game: no book of any game is theirs


def test_leave_and_take_books_take_back_what_a_game_gave_in_the_world() -> None:
    """The pack's side of the calls above, in the strict world with the committed pack."""
    world = World(version="1.21.11", strict=True)
    world.load_datapack(PACK)
    alex, sam = Bot.join(world, "Alex"), Bot.join(world, "Sam")
    world.tick()
    version = get_version(world.version)
    for command in (calls.seat("Alex", 1, 1500), calls.seat("Sam", 1, 1400), calls.pawn("Alex", "red"),
                    calls.pawn("Sam", "blue"), calls.deed("Sam", 37, game=1), calls.deed("Alex", 39, game=2),
                    calls.deed("Alex", 37), calls.card("Sam", "chance", 8), calls.card("Alex", "chance", 1),
                    calls.hud("main", "Alex"), calls.jar("main", 0), *calls.messages("title", "@a", "Alex wins!", version)):
        assert world.execute(command) == [f"Running function {command.split()[1]}"], command
    trade = {b.title: [c for label, c in b.buttons if "Trade it" in label] for b in alex.books() + sam.books()}
    assert trade["Park Place"] == ["/trigger offer set 137"] and trade["Boardwalk"] == ["/trigger offer set 239"]
    assert world.sidebar() == [("Alex", 1500), ("Sam", 1400), ("$jar.main", 0)]

    world.execute(calls.leave("Sam"))
    assert sam.books() == [] and len(alex.books()) == 3  # Sam's deed and card; nobody else's
    assert dict(world.sidebar()) == {"Alex": 1500, "$jar.main": 0}  # no cash line of an earlier game
    assert world.team_of("Sam") is None and world.team_of("Alex") is not None  # no pawn colour
    assert world.scoreboard.get("Sam", "monopoli.table") is None  # no seat: no line of the table reaches Sam
    assert sam.titles()[-2:] == [("actionbar", ""), ("clear", "")]  # the line and game 1's titles go at once
    world.tick(40)
    assert sam.action_bar() == "" and alex.action_bar() == "Cash $1500   Jar $0   Alex's turn"

    world.execute(calls.take_books("Alex"))  # a deed of any game (or none) and a card, all taken back
    assert alex.books() == []
    assert world.strict_failures == []
