"""The controller's calls into the pack: short `function monopoli:...` commands, escaped.

Each builder returns one RCON request; all of them fit in vanilla's 1446 bytes
for any valid argument (`MAX_REQUEST` is checked by the tests).
"""

from __future__ import annotations

import re
from collections.abc import Collection, Iterable

from monopoli_mc.datapack.escape import macro_text, player_name, snbt_string, target
from monopoli_mc.datapack.versions import McVersion
from monopoli_mc.datapack.world_config import MAX_PLAYERS, PAWN_COLORS
from monopoli_mc.errors import MonopoliError

MAX_REQUEST = 1446
DEED_STAMP = 100  # a deed book's [Trade it] sends game * DEED_STAMP + space (a board has 40 spaces)
MAX_MESSAGE = 256  # characters of free text in a title, action bar or chat line
# The prompts are one per set of buttons the rules may leave open (rules/pending.py), so a prompt never offers
# a button the rules refuse at that moment.
JAIL_PROMPTS = (("roll", "pay", "card"), ("roll", "pay"), ("roll", "card"), ("roll",), ("pay", "card"), ("pay",))
"""`jail/<buttons>`: [Roll] needs no last turn under jail_pay_on_last_turn, [Pay] the fine's cash (or that last
turn), [Use card] a card; with no [Roll] [Pay] is always open, so no set holds [Use card] alone."""
PROMPTS = ("roll", "end", *("jail/" + "_".join(shown) for shown in JAIL_PROMPTS), "trade", "join", "role",
           "role/competitor", "role/monopolist", "triples", "offer")
BUY_PROMPTS = ("buy", "decline", "auction_only", "decline_only")  # per deed: `prompt/<kind>/<space>`
BID_STEPS = (10, 50, 100)  # the raises a bid prompt offers, over the high bid
BID_PROMPTS = tuple((steps, others, passes) for steps in range(len(BID_STEPS) + 1) for others in (True, False)
                    for passes in (True, False) if others or not steps)
"""(raises shown, [Other], [Pass]) of each bid prompt: a raise shown is one the bidder can pay, so any raise
means they may bid, and [Other] with it."""
MESSAGES = ("title", "subtitle", "actionbar", "tell")
DECKS = ("chance", "community_chest", "competitor", "monopolist")
_BOARD = re.compile(r"[a-z0-9_]{1,16}")
_TOKEN = re.compile(r"[0-9a-f]{1,64}")  # a lease token (uuid4().hex): it enters the pack's macro line as it is
_CALL = re.compile(r"function monopoli:([a-z0-9_/]+)(?: \{(.*)\})?", re.DOTALL)
_ADDRESSED = re.compile(r'(?<=[{,])player:"([A-Za-z0-9_.+-]{1,16})"')  # a call's player, where the pack aims at them
_TAGGED = re.compile(r"^tag ([A-Za-z0-9_.+-]{1,16}) ")
_SHOWN = ("ui/hud",)  # calls whose `player` is text shown to others ("Alex's turn"), not whom they aim at


def _call(function: str, **args: str | int) -> str:
    assert "f" not in args, "f names the function of a batch operation"  # see as_op
    parts = [f"{k}:{v}" for k, v in args.items()]
    return f"function monopoli:{function} {{{','.join(parts)}}}" if parts else f"function monopoli:{function}"


def _name(value: str) -> str:
    return snbt_string(player_name(value), modern=False)


def _board(value: str) -> str:
    if not _BOARD.fullmatch(value):
        raise MonopoliError(f"not a board name: {value!r}")
    return snbt_string(value, modern=False)


def case_twins(names: Iterable[str]) -> set[str]:
    """The names among these that another one equals but for its case (`Alex`, `alex`: an offline-mode
    server can have both online at once)."""
    folded: dict[str, set[str]] = {}
    for name in names:
        folded.setdefault(name.lower(), set()).add(name)
    return {n for group in folded.values() if len(group) > 1 for n in group}


def aimed(name: str, twins: Collection[str]) -> str:
    """How a command names a player: by name, or exactly (`@a[name=…,limit=1]`) when the name is among
    `twins` (`case_twins`), as `exactly` rewrites a call."""
    return f"@a[name={player_name(name)},limit=1]" if name in twins else player_name(name)


