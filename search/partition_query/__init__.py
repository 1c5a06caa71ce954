"""The partition in the database: one grouped query counts everybody, a page lists its people.

The rule is partition.py's, written as SQL, asked one of two ways. By the facts (by_facts.py):
when each constrained relation carries one constraint on a vocabulary slot, with no date, each
person's set of facts answers and no row is read. Row by row (by_rows.py): any search, each
row coded and grouped per person. Both decide each term or stored value once with the pure
partition's own Matcher, so the database only joins data. What they share is in sql.py, the
search as asked in asked.py, and what is remembered between calls in cache.py.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass

from django.db import connection
from django.db.models import QuerySet

from limma.models import CoverageGap, Entity, RelationRow
from limma.vocabulary import Vocabulary
from search.constraints import Constraint
from search.partition import (
    CANNOT_BE_PLACED,
    MATCHED,
    NOT_RECORDED,
    REASON_VERDICTS,
    Placed,
    overall_verdict,
    reason_code,
)
from search.partition_query.asked import Asked
from search.partition_query.by_facts import FactsSets
from search.partition_query.by_rows import RowByRow
from search.partition_query.sql import is_sqlite
from search.scope import WholeScope

__all__ = ["PartitionQuery"]


@dataclass
class PartitionQuery:
    """The partition of one search, asked of the database: counts, reasons, people by page."""

    scope: QuerySet[Entity]
    rows: QuerySet[RelationRow]
    gaps: QuerySet[CoverageGap]
    constraints: list[Constraint]
    relation_slots: Mapping[str, Mapping[str, str]]
    vocabulary: Vocabulary
    as_of: str = ""
    # Read each person's facts (PersonFacts) when they hold all the search asks; False: always
    # group the rows (the tests compare the two).
    facts: bool = True
    # The workspace whose sets of facts a search decides ("": every set of every workspace).
    workspace_id: str = ""
    # The scope is the workspace's whole: the facts' count sums the sets' stored counts.
    whole: WholeScope | None = None

    def __post_init__(self) -> None:
        asked = Asked(
            scope=self.scope,
            rows=self.rows,
            gaps=self.gaps,
            constraints=self.constraints,
            relation_slots=self.relation_slots,
            vocabulary=self.vocabulary,
            as_of=self.as_of,
            workspace_id=self.workspace_id,
            whole=self.whole,
        )
        self.relations = asked.relations
        self.counts: Counter[str] = Counter()
        self.reasons: Counter[str] = Counter()
        # By the facts when they hold the search: the count also says whether a row or gap
        # they leave out is readable, and then the rows are grouped after all.
        by_facts = FactsSets(asked)
        groups = by_facts.count() if self.facts and by_facts.holds_the_search() else None
        self.by_facts = groups is not None
        self._asked_by: FactsSets | RowByRow = by_facts
        if groups is None:
            self._asked_by = RowByRow(asked)
            groups = self._asked_by.count()
        self._counted(groups)

    def _counted(self, groups: list) -> None:
        """Counts and reasons from the groups of relation verdicts, each with its people."""
        for *each, summed in groups:
            people = int(summed)  # a SUM is a decimal on PostgreSQL
            reasons = {
                relation: verdict
                for relation, verdict in zip(self.relations, each, strict=True)
                if verdict != MATCHED
            }
            overall = overall_verdict(reasons)
            self.counts[overall] += people
            if overall in (NOT_RECORDED, CANNOT_BE_PLACED):
                for relation, why in reasons.items():
                    if why in REASON_VERDICTS:
                        self.reasons[reason_code(why, relation)] += people

    def people(
        self, verdict: str | None = None, *, offset: int = 0, limit: int | None = None
    ) -> list[Placed]:
        """The people of one verdict (or everybody), in the scope's order, a page of them."""
        people_sql, people_params = self._asked_by.people_sql(verdict=verdict, limit=limit)
        overall = self._asked_by.overall
        where = f" WHERE {overall} = %s" if verdict is not None else ""
        params = [*people_params, *([verdict] if verdict is not None else [])]
        window = ""
        if limit is not None or offset:
            window = " LIMIT %s OFFSET %s"
            params += [limit if limit is not None else -1 if is_sqlite() else None, offset]
        sql = (
            f"SELECT e.*, {overall} AS overall FROM ({people_sql}) e{where}"
            f" ORDER BY e.name_key, e.key{window}"
        )
        with connection.cursor() as cursor:
            cursor.execute(sql, params)
            found = cursor.fetchall()
        placed = []
        count = len(self.relations)
        for row in found:
            pk, overall_of = row[0], row[-1]
            verdicts, met = row[3 : 3 + 2 * count : 2], row[4 : 4 + 2 * count : 2]
            rows: dict[str, int] = {}
            reasons: dict[str, str] = {}
            for relation, why, row_id in zip(self.relations, verdicts, met, strict=True):
                if why == MATCHED:
                    rows[relation] = row_id
                else:
                    reasons[relation] = why
            placed.append(Placed(pk, overall_of, rows, reasons))
        return placed

    def firsts(self, caps: Mapping[str, int]) -> dict[str, list[int]]:
        """The first entity ids of each verdict, up to its cap, in the scope's order: one query."""
        return self._asked_by.firsts(caps, self.counts)
