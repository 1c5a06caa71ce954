"""The one sentence splitter: where a run of prose is cut into sentences, at sentence punctuation
before a new sentence, never at the full stop of an abbreviation, an initial or a list number.

Every span is a pair of offsets into the text given (``text[start:end]`` is the sentence).
limma.segment reads a document's lines and parts and cuts each run of prose here; a text given
without parts (a reader's context, a handed-on sentence's surroundings, a transcript turn) is
cut by ``sentence_spans``. The rules are listed in limma.segment's docstring.
"""

from __future__ import annotations

import re
from dataclasses import dataclass


@dataclass(frozen=True)
class SentenceSpan:
    """One sentence, heading or transcript turn: ``text[start:end]``."""

    start: int
    end: int
    speaker: str | None = None  # transcript turns only
    timestamp: str | None = None  # "00:00:12" when present
    is_heading: bool = False


_CJK_TERM = "\u3002\uff01\uff1f"  # ideographic full stop, fullwidth ! and ?
TERM_CHARS = ".!?\u2026" + _CJK_TERM  # \u2026 is the one-character ellipsis
CLOSERS = "\"')]\u201d\u2019\u00bb"  # closing curly quotes and guillemet
_OPENERS = "\"'([\u201c\u2018\u00ab"
_TERMINAL = re.compile(f"[{re.escape(TERM_CHARS)}]+[{re.escape(CLOSERS)}]*")
_LINE = re.compile(r"[^\n]+")
_DOTTED = re.compile(r"(?:[^\W\d_]\.)+[^\W\d_]")
# A full stop after these never ends a sentence ...
_ABBREV_WORDS = """mr mrs ms mx dr prof sr jr st mt rev fr gen col capt lt sgt cmdr adm gov
sen rep hon pres messrs mme mlle mm cf vs viz al approx ca incl excl esp dept univ
inc ltd co corp llc plc bros ave blvd"""
# ... nor after these when a digit follows ("No. 5", "p. 4").
_NUMBERED_WORDS = """no nos nr p pp art arts sec ch chap vol vols fig figs para paras op ex
eq tel n jan feb mar apr jun jul aug sep sept oct nov dec"""
_ABBREV = frozenset(_ABBREV_WORDS.split())
_NUMBERED = frozenset(_NUMBERED_WORDS.split())


def split_run(text: str, start: int, end: int) -> list[SentenceSpan]:
    """Split one run of prose at sentence punctuation followed by a new sentence.

    ``start`` and ``end`` sit on non-whitespace, and each cut skips the
    whitespace after it, so the sentences tile the run exactly.
    """
    spans: list[SentenceSpan] = []
    sent_start = start
    for m in _TERMINAL.finditer(text, start, end):
        cut = m.end()
        if cut >= end:
            break
        nxt = cut
        while nxt < end and text[nxt].isspace():
            nxt += 1
        term = m.group().rstrip(CLOSERS)
        if nxt == cut and term[-1] not in _CJK_TERM:
            continue  # "2.5", "e.g", "U.S": no space, no cut
        if nxt == end:
            break
        if _ends_sentence(text, start, m, _next_letter(text, nxt, end)):
            spans.append(SentenceSpan(sent_start, cut))
            sent_start = nxt
    spans.append(SentenceSpan(sent_start, end))
    return spans


def sentence_spans(
    text: str, start: int = 0, end: int | None = None
) -> tuple[tuple[int, int], ...]:
    """The sentences of ``text[start:end]``, a text given without parts: each line is a run of
    prose cut by ``split_run``; outer white space and blank lines are left off."""
    end = len(text) if end is None else end
    spans: list[tuple[int, int]] = []
    for line in _LINE.finditer(text, start, end):
        low, high = line.start(), line.end()
        while low < high and text[low].isspace():
            low += 1
        while high > low and text[high - 1].isspace():
            high -= 1
        if low < high:
            spans.extend((span.start, span.end) for span in split_run(text, low, high))
    return tuple(spans)


def _next_letter(text: str, pos: int, end: int) -> str:
    """The character a new sentence would start with, past opening quotes."""
    if text[pos] in _OPENERS and pos + 1 < end:
        return text[pos + 1]
    return text[pos]


def _ends_sentence(text: str, run_start: int, m: re.Match[str], nxt: str) -> bool:
    """Is this punctuation the end of a sentence, given what follows?"""
    if nxt.islower():
        return False
    if m.group() != ".":
        return True
    return not is_abbreviation(text, run_start, m.start(), nxt)


def is_abbreviation(text: str, run_start: int, dot: int, nxt: str) -> bool:
    """Is the full stop at ``dot`` part of an abbreviation, initial or list number?"""
    i = dot
    while i > run_start and not text[i - 1].isspace():
        i -= 1
    token = text[i:dot].lstrip(_OPENERS)
    low = token.lower()
    if low in _ABBREV or (low in _NUMBERED and nxt.isdigit()):
        return True
    if len(token) == 1 and token.isupper():
        return True
    if _DOTTED.fullmatch(token):
        return True
    if token.isdigit() and len(token) <= 3:
        return _opens_list_item(text, run_start, i)
    return False


def _opens_list_item(text: str, run_start: int, i: int) -> bool:
    """Is the number starting at ``i`` a list number ("Steps: 1. Open it. 2. Close")?

    It is when it starts the run or follows ":", ";" or a sentence end, but
    not when it follows "p." or "No." ("see p. 4. Then").
    """
    j = i
    while j > run_start and text[j - 1].isspace():
        j -= 1
    if j == run_start or text[j - 1] in ":;!?":
        return True
    if text[j - 1] != ".":
        return False
    k = j - 1
    while k > run_start and not text[k - 1].isspace():
        k -= 1
    return text[k : j - 1].lstrip(_OPENERS).lower() not in _NUMBERED
