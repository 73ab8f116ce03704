"""`monopoli run`: the controller against a real server, until Ctrl-C or SIGTERM."""

from __future__ import annotations

import sys
import threading
import time
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable

import click

from monopoli_mc.bridge.ticking import is_ticking, not_ticking
from monopoli_mc.cli import restart
from monopoli_mc.cli.options import (OperatorNumber, db_option, db_path_for, file_path, measure, password_option,
                                     web_option, world_option)
from monopoli_mc.cli.sandbox import stop_on_signals
from monopoli_mc.controller.clocks import timelimit
from monopoli_mc.controller.clocks.status import status_line
from monopoli_mc.controller.db.lease import clock
from monopoli_mc.controller.loop import Controller, Settings
from monopoli_mc.controller.session import controlling
from monopoli_mc.controller.db.store import Store
from monopoli_mc.datapack.world_config import BoardPlace, WorldConfig, load_world
from monopoli_mc.errors import MonopoliError, RconAuthError, RconError
from monopoli_mc.operator_input import Whole
from monopoli_mc.rcon.client import RconClient
from monopoli_mc.rcon.password import read_password

if TYPE_CHECKING:
    from monopoli_mc.view.live import LivePage

SEED = Whole("--seed", 0, 2**63 - 1)
START_AT = Whole("--start-at", 2, 8)  # players: the rules' 2 to 8
WAIT_LINE_EVERY = 5.0  # seconds between "waiting for the server" lines
CONNECT_WAIT = 3.0  # seconds a try to connect and log in waits (a port that never answers is said within seconds)


def open_page(web: tuple[str, int] | None) -> LivePage | None:
    """The live board page on --web's address (bound now, so a busy port stops us before the games)."""
    if web is None:
        return None
    from monopoli_mc.view.live import LivePage

    page = LivePage(*web)
    click.echo(f"monopoli: live board page at {page.url}")
    return page


@click.command("run")
@world_option
@db_option
@password_option
@click.option("--rules", "rules_name", default="prom", show_default=True, metavar="NAME|FILE",
              help="Rule set for new games.")
@click.option("--seed", type=OperatorNumber(SEED), default=None, help="Seed of new games (default: from the clock).")
@click.option("--start-at", type=OperatorNumber(START_AT), default=None,
              help="Start a board's game by itself once this many players have joined.")
@click.option("--auction-quiet", type=measure(0.01, 3600, "seconds"), default=8.0, show_default=True,
              help="Seconds without a new bid before an auction closes, once someone has bid.")
@click.option("--auction-first", type=measure(0.01, 3600, "seconds"), default=20.0, show_default=True,
              help="Seconds an auction waits for its first bid (time to read the chat and find the buttons); "
                   "never less than --auction-quiet. Every other bidder's [Pass] closes it at once.")
@click.option("--walk-wait", type=measure(0, 3600, "seconds"), default=20.0, show_default=True,
              help="Walk mode: seconds before a player who has not walked is teleported.")
@click.option("--poll", "poll_interval", type=measure(0.001, 60, "seconds"), default=Settings.poll_interval,
              show_default=True, help="Seconds between inbox reads when nothing happens (0.05: a tick).")
@click.option("--record", type=file_path(), default=None,
              help="Write every RCON request and reply to this file as JSON lines.")
@click.option("--time-limit", default=None, metavar="LIMIT", type=OperatorNumber(timelimit.TIME_LIMIT),
              help="How long each game lasts: 90m, 90 (minutes), 1h30m, 45s, or off. Overrides the rule "
                   "set's time_limit_minutes (without it, the rule set's limit applies); a later run given it "
                   "sets the games still running too. The players see the time left in a boss bar, are "
                   "warned at 10 minutes and at 1 minute, and at the end the richest by net worth wins.")
@click.option("--end-overdue", is_flag=True,
              help="When --time-limit has already passed for a game still running, end that game at the "
                   "first poll without asking (for scripts; on a terminal, run asks).")
@web_option
@click.option("--take-over", is_flag=True,
              help="Take the world from another controller that still runs it, whatever database it runs on "
                   "(it stops at its next poll).")
