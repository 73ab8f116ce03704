"""Every command the README shows is run, or at least parsed by the CLI itself, so the README cannot drift.

What counts as a command (the conventions README.md and docs/*.md are written to):

- The lines of a ```sh block, and the lines after `$ ` in a ```console block (whose next lines,
  up to the next `$ `, are the output the command must print). A line ending in `\\` goes on
  the next. `# ...` after a command is a comment; a line that is only a comment is skipped.
  Blocks without a language, or of another one (```yaml, a log, an error shown as it looks), are
  not commands.
- `monopoli ...` (also `.venv/bin/monopoli`, and after `NAME=value` words) is parsed by the CLI's
  own click commands: a command that no longer exists, a renamed or removed option, a bad value
  fails the test. `make X` needs a target X in the Makefile (`make -n X`). `export NAME=value`
  sets NAME for the commands after it (`...` is a placeholder: the test's own password is used).
  `.venv/bin/python SCRIPT ...` (a bench/ script, the pictures' script) needs SCRIPT in the checkout, and
  its own argparse options must take the words (the script stops once they are parsed: nothing is
  measured); `.venv/bin/pytest ...` needs every file it names; `.venv/bin/mypy` is the checkout's.
  Any other program in a block fails the test unless it is in OTHER_PROGRAMS.
- `monopoli ...` written in the text (an inline `code` span) is parsed the same way, except that
  the text may name a command without its arguments (`monopoli admin trade`), or an option
  without its value (`monopoli run --time-limit`).
- Lines starting with `/` in any block, and inline `/trigger ...` spans, are typed in Minecraft:
  the in-game `/function monopoli:...` lines are run as an operator in a strict sandbox with the
  committed pack (an unknown function or a line vanilla refuses fails), and every `/trigger`
  a player may type is typed by a bot player there (an objective the pack lacks fails). Other
  `/...` lines must be taken by vanilla's command tree, or be Paper aliases of datapacks/commands.yml,
  or be PROXY_COMMANDS (a player types them to the Velocity proxy, which never passes them on to a
  server); `/trigger` and `/function` alone name the command.

Then README's commands are run for real, in the README's order, in a scratch folder, against a
strict sandbox server with the committed pack (`--world` pointing at a copy of the world config
with the sandbox's port, unless the command gives one), except:

- LONG_RUNNING commands (the controller, the sandbox server, a demo with its page up) run until
  stopped: parsed only. A demo is run once, shortened (RUN_SHORTER), to give `state` and `admin`
  a database; `simulate` is run with fewer games.
- `admin` requests run with no controller: they must be refused as such ("not done: controller not
  running"), which shows they parsed and reached the database; `admin status` answers from it.
A command that prints `error:` fails, unless its console block shows that error. A console block's
output must be the command's output to the line (the sandbox's port written as the world config's, 25575).
"""

from __future__ import annotations

import argparse
import os
import re
import runpy
import shlex
import subprocess
import sys
import warnings
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

import click
import pytest
from click.testing import CliRunner

from monopoli_mc.cli import cli, main
from monopoli_mc.datapack.world_config import load_world
from monopoli_mc.operator_input import NotAccepted
from monopoli_mc.sandbox.bots import Bot
from monopoli_mc.sandbox.runner import Sandbox
from monopoli_mc.vanilla import Refusal, check

ROOT = Path(__file__).resolve().parents[1]
README = ROOT / "README.md"
DOCS = sorted((ROOT / "docs").glob("*.md"))
PACK = ROOT / "datapacks" / "monopoli"
PASSWORD = "readme-pw"
PROXY_COMMANDS = {"server"}  # Velocity's `/server NAME`, which moves a player to another server of the proxy
OTHER_PROGRAMS = {"mcrcon"}  # the test extras' RCON client, shown poking at `monopoli sandbox` (docs/sandbox.md)
LONG_RUNNING = {"run", "sandbox"}  # and `demo --web`: the page stays up until Ctrl-C
RUN_SHORTER = {"demo": ["--max-rounds", "1", "--speed", "100", "--quiet"],
               "simulate": ["--games", "3", "--jobs", "1"]}


@dataclass
class Command:
    """One command as a document shows it."""

    where: str  # file:line
    words: list[str]
    env: dict[str, str] = field(default_factory=dict)
    output: list[str] | None = None  # what a console block shows it printing
    inline: bool = False

    @property
    def program(self) -> str:
        return self.words[0] if self.words else ""

    def __str__(self) -> str:
        return f"{self.where}: {shlex.join(self.words)}"


