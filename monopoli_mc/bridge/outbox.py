"""The outbox: game state and game events -> command text, through the pack's macro calls.

The persistent picture (cash, the jar, banners, buildings) is computed from the
state and written as a diff of set values, never adds; `sync` writes it whole.
Events add what is momentary: chat lines, titles, books, teleports, prompts.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from monopoli_mc.datapack import calls
from monopoli_mc.datapack.escape import table_players
from monopoli_mc.datapack.versions import McVersion
from monopoli_mc.datapack.world_config import DYE_COLORS, MORTGAGE_COLOR, ROLE_COLORS
from monopoli_mc.rules.events import Event
from monopoli_mc.rules.game import Game
from monopoli_mc.rules.narrate import Narrator
from monopoli_mc.rules.pending import Pending, pending
from monopoli_mc.rules.phases import (AUCTION, BUS, BUY, DEBT, DRAW, END, JAIL, OVER, RECEIVED, ROLE, ROLL, TAX,
                                      TRADE, TRIPLES)

Picture = dict[tuple[Any, ...], str]
DECK_PLACES = {"chance": "the orange Naughty & Nice building (or /trigger naughty)",
               "community_chest": "the blue Crates building (or /trigger crate)"}
SPEED_FACES = {"mr_monopoly": "Mr. Monopoly", "bus": "the Bus"}
SIDE_DECKS = "either card building (or /trigger crate)"  # Anti-Monopoly: a deck per side


@dataclass(frozen=True)
class Table:
    """What the outbox needs to know about one board: its name, colours, version, movement."""

    board: str
    colors: tuple[str, ...]
    version: McVersion
    teleport: bool = True
    broadcast: bool = True  # one board on the server: table lines go to @a
    number: int = 1  # the board's place among the world's boards (from 1): with several, its table's score
    role_colors: tuple[tuple[str, str], ...] = tuple(ROLE_COLORS.items())

    @property
    def for_sale_color(self) -> str:
        """The map's banner for a deed the bank holds: a colour no player and no mortgage uses."""
        taken = {*self.colors, *(c for _, c in self.role_colors), MORTGAGE_COLOR}
        return next(c for c in ("white", "light_gray", "black", "brown", *DYE_COLORS) if c not in taken)

    @property
    def players(self) -> str:
        """Whom a message for the whole table goes to, in one command: everyone, or its seated players."""
        return "@a" if self.broadcast else table_players(self.number)

    def color(self, game: Game, seat: int) -> str | None:
        """The pawn and banner colour of a seat; with sides (Anti-Monopoly), its side's, None until chosen."""
        if game.rules.roles:
            role = game.roles[seat]
            return dict(self.role_colors)[role] if role else None
        return self.colors[seat % len(self.colors)]


def picture(game: Game, table: Table, *, away: frozenset[str] = frozenset()) -> Picture:
    """Every persistent world value of a game, by key, as the command that sets it; nothing of the players
    in `away` (seated at another board since this game: that board's picture is theirs)."""
    # Who is at the table: its messages (with several boards) and its action bar line (hud.py) find them.
    out: Picture = {("table",): calls.unsit_all(table.number)}
    out.update({("sit", name): calls.sit(name, table.number) for name in game.names if name not in away})
    out[("hud",)] = calls.hud(table.board, None if game.phase == OVER else game.names[game.current])
    for seat, name in enumerate(game.names):
        if name in away:
            continue
        out[("cash", name)] = calls.cash(name, game.cash[seat])
        color = table.color(game, seat)
        out[("pawn", name)] = calls.pawn(name, color) if color and not game.bankrupt[seat] else calls.unpawn(name)
        out[("map_copy", name)] = (calls.map_drop(table.board, name) if game.bankrupt[seat]
                                   else calls.map_hold(table.board, name))
    out[("jar",)] = calls.jar(table.board, game.jar if game.rules.free_parking_jar else None,
                              named=not table.broadcast)
    for space in game.board.deeds:
        s = space.index
        owner = game.owner[s]
        if owner < 0:
            out[("banner", s)] = calls.unbanner(table.board, s)
            out[("map", s)] = calls.map_deed(table.board, s, table.for_sale_color)
        else:
            color = MORTGAGE_COLOR if game.mortgaged[s] else table.color(game, owner) or MORTGAGE_COLOR
            out[("banner", s)] = calls.banner(table.board, s, color, game.names[owner])
            out[("map", s)] = calls.map_deed(table.board, s, color)
        if space.kind == "street":
            out[("houses", s)] = calls.houses(table.board, s, game.buildings[s], apartment=game.rules.roles)
    out[("map_show",)] = calls.map_show(table.board)  # last: the map takes the deeds written above
    return out