@click.option("--go-back", is_flag=True,
              help="Run on this --db although it is a copy of the database the world runs on, or behind what the "
                   "world has applied (a backup): what it lacks is lost, and said. Without it such a run is refused.")
@click.option("--new-night", is_flag=True,
              help="Begin a new night in this world with this --db although the world's night, in another "
                   "database, has a game unfinished (that game stays there). Without it such a run is refused.")
def run(world_path: Path | None, db_path: Path | None, password_file: Path | None, rules_name: str,
        seed: int | None, start_at: int | None, auction_quiet: float, auction_first: float, walk_wait: float,
        poll_interval: float, record: Path | None, time_limit: float | None, end_overdue: bool,
        web: tuple[str, int] | None, take_over: bool, go_back: bool, new_night: bool) -> None:
    """Run the games of every board in the world config against the server.

    Players join with /trigger join; start a board's game with
    `monopoli admin start` (or --start-at). Safe to stop and start again at any
    time: the games continue from the database and the world is rewritten. One
    controller per database, one database per night: a `run` whose world's night
    is in another database with a game unfinished is refused (--new-night). A
    server that is not up yet is waited for, saying what to check.

    \b
    Examples:
      MONOPOLI_RCON_PASSWORD=... monopoli run --db prom-night.db --rules prom
      MONOPOLI_RCON_PASSWORD=... monopoli run --db prom-night.db --web 127.0.0.1:8080
      MONOPOLI_RCON_PASSWORD=... monopoli run --db prom-night.db --time-limit 90m
    """
    world_path = restart.world_for_run(world_path)  # the folder's own, or refused
    world = load_world(world_path)
    db_path = db_path_for(db_path, world_path)
    settings = Settings(rules=rules_name, auction_quiet=auction_quiet, auction_first=auction_first, walk_wait=walk_wait,
                        poll_interval=poll_interval, start_at=start_at, seed=seed, take_over=take_over,
                        time_limit=time_limit, new_night=new_night, go_back=go_back)
    stop = threading.Event()
    client = RconClient(world.rcon_host, world.rcon_port, read_password(file=password_file), timeout=10)
    created = not db_path.exists()
    with controlling(client, world, db_path, settings, record=record, on_line=click.echo) as ctl:
        _check_overdue(ctl.store, world.boards, time_limit, end_overdue=end_overdue)
        page = open_page(web)
        try:
            with stop_on_signals(stop):
                ctl.check_rules()
                ctl.claim()
                click.echo(f"monopoli: controlling {', '.join(ctl.tables)} on {world.rcon_host}:"
                           f"{world.rcon_port} ({db_path}{', a new database' if created else ''}), "
                           f"{ctl.rules.name} rules for new games"
                           f"{_limit_words(ctl.settings.time_limit, ctl.rules.time_limit_minutes)}")
                click.echo(f"monopoli: world config {Path(world.source).resolve()}")
                warned = restart.limit_warning(ctl.store, time_limit, ctl.rules.time_limit_minutes)
                if warned:
                    click.echo(f"monopoli: {warned}")
                ctl.load()
                if page is not None:
                    page.attach(ctl)
                assert ctl.lease is not None
                if _connect(client, stop.is_set, ctl.lease.beat, world.source):
                    _first_look(ctl)  # the world's night checked first: a refused run says nothing of boards
                    if is_ticking(ctl.rcon.command) is False:  # paused: nothing the players do would arrive
                        click.echo(f"monopoli: warning: {not_ticking()}")
                    _check_boards(ctl.rcon, world, world_path, password_file, rules_name)
                    ctl.on_new_world = lambda: _check_boards(ctl.rcon, world, world_path, password_file, rules_name)
                    ctl.run(stop.is_set)
        finally:
            if page is not None:
                page.close(f"monopoli run stopped at {time.strftime('%H:%M:%S')}")
    click.echo("monopoli: stopped")


