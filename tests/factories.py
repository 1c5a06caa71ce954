"""Builders for tests: `build_*` returns unsaved objects, `make_*` saved ones."""

from __future__ import annotations

from limma.models import ApiKey, Workspace
from limma.services.ingest import Ingested, document_ingest
from limma.services.keys import api_key_create


def build_workspace(name: str = "People") -> Workspace:
    return Workspace(name=name)


def make_workspace(name: str = "People") -> Workspace:
    workspace = build_workspace(name)
    workspace.save()
    return workspace


def make_key(
    workspace: Workspace, *, role: str = "admin", access_groups: list[str] | None = None
) -> tuple[ApiKey, str]:
    return api_key_create(
        workspace=workspace, name=f"{role} key", role=role, access_groups=access_groups
    )


def make_document(
    workspace: Workspace,
    *,
    entity_name: str = "Greta Ostrander",
    kind: str = "profile",
    text: str = "Greta Ostrander leads marketing for baby formula.",
    access_group: str = "general",
) -> Ingested:
    return document_ingest(
        workspace=workspace,
        entity_name=entity_name,
        kind=kind,
        text=text,
        access_group=access_group,
    )
