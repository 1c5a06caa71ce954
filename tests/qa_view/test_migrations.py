"""The Q&A page's data migrations: visitors' names made as sign-in reads them."""

from __future__ import annotations

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

pytestmark = pytest.mark.django_db(transaction=True)

BEFORE = ("qa_view", "0003_support_group")
AFTER = ("qa_view", "0004_visitor_names_as_sign_in_reads_them")


@pytest.fixture(autouse=True)
def migrated_back_to_the_latest():
    """The test walks the schema back; every later test needs it whole again."""
    yield
    executor = MigrationExecutor(connection)
    executor.migrate(executor.loader.graph.leaf_nodes())


def test_old_names_with_extra_spaces_are_made_as_sign_in_reads_them():
    executor = MigrationExecutor(connection)
    executor.migrate([BEFORE])
    old = executor.loader.project_state([BEFORE]).apps
    Workspace = old.get_model("limma", "Workspace")
    ApiKey = old.get_model("limma", "ApiKey")
    Visitor = old.get_model("qa_view", "Visitor")
    workspace = Workspace.objects.create(id="ws_migration", name="W")
    key = ApiKey.objects.create(workspace=workspace, name="k", prefix="p1", hashed_secret="h")
    for name in ("Bob  Smith", " Carol Jones ", "Ada Lovelace", "ada   lovelace"):
        Visitor.objects.create(workspace=workspace, name=name, api_key=key, code_hash="x")

    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate([AFTER])

    new = executor.loader.project_state([AFTER]).apps.get_model("qa_view", "Visitor")
    assert sorted(new.objects.values_list("name", flat=True)) == [
        "Ada Lovelace",
        "Bob Smith",
        "Carol Jones",
        "ada   lovelace",  # would be Ada Lovelace's: left for support to rename
    ]
