"""A recency facet in one experience — "currently" (current: True) or "in the last N years"
(within_years: N) — judged from the experience's OWN sentences, the record's end applied.

"Currently" in a biography is the biography's claim (docs/concepts.md#recency). So a
recency is granted from words the product's code reads, never from the model's say-so:

- current: one of the experience's sentences claims an OPEN period, in a closed list of words —
  "currently", "presently", "at present", "since <a date>", "to present" ("- present", "to the
  present day"), "to date", "to this day", "until now" ("up to now", "until today"), "now" — and
  nothing in its sentences ends it (an end date, "until …", "until recently", "left", "retired",
  "formerly", "no longer", "before moving …", …; or an end the model reports for the period). A
  claim is not taken where its sentence holds a negator ("not currently"), where it is past
  perfect ("had led … since 2001": open until when?), where "since" writes no date ("ever
  since", "since joining"), or where its date is after as_of or after the document's own date.
- within_years: N: the experience ran within N years before as_of — it is open as above (running
  at as_of), or an end its sentences write ("from 2001 to 2021", "until May 2022", "2001-2021",
  "left … in 2021") is no earlier than as_of less N years (and no later than as_of: an end still
  to come dates nothing). A bare end year is its January, the least it can mean. An end the
  model reports and the sentences do not write grants nothing.

With a record_check, an open period at an employer whose every recorded role has ended
(criteria.rules.recency.record.closure) makes nothing current and runs no later than that end: where
that is what leaves the recency open, missing_because is record_says_ended and the verdict carries
closed_by_record {end, row}. Where the profile's own words fall short anyway, the reason is the
profile's own (profile_says_ended) and no row is named. Without a check, a granted recency is
the profile's claim alone: the block says recency_unchecked_against_record (recency_notes).

Why a recency is open (missing_because): silent — the sentences write nothing about when;
recency_not_proved — they write a time the reader does not take (a claim refused as above, an
open claim beside an end, an end with no date for within_years, "recently", a bare start date);
profile_says_ended — they end it (and claim nothing open), or end it before the window;
record_says_ended — the record's end, and only it, leaves it open.

What it cannot see: an open claim in a sentence the model grouped with the experience that is
about other work ("She currently coaches the staff football team.") is the experience's claim —
pass `anchors` (the sentences that open the experience or quote a condition) to hold the claim
to those; and present tense alone ("Greta leads marketing …") claims nothing here.

Pure functions over words and dates; no model, no database.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import date
from typing import Any

from criteria.rules.lengths.count import DATE, month_of, months_of
from criteria.rules.recency.record import RECORD_SAYS_ENDED, Closure
from criteria.types import RECENCY, SILENT, Facet, Quote

RECENCY_NOT_PROVED = "recency_not_proved"
PROFILE_SAYS_ENDED = "profile_says_ended"
RECENCY_UNCHECKED_AGAINST_RECORD = "recency_unchecked_against_record"
MISSING_BECAUSE = (SILENT, RECENCY_NOT_PROVED, PROFILE_SAYS_ENDED, RECORD_SAYS_ENDED)

_I = re.IGNORECASE
# The open claims: the closed list of words that claim the period runs on.
_OPEN = re.compile(
    r"\b(?:currently|presently|at\s+present)\b"
    rf"|\bsince\s+(?P<since>{DATE})"
    rf"|(?:(?:\bfrom\s+)?(?P<begun>{DATE})\s*)?"
    r"(?:\b(?:to|until|till|through|thru)\s+|[-\u2013\u2014]\s*)(?:the\s+)?present(?:\s+day)?\b"
    r"|(?<!\bup\s)\bto\s+date\b|\bto\s+this\s+day\b"
    r"|\b(?:until|till|up\s+to|to)\s+(?:now|today)\b"
    r"|\bnow\b(?![-\u2011])",
    _I,
)
_NEGATOR = re.compile(r"\b(?:not|never|no\s+longer|nor)\b|\b\w+n['\u2019]t\b", _I)
_PAST_PERFECT = re.compile(r"\bhad\b", _I)
# Ends the sentences write WITH a date: the date is the period's end.
_DATED_ENDS = (
    re.compile(rf"\b(?:until|till|to|through|thru)\s+(?P<end>{DATE})", _I),
    re.compile(rf"(?<![\d/]){DATE}\s*[-\u2013\u2014]\s*(?P<end>{DATE})", _I),
    re.compile(rf"\bbetween\s+{DATE}\s+and\s+(?P<end>{DATE})", _I),
    re.compile(
        r"\b(?:left|leaving|retired|retiring|stepped\s+down|stepping\s+down|resigned|departed"
        rf"|quit|ended|ceased)\b[^.;]{{0,60}}?\b(?:in|by)\s+(?P<end>{DATE})",
        _I,
    ),
)
# Ends with no date: they end the open period, and date nothing.
_UNDATED_ENDS = re.compile(
    r"\b(?:until|till)\b(?!\s+(?:now|today|(?:the\s+)?present(?:\s+day)?|date)\b)"
    r"|\b(?:formerly|former|previously|no\s+longer|left|leaving|retired|retiring|retirement"
    r"|stepped\s+down|steps?\s+down|stepping\s+down|resigned|departed|quit|ended|ceased"
    r"|moved\s+on|went\s+on\s+to|later|was\s+succeeded|handed\s+over|sabbatical"
    r"|career\s+break|on\s+leave|between\s+(?:roles|jobs|positions)|unemployed|seeking"
    r"|looking\s+for)\b"
    r"|\bbefore\s+(?:moving|joining|leaving|becoming|taking|switching|returning|starting)\b",
    _I,
)
# Words about WHEN that claim nothing the reader takes: recency_not_proved, never silent.
_TIME_WORDS = re.compile(
    rf"\b(?:since|recently|recent|nowadays|these\s+days|at\s+the\s+moment|today|still|ongoing"
    rf"|as\s+of)\b|{DATE}",
    _I,
)
_OPEN_PERIOD_ENDS = frozenset(
    {"present", "now", "current", "currently", "ongoing", "today", "date", "to date", "to present"}
)


@dataclass(frozen=True)
class _Words:
    sentence: int  # index into the experience's sentences
    start: int  # span within that sentence
    end: int
    words: str
    month: int | None = None  # an end's month; a since-claim's start month


@dataclass(frozen=True)
class RecencyVerdict:
    """What a recency facet comes to in one experience."""

    granted: bool
    missing_because: str | None = None  # one of MISSING_BECAUSE, None when granted
    sentence: int | None = None  # the sentence the words granted by stand in (its index)
    start: int | None = None  # their span within that sentence
    end: int | None = None
    words: str | None = None  # the open claim ("Since 2001"), or the end ("to 2021")
    closed_by_record: dict[str, Any] | None = None  # {end, row}: where record_says_ended
    unchecked_against_record: bool = False  # granted, and the criterion states no record_check

    def quote(
        self, facet_key: str, source_id: str, sentence_spans: Sequence[tuple[int, int]]
    ) -> Quote | None:
        """The granted words as a Quote of the document: sentence_spans are the experience's
        sentences' (start, end) in the document, in the order the verdict was given them."""
        if not self.granted or self.sentence is None or self.start is None or self.end is None:
            return None
        offset = sentence_spans[self.sentence][0]
        return Quote(
            facet=facet_key,
            text=self.words or "",
            source_id=source_id,
            char_start=offset + self.start,
            char_end=offset + self.end,
        )


