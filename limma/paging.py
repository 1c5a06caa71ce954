"""Paging by limit and offset, with whole counts: a count is never the length of a page."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

DEFAULT_LIMIT = 50
MAX_LIMIT = 1000
# Past any store's size, and inside every database's integer: a larger offset is a 422.
MAX_OFFSET = 1_000_000_000


@dataclass(frozen=True)
class Page[T]:
    items: list[T]
    total: int
    offset: int

    def counts(self) -> dict[str, Any]:
        """`showing` is 1-based and inclusive ([1, 2] of 2); null when the page is empty."""
        showing = [self.offset + 1, self.offset + len(self.items)] if self.items else None
        end = self.offset + len(self.items)
        return {
            "total": self.total,
            "showing": showing,
            "next_offset": end if end < self.total else None,
        }


def page_of[T](items: Sequence[T], *, limit: int, offset: int) -> Page[T]:
    return Page(items=list(items[offset : offset + limit]), total=len(items), offset=offset)
