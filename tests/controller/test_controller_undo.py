"""Undo through the controller: the forced payment goes with the action that made it; the table is told
(decided on snapshots, `decide_support.Desk`); the deed book an undo takes back, decided on a snapshot and
run in the strict in-process world with the committed pack."""

from __future__ import annotations

from controller_support import PACK
from decide_support import Desk

from monopoli_mc.datapack import calls
from monopoli_mc.sandbox.bots import Bot
from monopoli_mc.sandbox.world import World


def test_undo_after_the_forced_debt_payment_leaves_a_game_that_goes_on(desk: Desk) -> None:
    game = desk.game
    name = game.names[game.to_act()]
    seat = game.names.index(name)
    desk.request("give_deed", player=name, space=39)
    desk.request("fine", player=name, amount=game.cash[seat] + 100)
    desk.step()
    assert desk.game.phase == "debt"
    in_debt = desk.game.to_data()
    desk.trigger(name, "mortgage", 39)
    desk.step()
    assert desk.game.phase == "roll"  # the controller paid the debt as soon as the cash was there
    answer = desk.ask("undo")
    assert answer.startswith(f"undid {name}'s mortgage on Boardwalk and {name}'s debt payment on board 'main'")
    assert desk.game.to_data() == in_debt
    for who in desk.game.names:
        assert any(line.startswith(f"The operator undid {name}'s mortgage on Boardwalk") for line in desk.said_to(who))
    assert calls.cash(name, in_debt["cash"][seat]) in desk.writes
    desk.trigger(name, "mortgage", 39)  # the game goes on
    desk.step()
    assert desk.game.phase == "roll" and desk.game.debts == []
    desk.trigger(name, "d6")
    desk.step()
    assert ("roll", seat, None) in desk.store.actions(desk.table.game_id)


def test_undo_with_nothing_to_undo_says_so(desk: Desk) -> None:
    assert desk.ask("undo") == "nothing to undo on board 'main'"


def test_undo_of_a_bought_deed_takes_the_deed_book_back(desk: Desk) -> None:
    game = desk.game
    name = game.names[game.to_act()]
    desk.request("give_deed", player=name, space=39)
    desk.step()
    given = calls.deed(name, 39, game=desk.table.game_id)
    assert given in desk.writes
    desk.request("undo")
    desk.step()
    assert calls.take_deed(name, 39) in desk.writes and given not in desk.writes
    assert desk.game.owner[39] == -1
    # what those two calls do to the player's books, in the strict world with the committed pack
    world = World(version=desk.world.version.name, strict=True)
    world.load_datapack(PACK)
    player = Bot.join(world, name)
    world.tick()
    for command in [c for c in desk.written if c.startswith(("function monopoli:ui/deed ", "function monopoli:ui/take_deed "))]:
        world.execute(command)
    assert not any(book.title.startswith("Boardwalk") for book in player.books())
    world.execute(given)
    assert [book.title for book in player.books()] == ["Boardwalk"]  # the book the give made, and none other
    assert world.strict_failures == []
