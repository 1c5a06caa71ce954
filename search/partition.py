"""The partition: every entity in scope is matched, ruled out, not recorded, or cannot be placed.

A pure function over rows, gaps, constraints and the vocabulary. Constraints on one relation
must hold in ONE row of it (a role held, not a title from one role and a company from another).
Only a declared row is the record: a person is ruled out only when the record says no.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from limma.match import CANNOT_BE_PLACED, Unplaced, value_meets
from limma.placement import WITHHELD
from limma.vocabulary import Vocabulary
from search.constraints import Constraint

MATCHED = "matched"
RULED_OUT = "ruled_out"
NOT_RECORDED = "not_recorded"
# CANNOT_BE_PLACED is limma.match's (a value the vocabulary cannot place); WITHHELD is
# limma.placement's, here one relation's verdict only: the loader withheld a row of it.
# A relation's verdicts that keep a person from the matched list without ruling them out: each
# is counted in incomplete_because as "<verdict>:<relation>" (reason_code).
REASON_VERDICTS = (NOT_RECORDED, WITHHELD, CANNOT_BE_PLACED)
# The relation a niche joins the partition as (search.service): its reasons are counted from
# its own lists, not here.
CRITERION = "criterion"


def reason_code(verdict: str, relation: str) -> str:
    """The incomplete_because key of a relation's verdict: "not_recorded:based_in"."""
    return f"{verdict}:{relation}"


@dataclass(frozen=True)
class Row:
    id: int
    entity_id: int
    relation: str
    values: Mapping[str, Any]
    declared: bool


@dataclass(frozen=True)
class Placed:
    entity_id: int
    verdict: str
    # For each relation the constraints name: the row that met them (matched), or why not.
    rows: dict[str, int] = field(default_factory=dict)
    reasons: dict[str, str] = field(default_factory=dict)


class Matcher:
    """value_meets, remembered per (slot type, stored, op, wanted): rows repeat their values."""

    def __init__(self, vocabulary: Vocabulary) -> None:
        self.vocabulary = vocabulary
        self.known: dict[tuple[str, str, str, str], bool | None] = {}

    def meets(self, slot_type: str, stored: Any, constraint: Constraint) -> bool | None:
        """True or False, or None when the stored value cannot be placed."""
        key = (slot_type, str(stored), constraint.op, repr(constraint.value))
        if key not in self.known:
            try:
                self.known[key] = value_meets(
                    slot_type=slot_type,
                    stored=str(stored),
                    op=constraint.op,
                    wanted=constraint.value,
                    vocabulary=self.vocabulary,
                )
            except (Unplaced, ValueError):
                self.known[key] = None
        return self.known[key]


def in_period(row: Row, as_of: str) -> bool:
    """A row with a period (start, end) counts as of a date only while it ran."""
    start, end = str(row.values.get("start") or ""), str(row.values.get("end") or "")
    if start and start[: len(as_of)] > as_of[: len(start)]:
        return False
    return not (end and end[: len(as_of)] < as_of[: len(end)])


def relation_verdict(
    rows: list[Row],
    group: list[Constraint],
    slots: Mapping[str, str],
    matcher: Matcher,
    *,
    withheld: bool,
    as_of: str = "",
) -> tuple[str, int | None]:
    """The verdict of one relation's constraints for one entity, and the row that met them.

    A row outside its period as of the date meets nothing, but a declared one still says "no".
    """
    unplaced = False
    for row in rows:
        if as_of and not in_period(row, as_of):
            continue
        results = [
            matcher.meets(slots[c.slot], row.values[c.slot], c)
            if c.slot in row.values
            else c.op == "ne"
            for c in group
        ]
        if all(result is True for result in results):
            return MATCHED, row.id
        if None in results and False not in results:
            unplaced = True
    if unplaced:
        return CANNOT_BE_PLACED, None
    if withheld:
        return WITHHELD, None
    if any(row.declared for row in rows):
        return RULED_OUT, None
    return NOT_RECORDED, None


def partition(
    entity_ids: Iterable[int],
    rows: Iterable[Row],
    *,
    withheld: set[tuple[int, str]],
    constraints: list[Constraint],
    relation_slots: Mapping[str, Mapping[str, str]],
    vocabulary: Vocabulary,
    as_of: str = "",
) -> list[Placed]:
    groups: dict[str, list[Constraint]] = defaultdict(list)
    for constraint in constraints:
        groups[constraint.relation].append(constraint)
    by_entity: dict[tuple[int, str], list[Row]] = defaultdict(list)
    for row in rows:
        if row.relation in groups:
            by_entity[(row.entity_id, row.relation)].append(row)
    matcher = Matcher(vocabulary)
    placed = []
    for entity_id in entity_ids:
        met: dict[str, int] = {}
        reasons: dict[str, str] = {}
        for relation, group in groups.items():
            verdict, row_id = relation_verdict(
                by_entity.get((entity_id, relation), []),
                group,
                relation_slots[relation],
                matcher,
                withheld=(entity_id, relation) in withheld,
                as_of=as_of,
            )
            if row_id is not None:
                met[relation] = row_id
            else:
                reasons[relation] = verdict
        placed.append(Placed(entity_id, overall_verdict(reasons), met, reasons))
    return placed


def overall_verdict(reasons: dict[str, str]) -> str:
    """One person's verdict from the verdicts of the relations that did not match."""
    verdicts = set(reasons.values())
    if not verdicts:
        return MATCHED
    if RULED_OUT in verdicts:
        return RULED_OUT
    if CANNOT_BE_PLACED in verdicts or WITHHELD in verdicts:
        return CANNOT_BE_PLACED
    return NOT_RECORDED


class PlacedList:
    """A partition already held as a list (a criterion joined it): the PartitionQuery's face."""

    def __init__(self, placed: list[Placed]) -> None:
        self.placed = placed
        self.counts: Counter[str] = Counter(one.verdict for one in placed)
        self.reasons: Counter[str] = Counter()
        for one in placed:
            if one.verdict in (NOT_RECORDED, CANNOT_BE_PLACED):
                for relation, why in one.reasons.items():
                    # The criterion's own reasons are counted from its lists.
                    if why in REASON_VERDICTS and relation != CRITERION:
                        self.reasons[reason_code(why, relation)] += 1

    def people(
        self, verdict: str | None = None, *, offset: int = 0, limit: int | None = None
    ) -> list[Placed]:
        chosen = [p for p in self.placed if verdict is None or p.verdict == verdict]
        return chosen[offset : None if limit is None else offset + limit]

    def firsts(self, caps: Mapping[str, int]) -> dict[str, list[int]]:
        """The first entity ids of each verdict, up to its cap, in the scope's order."""
        found: dict[str, list[int]] = {verdict: [] for verdict in caps}
        for one in self.placed:
            if one.verdict in found and len(found[one.verdict]) < caps[one.verdict]:
                found[one.verdict].append(one.entity_id)
        return found
