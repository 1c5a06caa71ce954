"""The partition in the database: one grouped query counts everybody, a page lists its people.

The rule is partition.py's, written as SQL. Each row of a constrained relation gets one code
from its relation's constraints: MET when every constraint holds, UNPLACED when none fails and
one cannot be placed, UNMET otherwise, and UNMET when as of the date the row's period did not
run (three-valued AND is the least of the codes). A vocabulary slot compares the row's placed
term (limma.placement, written at load) with the terms that meet the constraint, decided once
per term of the axis; any other slot's stored values are decided once per distinct value. Both
decisions are the pure partition's own (Matcher, in_period), so the database only joins data.

Per person and relation, the best code, a declared row and a withheld one give the relation's
verdict as partition.relation_verdict does; the person's verdict is partition's overall one.

When each constrained relation carries one constraint on a vocabulary slot, with no date, the
rows need not be read at all: each person's facts (limma PersonFacts, written with their rows)
name the set of facts they hold, and a set holds each placed term with every term above it. A
relation's verdict is then which codes the set holds (a term under Europe: one code), decided
once per set; the count groups people by set, a page asks each person's set as it walks.
"""

from __future__ import annotations

from collections import Counter, OrderedDict
from collections.abc import Mapping
from dataclasses import dataclass
from threading import Lock
from typing import Any
from weakref import WeakKeyDictionary

from django.db import connection
from django.db.models import (
    Case,
    CharField,
    Count,
    F,
    IntegerField,
    Max,
    Min,
    OuterRef,
    Q,
    QuerySet,
    Subquery,
    Value,
    When,
)
from django.db.models.expressions import RawSQL
from django.db.models.fields.json import KT
from django.db.models.functions import Least
from django.db.models.lookups import Exact, In, IsNull

from limma.match import VOCABULARY_TYPES
from limma.models import CoverageGap, Entity, FactsSet, PersonFacts, RelationRow
from limma.placement import (
    DECLARED,
    WITHHELD,
    fact_missing,
    fact_relation,
    fact_term,
    fact_unplaced,
)
from limma.vocabulary import Vocabulary
from search.constraints import Constraint
from search.partition import (
    CANNOT_BE_PLACED,
    MATCHED,
    NOT_RECORDED,
    RULED_OUT,
    Matcher,
    Placed,
    overall_verdict,
)
from search.scope import FACTS

MET, UNPLACED, UNMET = 2, 1, 0
# Per vocabulary, each facts-read constraint's codes (met, cannot be placed) and terms met,
# by (axis, constraint): the shipped vocabulary is one object for every call, and a
# workspace's own lives as long as the workspace read with it.
DECIDED: WeakKeyDictionary[Vocabulary, dict[tuple[str, str], tuple[list, list, list]]] = (
    WeakKeyDictionary()
)
# Per vocabulary, the SQL of what follows from it and the constraints alone (a relation's
# first met row, the sets' verdicts of a workspace), compiled once rather than every call;
# the searches asked most lately, so a process that serves many never holds them all.
COMPILED: WeakKeyDictionary[Vocabulary, OrderedDict[tuple[str, ...], tuple[str, list[Any]]]] = (
    WeakKeyDictionary()
)
COMPILED_KEPT = 512
COMPILED_LOCK = Lock()
# What one relation's verdict is, from the per-person columns (best, withheld, declared).
RELATION_VERDICT = (
    "CASE WHEN p.best_{i} = 2 THEN 'matched' WHEN p.best_{i} = 1 THEN 'cannot_be_placed'"
    " WHEN p.withheld_{i} = 1 THEN 'withheld' WHEN p.declared_{i} = 1 THEN 'ruled_out'"
    " ELSE 'not_recorded' END"
)


def _code(result: bool | None) -> int:
    return MET if result is True else UNMET if result is False else UNPLACED


def _coded(text: Any, decided: Mapping[Any, int], *, null: int | None = None) -> Case:
    """A Case giving each listed value its code: the two rarer codes listed, the commonest the
    default, so a constraint most values meet does not send them all."""
    by_code: dict[int, list[Any]] = {MET: [], UNPLACED: [], UNMET: []}
    for value, code in decided.items():
        if value is not None:
            by_code[code].append(value)
    commonest = max(by_code, key=lambda code: (len(by_code[code]), code == UNMET))
    whens = []
    if null is not None:
        whens.append(When(IsNull(text, True), then=Value(null)))
    whens += [
        When(In(text, sorted(values, key=str)), then=Value(code))
        for code, values in by_code.items()
        if code != commonest and values
    ]
    return Case(*whens, default=Value(commonest), output_field=IntegerField())


