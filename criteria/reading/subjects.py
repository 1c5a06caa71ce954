"""Who "the person" of a document is, where no load recorded their name
(docs/concepts.md#the-person-of-a-document).

The name a load recorded serves every document of the person. Where none was recorded, the
reading model's quoted subject serves — only where that quote IS a name: a few capitalised
words and particles, no digit, no sentence punctuation, none of the words the reply states for
the criterion's conditions, and the document's own words. Anything else (a whole sentence, a
header line, a label) is no name, and the person is kept under none: nothing is granted by
name, and a length a name leads is handed on with subject_not_named.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

MAX_NAME_WORDS = 5
# Lower-case words a name may hold between its capitalised ones ("Ida van der Berg").
PARTICLES = frozenset(
    str.split("van von der den de del della di da du la le af av ter ten zu bin ibn al el y e")
)
_WORD = re.compile(r"[^\W\d_]+(?:['\u2019-][^\W\d_]+)*\.?")


def person_of(
    recorded: str | None, subject: str | None, *, text: str, stated: Iterable[str | None]
) -> str | None:
    """The name the document's person is read under: the recorded one, else the model's subject
    where it is a name the document writes; None when the person is kept under no name."""
    if recorded and recorded.strip():
        return recorded.strip()
    if subject is None or not is_a_name(subject, stated=stated):
        return None
    return subject.strip() if subject.strip() in text else None


def is_a_name(words: str, *, stated: Iterable[str | None] = ()) -> bool:
    """A few capitalised words and particles; no digit, no sentence punctuation, and none of the
    words stated for a condition."""
    tokens = words.split()
    if not tokens or len(tokens) > MAX_NAME_WORDS or any(ch.isdigit() for ch in words):
        return False
    if not all(_WORD.fullmatch(token) for token in tokens):
        return False  # sentence punctuation, a colon of a label, a bracket
    if tokens[-1].endswith(".") and len(tokens[-1]) > 2:
        return False  # a full stop ends a sentence; "J." is an initial
    capitalised = [token for token in tokens if token[0].isupper()]
    if not capitalised or any(
        token not in capitalised and token.casefold() not in PARTICLES for token in tokens
    ):
        return False
    folded = {token.strip(".").casefold() for token in tokens}
    for words_stated in stated:
        if words_stated and folded & {word.casefold() for word in words_stated.split()}:
            return False
    return True
