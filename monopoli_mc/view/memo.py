"""Texts (or anything) made once per key and shared by whoever asks (the page, its JSON, each board's section)."""

from __future__ import annotations

import threading
from typing import Callable, Generic, TypeVar

T = TypeVar("T")


class Memo(Generic[T]):
    """One text per slot, kept with the key it was made for; made again when asked with another key. A second
    asker waits for the first one's making rather than making it too."""

    def __init__(self) -> None:
        self.made = 0  # texts made (once per key, whoever asks and however often)
        self._lock = threading.Lock()
        self._kept: dict[str, tuple[object, T]] = {}

    def get(self, slot: str, key: object, make: Callable[[], T]) -> T:
        """The slot's text for `key`: the one kept, or `make()` when it was made for another key."""
        with self._lock:
            kept = self._kept.get(slot)
            if kept is None or kept[0] != key:
                kept = (key, make())
                self._kept[slot] = kept
                self.made += 1
            return kept[1]
