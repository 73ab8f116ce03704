"""Undo through the controller: the forced payment goes with the action that made it; the table is told."""

from __future__ import annotations

from controller_support import Rig


def test_undo_after_the_forced_debt_payment_leaves_a_game_that_goes_on(rig: Rig) -> None:
    game = rig.game
    name = game.names[game.to_act()]
    seat = game.names.index(name)
    rig.store.request("give_deed", {"player": name, "space": 39})
    rig.store.request("fine", {"player": name, "amount": game.cash[seat] + 100})
    rig.step()
    assert rig.game.phase == "debt"
    in_debt = rig.game.to_data()
    rig.bots[name].trigger("mortgage", "set", 39)
    rig.step()
    assert rig.game.phase == "roll"  # the controller paid the debt as soon as the cash was there
    undo = rig.store.request("undo", {})
    rig.step()
    answer = rig.store.answer_of(undo) or ""
    assert answer.startswith(f"undid {name}'s mortgage on Boardwalk and {name}'s debt payment on board 'main'")
    assert rig.game.to_data() == in_debt
    for bot in rig.bots:
        assert any(line.startswith(f"The operator undid {name}'s mortgage on Boardwalk") for line in rig.said_to(bot))
    assert rig.box.world.execute(f"scoreboard players get {name} monopoli.cash") == [
        f"{name} has {in_debt['cash'][seat]} [Cash]"]
    rig.bots[name].trigger("mortgage", "set", 39)  # the game goes on
    rig.step()
    assert rig.game.phase == "roll" and rig.game.debts == []
    rig.bots[name].trigger("d6")
    rig.step()
    assert ("roll", seat, None) in rig.store.actions(rig.ctl.tables["main"].game_id)


def test_undo_with_nothing_to_undo_says_so(rig: Rig) -> None:
    undo = rig.store.request("undo", {})
    rig.step()
    assert rig.store.answer_of(undo) == "nothing to undo on board 'main'"


def test_undo_of_a_bought_deed_takes_the_deed_book_back(rig: Rig) -> None:
    game = rig.game
    name = game.names[game.to_act()]
    rig.store.request("give_deed", {"player": name, "space": 39})
    rig.step()
    assert any(book.title.startswith("Boardwalk") for book in rig.bots[name].books())
    rig.store.request("undo", {})
    rig.step()
    assert not any(book.title.startswith("Boardwalk") for book in rig.bots[name].books())
    assert rig.game.owner[39] == -1