def recency_verdict(
    facet: Facet,
    *,
    sentences_of_experience: Sequence[str],
    period_start: str | None,
    period_end: str | None,
    document_date: date | None,
    as_of: date,
    closure: Closure | None = None,
    record_checked: bool = False,
    anchors: Iterable[int] | None = None,
) -> RecencyVerdict:
    """A recency facet (current, or within_years) in one experience (module docstring).

    sentences_of_experience: the experience's own sentences as the document writes them (read.py's
    located words). period_start / period_end: the period the model reported (its end only ever
    blocks; its start only refuses a period begun after as_of). document_date: the document's own
    date (a "since" after it is not taken). as_of: the day asked about (as_of_date). closure: the
    record's end at the experience's employer (criteria.rules.recency.record.closure), None where
    there is none. record_checked: the criterion states a record_check. anchors: indices of the
    sentences an open claim may stand in (the opening one, those a condition is quoted from); None:
    any.
    """
    if facet.kind != RECENCY or not (facet.current or facet.within_years):
        raise ValueError(f"not a recency facet that says when: {facet.key}")
    sentences = list(sentences_of_experience)
    now = month_of(as_of)
    allowed = None if anchors is None else frozenset(anchors)
    claims, refused = _claims(sentences, now=now, document_date=document_date, allowed=allowed)
    dated, undated = _ends(sentences)
    if _model_end(period_end):
        undated.append(_Words(-1, 0, 0, str(period_end)))
    begun = months_of(period_start.strip(), start=False) if period_start else None
    if begun is not None and begun > now:
        return RecencyVerdict(False, RECENCY_NOT_PROVED)  # not begun as of as_of
    claim = claims[0] if claims and not dated and not undated else None
    time_written = bool(claims or refused or dated or undated) or any(
        _TIME_WORDS.search(sentence) for sentence in sentences
    )
    said = _Said(claim, claims, dated, undated, time_written)
    checked = record_checked or closure is not None
    if facet.current:
        return _current(said, now=now, closure=closure, checked=checked)
    window = now - round(12 * float(facet.within_years or 0))
    return _within(said, window=window, now=now, closure=closure, checked=checked)


