"""The decision a game waits for, in words for the crowd around the board."""

from __future__ import annotations

from monopoli_mc.datapack.view import DECK_NAMES
from monopoli_mc.rules.events import BANK, JAR
from monopoli_mc.rules.game import Game
from monopoli_mc.rules.narrate import END_REASONS, Narrator
from monopoli_mc.rules.phases import (AUCTION, BUS, BUY, DEBT, DRAW, END, JAIL, OVER, RECEIVED, ROLE, ROLL, TAX,
                                      TRADE, TRIPLES)


def pending_words(game: Game) -> str:
    """Who decides what now: "Alex: buy Baltic Avenue for $60, or auction it"."""
    phase = game.phase
    if phase == OVER:
        how = END_REASONS.get(game.end_reason, "")
        tied = game.tied()
        if tied:
            return f"game over: a tie between {Narrator(game.board, game.names).together(tied)}" + (
                f" ({how})" if how else "")
        winner = game.names[game.winner] if game.winner is not None else "nobody"
        return f"game over: {winner} wins" + (f" ({how})" if how else "")
    seat = game.to_act()
    name = game.names[seat]
    spaces = game.board.spaces
    pending = game.pending
    if phase == ROLL:
        return f"{name} to throw the dice"
    if phase == JAIL:
        card = ", use a Get Out of Jail Free card" if game.jail_cards[seat] else ""
        return f"{name} in jail: pay ${game.rules.jail_fine}{card} or throw for doubles"
    if phase == BUY:
        space = spaces[pending["space"]]
        other = "auction it" if game.rules.auction_on_decline else "decline"
        return f"{name}: buy {space.name} for ${space.price}, or {other}"
    if phase == AUCTION:
        what = f"the bank's last {pending['item']}" if "item" in pending else spaces[pending["space"]].name
        high = (f"high bid ${pending['high']} by {game.names[pending['bidder']]}" if pending["bidder"] >= 0
                else "no bid yet")
        return f"auction of {what}: {high}; anyone may bid or pass"  # on the clock: nobody's turn to bid
    if phase == DRAW:
        deck = DECK_NAMES.get(pending["deck"], (pending["deck"], ""))[0]
        return f"{name} to draw a {deck} card"
    if phase == TAX:
        return f"{name}: income tax, ${game.rules.income_tax} or {game.rules.income_tax_percent}% of worth"
    if phase == DEBT:
        _debtor, creditor, amount, _reason = game.debts[0]
        to = {BANK: "the bank", JAR: "the jar"}.get(creditor) or game.names[creditor]
        return f"{name} owes ${amount} to {to}: raise money or go bankrupt"
    if phase == END:
        return f"{name} to end the turn"
    if phase == TRADE:
        assert game.trade is not None
        return f"{name} to answer {game.names[game.trade['from']]}'s trade offer"
    if phase == RECEIVED:
        space = spaces[game.received[0][1]]
        return f"{name}: lift the mortgage on {space.name} now, or keep it and pay the fee"
    if phase == ROLE:
        return f"{name} to choose a side: competitor or monopolist"
    if phase == BUS:
        d1, d2 = pending["d1"], pending["d2"]
        return f"{name}: the Bus, move {d1}, {d2} or {d1 + d2}"
    if phase == TRIPLES:
        return f"{name}: triples, move to any space"
    return f"{name}: {phase.replace('_', ' ')}"
