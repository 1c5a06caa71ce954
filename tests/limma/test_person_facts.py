"""Each person's facts (PersonFacts) are derived data: whatever writes their rows or gaps, the
stored facts must equal the facts derived again from scratch, or a search reads a stale answer.
"""

from __future__ import annotations

import copy

import pytest

from limma.models import (
    CoverageGap,
    Entity,
    ExternalId,
    FactsSet,
    PersonFacts,
    RelationRow,
    VocabularyTerm,
    Workspace,
)
from limma.placement import (
    IN_RECORD,
    FactsOf,
    fact_missing,
    fact_relation,
    fact_term,
    fact_unplaced,
    workspace_facts_rebuild,
)
from limma.services.connect import export_connect
from limma.services.rows import (
    RowsWrite,
    gap_create,
    gap_delete,
    row_create,
    row_delete,
    row_save,
)
from limma.vocabulary import Vocabulary
from tests.factories import make_document, make_workspace
from tests.search.directory import directory_export

pytestmark = pytest.mark.django_db
SLOTS = {"based_in": {"place": "place"}, "held_role": {"function": "function", "title": "text"}}


def stored(workspace: Workspace) -> dict[int, dict[str, int]]:
    """Each person's facts as written: their set's codes, and whether the record holds them."""
    return {
        entity_id: {**(facts or {}), **({IN_RECORD: 1} if in_record else {})}
        for entity_id, in_record, facts in PersonFacts.objects.filter(
            workspace=workspace
        ).values_list("entity_id", "in_record", "facts_set__facts")
    }


def derived_again(workspace: Workspace) -> dict[int, dict[str, int]]:
    """The facts written again from scratch."""
    workspace_facts_rebuild(Workspace.objects.get(pk=workspace.pk))
    return stored(workspace)


def person(workspace: Workspace, key: str = "p1") -> Entity:
    return Entity.objects.create(workspace=workspace, key=key, kind="person", display_name=key)


def test_a_placed_term_brings_every_term_above_it():
    of = FactsOf(SLOTS, Vocabulary.shipped())
    facts = of.facts(
        [("based_in", {"place": "Berlin"}, {"place": "Germany"})], [], external_id=False
    )

    assert {fact_term("based_in", "place", name) for name in ("Germany", "DACH", "Europe")} <= set(
        facts
    )
    assert fact_term("based_in", "place", "Asia") not in facts
    assert facts[fact_relation("based_in", "declared")] == 1
    assert facts[IN_RECORD] == 1


@pytest.mark.parametrize(
    ("rows", "withheld", "external_id", "expected"),
    [
        ([("based_in", {"place": "Atlantis"}, {})], [], False, fact_unplaced("based_in", "place")),
        ([("held_role", {"title": "CMO"}, {})], [], False, fact_missing("held_role", "function")),
        ([], ["held_role"], False, fact_relation("held_role", "withheld")),
        ([], [], True, IN_RECORD),
    ],
)  # fmt: skip
def test_each_case_of_a_slot_has_its_code(rows, withheld, external_id, expected):
    facts = FactsOf(SLOTS, Vocabulary.shipped()).facts(rows, withheld, external_id=external_id)

    assert expected in facts


def test_nothing_known_of_a_person_is_no_facts():
    assert FactsOf(SLOTS, Vocabulary.shipped()).facts([], [], external_id=False) == {}


def test_a_row_or_gap_written_or_removed_alone_rewrites_its_persons_facts():
    workspace = make_workspace()
    ada = person(workspace)
    row = row_create(
        workspace=workspace, entity=ada, relation="based_in", values={"place": "France"},
        origin="declared",
    )  # fmt: skip
    assert fact_term("based_in", "place", "Europe") in stored(workspace)[ada.pk]

    row.values = {"place": "Japan"}
    row_save(row)
    facts = stored(workspace)[ada.pk]
    assert fact_term("based_in", "place", "Asia") in facts
    assert fact_term("based_in", "place", "Europe") not in facts

    gap = gap_create(workspace=workspace, entity=ada, relation="held_role", reason="withheld")
    assert fact_relation("held_role", "withheld") in stored(workspace)[ada.pk]
    assert stored(workspace) == derived_again(workspace)

    gap_delete(gap)
    row_delete(row)
    assert stored(workspace) == {}


