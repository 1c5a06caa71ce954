"""The record check: what a criterion's record_check is read for, and what it may change.

The step that reads a LENGTH from the record's dates is switched off
(docs/concepts.md#record-check); sending record_check is still accepted, validated and echoed. What
the check is read for is an OPEN PERIOD: "currently", "since 2019" and "to present" are the
profile's claim, and an open period at an employer whose every recorded role has ENDED makes nothing
current and is counted no further than that end. The record only ever shortens what the profile
dates.

Pure functions; the caller loads the rows. What is here:

- record_check_faults / record_check_checked: {relation, party_slot, label_slot?} held to the
  workspace's pack (a malformed check is a malformed criterion: 422 criterion_invalid, each fault
  named record_check:<what>). label_slot is validated, part of the criterion's identity
  (criteria/criterion/address.py) and used by nothing.
- record_check_echo: the block's record_check, as the spec prints it.
- closure: the record's end of the experience's role at its employer, or None — only rows an
  export DECLARED are the record; a record with a known hole (a withheld row) is no witness; a
  role still open, or none at that employer, closes nothing.
- handed_on_closed / length_closure: what a closure does to a length — a handed-on sentence's
  years stop at the record's end (the item carries closed_by_record); a length the profile's
  dates grant and the record's end does not is record_says_ended. Where the profile's own dates
  fall short anyway, the reason stays the profile's own and no row is named.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from datetime import date
from typing import Any

from criteria.rules.lengths.count import DATE, PERIOD, count_of, first_length, month_of, months_of
from criteria.rules.lengths.lead import fold
from criteria.rules.lengths.read import LengthRead
from criteria.types import DURATION

RECORD_CHECK = "record_check"
RECORD_SAYS_ENDED = "record_says_ended"  # missing_because: the closure is what leaves it open
CRITERION_INVALID = "criterion_invalid"
RECORD_CHECK_MALFORMED = (
    "A record_check is {relation, party_slot, label_slot?}: a relation of the workspace's pack "
    "that records an end, the text slot that names the employer, and (optionally) another slot."
)
STATED = ("relation", "party_slot", "label_slot")
END_SLOT = "end"  # the slot a role's end is recorded in (search/partition.py's in_period)
DECLARED = "declared"

# Faults, each said as "record_check:<what>". Stable words: callers and tests rely on them.
NOT_AN_OBJECT = "not_an_object"
FIELD_UNKNOWN = "field_unknown"
RELATION_MISSING, RELATION_NOT_A_STRING = "relation_missing", "relation_not_a_string"
RELATION_UNKNOWN, RELATION_HAS_NO_END = "relation_unknown", "relation_has_no_end_slot"
PARTY_SLOT_MISSING, PARTY_SLOT_NOT_A_STRING = "party_slot_missing", "party_slot_not_a_string"
PARTY_SLOT_UNKNOWN, PARTY_SLOT_NOT_TEXT = "party_slot_unknown", "party_slot_not_text"
LABEL_SLOT_NOT_A_STRING, LABEL_SLOT_UNKNOWN = "label_slot_not_a_string", "label_slot_unknown"
LABEL_SLOT_IS_THE_PARTY_SLOT = "label_slot_is_the_party_slot"

# What the echo says of each thing the check could be read for.
SWITCHED_OFF, NO_DURATION_FACET, NOT_RUN = "switched_off", "no_duration_facet", "not_run"

# Legal forms that say nothing of WHICH organisation a name is: "Quellmark Foods AS" is
# "Quellmark Foods". Compared folded, dots and slashes aside ("S.A.", "A/S", "Inc.").
LEGAL_FORMS = frozenset(
    {
        "as", "asa", "ab", "abp", "ag", "gmbh", "mbh", "kg", "kgaa", "ohg", "ug", "se", "ltd",
        "limited", "llc", "llp", "lp", "inc", "incorporated", "corp", "corporation", "plc", "sa",
        "sas", "sarl", "sl", "sau", "spa", "srl", "bv", "nv", "oy", "oyj", "aps", "pty", "pte",
        "kk", "sro", "zrt", "ehf", "hf",
    }
)  # fmt: skip
_END = re.compile(r"(?P<year>(?:19|20)\d\d)(?:-(?P<month>0[1-9]|1[0-2])(?:-\d\d)?)?")
_OPEN_END = re.compile(r"(?:present|today|now|date|the\s+present(?:\s+day)?)\W*$", re.I)
_DATE = re.compile(DATE, re.IGNORECASE)


# -- the check as stated ---------------------------------------------------------------------


@dataclass(frozen=True)
class RecordCheck:
    """A criterion's record_check, checked against the pack."""

    relation: str
    party_slot: str
    label_slot: str | None = None  # accepted, validated, part of the identity; never read

    def as_stated(self) -> dict[str, str]:
        """The check as the caller stated it: the slots they sent, label_slot only if stated."""
        stated = {"relation": self.relation, "party_slot": self.party_slot}
        return stated | ({"label_slot": self.label_slot} if self.label_slot else {})

    @classmethod
    def from_stored(cls, raw: Mapping[str, Any] | None) -> RecordCheck | None:
        """A check stored on a criterion (already checked when it was minted), or None."""
        if not raw:
            return None
        return cls(raw["relation"], raw["party_slot"], raw.get("label_slot") or None)