def exactly(commands: list[str], twins: Collection[str]) -> list[str]:
    """The commands with each player among `twins` aimed at by `@a[name=…]`, which compares names exactly.

    Vanilla finds a player written by name ignoring case (`PlayerList.getPlayerByName`: the first online in
    join order, 1.20.5-1.21.11; the entity, players and score holder arguments alike), so `give alex …`
    reaches `Alex` when Alex joined first; the `name` selector option compares with `equals`
    (`EntitySelectorOptions`). A player aimed at so must be online: one who is not is written to by
    nobody (their cash line waits for the next `sync`), never by the other one."""
    if not twins:
        return commands

    def aim(found: re.Match[str]) -> str:
        return f'player:"{aimed(found.group(1), twins)}"'
    out = []
    for command in commands:
        call = _CALL.fullmatch(command)
        if call is not None and call.group(1) not in _SHOWN:
            command = _ADDRESSED.sub(aim, command)
        tagged = _TAGGED.match(command)
        if tagged is not None and tagged.group(1) in twins:
            command = f"tag {aimed(tagged.group(1), twins)} " + command[tagged.end():]
        out.append(command)
    return out


def night_mark(night: str, db: str, host: str = "", pid: int = 0, *, token: str = "", file: str = "",
               origin: str = "", applied: int = 0, moves: int = 0, at: int = 0) -> str:
    """Mark the world as run by this controller: its night's id, database, host, PID (0 when it stopped
    cleanly) and lease token, and the database file's identity (and the one it was copied from) with how far
    it has applied (steps, moves, when), so a controller started on it with another database, a copy or an
    older file is refused (docs/night.md)."""
    def s(text: str, most: int) -> str:
        return snbt_string(text[-most:] if most == 200 else text[:most], modern=False)

    return (f"data modify storage monopoli:bridge night set value "
            f"{{id:{s(night, 64)},db:{s(db, 200)},host:{s(host, 64)},pid:{int(pid)},token:{s(token, 64)},"
            f"file:{s(file, 64)},from:{s(origin, 64)},applied:{_whole(applied)},moves:{_whole(moves)},"
            f"at:{_whole(at)}}}")


def applied(token: str, steps: int, moves: int, at: int) -> str:
    """How far the database has applied, into the world's mark: set only while the mark carries this controller's
    token (a controller taken over writes nothing into its successor's mark)."""
    if not _TOKEN.fullmatch(token):
        raise MonopoliError(f"not a lease token: {token[:70]!r}")
    return _call("bridge/applied", t=f'"{token}"', n=_whole(steps), m=_whole(moves), at=_whole(at))


def _whole(value: int) -> int:
    """A count as the mark's int holds it (a night never reaches the cap)."""
    return max(0, min(int(value), 2**31 - 1))


def beat() -> str:
    """The controller's heartbeat: the pack sets `$beat` to the game time (a set, never an add), and tells a
    player whose input finds it more than a few seconds old that the game is not answering."""
    return _call("bridge/beat")


def still() -> str:
    """The controller stops: the pack answers every input itself from now on, until it is heard again."""
    return _call("bridge/still")


def quiet(ticks: int) -> str:
    """After how many ticks without a read or a write the pack calls the controller silent (and, the tick
    after, marks the auction bars: `after`, a schedule's delay)."""
    return _call("bridge/quiet", ticks=int(ticks), after=int(ticks) + 1)


def ack(seq: int) -> str:
    """Drop inbox entries with seq up to `seq`."""
    return _call("ack", seq=int(seq))


def as_op(call: str) -> str | None:
    """A call of this module as an operation for `batch`: `{f:"ui/cash",player:"Alex",cash:1500}`.

    None for any other command (it cannot be batched, so it goes out on its own).
    """
    m = _CALL.fullmatch(call)
    if m is None:
        return None
    args = m.group(2)
    return f'{{f:"{m.group(1)}"' + (f",{args}}}" if args else "}")


def batch(ops: list[str], ack: int) -> str:
    """Run these operations in order, then drop inbox entries up to `ack` (0: none)."""
    return f"function monopoli:batch {{o:[{','.join(ops)}],a:{int(ack)}}}"


