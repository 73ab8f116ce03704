"""A board as people see it: frozen plain data made from a game, drawn by `html` and `png`.

Colours are the world's: a deed's banner in its owner's banner colour (gray when
mortgaged), pawns in the same colours, spaces in their group's dye colour.
"""

from __future__ import annotations

from dataclasses import dataclass

from monopoli_mc.bridge.outbox import Table
from monopoli_mc.datapack.view import DYE_TEXT
from monopoli_mc.datapack.world_config import MORTGAGE_COLOR
from monopoli_mc.rules.board import Board, Space
from monopoli_mc.rules.game import Game
from monopoli_mc.rules.narrate import END_REASONS
from monopoli_mc.rules.phases import AUCTION, OVER
from monopoli_mc.rules.settings import Rules
from monopoli_mc.rules.state import HOTEL
from monopoli_mc.view.words import pending_words

# Minecraft's dye colours (DyeColor's texture colours); chat text uses a darker yellow.
DYE = {**DYE_TEXT, "yellow": "#FED83D"}
NO_SIDE = "#BBBBBB"  # Anti-Monopoly: a pawn before its player has chosen a side
LOG_LINES = 12  # the last lines of the game log shown beside the board


@dataclass(frozen=True)
class SpaceView:
    """One space: its name and group colour, and the deed's owner, mortgage and buildings."""

    index: int
    name: str
    kind: str
    band: str | None  # the group's colour (hex) for a deed, None for other spaces
    owner: str | None  # the owner's name
    banner: str | None  # the banner's colour (hex): the owner's, or gray when mortgaged
    mortgaged: bool
    houses: int  # 0-4
    top: str | None  # "hotel", "apartment" or None


@dataclass(frozen=True)
class PlayerView:
    """One seat: colour, money, where the pawn stands."""

    seat: int
    name: str
    color: str  # hex
    cash: int
    worth: int
    space: int
    in_jail: bool
    bankrupt: bool
    deciding: bool  # the game waits for this player
    side: str | None  # Anti-Monopoly: competitor or monopolist


@dataclass(frozen=True)
class AuctionView:
    """An open auction as the crowd follows it: anyone may bid on the clock, so no bidding order."""

    lot: str  # what is auctioned: a deed's name, or "the bank's last houses"
    high: int  # the high bid in dollars (0: no bid yet)
    bidder: str | None  # who holds it
    bids: tuple[tuple[str, int], ...]  # (who, how much), first to last
    passed: tuple[str, ...]  # who passed since the last bid
    bidding: tuple[str, ...]  # who may still bid or pass (not bankrupt, not passed, not the high bidder)
    closes_at: float | None = None  # when it closes if nobody bids (seconds since the epoch); None: not known
    left: float | None = None  # seconds left while its clock stands (a pause); None: it runs (or not known)


@dataclass(frozen=True)
class BoardView:
    """Everything the page and the PNG show of one board at one moment."""

    board: str
    quarters: int  # clockwise quarter turns of the board in the world (its facing)
    rules: str
    game_id: int | None  # None: no game yet, players are being seated
    actions: int = 0  # actions applied in the game so far
    spaces: tuple[SpaceView, ...] = ()
    players: tuple[PlayerView, ...] = ()
    lobby: tuple[str, ...] = ()
    round: int = 0
    turn: str | None = None
    pending: str = ""
    jar: int | None = None  # None: the rule set has no Free Parking jar
    ends_at: float | None = None  # when a time limit runs out (seconds since the epoch)
    winner: str | None = None
    how: str = ""  # how the game ended, in words
    paused: bool = False
    log: tuple[str, ...] = ()
    top_building: str = "hotel"  # "apartment" under Anti-Monopoly
    auction: AuctionView | None = None  # the auction open now


@dataclass(frozen=True)
class NightPanel:
    """What the page shows beside the boards about the whole night (its standings, the night's results,
    the podium): named parts of HTML, each escaped by the function that made it, in order."""

    parts: tuple[tuple[str, str], ...] = ()


