"""YAML loading that remembers where every key came from, for errors people can act on."""

from __future__ import annotations

import builtins
from pathlib import Path
from typing import Any, Iterable, Iterator

import yaml

from monopoli_mc.errors import ConfigError
from monopoli_mc.limits import SCORE_MAX
from monopoli_mc.operator_input import NotAFile, not_a_file, read_file


class Located(dict):
    """A YAML mapping that remembers its file and the line of each key."""

    file: str
    line: int
    key_lines: dict[str, int]
    path: str


class LocatedList(list):
    """A YAML sequence that remembers its file and the line of each item."""

    file: str
    line: int
    item_lines: list[int]
    path: str


class _Loader(yaml.SafeLoader):
    """SafeLoader that builds Located/LocatedList and rejects duplicate keys."""


def _construct_mapping(loader: _Loader, node: yaml.MappingNode) -> Located:
    result = Located()
    result.file = loader.name
    result.line = node.start_mark.line + 1
    result.key_lines = {}
    result.path = ""
    for key_node, value_node in node.value:
        key = loader.construct_object(key_node, deep=True)
        line = key_node.start_mark.line + 1
        if not isinstance(key, str):
            raise ConfigError(f"keys must be text, not {key!r}", file=loader.name, line=line)
        if key in result:
            raise ConfigError("duplicate key", file=loader.name, line=line, key=key)
        result[key] = loader.construct_object(value_node, deep=True)
        result.key_lines[key] = line
    return result


def _construct_sequence(loader: _Loader, node: yaml.SequenceNode) -> LocatedList:
    result = LocatedList(loader.construct_object(child, deep=True)
                         for child in node.value)
    result.file = loader.name
    result.line = node.start_mark.line + 1
    result.item_lines = [child.start_mark.line + 1 for child in node.value]
    result.path = ""
    return result


_LOADERS: list[type[Any]] = [_Loader]
if yaml.__with_libyaml__:
    class _FastLoader(yaml.CSafeLoader):
        """_Loader on libyaml's parser: the same values and lines, ten times faster; used only
        where it agrees with the pure parser (see load_yaml_text)."""

    _LOADERS.append(_FastLoader)
for _loader in _LOADERS:
    _loader.add_constructor(yaml.resolver.BaseResolver.DEFAULT_MAPPING_TAG, _construct_mapping)
    _loader.add_constructor(yaml.resolver.BaseResolver.DEFAULT_SEQUENCE_TAG, _construct_sequence)


def load_yaml(path: Path) -> Any:
    """Parse a YAML file into Located/LocatedList values; syntax errors name file and line."""
    return read_yaml(path)[0]


def read_yaml(path: Path) -> tuple[Any, bytes]:
    """`load_yaml`, and the file's bytes it parsed."""
    name = str(path)
    try:
        data = read_file(path)  # a FIFO or a device named in a config is refused, never read for ever
    except FileNotFoundError:
        raise ConfigError("file not found", file=name) from None
    except NotAFile as exc:
        raise ConfigError(f"cannot read file: it {not_a_file(path) or 'is not a regular file'}: give the path of a "
                          "file", file=name) from None
    except OSError as exc:
        raise ConfigError(f"cannot read file: {exc.strerror}", file=name) from None
    try:
        text = data.decode("utf-8").replace("\r\n", "\n").replace("\r", "\n")  # as read_text's newlines
    except UnicodeDecodeError as exc:
        raise ConfigError(f"cannot read file: not UTF-8 text (byte {exc.start})", file=name) from None
    return load_yaml_text(text, name), data


def load_yaml_text(text: str, name: str) -> Any:
    """Parse YAML text, naming it `name` in errors.

    libyaml's parser (when PyYAML has it) reads the text first, ~20 ms less for a game's
    configs. Whatever it refuses goes to PyYAML's pure parser, which words the error; so does
    any text with a tab or a `?`, which libyaml takes in places the pure parser refuses (a tab
    in indentation, `?` in a flow collection), or a byte-order mark after the first character
    (at a line's start libyaml skips it, the pure parser reads it as part of a key).
    tests/rules/test_configs.py checks that the result is the pure parser's, values, lines and
    errors.
    """
    if len(_LOADERS) > 1 and "\t" not in text and "?" not in text and "\ufeff" not in text[1:]:
        try:
            return _parse(_LOADERS[1], text, name)
        except Exception:  # the pure parser below decides, and words the error
            pass
    return _parse(_Loader, text, name)


def _parse(loader_class: type[Any], text: str, name: str) -> Any:
    try:
        loader = loader_class(text)
    except yaml.YAMLError as exc:  # a character YAML does not allow
        raise ConfigError(f"not valid YAML: {exc}".split("\n")[0], file=name) from None
    loader.name = name
    try:
        return loader.get_single_data()
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        line = mark.line + 1 if mark is not None else None
        raise ConfigError(f"not valid YAML: {exc.problem or exc.context}", file=name, line=line) from None
    except yaml.YAMLError as exc:
        raise ConfigError(f"not valid YAML: {exc}".split("\n")[0], file=name) from None
    finally:
        loader.dispose()