def diff(old: Picture, new: Picture) -> list[str]:
    """The commands that turn the old picture into the new one.

    A deed's map decoration reaches the framed map and the copies only through `map_show`,
    so any change to one shows the map again.
    """
    out = [cmd for key, cmd in new.items() if old.get(key) != cmd]
    show = new.get(("map_show",))
    if show is not None and old.get(("map_show",)) == show and any(
            key[0] == "map" and old.get(key) != cmd for key, cmd in new.items()):
        out.append(show)
    return out


TABLE_WORDS = {("table",), ("hud",), ("jar",)}  # a change to one of these changes every line of the table


def refresh(old: Picture, new: Picture, table: Table) -> list[str]:
    """After the diff from `old` to `new`: the action bar lines whose words changed, written now (hud.py)
    rather than at the next periodic refresh: the whole table's when whose turn, the jar or who sits there
    changed, else the line of each player whose cash changed (no pass over the players)."""
    changed = [key for key, cmd in new.items() if old.get(key) != cmd]
    if any(key in TABLE_WORDS or key[0] == "sit" for key in changed):
        return [calls.hud_table(table.number)]
    return [calls.hud_me(key[1], table.number) for key in changed if key[0] == "cash"]


def say(table: Table, text: str) -> list[str]:
    """A chat line for everyone at the table: one command, whatever the number of players (more
    when the line is too long for one: it is split, never refused)."""
    return calls.messages("tell", table.players, text, table.version)


def say_all(table: Table, text: str) -> list[str]:
    """A chat line for everyone on the server, whatever their table (split when too long for one command)."""
    return calls.messages("tell", "@a", text, table.version)


def sit(table: Table, name: str) -> list[str]:
    """Seat a player at the table, so its messages reach them (with several boards; one board tells @a)."""
    return [] if table.broadcast else [calls.sit(name, table.number)]


def unsit(table: Table, name: str) -> list[str]:
    """A player leaves the table: its messages no longer reach them (with several boards)."""
    return [] if table.broadcast else [calls.unsit(name)]


def tell(table: Table, name: str, text: str) -> list[str]:
    """A chat line for one player (split when too long for one command)."""
    return calls.messages("tell", name, text, table.version)


def title(table: Table, name: str, text: str, subtitle: str = "") -> list[str]:
    """A title (and subtitle) on one player's screen."""
    out = []
    if subtitle:
        out += calls.messages("subtitle", name, subtitle, table.version)
    out += calls.messages("title", name, text, table.version)
    return out


