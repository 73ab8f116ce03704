"""The datapacks' functions as vanilla's ServerFunctionLibrary holds them: each line parsed once, at load."""

from __future__ import annotations

import re
from collections.abc import Callable

from nbtlib import Compound

from monopoli_mc.sandbox import faults, nbt_tags
from monopoli_mc.sandbox.datapack import Datapacks
from monopoli_mc.sandbox.failure import CommandError
from monopoli_mc.sandbox.registry import Run, parse_command
from monopoli_mc.sandbox.strict import Refusal

MACRO_VAR = re.compile(r"\$\(([A-Za-z0-9_]+)\)")
Line = tuple[str, Run | None]
"""A function's line: its text and the parsed command, or None for a macro line (`$`) until a call."""
Judge = Callable[[str, int, str], Refusal | None]
"""Strict mode's judge of a line (text, permission level, where it stands): its refusal, or None."""


class FunctionLibrary:
    """Every loaded function's parsed lines; a function vanilla would not load is not here."""

    def __init__(self, version: str, *, json_text: bool, judge: Judge) -> None:
        self.version = version
        self.json_text = json_text
        self.judge = judge
        self.compiled: dict[str, list[Line]] = {}

    def compile_all(self, datapacks: Datapacks) -> None:
        """Parse every pack function; one with a line the server refuses is dropped from the packs."""
        self.compiled.clear()
        for fid, lines in list(datapacks.functions.items()):
            compiled = self._compile(fid, lines, datapacks.problems)
            if compiled is None:  # vanilla does not load it: the function does not exist
                del datapacks.functions[fid]
            else:
                self.compiled[fid] = compiled

    def _compile(self, fid: str, lines: list[str], problems: list[str]) -> list[Line] | None:
        out: list[Line] = []
        for n, line in enumerate(joined(lines), 1):
            if line.startswith("$"):
                out.append((line[1:], None))
                continue
            refusal = self.judge(line, 2, f"{fid}:{n}: ")
            if refusal is not None and refusal.vanilla:  # the server drops the whole function
                problems.append(f"{fid}:{n}: {refusal}")
                return None
            try:
                out.append((line, parse_command(line, self.version, 2)))
            except CommandError as e:
                problems.append(f"{fid}:{n}: {e.message}: {line}")
                return None
            except Exception as exc:  # a sandbox bug: the pack still loads without this function
                problems.append(f"{fid}:{n}: {faults.bug_line(exc, line)}")
                return None
        return out

    def lines(self, fid: str, args: Compound | None) -> list[tuple[str, Run]]:
        """A function's lines ready to run, a macro's with the call's arguments put in.

        Raises CommandError, worded as vanilla's, for an unknown function, a macro called
        without arguments, or a macro line that does not instantiate.
        """
        body = self.compiled.get(fid)
        if body is None:
            raise CommandError(f"Unknown function {fid}")
        out: list[tuple[str, Run]] = []
        for text, run in body:
            if run is not None:
                out.append((text, run))
            elif args is None:
                raise CommandError(f"Failed to instantiate function {fid}: Missing arguments to function {fid}")
            else:
                out.append(self._instantiate(fid, text, args))
        return out

    def _instantiate(self, fid: str, text: str, args: Compound) -> tuple[str, Run]:
        def sub(m: re.Match[str]) -> str:
            if m.group(1) not in args:
                raise CommandError(f"Failed to instantiate function {fid}: "
                                   f"Missing argument {m.group(1)} to function {fid}")
            return nbt_tags.macro_text(args[m.group(1)], self.version)
        line = MACRO_VAR.sub(sub, text)
        refusal = self.judge(line, 2, "")
        try:
            parsed = parse_command(line, self.version, 2)
        except CommandError as e:
            raise CommandError(f"Failed to instantiate function {fid}: While instantiating macro "
                               f"{fid}: Command '{line}' caused error: {e.message}") from None
        except Exception as exc:  # a sandbox bug: this call fails, the next one may not
            raise CommandError(faults.bug_line(exc, line)) from None
        if refusal is not None and refusal.vanilla:
            raise CommandError(f"Failed to instantiate function {fid}: While instantiating macro "
                               f"{fid}: Command '{line}' caused error: {refusal.java_message()}")
        return line, parsed


def joined(lines: list[str]) -> list[str]:
    """Function lines: comments and blanks dropped, `\\` continuations joined."""
    out: list[str] = []
    pending = ""
    for raw in lines:
        line = raw.strip()
        if pending:
            line = pending + line
            pending = ""
        if line.endswith("\\"):
            pending = line[:-1]
            continue
        if line and not line.startswith("#"):
            out.append(line)
    return out