def record_check_faults(raw: Any, pack: Any) -> list[str]:
    """Every way a record_check is malformed against the pack, as "record_check:<what>".

    `pack` is a limma.pack.Pack (anything with .relation(name) -> .slots {slot: type} or None).
    An empty list is a check that may be read; None (the key left out, or null) is no check.
    """
    if raw is None:
        return []
    if not isinstance(raw, dict):
        return [_fault(NOT_AN_OBJECT)]
    faults = [FIELD_UNKNOWN] if set(raw) - set(STATED) else []
    relation_faults, slots = _relation(raw.get("relation"), pack)
    faults += relation_faults
    party = raw.get("party_slot")
    faults += _party_slot(party, slots)
    faults += _label_slot(raw.get("label_slot"), party, slots)
    return [_fault(fault) for fault in faults]


def _relation(name: Any, pack: Any) -> tuple[list[str], Mapping[str, str] | None]:
    """The relation's faults, and its slots where the pack holds it."""
    if name is None:
        return [RELATION_MISSING], None
    if not isinstance(name, str):
        return [RELATION_NOT_A_STRING], None
    relation = pack.relation(name)
    if relation is None:
        return [RELATION_UNKNOWN], None
    if relation.slots.get(END_SLOT) != "date":
        return [RELATION_HAS_NO_END], relation.slots
    return [], relation.slots


def _party_slot(party: Any, slots: Mapping[str, str] | None) -> list[str]:
    if party is None:
        return [PARTY_SLOT_MISSING]
    if not isinstance(party, str):
        return [PARTY_SLOT_NOT_A_STRING]
    if slots is not None and party not in slots:
        return [PARTY_SLOT_UNKNOWN]
    if slots is not None and slots[party] != "text":
        return [PARTY_SLOT_NOT_TEXT]
    return []


def _label_slot(label: Any, party: Any, slots: Mapping[str, str] | None) -> list[str]:
    if label is None:
        return []
    if not isinstance(label, str):
        return [LABEL_SLOT_NOT_A_STRING]
    if slots is not None and label not in slots:
        return [LABEL_SLOT_UNKNOWN]
    if label == party:
        return [LABEL_SLOT_IS_THE_PARTY_SLOT]
    return []


def record_check_checked(raw: Any, pack: Any) -> RecordCheck | None:
    """The criterion's record_check, or None where it states none.

    Raises InvalidRequest(criterion_invalid, faults=[...]) where it is malformed: a malformed
    check is a malformed criterion. Sending a check is never refused for the length step being
    off — the echo says what the check was read for.
    """
    faults = record_check_faults(raw, pack)
    if faults:
        from limma.errors import InvalidRequest  # the one product import; kept out of the pure part

        raise InvalidRequest(CRITERION_INVALID, faults=faults, reason=RECORD_CHECK_MALFORMED)
    if raw is None:
        return None
    return RecordCheck(raw["relation"], raw["party_slot"], raw.get("label_slot"))


