"""Comparing people's names as a person would: case, accents and spacing aside."""

from __future__ import annotations

import functools
import unicodedata


def fold_accents(text: str) -> str:
    """Drop combining marks after NFKD: "Zoë" is "Zoe" (no dependency; Unidecode is GPL)."""
    decomposed = unicodedata.normalize("NFKD", text)
    return "".join(char for char in decomposed if not unicodedata.combining(char))


@functools.lru_cache(maxsize=4096)
def name_key(name: str) -> str:
    """A name compared without case, accents or extra spacing: "Zoë  Ng" is "zoe ng"."""
    return " ".join(fold_accents(name).casefold().split())


# Letters NFKD keeps whole, and the apostrophes people type: "Ødegård" is "odegard".
UNFOLDED_LETTERS = str.maketrans(
    {"ø": "o", "Ø": "O", "æ": "ae", "Æ": "Ae", "œ": "oe", "Œ": "Oe", "ß": "ss", "đ": "d",
     "Đ": "D", "ð": "d", "Ð": "D", "ł": "l", "Ł": "L", "þ": "th", "Þ": "Th", "\u0131": "i",
     "\u2019": "'", "\u2018": "'", "\u02bc": "'"}
)  # fmt: skip


@functools.lru_cache(maxsize=4096)
def fold_name(words: str) -> str:
    """The one folding names are compared by in a document's words: case, accents, spacing
    and the letters NFKD keeps whole aside ("Mette Nørgaard" is "mette norgaard"). The length
    rule, the denial rule and the offline reader's roles all compare names by it; name_key
    (stored on every entity) is left as it is. Both are kept for the latest few thousand
    strings: a read folds the same person's and the criterion's names for every document."""
    return name_key(words.translate(UNFOLDED_LETTERS))