def card(player: str, deck: str, index: int) -> str:
    """Give a player the book of a card."""
    if deck not in DECKS:
        raise MonopoliError(f"not a deck: {deck!r}")
    return _call("ui/card", player=_name(player), deck=f'"{deck}"', card=int(index))


def take_card(player: str, deck: str, index: int) -> str:
    """Take a card's book back from a player."""
    return card(player, deck, index).replace("ui/card", "ui/take_card", 1)


def deed(player: str, space: int, *, game: int = 0) -> str:
    """Give a player the title deed book of a space, its [Trade it] stamped with the game that gives it
    (`/trigger offer set <game><space, two digits>`; 0: no stamp, the space alone)."""
    if int(game) < 0:
        raise MonopoliError(f"not a game number: {game!r}")
    return _call("ui/deed", player=_name(player), space=int(space), game=int(game))


def stamped(value: int) -> tuple[int, int]:
    """A `/trigger offer` value as (game, space): what a deed book's [Trade it] sends; game 0 when unstamped."""
    return divmod(value, DEED_STAMP) if value >= DEED_STAMP else (0, value)


def take_books(player: str) -> str:
    """Take back every card and deed book the pack gives, of any game."""
    return _call("ui/take_books", player=_name(player))


def leave(player: str) -> str:
    """A player of a table's last game, before the next starts: cash line, books, titles, walk tag, pawn
    colour and seat go (their map copy is `map_drop`'s, per board)."""
    return _call("ui/leave", player=_name(player))


def hud(board: str, player: str | None) -> str:
    """Whose turn it is on a board, for its players' action bar (None: the game is over)."""
    if player is None:
        return _call("ui/hud_over", board=_board(board))
    return _call("ui/hud", board=_board(board), player=_name(player))


def hud_table(number: int) -> str:
    """Write the number-th board's line on its players' action bars now (its words changed)."""
    return _call("ui/hud_table", table=int(number))


def hud_me(player: str, number: int) -> str:
    """Write a player's line of the number-th board on their action bar now (their cash changed)."""
    return _call("ui/hud_me", player=_name(player), table=int(number))


def take_deed(player: str, space: int) -> str:
    """Take a title deed book back from a player."""
    return _call("ui/take_deed", player=_name(player), space=int(space))


def bid_prompt(steps: int, *, others: bool, passes: bool) -> str:
    """The name of the bid prompt with the first `steps` raises, [Other] and [Pass] as asked."""
    return f"bid/{steps}" + ("_other" if others else "") + ("_pass" if passes else "")


def prompt(player: str, name: str, **amounts: int) -> str:
    """Chat buttons: roll, end, jail/<buttons> (fine=), trade, join, role[/side]; the triples hint."""
    if name not in PROMPTS:
        raise MonopoliError(f"not a prompt: {name!r}")
    return _call(f"ui/prompt/{name}", player=_name(player), **{k: int(v) for k, v in amounts.items()})


def prompt_buy(player: str, space: int, *, auction: bool = True, can_buy: bool = True) -> str:
    """Buy for $N (when the player can pay) and Auction buttons for the space the player is on (Decline
    where none is held)."""
    kind = ("buy" if auction else "decline") if can_buy else ("auction_only" if auction else "decline_only")
    return _call("ui/prompt/buy", player=_name(player), space=int(space), kind=f'"{kind}"')


def prompt_bid(player: str, high: int, bidder: str | None = None, *, steps: int = len(BID_STEPS),
               others: bool = True, passes: bool = True) -> str:
    """The high bid and who holds it, the first `steps` of the +10 / +50 / +100 raises over it, [Other] and
    [Pass] as asked (`BID_PROMPTS`)."""
    if (steps, others, passes) not in BID_PROMPTS:
        raise MonopoliError(f"no bid prompt with {steps} raises, other={others}, pass={passes}")
    by = snbt_string(f" by {player_name(bidder)}", modern=False) if bidder is not None else '""'
    return _call(f"ui/prompt/{bid_prompt(steps, others=others, passes=passes)}", player=_name(player),
                 high=int(high), by=by, **{f"p{step}": high + step for step in BID_STEPS})


