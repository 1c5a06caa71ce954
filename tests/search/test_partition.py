"""The partition: each entity matched, ruled out, not recorded or unplaceable.

Every case is decided twice, by the pure function (the rule) and by the grouped query the
search runs (search/partition_query/) over the same rows stored in a workspace; the two
must agree on every verdict and reason.
"""

from __future__ import annotations

import pytest

from limma.models import Entity, ExternalId, RelationRow
from limma.pack import DEFAULT_PACK
from limma.services.rows import gap_create, row_create
from limma.vocabulary import Vocabulary
from search.constraints import Constraint
from search.partition import Row, in_period, partition
from search.partition_query import PartitionQuery, cache
from search.scope import scope_entities, scope_rows
from tests.factories import make_document, make_key, make_workspace

pytestmark = pytest.mark.django_db

SLOTS = {name: relation["slots"] for name, relation in DEFAULT_PACK["relations"].items()}


def held_role(slot: str, op: str, value: str) -> Constraint:
    return Constraint("held_role", slot, op, value)


EUROPE = Constraint("based_in", "place", "eq", "Europe")
MARKETING = held_role("function", "eq", "Marketing")


def place(row_id: int, entity: int, value: str, *, declared: bool = True) -> Row:
    return Row(row_id, entity, "based_in", {"place": value}, declared)


def role(row_id: int, entity: int, **values: str) -> Row:
    return Row(row_id, entity, "held_role", values, True)


def verdicts(rows, constraints, *, withheld=frozenset(), as_of="", entities=(1,)):
    placed = partition(
        entities,
        rows,
        withheld=set(withheld),
        constraints=constraints,
        relation_slots=SLOTS,
        vocabulary=Vocabulary.shipped(),
        as_of=as_of,
    )
    found = [(p.verdict, p.reasons) for p in placed]
    assert database_verdicts(rows, constraints, withheld, as_of, entities) == found
    return found


def database_verdicts(rows, constraints, withheld, as_of, entities):
    """The same rows stored (an extracted row with its receipt), asked of the database."""
    workspace = make_workspace()
    key, _ = make_key(workspace)
    stored = {}
    for number in entities:
        entity = Entity.objects.create(
            workspace=workspace,
            key=f"person{number}",
            kind="person",
            display_name=f"Person {number}",
            name_key=f"person {number}",
        )
        ExternalId.objects.create(workspace=workspace, entity=entity, table="people", value=number)
        stored[number] = entity
    document = make_document(workspace, entity_name="Somebody Else").document
    for row in rows:
        receipt = {} if row.declared else {"document": document, "char_start": 0, "char_end": 4}
        row_create(
            workspace=workspace,
            entity=stored[row.entity_id],
            relation=row.relation,
            values=dict(row.values),
            origin="declared" if row.declared else "extracted",
            record_id=str(row.id),
            **receipt,
        )
    for number, relation in withheld:
        gap_create(workspace=workspace, entity=stored[number], relation=relation, reason="withheld")
    scope = scope_entities(
        key=key, workspace=workspace, entity_ids=[f"person{n}" for n in entities]
    )
    found_rows, gaps = scope_rows(key, [f"person{n}" for n in entities], scope)
    found = []
    # Asked twice: by each person's facts where they hold the search, and by grouping the rows.
    for facts in (True, False):
        query = PartitionQuery(
            scope=scope,
            rows=found_rows,
            gaps=gaps,
            constraints=constraints,
            relation_slots=SLOTS,
            vocabulary=workspace.vocabulary,
            as_of=as_of,
            facts=facts,
        )
        people = query.people()
        assert sum(query.counts.values()) == len(entities)
        assert all(
            query.counts[p.verdict] == sum(q.verdict == p.verdict for q in people) for p in people
        )
        found.append(([(p.verdict, p.reasons) for p in people], [p.rows for p in people]))
    assert found[0] == found[1]
    return found[0][0]


@pytest.mark.parametrize(
    ("rows", "expected"),
    [
        pytest.param([place(1, 1, "Germany")], ("matched", {}), id="a_country_under_the_region"),
        pytest.param([place(1, 1, "Deutschland")], ("matched", {}), id="a_native_name"),
        pytest.param(
            [place(1, 1, "Vietnam")],
            ("ruled_out", {"based_in": "ruled_out"}),
            id="the_record_says_no",
        ),
        pytest.param([], ("not_recorded", {"based_in": "not_recorded"}), id="nothing_on_record"),
        pytest.param(
            [place(1, 1, "Atlantis")],
            ("cannot_be_placed", {"based_in": "cannot_be_placed"}),
            id="a_value_the_vocabulary_cannot_place",
        ),
        pytest.param(
            [place(1, 1, "Vietnam", declared=False)],
            ("not_recorded", {"based_in": "not_recorded"}),
            id="an_extracted_row_is_not_the_record",
        ),
        pytest.param(
            [place(1, 1, "Vietnam"), place(2, 1, "Spain")],
            ("matched", {}),
            id="one_row_of_several_meets",
        ),
    ],
)
def test_one_constraint(rows, expected):
    assert verdicts(rows, [EUROPE]) == [expected]


