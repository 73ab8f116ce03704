"""`monopoli doctor`: check a server before the event and say what to fix."""

from __future__ import annotations

import shlex
import time
from dataclasses import dataclass
from pathlib import Path

import click

from monopoli_mc.cli.board import _checks
from monopoli_mc.bridge.inbox import ABOUT_QUERY, parse_about
from monopoli_mc.bridge.server_kind import CHECKING, ServerKind, parse_version_reply
from monopoli_mc.bridge.ticking import is_ticking, not_ticking
from monopoli_mc.cli.deep import deep_checks, mirror_world
from monopoli_mc.cli.options import file_path, number, password_option, world_option
from monopoli_mc.cli.running import running_controller, stop_it_first
from monopoli_mc.cli.safety import safety_checks
from monopoli_mc.cli.spawn import SPAWN_PROTECTION, spawn_checks
from monopoli_mc.cli.twin import Asks, Twin
from monopoli_mc.controller.db import lease
from monopoli_mc.datapack.about import ABOUT_CALL, Built, differences
from monopoli_mc.datapack.build import build_pack
from monopoli_mc.datapack.channel import SEQ
from monopoli_mc.datapack.layout import Layout
from monopoli_mc.datapack.world_config import WorldConfig, load_world
from monopoli_mc.errors import MonopoliError, RconError
from monopoli_mc.operator_input import SCORE_MAX
from monopoli_mc.rcon.client import RconClient
from monopoli_mc.rcon.password import read_password
from monopoli_mc.rules.board import Board, board_path, load_board
from monopoli_mc.rules.settings import load_rules

UNKNOWN = "Unknown or incomplete command"
INSTALL = "copy DIR/monopoli.zip into the world's datapacks/ folder and /reload"


@dataclass(frozen=True)
class Advice:
    """The commands doctor prints, with the options doctor was given, so each runs as printed.

    A password file is carried; a password from the environment stays there (it is never printed).
    """

    world_path: Path | None = None
    password_file: Path | None = None
    rules: str = "prom"

    @property
    def config(self) -> str:
        """The world config as the organiser named it."""
        return str(self.world_path) if self.world_path is not None else "configs/world.yaml"

    def rebuild(self) -> str:
        """The build command for this world and rule set, into a folder of the user's own.

        DIR, not datapacks/: that copy is the default config's pack, committed in the checkout.
        """
        return f"monopoli datapack build{_option('--world', self.world_path)} --rules {shlex.quote(self.rules)} --out DIR"

    def install(self) -> str:
        """Build the pack for this config and install it."""
        return f"run `{self.rebuild()}`, then {INSTALL}"

    def board_build(self, name: str) -> str:
        """The command that places a board, reaching the same server as doctor."""
        return (f"monopoli board build{_option('--world', self.world_path)} --board {name}"
                f"{_option('--password-file', self.password_file)}")


def _option(name: str, value: Path | None) -> str:
    return f" {name} {shlex.quote(str(value))}" if value is not None else ""


def diagnose(rcon: Asks, world: WorldConfig, board: Board | None = None, *, advice: Advice = Advice(),
             kind: ServerKind | None = None, spawn_protection: int | None = None) -> list[tuple[bool, str]]:
    """(ok, what) for each check that can be made over RCON; `advice` names the commands a FIX gives."""
    out: list[tuple[bool, str]] = [(True, f"RCON reachable at {world.rcon_host}:{world.rcon_port}, password accepted")]
    out += _server_checks(rcon, world, kind or server_kind(rcon), advice)
    # A paused server (1.21.2+, empty) loads no pack: said first. Asked of the server alone: the
    # twin's sandbox has its own clock, and the number of asks depends on timing.
    ticking = is_ticking(rcon.server.command if isinstance(rcon, Twin) else rcon.command)
    if ticking is not None:
        out.append((ticking, "the server ticks (its game time advances)" if ticking else not_ticking()))
    snake = world.version.has_snake_case_gamerules
    rule = "send_command_feedback" if snake else "sendCommandFeedback"
    reply = rcon.command(f"gamerule {rule}")
    if reply.startswith(UNKNOWN) or "Incorrect argument" in reply:
        out.append((False, f"the server does not know the game rule {rule!r}: it is not Minecraft "
                           f"{world.version.name} as {advice.config} says (minecraft.version); set the server's "
                           f"version there and {advice.install()}"))
    else:
        out.append((True, f"game rules named as on Minecraft {world.version.name}"))
        out.append(("false" in reply, f"{rule} is false (the pack sets it on load)" if "false" in reply
                    else f"{rule} is not false: /reload, or run /gamerule {rule} false"))
        # the server's own state (the twin's sandbox loads the pack, which sets both): asked of the server alone
        out += safety_checks(rcon.server_only if isinstance(rcon, Twin) else rcon.command, world)
    objectives = rcon.command("scoreboard objectives list")
    loaded = f"[{SEQ}]" in objectives and "[d6]" in objectives
    default = advice.world_path is None and advice.rules == "prom"
    out.append((loaded, "the monopoli datapack is loaded" if loaded else
                "the monopoli datapack is not loaded: " + (
                    "copy datapacks/monopoli.zip into the world's datapacks/ folder and /reload" if default
                    else advice.install())))
    if loaded:
        reply = rcon.command("function monopoli:ack {seq:0}")
        fresh = not reply.startswith(UNKNOWN) and "Unknown function" not in reply
        out.append((fresh, "the pack answers the controller's calls" if fresh else
                    f"the pack is an old build: {advice.install()}"))
        if fresh and board is not None:
            out.append(_built_for(rcon, world, board, advice))
            out.append(_has_decks(rcon, board, advice))
    # The server's own spawn (the twin's sandbox has its own): asked of the server alone.
    ask = rcon.server_only if isinstance(rcon, Twin) else rcon.command
    return out + board_checks(rcon, world, advice) + spawn_checks(ask, world, spawn_protection, advice.config)


