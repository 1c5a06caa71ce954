"""What a search's SQL remembers between calls: each constraint's decided terms and the SQL
compiled from the constraints alone, kept per vocabulary.

Both follow from a vocabulary and the constraints alone, so they are kept with the vocabulary:
the shipped vocabulary is one object for every call, and a workspace's own lives as long as the
workspace read with it.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable
from threading import Lock
from typing import Any
from weakref import WeakKeyDictionary

from limma.vocabulary import Vocabulary

# Per vocabulary, each facts-read constraint's codes (met, cannot be placed) and terms met,
# by (axis, constraint).
DECIDED: WeakKeyDictionary[Vocabulary, dict[tuple[str, str], tuple[list, list, list]]] = (
    WeakKeyDictionary()
)
# Per vocabulary, the SQL of what follows from it and the constraints alone (a relation's
# first met row, the sets' verdicts of a workspace), compiled once rather than every call;
# the searches asked most lately, so a process that serves many never holds them all.
COMPILED: WeakKeyDictionary[Vocabulary, OrderedDict[tuple[str, ...], tuple[str, list[Any]]]] = (
    WeakKeyDictionary()
)
COMPILED_KEPT = 512
COMPILED_LOCK = Lock()

Decided = tuple[list[str], list[str], list[str]]


def decided_remember(
    vocabulary: Vocabulary, key: tuple[str, str], decide: Callable[[], Decided]
) -> Decided:
    """What `decide` makes of one constraint (by `key`: its axis and itself), once per
    vocabulary."""
    known = DECIDED.setdefault(vocabulary, {})
    if key not in known:
        known[key] = decide()
    return known[key]


def compiled_remember(
    vocabulary: Vocabulary,
    key: tuple[str, ...],
    build: Callable[[], tuple[str, list[Any]]],
) -> tuple[str, list[Any]]:
    """The SQL `build` makes, once per vocabulary and `key` (the constraints it follows
    from): compiling a query costs more than running the page's. The params are the
    caller's own copy."""
    with COMPILED_LOCK:
        known = COMPILED.setdefault(vocabulary, OrderedDict())
        compiled = known.get(key)
        if compiled is not None:
            known.move_to_end(key)
    if compiled is None:
        compiled = build()
        with COMPILED_LOCK:
            known[key] = compiled
            while len(known) > COMPILED_KEPT:
                known.popitem(last=False)
    sql, params = compiled
    return sql, list(params)