def effects(game: Game, events: list[Event], table: Table, *, stamp: int = 0) -> list[str]:
    """Books, titles and teleports a batch of events calls for (not the picture, not prompts); `stamp`:
    the game's number, on the deed books it gives."""
    names, board = game.names, table.board
    out: list[str] = []
    moved: dict[int, int] = {}
    thrown: dict[int, str] = {}
    for ev in events:
        kind = ev[0]
        if kind == "roll":
            thrown[ev[1]] = f"{ev[2]}+{ev[3]}, "
        if kind == "move":
            moved[ev[1]] = ev[3]
        elif kind == "draw":
            out.append(calls.card(names[ev[1]], ev[2], ev[3]))
        elif kind == "card_returned":
            out.append(calls.take_card(names[ev[1]], ev[2], ev[3]))
        elif kind == "deed":
            if ev[2] >= 0:
                out.append(calls.take_deed(names[ev[2]], ev[1]))
            if ev[3] >= 0:
                out.append(calls.deed(names[ev[3]], ev[1], game=stamp))
        elif kind == "roll" and ev[2] == ev[3]:
            out += calls.messages("actionbar", names[ev[1]], f"Doubles! {ev[2]}+{ev[3]}", table.version)
        elif kind == "speed_die":  # shown with the throw: the white dice, then the speed die's face
            dice = thrown.get(ev[1], "")
            out += calls.messages("actionbar", names[ev[1]],
                                  f"{dice}speed die: {SPEED_FACES.get(ev[2], ev[2])}", table.version)
        elif kind == "leave_jail":
            out.append(calls.teleport(names[ev[1]], board, game.board.jail))
        elif kind == "jail":
            out += title(table, names[ev[1]], "Jail!", "go directly to jail")
            out.append(calls.jail(names[ev[1]], board))
            moved.pop(ev[1], None)
        elif kind == "rent_due" and game.is_legal(("claim_rent", ev[2], ev[4])):  # a button only when it counts
            out.append(calls.prompt_claim(names[ev[2]], ev[4], ev[3]))
        elif kind == "bankrupt":
            out += title(table, names[ev[1]], "Bankrupt", "thank you for playing")
        elif kind == "game_over" and ev[1] is not None:
            out += title(table, table.players, f"{names[ev[1]]} wins!")
        elif kind == "tie":
            out += title(table, table.players, "A tie!", Narrator(game.board, names).together(ev[1]))
    if any(ev[0] in ("trade_accepted", "bankrupt", "kick") for ev in events):
        out += kept_cards(game)
    if table.teleport:
        for seat, space in moved.items():
            if game.jail_turns[seat] < 0:
                out.append(calls.teleport(names[seat], board, space))
    return out


def fresh(last: Game | None, game: Game, table: Table, *, elsewhere: list[str] | None = None) -> list[str]:
    """Before a table's next game: what its last game gave out (and any book of an earlier one) is taken
    back from the players of both, so the new game's picture starts from nothing of theirs; a player of the
    last game who sits at another board now (`elsewhere`) keeps what that board gave, and only this board's
    map copy goes."""
    names = list(dict.fromkeys([*(last.names if last is not None else []), *game.names]))
    out = [calls.leave(name) for name in names if name not in (elsewhere or ())]
    out += [calls.map_drop(table.board, name) for name in names if name not in game.names]
    return out + [calls.sit(name, table.number) for name in game.names]  # they hear the game's first lines


def kept_cards(game: Game) -> list[str]:
    """Get Out of Jail Free books where the cards are now (after a trade or a bankruptcy)."""
    keepers = [(deck, card.index) for deck, cards in game.board.decks.items() for card in cards
               if card.effect == "get_out_of_jail"]
    out = [calls.take_card(name, deck, index) for name in game.names for deck, index in keepers]
    for seat, name in enumerate(game.names):
        out += [calls.card(name, deck, index) for deck, index in game.jail_cards[seat]]
    return out


def undone(game: Game, events: list[Event], table: Table) -> list[str]:
    """What a sync does not take back after an undo (game: the state now; events: those undone).

    The deed books of deeds no longer owned, the card books of cards no longer drawn, and in
    walk mode the players the undone actions had moved (in teleport mode `sync` moves them).
    """
    out: list[str] = []
    names = game.names
    for ev in events:
        if ev[0] == "deed" and ev[3] >= 0 and game.owner[ev[1]] != ev[3]:
            out.append(calls.take_deed(names[ev[3]], ev[1]))
        elif ev[0] == "draw" and (ev[2], ev[3]) not in game.jail_cards[ev[1]]:
            out.append(calls.take_card(names[ev[1]], ev[2], ev[3]))
    if not table.teleport:
        for seat in sorted({ev[1] for ev in events if ev[0] == "move"}):
            if game.jail_turns[seat] < 0 and not game.bankrupt[seat]:
                out.append(calls.teleport(names[seat], table.board, game.pos[seat]))
    return out


def drawn_books(events: list[Event]) -> list[tuple[int, str, int]]:
    """Cards drawn and not kept in this batch: (seat, deck, card), to take back at turn end."""
    drawn = [(ev[1], ev[2], ev[3]) for ev in events if ev[0] == "draw"]
    kept = {(ev[1], ev[2], ev[3]) for ev in events if ev[0] == "card_kept"}
    return [d for d in drawn if d not in kept]