@dataclass(frozen=True)
class _Said:
    """What the experience's sentences write about when."""

    claim: _Words | None  # the open claim taken, where nothing ends it
    claims: list[_Words]  # every open claim taken
    dated: list[_Words]  # ends with a date
    undated: list[_Words]  # ends without one (and an end the model reports)
    time_written: bool  # anything about when at all


def _current(said: _Said, *, now: int, closure: Closure | None, checked: bool) -> RecencyVerdict:
    claim = said.claim
    if claim is not None:
        if closure is not None and closure.month < now:
            return RecencyVerdict(
                False, RECORD_SAYS_ENDED, closed_by_record=closure.echo(), **_at(claim)
            )
        return _granted(claim, checked)
    ended = said.undated or [end for end in said.dated if end.month is not None and end.month < now]
    if said.claims or not ended:
        # an open claim beside an end (the profile says both), or only ends still to come
        return RecencyVerdict(False, RECENCY_NOT_PROVED if said.time_written else SILENT)
    return RecencyVerdict(False, PROFILE_SAYS_ENDED)


def _within(
    said: _Said, *, window: int, now: int, closure: Closure | None, checked: bool
) -> RecencyVerdict:
    claim = said.claim
    if claim is not None:  # open: running at as_of, unless the record ended it before
        if closure is not None and closure.month < window:
            return RecencyVerdict(
                False, RECORD_SAYS_ENDED, closed_by_record=closure.echo(), **_at(claim)
            )
        return _granted(claim, checked)
    # An end after as_of dates nothing the reader can hold: when did the period begin?
    ends = [end for end in said.dated if end.month is not None and end.month <= now]
    if not ends:
        return RecencyVerdict(False, RECENCY_NOT_PROVED if said.time_written else SILENT)
    earliest = min(ends, key=lambda end: end.month or 0)
    if (earliest.month or 0) < window:
        return RecencyVerdict(False, PROFILE_SAYS_ENDED)
    # A closed period the profile dates: the record only ever shortens an open one.
    return _granted(earliest, True)


def _granted(words: _Words, checked: bool) -> RecencyVerdict:
    return RecencyVerdict(True, None, unchecked_against_record=not checked, **_at(words))


def _at(words: _Words) -> dict[str, Any]:
    return {
        "sentence": words.sentence,
        "start": words.start,
        "end": words.end,
        "words": words.words,
    }


def _claims(
    sentences: list[str], *, now: int, document_date: date | None, allowed: frozenset[int] | None
) -> tuple[list[_Words], list[_Words]]:
    """The open claims the reader takes, and those it refuses (they still write a time)."""
    taken: list[_Words] = []
    refused: list[_Words] = []
    for index, sentence in enumerate(sentences):
        for match in _OPEN.finditer(sentence):
            begun = match["since"] or match["begun"]
            start = months_of(begun, start=False) if begun else None
            found = _Words(index, match.start(), match.end(), match.group(), start)
            if _refused(found, sentence, now=now, document_date=document_date, allowed=allowed):
                refused.append(found)
            else:
                taken.append(found)
    return taken, refused


