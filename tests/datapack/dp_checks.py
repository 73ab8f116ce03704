"""The checks mecha cannot make: dialect keys, folders, titles, function references, macros."""

from __future__ import annotations

import json
import re
from typing import Any

from monopoli_mc.datapack.pack import Pack

SAMPLE_ARGS = {"player": "Alex", "owner": "Alex", "text": "hello", "deck": "chance",
               "board": "main", "color": "red", "n": "12", "seq": "7", "card": "3", "space": "39",
               "count": "2", "cash": "1500", "amount": "100", "high": "120", "by": " by Sam", "p10": "130",
               "p50": "170", "p100": "220", "fine": "50", "first": "4", "second": "2",
               "sum": "6", "rent": "28", "kind": "decline", "label": "Free Parking jar (main)", "n1": "Sam", "v1": "2", "n2": "Robin", "v2": "3", "n3": "Kai", "v3": "4", "n4": "Noor", "v4": "5", "n5": "Jules", "v5": "6", "n6": "Mika", "v6": "7", "n7": "Tess", "v7": "8",
               "o": '[{f:"ui/cash",player:"Alex",cash:1500}]', "a": "7", "f": "ui/cash", "table": "2", "game": "3",
               "rank": "3", "x": "50", "y": "-48", "z": "50", "rgb": "4312372",
               "fade_rgb": "15790320", "ticks": "19", "after": "20",
               "t": "0123abcd", "m": "5", "at": "1796537268"}
CAMEL_GAMERULES = {"commandBlockOutput", "sendCommandFeedback", "logAdminCommands", "keepInventory"}
_MACRO = re.compile(r"\$\(([A-Za-z0-9_]+)\)")
_CALL = re.compile(r"function (#?[a-z0-9_.-]+:[a-z0-9_./$()-]+)")


def command_lines(pack: Pack) -> list[tuple[str, str]]:
    """(function id, command) for every line, macro lines filled with sample arguments."""
    out = []
    for fid, lines in pack.functions.items():
        for line in lines:
            if not line or line.startswith("#"):
                continue
            if line.startswith("$"):
                line = _MACRO.sub(lambda m: _sample(m.group(1), pack), line[1:])
            out.append((fid, line))
    return out


def _sample(arg: str, pack: Pack) -> str:
    """A macro argument's sample value; a book's pages (the standings book's) in the pack's dialect."""
    if arg == "pages":
        return '[{text:"hello"}]' if pack.version.is_snbt_text else """['"hello"']"""
    return SAMPLE_ARGS[arg]


def folder_problems(pack: Pack) -> list[str]:
    """Paths whose folder names do not fit the pack format."""
    singular = pack.version.has_singular_folders
    bad = []
    for path in pack.files():
        parts = path.split("/")
        if len(parts) < 3:
            continue
        kind = parts[2] if parts[2] != "tags" else parts[3]
        plural = kind in ("functions", "structures", "advancements")
        if kind not in ("function", "functions", "structure", "structures", "advancement",
                        "advancements"):
            bad.append(path)
        elif plural == singular:
            bad.append(path)
    return bad


def dialect_problems(pack: Pack) -> list[str]:
    """Text components written in the other version's dialect."""
    modern = pack.version.is_snbt_text
    wrong = ("clickEvent", "hoverEvent") if modern else ("click_event", "hover_event")
    bad = []
    for fid, line in command_lines(pack):
        if any(key in line for key in wrong):
            bad.append(f"{fid}: {line[:80]}")
        if line.startswith(("tellraw ", "title ")) and line.split(" ")[2:3] not in (["clear"], ["reset"], ["times"]):
            arg = line.split(" ", 3)[-1] if line.startswith("title ") else line.split(" ", 2)[2]
            if (arg.startswith("{text:") if modern else _is_json(arg)) is False:
                bad.append(f"{fid}: component in the wrong dialect: {arg[:60]}")
        if "pages:[" in line:
            page_is_string = "pages:['" in line or 'pages:["' in line
            if page_is_string == modern:
                bad.append(f"{fid}: book pages in the wrong dialect")
    return bad


def _is_json(text: str) -> bool:
    try:
        json.loads(text)
    except ValueError:
        return False
    return True


def book_titles(pack: Pack) -> list[str]:
    """Every written book title in give commands."""
    return re.findall(r'written_book_content=\{title:"((?:[^"\\]|\\.)*)"',
                      "\n".join(line for _, line in command_lines(pack)))


def missing_functions(pack: Pack, extra_refs: list[str]) -> list[str]:
    """Function ids called (or named by tags and advancement rewards) that the pack lacks."""
    ids = set(pack.functions)
    refs = [(fid, ref) for fid, lines in pack.functions.items() for line in lines
            for ref in _CALL.findall(line)]
    refs += [("tag", ref) for values in pack.function_tags.values() for ref in values]
    refs += [("structure", ref) for ref in extra_refs]
    bad = []
    for where, ref in refs:
        pattern = re.compile("[^/]+".join(re.escape(p) for p in _MACRO.split(ref)[::2]) + "$")
        if not any(pattern.match(i) for i in ids):
            bad.append(f"{where} -> {ref}")
    return bad


def structure_commands(root: Any) -> list[str]:
    """The commands of every command block in a structure's root compound."""
    return [str(b["nbt"]["Command"]) for b in root["blocks"]
            if "nbt" in b and "Command" in b["nbt"]]