def board_checks(rcon: Asks, world: WorldConfig, advice: Advice) -> list[tuple[bool, str]]:
    """(ok, what) for each board of the world config: built (its blocks checked), or the command that builds it
    (also what `monopoli run` says at its start)."""
    out: list[tuple[bool, str]] = []
    for place in world.boards:
        layout = Layout(place)
        missing = [f"{block} at {x} {y} {z}" for (x, y, z), block in _checks(layout)
                   if "Test passed" not in rcon.command(f"execute if block {x} {y} {z} {block}")]
        out.append((not missing, f"board {place.name!r} is built at {place.origin}" if not missing else
                    f"board {place.name!r} is not built (no {missing[0]}): run `{advice.board_build(place.name)}`"))
    return out


def _built_for(rcon: Asks, world: WorldConfig, board: Board, advice: Advice) -> tuple[bool, str]:
    """Whether the pack's own record of what it was built for is this world config and rule set."""
    # Asked of the server alone under --deep: the sandbox runs the pack built for this config, so
    # a difference here is the installed pack's, not the sandbox's.
    ask = rcon.server_only if isinstance(rcon, Twin) else rcon.command
    reply = ask(ABOUT_CALL)
    built = None if "Unknown function" in reply or reply.startswith(UNKNOWN) else parse_about(ask(ABOUT_QUERY))
    if built is None:
        return False, f"the pack does not say what it was built for (an older build): {advice.install()}"
    wanted = Built.of(world, board)
    wrong = differences(built, wanted, advice.config, advice.rules)
    if not wrong:
        return True, f"the pack was built for this world config ({wanted.words()})"
    return False, f"the pack installed was built for another world config: {'; '.join(wrong)}; {advice.install()}"


def server_kind(rcon: Asks, *, tries: int = 6, wait: float = 0.5) -> ServerKind:
    """Ask `version`; Bukkit's first answer may be "Checking version, please wait...": ask again."""
    reply = rcon.command("version")
    for _ in range(tries):
        if CHECKING not in reply or "This server is running" in reply:
            break
        time.sleep(wait)
        reply = rcon.command("version")
    return parse_version_reply(reply)


def _server_checks(rcon: Asks, world: WorldConfig, kind: ServerKind, advice: Advice) -> list[tuple[bool, str]]:
    """The server's kind and version; on Paper or Spigot, whether the /d6 aliases are there."""
    out: list[tuple[bool, str]] = []
    wanted = world.version.name
    if kind.minecraft is not None and kind.minecraft != wanted:
        out.append((False, f"the server is {kind.describe()}, but {advice.config} says Minecraft {wanted}: set "
                           f"minecraft.version: \"{kind.minecraft}\" there, then {advice.install()}"))
    else:
        out.append((True, f"the server is {kind.describe()}"))
    if kind.is_bukkit:
        reply = rcon.command("d6")  # the alias runs `trigger d6` as the console, which refuses it
        missing = "Unknown command" in reply or reply.startswith(UNKNOWN)
        out.append((not missing, f"the /d6, /bid 50 ... aliases are installed on {kind.brand}" if not missing else
                    f"the /d6, /bid 50 ... aliases are not installed: put the aliases of DIR/commands.yml "
                    f"(`{advice.rebuild()}` writes it) into commands.yml beside server.properties, "
                    f"then restart {kind.brand}"))
    return out


def reminders(kind: ServerKind) -> list[str]:
    """What RCON cannot read, for the organiser to check by hand."""
    out = list(REMINDERS)
    if kind.is_bukkit:
        out.append(f"on {kind.brand}, /reload also reloads plugins: reload the pack with /minecraft:reload")
    return out


def _has_decks(rcon: Asks, board: Board, advice: Advice) -> tuple[bool, str]:
    """Whether the pack holds the card books of the rule set's decks (built for its board)."""
    missing = [deck for deck in board.decks
               if "Unknown function" in rcon.command(f"function monopoli:card/{deck}/0")]
    if not missing:
        return True, f"the pack has the cards of board {board.name!r} ({', '.join(board.decks)})"
    return False, (f"the pack has no {missing[0]} cards: it was built for another board than "
                   f"{board.name!r}; {advice.install()}")


