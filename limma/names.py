"""Comparing people's names as a person would: case, accents and spacing aside."""

from __future__ import annotations

import unicodedata


def fold_accents(text: str) -> str:
    """Drop combining marks after NFKD: "Zoë" is "Zoe" (no dependency; Unidecode is GPL)."""
    decomposed = unicodedata.normalize("NFKD", text)
    return "".join(char for char in decomposed if not unicodedata.combining(char))


def name_key(name: str) -> str:
    """A name compared without case, accents or extra spacing: "Zoë  Ng" is "zoe ng"."""
    return " ".join(fold_accents(name).casefold().split())
