"""On PostgreSQL connect writes with COPY: what it stores is what the row-by-row inserts store,
field for field, for a first load and for a changed export loaded over it."""

from __future__ import annotations

import copy
from typing import Any

import pytest
from django.db import connections

from directory import build_directory
from limma.errors import InvalidRequest
from limma.models import (
    CoverageGap,
    Document,
    Entity,
    ExternalId,
    FactsSet,
    Part,
    PersonFacts,
    RelationRow,
    Sentence,
    Workspace,
)
from limma.services import bulk_write
from limma.services.connect import export_connect
from tests.factories import make_workspace

pytestmark = pytest.mark.skipif(
    connections["default"].vendor != "postgresql",
    reason="COPY is PostgreSQL's (set DATABASE_URL)",
)


def stored(workspace: Workspace) -> dict[str, list[tuple[Any, ...]]]:
    """Everything connect stored in the workspace, keyed by what the export names (ids and
    creation times aside, which no two loads share)."""
    documents = Document.objects.filter(workspace=workspace)
    return {
        "entities": sorted(
            Entity.objects.filter(workspace=workspace).values_list(
                "key", "kind", "display_name", "name_key", "merged_into__key"
            )
        ),
        "external ids": sorted(
            ExternalId.objects.filter(workspace=workspace).values_list(
                "entity__key", "table", "value", "same_as"
            )
        ),
        "rows": sorted(
            RelationRow.objects.filter(workspace=workspace).values_list(
                "entity__key",
                "relation",
                "values",
                "placed",
                "origin",
                "source_table",
                "columns",
                "record_id",
                "document",
                "char_start",
                "char_end",
                "made_by",
            ),
            key=repr,
        ),
        "gaps": sorted(
            CoverageGap.objects.filter(workspace=workspace).values_list(
                "entity__key", "relation", "reason", "source_table", "record_id", "part"
            )
        ),
        "documents": sorted(
            (*fields, record_id.split("@")[0])
            for *fields, record_id in documents.values_list(
                "entity__key",
                "kind",
                "text",
                "text_sha256",
                "file_name",
                "document_date",
                "state",
                "access_group",
                "origin",
                "source_table",
                "source_column",
                "segmenter_version",
                "record_id",
            )
        ),
        "parts": sorted(
            Part.objects.filter(document__in=documents).values_list(
                "document__text_sha256",
                "document__state",
                "ordinal",
                "kind",
                "char_start",
                "char_end",
                "label_state",
            )
        ),
        "sentences": sorted(
            Sentence.objects.filter(document__in=documents).values_list(
                "document__text_sha256",
                "document__state",
                "part__ordinal",
                "ordinal",
                "char_start",
                "char_end",
                "speaker",
                "timestamp",
                "is_heading",
                "unlabelled",
            )
        ),
        "facts": sorted(
            PersonFacts.objects.filter(workspace=workspace).values_list(
                "entity__key", "in_record", "facts_set__digest", "facts_set__facts"
            ),
            key=repr,
        ),
        "facts sets": sorted(
            FactsSet.objects.filter(workspace=workspace).values_list(
                "digest", "facts", "in_record"
            ),
            key=repr,
        ),
    }


def withheld(export: dict[str, Any]) -> dict[str, Any]:
    """The directory with one person's country withheld by the export."""
    again = copy.deepcopy(export)
    (based_in,) = (r for r in again["mapping"]["relations"] if r["relation"] == "based_in")
    based_in["withheld"] = "country_withheld"
    again["tables"]["experts"][4]["country_withheld"] = "yes"
    return again


def changed(export: dict[str, Any]) -> dict[str, Any]:
    """The export a week later: a role gone, a country and a profile changed, a person new."""
    again = copy.deepcopy(export)
    tables = again["tables"]
    tables["roles"].pop(0)
    tables["experts"][1]["country"] = "Deutschland"
    tables["experts"][2]["bio"] = "A profile written again.\n\nIt says more now."
    tables["experts"][4]["country_withheld"] = ""
    tables["experts"][5]["country_withheld"] = "true"
    newcomer = {**tables["experts"][3], "_id": "f" * 24, "name": "Ines Newcomer"}
    newcomer["email"] = "ines@example.org"
    tables["experts"].append(newcomer)
    return again


def loaded(export: dict[str, Any], *, copied: bool, monkeypatch) -> Workspace:
    """A new workspace with the export connected, then its change connected over it."""
    monkeypatch.setattr(bulk_write, "is_copied", lambda: copied)
    workspace = make_workspace(f"copied {copied}")
    for tables in (export, changed(export)):
        export_connect(workspace=workspace, tables=tables["tables"], mapping=tables["mapping"])
    return workspace


@pytest.mark.django_db
def test_copy_stores_what_the_row_by_row_inserts_store(monkeypatch):
    export = withheld(build_directory(40, 5).export)
    by_copy = stored(loaded(export, copied=True, monkeypatch=monkeypatch))
    by_rows = stored(loaded(export, copied=False, monkeypatch=monkeypatch))
    assert by_copy["entities"] and by_copy["rows"] and by_copy["sentences"]
    assert by_copy["gaps"] and by_copy["facts"]
    assert sum(in_record for *_, in_record in by_copy["facts sets"]) == len(by_copy["entities"])
    for table, rows in by_rows.items():
        assert by_copy[table] == rows, table


@pytest.mark.django_db
def test_a_load_broken_off_after_its_copies_leaves_nothing(monkeypatch):
    """The COPYs are inside the connect's one transaction: a failure after them undoes them."""
    export = build_directory(20, 5).export
    workspace = make_workspace("broken off")

    def broken(*args: Any, **kwargs: Any) -> None:
        raise RuntimeError("the disk is full")

    monkeypatch.setattr("limma.services.connect_load.documents_segment", broken)
    with pytest.raises(RuntimeError):
        export_connect(workspace=workspace, tables=export["tables"], mapping=export["mapping"])
    assert not Entity.objects.filter(workspace=workspace).exists()
    assert not RelationRow.objects.filter(workspace=workspace).exists()
    assert not PersonFacts.objects.filter(workspace=workspace).exists()
    assert not Document.objects.filter(workspace=workspace).exists()


@pytest.mark.django_db
def test_one_bad_row_refuses_the_whole_export_with_its_row_number_and_writes_nothing():
    export = build_directory(40, 5).export
    workspace = make_workspace("one bad row")
    export_connect(workspace=workspace, tables=export["tables"], mapping=export["mapping"])
    before = stored(workspace)
    again = changed(export)
    again["tables"]["roles"][23]["expert_id"] = "nobody"  # a role of no one the export holds

    with pytest.raises(InvalidRequest) as refusal:
        export_connect(workspace=workspace, tables=again["tables"], mapping=again["mapping"])

    assert refusal.value.detail()["faults"] == ["tables.roles[23].expert_id:entity_unknown"]
    assert stored(workspace) == before
