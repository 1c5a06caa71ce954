"""The count a sentence writes, as the reader would count it: years and their bound.

Pure functions over words and a date. A count is a reading aid, never evidence: at_least ("more
than 20 years", "20+ years"), exactly ("22 years"), about ("about 22 years": two fewer), or period
(the months between the dates it writes, an open end counted to the document's own date). Every
date is read as the LEAST it can mean: a bare start year from its December, a bare end year from
its January ("since 2001" in a document dated 2024-03 is 22.25 years). Where nothing bounds the
count from below ("nearly 23 years", "18 months", "a couple of years"), years is None.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import date

from limma.text import DATE, MONTH_STARTS

AT_LEAST, EXACTLY, ABOUT, PERIOD = "at_least", "exactly", "about", "period"

# fmt: off
_SMALL = [
    "zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
    "eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen",
    "nineteen",
]
_TENS = {"twenty": 20, "thirty": 30, "forty": 40, "fifty": 50, "sixty": 60, "seventy": 70}
# fmt: on
NUMBER_WORDS = {word: value for value, word in enumerate(_SMALL)} | _TENS | {"a": 1, "an": 1}
_UNITS = "|".join(_SMALL[1:10])
NUMBER = (
    rf"\d+(?:\.\d+)?|(?:{'|'.join(_TENS)})(?:[-\s](?:{_UNITS}))?"
    rf"|{'|'.join(sorted(NUMBER_WORDS, key=len, reverse=True))}"
)
# Words before a count, by what they make of it. Negated forms come first, so "not more than"
# is never read as "more than".
MODIFIERS_AT_LEAST = (
    "no fewer than", "no less than", "not fewer than", "not less than", "well over",
    "just over", "more than", "at least", "upwards of", "in excess of", "a minimum of", "over",
)  # fmt: skip
MODIFIERS_ABOUT = ("approximately", "approx.", "roughly", "around", "about", "circa", "some")
MODIFIERS_UNBOUNDED = (
    "not more than", "no more than", "not quite", "not nearly", "not even", "just under",
    "a little under", "close to", "less than", "fewer than", "at most", "up to", "nearly",
    "almost", "barely", "under", "not", "never", "no",
)  # fmt: skip
NEGATORS = ("not", "no", "never")
_MODIFIER = "|".join(
    re.escape(word)
    for word in sorted(
        MODIFIERS_AT_LEAST + MODIFIERS_ABOUT + MODIFIERS_UNBOUNDED, key=len, reverse=True
    )
)
VAGUE = r"a\s+couple\s+of|a\s+few|a\s+handful\s+of|a\s+number\s+of|several|many|numerous|some"
_COUNT = re.compile(
    rf"(?:\b(?P<modifier>{_MODIFIER})\s+)?\b(?P<number>{NUMBER})(?P<plus>\+)?(?:\s+|-)"
    r"(?P<unit>years?|yrs?|decades?|months?|weeks?|days?)\b",
    re.IGNORECASE,
)
_VAGUE = re.compile(
    rf"\b(?:{VAGUE})\s+(?:years|decades|months)\b|\b(?:years|decades)\b", re.IGNORECASE
)
_LABEL = re.compile(r"\byears?\b[^.:\d]{0,40}:\s*(?P<number>\d+(?:\.\d+)?)\b", re.IGNORECASE)

_OPEN_END = r"present|today|now|date|the\s+present(?:\s+day)?"
_SINCE = re.compile(rf"\bsince\s+(?P<start>{DATE})", re.IGNORECASE)
_SPAN = re.compile(
    rf"(?:\bfrom\s+)?(?P<start>{DATE})\s*(?:to|until|till|through|thru|-|\u2013|\u2014)\s*"
    rf"(?P<end>{DATE}|{_OPEN_END})\b",
    re.IGNORECASE,
)
_BETWEEN = re.compile(
    rf"\bbetween\s+(?P<start>{DATE})\s+and\s+(?P<end>{DATE}|{_OPEN_END})\b", re.IGNORECASE
)
_DATE = re.compile(DATE, re.IGNORECASE)
_DATE_PARTS = re.compile(r"(?P<year>(?:19|20)\d\d)(?:-(?P<month>\d\d))?")


@dataclass(frozen=True)
class Time:
    """One time a sentence writes, where its words stand, and what it counts to."""

    start: int
    end: int
    kind: str  # "count", "vague", "label", "since", "span", "date"
    years: float | None = None
    bound: str | None = None
    problem: str | None = None  # "count_not_bounded" or "dates_not_usable"
    unit: str | None = None  # "years", "decades", "months", ... for a count
    negated: bool = False


def times_in(words: str, document_date: date | None, record_end: str | None = None) -> list[Time]:
    """Every time the words write, in order: the counts and periods first, then bare dates."""
    found: list[Time] = []
    for match in _SINCE.finditer(words):
        found.append(_since(match, document_date, record_end))
    for pattern in (_BETWEEN, _SPAN):
        for match in pattern.finditer(words):
            if not _covered(found, match.start(), match.end()):
                found.append(_span(match, document_date))
    for match in _COUNT.finditer(words):
        if not _covered(found, match.start(), match.end()):
            found.append(_counted(match))
    for match in _LABEL.finditer(words):
        if not _covered(found, match.start(), match.end()):
            years = float(match["number"])
            found.append(Time(match.start(), match.end(), "label", years, EXACTLY))
    for match in _VAGUE.finditer(words):
        if not _covered(found, match.start(), match.end()):
            problem = "count_not_bounded"
            found.append(Time(match.start(), match.end(), "vague", problem=problem))
    lengths = sorted(found, key=lambda time: time.start)
    dates = [
        Time(match.start(), match.end(), "date")
        for match in _DATE.finditer(words)
        if not _covered(found, match.start(), match.end())
    ]
    return lengths + dates


def first_length(
    words: str, document_date: date | None, record_end: str | None = None
) -> Time | None:
    """The first time the words write, preferring a length to a bare date; None: no time."""
    found = times_in(words, document_date, record_end)
    return found[0] if found else None


def count_of(
    words: str, document_date: date | None, record_end: str | None = None
) -> tuple[float | None, str | None]:
    """(years, bound) of the first length the words write; (None, None) where nothing bounds it.

    record_end ("YYYY-MM", with a record_check) closes an open period no later than that month.
    """
    time = first_length(words, document_date, record_end)
    return (None, None) if time is None else (time.years, time.bound)


def months_of(written: str, *, start: bool) -> int | None:
    """A date as a count of months: a bare year from its December (start) or January (end)."""
    written = written.strip()
    parts = _DATE_PARTS.fullmatch(written)
    if parts:
        year, month = int(parts["year"]), parts["month"]
        return year * 12 + (int(month) if month else (12 if start else 1)) - 1
    slash = re.fullmatch(r"(?P<month>\d{1,2})/(?P<year>\d{4})", written)
    if slash:
        return int(slash["year"]) * 12 + int(slash["month"]) - 1
    named = re.fullmatch(r"(?P<month>[A-Za-z]+)\.?\s+(?P<year>\d{4})", written)
    if named and named["month"][:3].lower() in MONTH_STARTS:
        return int(named["year"]) * 12 + MONTH_STARTS.index(named["month"][:3].lower())
    return None


def month_of(day: date) -> int:
    return day.year * 12 + day.month - 1


def _covered(found: list[Time], start: int, end: int) -> bool:
    return any(time.start < end and start < time.end for time in found)


def _since(match: re.Match[str], document_date: date | None, record_end: str | None) -> Time:
    begin = months_of(match["start"], start=True)
    where = (match.start(), match.end())
    if document_date is None or begin is None:
        return Time(*where, "since", problem="dates_not_usable")
    end = month_of(document_date)
    closed = months_of(record_end, start=False) if record_end else None
    if closed is not None:
        end = min(end, closed)
    if begin // 12 > month_of(document_date) // 12:
        return Time(*where, "since", problem="dates_not_usable")  # a start after the document
    return Time(*where, "since", round(max(end - begin, 0) / 12, 2), PERIOD)


def _span(match: re.Match[str], document_date: date | None) -> Time:
    where = (match.start(), match.end())
    begin = months_of(match["start"], start=True)
    written_end = match["end"]
    if re.fullmatch(_OPEN_END, written_end, re.IGNORECASE):
        if document_date is None:
            return Time(*where, "span", problem="dates_not_usable")
        end = month_of(document_date)
    else:
        end = months_of(written_end, start=False)
    if begin is None or end is None or end // 12 < begin // 12:
        return Time(*where, "span", problem="dates_not_usable")
    if document_date is not None and end > month_of(document_date):
        return Time(*where, "span", problem="dates_not_usable")  # an end still to come
    return Time(*where, "span", round(max(end - begin, 0) / 12, 2), PERIOD)


def _counted(match: re.Match[str]) -> Time:
    modifier = " ".join((match["modifier"] or "").lower().split())
    unit = match["unit"].lower()
    number = number_of(match["number"])
    negated = modifier.split(" ")[0] in NEGATORS if modifier else False
    where = (match.start(), match.end(), "count")
    unit_name = "years" if unit.startswith("y") else unit.rstrip("s") + "s"
    if number is None or modifier in MODIFIERS_UNBOUNDED or unit_name not in ("years", "decades"):
        return Time(*where, problem="count_not_bounded", unit=unit_name, negated=negated)
    years = number * 10 if unit_name == "decades" else number
    if modifier in MODIFIERS_AT_LEAST or match["plus"]:
        return Time(*where, years, AT_LEAST, unit=unit_name, negated=negated)
    if modifier in MODIFIERS_ABOUT:
        return Time(*where, max(years - 2, 0.0), ABOUT, unit=unit_name)
    return Time(*where, years, EXACTLY, unit=unit_name)


def number_of(written: str) -> float | None:
    """The number a count is written as: "20", "twenty", "twenty-two", "a" (a year) is 1."""
    if written[0].isdigit():
        return float(written)
    values = [NUMBER_WORDS.get(part) for part in re.split(r"[-\s]+", written.lower())]
    return None if None in values else float(sum(value for value in values if value))
