"""POST /v1/public/connect: an export loaded through its mapping, whole or not at all."""

from __future__ import annotations

import pytest

from limma.models import CoverageGap, Document, Entity, ExternalId, LedgerEntry, RelationRow
from tests.limma.exports import connect, export

pytestmark = pytest.mark.django_db


def test_connect_loads_people_rows_gaps_and_documents(api, workspace):
    reply = connect(api, workspace)

    assert reply.status_code == 200, reply.json()
    body = reply.json()
    assert body["entities"] == {"created": 4, "merged": 1, "total": 4}
    assert body["rows"] == {"created": 6, "kept": 0, "removed": 0, "withheld": 1}
    assert body["documents"] == {"registered": 3, "kept": 0, "superseded": 0}
    assert body["model_calls"] == 0
    assert not LedgerEntry.objects.exists()


def test_two_records_of_one_person_are_one_entity_reachable_by_either_id(api, workspace):
    connect(api, workspace)

    greta = Entity.objects.get(workspace=workspace, display_name="Greta Ostrander")
    assert greta.key == "414faa227dc946d35295d3e1"
    assert set(greta.external_ids.values_list("value", flat=True)) == {
        "414faa227dc946d35295d3e1",
        "7c2e3a4b5d6f7a8b9c0d1e2f",
    }
    places = sorted(row.values["place"] for row in greta.rows.filter(relation="based_in"))
    assert places == ["Deutschland", "Germany"]


def test_declared_rows_keep_the_table_and_column_they_came_from(api, workspace):
    connect(api, workspace)

    row = RelationRow.objects.get(relation="held_role", record_id="r1")
    assert row.origin == "declared"
    assert row.source_table == "roles"
    assert row.columns == {
        "company": "company",
        "title": "title",
        "function": "function",
        "start": "start",
    }
    assert row.values == {
        "company": "Quellmark Foods",
        "title": "Marketing Director",
        "function": "Marketing",
        "start": "2001-03",
    }


def test_a_withheld_row_is_a_coverage_gap_not_a_row(api, workspace):
    connect(api, workspace)

    xenia = Entity.objects.get(display_name="Xenia Bergstrom")
    assert not xenia.rows.exists()
    gap = CoverageGap.objects.get(entity=xenia)
    assert (gap.relation, gap.reason, gap.source_table) == ("based_in", "withheld", "experts")


def test_prose_fields_become_documents_and_empty_ones_do_not(api, workspace):
    connect(api, workspace)

    documents = Document.objects.filter(workspace=workspace)
    assert sorted(documents.values_list("kind", "entity__display_name")) == [
        ("profile", "Dario Benavente"),
        ("profile", "Greta Ostrander"),
        ("transcript", "Greta Ostrander"),
    ]
    call = documents.get(kind="transcript")
    assert call.access_group == "calls"
    assert str(call.document_date) == "2024-06-01"
    assert list(call.sentences.values_list("speaker", flat=True)) == ["Interviewer", "Greta"]
    assert set(call.parts.values_list("label_state", flat=True)) == {"deferred"}


def test_connecting_the_same_export_again_changes_nothing(api, workspace):
    connect(api, workspace)
    counts = (
        Entity.objects.count(),
        ExternalId.objects.count(),
        RelationRow.objects.count(),
        CoverageGap.objects.count(),
        Document.objects.count(),
    )

    body = connect(api, workspace).json()

    assert body["entities"]["created"] == 0
    assert body["rows"] == {"created": 0, "kept": 6, "removed": 0, "withheld": 1}
    assert body["documents"] == {"registered": 0, "kept": 3, "superseded": 0}
    assert counts == (
        Entity.objects.count(),
        ExternalId.objects.count(),
        RelationRow.objects.count(),
        CoverageGap.objects.count(),
        Document.objects.count(),
    )


def test_a_changed_export_replaces_what_it_declared_and_supersedes_changed_text(api, workspace):
    connect(api, workspace)
    changed = export()
    changed["tables"]["roles"] = changed["tables"]["roles"][:1]
    changed["tables"]["experts"][1]["bio"] = "Dario Benavente sold surgical staplers."

    body = connect(api, workspace, changed).json()

    assert body["rows"]["removed"] == 1
    assert body["documents"] == {"registered": 1, "kept": 2, "superseded": 1}
    assert not RelationRow.objects.filter(record_id="r2").exists()
    old = Document.objects.get(state="superseded")
    assert old.text == "Dario Benavente has never worked on baby formula."


@pytest.mark.parametrize(
    ("change", "fault"),
    [
        pytest.param(
            lambda e: e["mapping"]["relations"][0].update(relation="lives_in"),
            "mapping.relations[0].relation:unknown_relation",
            id="unknown_relation",
        ),
        pytest.param(
            lambda e: e["mapping"]["relations"][1]["slots"].update(salary="pay"),
            "mapping.relations[1].slots.salary:unknown_slot",
            id="unknown_slot",
        ),
        pytest.param(
            lambda e: e["mapping"]["documents"][0].update(kind="poem"),
            "mapping.documents[0].kind:document_kind_unknown",
            id="unknown_document_kind",
        ),
        pytest.param(
            lambda e: e["mapping"]["documents"][0].update(table="bios"),
            "mapping.documents[0].table:unknown_table",
            id="unknown_table",
        ),
        pytest.param(
            lambda e: e["tables"]["roles"][1].update(expert_id="nobody"),
            "tables.roles[1].expert_id:entity_unknown",
            id="row_of_nobody",
        ),
        pytest.param(
            lambda e: e["tables"]["roles"][0].update(start="March 2001"),
            "tables.roles[0].start:not_a_date",
            id="not_a_date",
        ),
        pytest.param(
            lambda e: e["tables"]["experts"][2].update(_id=""),
            "tables.experts[2]._id:missing",
            id="record_without_id",
        ),
        pytest.param(
            lambda e: e["tables"]["experts"][2].update(_id="414faa227dc946d35295d3e1"),
            "tables.experts[2]._id:duplicate_id",
            id="duplicate_id",
        ),
        pytest.param(
            lambda e: e["mapping"].update(entities=[]),
            "mapping.entities:required",
            id="no_entities",
        ),
        pytest.param(
            lambda e: e["tables"].update(roles="not rows"),
            "tables.roles:not_a_list",
            id="table_not_a_list",
        ),
    ],
)
def test_a_refused_connect_names_its_fault_and_writes_nothing(api, workspace, change, fault):
    body = export()
    change(body)

    reply = connect(api, workspace, body)

    assert reply.status_code == 422
    detail = reply.json()["detail"]
    assert detail["type"] in {"export_invalid", "invalid_request"}
    assert any(found.startswith(fault) for found in detail["faults"]), detail["faults"]
    assert not Entity.objects.exists()
    assert not Document.objects.exists()
    assert not RelationRow.objects.exists()
