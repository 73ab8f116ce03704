"""Brigadier's dispatcher over Mojang's generated command tree: parseNodes as the server runs it.

A line is parsed from the root: a literal child is tried alone when the next word names it,
otherwise every argument child; each needs the source's permission level. The parse that
reads the whole line wins, then one without errors. `redirect` (`execute … run`, `execute
as …`) continues at the node it names. The outcome is judged as `Commands.finishParsing`
does: text left over is the one error recorded (or "Incorrect argument"/"Unknown or
incomplete command"), and the last node must be `executable`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from monopoli_mc.vanilla.args import Context, parse_argument
from monopoli_mc.vanilla.data import LEVELS, Vanilla
from monopoli_mc.vanilla.reader import Reader, Refusal


Step = tuple[str, Any]  # a node on the parse's path: a literal (its name, None) or an argument (its name, value)


@dataclass
class _Parse:
    cursor: int
    command: bool
    errors: list[Refusal]
    consumed: bool = True
    path: list[Step] = field(default_factory=list)
    starts: list[int] = field(default_factory=list)


@dataclass(frozen=True)
class Parsed:
    """A line as the server parsed it: the literals on its path and its arguments' values by name
    (what `args.parse_argument` keeps; `execute`'s redirects continue the same path), the path in
    order, and where in the line each of its steps begins."""

    literals: tuple[str, ...]
    args: dict[str, Any]
    path: tuple[Step, ...]
    starts: tuple[int, ...] = ()

    def tail(self, at: int) -> Parsed:
        """The command that begins at step `at` of the path (after `execute … run`, `return run`)."""
        path = self.path[at:]
        return Parsed(tuple(n for n, _ in path if not n.startswith("<")),
                      {n[1:-1]: v for n, v in path if n.startswith("<")}, path, self.starts[at:])


def required_level(node: dict[str, Any]) -> int:
    """The permission level a node asks of its source (0 when it asks none)."""
    perm = node.get("permissions")
    if not perm:
        return 0
    return LEVELS.get(str(perm.get("permission", {}).get("level", "all")), 0)


def parse_line(text: str, mc: Vanilla, ctx: Context) -> Parsed:
    """Parse one command; what it parsed, or Refusal as the server would refuse it."""
    root = mc.tree

    def nodes(node: dict[str, Any], cursor: int, command: bool, consumed: bool) -> _Parse:
        children: dict[str, Any] = node.get("children") or _NO_CHILDREN
        errors: list[Refusal] = []
        potentials: list[_Parse] = []
        for name, child in _relevant(children, text, cursor):
            if required_level(child) > ctx.level:
                continue
            r = Reader(text, mc, cursor)
            value = None
            try:
                if child["type"] == "literal":
                    _literal(r, name)
                else:
                    value = parse_argument(r, child, ctx)
                if r.can_read() and r.peek() != " ":
                    raise r.error("command.expected.separator")
            except Refusal as e:
                errors.append(e)
                continue
            redirect = child.get("redirect")
            if redirect is None and not child.get("children") and not child.get("executable"):
                redirect = []  # `execute run`: the report writes a redirect to the root as nothing
            step = (name if child["type"] == "literal" else "<" + name + ">", value)
            if r.can_read(1 if redirect is not None else 2):
                r.skip()
                if redirect is not None:
                    target = root
                    for part in redirect:
                        target = target["children"][part]
                    return _after(step, cursor, nodes(target, r.cursor, False, True))
                potentials.append(_after(step, cursor, nodes(child, r.cursor, bool(child.get("executable")), True)))
            else:
                potentials.append(_Parse(r.cursor, bool(child.get("executable")), [], path=[step], starts=[cursor]))
        if potentials:
            potentials.sort(key=lambda p: (p.cursor < len(text), bool(p.errors)))
            return potentials[0]
        return _Parse(cursor, command, errors, consumed)

    result = nodes(root, 0, False, False)
    if result.cursor < len(text):
        if len(result.errors) == 1:
            raise result.errors[0]
        key = "command.unknown.argument" if result.consumed else "command.unknown.command"
        raise Refusal(mc.msg(key), text, result.cursor)
    if not result.command:
        raise Refusal(mc.msg("command.unknown.command"), text, result.cursor)
    return Parsed(tuple(n for n, _ in result.path if not n.startswith("<")),
                  {n[1:-1]: v for n, v in result.path if n.startswith("<")}, tuple(result.path),
                  tuple(result.starts))


def _after(step: Step, start: int, rest: _Parse) -> _Parse:
    """The parse of a node's subtree with the node (beginning at `start`) put in front of its path."""
    rest.path.insert(0, step)
    rest.starts.insert(0, start)
    return rest


def _relevant(children: dict[str, Any], text: str, cursor: int) -> list[tuple[str, Any]]:
    literals, arguments = _split(children)
    if literals:
        end = text.find(" ", cursor)
        word = text[cursor:] if end < 0 else text[cursor:end]
        if word in literals:
            return [(word, literals[word])]
    return arguments


def _split(children: dict[str, Any]) -> tuple[dict[str, Any], list[tuple[str, Any]]]:
    """A node's literal children by name and its argument children, sorted once per node (the root has
    every command: sorting it for each line was a fifth of parsing one)."""
    kept = _SPLITS.get(id(children))
    if kept is None or kept[0] is not children:  # the trees are loaded once per release and kept
        kept = _SPLITS[id(children)] = (children, {k: v for k, v in children.items() if v["type"] == "literal"},
                                        [(k, v) for k, v in children.items() if v["type"] == "argument"])
    return kept[1], kept[2]


_SPLITS: dict[int, tuple[dict[str, Any], dict[str, Any], list[tuple[str, Any]]]] = {}
_NO_CHILDREN: dict[str, Any] = {}  # one empty node for every leaf: a new `{}` each time would be split each time


def _literal(r: Reader, name: str) -> None:
    if r.text.startswith(name, r.cursor):
        end = r.cursor + len(name)
        if end >= len(r.text) or r.text[end] == " ":
            r.cursor = end
            return
    raise r.error("argument.literal.incorrect", name)
