"""The partition, a pure function: each entity matched, ruled out, not recorded or unplaceable."""

from __future__ import annotations

import pytest

from limma.pack import DEFAULT_PACK
from limma.vocabulary import Vocabulary
from search.constraints import Constraint
from search.partition import Row, in_period, partition

SLOTS = {name: relation["slots"] for name, relation in DEFAULT_PACK["relations"].items()}
EUROPE = Constraint("based_in", "place", "eq", "Europe")
MARKETING = Constraint("held_role", "function", "eq", "Marketing")


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
    return [(p.verdict, p.reasons) for p in placed]


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
    both = [MARKETING, Constraint("held_role", "company", "eq", "Quellmark")]

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
