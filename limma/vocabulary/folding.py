"""Folding text for matching: case, accents, spacing and dashes aside, offsets kept.

A surface ("Côte d'Ivoire", "R&D", "the Netherlands") becomes a key: the tuple of its tokens
after folding, a token being a run of word characters or one other non-space character. A
leading "the" is dropped; hyphens and dashes are spaces ("South-East Asia" is "South East
Asia"); curly apostrophes are straight. Folding goes char by char so that every folded
character knows the index of the original character it came from ("ß" folds to "ss", both
pointing at the "ß"; a combining accent folds to nothing).
"""

from __future__ import annotations

import functools
import re
import unicodedata

# A token is a run of word characters, or any single other non-space character.
TOKEN = re.compile(r"\w+|[^\w\s]")
_NON_ASCII = re.compile(r"[^\x00-\x7f]+")

# Dashes separate words like spaces; quote-like marks are the apostrophe.
_PUNCTUATION = str.maketrans(
    {
        "-": " ",
        "\u2010": " ",
        "\u2011": " ",
        "\u2012": " ",
        "\u2013": " ",
        "\u2014": " ",
        "\u2212": " ",
        "\u2018": "'",
        "\u2019": "'",
        "\u02bb": "'",
        "\u02bc": "'",
        "\u00b4": "'",
        "`": "'",
    }
)
_ASCII_PUNCTUATION = str.maketrans({"-": " ", "`": "'"})


def _drop_marks(text: str) -> str:
    decomposed = unicodedata.normalize("NFKD", text)
    return "".join(
        char
        for char in decomposed
        if not unicodedata.combining(char) and unicodedata.category(char) != "Cf"
    )


@functools.lru_cache(maxsize=8192)
def fold_char(char: str) -> str:
    """One character folded: no accent, no case ("É" is "e", "ß" is "ss", U+0301 is "")."""
    kept = _drop_marks(char.translate(_PUNCTUATION))
    return _drop_marks(kept.casefold()).casefold()


@functools.lru_cache(maxsize=8192)
def _cased_char(char: str) -> str:
    return _drop_marks(char.translate(_PUNCTUATION))


def fold(text: str) -> str:
    if text.isascii():
        return text.lower().translate(_ASCII_PUNCTUATION)
    return "".join(map(fold_char, text))


def fold_with_index(text: str) -> tuple[str, list[int] | None]:
    """The folded text, and for each folded character the index of its original character.

    The index is None when folding kept every character in place (plain ASCII text).
    """
    if text.isascii():
        return text.lower().translate(_ASCII_PUNCTUATION), None
    parts: list[str] = []
    index: list[int] = []
    done = 0
    for run in _NON_ASCII.finditer(text):
        parts.append(text[done : run.start()].lower().translate(_ASCII_PUNCTUATION))
        index.extend(range(done, run.start()))
        for position in range(run.start(), run.end()):
            folded = fold_char(text[position])
            if folded:
                parts.append(folded)
                index.extend([position] * len(folded))
        done = run.end()
    parts.append(text[done:].lower().translate(_ASCII_PUNCTUATION))
    index.extend(range(done, len(text)))
    return "".join(parts), index


def _without_article(tokens: tuple[str, ...]) -> tuple[str, ...]:
    if len(tokens) > 1 and tokens[0].casefold() == "the":
        return tokens[1:]
    return tokens


@functools.lru_cache(maxsize=65536)
def key(surface: str) -> tuple[str, ...]:
    """The tokens a surface is matched by: "The  Netherlands" is ("netherlands",)."""
    return _without_article(tuple(TOKEN.findall(fold(surface))))


@functools.lru_cache(maxsize=65536)
def cased_key(surface: str) -> tuple[str, ...]:
    """Like key() but keeping case, for short surfaces: "UK" is ("UK",), "uk" is ("uk",)."""
    return _without_article(tuple(TOKEN.findall("".join(map(_cased_char, surface)))))


@functools.lru_cache(maxsize=65536)
def is_short(surface: str) -> bool:
    """Shorter than three characters once folded: matched with its case as written."""
    return len("".join(key(surface))) < 3


def original_span(text: str, index: list[int] | None, start: int, end: int) -> tuple[int, int]:
    """The span of `text` that the folded span [start, end) came from.

    Combining marks right after the span (a decomposed accent on its last letter) belong to it.
    """
    if index is None:
        return start, end
    first, last = index[start], index[end - 1] + 1
    while last < len(text) and unicodedata.combining(text[last]):
        last += 1
    return first, last