def prompt_key(game: Game) -> tuple[Any, ...]:
    """What decides which prompts are showing; a change means new prompts."""
    pending = game.pending
    # In an auction anyone may bid whoever is "next": a pass changes only that, and prompts nobody again.
    turn = -1 if game.phase == AUCTION else game.to_act()
    return (game.phase, turn, game.turns, game.doubles, pending.get("high"),
            pending.get("space"), len(game.debts), game.trade is not None, pending.get("bidder"))


def prompts(game: Game, table: Table) -> list[str]:
    """Chat buttons and hints for whoever must decide now: only the choices the rules take now
    (`rules/pending.py`), so no button is refused when clicked."""
    now = pending(game)
    phase, seat = now.phase, now.seat
    if phase == OVER:
        return []
    name = game.names[seat]
    if phase == AUCTION:
        return _bid_prompts(game, now)
    if phase in _BUTTONS:
        return _BUTTONS[phase](game, table, now)
    if phase == DRAW:
        deck = game.pending["deck"]
        return tell(table, name, f"Draw a card: run to {DECK_PLACES.get(deck, SIDE_DECKS)}.")
    if phase in _HINTS:
        return tell(table, name, _HINTS[phase](game, now))
    return []


def _jail(game: Game, table: Table, now: Pending) -> list[str]:
    name = game.names[now.seat]
    shown = [button for button, kind in (("roll", "roll"), ("pay", "pay_fine"), ("card", "use_card"))
             if now.can(now.seat, kind)]
    return [calls.prompt(name, "jail/" + "_".join(shown), fine=game.rules.jail_fine)] if shown else []


def _buy(game: Game, table: Table, now: Pending) -> list[str]:
    return [calls.prompt_buy(game.names[now.seat], game.pending["space"], auction=game.rules.auction_on_decline,
                             can_buy=now.can(now.seat, "buy"))]


def _role(game: Game, table: Table, now: Pending) -> list[str]:
    sides = [action[2] for action in now.choices.get(now.seat, ())]
    which = "role" if len(sides) != 1 else f"role/{sides[0]}"
    return [calls.prompt(game.names[now.seat], which)] if sides else []


def _bid_prompts(game: Game, now: Pending) -> list[str]:
    """Every player still in sees the high bid, with the raises they can pay, [Other] if they may bid at all
    and [Pass] unless they hold the high bid."""
    high, bidder = game.pending["high"], game.pending["bidder"]
    by = game.names[bidder] if bidder >= 0 else None
    out = []
    for q, name in enumerate(game.names):
        if game.bankrupt[q]:
            continue
        others = now.can(q, "bid")
        steps = 0  # the raises shown are a prefix: +10 before +50 before +100
        while others and steps < len(calls.BID_STEPS) and game.is_legal(("bid", q, high + calls.BID_STEPS[steps])):
            steps += 1
        out.append(calls.prompt_bid(name, high, by, steps=steps, others=others, passes=now.can(q, "pass")))
    return out


def _received(game: Game, now: Pending) -> str:
    lift, keep = game.received_costs()
    deed = game.board.spaces[game.received[0][1]].name
    if not now.can(now.seat, "lift_now"):
        return (f"You received {deed}, mortgaged: lifting it now costs ${lift}, more than you have; "
                f"/trigger auction keeps it mortgaged (${keep} fee).")
    return (f"You received {deed}, mortgaged: /trigger buy lifts the mortgage now (${lift}), "
            f"/trigger auction keeps it mortgaged (${keep} fee).")


def _debt(game: Game, now: Pending) -> str:
    seat = now.seat
    owed = game.debts[0][2]
    spaces = game.board.spaces
    options = [f"/trigger {kind} set {s} ({spaces[s].name})" for kind, _, s in game.legal_actions(seat)
               if kind in ("sell", "mortgage")]
    more = f" and {len(options) - 4} more" if len(options) > 4 else ""
    return f"You owe ${owed} and have ${game.cash[seat]}. Raise money: " + ", ".join(options[:4]) + more


