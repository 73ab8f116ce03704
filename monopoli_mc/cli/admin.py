"""`monopoli admin ...`: operator requests into the database; the running controller answers them."""

from __future__ import annotations

from pathlib import Path
from typing import Any, Callable

import click

from monopoli_mc.cli.options import OperatorNumber, db_option, db_path_for, file_path
from monopoli_mc.controller.decide.requests import ask
from monopoli_mc.controller.db.store import Store
from monopoli_mc.errors import MonopoliError
from monopoli_mc.operator_input import AMOUNT, SCORE_MAX, SPACE, NotAccepted, Whole

WAIT = Whole("--wait", 1, 3600, "seconds")
CASH = Whole("--give-cash", 0, SCORE_MAX, "dollars")
CARDS = Whole("--give-cards", 0, SCORE_MAX)


def _ask(db_path: Path | None, kind: str, args: dict[str, Any], board: str | None, wait: int, *,
         after: Callable[[Store], None] | None = None) -> None:
    """Ask the controller; print its answer; `after` runs on the database when it was done (exit 0)."""
    db_path = db_path_for(db_path, click.get_current_context().meta.get("monopoli.world"))
    if not db_path.exists():
        raise MonopoliError(f"no game database at {str(db_path)!r}: give the --db of monopoli run")
    store = Store(db_path, create=False)
    try:
        outcome = ask(store, kind, args, board, wait)
        click.echo(outcome.line)
        if outcome.code == 0 and after is not None:
            after(store)
    finally:
        store.close()
    if outcome.code:
        raise SystemExit(outcome.code)


def _common(f: Any) -> Any:
    f = click.option("--board", default=None, help="The board (default: the player's, or the only one).")(f)
    f = click.option("--wait", default=10, show_default=True, type=OperatorNumber(WAIT),
                     help="Seconds (1-3600) to wait for the controller's answer; then the request is withdrawn.")(f)
    f = click.option("--world", type=file_path(), default=None, expose_value=False,
                     callback=lambda ctx, _, value: ctx.meta.__setitem__("monopoli.world", value),
                     help="World config, to name the database when --db is not given.")(f)
    return db_option(f)


@click.group("admin")
def admin() -> None:
    """Operator requests: the running controller applies them through the rules.

    Each prints one line and exits 0 (done), 1 (refused) or 3 (not answered:
    the request was withdrawn and nothing was changed, so asking again is safe).

    \b
    Example:
      monopoli admin pay Alex 100 --db prom-night.db
    """


def _simple(name: str, doc: str) -> None:
    @admin.command(name, help=doc + f"\n\n\b\nExample:\n  monopoli admin {name} --db prom-night.db")
    @_common
    def command(db_path: Path, board: str | None, wait: int) -> None:
        _ask(db_path, name, {}, board, wait)


for _name, _doc in (("status", "Each board: round, phase, whose decision, the jar."),
                    ("pause", "Pause the game: player inputs are answered 'paused'."),
                    ("resume", "Resume a paused game."),
                    ("end", "End the board's game now: the richest by net worth wins, announced in the world's "
                            "chat and on every player's screen."),
                    ("undo", "Revert the last action someone chose, with the controller's own moves after it "
                             "(a debt paid, an auction closed), say what it was and sync the world."),
                    ("sync", "Rewrite the whole picture: cash, banners, buildings, books, prompts.")):
    _simple(_name, _doc)


@admin.command("start")
@click.option("--all", "every", is_flag=True,
              help="Start every board that has no game running and enough players seated; say which did not "
                   "start and why.")
@_common
def start(every: bool, db_path: Path, board: str | None, wait: int) -> None:
    """Start the board's game with the players seated (--board NAME when there are several).

    \b
    Examples:
      monopoli admin start --board main --db prom-night.db
      monopoli admin start --all --db prom-night.db
    """
    if every and board is not None:
        raise click.UsageError("--all starts every board: give --all or --board, not both")
    _ask(db_path, "start", {"all": True} if every else {}, board, wait)


@admin.command("seat")
@click.argument("player")
@click.option("--offline", is_flag=True,
              help="Seat PLAYER even though the server has never seen them (check the spelling first).")
@_common
def seat(player: str, offline: bool, db_path: Path, board: str | None, wait: int) -> None:
    """Seat PLAYER at the board's next game (queued for it while a game runs there).

    Only a player the server has seen (online now or since the controller first
    ran on this database) is taken, so a misspelt name is refused; --offline
    seats them anyway, with a warning.

    \b
    Examples:
      monopoli admin seat Alex --board main
      monopoli admin seat Robin --offline
    """
    _ask(db_path, "seat", {"player": player, **({"offline": True} if offline else {})}, board, wait)


@admin.command("unseat")
@click.argument("player")
@_common
def unseat(player: str, db_path: Path, board: str | None, wait: int) -> None:
    """Take PLAYER out of the seats before the board's game starts.

    Once the game has started, use `monopoli admin kick` (everything goes to
    the bank) or `monopoli admin end`.

    \b
    Example:
      monopoli admin unseat Alxe
    """
    _ask(db_path, "unseat", {"player": player}, board, wait)


@admin.command("kick")
@click.argument("player")
@_common
def kick(player: str, db_path: Path, board: str | None, wait: int) -> None:
    """PLAYER leaves the game: everything goes to the bank.

    \b
    Example:
      monopoli admin kick Alex
    """
    _ask(db_path, "kick", {"player": player}, board, wait)


@admin.command("bankrupt")
@click.argument("player")
@_common
def bankrupt(player: str, db_path: Path, board: str | None, wait: int) -> None:
    """Declare PLAYER, who owes and does not pay, bankrupt: everything goes to whom they owe.

    For a debt left waiting (`monopoli admin status` shows how long): what a
    bankruptcy hands over, to the player owed, or to the bank, which auctions
    the deeds. Refused when PLAYER owes nothing.

    \b
    Example:
      monopoli admin bankrupt Robin
    """
    _ask(db_path, "bankrupt", {"player": player}, board, wait)


