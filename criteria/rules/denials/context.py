"""What the reader knows of the document a denial is quoted from: the denial rule's input.

Its own module so that the rule (rule.py) and the readers of who leads a sentence (names.py,
sentence.py) all import it, and none of them imports another in a circle.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class DenialContext:
    """What the reader knows of the document a denial is quoted from.

    facet_words[key] — the condition's OWN words: its text, its core, its value and the names
    accepted for it (`also`). What a document of the person states for the condition belongs in
    denial_verdict's `stated_elsewhere`, not here: the firm form takes the condition's own words
    only, and a denial of the words a document states in their place is a doubt (the spec's
    "has never worked in Germany or France" beside "across Germany and France"). Both are read
    to name the condition a denial filed under an unknown key is held against.
    """

    text: str  # the whole document
    sentences: tuple[tuple[int, int], ...]  # every sentence span, in order
    speakers: tuple[str | None, ...]  # each sentence's turn label (transcripts), else None
    person: str | None  # the display name a load recorded, or None
    other_names: tuple[str, ...]  # other personal names the document writes
    facet_keys: tuple[str, ...]  # the criterion's facet keys, in order
    facet_words: dict[str, tuple[str, ...]]  # per key: the condition's own words (above)
    organisations: tuple[str, ...] = ()  # organisations the reply names (employers), if known
