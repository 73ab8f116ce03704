"""The rehearsal console of `monopoli sandbox --console`: the prompt, history, completion, and
`monopoli ...` lines run as in a second terminal (`monopoli run` stays running beside it).

Everything a line does to the world is `sandbox.rehearsal.Rehearsal`'s; this module reads lines
and prints, from a terminal (readline: history, Tab completion, screens updated while idle) or
from a pipe (each line echoed after the prompt, so the output reads as a transcript).
"""

from __future__ import annotations

import contextlib
import os
import queue
import shlex
import signal
import subprocess
import sys
import threading
import time
import warnings
from collections.abc import Iterator
from pathlib import Path
from typing import IO, Any

import click

from monopoli_mc.sandbox.rehearsal import Rehearsal, without_note

PROMPT = "> "
MONOPOLI = [sys.executable, "-c", "from monopoli_mc.cli import main; main()"]
LONG_RUNNING = ("run",)
HELP = """\
Commands as in a second terminal (the sandbox's world config is given to them):
  monopoli doctor   monopoli board build   monopoli admin start   monopoli state   ...
  monopoli run ...           runs beside the console (its lines marked run |) until `stop run` or quit
  stop run                   Ctrl-C for that controller (start it again with the same line)
  quit                       stop everything (also Ctrl-D, Ctrl-C, or /stop)"""


class Console:
    """The read-print loop over a Rehearsal; `monopoli` lines become child processes."""

    def __init__(self, rehearsal: Rehearsal, *, env: dict[str, str], world_path: Path | None,
                 interactive: bool, out: IO[str] | None = None) -> None:
        self.rehearsal = rehearsal
        self.env = env
        self.world_path = world_path
        self.interactive = interactive
        self.out = out or sys.stdout
        self.jobs: dict[str, subprocess.Popen[str]] = {}
        self._job_lines: queue.Queue[str] = queue.Queue()
        self._print_lock = threading.Lock()
        self._busy = threading.Event()
        self._done = threading.Event()

    # -- the loop --------------------------------------------------------------------------------
    def loop(self, lines: Iterator[str] | None = None) -> None:
        """Read lines until quit or end of input, then stop the controller started here."""
        watcher = threading.Thread(target=self._watch, name="console screens", daemon=True)
        if self.interactive:
            _readline_setup(self.rehearsal)
            watcher.start()
        try:
            for line in lines if lines is not None else self._read():
                if self.rehearsal.box.stop_requested.is_set() or not self.line(line):
                    break
        except KeyboardInterrupt:
            self._busy.set()  # no prompt to draw again
            self._print(["^C"])
        finally:
            self._done.set()
            self._busy.set()
            self.stop_jobs()

    def _read(self) -> Iterator[str]:
        while not self.rehearsal.box.stop_requested.is_set():
            try:
                if self.interactive:
                    yield input(PROMPT)
                    continue
                line = sys.stdin.readline()
            except EOFError:
                return
            if not line:
                return
            self._print([PROMPT + line.rstrip("\n")])  # a transcript shows what was typed
            yield line

    def line(self, text: str) -> bool:
        """Do one line and show what it caused; False when it says to quit. Its note (`# ...`, as the
        README's transcript writes them) is not typed: `rehearsal.without_note`."""
        text = without_note(text)
        if text in ("quit", "exit", "stop", "/stop"):
            return False
        self._busy.set()
        try:
            words = _words(text)
            if text == "help":
                self._print(self.rehearsal.handle("help") + HELP.splitlines())
            elif text == "stop run":
                self._stop_job("run")
            elif words and (words[0] == "monopoli" or words[0].endswith("/monopoli")):
                self._monopoli(words[1:])
            else:
                self._print(self.rehearsal.handle(text))
            if not self.rehearsal.only_looks(text):
                self.rehearsal.settle()
            self._flush()
        finally:
            self._busy.clear()
        return True

    # -- monopoli lines ------------------------------------------------------------------------------
    def _monopoli(self, args: list[str]) -> None:
        if args[:1] == ["sandbox"]:
            self._print(["error: the sandbox is running here already"])
            return
        args = self._with_world(args)
        if args[:1] and args[0] in LONG_RUNNING:
            old = self.jobs.get(args[0])
            if old is not None and old.poll() is None:
                self._print([f"error: monopoli {args[0]} is running already (pid {old.pid}): `stop run` first"])
                return
            self._start_job(args)
            return
        with self._spawn(args) as proc:
            assert proc.stdout is not None
            for out_line in proc.stdout:
                self._print([out_line.rstrip("\n")])
            code = proc.wait()
        if code:
            self._print([f"(exit code {code})"])

    def _with_world(self, args: list[str]) -> list[str]:
        """The console's --world, and its sandbox's --spawn-protection (doctor cannot read it over RCON),
        for a command that takes one and was given none."""
        from monopoli_mc.cli import cli
        try:
            with cli.make_context("monopoli", list(args), resilient_parsing=True) as ctx, \
                    warnings.catch_warnings():
                warnings.simplefilter("ignore", DeprecationWarning)  # click 8 keeps the command in protected_args
                command: Any = cli
                rest = [*ctx.protected_args, *ctx.args]
                while isinstance(command, click.Group) and rest:
                    command = command.get_command(ctx, rest[0])
                    rest = rest[1:]
        except click.ClickException:
            return args
        takes = {opt for p in (command.params if command is not None else []) for opt in p.opts}
        if "--world" in takes and "--world" not in args and self.world_path is not None:
            args = [*args, "--world", str(self.world_path)]
        if "--spawn-protection" in takes and "--spawn-protection" not in args:
            args = [*args, "--spawn-protection", str(self.rehearsal.world.spawn_protection)]
        return args

    def _spawn(self, args: list[str]) -> subprocess.Popen[str]:
        """`monopoli ARGS` as a child in a session of its own (the console's Ctrl-C is not its), output piped."""
        return subprocess.Popen([*MONOPOLI, *args], env=self.env, stdout=subprocess.PIPE,
                                stderr=subprocess.STDOUT, text=True, start_new_session=True)

    def _start_job(self, args: list[str]) -> None:
        proc = self._spawn(args)
        self.jobs[args[0]] = proc
        threading.Thread(target=self._pump, args=(args[0], proc), daemon=True).start()
        for _ in range(50):  # its first lines (what it controls, or why it cannot start)
            time.sleep(0.1)
            if proc.poll() is not None or not self._job_lines.empty():
                break

    def _pump(self, name: str, proc: subprocess.Popen[str]) -> None:
        assert proc.stdout is not None
        for line in proc.stdout:
            self._job_lines.put(f"{name} | {line.rstrip()}")
        self._job_lines.put(f"{name} | (ended, exit code {proc.wait()})")

    def _stop_job(self, name: str) -> None:
        proc = self.jobs.get(name)
        if proc is None or proc.poll() is not None:
            self._print([f"monopoli {name} is not running"])
            return
        proc.send_signal(signal.SIGINT)  # what Ctrl-C in its terminal sends: it stops cleanly
        try:
            proc.wait(15)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
        time.sleep(0.1)  # its last lines

    def stop_jobs(self) -> None:
        """Stop every child still running (as Ctrl-C would) and show its last lines."""
        for name in list(self.jobs):
            if self.jobs[name].poll() is None:
                self._stop_job(name)
        self._flush()

    # -- printing ----------------------------------------------------------------------------------
    def _flush(self) -> None:
        lines = []
        while not self._job_lines.empty():
            lines.append(self._job_lines.get_nowait())
        self._print(lines + self.rehearsal.news())

    def _watch(self) -> None:
        """While the organiser types, show what happens meanwhile (an auction's clock, a controller's log)."""
        while not self._done.wait(0.3):
            if not self._busy.is_set():
                self._flush()

    def _print(self, lines: list[str]) -> None:
        if not lines:
            return
        with self._print_lock:
            if self.interactive and not self._busy.is_set():
                typed = _readline_buffer()
                self.out.write("\r\x1b[2K" + "\n".join(lines) + "\n" + PROMPT + typed)
            else:
                self.out.write("\n".join(lines) + "\n")
            self.out.flush()


