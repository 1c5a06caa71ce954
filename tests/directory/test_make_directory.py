"""make_directory loads the directory through connect: people, rows and documents counted."""

from __future__ import annotations

import json

import pytest
from django.core.management import call_command

from directory import build_directory
from limma.models import Document, Entity, RelationRow, Workspace

N = 60


@pytest.mark.django_db
def test_a_small_directory_loads_through_connect_and_prints_its_key(tmp_path, capsys):
    out_file = tmp_path / "export.json"
    call_command(
        "make_directory", "--n", str(N), "--seed", "5", "--workspace-name", "Demo",
        "--out", str(out_file),
    )  # fmt: skip
    out = capsys.readouterr().out
    workspace = Workspace.objects.get(name="Demo")
    built = build_directory(N, 5)
    tables = built.export["tables"]
    documents = sum(len(tables[t]) for t in ("calls", "references", "notes"))
    documents += sum(1 for row in tables["experts"] if row.get("bio"))
    assert Entity.objects.filter(workspace=workspace).count() == N
    assert RelationRow.objects.filter(workspace=workspace, relation="based_in").count() == N
    assert RelationRow.objects.filter(workspace=workspace, relation="held_role").count() == len(
        tables["roles"]
    )
    assert Document.objects.filter(workspace=workspace).count() == documents
    assert set(Entity.objects.filter(workspace=workspace).values_list("key", flat=True)) == {
        row["_id"] for row in tables["experts"]
    }
    assert f"workspace_id: {workspace.id}" in out and "api_key: lk_" in out
    assert json.loads(out_file.read_text()) == built.export


@pytest.mark.django_db
def test_loading_the_same_directory_again_changes_nothing(capsys):
    call_command("make_directory", "--n", "20", "--seed", "5", "--workspace-name", "Again")
    call_command("make_directory", "--n", "20", "--seed", "5", "--workspace-name", "Again")
    out = capsys.readouterr().out
    assert Workspace.objects.filter(name="Again").count() == 1
    assert "0 people created, 0 rows, 0 documents registered" in out
