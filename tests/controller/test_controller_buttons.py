"""A card button press is credited to the player who pressed it, wherever others stand: the pack queues
the press as the presser's entry (`tests/datapack/test_datapack_sandbox.py`, the presser and not the
nearest, over the pack in the sandbox); the card's book is decided for them on a snapshot
(`decide_support.Desk`), and `ui/card` puts a book in their inventory (`test_view_calls_reach_the_player`)."""

from __future__ import annotations

from decide_support import Desk

from monopoli_mc.datapack.layout import Layout
from monopoli_mc.rules.phases import DRAW


def test_the_presser_gets_the_card_while_another_stands_closer(desk: Desk) -> None:
    game = desk.game
    drawer = game.names[game.to_act()]
    other = next(n for n in game.names if n != drawer)
    seat = game.names.index(drawer)
    game.pos[seat], game.phase, game.pending = 7, DRAW, {"deck": "chance"}  # on Chance, to draw
    layout = Layout(desk.world.board("main"))
    spot = layout.world(layout.press_spot("naughty"))
    desk.standing[other] = (spot[0] + 0.5, float(spot[1]), spot[2] + 0.5)  # right at the button
    desk.standing[drawer] = (spot[0] + 0.5, float(spot[1]), spot[2] + 3.5)  # three blocks back
    desk.trigger(drawer, "naughty", 0, button=True)  # the pack queues the press as the presser's: {value:0, button:1b}
    desk.step()
    assert desk.game.phase != DRAW
    books = [c for c in desk.writes if c.startswith("function monopoli:ui/card ")]
    assert len(books) == 1 and f'player:"{drawer}"' in books[0], books  # the card's book, to the presser
    assert not any(f'player:"{other}"' in c for c in books)
