"""The search's counts over a whole workspace sum each set of facts' stored people of the record:
after every kind of write (connect, ingest, a row edited or deleted, a gap, a vocabulary
change, a person merged, of another kind or deleted) the counts, reasons, people and met rows
equal the brute force (every row grouped per person), for a key that reads every group and one
that does not; and two writers of people of one set keep its count exact (PostgreSQL)."""

from __future__ import annotations

import threading
from collections import Counter
from typing import Any

import pytest
from django.db import connection

from limma.models import (
    ApiKey,
    CoverageGap,
    Document,
    Entity,
    FactsSet,
    PersonFacts,
    RelationRow,
    VocabularyTerm,
    Workspace,
)
from limma.placement import relation_slots
from limma.services.connect import export_connect
from limma.services.rows import gap_create, gap_delete, row_create, row_delete, row_save
from search.constraints import constraints_bound, constraints_parsed
from search.partition_query import PartitionQuery
from search.scope import scope_entities, scope_rows, whole_scope
from tests.factories import make_document, make_key, make_workspace
from tests.markers import on_postgresql
from tests.search.directory import (
    GENERAL,
    LOADER_CHECKS,
    RESTRICTED,
    UNPLACEABLE_PLACE,
    directory_export,
    outsider_names,
)

SEED = 20240611
COMPANY = LOADER_CHECKS[3]
CHECKS = [
    *LOADER_CHECKS,
    [
        {"relation": "based_in", "slot": "place", "op": "eq", "value": "Europe"},
        {"relation": "held_role", "slot": "function", "op": "ne", "value": "Marketing"},
    ],
]


def asked(key: ApiKey, workspace: Workspace, constraints: list[dict]) -> tuple[Any, Any]:
    """The search over the whole workspace as the service asks it (the stored counts), and
    the brute force (every row grouped per person)."""
    workspace = Workspace.objects.get(pk=workspace.pk)  # its vocabulary as it is now
    bound, _ = constraints_bound(
        constraints_parsed(constraints), workspace.parsed_pack, workspace.vocabulary
    )
    scope = scope_entities(key=key, workspace=workspace, entity_ids=None)
    rows, gaps = scope_rows(key, None, scope)
    common = {
        "scope": scope,
        "rows": rows,
        "gaps": gaps,
        "constraints": bound,
        "relation_slots": relation_slots(workspace.parsed_pack),
        "vocabulary": workspace.vocabulary,
        "workspace_id": workspace.id,
    }
    stored = PartitionQuery(**common, whole=whole_scope(key, workspace))
    return stored, PartitionQuery(**common, facts=False)


def people_of(query: PartitionQuery) -> list[tuple]:
    return [(p.entity_id, p.verdict, p.reasons, p.rows) for p in query.people()]


def assert_exact(workspace: Workspace, keys: list[ApiKey], *, by_facts: bool = True) -> None:
    """Every check's counts, reasons, people and met rows equal the brute force's; each set's
    stored count is its people of the record."""
    held = Counter(
        PersonFacts.objects.filter(workspace=workspace, in_record=True).values_list(
            "facts_set", flat=True
        )
    )
    stored = dict(FactsSet.objects.filter(workspace=workspace).values_list("pk", "in_record"))
    assert stored == {pk: held.get(pk, 0) for pk in stored}
    for key in keys:
        for constraints in CHECKS:
            fast, brute = asked(key, workspace, constraints)
            # A company is no vocabulary slot: its rows are grouped.
            assert fast.by_facts == (by_facts and constraints is not COMPANY), constraints
            assert fast.counts == brute.counts, constraints
            assert fast.reasons == brute.reasons, constraints
            assert people_of(fast) == people_of(brute), constraints
            for verdict in fast.counts:
                page = [p.entity_id for p in fast.people(verdict, limit=7)]
                assert page == [p.entity_id for p in brute.people(verdict, limit=7)]


@pytest.fixture
def world(db):
    """40 people through connect, a few only a document names (one group or the other), a
    key that reads every group and one that reads the general group alone."""
    workspace = make_workspace("Directory")
    export = directory_export(40, SEED)
    export_connect(workspace=workspace, tables=export["tables"], mapping=export["mapping"])
    names = outsider_names(export, 4)
    for name, group in zip(names, (GENERAL, GENERAL, RESTRICTED, RESTRICTED), strict=True):
        make_document(workspace, entity_name=name, access_group=group, text=f"{name} is named.")
    admin, _ = make_key(workspace, role="admin")
    general, _ = make_key(workspace, role="viewer", access_groups=[GENERAL])
    return workspace, export, [admin, general]


@pytest.mark.django_db
def test_after_connect_and_ingest_the_stored_counts_equal_the_brute_force(world):
    workspace, _, keys = world
    assert_exact(workspace, keys)
    fast, _ = asked(keys[0], workspace, CHECKS[0])
    assert fast.counts["not_recorded"] >= 4  # the people only a document names


