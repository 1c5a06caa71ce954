"""The partition asked of each person's facts: no row is read.

When each constrained relation carries one constraint on a vocabulary slot, with no date, each
person's facts (limma PersonFacts, written with their rows) name the set of facts they hold, and
a set holds each placed term with every term above it. A relation's verdict is then which codes
the set holds (a term under Europe: one code), decided once per set; the count groups people by
set (over the whole workspace it sums what each set stores: how many people of the record hold
it, so the time follows the sets, not the people), a page asks each person's set as it walks.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.db import connection
from django.db.models import Case, CharField, Count, F, Q, QuerySet, Value, When
from django.db.models.expressions import RawSQL
from django.db.models.fields.json import KT
from django.db.models.lookups import In

from limma.match import VOCABULARY_TYPES
from limma.models import Entity, FactsSet, PersonFacts, RelationRow
from limma.placement import (
    DECLARED,
    WITHHELD,
    fact_missing,
    fact_relation,
    fact_term,
    fact_unplaced,
)
from search.constraints import Constraint
from search.partition import CANNOT_BE_PLACED, MATCHED, NOT_RECORDED, RULED_OUT
from search.partition_query.asked import Asked
from search.partition_query.cache import Decided, compiled_remember, decided_remember
from search.partition_query.sql import MET, UNMET, UNPLACED, code_of, holds, overall_sql
from search.scope import FACTS, WholeScope, with_facts


class FactsSets:
    """The count, pages and firsts of one search, read from the sets of facts people hold."""

    # The overall verdict of a person walked: their set's own column o.
    overall = "e.o"

    def __init__(self, asked: Asked) -> None:
        self.asked = asked
        self._sets: tuple[str, list[Any]] | None = None

    def holds_the_search(self) -> bool:
        """Whether the search is one the facts can hold: one constraint per relation, on a
        vocabulary slot, no date (what else they need is asked with the count)."""
        asked = self.asked
        if asked.as_of or not asked.relations:
            return False
        for relation in asked.relations:
            group = [c for c in asked.constraints if c.relation == relation]
            if len(group) != 1 or asked.relation_slots[relation][group[0].slot] not in (
                VOCABULARY_TYPES
            ):
                return False
        return True

    def count(self) -> list[Any] | None:
        """The count by the facts: the people in scope per set of facts they hold, each set's
        verdicts decided once (a few thousand sets for 100,000 people), and in the same query
        whether the facts leave out what the key may read. Over the whole workspace each set
        says how many people of the record hold it, so no person is counted one by one. None
        (nothing counted) when the facts leave something out; else the groups of relation
        verdicts, each with its people."""
        sets_sql, sets_params = self._sets_sql()
        left_out_sql, left_out_params = self._left_out_sql()
        relations = len(self.asked.relations)
        each = ", ".join(f"COALESCE(s.v_{i}, %s) AS v_{i}" for i in range(relations))
        unknown = [NOT_RECORDED] * relations  # no set: nothing recorded
        if self.asked.whole is not None:
            no_set_sql, no_set_params = self._no_set_sql(self.asked.whole)
            more_sql, more_params = self._corrections_sql(self.asked.whole)
            per_set = (
                f"SELECT {each}, s.in_record AS people FROM ({sets_sql}) s WHERE s.in_record <> 0"
                f" UNION ALL {no_set_sql}"
                f" UNION ALL SELECT {each}, c.people FROM ({more_sql}) c"
                f" LEFT JOIN ({sets_sql}) s ON s.id = c.held"
            )
            params = [*unknown, *sets_params, *unknown, *no_set_params]
            params += [*unknown, *more_params, *sets_params]
        else:
            scoped_sql, scoped_params = self._per_set_sql(self.asked.scope)
            per_set = (
                f"SELECT {each}, g.people FROM ({scoped_sql}) g"
                f" LEFT JOIN ({sets_sql}) s ON s.id = g.held"
            )
            params = [*unknown, *scoped_params, *sets_params]
        verdicts = ", ".join(f"g.v_{i}" for i in range(relations))
        sql = (
            f"SELECT {verdicts}, SUM(g.people), ({left_out_sql}) FROM ({per_set}) g"
            f" GROUP BY {verdicts} HAVING SUM(g.people) <> 0"
        )
        with connection.cursor() as cursor:
            cursor.execute(sql, [*left_out_params, *params])
            groups = cursor.fetchall()
        # No group: nobody in scope, and nothing to count either way.
        if any(left_out for *_, left_out in groups):
            return None
        return [group[:-1] for group in groups]

    @staticmethod
    def _per_set_sql(people: QuerySet[Entity]) -> tuple[str, list[Any]]:
        """These people counted per set of facts they hold (held, people)."""
        sql, params = (
            people.order_by()
            .values(held=F(f"{FACTS}__facts_set"))
            .annotate(people=Count("pk"))
            .values("held", "people")
            .query.sql_with_params()
        )
        return sql, list(params)

    def _no_set_sql(self, whole: WholeScope) -> tuple[str, list[Any]]:
        """The people of the record who hold no set (nothing recorded of any relation): their
        number, beside a verdict per relation (the caller's parameters)."""
        each = ", ".join("%s" for _ in self.asked.relations)
        sql, params = (
            PersonFacts.objects.filter(
                workspace_id=whole.workspace_id, facts_set__isnull=True, in_record=True
            )
            .order_by()
            .values("in_record")
            .annotate(people=Count("pk"))
            .values("people")
            .query.sql_with_params()
        )
        return f"SELECT {each}, n.people FROM ({sql}) n", list(params)

    def _corrections_sql(self, whole: WholeScope) -> tuple[str, list[Any]]:
        """What the whole workspace's scope holds beside each set's stored people of the record
        and those who hold none (held, people; a set may come more than once, the count sums
        them): less the people of the record merged or of another kind, and the people out of
        the record an ingested document the key may read names (the scope holds them for the
        document alone). Each read by an index: neither is everybody, and mostly nobody."""
        workspace, kind = whole.workspace_id, whole.kind
        entities = with_facts(Entity.objects.filter(workspace_id=workspace), workspace)
        left_sql, left_params = self._per_set_sql(
            entities.filter(
                Q(merged_into__isnull=False) | Q(kind__lt=kind) | Q(kind__gt=kind),
                **{f"{FACTS}__in_record": True},
            )
        )
        added_sql, added_params = self._per_set_sql(
            entities.filter(
                Q(**{f"{FACTS}__in_record": False}) | Q(**{f"{FACTS}__isnull": True}),
                merged_into__isnull=True,
                kind=kind,
                pk__in=whole.ingested.values("entity"),
            )
        )
        sql = f"SELECT l.held, -l.people AS people FROM ({left_sql}) l UNION ALL {added_sql}"
        return sql, [*left_params, *added_params]

    def people_sql(self, *, verdict: str | None, limit: int | None) -> tuple[str, list[Any]]:
        """Everybody in scope with their verdicts and met rows, walked in the scope's order
        (whatever the page's limit: the walk stops at it)."""
        return self._walked(rows=True, verdict=verdict)

    def firsts(self, caps: Mapping[str, int], counts: Mapping[str, int]) -> dict[str, list[int]]:
        """One walk of the scope's order per verdict anybody holds, each stopping at its cap
        (no sort of everybody), all in one query."""
        walked, walked_params = self._walked(rows=False)
        asked = [(v, cap) for v, cap in caps.items() if cap > 0 and counts.get(v, 0) > 0]
        found: dict[str, list[int]] = {verdict: [] for verdict in caps}
        if not asked:
            return found
        parts, params = [], []
        for verdict, cap in asked:
            parts.append(
                f"SELECT * FROM (SELECT e.id, {self.overall} AS overall FROM ({walked}) e"
                f" WHERE {self.overall} = %s ORDER BY e.name_key, e.key LIMIT %s) w"
            )
            params += [*walked_params, verdict, cap]
        with connection.cursor() as cursor:
            cursor.execute(" UNION ALL ".join(parts), params)
            for pk, verdict in cursor.fetchall():
                found[verdict].append(pk)
        return found

    # -- what the facts leave out ---------------------------------------------------------

    def _left_out_sql(self) -> tuple[str, list[Any]]:
        """Whether the key may read a row or gap of these relations the facts leave out (an
        extracted row, a withheld gap of a document's part)."""
        asked = self.asked
        extracted = asked.rows.filter(
            relation__in=asked.relations, origin=RelationRow.Origin.EXTRACTED
        ).order_by()
        parted = asked.person_gaps().filter(part__isnull=False)
        rows_sql, rows_params = extracted.values("pk").query.sql_with_params()
        gaps_sql, gaps_params = parted.values("pk").query.sql_with_params()
        sql = f"SELECT (EXISTS ({rows_sql}) OR EXISTS ({gaps_sql}))"
        return sql, [*rows_params, *gaps_params]

    # -- each constraint's codes, decided once ----------------------------------------------

    def _covered(self, axis: str, names: set[str], relation: str, slot: str) -> list[str]:
        """The fewest term codes whose terms and all under them are exactly `names`: a term's
        code stands for every term under it (each person's facts hold every term above theirs)."""
        vocabulary = self.asked.vocabulary
        terms = [term for term in vocabulary.terms(axis) if term.name in names]
        below = {term.name: vocabulary.narrower_closure(term) for term in terms}
        codes, covered = [], set()
        for name in sorted(below, key=lambda n: (-len(below[n]), n)):
            if name not in covered and below[name] <= names:
                codes.append(fact_term(relation, slot, name))
                covered |= below[name]
        return codes

    def _decided(self, constraint: Constraint) -> Decided:
        """(codes met, codes that cannot be placed, the terms met) of one constraint: each
        term of the axis decided once (the pure partition's Matcher), and remembered with the
        vocabulary (they follow from it and the constraint alone)."""
        axis = self.asked.relation_slots[constraint.relation][constraint.slot]
        return decided_remember(
            self.asked.vocabulary,
            (axis, repr(constraint)),
            lambda: self._decide(constraint, axis),
        )

    def _decide(self, constraint: Constraint, axis: str) -> Decided:
        relation, slot = constraint.relation, constraint.slot
        decided: dict[int, set[str]] = {MET: set(), UNPLACED: set(), UNMET: set()}
        for term in self.asked.vocabulary.terms(axis):
            decided[code_of(self.asked.matcher.meets(axis, term.name, constraint))].add(term.name)
        met = self._covered(axis, decided[MET], relation, slot)
        if constraint.op == "ne":
            met.append(fact_missing(relation, slot))
        unplaced = [
            *self._covered(axis, decided[UNPLACED], relation, slot),
            fact_unplaced(relation, slot),
        ]
        return met, unplaced, sorted(decided[MET])

    def _facts_verdict(self, constraint: Constraint, facts: str) -> Case:
        """One relation's verdict from a person's facts (the JSON field at `facts`), as
        sql.RELATION_VERDICT gives it from the rows."""
        relation = constraint.relation
        met, unplaced, _ = self._decided(constraint)
        whens = [
            When(holds(facts, codes), then=Value(verdict))
            for codes, verdict in ((met, MATCHED), (unplaced, CANNOT_BE_PLACED))
            if codes
        ]
        whens += [
            When(
                Q(**{f"{facts}__has_key": fact_relation(relation, WITHHELD)}), then=Value(WITHHELD)
            ),
            When(
                Q(**{f"{facts}__has_key": fact_relation(relation, DECLARED)}), then=Value(RULED_OUT)
            ),
        ]
        return Case(*whens, default=Value(NOT_RECORDED), output_field=CharField())

    # -- the sets, and the walk of the scope ------------------------------------------------

    def _sets_sql(self) -> tuple[str, list[Any]]:
        """Each set of facts of the workspace with its verdict of each relation (v_i) and
        overall (o), built once and read by the count, the page and the full reply's lists."""
        if self._sets is None:
            asked = tuple(repr(c) for c in self.asked.one_per_relation())
            self._sets = compiled_remember(
                self.asked.vocabulary,
                ("sets", self.asked.workspace_id, *asked),
                self._sets_compiled,
            )
        return self._sets

    def _sets_compiled(self) -> tuple[str, list[Any]]:
        asked = self.asked.one_per_relation()
        verdicts = {f"v_{i}": self._facts_verdict(c, "facts") for i, c in enumerate(asked)}
        sets = FactsSet.objects.order_by()
        if self.asked.workspace_id:
            sets = sets.filter(workspace_id=self.asked.workspace_id)
        sql, params = (
            sets.annotate(**verdicts).values("id", "in_record", *verdicts).query.sql_with_params()
        )
        overall = overall_sql(len(asked), "t")
        return f"SELECT t.*, {overall} AS o FROM ({sql}) t", list(params)

    def _met_row_sql(self, constraint: Constraint, person: str) -> tuple[str, list[Any]]:
        """The first row of the person (the column `person`) that meets the constraint (a
        declared one: the facts hold only when the key reads no other of these relations)."""
        return compiled_remember(
            self.asked.vocabulary,
            ("met_row", repr(constraint), person),
            lambda: self._met_row_compiled(constraint, person),
        )

    def _met_row_compiled(self, constraint: Constraint, person: str) -> tuple[str, list[Any]]:
        slot, terms = constraint.slot, self._decided(constraint)[2]
        met = Q(In(KT(f"placed__{slot}"), terms)) if terms else Q(pk__in=[])
        if constraint.op == "ne":
            met |= ~Q(values__has_key=slot)
        rows = RelationRow.objects.filter(
            entity_id=RawSQL(person, []),
            relation=constraint.relation,
            origin=RelationRow.Origin.DECLARED,
        )
        sql, params = rows.filter(met).order_by("pk").values("pk")[:1].query.sql_with_params()
        return sql, list(params)

    def _walked(self, *, rows: bool, verdict: str | None = None) -> tuple[str, list[Any]]:
        """Each person's verdicts read from their set, person by person: a query that walks
        the scope's order index and stops at its LIMIT, asking each person walked their set's
        overall verdict (o) by its key; the relations' verdicts, and with rows the met rows,
        only of the people it keeps (a matched person's relations are all matched)."""
        scope_sql, scope_params = (
            self.asked.scope.order_by().values("id", "name_key", "key").query.sql_with_params()
        )
        sets_sql, sets_params = self._sets_sql()
        # Asked of the person's own id, so the test runs on the scope's walk itself.
        held = (
            f"FROM ({sets_sql}) s JOIN {PersonFacts._meta.db_table} f ON f.facts_set_id = s.id"
            " WHERE f.entity_id = p.id"
        )
        columns, params = [], []
        for column in [*(f"v_{i}" for i in range(len(self.asked.relations))), "o"]:
            if verdict == MATCHED and column != "o":
                columns.append(f"%s AS {column}")
                params.append(MATCHED)
            else:
                columns.append(f"COALESCE((SELECT s.{column} {held}), %s) AS {column}")
                params += [*sets_params, NOT_RECORDED]  # no set: nothing recorded
            if column != "o":
                met_sql, met_params = (
                    self._met_row_sql(self.asked.one_per_relation()[int(column[2:])], "p.id")
                    if rows
                    else ("NULL", [])
                )
                columns.append(f"({met_sql}) AS row_{column[2:]}")
                params += met_params
        sql = f"SELECT p.id, p.name_key, p.key, {', '.join(columns)} FROM ({scope_sql}) p"
        return sql, [*params, *scope_params]