def _first_look(ctl: Controller) -> None:
    """Read the world (its night, which may refuse this run), then say how each board stands."""
    try:
        ctl.connected()
    except RconError:
        pass  # the server went away again: the controller's poll reconnects and looks then
    several = len(ctl.tables) > 1
    for table in ctl.tables.values():
        click.echo(f"  {status_line(table, ctl.store.lobby(table.name), ctl.rules.min_players, several=several)}")


def _check_overdue(store: Store, boards: Sequence[BoardPlace], wanted: float | None, *, end_overdue: bool) -> None:
    """A --time-limit that has already passed for a game still running ends it only when the operator says so:
    asked on a terminal, --end-overdue for scripts; else refused, saying what to do (nothing changed)."""
    late = timelimit.overdue(store, [place.name for place in boards], wanted, time.time())
    if not late or end_overdue:
        return
    what = "; ".join(late)
    if sys.stdin.isatty() and sys.stdout.isatty():
        click.echo(f"monopoli: {what}: --time-limit {timelimit.words(wanted)} would end it at once")
        if click.confirm("End it now, the richest by net worth winning?", default=False):
            return
        raise MonopoliError("not started, nothing changed: start again with a longer --time-limit (or without "
                            "it: each game keeps its own limit)")
    raise MonopoliError(f"{what}: --time-limit {timelimit.words(wanted)} would end it at once; not started, nothing "
                        "changed: start again with a longer --time-limit (or without it: each game keeps its own "
                        "limit), or add --end-overdue to end it now")


def _check_boards(rcon: Any, world: WorldConfig, world_path: Path | None, password_file: Path | None,
                  rules: str) -> None:
    """Say at the start which boards are not built in this world (doctor's check), with the command to run."""
    from monopoli_mc.cli.doctor import Advice, board_checks  # doctor's own check, read when run starts

    try:
        checks = board_checks(rcon, world, Advice(world_path, password_file, rules))
    except RconError:
        return  # the server went away: the controller's poll says so and reconnects
    for ok, what in checks:
        if not ok:
            click.echo(f"monopoli: warning: {what}; the controller runs meanwhile")


def _limit_words(flag: float | None, rule_minutes: int | None) -> str:
    """", time limit 90 min (--time-limit)" for the start line; "" without a limit."""
    if flag is not None:
        return f", time limit {timelimit.words(flag)} (--time-limit)" if flag else ", no time limit (--time-limit off)"
    return f", time limit {rule_minutes} min (the rule set's)" if rule_minutes else ""


def _connect(client: RconClient, stop: Callable[[], bool], beat: Callable[[str], None], config: str) -> bool:
    """Connect, waiting for a server that is not up yet: what to check said at the first failure (each try
    gives up after CONNECT_WAIT seconds, so that is within seconds), then a line every few seconds; False if
    stopped."""
    since, said, hinted = time.time(), 0.0, False
    timeout, client.timeout = client.timeout, min(client.timeout, CONNECT_WAIT)
    try:
        while not stop():
            try:
                client.connect()
            except RconAuthError:
                raise
            except RconError as exc:
                beat(f"waiting for the server at {client.where} since {clock(since)}")
                if not hinted:
                    hinted = True
                    said = time.monotonic()
                    click.echo(f"monopoli: cannot reach the server's RCON at {client.where} ({exc}); check that the "
                               f"server is up, that rcon.host and rcon.port in {config} are its host and the "
                               "rcon.port of its server.properties, that enable-rcon=true is set there, and that "
                               "no firewall blocks the port; trying again every second")
                elif time.monotonic() - said >= WAIT_LINE_EVERY:
                    said = time.monotonic()
                    click.echo(f"monopoli: waiting for the server at {client.where} ({exc}); "
                               f"{time.time() - since:.0f}s so far, trying every second")
                end = time.monotonic() + 1.0
                while not stop() and time.monotonic() < end:
                    time.sleep(0.05)
                continue
            if time.time() - since >= 1.0:
                click.echo(f"monopoli: connected to {client.where} after {time.time() - since:.0f}s")
            return True
        return False
    finally:
        client.timeout = timeout
