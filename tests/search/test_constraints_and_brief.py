"""Constraints checked for form and bound to the pack (briefs: test_brief_compiler.py)."""

from __future__ import annotations

import pytest

from limma.errors import InvalidRequest
from limma.pack import DEFAULT_PACK, pack_from_json
from limma.vocabulary import Vocabulary
from search.constraints import Constraint, constraints_bound, constraints_parsed


@pytest.mark.parametrize(
    ("raw", "fault"),
    [
        pytest.param(["based_in"], "constraints[0]:not_an_object", id="not_an_object"),
        pytest.param(
            [{"slot": "place", "op": "eq", "value": "x"}],
            "constraints[0].relation:required",
            id="no_relation",
        ),
        pytest.param(
            [{"relation": "based_in", "slot": "place", "op": "like", "value": "x"}],
            "constraints[0].op:unknown",
            id="unknown_op",
        ),
        pytest.param(
            [{"relation": "based_in", "slot": "place", "op": "in", "value": "x"}],
            "constraints[0].value:in_needs_a_list",
            id="in_without_a_list",
        ),
        pytest.param(
            [{"relation": "based_in", "slot": "place", "op": "eq", "value": ""}],
            "constraints[0].value:not_a_value",
            id="empty_value",
        ),
        pytest.param(
            [{"relation": "based_in", "slot": "place", "op": "eq"}],
            "constraints[0].value:required",
            id="no_value",
        ),
        pytest.param(
            [{"relation": "based_in", "slot": "place", "op": "eq", "value": "x", "or": 1}],
            "constraints[0]:unknown_keys:or",
            id="unknown_key",
        ),
    ],
)
def test_a_malformed_constraint_is_a_422_naming_its_fault(raw, fault):
    with pytest.raises(InvalidRequest) as refused:
        constraints_parsed(raw)

    assert refused.value.type == "constraints_invalid"
    assert fault in refused.value.fields["faults"]


@pytest.mark.parametrize(
    ("constraint", "reason"),
    [
        pytest.param(
            Constraint("lives_in", "place", "eq", "Europe"),
            "relation_unknown",
            id="unknown_relation",
        ),
        pytest.param(
            Constraint("based_in", "city", "eq", "Berlin"), "slot_unknown", id="unknown_slot"
        ),
        pytest.param(
            Constraint("based_in", "place", "eq", "Narnia"),
            "value_not_in_vocabulary",
            id="unknown_place",
        ),
        pytest.param(
            Constraint("based_in", "place", "gt", "Europe"),
            "op_not_for_slot",
            id="ordered_op_on_a_place",
        ),
        pytest.param(Constraint("based_in", "place", "eq", "Europe"), None, id="bound"),
        pytest.param(Constraint("held_role", "start", "ge", "2001"), None, id="a_date"),
    ],
)
def test_a_constraint_the_workspace_cannot_bind_is_named_not_dropped(constraint, reason):
    bound, unbound = constraints_bound(
        [constraint], pack_from_json(DEFAULT_PACK), Vocabulary.shipped()
    )

    assert [item.reason for item in unbound] == ([reason] if reason else [])
    assert bound == ([] if reason else [constraint])