_OTHER = {"pay": "fine", "fine": "pay"}


def typed_number(command: str, key: str, player: str, text: str) -> int:
    """AMOUNT or SPACE as typed; NotAccepted (one line, exit 1) when it is not one, before anything is asked."""
    whole = AMOUNT if key == "amount" else SPACE
    try:
        return whole.read(text)
    except NotAccepted as exc:
        hint = ""
        if key == "amount" and text[:1] == "-" and text[1:].isascii() and text[1:].isdigit() and text.strip("-0"):
            verb = "take money from" if command == "pay" else "give money to"
            hint = f" (to {verb} {player}: monopoli admin {_OTHER[command]} {player} {text[1:].lstrip('0')})"
        raise NotAccepted(f"{command}: {exc}{hint}") from None


def _player_number(name: str, key: str, doc: str) -> None:
    # ignore_unknown_options: `pay Kai -5` reaches typed_number, which says what is wrong with -5, instead
    # of click's "No such option '-5'" (exit 2)
    @admin.command(name, help=doc + f"\n\n\b\nExample:\n  monopoli admin {name} Alex "
                   f"{'100' if key == 'amount' else '39'}", context_settings={"ignore_unknown_options": True})
    @click.argument("player")
    @click.argument(key)
    @_common
    def command(player: str, db_path: Path, board: str | None, wait: int, **number: str) -> None:
        _ask(db_path, name, {"player": player, key: typed_number(name, key, player, number[key])}, board, wait)


_player_number("pay", "amount", "The bank pays PLAYER an AMOUNT.")
_player_number("fine", "amount", "PLAYER pays a fine of AMOUNT (to the jar where the rules say so).")
_player_number("move", "space", "Move PLAYER to SPACE (0-39) without resolving it.")
_player_number("give-deed", "space", "Give PLAYER the deed of SPACE.")


@admin.command("trade")
@click.argument("giver")
@click.argument("receiver")
@click.option("--give", multiple=True, type=OperatorNumber(SPACE), help="A space GIVER hands over (repeatable).")
@click.option("--get", multiple=True, type=OperatorNumber(SPACE), help="A space RECEIVER hands over (repeatable).")
@click.option("--give-cash", type=OperatorNumber(CASH), default=0, help="Dollars GIVER pays.")
@click.option("--get-cash", type=OperatorNumber(CASH), default=0, help="Dollars RECEIVER pays.")
@click.option("--give-cards", type=OperatorNumber(CARDS), default=0, help="Get Out of Jail Free cards GIVER hands over.")
@click.option("--get-cards", type=OperatorNumber(CARDS), default=0, help="Get Out of Jail Free cards RECEIVER hands over.")
@_common
def trade(giver: str, receiver: str, give: tuple[int, ...], get: tuple[int, ...], give_cash: int,
          get_cash: int, give_cards: int, get_cards: int, db_path: Path, board: str | None, wait: int) -> None:
    """Record a trade GIVER offers RECEIVER; RECEIVER accepts with /trigger accept.

    \b
    Example:
      monopoli admin trade Alex Sam --give 39 --get-cash 500
    """
    _ask(db_path, "trade", {"from": giver, "to": receiver, "give": list(give), "get": list(get),
                            "give_cash": give_cash, "get_cash": get_cash, "give_cards": give_cards,
                            "get_cards": get_cards}, board, wait)


FINALISTS = Whole("--players", 2, 8)


@admin.command("final")
@click.option("--players", type=OperatorNumber(FINALISTS), default=None,
              help="How many of the standings' top players sit down (2-8, within the board's seats; default: "
                   "the world config's night.final_players, 4).")
@_common
def final(players: int | None, db_path: Path, board: str | None, wait: int) -> None:
    """Seat the night's top players at --board and start the championship game.

    Refused while that board's game runs, or while a top player is in a running
    game elsewhere (named). Its result decides the crown.

    \b
    Example:
      monopoli admin final --board main --db prom-night.db
    """
    if board is None:
        raise MonopoliError("name the final's board: monopoli admin final --board NAME")
    _ask(db_path, "final", {} if players is None else {"players": players}, board, wait)


@admin.command("crown")
@click.option("--now", is_flag=True, help="Crown even though games still run (named in the answer).")
@_common
def crown(now: bool, db_path: Path, board: str | None, wait: int) -> None:
    """End the night: the champion's name as a title to everyone, the podium in chat,
    fireworks over every board; then the keepsake folder is written and its path printed.

    Refused while a game runs, naming the running games, unless --now. Crowning
    again does no harm, and says when an undo made the last crowning stale.

    \b
    Example:
      monopoli admin crown --db prom-night.db
    """
    if board is not None:
        raise MonopoliError("the crowning is for every board of the night: leave --board out")
    path = db_path_for(db_path, click.get_current_context().meta.get("monopoli.world"))
    _ask(path, "crown", {"now": True} if now else {}, None, wait, after=_keepsake)


def _keepsake(store: Store) -> None:
    """After a crowning: the keepsake folder beside the database, written from it; its path printed."""
    from monopoli_mc.controller.db.night import Night, crowned  # only when the crowning was done
    from monopoli_mc.datapack.world_config import load_world
    from monopoli_mc.view.keepsake import keepsake_folder, write_keepsake

    world = load_world(click.get_current_context().meta.get("monopoli.world"))
    night = Night.read(store, world.night)
    folder = keepsake_folder(Path(store.path))
    write_keepsake(store, world, night, folder, crowned(store))
    click.echo(f"keepsake written to {folder}")
