"""The partition asked of the rows themselves, grouped per person: any search, dates included.

Each row of a constrained relation gets one code from its relation's constraints (sql.MET,
UNPLACED, UNMET; UNMET too when as of the date the row's period did not run: three-valued AND
is the least of the codes). A vocabulary slot compares the row's placed term (limma.placement,
written at load) with the terms that meet the constraint, decided once per term of the axis;
any other slot's stored values are decided once per distinct value. Per person and relation,
the best code, a declared row and a withheld one give the relation's verdict as
partition.relation_verdict does.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.db import connection
from django.db.models import Case, F, IntegerField, Max, Min, OuterRef, Q, Subquery, Value, When
from django.db.models.fields.json import KT
from django.db.models.functions import Least
from django.db.models.lookups import Exact, In

from limma.match import VOCABULARY_TYPES
from limma.models import RelationRow
from search.constraints import Constraint
from search.partition_query.asked import Asked
from search.partition_query.sql import (
    MET,
    UNMET,
    UNPLACED,
    code_of,
    coded,
    overall_sql,
    verdicts_sql,
)


class RowByRow:
    """The count, pages and firsts of one search, read from everybody's rows grouped per person."""

    def __init__(self, asked: Asked) -> None:
        self.asked = asked
        self._per_person: tuple[dict[str, Any], dict[str, Any]] | None = None
        # Everybody beside their rows' grouping: what the count, a whole list and firsts read.
        self.sql, self.params = self._joined_sql()
        self.overall = overall_sql(len(asked.relations), "e")

    def count(self) -> list[Any]:
        """The groups of relation verdicts, each with its people."""
        verdicts = [f"e.v_{i}" for i in range(len(self.asked.relations))]
        select = ", ".join([*verdicts, "COUNT(*)"])
        grouped = f" GROUP BY {', '.join(verdicts)}" if verdicts else ""
        with connection.cursor() as cursor:
            cursor.execute(f"SELECT {select} FROM ({self.sql}) e{grouped}", self.params)
            return cursor.fetchall()

    def people_sql(self, *, verdict: str | None, limit: int | None) -> tuple[str, list[Any]]:
        """A page walks the scope person by person and stops when full; a whole list is one
        grouping of all rows (of any verdict: the caller asks for one)."""
        return self._correlated_sql() if limit is not None else (self.sql, self.params)

    def firsts(self, caps: Mapping[str, int], counts: Mapping[str, int]) -> dict[str, list[int]]:
        """The first entity ids of each verdict, up to its cap, in the scope's order: one query
        (whatever the counts)."""
        ranked = (
            f"SELECT e.id, {self.overall} AS overall, ROW_NUMBER() OVER (PARTITION BY"
            f" {self.overall} ORDER BY e.name_key, e.key) AS place FROM ({self.sql}) e"
        )
        found: dict[str, list[int]] = {verdict: [] for verdict in caps}
        with connection.cursor() as cursor:
            cursor.execute(
                f"SELECT id, overall FROM ({ranked}) ranked WHERE place <= %s ORDER BY place",
                [*self.params, max(caps.values(), default=0)],
            )
            for pk, verdict in cursor.fetchall():
                if verdict in found and len(found[verdict]) < caps[verdict]:
                    found[verdict].append(pk)
        return found

    # -- per row ------------------------------------------------------------------------

    def _constraint_code(self, constraint: Constraint) -> Case:
        asked = self.asked
        slot_type = asked.relation_slots[constraint.relation][constraint.slot]
        missing = MET if constraint.op == "ne" else UNMET
        if slot_type in VOCABULARY_TYPES:
            decided = {
                term.name: code_of(asked.matcher.meets(slot_type, term.name, constraint))
                for term in asked.vocabulary.terms(slot_type)
            }
            held = coded(KT(f"placed__{constraint.slot}"), decided, null=UNPLACED)
        else:
            text = KT(f"values__{constraint.slot}")
            decided = {
                value: code_of(asked.matcher.meets(slot_type, value, constraint))
                for value in self._distinct(constraint.relation, constraint.slot)
            }
            none = code_of(asked.matcher.meets(slot_type, None, constraint))
            held = coded(text, decided, null=none)
        return Case(
            When(~Q(values__has_key=constraint.slot), then=Value(missing)),
            default=held,
            output_field=IntegerField(),
        )

    def _distinct(self, relation: str, slot: str) -> list[Any]:
        return list(
            self.asked.rows.filter(relation=relation)
            .annotate(held=KT(f"values__{slot}"))
            .values_list("held", flat=True)
            .distinct()
            .order_by()
        )

    def _period_code(self, relation: str) -> Case | None:
        """UNMET for a row whose period did not run as of the date (in_period's rule)."""
        if not self.asked.as_of:
            return None
        as_of = self.asked.as_of

        def start_ran(value: Any) -> bool:
            start = str(value or "")
            return not (start and start[: len(as_of)] > as_of[: len(start)])

        def end_ran(value: Any) -> bool:
            end = str(value or "")
            return not (end and end[: len(as_of)] < as_of[: len(end)])

        whens = []
        for slot, ran in (("start", start_ran), ("end", end_ran)):
            late = [v for v in self._distinct(relation, slot) if v is not None and not ran(v)]
            if late:
                whens.append(When(In(KT(f"values__{slot}"), late), then=Value(UNMET)))
        if not whens:
            return None
        return Case(*whens, default=Value(MET), output_field=IntegerField())

    def _row_code(self, relation: str) -> Any:
        codes = [self._constraint_code(c) for c in self.asked.constraints if c.relation == relation]
        period = self._period_code(relation)
        if period is not None:
            codes.append(period)
        return codes[0] if len(codes) == 1 else Least(*codes, output_field=IntegerField())

    # -- per person ---------------------------------------------------------------------

    def _aggregates(self) -> tuple[dict[str, Any], dict[str, Any]]:
        """Per person: over the rows, each relation's best code, a declared row, the row that
        met it; over the gaps, a withheld row (built once: every term decided once)."""
        if self._per_person is None:
            self._per_person = self._aggregated()
        return self._per_person

    def _aggregated(self) -> tuple[dict[str, Any], dict[str, Any]]:
        per_person: dict[str, Any] = {}
        withheld: dict[str, Any] = {}
        for i, relation in enumerate(self.asked.relations):
            code = self._row_code(relation)
            per_person[f"best_{i}"] = Max(
                Case(When(relation=relation, then=code), output_field=IntegerField())
            )
            per_person[f"declared_{i}"] = Max(
                Case(
                    When(relation=relation, origin=RelationRow.Origin.DECLARED, then=1),
                    default=0,
                    output_field=IntegerField(),
                )
            )
            per_person[f"row_{i}"] = Min(
                Case(When(Exact(code, MET), relation=relation, then=F("pk")))
            )
            withheld[f"withheld_{i}"] = Max(
                Case(When(relation=relation, then=1), default=0, output_field=IntegerField())
            )
        return per_person, withheld

    def _joined_sql(self) -> tuple[str, list[Any]]:
        """Everybody in scope beside one grouping of all rows: what a count reads whole."""
        asked = self.asked
        relations = len(asked.relations)
        scope_sql, params = (
            asked.scope.values("id", "name_key", "key").order_by().query.sql_with_params()
        )
        params = list(params)
        if not relations:
            return verdicts_sql(scope_sql, relations), params
        per_person, withheld = self._aggregates()
        rows_sql, rows_params = (
            asked.person_rows().values("entity_id").annotate(**per_person).query.sql_with_params()
        )
        gaps_sql, gaps_params = (
            asked.person_gaps().values("entity_id").annotate(**withheld).query.sql_with_params()
        )
        selected = ", ".join([*(f"r.{name}" for name in per_person), *(f"g.{n}" for n in withheld)])
        inner = (
            f"SELECT s.id, s.name_key, s.key, {selected} FROM ({scope_sql}) s"
            f" LEFT JOIN ({rows_sql}) r ON r.entity_id = s.id"
            f" LEFT JOIN ({gaps_sql}) g ON g.entity_id = s.id"
        )
        return verdicts_sql(inner, relations), [*params, *rows_params, *gaps_params]

    def _correlated_sql(self) -> tuple[str, list[Any]]:
        """Each person's columns asked of their own rows: a page walks the scope in order
        and stops when it is full, reading only the rows of the people it passed."""
        asked = self.asked
        scope = asked.scope.order_by()
        if asked.relations:
            per_person, withheld = self._aggregates()
            columns = {
                name: Subquery(
                    asked.person_rows()
                    .filter(entity_id=OuterRef("id"))
                    .values("entity_id")
                    .annotate(value=aggregate)
                    .values("value")
                )
                for name, aggregate in per_person.items()
            } | {
                name: Subquery(
                    asked.person_gaps()
                    .filter(entity_id=OuterRef("id"))
                    .values("entity_id")
                    .annotate(value=aggregate)
                    .values("value")
                )
                for name, aggregate in withheld.items()
            }
            scope = scope.annotate(**columns)
            names = list(columns)
        else:
            names = []
        inner, params = scope.values("id", "name_key", "key", *names).query.sql_with_params()
        return verdicts_sql(inner, len(asked.relations)), list(params)