def prompt_bus(player: str, first: int, second: int) -> str:
    """The Bus: three buttons, each with the number of spaces it moves."""
    return _call("ui/prompt/bus", player=_name(player), first=int(first), second=int(second),
                 sum=int(first) + int(second))


def prompt_offer_to(player: str, others: list[tuple[int, str]]) -> str:
    """'Trade with:' and a button per other player: (seat, name), at most 7."""
    if not 1 <= len(others) < MAX_PLAYERS:
        raise MonopoliError(f"1 to {MAX_PLAYERS - 1} other players, found {len(others)}")
    args: dict[str, str | int] = {}
    for k, (seat, name) in enumerate(others, start=1):
        args[f"n{k}"], args[f"v{k}"] = _name(name), int(seat) + 1
    return _call(f"ui/prompt/offer_to/{len(others)}", player=_name(player), **args)


def prompt_claim(player: str, space: int, rent: int) -> str:
    """A Claim $N button for rent due to an owner on a space."""
    return _call("ui/prompt/claim", player=_name(player), space=int(space), rent=int(rent))


def messages(kind: str, player: str, text: str, version: McVersion) -> list[str]:
    """The calls that show `text`, whatever it holds: never refused for how it is escaped.

    A chat line (`tell`) too long for one call is split into lines that each fit (at most
    `MAX_MESSAGE` characters, and one request once escaped: a character such as U+0085
    costs 7 bytes as a macro argument from 1.21.5); a title, subtitle or action bar is
    shortened to what fits, ending in an ellipsis.
    """
    pieces = fit(kind, player, text, version)
    return [message(kind, player, piece, version) for piece in pieces]


def fit(kind: str, player: str, text: str, version: McVersion) -> list[str]:
    """`text` cut into the pieces `messages` shows: all of it for chat, the start of it otherwise."""
    out: list[str] = []
    rest = text
    while True:
        n = _fitting(kind, player, rest, version, tail="")
        if n == len(rest):
            return out + [rest]
        if kind != "tell":  # one title: the start of it, and an ellipsis that says there was more
            return out + [rest[:_fitting(kind, player, rest, version, tail=_MORE)] + _MORE]
        out.append(rest[:n])
        rest = rest[n:]


_MORE = "…"


def _fitting(kind: str, player: str, text: str, version: McVersion, *, tail: str) -> int:
    """The most characters of `text` whose call (with `tail` after them) fits: escaping only grows
    with the length, so a binary search finds it."""
    def fits(n: int) -> bool:
        piece = text[:n] + tail
        return len(piece) <= MAX_MESSAGE and _size(kind, player, piece, version) <= MAX_REQUEST

    if fits(len(text)):
        return len(text)
    low, high = 0, min(len(text), MAX_MESSAGE)  # fits(low); not fits(high) or high is the cap
    while low < high:
        mid = (low + high + 1) // 2
        if fits(mid):
            low = mid
        else:
            high = mid - 1
    return max(low, 1) if not tail else low  # a chat piece holds a character at least, so it ends


def _size(kind: str, player: str, text: str, version: McVersion) -> int:
    return len(_message_call(kind, player, text, version).encode("utf-8"))


def _message_call(kind: str, player: str, text: str, version: McVersion) -> str:
    return _call(f"ui/{kind}", player=snbt_string(target(player), modern=False),
                 text=macro_text(text, modern=version.is_snbt_text))


def message(kind: str, player: str, text: str, version: McVersion) -> str:
    """A title, subtitle, action bar or chat line for a player or `@a` (`messages` for any text)."""
    if kind not in MESSAGES:
        raise MonopoliError(f"not a message kind: {kind!r}")
    if len(text) > MAX_MESSAGE:
        raise MonopoliError(f"message longer than {MAX_MESSAGE} characters: {text[:40]!r}...")
    call = _message_call(kind, player, text, version)
    if len(call.encode("utf-8")) > MAX_REQUEST:
        raise MonopoliError(f"message too long for one request once escaped: {text[:40]!r}...")
    return call


def enable(player: str) -> str:
    """Enable every trigger again for a player."""
    return _call("ui/enable", player=_name(player))


def cash(player: str, amount: int) -> str:
    """Set a player's cash on the sidebar."""
    return _call("ui/cash", player=_name(player), cash=int(amount))