class Section:
    """A view of one mapping for validation: typed getters that raise ConfigError with file, line and key."""

    def __init__(self, data: Any, *, file: str, line: builtins.int | None = None, path: str = "") -> None:
        if not isinstance(data, dict):
            raise ConfigError(f"expected a mapping, found {_kind(data)}", file=file, line=line,
                              key=path or None)
        self.data = data
        self.file = getattr(data, "file", file)
        self.line = getattr(data, "line", line)
        self.path = path
        self._lines: dict[str, int] = getattr(data, "key_lines", {})
        self._used: set[str] = set()

    def key_path(self, key: str) -> str:
        """The dotted path of a key, for messages."""
        return f"{self.path}.{key}" if self.path else key

    def line_of(self, key: str) -> int | None:
        """The line a key is on (or the mapping's line)."""
        return self._lines.get(key, self.line)

    def error(self, key: str, message: str) -> ConfigError:
        """A ConfigError pointing at a key of this mapping."""
        return ConfigError(message, file=self.file, line=self.line_of(key), key=self.key_path(key))

    def has(self, key: str) -> bool:
        """Whether the key is present."""
        return key in self.data

    def raw(self, key: str, default: Any = None) -> Any:
        """The value of a key unchecked (and mark it used)."""
        self._used.add(key)
        return self.data.get(key, default)

    def get(self, key: str, kind: type | tuple[type, ...], default: Any = ..., *,
            allow_none: bool = False) -> Any:
        """A value of the given type; missing without default is an error."""
        self._used.add(key)
        if key not in self.data:
            if default is ...:
                raise ConfigError("missing required key", file=self.file, line=self.line,
                                  key=self.key_path(key))
            return default
        value = self.data[key]
        if value is None and allow_none:
            return None
        if not _is_instance(value, kind):
            raise self.error(key, f"expected {_type_name(kind)}, found {_kind(value)} {value!r}")
        return value

    def int(self, key: str, default: Any = ..., *, minimum: builtins.int | None = 0,
            allow_none: bool = False) -> Any:
        """A whole number, at least `minimum` and at most what a scoreboard holds."""
        value = self.get(key, int, default, allow_none=allow_none)
        if value is not None and minimum is not None and value < minimum:
            raise self.error(key, f"must be at least {minimum}, found {value}")
        if value is not None and value > SCORE_MAX:
            raise self.error(key, f"must be at most {SCORE_MAX:,} (the most a Minecraft score holds), "
                                  f"found {value:,}")
        return value

    def choice(self, key: str, choices: tuple[str, ...], default: Any = ...) -> Any:  # noqa: D401
        """One of a fixed set of words."""
        value = self.get(key, str, default)
        if value not in choices:
            raise self.error(key, f"must be one of {', '.join(choices)}; found {value!r}")
        return value

    def section(self, key: str) -> Section:
        """A nested mapping as a Section."""
        self._used.add(key)
        if key not in self.data:
            raise ConfigError("missing required key", file=self.file, line=self.line,
                              key=self.key_path(key))
        return Section(self.data[key], file=self.file, line=self.line_of(key), path=self.key_path(key))

    def items_of(self, key: str) -> Iterator[tuple[builtins.int, Any, builtins.int | None]]:
        """(index, item, line) for a list value."""
        value = self.get(key, list)
        lines = getattr(value, "item_lines", [])
        for index, item in enumerate(value):
            yield index, item, (lines[index] if index < len(lines) else self.line_of(key))

    def finish(self, allowed: tuple[str, ...] | None = None, *,
               known: Iterable[str] | None = None, see: str | None = None) -> None:
        """Reject keys that were not read (unknown keys), naming the first one.

        `known` is every valid key, for the hint (by default the keys read and
        `allowed`, which misses optional keys read only when present); `see`
        names where the reader finds them all when the list is too long to quote.
        """
        for key in self.data:
            if key not in self._used and (allowed is None or key not in allowed):
                valid = set(known) if known is not None else self._used | set(allowed or ())
                raise self.error(key, "unknown key" + _unknown_key_hint(key, valid, see))


_QUOTE_KEYS_AT_MOST = 12


def _unknown_key_hint(key: str, known: set[str], see: str | None) -> str:
    """The known keys if they are few; else the closest ones and where to find the rest."""
    names = sorted(known)
    if not names:
        return ""
    if len(names) <= _QUOTE_KEYS_AT_MOST:
        return f"; known keys: {', '.join(names)}"
    import difflib  # here: only a mistake needs it

    close = difflib.get_close_matches(key, names, n=3, cutoff=0.6)
    hint = f" (did you mean {' or '.join(close)}?)" if close else ""
    return hint + (f"; see {see}" if see else f"; known keys: {', '.join(names)}")


def _is_instance(value: Any, kind: type | tuple[type, ...]) -> bool:
    kinds = kind if isinstance(kind, tuple) else (kind,)
    if isinstance(value, bool) and bool not in kinds:
        return False  # YAML true is not a number
    if float in kinds and isinstance(value, int) and not isinstance(value, bool):
        return True
    return isinstance(value, kinds)


def _type_name(kind: type | tuple[type, ...]) -> str:
    names = {int: "a whole number", float: "a number", str: "text", bool: "true or false",
             list: "a list", dict: "a mapping"}
    kinds = kind if isinstance(kind, tuple) else (kind,)
    return " or ".join(names.get(k, k.__name__) for k in kinds)


_KIND_NAMES: tuple[tuple[type | tuple[type, ...], str], ...] = (
    (bool, "true/false"), ((int, float), "number"), (str, "text"), (list, "list"), (dict, "mapping"))


def _kind(value: Any) -> str:
    """What a YAML value is, in words (bool before int: YAML true is not a number)."""
    if value is None:
        return "nothing"
    for types, name in _KIND_NAMES:
        if isinstance(value, types):
            return name
    return type(value).__name__
