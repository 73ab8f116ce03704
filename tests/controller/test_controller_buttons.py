"""A card button press is credited to the player who pressed it, wherever others stand."""

from __future__ import annotations

from controller_support import Rig

from monopoli_mc.datapack.layout import Layout
from monopoli_mc.rules.phases import DRAW


def test_the_presser_gets_the_card_while_another_stands_closer(rig: Rig) -> None:
    game = rig.game
    drawer = game.names[game.to_act()]
    other = next(n for n in game.names if n != drawer)
    seat = game.names.index(drawer)
    game.pos[seat], game.phase, game.pending = 7, DRAW, {"deck": "chance"}  # on Chance, to draw
    layout = Layout(rig.world.board("main"))
    button = layout.world(layout.buttons()["naughty"])
    spot = layout.world(layout.press_spot("naughty"))
    rig.bots[other].walk_to((spot[0] + 0.5, float(spot[1]), spot[2] + 0.5))    # right at the button
    rig.bots[drawer].walk_to((spot[0] + 0.5, float(spot[1]), spot[2] + 3.5))   # three blocks back
    books_before = len(rig.bots[drawer].books())
    other_before = len(rig.bots[other].books())
    rig.bots[drawer].press_button(button)
    rig.step(2)
    assert rig.game.phase != DRAW
    assert len(rig.bots[drawer].books()) == books_before + 1  # the card's book
    assert len(rig.bots[other].books()) == other_before
