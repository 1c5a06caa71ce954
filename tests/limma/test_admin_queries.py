"""No admin list makes a query per row: every registered model's list is opened over a few rows
of everything and over twice as many, and the number of queries stays the same."""

from __future__ import annotations

import pytest
from django.contrib import admin
from django.db import connection
from django.test.utils import CaptureQueriesContext

from tests.factories import make_workspace
from tests.limma.admin_world import add_rows, url

pytestmark = pytest.mark.django_db

MODELS = sorted(admin.site._registry, key=lambda model: model._meta.label)


def list_queries(client) -> dict[str, tuple[int, int]]:
    """Per model: (rows listed, queries made) of its list page."""
    counted = {}
    for model in MODELS:
        with CaptureQueriesContext(connection) as queries:
            reply = client.get(url(model, "changelist"))
        assert reply.status_code == 200, model._meta.label
        counted[model._meta.label] = (len(reply.context["cl"].result_list), len(queries))
    return counted


def test_every_admin_list_makes_as_many_queries_for_twice_the_rows(admin_client):
    workspace = make_workspace()
    add_rows(workspace, 2)
    small = list_queries(admin_client)
    add_rows(workspace, 2)
    large = list_queries(admin_client)

    grew = {
        label: (small[label][1], large[label][1])
        for label in small
        if large[label][1] != small[label][1]
    }
    assert grew == {}, f"queries (at the small size, at twice the rows): {grew}"
    # Twice the rows were listed: a list that listed the same rows twice proves nothing.
    not_grown = [label for label in small if large[label][0] <= small[label][0]]
    assert not_grown == []