def test_rows_and_gaps_written_together_leave_the_facts_as_derived_again():
    workspace = make_workspace()
    ada, bea, cem = (person(workspace, key) for key in ("ada", "bea", "cem"))
    gone = row_create(
        workspace=workspace, entity=cem, relation="based_in", values={"place": "Chile"},
        origin="declared",
    )  # fmt: skip

    with RowsWrite(workspace) as write:
        write.rows_add(
            [
                RelationRow(workspace=workspace, entity=who, relation="based_in",
                            values={"place": place}, origin="declared")
                for who, place in ((ada, "France"), (bea, "Atlantis"))
            ]
        )  # fmt: skip
        write.gaps_add(
            [CoverageGap(workspace=workspace, entity=bea, relation="held_role", reason="withheld")]
        )
        write.rows_remove(RelationRow.objects.filter(pk=gone.pk))
        assert stored(workspace)[cem.pk]  # written when the write closes, not before

    facts = stored(workspace)
    assert fact_term("based_in", "place", "Europe") in facts[ada.pk]
    assert fact_unplaced("based_in", "place") in facts[bea.pk]
    assert cem.pk not in facts
    assert facts == derived_again(workspace)


def test_a_reads_row_and_a_sentences_gap_are_none_of_the_persons_facts():
    workspace = make_workspace()
    document = make_document(workspace).document
    greta = document.entity
    row_create(
        workspace=workspace, entity=greta, relation="based_in", values={"place": "Poland"},
        origin="declared",
    )  # fmt: skip
    before = stored(workspace)

    with RowsWrite(workspace) as write:
        write.rows_add(
            [
                RelationRow(workspace=workspace, entity=greta, relation="based_in",
                            values={"place": "Japan"}, origin="extracted", document=document,
                            char_start=0, char_end=5)
            ]
        )  # fmt: skip
        write.gap_keep(
            workspace=workspace, entity=greta, part=document.parts.get(), relation="part_label",
            reason="sentence_not_labelled", record_id="1",
        )  # fmt: skip

    assert stored(workspace) == before == derived_again(workspace)


def test_a_term_added_to_the_vocabulary_leaves_the_facts_as_derived_again():
    workspace = make_workspace()
    ada = person(workspace)
    row_create(
        workspace=workspace, entity=ada, relation="based_in", values={"place": "Gondor"},
        origin="declared",
    )  # fmt: skip
    assert fact_unplaced("based_in", "place") in stored(workspace)[ada.pk]

    VocabularyTerm.objects.create(
        workspace=workspace, axis="place", name="Gondor", broader=["Europe"]
    )

    facts = stored(workspace)
    assert fact_term("based_in", "place", "Europe") in facts[ada.pk]
    assert facts == derived_again(workspace)


def test_a_connect_run_again_with_changed_rows_leaves_the_facts_as_derived_again():
    workspace = make_workspace()
    export = directory_export(60, 7)
    export_connect(workspace=workspace, tables=export["tables"], mapping=export["mapping"])
    assert len(stored(workspace)) == 60
    assert stored(workspace) == derived_again(workspace)

    changed = copy.deepcopy(export)
    for name, table in changed["tables"].items():
        for row in table[:20]:
            for column, value in (("country", "Japan"), ("function", "Sales")):
                if column in row:
                    row[column] = value
        if name != "people":
            del table[:5]  # offices and roles gone
    export_connect(workspace=workspace, tables=changed["tables"], mapping=changed["mapping"])

    assert stored(workspace) == derived_again(workspace)
    assert ExternalId.objects.filter(workspace=workspace).count() == 60


def test_a_person_or_workspace_deleted_takes_their_facts():
    workspace = make_workspace()
    ada, bea = person(workspace, "ada"), person(workspace, "bea")
    for who in (ada, bea):
        row_create(
            workspace=workspace, entity=who, relation="based_in", values={"place": "Peru"},
            origin="declared",
        )  # fmt: skip
        gap_create(workspace=workspace, entity=who, relation="held_role", reason="withheld")

    held = PersonFacts.objects.filter(workspace=workspace).values_list("facts_set", flat=True)
    assert len(set(held)) == 1  # the same facts are one set

    ada.delete()
    assert list(stored(workspace)) == [bea.pk]
    workspace.delete()
    assert not PersonFacts.objects.exists()
    assert not FactsSet.objects.exists()


def test_the_migration_writes_the_facts_of_the_people_already_stored():
    from importlib import import_module

    from django.apps import apps

    workspace = make_workspace()
    export = directory_export(30, 11)
    export_connect(workspace=workspace, tables=export["tables"], mapping=export["mapping"])
    written = stored(workspace)
    PersonFacts.objects.all().delete()
    FactsSet.objects.all().delete()

    import_module("limma.migrations.0003_person_facts").facts_written(apps, None)

    assert stored(workspace) == written