_FENCE = re.compile(r"^```(\w*)\s*$")


def blocks(path: Path) -> Iterator[tuple[str, int, list[str]]]:
    """(language, first line number, lines) of each fenced block."""
    lang, start, lines = None, 0, []
    for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        fence = _FENCE.match(line.strip())
        if fence and lang is None:
            lang, start, lines = fence.group(1), n + 1, []
        elif line.strip() == "```" and lang is not None:
            yield lang, start, lines
            lang = None
        elif lang is not None:
            lines.append(line)


def _split(text: str) -> tuple[dict[str, str], list[str]]:
    """Leading NAME=value words, then the command's words (a trailing # comment dropped)."""
    words = shlex.split(text, comments=True)
    env = {}
    while words and re.fullmatch(r"[A-Z_][A-Z0-9_]*=.*", words[0]):
        name, value = words.pop(0).split("=", 1)
        env[name] = value
    if words and words[0].endswith("/monopoli"):
        words[0] = "monopoli"
    return env, words


def shell_commands(path: Path) -> list[Command]:
    """The commands of a document's sh and console blocks, in order."""
    out: list[Command] = []
    for lang, start, lines in blocks(path):
        if lang not in ("sh", "console"):
            continue
        i = 0
        while i < len(lines):
            n, line = start + i, lines[i].rstrip()
            i += 1
            if lang == "console":
                if not line.startswith("$ "):
                    continue
                line = line[2:]
            while line.endswith("\\") and i < len(lines):
                line = line[:-1] + " " + lines[i].strip()
                i += 1
            if not line.strip() or line.lstrip().startswith(("#", "/")):
                continue
            output = None
            if lang == "console":
                output = []
                while i < len(lines) and not lines[i].startswith("$ "):
                    output.append(lines[i])
                    i += 1
            env, words = _split(line)
            out.append(Command(f"{path.name}:{n}", words, env, output))
    return out


def inline_commands(path: Path) -> list[Command]:
    """`monopoli ...` spans in the text (outside blocks)."""
    out, inside = [], False
    for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if line.strip().startswith("```"):
            inside = not inside
            continue
        if inside:
            continue
        for span in re.findall(r"`((?:\.venv/bin/)?monopoli [^`]+)`", line):
            env, words = _split(span.replace("…", " "))
            out.append(Command(f"{path.name}:{n}", words, env, inline=True))
    return out


def minecraft_lines(path: Path) -> list[tuple[str, str]]:
    """(file:line, command) of the lines typed in Minecraft: `/...` lines of blocks, `/...` spans."""
    out = []
    for _lang, start, lines in blocks(path):
        out += [(f"{path.name}:{start + i}", line.strip()) for i, line in enumerate(lines)
                if line.startswith("/")]
    for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        out += [(f"{path.name}:{n}", span) for span in re.findall(r"`(/[a-z][^`]*)`", line)
                if "…" not in span and "..." not in span]
    return out


def aliases() -> set[str]:
    """The Paper and Spigot aliases of datapacks/commands.yml."""
    import yaml
    return set(yaml.safe_load((ROOT / "datapacks" / "commands.yml").read_text())["aliases"])


def parse(command: Command) -> click.Command:
    """Parse a monopoli command with the CLI's own click commands; the leaf command. Raises on a bad one."""
    args = command.words[1:]
    group: click.Command = cli
    with group.make_context("monopoli", list(args), resilient_parsing=False) as ctx:
        while isinstance(group, click.Group):
            with warnings.catch_warnings():  # click 8 keeps the subcommand's name apart, in protected_args
                warnings.simplefilter("ignore", DeprecationWarning)
                rest = [*ctx.protected_args, *ctx.args]
            if not rest:
                break
            name, sub, rest = group.resolve_command(ctx, rest)
            assert sub is not None, f"{command}: no command {name!r}"
            group = sub
            ctx = sub.make_context(name or "", rest, parent=ctx, resilient_parsing=False)
    return group


def _documents() -> list[Path]:
    return [README, *DOCS]


class _Parsed(Exception):
    """A script's options were taken: it stops there, before it measures anything."""