def _refused(
    claim: _Words,
    sentence: str,
    *,
    now: int,
    document_date: date | None,
    allowed: frozenset[int] | None,
) -> bool:
    if allowed is not None and claim.sentence not in allowed:
        return True
    if _NEGATOR.search(sentence):
        return True
    if claim.words.lower().startswith("since") and (
        _PAST_PERFECT.search(sentence) or claim.month is None
    ):
        return True  # "had led … since 2001": open until when?
    if claim.month is not None and claim.month > now:
        return True  # begun after as_of
    return (
        claim.month is not None
        and document_date is not None
        and claim.month > month_of(document_date)
    )  # a start after the document's own date


def _ends(sentences: list[str]) -> tuple[list[_Words], list[_Words]]:
    """The ends the sentences write: with a date (its month, a bare year its January), and
    without one. An undated end word inside a dated end is that end."""
    dated: list[_Words] = []
    for index, sentence in enumerate(sentences):
        for pattern in _DATED_ENDS:
            for match in pattern.finditer(sentence):
                if any(_overlap(end, index, match.start(), match.end()) for end in dated):
                    continue
                month = months_of(match["end"], start=False)
                dated.append(_Words(index, match.start(), match.end(), match.group(), month))
    undated = [
        _Words(index, match.start(), match.end(), match.group())
        for index, sentence in enumerate(sentences)
        for match in _UNDATED_ENDS.finditer(sentence)
        if not any(_overlap(end, index, match.start(), match.end()) for end in dated)
    ]
    return dated, undated


def _overlap(words: _Words, sentence: int, start: int, end: int) -> bool:
    return words.sentence == sentence and words.start < end and start < words.end


def _model_end(period_end: str | None) -> bool:
    """The model reports an end for the period (not an open one: "present", "now", …)."""
    if period_end is None or not period_end.strip():
        return False
    return " ".join(period_end.casefold().split()) not in _OPEN_PERIOD_ENDS


FAR_FUTURE = date(9999, 12, 1)  # an as_of after every claim: each one is taken that ever is


def recency_may_be_granted(
    facet: Facet,
    *,
    sentences_of_experience: Sequence[str],
    period_start: str | None,
    period_end: str | None,
    document_date: date | None,
    anchors: Iterable[int] | None = None,
) -> bool:
    """Whether SOME as_of grants the recency as the profile writes it (the record aside).

    A stored judgment holds for every as_of a later search asks about, so an experience is a
    would-be match — and is asked its second call — wherever one could grant it. An open claim
    is taken at the latest as_of if at any; a closed period (within_years) from its earliest
    dated end (or the reported start, where that comes later) on.
    """
    sentences = list(sentences_of_experience)
    anchored = None if anchors is None else tuple(anchors)

    def granted_at(day: date) -> bool:
        return recency_verdict(
            facet,
            sentences_of_experience=sentences,
            period_start=period_start,
            period_end=period_end,
            document_date=document_date,
            as_of=day,
            anchors=anchored,
        ).granted

    if granted_at(FAR_FUTURE):
        return True
    if not facet.within_years:
        return False
    dated, _ = _ends(sentences)
    months = {end.month for end in dated if end.month is not None}
    begun = months_of(period_start.strip(), start=False) if period_start else None
    months |= {begun} if begun is not None else set()
    return any(granted_at(date(month // 12, month % 12 + 1, 1)) for month in sorted(months))


def recency_notes(facets: Iterable[Any], record_check: Mapping[str, Any] | Any | None) -> list[str]:
    """The criteria block's notes on recency: recency_unchecked_against_record where the
    criterion asks for a recency and states no record_check — "currently" is then the
    profile's claim alone, and nothing held it against the role history."""
    asks = any(
        (facet.get("kind") if isinstance(facet, Mapping) else getattr(facet, "kind", None))
        == RECENCY
        for facet in facets
    )
    return [RECENCY_UNCHECKED_AGAINST_RECORD] if asks and not record_check else []


def as_of_date(written: str | None, *, today: date) -> date:
    """The day a search asks about: its as_of ("YYYY", "YYYY-MM" or "YYYY-MM-DD") read from the
    first day it names; today where none is given."""
    if not written:
        return today
    parts = [int(part) for part in written.split("-")]
    return date(parts[0], parts[1] if len(parts) > 1 else 1, parts[2] if len(parts) > 2 else 1)