def record_check_echo(
    check: RecordCheck | Mapping[str, Any] | None,
    facets: Iterable[Any] | None,
    *,
    not_run: bool = False,
) -> dict[str, Any] | None:
    """The block's record_check: None without a check; else the check as stated, then

    length: never consulted — why "switched_off", or "no_duration_facet" where the criterion asks
    for no length (facets None, when no split is known, says switched_off);
    open_period: consulted — or, on a not_run reply, consulted for nothing (why "not_run").
    """
    if isinstance(check, Mapping):
        check = RecordCheck.from_stored(check)
    if check is None:
        return None
    asks_a_length = facets is None or any(_kind(facet) == DURATION for facet in facets)
    return check.as_stated() | {
        "length": {"consulted": False, "why": SWITCHED_OFF if asks_a_length else NO_DURATION_FACET},
        "open_period": {"consulted": not not_run, "why": NOT_RUN if not_run else None},
    }


def _fault(what: str) -> str:
    return f"{RECORD_CHECK}:{what}"


def _kind(facet: Any) -> str | None:
    return facet.get("kind") if isinstance(facet, Mapping) else getattr(facet, "kind", None)


# -- the closure -----------------------------------------------------------------------------


@dataclass(frozen=True)
class Closure:
    """The record's end of a role: the month (or year) it ended, and the row that says so."""

    end: str  # "YYYY-MM", or "YYYY" where the row records a year only
    row: dict[str, Any] = field(default_factory=dict)  # relation, table, record_id, values

    @property
    def month(self) -> int:
        """The end as a count of months; a bare year is its January (the least it can mean)."""
        months = months_of(self.end, start=False)
        assert months is not None
        return months

    def echo(self) -> dict[str, Any]:
        """closed_by_record, as an entry or a handed-on item carries it."""
        return {"end": self.end, "row": dict(self.row)}


def employer_key(name: str) -> tuple[str, ...]:
    """An organisation's name as compared: case, spacing and accents aside, and its legal form
    ("AS", "GmbH", "Inc.", "S.A.") after it. Nothing else: "Quellmark" is not "Quellmark Foods"."""
    words = [word.strip(",") for word in fold(name.replace(",", " , ")).split()]
    words = [word for word in words if word]
    while len(words) > 1 and (words[-1].replace(".", "").replace("/", "") in LEGAL_FORMS):
        words.pop()
    return tuple(words)


def same_employer(first: str | None, second: str | None) -> bool:
    """Whether two names write one employer (employer_key equal, and not empty)."""
    if not first or not second:
        return False
    key = employer_key(first)
    return bool(key) and key == employer_key(second)


def record_end(value: Any) -> str | None:
    """A recorded end as "YYYY-MM" (or "YYYY"); None where the row records no end it can read —
    an open role ("", None, "present"), or words that are no date."""
    if value is None or isinstance(value, bool):
        return None
    written = str(value).strip()
    found = _END.fullmatch(written)
    if found is None:
        return None
    return found["year"] + (f"-{found['month']}" if found["month"] else "")


def closure(
    *,
    check: RecordCheck,
    employer: str | None,
    rows: Iterable[Mapping[str, Any]],
    withheld: bool,
) -> Closure | None:
    """The record's end of the person's role at the experience's employer, or None.

    rows: the person's relation rows, each as RelationRow holds it — {"relation", "values",
    "origin", "source_table", "record_id"}. Only rows of the check's relation whose origin is
    "declared" are the record. withheld: the loader withheld a row of that relation for the
    person (a CoverageGap with reason "withheld") — a record with a known hole is no witness.

    The rows at the employer are those whose party_slot writes the experience's employer (case,
    spacing, accents and a legal form aside). Where there is at least one and EVERY one has ended
    (an end the row records), the closure is the latest end and its row; a role still open, or
    an end that is no date, closes nothing.
    """
    if withheld or not employer:
        return None
    at_the_employer = [
        row
        for row in rows
        if row.get("relation") == check.relation
        and row.get("origin") == DECLARED
        and same_employer(_text((row.get("values") or {}).get(check.party_slot)), employer)
    ]
    if not at_the_employer:
        return None
    ended = []
    for row in at_the_employer:
        end = record_end((row.get("values") or {}).get(END_SLOT))
        if end is None:
            return None  # a role there is still open (or undated): nothing is closed
        ended.append((months_of(end, start=False) or 0, end, row))
    _, end, row = max(ended, key=lambda item: item[0])
    return Closure(
        end=end,
        row={
            "relation": row.get("relation"),
            "table": row.get("source_table") or row.get("table") or "",
            "record_id": row.get("record_id") or "",
            "values": dict(row.get("values") or {}),
        },
    )