def _holds(facts: str, codes: list[str]) -> Q:
    """Whether a set of facts holds any of the codes: one code is a key's own lookup (`?`),
    cheaper to ask of every set than a list of one (`?|`)."""
    if len(codes) == 1:
        return Q(**{f"{facts}__has_key": codes[0]})
    return Q(**{f"{facts}__has_any_keys": codes})


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

    def __post_init__(self) -> None:
        self.relations = list(dict.fromkeys(c.relation for c in self.constraints))
        self.matcher = Matcher(self.vocabulary)
        self.counts: Counter[str] = Counter()
        self.reasons: Counter[str] = Counter()
        self._per_person: tuple[dict[str, Any], dict[str, Any]] | None = None
        self._sets: tuple[str, list[Any]] | None = None
        self._sql, self._params = "", []
        self.by_facts = False
        # By the facts when they hold the search: the count also says whether a row or gap
        # they leave out is readable, and then the rows are grouped after all.
        self.by_facts = self.facts and self._facts_shaped() and self._facts_count()
        if not self.by_facts:
            # Everybody beside their rows' grouping: what the rows' count, list and firsts read.
            self._sql, self._params = self._joined_sql()
            self._count()

    # -- by the person's facts ------------------------------------------------------------

    def _facts_shaped(self) -> bool:
        """Whether the search is one the facts can hold: one constraint per relation, on a
        vocabulary slot, no date (what else they need is asked with the count)."""
        if self.as_of or not self.relations:
            return False
        for relation in self.relations:
            group = [c for c in self.constraints if c.relation == relation]
            if len(group) != 1 or self.relation_slots[relation][group[0].slot] not in (
                VOCABULARY_TYPES
            ):
                return False
        return True

    def _left_out_sql(self) -> tuple[str, list[Any]]:
        """Whether the key may read a row or gap of these relations the facts leave out (an
        extracted row, a withheld gap of a document's part)."""
        extracted = self.rows.filter(
            relation__in=self.relations, origin=RelationRow.Origin.EXTRACTED
        ).order_by()
        parted = self._person_gaps().filter(part__isnull=False)
        rows_sql, rows_params = extracted.values("pk").query.sql_with_params()
        gaps_sql, gaps_params = parted.values("pk").query.sql_with_params()
        sql = f"SELECT (EXISTS ({rows_sql}) OR EXISTS ({gaps_sql}))"
        return sql, [*rows_params, *gaps_params]

    def _covered(self, axis: str, names: set[str], relation: str, slot: str) -> list[str]:
        """The fewest term codes whose terms and all under them are exactly `names`: a term's
        code stands for every term under it (each person's facts hold every term above theirs)."""
        terms = [term for term in self.vocabulary.terms(axis) if term.name in names]
        below = {term.name: self.vocabulary.narrower_closure(term) for term in terms}
        codes, covered = [], set()
        for name in sorted(below, key=lambda n: (-len(below[n]), n)):
            if name not in covered and below[name] <= names:
                codes.append(fact_term(relation, slot, name))
                covered |= below[name]
        return codes

    def _facts_codes(self, constraint: Constraint) -> tuple[list[str], list[str]]:
        """The codes of a person's facts that meet the constraint, and those that cannot be
        placed: each term of the axis decided once (the pure partition's Matcher), and
        remembered with the vocabulary (they follow from it and the constraint alone)."""
        return self._decided(constraint)[:2]

    def _decided(self, constraint: Constraint) -> tuple[list[str], list[str], list[str]]:
        """(codes met, codes that cannot be placed, the terms met) of one constraint."""
        relation, slot = constraint.relation, constraint.slot
        axis = self.relation_slots[relation][slot]
        known = DECIDED.setdefault(self.vocabulary, {})
        if (axis, repr(constraint)) not in known:
            decided: dict[int, set[str]] = {MET: set(), UNPLACED: set(), UNMET: set()}
            for term in self.vocabulary.terms(axis):
                decided[_code(self.matcher.meets(axis, term.name, constraint))].add(term.name)
            met = self._covered(axis, decided[MET], relation, slot)
            if constraint.op == "ne":
                met.append(fact_missing(relation, slot))
            unplaced = [
                *self._covered(axis, decided[UNPLACED], relation, slot),
                fact_unplaced(relation, slot),
            ]
            known[(axis, repr(constraint))] = (met, unplaced, sorted(decided[MET]))
        return known[(axis, repr(constraint))]

    def _compiled(self, key: tuple[str, ...], build: Any) -> tuple[str, list[Any]]:
        """The SQL `build` makes, once per vocabulary and `key` (the constraints it follows
        from): compiling a query costs more than running the page's."""
        with COMPILED_LOCK:
            known = COMPILED.setdefault(self.vocabulary, OrderedDict())
            compiled = known.get(key)
            if compiled is not None:
                known.move_to_end(key)
        if compiled is None:
            compiled = build()
            with COMPILED_LOCK:
                known[key] = compiled
                while len(known) > COMPILED_KEPT:
                    known.popitem(last=False)
        sql, params = compiled
        return sql, list(params)

    def _met_row_sql(self, constraint: Constraint, person: str) -> tuple[str, list[Any]]:
        """The first row of the person (the column `person`) that meets the constraint (a
        declared one: the facts hold only when the key reads no other of these relations)."""
        return self._compiled(
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

    def _facts_verdict(self, constraint: Constraint, facts: str) -> Case:
        """One relation's verdict from a person's facts (the JSON field at `facts`), as
        RELATION_VERDICT gives it from the rows."""
        relation = constraint.relation
        met, unplaced = self._facts_codes(constraint)
        whens = [
            When(_holds(facts, codes), then=Value(verdict))
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

    def _facts_walked(self, *, rows: bool, verdict: str | None = None) -> tuple[str, list[Any]]:
        """Each person's verdicts read from their set, person by person: a query that walks
        the scope's order index and stops at its LIMIT, asking each person walked their set's
        overall verdict (o) by its key; the relations' verdicts, and with rows the met rows,
        only of the people it keeps (a matched person's relations are all matched)."""
        scope_sql, scope_params = (
            self.scope.order_by().values("id", "name_key", "key").query.sql_with_params()
        )
        sets_sql, sets_params = self._sets_sql()
        # Asked of the person's own id, so the test runs on the scope's walk itself.
        held = (
            f"FROM ({sets_sql}) s JOIN {PersonFacts._meta.db_table} f ON f.facts_set_id = s.id"
            " WHERE f.entity_id = p.id"
        )
        columns, params = [], []
        for column in [*(f"v_{i}" for i in range(len(self.relations))), "o"]:
            if verdict == MATCHED and column != "o":
                columns.append(f"%s AS {column}")
                params.append(MATCHED)
            else:
                columns.append(f"COALESCE((SELECT s.{column} {held}), %s) AS {column}")
                params += [*sets_params, NOT_RECORDED]  # no set: nothing recorded
            if column != "o":
                met_sql, met_params = (
                    self._met_row_sql(self._one_per_relation()[int(column[2:])], "p.id")
                    if rows
                    else ("NULL", [])
                )
                columns.append(f"({met_sql}) AS row_{column[2:]}")
                params += met_params
        sql = f"SELECT p.id, p.name_key, p.key, {', '.join(columns)} FROM ({scope_sql}) p"
        return sql, [*params, *scope_params]

    def _sets_sql(self) -> tuple[str, list[Any]]:
        """Each set of facts of the workspace with its verdict of each relation (v_i) and
        overall (o), built once and read by the count, the page and the full reply's lists."""
        if self._sets is None:
            asked = tuple(repr(c) for c in self._one_per_relation())
            self._sets = self._compiled(("sets", self.workspace_id, *asked), self._sets_compiled)
        return self._sets

    def _sets_compiled(self) -> tuple[str, list[Any]]:
        asked = self._one_per_relation()
        verdicts = {f"v_{i}": self._facts_verdict(c, "facts") for i, c in enumerate(asked)}
        sets = FactsSet.objects.order_by()
        if self.workspace_id:
            sets = sets.filter(workspace_id=self.workspace_id)
        sql, params = sets.annotate(**verdicts).values("id", *verdicts).query.sql_with_params()
        overall = self._overall_sql("t")
        return f"SELECT t.*, {overall} AS o FROM ({sql}) t", list(params)

    def _facts_count(self) -> bool:
        """The count by the facts: the people in scope counted per set of facts they hold,
        then each set's verdicts decided once (a few thousand sets for 100,000 people), and in
        the same query whether the facts leave out what the key may read. False (nothing
        counted) when they do."""
        per_set_sql, per_set_params = (
            self.scope.order_by()
            .values(held=F(f"{FACTS}__facts_set"))
            .annotate(people=Count("pk"))
            .values("held", "people")
            .query.sql_with_params()
        )
        sets_sql, sets_params = self._sets_sql()
        left_out_sql, left_out_params = self._left_out_sql()
        each = [f"COALESCE(s.v_{i}, %s)" for i in range(len(self.relations))]
        grouped = ", ".join(str(n) for n in range(1, len(each) + 1))
        sql = (
            f"SELECT {', '.join(each)}, SUM(g.people), ({left_out_sql}) FROM ({per_set_sql}) g"
            f" LEFT JOIN ({sets_sql}) s ON s.id = g.held GROUP BY {grouped}"
        )
        params = [*[NOT_RECORDED] * len(each), *left_out_params, *per_set_params, *sets_params]
        with connection.cursor() as cursor:
            cursor.execute(sql, params)
            groups = cursor.fetchall()
        # No group: nobody in scope, and nothing to count either way.
        if any(left_out for *_, left_out in groups):
            return False
        self._counted([group[:-1] for group in groups])
        return True

    def _one_per_relation(self) -> list[Constraint]:
        return [
            next(c for c in self.constraints if c.relation == relation)
            for relation in self.relations
        ]

    # -- per row ------------------------------------------------------------------------

    def _constraint_code(self, constraint: Constraint) -> Case:
        slot_type = self.relation_slots[constraint.relation][constraint.slot]
        missing = MET if constraint.op == "ne" else UNMET
        if slot_type in VOCABULARY_TYPES:
            decided = {
                term.name: _code(self.matcher.meets(slot_type, term.name, constraint))
                for term in self.vocabulary.terms(slot_type)
            }
            held = _coded(KT(f"placed__{constraint.slot}"), decided, null=UNPLACED)
        else:
            text = KT(f"values__{constraint.slot}")
            decided = {
                value: _code(self.matcher.meets(slot_type, value, constraint))
                for value in self._distinct(constraint.relation, constraint.slot)
            }
            none = _code(self.matcher.meets(slot_type, None, constraint))
            held = _coded(text, decided, null=none)
        return Case(
            When(~Q(values__has_key=constraint.slot), then=Value(missing)),
            default=held,
            output_field=IntegerField(),
        )

    def _distinct(self, relation: str, slot: str) -> list[Any]:
        return list(
            self.rows.filter(relation=relation)
            .annotate(held=KT(f"values__{slot}"))
            .values_list("held", flat=True)
            .distinct()
            .order_by()
        )

    def _period_code(self, relation: str) -> Case | None:
        """UNMET for a row whose period did not run as of the date (in_period's rule)."""
        if not self.as_of:
            return None
        as_of = self.as_of

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
        codes = [self._constraint_code(c) for c in self.constraints if c.relation == relation]
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
        for i, relation in enumerate(self.relations):
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

    def _person_rows(self) -> QuerySet[RelationRow]:
        return self.rows.filter(relation__in=self.relations).order_by()

    def _person_gaps(self) -> QuerySet[CoverageGap]:
        return self.gaps.filter(
            relation__in=self.relations, reason=WITHHELD, entity__isnull=False
        ).order_by()

    def _verdicts_sql(self, inner: str) -> str:
        columns = ["p.id", "p.name_key", "p.key"]
        for i in range(len(self.relations)):
            columns += [f"{RELATION_VERDICT.format(i=i)} AS v_{i}", f"p.row_{i}"]
        return f"SELECT {', '.join(columns)} FROM ({inner}) p"

    def _joined_sql(self) -> tuple[str, list[Any]]:
        """Everybody in scope beside one grouping of all rows: what a count reads whole."""
        scope_sql, params = (
            self.scope.values("id", "name_key", "key").order_by().query.sql_with_params()
        )
        params = list(params)
        if not self.relations:
            return self._verdicts_sql(scope_sql), params
        per_person, withheld = self._aggregates()
        rows_sql, rows_params = (
            self._person_rows().values("entity_id").annotate(**per_person).query.sql_with_params()
        )
        gaps_sql, gaps_params = (
            self._person_gaps().values("entity_id").annotate(**withheld).query.sql_with_params()
        )
        selected = ", ".join([*(f"r.{name}" for name in per_person), *(f"g.{n}" for n in withheld)])
        inner = (
            f"SELECT s.id, s.name_key, s.key, {selected} FROM ({scope_sql}) s"
            f" LEFT JOIN ({rows_sql}) r ON r.entity_id = s.id"
            f" LEFT JOIN ({gaps_sql}) g ON g.entity_id = s.id"
        )
        return self._verdicts_sql(inner), [*params, *rows_params, *gaps_params]

    def _correlated_sql(self) -> tuple[str, list[Any]]:
        """Each person's columns asked of their own rows: a page walks the scope in order
        and stops when it is full, reading only the rows of the people it passed."""
        scope = self.scope.order_by()
        if self.relations:
            per_person, withheld = self._aggregates()
            columns = {
                name: Subquery(
                    self._person_rows()
                    .filter(entity_id=OuterRef("id"))
                    .values("entity_id")
                    .annotate(value=aggregate)
                    .values("value")
                )
                for name, aggregate in per_person.items()
            } | {
                name: Subquery(
                    self._person_gaps()
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
        return self._verdicts_sql(inner), list(params)

    def _overall_sql(self, alias: str = "e") -> str:
        """partition's overall verdict of one person, from the relations' verdicts; by the
        facts, each set's own (its column o, asked once per person walked)."""
        if not self.relations:
            return "'matched'"
        if self.by_facts and alias == "e":
            return "e.o"
        each = [f"{alias}.v_{i}" for i in range(len(self.relations))]
        ruled = " OR ".join(f"{v} = 'ruled_out'" for v in each)
        unplaced = " OR ".join(f"{v} IN ('cannot_be_placed', 'withheld')" for v in each)
        missing = " OR ".join(f"{v} = 'not_recorded'" for v in each)
        return (
            f"CASE WHEN {ruled} THEN 'ruled_out' WHEN {unplaced} THEN 'cannot_be_placed'"
            f" WHEN {missing} THEN 'not_recorded' ELSE 'matched' END"
        )

    def _count(self) -> None:
        verdicts = [f"e.v_{i}" for i in range(len(self.relations))]
        select = ", ".join([*verdicts, "COUNT(*)"])
        grouped = f" GROUP BY {', '.join(verdicts)}" if verdicts else ""
        with connection.cursor() as cursor:
            cursor.execute(f"SELECT {select} FROM ({self._sql}) e{grouped}", self._params)
            self._counted(cursor.fetchall())

    def _counted(self, groups: list[Any]) -> None:
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
                    if why != RULED_OUT:
                        self.reasons[f"{why}:{relation}"] += people

    def people(
        self, verdict: str | None = None, *, offset: int = 0, limit: int | None = None
    ) -> list[Placed]:
        """The people of one verdict (or everybody), in the scope's order, a page of them."""
        # A page walks the scope person by person and stops when full; a whole list is one
        # grouping of all rows.
        if self.by_facts:
            people_sql, people_params = self._facts_walked(rows=True, verdict=verdict)
        else:
            people_sql, people_params = (
                self._correlated_sql() if limit is not None else (self._sql, self._params)
            )
        overall = self._overall_sql()
        where = f" WHERE {overall} = %s" if verdict is not None else ""
        params = [*people_params, *([verdict] if verdict is not None else [])]
        window = ""
        if limit is not None or offset:
            window = " LIMIT %s OFFSET %s"
            params += [limit if limit is not None else -1 if _sqlite() else None, offset]
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
        if self.by_facts:
            return self._facts_firsts(caps)
        overall = self._overall_sql()
        ranked = (
            f"SELECT e.id, {overall} AS overall, ROW_NUMBER() OVER (PARTITION BY {overall}"
            f" ORDER BY e.name_key, e.key) AS place FROM ({self._sql}) e"
        )
        found: dict[str, list[int]] = {verdict: [] for verdict in caps}
        with connection.cursor() as cursor:
            cursor.execute(
                f"SELECT id, overall FROM ({ranked}) ranked WHERE place <= %s ORDER BY place",
                [*self._params, max(caps.values(), default=0)],
            )
            for pk, verdict in cursor.fetchall():
                if verdict in found and len(found[verdict]) < caps[verdict]:
                    found[verdict].append(pk)
        return found

    def _facts_firsts(self, caps: Mapping[str, int]) -> dict[str, list[int]]:
        """By the facts: one walk of the scope's order per verdict anybody holds, each stopping
        at its cap (no sort of everybody), all in one query."""
        walked, walked_params = self._facts_walked(rows=False)
        overall = self._overall_sql()
        asked = [(v, cap) for v, cap in caps.items() if cap > 0 and self.counts[v] > 0]
        found: dict[str, list[int]] = {verdict: [] for verdict in caps}
        if not asked:
            return found
        parts, params = [], []
        for verdict, cap in asked:
            parts.append(
                f"SELECT * FROM (SELECT e.id, {overall} AS overall FROM ({walked}) e"
                f" WHERE {overall} = %s ORDER BY e.name_key, e.key LIMIT %s) w"
            )
            params += [*walked_params, verdict, cap]
        with connection.cursor() as cursor:
            cursor.execute(" UNION ALL ".join(parts), params)
            for pk, verdict in cursor.fetchall():
                found[verdict].append(pk)
        return found


def _sqlite() -> bool:
    return connection.vendor == "sqlite"
