"""The `meta` table's keys, each read and written here with its type: no key is spelt anywhere else.

`Store` inherits these accessors. A value changed outside monopoli that is not of its type is a
StoreError naming the file, the key and what to do (`Store.damaged`); where an unreadable value has a
safe reading (a pause start no one can read is not counted), the accessor says so. Keys, by who uses them:

- the inbox: `inbox_seq:<world or boot key>`, `last:<world>`, `boot:<world>`, `world`/`world@<address>`;
- the file and the night: `file`, `applied`, `applied_at`, `night`;
- a board: `paused:<board>`, `paused_at:<board>`, `books_out:<board>`, `offers:<board>:<game>`;
- a game: `time_limit:<game>`, `time_limit_lifted:<game>`, `time_paused:<game>`, `uuids:<game>`, `final:<game>`;
- the night's news and crowning: `news`, `news:<n>`, `heard:<world>`, `crowned`.
"""

from __future__ import annotations

import json
from typing import Any, Callable, TypeVar

from monopoli_mc.controller.db import sqlfile
from monopoli_mc.errors import StoreError

_T = TypeVar("_T")
NEWS = "news"  # how many tidings the night has
HEARD = "heard:"  # + world: how many of them that world has heard
CROWNED = "crowned"  # the last crowning (night.record_crowning)


def news_key(n: int) -> str:
    """The key of the night's tiding number `n`."""
    return f"{NEWS}:{n}"


