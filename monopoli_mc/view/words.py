"""The decision a game waits for, in words for the crowd around the board."""

from __future__ import annotations

from monopoli_mc.datapack.view import DECK_NAMES
from monopoli_mc.rules.events import BANK, JAR
from monopoli_mc.rules.game import Game
from monopoli_mc.rules.narrate import END_REASONS, Narrator
from monopoli_mc.rules.pending import Pending, pending
from monopoli_mc.rules.phases import (AUCTION, BUS, BUY, DEBT, DRAW, END, JAIL, OVER, RECEIVED, ROLE, ROLL, TAX,
                                      TRADE, TRIPLES)


def pending_words(game: Game) -> str:
    """Who decides what now: "Alex: buy Baltic Avenue for $60, or auction it"."""
    phase = game.phase
    if phase == OVER:
        return _over_words(game)
    now = pending(game)  # the same answer the chat buttons come from
    seat = now.seat
    name = game.names[seat]
    spaces = game.board.spaces
    detail = game.pending  # the phase's own data: the space, the high bid, the dice
    if phase == ROLL:
        return f"{name} to throw the dice"
    if phase == JAIL:
        return f"{name} in jail: " + _jail_choices(game, now)
    if phase == BUY:
        space = spaces[detail["space"]]
        other = "auction it" if game.rules.auction_on_decline else "decline"
        if not now.can(seat, "buy"):
            return f"{name}: cannot pay ${space.price} for {space.name}, so {other}"
        return f"{name}: buy {space.name} for ${space.price}, or {other}"
    bank = f"the {game.board.bank}"  # "the Treasury" on a themed board, as the chat names it
    if phase == AUCTION:
        what = f"{bank}'s last {detail['item']}" if "item" in detail else spaces[detail["space"]].name
        high = (f"high bid ${detail['high']} by {game.names[detail['bidder']]}" if detail["bidder"] >= 0
                else "no bid yet")
        return f"auction of {what}: {high}; anyone may bid or pass"  # on the clock: nobody's turn to bid
    if phase == DRAW:
        deck = DECK_NAMES.get(detail["deck"], (detail["deck"], ""))[0]
        return f"{name} to draw a {deck} card"
    if phase == TAX:
        return f"{name}: income tax, ${game.rules.income_tax} or {game.rules.income_tax_percent}% of worth"
    if phase == DEBT:
        _debtor, creditor, amount, _reason = game.debts[0]
        to = {BANK: bank, JAR: "the jar"}.get(creditor) or game.names[creditor]
        return f"{name} owes ${amount} to {to}: raise money or go bankrupt"
    if phase == END:
        return f"{name} to end the turn"
    if phase == TRADE:
        assert game.trade is not None
        return f"{name} to answer {game.names[game.trade['from']]}'s trade offer"
    if phase == RECEIVED:
        space = spaces[game.received[0][1]]
        if not now.can(seat, "lift_now"):
            return f"{name}: keep {space.name} mortgaged and pay the fee (lifting it now costs more than they have)"
        return f"{name}: lift the mortgage on {space.name} now, or keep it and pay the fee"
    if phase == ROLE:
        sides = [action[2] for action in now.choices.get(seat, ())]
        return f"{name} to choose a side: " + (" or ".join(sides) if sides else "competitor or monopolist")
    if phase == BUS:
        d1, d2 = detail["d1"], detail["d2"]
        return f"{name}: the Bus, move {d1}, {d2} or {d1 + d2}"
    if phase == TRIPLES:
        return f"{name}: triples, move to any space"
    return f"{name}: {phase.replace('_', ' ')}"


def _over_words(game: Game) -> str:
    """Who won, or who tied, and how the game ended."""
    how = END_REASONS.get(game.end_reason, "")
    tied = game.tied()
    if tied:
        return f"game over: a tie between {Narrator(game.board, game.names).together(tied)}" + (
            f" ({how})" if how else "")
    winner = game.names[game.winner] if game.winner is not None else "nobody"
    return f"game over: {winner} wins" + (f" ({how})" if how else "")


def _jail_choices(game: Game, now: Pending) -> str:
    """What a jailed player may do now, in the order the buttons show it."""
    ways = [way for way, kind in ((f"pay ${game.rules.jail_fine}", "pay_fine"),
                                  ("use a Get Out of Jail Free card", "use_card")) if now.can(now.seat, kind)]
    if not now.can(now.seat, "roll"):
        return f"last turn, {' or '.join(ways)}, then throw"
    return ", ".join(ways) + " or throw for doubles" if ways else "throw for doubles"