def jar(board: str, amount: int | None, *, named: bool = False) -> str:
    """Set a board's Free Parking jar on the sidebar (`named`: with the board's name, when there
    are several); None takes the line away (rules without a jar)."""
    if amount is None:
        return _call("ui/no_jar", board=_board(board))
    label = f"Free Parking jar ({board})" if named else "Free Parking jar"
    return _call("ui/jar", board=_board(board), cash=int(amount), label=f'"{label}"')


def banner(board: str, space: int, color: str, owner: str) -> str:
    """Put the owner's banner (gray when mortgaged) on a property."""
    if not color.replace("_", "").isalpha():
        raise MonopoliError(f"not a banner colour: {color!r}")
    return _call("ui/banner", board=_board(board), space=int(space), color=f'"{color}"',
                 owner=_name(owner))


def pawn(player: str, color: str) -> str:
    """Colour a player, the pawn: their name takes the colour of the team of that banner colour."""
    if color not in PAWN_COLORS:
        raise MonopoliError(f"not a banner colour: {color!r}")
    return _call("ui/pawn", player=_name(player), color=f'"{color}"')


def unpawn(player: str) -> str:
    """Take a player's pawn colour away (bankrupt, or out of the game)."""
    return _call("ui/unpawn", player=_name(player))


def unbanner(board: str, space: int) -> str:
    """Remove the banner of an unowned property."""
    return _call("ui/unbanner", board=_board(board), space=int(space))


def houses(board: str, space: int, count: int, *, apartment: bool = False) -> str:
    """Show 0-4 houses, or the top building (5): a hotel, or Anti-Monopoly's apartment."""
    if not 0 <= count <= 5:
        raise MonopoliError(f"houses must be 0-5 (5 is a hotel or an apartment), found {count}")
    shown: str | int = '"apartment"' if apartment and count == 5 else int(count)
    return _call("ui/houses", board=_board(board), space=int(space), count=shown)


def teleport(player: str, board: str, space: int) -> str:
    """Move a player onto a space (teleport mode)."""
    return _call("ui/tp", player=_name(player), board=_board(board), space=int(space))


def sit(player: str, number: int) -> str:
    """Seat a player at the board-th board: its table messages reach them."""
    return _call("ui/sit", player=_name(player), table=int(number))


def seat(player: str, number: int, amount: int) -> str:
    """Seat a player at the board-th board with their cash, in one call (their line never mixes two tables)."""
    return _call("ui/seat", player=_name(player), table=int(number), cash=int(amount))


def unsit(player: str) -> str:
    """A player seated at no board: no table's messages reach them."""
    return _call("ui/unsit", player=_name(player))


def unsit_all(number: int) -> str:
    """Nobody online is seated at the board-th board any more (before its new game seats its players)."""
    return _call("ui/unsit_all", table=int(number))


def walk(player: str) -> str:
    """Wait for a player to walk to a space: the pack reports their position beside the inbox."""
    return _call("ui/walk", player=_name(player))


def walked(player: str) -> str:
    """Stop reporting a player's position (they reached their space, or were teleported there)."""
    return _call("ui/walked", player=_name(player))


def jail(player: str, board: str) -> str:
    """Put a player in the jail cell."""
    return _call("ui/jail", player=_name(player), board=_board(board))


def map_deed(board: str, space: int, color: str) -> str:
    """A deed's banner on the board's map: the owner's colour, gray, or the for-sale colour."""
    if not color.replace("_", "").isalpha():
        raise MonopoliError(f"not a banner colour: {color!r}")
    return _call("ui/map/deed", board=_board(board), space=int(space), color=f'"{color}"')


def map_show(board: str) -> str:
    """Put the board's map decorations on the framed map and on every copy players carry."""
    return _call("ui/map/show", board=_board(board))


def map_hold(board: str, player: str) -> str:
    """A player holds a copy of the board's map (given when they have none) kept up to date."""
    return _call("ui/map/hold", board=_board(board), player=_name(player))


def map_drop(board: str, player: str) -> str:
    """Take the board's map away from a player (bankrupt: out of the game)."""
    return _call("ui/map/drop", board=_board(board), player=_name(player))