class MetaKeys:
    """Typed readers and writers of every key of the `meta` table (writes: inside a transaction)."""

    db: sqlfile.Connection
    path: str

    def damaged(self, table: str, row: object, why: str) -> StoreError:
        """The error for a row changed outside monopoli (Store's)."""
        raise NotImplementedError

    # -- the raw table -----------------------------------------------------------------
    def _meta(self, key: str, default: str = "") -> str:
        row = self.db.execute("SELECT value FROM meta WHERE key=?", (key,)).fetchone()
        return str(row[0]) if row else default

    def _meta_json(self, key: str, default: str, shape: Callable[[Any], _T], what: str) -> _T:
        """A value stored as JSON, made into what the controller holds by `shape` (which raises on a wrong one)."""
        text = self._meta(key, default)
        try:
            return shape(json.loads(text))
        except (TypeError, ValueError, KeyError, AttributeError) as exc:
            raise self.damaged("meta", key, f"not {what}: {exc}") from None

    def _set_meta(self, key: str, value: str) -> None:
        self.db.execute("INSERT OR REPLACE INTO meta(key, value) VALUES(?, ?)", (key, value))

    def _count(self, key: str, what: str) -> int:
        text = self._meta(key, "0")
        if not text.lstrip("-").isdigit() or not text.isascii() or len(text) > 12:
            raise self.damaged("meta", key, f"{what} is {text[:40]!r}, not a number")
        return int(text)

    def _seconds(self, key: str, what: str, most: float) -> float | None:
        """Seconds stored as text (None when there are none), refused outside 0..most (nan too)."""
        text = self._meta(key)
        if not text:
            return None
        try:
            seconds = float(text)
        except ValueError:
            seconds = -1.0
        if not 0 <= seconds <= most:  # also nan: no comparison holds
            raise self.damaged("meta", key, f"{what} is {text[:40]!r}, not seconds")
        return seconds

    # -- the inbox -----------------------------------------------------------------------
    def cursor(self, world: str) -> int:
        """The last inbox seq applied from a world (by the identity its pack wrote at load)."""
        return self._count(f"inbox_seq:{world}", "the inbox cursor")

    def set_cursor(self, world: str, seq: int) -> None:
        """Store the last applied seq of a world (call inside the transaction of its actions)."""
        self._set_meta(f"inbox_seq:{world}", str(seq))

    def last_applied(self, world: str) -> int:
        """The seq of the last entry applied (or set aside) in a world, whatever its boot; 0 for none."""
        return int(self._meta(f"last:{world}", "0") or 0)

    def set_last_applied(self, world: str, seq: int) -> None:
        """Keep the seq of the last entry applied in a world."""
        self._set_meta(f"last:{world}", str(seq))

    def boot_seen(self, world: str) -> str:
        """The world's boot the last read showed ('' before any)."""
        return self._meta(f"boot:{world}")

    def set_boot_seen(self, world: str, boot: str) -> None:
        """Keep the boot a read showed."""
        self._set_meta(f"boot:{world}", boot)

    def world_followed(self, address: str) -> str:
        """The world identity this database followed last at an RCON address ('' for none; a database from
        before several worlds kept one for every address)."""
        return self._meta(f"world@{address}" if address else "world", self._meta("world"))

    def set_world_followed(self, address: str, world: str) -> None:
        """Keep the world identity followed at an address."""
        self._set_meta(f"world@{address}" if address else "world", world)

    # -- the file and the night ------------------------------------------------------------
    def file_identity(self, shape: Callable[[Any], _T]) -> _T:
        """The file's identity as stored (fileid.py gives its shape; {} for none)."""
        return self._meta_json("file", "{}", shape, "a file identity")

    def set_file_identity(self, held: dict[str, object]) -> None:
        """Keep the file's identity."""
        self._set_meta("file", json.dumps(held))

    def steps_applied(self) -> int:
        """How many steps the controllers have applied to this file."""
        return self._count("applied", "the steps applied")

    def step_at(self) -> float:
        """When the last step was applied (time of day; 0 before any)."""
        at = self._meta("applied_at", "0")
        try:
            return float(at)
        except ValueError:
            raise self.damaged("meta", "applied_at", f"the time of the last step is {at[:40]!r}, not a number") from None

    def set_step(self, steps: int, at: float) -> None:
        """Keep the steps applied and when the last one was."""
        self._set_meta("applied", str(steps))
        self._set_meta("applied_at", repr(at))

    def night_id(self) -> str:
        """This database's night id ('' before one is drawn)."""
        return self._meta("night")

    def set_night_id(self, night: str) -> None:
        """Keep the night id drawn."""
        self._set_meta("night", night)

    # -- a board -------------------------------------------------------------------------------
    def paused(self, board: str) -> bool:
        """Whether a board is paused."""
        return self._meta(f"paused:{board}") == "1"

    def set_paused(self, board: str, paused: bool) -> None:
        """Keep whether a board is paused."""
        self._set_meta(f"paused:{board}", "1" if paused else "0")

    def pause_began(self, board: str) -> float | None:
        """When a board's pause going on began (time of day); None when it is not paused, was paused by a
        controller from before pauses were timed, or the time cannot be read (that pause is not counted)."""
        text = self._meta(f"paused_at:{board}")
        try:
            return float(text) if text else None
        except ValueError:
            return None

    def set_pause_began(self, board: str, wall: float | None) -> None:
        """Keep when a board's pause began (None: it is not paused)."""
        self._set_meta(f"paused_at:{board}", "" if wall is None else repr(wall))

    def books_out(self, board: str, shape: Callable[[Any], _T]) -> _T:
        """The card books a board's game has given out, as stored (the table gives their shape)."""
        return self._meta_json(f"books_out:{board}", "[]", shape, "books given out")

    def set_books_out(self, board: str, books: list[tuple[int, str, int]]) -> None:
        """Keep the card books a board's game has given out."""
        self._set_meta(f"books_out:{board}", json.dumps(books))

    def offers(self, board: str, game: int, shape: Callable[[Any], _T]) -> _T:
        """The trade offers being written in a board's game, as stored."""
        return self._meta_json(f"offers:{board}:{game}", "{}", shape, "trade offers")

    def set_offers(self, board: str, game: int, offers: dict[int, dict[str, Any]]) -> None:
        """Keep the trade offers being written in a board's game."""
        self._set_meta(f"offers:{board}:{game}", json.dumps(offers))

    # -- a game --------------------------------------------------------------------------------
    def time_limit(self, game: int, most: float) -> float | None:
        """A game's time limit in seconds as stored when it started (0: none; None: a game from before limits
        were stored)."""
        return self._seconds(f"time_limit:{game}", "the time limit", most)

    def set_time_limit(self, game: int, seconds: float | None) -> None:
        """Keep a game's time limit (None or 0: none)."""
        self._set_meta(f"time_limit:{game}", f"{seconds or 0:g}")

    def limit_lifted(self, game: int) -> bool:
        """Whether an undo of a game's end lifted its time limit for good."""
        return bool(self._meta(f"time_limit_lifted:{game}"))

    def set_limit_lifted(self, game: int) -> None:
        """Mark a game's time limit lifted for good."""
        self._set_meta(f"time_limit_lifted:{game}", "1")

    def time_paused(self, game: int) -> float:
        """Seconds a game stood paused in its pauses that ended."""
        seconds = self._seconds(f"time_paused:{game}", "the time paused", 1e9)
        return 0.0 if seconds is None else seconds

    def set_time_paused(self, game: int, seconds: float) -> None:
        """Keep the seconds a game stood paused in its pauses that ended."""
        self._set_meta(f"time_paused:{game}", repr(seconds))

    def seat_uuids(self, game: int, shape: Callable[[Any], _T]) -> _T:
        """The UUID of each seat when a game started, as stored (null for a game from before)."""
        return self._meta_json(f"uuids:{game}", "null", shape, "a list of UUIDs")

    def set_seat_uuids(self, game: int, uuids: list[str | None]) -> None:
        """Keep the UUID of each seat of a game as it starts."""
        self._set_meta(f"uuids:{game}", json.dumps(uuids))

    def finals(self) -> set[int]:
        """The games `admin final` started."""
        keys = self.db.execute("SELECT key FROM meta WHERE key LIKE 'final:%'")
        return {int(key[6:]) for (key,) in keys if key[6:].isdigit() and key[6:].isascii()}

    def set_final(self, game: int) -> None:
        """Mark a game as the night's final."""
        self._set_meta(f"final:{game}", "1")

    # -- the night's news and crowning ------------------------------------------------------------
    def news_count(self) -> int:
        """How many tidings the night has (a count that is not a whole number, which only a hand edit makes: 0)."""
        return _number(self._meta(NEWS))

    def add_news(self, text: str) -> int:
        """Keep one more tiding (JSON text); its number."""
        n = self.news_count() + 1
        self._set_meta(news_key(n), text)
        self._set_meta(NEWS, str(n))
        return n

    def news(self, n: int) -> str:
        """Tiding number `n` as written ('' for none)."""
        return self._meta(news_key(n))

    def news_due(self, world: str) -> bool:
        """Whether the night has tidings a world has not heard (one read: the count and the world's mark)."""
        row = self.db.execute("SELECT (SELECT value FROM meta WHERE key=?), (SELECT value FROM meta WHERE key=?)",
                              (NEWS, HEARD + world)).fetchone()
        return row[1] is None or _number(row[0]) != _number(row[1])

    def heard(self, world: str) -> str:
        """How many tidings a world has heard, as written ('' before it heard any)."""
        return self._meta(HEARD + world)

    def set_heard(self, world: str, n: int) -> None:
        """Mark the tidings up to `n` heard by a world."""
        self._set_meta(HEARD + world, str(n))

    def crowning(self, shape: Callable[[Any], _T]) -> _T:
        """The last crowning as stored (null for none; night.py gives its shape)."""
        return self._meta_json(CROWNED, "null", shape, "a crowning")

    def set_crowning(self, record: dict[str, Any]) -> None:
        """Keep the crowning."""
        self._set_meta(CROWNED, json.dumps(record))


def _number(text: object) -> int:
    return int(text) if isinstance(text, str) and text.isdigit() and text.isascii() and len(text) < 12 else 0
