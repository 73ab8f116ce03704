"""The RCON password: read from the environment or a file, and never printed."""

from __future__ import annotations

import os
from collections.abc import Mapping
from pathlib import Path

from monopoli_mc.errors import ConfigError
from monopoli_mc.operator_input import NotAFile, not_a_file, read_file

ENV_VAR = "MONOPOLI_RCON_PASSWORD"


class Password:
    """A secret string whose str and repr never show it; `reveal()` gives the text."""

    __slots__ = ("_value",)

    def __init__(self, value: str) -> None:
        if not value:
            raise ConfigError("the rcon password is empty (vanilla disables rcon without one)")
        self._value = value

    def reveal(self) -> str:
        """The password itself, for the login packet only."""
        return self._value

    def __repr__(self) -> str:
        return "Password('********')"

    __str__ = __repr__


def read_password(*, file: Path | str | None = None, env: str = ENV_VAR,
                  environ: Mapping[str, str] | None = None) -> Password:
    """The password from `file` if given, else from the environment variable `env`.

    A trailing newline in the file is dropped. Raises ConfigError if neither gives one.
    """
    if file is not None:
        path = Path(file)
        try:
            text = read_file(path).decode("utf-8", errors="strict")
        except NotAFile:
            raise ConfigError(f"cannot read the rcon password file: it {not_a_file(path) or 'is not a regular file'}",
                              file=str(path)) from None
        except UnicodeDecodeError:
            raise ConfigError("cannot read the rcon password file: not UTF-8 text", file=str(path)) from None
        except OSError as exc:
            raise ConfigError(f"cannot read the rcon password file: {(exc.strerror or '').lower()}",
                              file=str(path)) from None
        value = text.removesuffix("\n").removesuffix("\r")
        if not value:
            raise ConfigError("the rcon password file is empty", file=str(path))
        return Password(value)
    value = (os.environ if environ is None else environ).get(env, "")
    if not value:
        raise ConfigError(f"no rcon password: set {env} or give a password file")
    return Password(value)
