"""criteria.many.among: a filter by many ids finds what the same filter by a plain list finds,
short or long, on SQLite and PostgreSQL."""

from __future__ import annotations

import pytest
from django.db import connection

from criteria.many import SHORT, among
from limma.models import Entity
from tests.factories import make_workspace

pytestmark = pytest.mark.django_db


@pytest.fixture
def entities() -> list[int]:
    workspace = make_workspace("Many")
    Entity.objects.bulk_create(
        [Entity(workspace=workspace, display_name=f"Person {i}") for i in range(3 * SHORT)]
    )
    return list(Entity.objects.filter(workspace=workspace).values_list("pk", flat=True))


@pytest.mark.parametrize(
    "picked",
    [
        pytest.param(lambda pks: pks, id="all_of_them"),
        pytest.param(lambda pks: [*pks[::2], max(pks) + 1000], id="every_other_and_one_unknown"),
        pytest.param(lambda pks: pks[: SHORT - 1], id="a_short_list"),
        pytest.param(lambda pks: pks[:SHORT], id="just_long"),
    ],
)
def test_many_ids_find_what_the_plain_list_finds(entities, picked):
    ids = picked(entities)

    found = set(Entity.objects.filter(pk__in=among(ids)).values_list("pk", flat=True))

    assert found == set(Entity.objects.filter(pk__in=ids).values_list("pk", flat=True))
    assert found == set(ids) & set(entities)


def test_a_long_list_is_one_parameter_and_an_empty_one_no_query(entities):
    sent: list[tuple] = []

    def kept(execute, sql, params, many, context):
        sent.append(tuple(params or ()))
        return execute(sql, params, many, context)

    with connection.execute_wrapper(kept):
        assert Entity.objects.filter(pk__in=among(entities)).count() == len(entities)
        assert Entity.objects.filter(pk__in=among([])).count() == 0

    (params,) = sent  # the empty list: Django knows it matches nothing
    assert len(params) == 1  # the ids as one array (or JSON list), not a parameter each
