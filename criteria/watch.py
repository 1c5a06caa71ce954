"""Who watches a niche read while it runs: how far it has got, and whether to stop.

A caller that can tell its own client how a long read goes (the MCP server: progress
notifications, and a cancellation from the client) sets a Watch around the call; the read
reports each document it settles and asks the watch before each next one. A read nobody
watches reports to nobody and never stops early. What was read before a stop is stored, so a
later call reuses it and no document is paid twice.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field


def _nobody(done: int, of: int) -> None:
    del done, of


@dataclass
class Watch:
    """progress(done, of): `done` of the plan's `of` reads are settled. stop: set by the
    watcher when the read is to stop after the read it is in."""

    progress: Callable[[int, int], None] = _nobody
    stop: threading.Event = field(default_factory=threading.Event)

    @property
    def stopped(self) -> bool:
        return self.stop.is_set()


_current: ContextVar[Watch | None] = ContextVar("limma_read_watch", default=None)


@contextmanager
def watching(watch: Watch) -> Iterator[Watch]:
    """Reads inside the block report to `watch` and stop when it says so."""
    token = _current.set(watch)
    try:
        yield watch
    finally:
        _current.reset(token)


def current_watch() -> Watch:
    """The block's watch, or one that hears nothing and never stops."""
    return _current.get() or Watch()