@pytest.mark.django_db
def test_after_a_second_connect_of_changed_people(world):
    workspace, export, keys = world
    people = export["tables"]["people"]
    for person in people[:10]:
        person["country"] = "Brazil" if person.get("country") != "Brazil" else "Germany"
    for person in people[10:13]:
        person["country"] = UNPLACEABLE_PLACE
    export_connect(workspace=workspace, tables=export["tables"], mapping=export["mapping"])
    assert_exact(workspace, keys)


@pytest.mark.django_db
def test_after_rows_and_gaps_edited_or_deleted_one_at_a_time(world):
    workspace, _, keys = world
    rows = list(RelationRow.objects.filter(workspace=workspace, relation="based_in")[:6])
    rows[0].values = {"place": "Brazil"}
    row_save(rows[0])
    rows[1].values = {"place": UNPLACEABLE_PLACE}
    row_save(rows[1])
    row_delete(rows[2])
    rows[3].values = {}
    row_save(rows[3])
    for row in RelationRow.objects.filter(entity=rows[4].entity):
        row_delete(row)
    gap_create(workspace=workspace, entity=rows[5].entity, relation="held_role", reason="withheld")
    gap_delete(CoverageGap.objects.filter(workspace=workspace, reason="withheld").first())
    assert_exact(workspace, keys)


@pytest.mark.django_db
def test_after_a_vocabulary_change(world):
    workspace, _, keys = world
    term = VocabularyTerm.objects.create(
        workspace=workspace, axis="place", name=UNPLACEABLE_PLACE, broader=["Europe"]
    )
    assert_exact(workspace, keys)
    term.delete()
    assert_exact(workspace, keys)


@pytest.mark.django_db
def test_people_merged_of_another_kind_or_deleted_are_taken_out(world):
    workspace, _, keys = world
    people = list(Entity.objects.filter(workspace=workspace, external_ids__isnull=False)[:6])
    Entity.objects.filter(pk=people[0].pk).update(merged_into=people[1])
    Entity.objects.filter(pk=people[2].pk).update(kind="organisation")
    # A person's documents protect them: they go first.
    Document.objects.filter(entity__in=people[3:]).delete()
    people[3].delete()
    Entity.objects.filter(pk__in=[people[4].pk, people[5].pk]).delete()
    assert_exact(workspace, keys)
    assert not Entity.objects.filter(pk=people[3].pk).exists()


@pytest.mark.django_db
def test_an_extracted_row_the_key_reads_sends_the_count_to_the_rows(world):
    workspace, _, keys = world
    document = make_document(workspace, entity_name="Una Outsider", text="Una is in Berlin.")
    row_create(
        workspace=workspace,
        entity=document.document.entity,
        relation="based_in",
        values={"place": "Germany"},
        origin="extracted",
        document=document.document,
        char_start=0,
        char_end=3,
    )
    for key in keys:
        fast, brute = asked(key, workspace, CHECKS[1])
        assert not fast.by_facts
        assert fast.counts == brute.counts


@pytest.mark.django_db(transaction=True)
@on_postgresql
def test_two_writers_of_people_of_one_set_keep_its_count_exact():
    """Two threads, each in its own transaction, write people who hold the same set (and move
    others out of it) at once: the set's count is its people of the record."""
    workspace = make_workspace("Race")
    people = [
        Entity.objects.create(workspace=workspace, display_name=f"P{n}", kind="person")
        for n in range(41)
    ]
    # The set is written before the race: both writers count their people into one row.
    row_create(
        workspace=workspace,
        entity=people.pop(),
        relation="based_in",
        values={"place": "Germany"},
        origin="declared",
    )
    barrier = threading.Barrier(2, timeout=10)
    errors: list[BaseException] = []

    def write(mine: list[Entity]) -> None:
        from django.db import transaction

        try:
            with transaction.atomic():
                barrier.wait()
                for person in mine:
                    row_create(
                        workspace=workspace,
                        entity=person,
                        relation="based_in",
                        values={"place": "Germany"},
                        origin="declared",
                    )
                for person in mine[:5]:
                    row_delete(RelationRow.objects.filter(entity=person).first())
        except BaseException as error:  # handed back to the test
            errors.append(error)
        finally:
            connection.close()

    threads = [threading.Thread(target=write, args=(people[n::2],)) for n in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(60)
    assert errors == []
    germany = FactsSet.objects.get(
        workspace=workspace, pk__in=PersonFacts.objects.values("facts_set")
    )
    assert germany.in_record == 31
    assert PersonFacts.objects.filter(facts_set=germany, in_record=True).count() == 31
    admin, _ = make_key(workspace, role="admin")
    assert_exact(workspace, [admin])