def test_a_withheld_row_leaves_the_person_unplaced_not_ruled_out():
    assert verdicts([], [EUROPE], withheld={(1, "based_in")}) == [
        ("cannot_be_placed", {"based_in": "withheld"})
    ]


def test_constraints_on_one_relation_must_hold_in_one_row():
    rows = [
        role(1, 1, company="Halden", function="Marketing"),
        role(2, 1, company="Quellmark", function="Sales"),
    ]
    both = [MARKETING, held_role("company", "eq", "Quellmark")]

    assert verdicts(rows, both) == [("ruled_out", {"held_role": "ruled_out"})]


def test_any_no_rules_out_whatever_else_is_unknown():
    rows = [role(1, 1, function="Finance")]

    assert verdicts(rows, [EUROPE, MARKETING])[0][0] == "ruled_out"


def test_as_of_reads_a_roles_period():
    rows = [role(1, 1, function="Marketing", start="2001-03", end="2015-05")]

    assert verdicts(rows, [MARKETING], as_of="2010")[0][0] == "matched"
    assert verdicts(rows, [MARKETING], as_of="2024-06")[0][0] == "ruled_out"
    assert verdicts(rows, [MARKETING])[0][0] == "matched"


@pytest.mark.parametrize(
    ("start", "end", "as_of", "ran"),
    [
        ("2001-03", "", "2024-06", True),
        ("2001-03", "2015-05", "2015-05", True),
        ("2001-03", "2015-05", "2015-06", False),
        ("2016", "", "2015-12", False),
        ("2015", "2015", "2015-07-01", True),
    ],
)
def test_in_period(start, end, as_of, ran):
    assert in_period(role(1, 1, start=start, end=end), as_of) is ran


@pytest.mark.parametrize(
    ("constraint", "value", "verdict"),
    [
        (Constraint("based_in", "place", "in", ["Germany", "France"]), "France", "matched"),
        (Constraint("based_in", "place", "in", ["Germany", "France"]), "Austria", "ruled_out"),
        (Constraint("based_in", "place", "ne", "Germany"), "Austria", "matched"),
        (Constraint("based_in", "place", "ne", "DACH"), "Austria", "ruled_out"),
        (Constraint("based_in", "place", "eq", "Nordics"), "Sverige", "matched"),
        (Constraint("based_in", "place", "eq", "EU"), "Switzerland", "ruled_out"),
    ],
)
def test_ops_through_the_vocabulary(constraint, value, verdict):
    assert verdicts([place(1, 1, value)], [constraint])[0][0] == verdict


def test_no_constraint_matches_everyone_in_scope():
    assert verdicts([], [], entities=(1, 2)) == [("matched", {}), ("matched", {})]


@pytest.mark.parametrize(
    ("constraint", "values", "verdict"),
    [
        (held_role("company", "eq", "quellmark  FOODS"), {"company": "Quellmark Foods"}, "matched"),
        (held_role("company", "eq", "Quellmark"), {"company": "Quellmark Foods"}, "ruled_out"),
        (held_role("function", "ne", "Marketing"), {"company": "Halden"}, "matched"),
        (held_role("function", "eq", "Marketing"), {"company": "Halden"}, "ruled_out"),
        (held_role("function", "ne", "Marketing"), {"function": "Wizardry"}, "cannot_be_placed"),
        (held_role("start", "ge", "2010"), {"start": "2012-04"}, "matched"),
        (held_role("start", "lt", "2010"), {"start": "2012-04"}, "ruled_out"),
    ],
)  # fmt: skip
def test_text_dates_and_a_missing_slot_are_decided_alike(constraint, values, verdict):
    assert verdicts([role(1, 1, **values)], [constraint])[0][0] == verdict


def test_many_people_of_every_verdict_in_one_query():
    rows = [
        place(1, 1, "Germany"),
        place(2, 2, "Vietnam"),
        place(3, 3, "Atlantis"),
        role(4, 1, function="Marketing", start="2001"),
        role(5, 2, function="Marketing"),
        role(6, 4, function="Sales", end="2009"),
        role(7, 5, function="brand management", start="2030"),
    ]
    found = verdicts(
        rows, [EUROPE, MARKETING], withheld={(5, "based_in")}, as_of="2020", entities=range(1, 7)
    )
    assert [verdict for verdict, _ in found] == [
        "matched",
        "ruled_out",
        "cannot_be_placed",
        "ruled_out",
        "ruled_out",  # out of its period the declared role still says no
        "not_recorded",
    ]


