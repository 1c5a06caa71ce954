"""The benchmark's bulk loader (benchmarks/_directory_load.py): the directory cut into chunks is
the directory, and loading it a chunk at a time gives the searches connect gives."""

from __future__ import annotations

import pytest
from django.db import transaction

from benchmarks._directory_load import bulk_load, indexes_deferred
from benchmarks.search_scale import one_search
from limma.models import Entity, PersonFacts
from limma.placement import workspace_facts_rebuild
from limma.services.connect import export_connect
from tests.factories import make_key, make_workspace
from tests.search.directory import LOADER_CHECKS, directory_chunks, directory_export

PEOPLE = 60
SEED = 5


@pytest.mark.parametrize(("people", "size"), [(10, 3), (12, 4), (5, 50), (1, 1), (0, 7)])
def test_the_chunks_are_the_export_cut_in_order(people, size):
    chunks = list(directory_chunks(people, SEED, size))
    whole = directory_export(people, SEED)

    assert [len(chunk["tables"]["people"]) for chunk in chunks] == [
        min(size, people - start) for start in range(0, people, size)
    ]
    for name, table in whole["tables"].items():
        assert [row for chunk in chunks for row in chunk["tables"][name]] == table


def test_another_seed_is_another_directory():
    assert list(directory_chunks(20, SEED, 7)) != list(directory_chunks(20, SEED + 1, 7))


def loaded(size: int | None) -> tuple[object, object]:
    """The directory through connect (size None) or in bulk, chunks of `size` people."""
    workspace = make_workspace("Directory")
    key, _ = make_key(workspace, role="admin")
    if size is None:
        export = directory_export(PEOPLE, SEED)
        export_connect(workspace=workspace, tables=export["tables"], mapping=export["mapping"])
    else:
        with transaction.atomic(), indexes_deferred():
            bulk_load(workspace, directory_chunks(PEOPLE, SEED, size))
    return workspace, key


@pytest.mark.django_db
@pytest.mark.parametrize("size", [7, PEOPLE])
def test_a_load_in_chunks_searches_as_connect_does(size):
    connected, connected_key = loaded(None)
    bulk, bulk_key = loaded(size)

    for constraints in LOADER_CHECKS:
        one = one_search(connected_key, connected.id, constraints, "full")
        other = one_search(bulk_key, bulk.id, constraints, "full")
        assert one["counts"]["in_scope"] == PEOPLE
        assert other["counts"] == one["counts"], constraints
        assert other["incomplete_because"] == one["incomplete_because"], constraints
        assert other["entities"] == one["entities"], constraints


def people_facts(workspace) -> dict[str, tuple[bool, dict | None, int | None]]:
    """Each person's facts: in the record, their set's codes and its people of the record."""
    facts = PersonFacts.objects.filter(workspace=workspace).select_related("facts_set")
    keys = dict(Entity.objects.filter(workspace=workspace).values_list("pk", "key"))
    return {
        keys[each.entity_id]: (
            each.in_record,
            each.facts_set.facts if each.facts_set else None,
            each.facts_set.in_record if each.facts_set else None,
        )
        for each in facts
    }


@pytest.mark.django_db
def test_the_facts_written_in_chunks_are_those_the_product_writes_from_the_rows():
    workspace, _ = loaded(7)
    written = people_facts(workspace)

    workspace_facts_rebuild(workspace)

    assert len(written) == PEOPLE
    assert written == people_facts(workspace)
