"""What may stand behind a stated name in a settled form (criteria/rules/names/rule.py, name_fate):
more of a list, a title, a place, a time or a length, and a means, last. Every word behind the name
must be one of these segments, or the name is a vote.

The place and time readers also read a leading place or time before the subject ("In 2019, she
…", criteria/rules/names/forms.py).
"""

from __future__ import annotations

import functools
import re

from criteria.rules.names.lists import (
    ARTICLES,
    BEHIND_THE_NAME_NOT_PLACED,
    LENGTH_PREPS,
    LIST_STOP,
    MEANS_NOT_PLACED,
    MEANS_PREPS,
    OR_NOT_AND,
    PLACE_PREPS,
    RANK_WORDS,
    TIME_JOINS,
    TIME_PREPS,
    TITLE_JOINS,
)
from criteria.rules.names.words import NUMBER, Context, Words, length_ends, phrase_ends
from limma.text import MONTHS, closed

# -- the settled forms: what stands behind the name -----------------------------------------


def suffix_placed(after: Words, context: Context) -> tuple[bool, str]:
    """Whether every word behind the name is a segment the reader can place; else why not."""
    size = len(after)
    reached: set[int] = set()

    @functools.cache
    def rest(at: int) -> bool:
        reached.add(at)
        if at == size:
            return True
        if after.folded[at] == "," and rest(at + 1):
            return True
        previous = after.folded[at - 1] if at else ""
        if any(rest(end) for end in sorted(_segment_ends(after, at, previous, context))):
            return True
        # More of a list stands right behind the name; a means ends the sentence: behind it
        # everything is a longer channel ("through distributors and pet shops").
        if at == 0 and any(rest(end) for end in sorted(_list_ends(after, at))):
            return True
        return size in _means_ends(after, at, context)

    if rest(0):
        return True, ""
    stuck = max(reached)
    word = after.folded[stuck] if stuck < size else ""
    if word in MEANS_PREPS:
        return False, MEANS_NOT_PLACED
    if word == "or":  # behind a comma too: rest() reaches the word behind every comma it reaches
        return False, OR_NOT_AND
    return False, BEHIND_THE_NAME_NOT_PLACED


def _segment_ends(after: Words, at: int, previous: str, context: Context) -> set[int]:
    ends = _title_ends(after, at, context, bare=previous == ",")
    ends |= place_ends(after, at, context)
    return ends | time_ends(after, at)


def _item_ends(words: Words, at: int) -> set[int]:
    """One item of a list: [det] one to five words, none of LIST_STOP."""
    folded = words.folded
    if at < len(folded) and folded[at] in ARTICLES:
        at += 1
    ends = set()
    for end in range(at + 1, min(at + 5, len(folded)) + 1):
        token = folded[end - 1]
        if not token[0].isalnum() or token in LIST_STOP:
            break
        ends.add(end)
    return ends


def _list_ends(words: Words, at: int) -> set[int]:
    """More of a list, "and" only: [, item]* [,] and item."""
    folded = words.folded
    ends: set[int] = set()
    pending, seen = [at], {at}
    while pending:
        position = pending.pop()
        if position < len(folded) and folded[position] == "and":
            ends |= _item_ends(words, position + 1)
        if position < len(folded) and folded[position] == ",":
            if position + 1 < len(folded) and folded[position + 1] == "and":
                ends |= _item_ends(words, position + 2)
            for end in _item_ends(words, position + 1):
                if end not in seen:
                    seen.add(end)
                    pending.append(end)
    return ends


def _title_ends(words: Words, at: int, context: Context, *, bare: bool) -> set[int]:
    """A title: "as" [det] a run of rank words, vocabulary terms, another condition's words and
    of/and — at least one rank word, none of of/and last. Behind a comma "as" may be left out."""
    folded = words.folded
    if at < len(folded) and folded[at] == "as":
        at += 1
    elif not bare:
        return set()
    if at < len(folded) and folded[at] in ARTICLES:
        at += 1
    ends: set[int] = set()
    pending: list[tuple[int, bool]] = [(at, False)]
    seen = set(pending)
    while pending:
        position, ranked = pending.pop()
        steps: list[tuple[int, bool, bool]] = []  # (end, has a rank word, ends on a join)
        if position < len(folded):
            word = folded[position]
            if word in RANK_WORDS:
                steps.append((position + 1, True, False))
            if word in TITLE_JOINS and position > at:
                steps.append((position + 1, ranked, True))
            for end in phrase_ends(context.terms, words, position) | phrase_ends(
                context.own_bare, words, position
            ):
                steps.append((end, ranked, False))
        for end, has_rank, joined in steps:
            if has_rank and not joined:
                ends.add(end)
            if (end, has_rank) not in seen:
                seen.add((end, has_rank))
                pending.append((end, has_rank))
    return ends


def place_ends(words: Words, at: int, context: Context) -> set[int]:
    """in / across / throughout / within + places the reader can place, joined by and / ","."""
    folded, size = words.folded, len(words)
    if at >= size or folded[at] not in PLACE_PREPS:
        return set()
    ends: set[int] = set()
    pending, seen = [at + 1], {at + 1}
    while pending:
        position = pending.pop()
        if position < size and folded[position] in ARTICLES:
            position += 1
        found = phrase_ends(context.terms, words, position) | phrase_ends(
            context.own_bare, words, position
        )
        for end in found:
            ends.add(end)
            following = end
            if following < size and folded[following] == ",":
                following += 1
            if following < size and folded[following] in ("and", "&"):
                following += 1
            if following > end and following not in seen:
                seen.add(following)
                pending.append(following)
    return ends


def _is_year(token: str) -> bool:
    return bool(re.fullmatch(r"(?:19|20)\d\d(?:s)?", token))


def time_ends(words: Words, at: int) -> set[int]:
    """since 2019, from 2001 to 2015, in May 2015, between 2001 and 2015, for 22 years."""
    folded = words.folded
    if at >= len(folded):
        return set()
    ends: set[int] = set()
    if folded[at] in TIME_PREPS:
        position, dated = at + 1, False
        while position < len(folded):
            token = folded[position]
            if _is_year(token):
                dated = True
            elif not (token in MONTHS or token in TIME_JOINS or re.fullmatch(r"\d{1,2}", token)):
                break
            position += 1
            if dated and (_is_year(token) or token in MONTHS or token in closed("present now")):
                ends.add(position)
    if folded[at] in LENGTH_PREPS:
        ends |= length_ends(words, at + 1)
    return ends


def _means_ends(words: Words, at: int, context: Context) -> set[int]:
    """through / via + a means placed by what the reader KNOWS: every word of it a vocabulary
    term, a number or a date — or the means word for word another condition as written."""
    folded = words.folded
    if at >= len(folded) or folded[at] not in MEANS_PREPS:
        return set()
    start = at + 1
    ends = phrase_ends(context.own_bare, words, start, plural=False)
    known: set[int] = set()
    pending = [start + 1] if start < len(folded) and folded[start] in ARTICLES else []
    pending.append(start)
    seen = set(pending)
    while pending:
        position = pending.pop()
        steps = phrase_ends(context.terms, words, position, plural=False)
        if position < len(folded):
            token = folded[position]
            if NUMBER.fullmatch(token) or _is_year(token) or token in MONTHS:
                steps.add(position + 1)
        for end in steps:
            known.add(end)
            if end not in seen:
                seen.add(end)
                pending.append(end)
    return ends | known