def stored_query(rows, constraints, *, as_of=""):
    """A PartitionQuery over these rows stored for one person (entity 1)."""
    workspace = make_workspace()
    key, _ = make_key(workspace)
    entity = Entity.objects.create(
        workspace=workspace, key="person1", kind="person", display_name="P", name_key="p"
    )
    document = make_document(workspace, entity_name="Somebody Else").document
    for row in rows:
        receipt = {} if row.declared else {"document": document, "char_start": 0, "char_end": 4}
        row_create(
            workspace=workspace,
            entity=entity,
            relation=row.relation,
            values=dict(row.values),
            origin="declared" if row.declared else "extracted",
            record_id=str(row.id),
            **receipt,
        )
    scope = scope_entities(key=key, workspace=workspace, entity_ids=None)
    found_rows, gaps = scope_rows(key, None, scope)
    return PartitionQuery(
        scope=scope,
        rows=found_rows,
        gaps=gaps,
        constraints=constraints,
        relation_slots=SLOTS,
        vocabulary=workspace.vocabulary,
        as_of=as_of,
        workspace_id=workspace.id,
    )


def test_one_vocabulary_constraint_per_relation_is_read_from_the_facts():
    rows = [place(1, 1, "Germany"), role(2, 1, function="Marketing")]

    query = stored_query(rows, [EUROPE, MARKETING])

    assert query.by_facts
    # The other person only a document mentions: in scope, with no record.
    assert query.counts == {"matched": 1, "not_recorded": 1}
    (placed,) = query.people("matched", limit=10)
    assert placed.rows == dict(
        RelationRow.objects.filter(entity_id=placed.entity_id).values_list("relation", "pk")
    )


@pytest.mark.parametrize(
    ("rows", "constraints", "as_of"),
    [
        ([role(1, 1, function="Marketing")], [MARKETING, held_role("company", "eq", "Acme")], ""),
        ([role(1, 1, function="Marketing")], [held_role("company", "eq", "Acme")], ""),
        ([role(1, 1, function="Marketing")], [MARKETING], "2020"),
        ([place(1, 1, "Germany", declared=False)], [EUROPE], ""),
    ],
    ids=["two_on_one_relation", "a_text_slot", "a_date", "an_extracted_row"],
)
def test_what_the_facts_do_not_hold_is_asked_of_the_rows(rows, constraints, as_of):
    query = stored_query(rows, constraints, as_of=as_of)

    assert not query.by_facts


def test_the_same_search_of_two_workspaces_reads_each_one_s_own_facts():
    """What a search compiles once is kept per workspace: the second workspace's sets are its
    own, not the first's."""
    first = stored_query(
        [place(1, 1, "Germany"), role(2, 1, function="Marketing")], [EUROPE, MARKETING]
    )
    second = stored_query(
        [place(1, 1, "Vietnam"), role(2, 1, function="Marketing")], [EUROPE, MARKETING]
    )
    again = stored_query(
        [place(1, 1, "Austria"), role(2, 1, function="Sales")], [EUROPE, MARKETING]
    )

    assert (first.by_facts, second.by_facts, again.by_facts) == (True, True, True)
    assert first.counts == {"matched": 1, "not_recorded": 1}
    assert second.counts == {"ruled_out": 1, "not_recorded": 1}
    assert again.counts == {"ruled_out": 1, "not_recorded": 1}
    assert [p.reasons for p in second.people("ruled_out")] == [{"based_in": "ruled_out"}]
    assert [p.reasons for p in again.people("ruled_out")] == [{"held_role": "ruled_out"}]


def test_only_the_latest_searches_compiled_sql_is_kept(monkeypatch):
    monkeypatch.setattr(cache, "COMPILED_KEPT", 2)
    rows = [place(1, 1, "Germany"), role(2, 1, function="Marketing")]
    asked = [
        ([EUROPE], ("matched", {})),
        ([MARKETING], ("matched", {})),
        ([Constraint("based_in", "place", "eq", "Asia")], ("ruled_out", {"based_in": "ruled_out"})),
        ([EUROPE], ("matched", {})),
        ([held_role("function", "ne", "Marketing")], ("ruled_out", {"held_role": "ruled_out"})),
    ]
    for constraints, expected in asked:
        query = stored_query(rows, constraints)
        (placed,) = [p for p in query.people() if p.verdict != "not_recorded"]
        assert (placed.verdict, placed.reasons) == expected
        assert 0 < len(cache.COMPILED[Vocabulary.shipped()]) <= 2


def test_the_compiled_sql_is_kept_whole_under_many_threads(monkeypatch):
    """Threads asking and evicting at once: each gets the SQL of its own key, none fails, and
    no more than the cap is kept."""
    from concurrent.futures import ThreadPoolExecutor

    monkeypatch.setattr(cache, "COMPILED_KEPT", 8)
    vocabulary = Vocabulary.shipped().extended([])

    def ask(number: int) -> bool:
        key = ("test", str(number % 50))
        sql, params = cache.compiled_remember(vocabulary, key, lambda: (f"SQL {key[1]}", [key[1]]))
        params.append("changed by the caller")  # a caller's list is its own copy
        return sql == f"SQL {key[1]}" and params[0] == key[1]

    with ThreadPoolExecutor(max_workers=16) as pool:
        answers = list(pool.map(ask, range(4000)))

    assert all(answers)
    kept = cache.COMPILED[vocabulary]
    assert 0 < len(kept) <= 8
    assert all(params == [key[1]] for key, (_, params) in kept.items())