def board_view(name: str, game: Game, table: Table, *, quarters: int, game_id: int, actions: int,
               ends_at: float | None, paused: bool = False, log: tuple[str, ...] = (),
               bids: tuple[tuple[int, int], ...] = (), closes_at: float | None = None,
               left: float | None = None) -> BoardView:
    """The picture of a board's game (`ends_at`: when its time limit runs out, as the controller has it;
    `bids`, `closes_at` and `left`: an open auction's (seat, amount) bids and its clock, when known)."""
    board = game.board
    top = "apartment" if game.rules.roles else "hotel"
    spaces = []
    for space in board.spaces:
        s = space.index
        owner = game.owner[s] if space.is_deed else -1
        color = None
        if owner >= 0:
            color = DYE[MORTGAGE_COLOR] if game.mortgaged[s] else _seat_color(game, table, owner)
        built = game.buildings[s]
        spaces.append(SpaceView(index=s, name=space.name, kind=space.kind, band=_band(board, space),
                                owner=game.names[owner] if owner >= 0 else None, banner=color,
                                mortgaged=owner >= 0 and game.mortgaged[s],
                                houses=built if built < HOTEL else 0, top=top if built == HOTEL else None))
    over = game.phase == OVER
    deciding = -1 if over or game.phase == AUCTION else game.to_act()  # anyone bids on the clock
    players = tuple(PlayerView(seat=p, name=n, color=_seat_color(game, table, p), cash=game.cash[p],
                               worth=game.net_worth(p), space=game.pos[p], in_jail=game.jail_turns[p] >= 0,
                               bankrupt=game.bankrupt[p], deciding=p == deciding,
                               side=game.roles[p] if game.rules.roles else None)
                    for p, n in enumerate(game.names))
    return BoardView(board=name, quarters=quarters, rules=game.rules.name, game_id=game_id, actions=actions,
                     spaces=tuple(spaces), players=players, round=game.round + 1,
                     turn=None if over else game.names[game.current], pending=pending_words(game),
                     jar=game.jar if game.rules.free_parking_jar else None,
                     ends_at=None if over else ends_at,
                     winner=game.names[game.winner] if over and game.winner is not None else None,
                     how=END_REASONS.get(game.end_reason, "") if over else "",
                     paused=paused, log=tuple(log[-LOG_LINES:]), top_building=top,
                     auction=auction_view(game, bids, closes_at=closes_at, left=left))


def auction_view(game: Game, bids: tuple[tuple[int, int], ...], *, closes_at: float | None = None,
                 left: float | None = None) -> AuctionView | None:
    """The game's open auction (None when there is none); the high bid is always the last of the bids."""
    if game.phase != AUCTION:
        return None
    pending = game.pending
    names = game.names
    high, bidder = int(pending["high"]), int(pending["bidder"])
    shown = [(names[seat], int(amount)) for seat, amount in bids if 0 <= seat < len(names)]
    if bidder >= 0 and (not shown or shown[-1] != (names[bidder], high)):
        shown.append((names[bidder], high))  # bids the caller could not see (a restart): the high one at least
    passed = [int(seat) for seat in pending.get("passed", ())]
    allowed = pending.get("bidders")
    bidding = tuple(n for seat, n in enumerate(names) if not game.bankrupt[seat] and seat != bidder
                    and seat not in passed and (allowed is None or seat in allowed))
    item = pending.get("item")
    lot = f"the {game.board.bank}'s last {item}" if item is not None else game.board.spaces[int(pending["space"])].name
    return AuctionView(lot=lot, high=high, bidder=names[bidder] if bidder >= 0 else None, bids=tuple(shown),
                       passed=tuple(names[seat] for seat in passed if 0 <= seat < len(names)), bidding=bidding,
                       closes_at=closes_at, left=left)


def lobby_view(name: str, rules: Rules, board: Board, *, quarters: int, lobby: tuple[str, ...]) -> BoardView:
    """A board with no game yet: the empty spaces and who is seated."""
    spaces = tuple(SpaceView(index=s.index, name=s.name, kind=s.kind, band=_band(board, s), owner=None,
                             banner=None, mortgaged=False, houses=0, top=None) for s in board.spaces)
    return BoardView(board=name, quarters=quarters, rules=rules.name, game_id=None, spaces=spaces, lobby=lobby,
                     pending="waiting for the start: to play, stand on the board and type /trigger join",
                     top_building="apartment" if rules.roles else "hotel")


def owned_words(view: BoardView, player: str) -> str:
    """A player's deeds as the page and the PNG list them: "Baltic Avenue (2h), Boardwalk (mortgaged)"."""
    return ", ".join(_deed_words(s) for s in view.spaces if s.owner == player)


def _deed_words(space: SpaceView) -> str:
    extra = "mortgaged" if space.mortgaged else space.top or (f"{space.houses}h" if space.houses else "")
    return f"{space.name} ({extra})" if extra else space.name


def _band(board: Board, space: Space) -> str | None:
    """A deed's group colour."""
    return DYE.get(board.groups[space.group].color) if space.group else None


def _seat_color(game: Game, table: Table, seat: int) -> str:
    color = table.color(game, seat)
    return DYE[color] if color else NO_SIDE