def script_takes(words: list[str], monkeypatch: pytest.MonkeyPatch) -> str | None:
    """Whether `.venv/bin/python SCRIPT ARGS` would start: None, or what is wrong. The script runs as
    __main__ until its argparse parser has parsed ARGS (strictly: an unknown option or a bad value is
    argparse's own error), then stops."""
    if len(words) < 2 or not words[1].endswith(".py"):
        return "python without a script of the checkout"
    script = ROOT / words[1]
    if not script.is_file():
        return f"no script {words[1]} in the checkout"
    parse_args = argparse.ArgumentParser.parse_args

    def parse_then_stop(self: argparse.ArgumentParser, args: object = None, namespace: object = None) -> None:
        parse_args(self, args, namespace)  # type: ignore[arg-type]
        raise _Parsed()

    with monkeypatch.context() as patch:
        patch.setattr(argparse.ArgumentParser, "parse_args", parse_then_stop)
        patch.setattr(sys, "argv", [str(script), *words[2:]])
        patch.syspath_prepend(str(script.parent))  # a bench script imports its neighbours
        try:
            runpy.run_path(str(script), run_name="__main__")
        except _Parsed:
            return None
        except SystemExit as exc:  # argparse's error: the words are not the script's options
            return f"refused by the script's options (exit {exc.code})"
    return "the script did not parse its options"


def pytest_names_files(words: list[str]) -> str | None:
    """Whether every file a `.venv/bin/pytest` line names is in the checkout: None, or the missing ones."""
    named = [w.split("::")[0] for w in words[1:] if not w.startswith("-") and not w.isdigit()]
    missing = [w for w in named if not (ROOT / w).exists()]
    return f"no such test file: {', '.join(missing)}" if missing else None


# --- the test's own check: it fails on what it is there to catch ----------------------------------


def test_a_missing_command_or_a_renamed_option_fails() -> None:
    for words in (["monopoli", "frobnicate"], ["monopoli", "run", "--dbb", "x.db"],
                  ["monopoli", "admin", "pay", "Alex"], ["monopoli", "simulate", "--games", "many"],
                  ["monopoli", "run", "--web", "nowhere:port"]):
        with pytest.raises((click.UsageError, AssertionError, NotAccepted)):  # a number: the operator's rule
            parse(Command("t", words))
    assert parse(Command("t", ["monopoli", "admin", "pay", "Alex", "100"])).name == "pay"


def test_the_readme_extraction_finds_its_commands(tmp_path: Path) -> None:
    doc = tmp_path / "README.md"
    doc.write_text("x\n```sh\nmonopoli simulate --rules prom \\\n    --games 3   # a comment\n# only a comment\n"
                   "MONOPOLI_RCON_PASSWORD=... monopoli doctor\n```\n```\nmonopoli not-a-command\n```\n"
                   "```console\n$ monopoli simulate --rules nope\nerror: nope\n```\n"
                   "Then `monopoli admin sync` and `/trigger d6`.\n")
    got = [(c.words, c.env, c.output) for c in shell_commands(doc)]
    assert got == [(["monopoli", "simulate", "--rules", "prom", "--games", "3"], {}, None),
                   (["monopoli", "doctor"], {"MONOPOLI_RCON_PASSWORD": "..."}, None),
                   (["monopoli", "simulate", "--rules", "nope"], {}, ["error: nope"])]
    assert [c.words for c in inline_commands(doc)] == [["monopoli", "admin", "sync"]]
    assert [line for _, line in minecraft_lines(doc)] == ["/trigger d6"]
    assert "d6" in aliases() and "bid" in aliases()


# --- the documents -----------------------------------------------------------------------------------


def test_a_script_line_is_parsed_by_the_scripts_own_options(monkeypatch: pytest.MonkeyPatch) -> None:
    assert script_takes([".venv/bin/python", "bench/scale.py", "--boards", "1,8,16", "--maps"], monkeypatch) is None
    assert script_takes([".venv/bin/python", "bench/scale.py", "--bords", "16"], monkeypatch) is not None
    assert script_takes([".venv/bin/python", "bench/rcon.py", "--count", "many"], monkeypatch) is not None
    assert script_takes([".venv/bin/python", "bench/nowhere.py"], monkeypatch) is not None
    assert pytest_names_files([".venv/bin/pytest", "-n", "2", "tests/test_readme_commands.py"]) is None
    assert pytest_names_files([".venv/bin/pytest", "tests/test_gone.py"]) is not None