def _text(value: Any) -> str | None:
    return value if isinstance(value, str) else None


# -- what a closure does to a length ---------------------------------------------------------


@dataclass(frozen=True)
class ClosedLength:
    """A duration facet in one experience, with the record's end applied."""

    established: Any = None  # the granted Quote, as LengthRead holds it
    missing_because: str | None = None
    not_proved: tuple[dict[str, Any], ...] = ()
    closed_by_record: dict[str, Any] | None = None  # where record_says_ended: {end, row}


def closed_years(text: str, *, closure: Closure, document_date: date | None) -> float | None:
    """The years the sentence's open period counts to the record's end, or None where the record
    shortens nothing: no open period ("since 2001", "from 2001 to present"), no document date to
    count it against, or an end no earlier than the document's own date."""
    time = first_length(text, document_date)
    if time is None or time.bound != PERIOD or time.years is None or document_date is None:
        return None
    words = text[time.start : time.end]
    if time.kind == "since":
        years, _ = count_of(words, document_date, closure.end)
    elif time.kind == "span" and _OPEN_END.search(words):
        start = _DATE.search(words)
        begin = months_of(start.group(), start=True) if start else None
        if begin is None:
            return None
        years = round(max(min(month_of(document_date), closure.month) - begin, 0) / 12, 2)
    else:
        return None
    return years if years is not None and years < time.years else None


def handed_on_closed(
    item: Mapping[str, Any], *, closure: Closure | None, document_date: date | None
) -> dict[str, Any]:
    """A handed-on length item with its years stopped at the record's end, and closed_by_record,
    where the closure shortens its open period; otherwise the item as it was."""
    if closure is None:
        return dict(item)
    years = closed_years(str(item.get("text", "")), closure=closure, document_date=document_date)
    if years is None:
        return dict(item)
    return dict(item) | {"years": years, "closed_by_record": closure.echo()}


def length_closure(
    without: LengthRead,
    with_record: LengthRead | None,
    *,
    closure: Closure | None,
    document_date: date | None,
) -> ClosedLength:
    """A duration facet in one experience, the record's end applied.

    without: the length read as the profile writes it (length_in_experience, no record end).
    with_record: the same read with the closure's end as LengthContext.record_end (it counts an
    open period to that end and closes check 6 there); needed only where `without` is granted.

    - no closure: `without`, unchanged;
    - granted without the record, and not with it: record_says_ended, closed_by_record {end, row}
      (and any sentence the record-read hands on, its years stopped at the record's end);
    - granted both ways: granted — the closure changes nothing and names no row;
    - not granted without the record: the profile's own reason (duration_below_threshold,
      length_not_proved, duration_unknown), and each handed-on item whose open period the
      record shortens carries closed_by_record and the shortened years.
    """
    if closure is None:
        return ClosedLength(without.established, without.missing_because, without.not_proved)
    if without.established is not None:
        if with_record is None:
            raise ValueError("a granted length needs its read with the record's end")
        if with_record.established is not None:
            return ClosedLength(established=without.established)
        handed = tuple(
            handed_on_closed(item, closure=closure, document_date=document_date)
            for item in with_record.not_proved
        )
        return ClosedLength(
            missing_because=RECORD_SAYS_ENDED, not_proved=handed, closed_by_record=closure.echo()
        )
    handed = tuple(
        handed_on_closed(item, closure=closure, document_date=document_date)
        for item in without.not_proved
    )
    return ClosedLength(missing_because=without.missing_because, not_proved=handed)
