"""Recompute a value an answer computed across the rows it listed, from the stored values.

An agent that lists rows (each with its receipt, as the facts verb gives them) and says what it
computed from them — how many, their sum, the share that meets a condition, how many years they
span — is not taken at its word: the rows are found again by their receipts among those the key
may read, the value is computed here from what the store holds, and the reply says whether the
claim holds and shows the arithmetic.

A claim holds when every receipt named a stored row, every value used could be read as a number
or a date, and the claim agrees: a count or a sum exactly, a share or a duration at as many
decimals as the claim gives, rounded half up (22 years for 22.4, 0.33 for a third). A duration
counts the time the rows' periods cover, each stretch once (two overlapping roles are not twice
the years), an open end running to `as_of`.
"""

from __future__ import annotations

import calendar
import math
import re
from dataclasses import dataclass, field
from datetime import date
from decimal import ROUND_HALF_UP, Decimal, InvalidOperation
from typing import Any

from limma.access import readable_rows
from limma.errors import InvalidRequest
from limma.models import ApiKey, RelationRow, Workspace
from limma.services.facts import facts_enumerate

COUNT, SUM, SHARE, YEARS = "count", "sum", "share", "years"
KINDS = (COUNT, SUM, SHARE, YEARS)
DATE = re.compile(r"^(\d{4})(?:-(\d{2})(?:-(\d{2}))?)?$")
OPEN_ENDS = ("", "present", "now", "current", "ongoing")


NO_SUCH_RELATION = "The workspace's pack has no such relation."


@dataclass
class Verified:
    relation: str
    kind: str
    claimed: float
    recomputed: float | None
    holds: bool
    arithmetic: str
    rows: list[RelationRow] = field(default_factory=list)
    not_found: list[dict[str, Any]] = field(default_factory=list)
    unusable: list[str] = field(default_factory=list)


def row_for(rows: Any, receipt: dict[str, Any]) -> RelationRow | None:
    """The stored row a receipt names (declared: its table and record; extracted: its span)."""
    if receipt.get("origin") == RelationRow.Origin.DECLARED or "record_id" in receipt:
        found = rows.filter(
            origin=RelationRow.Origin.DECLARED,
            source_table=str(receipt.get("table", ""))[:200],
            record_id=str(receipt.get("record_id", ""))[:200],
        )
    else:
        start, end = receipt.get("char_start"), receipt.get("char_end")
        if not (offset(start) and offset(end)):
            return None
        found = rows.filter(
            origin=RelationRow.Origin.EXTRACTED,
            document__source_id=str(receipt.get("source_id", ""))[:64],
            char_start=start,
            char_end=end,
        )
    return found.first()


def offset(value: Any) -> bool:
    """Whether a receipt's offset can name a stored span (a whole number the column holds)."""
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value < 2**31


def as_year(value: Any) -> float | None:
    """A stored date as a year with its fraction ("2001" is 2001.0, "2001-07" 2001.5); None
    when it is not a date."""
    match = DATE.match(str(value).strip())
    if not match:
        return None
    year, month, day = (int(part) if part else None for part in match.groups())
    if month is None:
        return float(year)
    if not 1 <= month <= 12:
        return None
    if day is None:
        return year + (month - 1) / 12
    try:
        day_of_year = date(year, month, day).timetuple().tm_yday
    except ValueError:
        return None
    length = 366 if calendar.isleap(year) else 365
    return year + (day_of_year - 1) / length


def covered_years(periods: list[tuple[float, float]]) -> tuple[float, list[tuple[float, float]]]:
    """The years the periods cover, each stretch once, and the merged stretches."""
    merged: list[tuple[float, float]] = []
    for start, end in sorted(periods):
        if merged and start <= merged[-1][1]:
            merged[-1] = (merged[-1][0], max(merged[-1][1], end))
        else:
            merged.append((start, end))
    return sum(end - start for start, end in merged), merged


def agrees(kind: str, claimed: float, recomputed: float) -> bool:
    """A count or a sum must be exact; a share or a duration holds at the claim's own decimals,
    rounded half up (0.67 for two thirds, 22 years for 22.4, not for 22.5)."""
    if kind in (COUNT, SUM):
        return math.isclose(claimed, recomputed, rel_tol=1e-9, abs_tol=1e-9)
    places = Decimal(1).scaleb(-decimals_of(claimed))
    rounded = Decimal(str(recomputed)).quantize(places, rounding=ROUND_HALF_UP)
    return rounded == Decimal(str(claimed))


def decimals_of(value: float) -> int:
    text = format(Decimal(str(value)).normalize(), "f")
    return len(text.split(".", 1)[1]) if "." in text else 0


