"""Does a stored slot value meet a condition? A pure function over values and the vocabulary.

A place or a function is matched through the vocabulary (Europe holds Germany; "Deutschland"
is Germany); dates compare as their ISO text to the precision both share; numbers as numbers.
"""

from __future__ import annotations

from typing import Any

from limma.vocabulary import Vocabulary

OPS = ("eq", "ne", "in", "lt", "le", "gt", "ge")
ORDERED_OPS = ("lt", "le", "gt", "ge")
VOCABULARY_TYPES = ("place", "function")


# The code a value the vocabulary cannot place is counted under (the facts verb's and the
# search's incomplete_because).
CANNOT_BE_PLACED = "cannot_be_placed"


class Unplaced(Exception):
    """The stored value is not a term the vocabulary knows: it cannot be placed."""


def value_meets(
    *, slot_type: str, stored: str, op: str, wanted: Any, vocabulary: Vocabulary
) -> bool:
    if op == "in":
        return any(
            value_meets(
                slot_type=slot_type, stored=stored, op="eq", wanted=item, vocabulary=vocabulary
            )
            for item in wanted
        )
    if op == "ne":
        return not value_meets(
            slot_type=slot_type, stored=stored, op="eq", wanted=wanted, vocabulary=vocabulary
        )
    if op in ORDERED_OPS:
        return _ordered(slot_type, stored, op, wanted)
    if slot_type in VOCABULARY_TYPES:
        return _under(stored, str(wanted), slot_type, vocabulary)
    if slot_type == "number":
        return float(stored) == float(wanted)
    if slot_type == "date":
        return _date_prefix(stored, str(wanted))
    return " ".join(stored.casefold().split()) == " ".join(str(wanted).casefold().split())


def _under(stored: str, wanted: str, axis: str, vocabulary: Vocabulary) -> bool:
    term = vocabulary.lookup(stored, axis=axis)
    if term is None:
        raise Unplaced(stored)
    target = vocabulary.lookup(wanted, axis=axis)
    return target is not None and vocabulary.is_under(term, target)


def _date_prefix(stored: str, wanted: str) -> bool:
    shared = min(len(stored), len(wanted))
    return stored[:shared] == wanted[:shared]


def _ordered(slot_type: str, stored: str, op: str, wanted: Any) -> bool:
    if slot_type == "number":
        left, right = float(stored), float(wanted)
    else:
        shared = min(len(stored), len(str(wanted)))
        left, right = stored[:shared], str(wanted)[:shared]
    return {
        "lt": left < right,
        "le": left <= right,
        "gt": left > right,
        "ge": left >= right,
    }[op]