def test_every_command_in_the_readme_and_docs_parses(monkeypatch: pytest.MonkeyPatch) -> None:
    commands = [c for doc in _documents() for c in shell_commands(doc) + inline_commands(doc)]
    assert len([c for c in commands if c.where.startswith("README")]) > 40
    bad = []
    for command in commands:
        if command.program == "monopoli":
            try:
                parse(command)
            except (click.exceptions.MissingParameter, click.exceptions.NoArgsIsHelpError,
                    click.exceptions.BadOptionUsage) as exc:
                named = not isinstance(exc, click.exceptions.BadOptionUsage) or "requires an argument" in str(exc)
                if not (command.inline and named):  # the text may name a command or option without its value
                    bad.append(f"{command}: {exc}")
            except (click.UsageError, AssertionError, NotAccepted) as exc:
                bad.append(f"{command}: {exc}")
        elif command.program == "make":
            for target in command.words[1:]:
                done = subprocess.run(["make", "-n", target], cwd=ROOT, capture_output=True, text=True)
                if done.returncode != 0:
                    bad.append(f"{command}: {done.stderr.strip()}")
        elif command.program == ".venv/bin/python":
            if (wrong := script_takes(command.words, monkeypatch)) is not None:
                bad.append(f"{command}: {wrong}")
        elif command.program == ".venv/bin/pytest":
            if (wrong := pytest_names_files(command.words)) is not None:
                bad.append(f"{command}: {wrong}")
        elif command.program not in OTHER_PROGRAMS | {"export", ".venv/bin/mypy"}:
            bad.append(f"{command}: not a command the test knows (monopoli, make, export, .venv/bin/python, "
                       ".venv/bin/pytest, .venv/bin/mypy)")
    assert bad == []


@pytest.fixture()
def server() -> Iterator[Sandbox]:
    """The organiser's server: a strict sandbox with the committed pack, nothing built yet."""
    with Sandbox(password=PASSWORD, strict=True, datapack=PACK) as box:
        box.world.spawn_protection = 0  # README step 1 (and step 6's `monopoli sandbox --spawn-protection 0`)
        yield box
        assert box.world.strict_failures == []


def test_what_is_typed_in_minecraft_is_taken_by_the_pack(server: Sandbox) -> None:
    world = server.world
    player, op = Bot.join(world, "Alex"), Bot.join(world, "Op")
    world.tick(2)
    lines = [entry for doc in _documents() for entry in minecraft_lines(doc)]
    assert any(line.startswith("/function monopoli:admin/") for _, line in lines)
    bad = []
    for where, line in lines:
        if line.startswith("/trigger "):  # a player types it
            reply = " ".join(player.command(line[1:]))
        elif line.startswith("/function "):  # the operator, standing on the board
            reply = " ".join(world.execute(f"execute as Op at @s run {line[1:]}"))
        else:  # a vanilla command, or on Paper and Spigot an alias of datapacks/commands.yml
            command = line[1:].removeprefix("minecraft:")
            if command.split()[0] in aliases() | PROXY_COMMANDS or command in ("trigger", "function"):
                continue  # an alias, the proxy's, or the name of a command, not a line to type
            try:
                check(command, world.version, 4)
                continue
            except Refusal as refusal:
                reply = str(refusal)
        if "Unknown" in reply or "Incorrect argument" in reply or "Invalid" in reply:
            bad.append(f"{where}: {line}: {reply}")
    assert bad == [] and world.strict_failures == []
    assert op.player is not None


SERVER = {"doctor", "board"}  # what talks to the server: run in README order against one sandbox


