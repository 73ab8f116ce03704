"""Every game starts clean (issue 27, point 1): when a table's next game starts, nothing the last one
gave out is left (books, sidebar lines, titles, pawn colours, seats); `admin sync` takes back any book
the current game does not give; a deed book of an earlier game answers in words when pressed."""

from __future__ import annotations

import re

from collections.abc import Iterator
from pathlib import Path

import pytest
from controller_support import Rig, ask, make_rig

from monopoli_mc.sandbox.bots import Bot


@pytest.fixture
def rig(tmp_path: Path) -> Iterator[Rig]:
    yield from make_rig(tmp_path, ["Alex", "Sam"])


def _books(rig: Rig, name: str) -> list[str]:
    return sorted(book.title for book in rig.bots[name].books())


def _next_game(rig: Rig) -> None:
    """Game 1 ends; Alex and a newcomer, Robin, sit down for game 2 (Sam sits it out)."""
    assert ask(rig.store, rig.step, "end").startswith("game 1 on board 'main' ended")
    robin = rig.bots["Robin"] = Bot.join(rig.box.world, "Robin")
    rig.box.world.tick()
    rig.bots["Alex"].trigger("join")
    rig.step()
    robin.trigger("join")
    rig.step(2)
    assert rig.ctl.tables["main"].game_id == 2 and sorted(rig.game.names) == ["Alex", "Robin"]


def test_the_next_game_takes_back_what_the_last_gave(rig: Rig) -> None:
    ask(rig.store, rig.step, "give_deed", player="Sam", space=37)
    ask(rig.store, rig.step, "give_deed", player="Alex", space=39)
    assert _books(rig, "Sam") == ["Park Place"] and _books(rig, "Alex") == ["Boardwalk"]
    rig.box.world.tick(25)  # the pack's action bar line has been shown once
    assert {"Alex", "Sam"} <= dict(rig.box.world.sidebar()).keys()
    _next_game(rig)
    world = rig.box.world
    assert _books(rig, "Sam") == [] and _books(rig, "Alex") == []  # Park Place is the bank's in game 2
    assert "Sam" not in dict(world.sidebar())  # no cash line of a player of an earlier game
    assert dict(world.sidebar())["Alex"] == 1500 and dict(world.sidebar())["Robin"] == 1500
    assert world.scoreboard.team_of("Sam") is None  # no pawn colour of game 1
    assert world.scoreboard.get("Sam", "monopoli.table") is None  # no seat: no line of the table reaches Sam
    assert rig.bots["Sam"].titles()[-1] == ("clear", "")  # game 1's titles ("Alex wins!") are cleared
    world.tick(25)
    sam_bars = [t for t in rig.bots["Sam"].titles() if t[0] == "actionbar"]
    alex_bars = [t for t in rig.bots["Alex"].titles() if t[0] == "actionbar"]
    first = rig.game.names[rig.game.current]
    # game 2's line, with Alex's rank of the night since game 1 ended (issue 34)
    assert re.fullmatch(rf"Cash \$1500   Jar \$0   {first}'s turn   Night #[12]", alex_bars[-1][1]), alex_bars[-1]
    shown = len(sam_bars)
    world.tick(60)
    assert len([t for t in rig.bots["Sam"].titles() if t[0] == "actionbar"]) == shown  # nothing of game 2
    assert rig.bots["Sam"].action_bar() is None and rig.bots["Alex"].action_bar() == alex_bars[-1][1]


def test_a_deed_book_of_an_earlier_game_answers_in_words(rig: Rig) -> None:
    _next_game(rig)
    # Alex kept a Park Place book of game 1 (offline when game 2 started, say)
    rig.rcon.command('function monopoli:ui/deed {player:"Alex",space:37,game:1}')
    book = next(b for b in rig.bots["Alex"].books() if b.title == "Park Place")
    trade = [command for label, command in book.buttons if "Trade it" in label]
    assert trade == ["/trigger offer set 137"]
    rig.said_to("Alex")
    rig.bots["Alex"].command(trade[0])
    rig.step()
    assert rig.said_to("Alex") == [
        "That Park Place book is from an earlier game (game 1), not this one (game 2): it is worth nothing "
        "now. The deed books of this game are the ones it gave you."]
    # a book of this game goes into the offer as before
    ask(rig.store, rig.step, "give_deed", player="Alex", space=39)
    book = next(b for b in rig.bots["Alex"].books() if b.title == "Boardwalk")
    trade = [command for label, command in book.buttons if "Trade it" in label]
    assert trade == ["/trigger offer set 239"]
    rig.bots["Alex"].command(trade[0])
    rig.step()
    assert rig.said_to("Alex")[0] == "Your trade offer to nobody yet: Boardwalk for nothing."


def test_admin_sync_takes_back_a_stray_book(rig: Rig) -> None:
    ask(rig.store, rig.step, "give_deed", player="Alex", space=39)
    rig.rcon.command('function monopoli:ui/deed {player:"Alex",space:37,game:0}')  # a stray: Sam owns nothing
    rig.rcon.command('function monopoli:ui/card {player:"Alex",deck:"chance",card:1}')  # drawn by nobody
    assert _books(rig, "Alex") == sorted(["Boardwalk", "Park Place", rig.bots["Alex"].books()[-1].title])
    assert ask(rig.store, rig.step, "sync") == "board 'main' synced"
    assert _books(rig, "Alex") == ["Boardwalk"]  # what game 1 gives Alex, once


def test_a_player_offline_at_the_start_gives_the_books_back_on_return(rig: Rig) -> None:
    ask(rig.store, rig.step, "give_deed", player="Sam", space=37)
    rig.bots["Sam"].leave()  # away when game 2 starts: `clear` reaches only players online
    rig.step()
    _next_game(rig)
    kept = rig.box.world.players["Sam"].inventory.values()
    assert [st.id for st in kept] == ["minecraft:written_book"]  # Park Place, still in the offline inventory
    assert "Sam" not in dict(rig.box.world.sidebar())  # a score is reset by name, online or not
    rig.box.world.join("Sam")
    rig.step(2)  # the pack queues Sam's return; the controller answers it
    assert _books(rig, "Sam") == []  # in no board's game: no book of any game is theirs