def _words(text: str) -> list[str]:
    try:
        words = shlex.split(without_note(text).removeprefix("$ "))  # a # left after the note is an argument
    except ValueError:
        words = text.split()
    return words[:-1] if words[-1:] == ["&"] else words  # a shell's background: run stays beside anyway


def _readline_buffer() -> str:
    with contextlib.suppress(ImportError):
        import readline
        return readline.get_line_buffer()
    return ""


def _readline_setup(rehearsal: Rehearsal) -> None:
    """History (kept in ~/.monopoli_console_history) and Tab completion, where readline exists."""
    try:
        import readline
    except ImportError:  # Windows without pyreadline: a plain prompt
        return
    history = Path.home() / ".monopoli_console_history"
    with contextlib.suppress(OSError):
        readline.read_history_file(history)
    import atexit
    atexit.register(lambda: _save_history(readline, history))
    matches: list[str] = []

    def complete(text: str, state: int) -> str | None:
        if state == 0:
            before = readline.get_line_buffer()[:readline.get_endidx()]
            matches[:] = [m + " " for m in rehearsal.completions(before)]
        return matches[state] if state < len(matches) else None
    readline.set_completer_delims(" \t\n")
    readline.set_completer(complete)
    readline.parse_and_bind("tab: complete")


def _save_history(readline: Any, history: Path) -> None:
    with contextlib.suppress(OSError):
        readline.set_history_length(1000)
        readline.write_history_file(history)


def wants_color(stream: IO[str]) -> bool:
    """ANSI colours on a terminal that takes them (not with NO_COLOR, not on TERM=dumb)."""
    return stream.isatty() and "NO_COLOR" not in os.environ and os.environ.get("TERM") != "dumb"