def number(text: Any) -> float | None:
    try:
        return float(Decimal(str(text).strip().replace(",", "")))
    except (InvalidOperation, ValueError):
        return None


def shown(value: float) -> str:
    return format(round(value, 4), "g") if value != int(value) else str(int(value))


def computed_verify(
    *,
    key: ApiKey,
    workspace: Workspace,
    relation: str,
    receipts: list[dict[str, Any]],
    computed: dict[str, Any],
) -> Verified:
    kind = computed["kind"]
    claimed = float(computed["value"])
    if relation not in workspace.parsed_pack.relations:
        raise InvalidRequest(faults=["relation:unknown"], reason=NO_SUCH_RELATION)
    stored = readable_rows(key).filter(relation=relation).select_related("entity", "document")
    rows: list[RelationRow] = []
    not_found: list[dict[str, Any]] = []
    for receipt in receipts:
        row = row_for(stored, receipt)
        if row is None:
            not_found.append(receipt)
        elif row.pk not in {kept.pk for kept in rows}:
            rows.append(row)
    unusable: list[str] = []
    recomputed, arithmetic = recompute(
        kind, computed, rows, unusable, key=key, workspace=workspace, relation=relation
    )
    holds = (
        recomputed is not None
        and not not_found
        and not unusable
        and agrees(kind, claimed, recomputed)
    )
    return Verified(
        relation=relation,
        kind=kind,
        claimed=claimed,
        recomputed=recomputed,
        holds=holds,
        arithmetic=arithmetic,
        rows=rows,
        not_found=not_found,
        unusable=unusable,
    )


def recompute(
    kind: str,
    computed: dict[str, Any],
    rows: list[RelationRow],
    unusable: list[str],
    *,
    key: ApiKey,
    workspace: Workspace,
    relation: str,
) -> tuple[float | None, str]:
    """The value and its arithmetic, from the rows' stored values; what cannot be read is
    added to `unusable` (and left out of the sum)."""
    if kind == COUNT:
        if computed.get("of") == "people":
            people = sorted({row.entity.display_name for row in rows})
            return float(len(people)), f"{len(people)} distinct people: " + ", ".join(people)
        return float(len(rows)), f"{len(rows)} rows found by their receipts"
    if kind == SUM:
        slot = computed.get("slot", "")
        terms = []
        for row in rows:
            value = number(row.values.get(slot))
            if value is None:
                unusable.append(f"{row.entity.display_name}: {slot}={row.values.get(slot)!r}")
            else:
                terms.append(value)
        total = sum(terms)
        return total, " + ".join(shown(t) for t in terms) + f" = {shown(total)}"
    if kind == SHARE:
        where = computed.get("where") or []
        meeting = facts_enumerate(
            key=key, workspace=workspace, relation=relation, where=[where], entity_ids=None
        )
        meeting_pks = {row.pk for row in meeting.rows}
        met = sum(1 for row in rows if row.pk in meeting_pks)
        if not rows:
            return None, "no rows: a share of nothing"
        share = met / len(rows)
        percent = shown(share * 100)
        return share, f"{met} of {len(rows)} rows meet {where} = {shown(share)} ({percent} %)"
    return duration(computed, rows, unusable)


def duration(
    computed: dict[str, Any], rows: list[RelationRow], unusable: list[str]
) -> tuple[float | None, str]:
    start_slot = computed.get("start_slot", "start")
    end_slot = computed.get("end_slot", "end")
    as_of = computed.get("as_of") or date.today().isoformat()
    open_end = as_year(as_of)
    periods: list[tuple[float, float]] = []
    for row in rows:
        start = as_year(row.values.get(start_slot))
        raw_end = row.values.get(end_slot)
        open_ended = raw_end is None or str(raw_end).strip().lower() in OPEN_ENDS
        end = open_end if open_ended else as_year(raw_end)
        if start is None or end is None or end < start:
            name = row.entity.display_name
            unusable.append(
                f"{name}: {start_slot}={row.values.get(start_slot)!r}, {end_slot}={raw_end!r}"
            )
            continue
        periods.append((start, end))
    years, merged = covered_years(periods)
    stretches = " + ".join(f"({shown(end)} - {shown(start)})" for start, end in merged)
    said = f"{stretches} = {shown(years)} years" if merged else "no period could be read"
    if len(merged) < len(periods):
        said += " (overlapping periods counted once)"
    if any(
        row.values.get(end_slot) is None
        or str(row.values.get(end_slot)).strip().lower() in OPEN_ENDS
        for row in rows
    ):
        said += f"; an open end runs to {as_of}"
    return (years if periods else None), said