REMINDERS = ("server.properties: broadcast-rcon-to-ops=false (else operators see every controller command)",)


@click.command("doctor")
@world_option
@password_option
@click.option("--rules", "rules_name", default="prom", show_default=True, metavar="NAME|FILE",
              help="The rule set you will run: its board's cards must be in the pack.")
@click.option("--deep", is_flag=True,
              help="Also do on the server what a game does (a board placed and cleared in the "
                   "scratch area, every controller call, an inbox event, a big score, list uuids) "
                   "and compare every reply with an in-process sandbox of the same pack.")
@click.option("--transcript", type=file_path(), default=None,
              metavar="FILE", help="With --deep: write every request and both replies as JSON lines.")
@click.option("--spawn-protection", "spawn_protection", type=number(0, SCORE_MAX, "blocks"), default=None,
              metavar="BLOCKS",
              help=f"The server's spawn-protection (server.properties; RCON cannot read it): a board button "
                   f"this near the world spawn is a FIX. Default: assumed {SPAWN_PROTECTION}, vanilla's.")
def doctor(world_path: Path | None, password_file: Path | None, rules_name: str, deep: bool,
           transcript: Path | None, spawn_protection: int | None) -> None:
    """Check the server before the event: RCON, version, datapack, game rules, boards.

    With --deep, also exercise everything a game needs on the server, and print every
    request the embedded sandbox answers otherwise. Exit code 1 when anything a game
    needs fails.

    \b
    Example:
      MONOPOLI_RCON_PASSWORD=... monopoli doctor --rules anti-monopoly
      MONOPOLI_RCON_PASSWORD=... monopoli doctor --deep --transcript doctor.jsonl
    """
    if transcript is not None and not deep:
        raise click.UsageError("--transcript needs --deep")
    world = load_world(world_path)
    board = load_board(board_path(load_rules(rules_name).board))
    advice = Advice(world_path, password_file, rules_name)
    twin: Twin | None = None
    try:
        with RconClient(world.rcon_host, world.rcon_port, read_password(file=password_file), timeout=5) as rcon:
            running = running_controller(rcon.command)
            if running is not None and deep:
                raise stop_it_first(running, "--deep writes into the world and queues an input that controller "
                                             "would read", "doctor --deep")
            if running is not None:
                click.echo(f"note: a controller runs this world ({lease.describe_mark(running)}): on vanilla its "
                           "replies and doctor's share one buffer, so a check can fail for that alone; if one "
                           "does, run doctor again with the controller stopped")
            if not deep:
                kind = server_kind(rcon)
                results = diagnose(rcon, world, board, advice=advice, kind=kind, spawn_protection=spawn_protection)
            else:
                with Twin(rcon, build_pack(world, board)) as twin:
                    mirror_world(twin, world)
                    kind = server_kind(twin)
                    results = diagnose(twin, world, board, advice=advice, kind=kind,
                                       spawn_protection=spawn_protection)
                    results += deep_checks(twin, world)
    except RconError as exc:
        raise MonopoliError(f"{exc}; check enable-rcon=true, rcon.port and rcon.password in "
                            "server.properties and MONOPOLI_RCON_PASSWORD") from None
    for ok, what in results:
        click.echo(f"{'ok  ' if ok else 'FIX '} {what}")
    if twin is not None:
        _print_differences(twin)
        if transcript is not None:
            _write_transcript(twin, transcript)
    for reminder in reminders(kind):
        click.echo(f"check {reminder}")
    fixes = sum(1 for ok, _ in results if not ok)
    differ = len(twin.differences()) if twin is not None else 0
    note = (f"; the sandbox answered {differ} request{'s' if differ > 1 else ''} otherwise (above)"
            if differ else "")
    click.echo(f"verdict: ready: every check passed{note}" if not fixes else
               f"verdict: NOT ready: {fixes} check{'s' if fixes > 1 else ''} to FIX{note}")
    if fixes:
        raise SystemExit(1)


def _print_differences(twin: Twin) -> None:
    diffs, compared = twin.differences(), twin.compared()
    if not diffs:
        click.echo(f"ok   the sandbox answered all {compared} requests as the server did")
        return
    click.echo(f"DIFF the sandbox answered {len(diffs)} of {compared} requests otherwise (the server "
               "is right; send the --transcript file to the developers):")
    for exchange in diffs:
        click.echo(f"       > {exchange.request}")
        click.echo(f"         server:  {exchange.server}")
        click.echo(f"         sandbox: {exchange.sandbox}")


def _write_transcript(twin: Twin, path: Path) -> None:
    try:
        twin.write_transcript(path)
    except OSError as exc:
        raise MonopoliError(f"cannot write the transcript {path}: {exc.strerror or exc}") from None
    click.echo(f"wrote {len(twin.exchanges)} requests and their replies to {path}")