_Buttons = Callable[[Game, Table, Pending], list[str]]
_BUTTONS: dict[str, _Buttons] = {
    ROLL: lambda game, table, now: title(table, game.names[now.seat], "Your turn")
    + [calls.prompt(game.names[now.seat], "roll")],
    JAIL: _jail, BUY: _buy, ROLE: _role,
    BUS: lambda game, table, now: [calls.prompt_bus(game.names[now.seat], game.pending["d1"], game.pending["d2"])],
    TRIPLES: lambda game, table, now: [calls.prompt(game.names[now.seat], "triples")],
    END: lambda game, table, now: [calls.prompt(game.names[now.seat], "end")],
    TRADE: lambda game, table, now: [calls.prompt(game.names[now.seat], "trade")],
}
_HINTS: dict[str, Callable[[Game, Pending], str]] = {
    DEBT: _debt, RECEIVED: _received,
    TAX: lambda game, now: "Income tax: /trigger buy pays the flat amount, /trigger auction pays the percentage.",
}


def books(game: Game, seat: int, *, stamp: int = 0, drawn: list[tuple[int, str, int]] | None = None) -> list[str]:
    """Every book a seat's player holds in this game, given again after all of theirs were taken back:
    deeds owned (stamped with the game's number), Get Out of Jail Free cards held, cards drawn and not
    given back yet."""
    name = game.names[seat]
    out = [calls.take_books(name)]
    if game.bankrupt[seat]:
        return out
    out += [calls.deed(name, s, game=stamp) for s, owner in enumerate(game.owner) if owner == seat]
    out += [calls.card(name, deck, card) for deck, card in game.jail_cards[seat]]
    return out + [calls.card(name, deck, card) for q, deck, card in drawn or [] if q == seat]


def seat_again(game: Game, table: Table, seat: int, *, stamp: int = 0,
               drawn: list[tuple[int, str, int]] | None = None) -> list[str]:
    """A player back online, or back at this table: what their seat gives them, whatever they held (a
    player offline when a game took its books back kept them): the table's line and messages, pawn, map
    copy, cash, books (every other book taken back); then their triggers."""
    pic = picture(game, table)
    name = game.names[seat]
    out = [calls.seat(name, table.number, game.cash[seat]), pic[("pawn", name)], pic[("map_copy", name)]]
    return out + books(game, seat, stamp=stamp, drawn=drawn) + [calls.hud_me(name, table.number), calls.enable(name)]


def seat_picture(game: Game, table: Table, seat: int, *, stamp: int = 0,
                 drawn: list[tuple[int, str, int]] | None = None, place: bool = True) -> list[str]:
    """One player's part of the picture, written whole: their books (`books`), their triggers enabled, and
    with `place` the player put in jail or on their space."""
    name = game.names[seat]
    out = books(game, seat, stamp=stamp, drawn=drawn)
    if game.bankrupt[seat]:
        return out
    if game.jail_turns[seat] >= 0:
        out.append(calls.jail(name, table.board))
    elif place:
        out.append(calls.teleport(name, table.board, game.pos[seat]))
    return out + [calls.enable(name)]


def sync(game: Game, table: Table, *, stamp: int = 0, drawn: list[tuple[int, str, int]] | None = None,
         away: frozenset[str] = frozenset()) -> list[str]:
    """Everything, written whole: picture, positions, deed and card books, prompts; nothing of the players in
    `away` (seated at another board since).

    Every book a player holds is taken back and the ones this game gives now are given again (deeds
    owned, stamped with the game's number `stamp`; Get Out of Jail Free cards held; cards `drawn` and
    not given back yet), so a book of an earlier game, or one given by hand, goes."""
    out = list(picture(game, table, away=away).values())
    for seat, name in enumerate(game.names):
        if name not in away:
            out += seat_picture(game, table, seat, stamp=stamp, drawn=drawn, place=table.teleport)
    out += [calls.prompt_claim(game.names[owner], space, amount)
            for _payer, owner, amount, space in game.claims if game.is_legal(("claim_rent", owner, space))]
    return out + [calls.hud_table(table.number)] + prompts(game, table)