class Scratch:
    """A scratch folder to run README's commands in, as the organiser would from the checkout."""

    def __init__(self, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, port: int) -> None:
        (tmp_path / "configs" / "rules").mkdir(parents=True)
        self.world = tmp_path / "configs" / "world.yaml"  # also what `--world configs/world.yaml` finds
        self.world.write_text(Path(load_world().source).read_text().replace("port: 25575", f"port: {port}"))
        night = (ROOT / "configs" / "night.yaml").read_text()  # the short night's rehearsal builds its pack
        (tmp_path / "configs" / "night.yaml").write_text(night.replace("port: 25575", f"port: {port}"))
        jackpot = (ROOT / "configs" / "rules" / "jackpot.yaml").read_text()  # "a copy that feeds the jar gifts too"
        (tmp_path / "configs" / "rules" / "my-jackpot.yaml").write_text(
            jackpot.replace("jar_feeds: [taxes, card_fees, jail_fines]",
                            "jar_feeds: [taxes, card_fees, jail_fines, gifts]"))
        monkeypatch.chdir(tmp_path)
        self.port = port
        self.env = {"MONOPOLI_RCON_PASSWORD": PASSWORD, "MONOPOLI_DB": "prom-night.db"}
        self.ran: list[str] = []

    def invoke(self, command: Command, args: list[str]) -> str:
        """Run `monopoli ARGS` as the installed command does (its main), in process; what it printed."""
        with CliRunner().isolation(env=self.env) as (_out, _err, both):
            try:
                main(args)
                code = 0
            except SystemExit as exc:
                code = exc.code if isinstance(exc.code, int) else 1
            output = both.getvalue().decode().replace(f"127.0.0.1:{self.port}", "127.0.0.1:25575")
        assert code in (0, 1, 3), f"{command}: exit {code}\n{output}"
        if command.output is not None:  # a pack's size changes with every function it gains: not the README's point
            assert _sized(output.splitlines()) == _sized(command.output), command
        else:
            assert not re.search(r"^error:", output, re.M), f"{command}:\n{output}"
        return output

    def run(self, server: bool) -> None:
        """README's monopoli commands, in order: those that talk to the server, or the others."""
        for command in shell_commands(README):
            if command.program != "monopoli" or (command.words[1] in SERVER) != server:
                continue  # make's targets and the rest: test_every_command_in_the_readme_and_docs_parses
            leaf = parse(command)
            if leaf.name in LONG_RUNNING or leaf.name == "demo":
                continue  # parsed; a demo is run by test_the_readme_offline_commands_run
            args = command.words[1:]
            if leaf.name == "simulate" and command.output is None:
                args += RUN_SHORTER["simulate"]
            if "--world" in {p.opts[0] for p in leaf.params if p.opts} and "--world" not in args:
                args += ["--world", str(self.world)]
            out = self.invoke(command, args)
            if command.words[1] == "admin" and leaf.name != "status":
                assert out.startswith("not done: controller not running"), f"{command}: {out}"
            self.ran.append(" ".join(command.words[1:3]))


def test_the_readme_server_commands_run(server: Sandbox, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """doctor and board build, in README's order, against one sandbox: the board is built between the doctors."""
    scratch = Scratch(tmp_path, monkeypatch, server.port)
    scratch.run(server=True)
    assert {"doctor --spawn-protection", "board build", "doctor --deep"} <= set(scratch.ran), scratch.ran
    assert (tmp_path / "doctor.jsonl").is_file()
    assert "Test passed" in " ".join(server.world.execute("execute if block 2 -59 2 minecraft:chest"))


def test_the_readme_offline_commands_run(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The pack, simulations, state and admin, in README's order, on a database a shortened README demo made."""
    scratch = Scratch(tmp_path, monkeypatch, 1)  # nothing here talks to a server
    demo = next(c for c in shell_commands(README) if c.words[:2] == ["monopoli", "demo"] and "--web" not in c.words)
    monkeypatch.delenv("MONOPOLI_RCON_PASSWORD", raising=False)  # "rehearse without Minecraft" sets none
    scratch.env.pop("MONOPOLI_RCON_PASSWORD")
    scratch.invoke(demo, demo.words[1:] + RUN_SHORTER["demo"] + ["--db", "prom-night.db"])
    scratch.env["MONOPOLI_RCON_PASSWORD"] = PASSWORD
    scratch.run(server=False)
    assert {"datapack build", "simulate --rules", "state", "admin status", "admin pay"} <= \
        set(scratch.ran), scratch.ran
    assert (tmp_path / "board.png").is_file() and (tmp_path / "anti-pack" / "monopoli.zip").is_file()
    assert (tmp_path / "my-pack" / "monopoli.zip").is_file() and (tmp_path / "planning.png").is_file()
    assert os.environ.get("MONOPOLI_DB") is None  # the runner's env stays the runner's


def _sized(lines: list[str]) -> list[str]:
    """Lines with a pack's function count left out ("(1058 functions)")."""
    return [re.sub(r"\(\d+ functions\)", "(N functions)", line) for line in lines]
