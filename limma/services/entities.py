"""Finding and making entities by the name a load recorded for them."""

from __future__ import annotations

from limma.models import Entity, Workspace
from limma.names import name_key


def entity_by_name(workspace: Workspace, name: str) -> list[Entity]:
    """Every unmerged entity whose display name is this name, case, accents and spacing aside."""
    key = name_key(name)
    if not key:
        return []
    return list(Entity.objects.filter(workspace=workspace, merged_into__isnull=True, name_key=key))


def entity_create(
    *, workspace: Workspace, display_name: str, key: str = "", kind: str = ""
) -> Entity:
    entity = Entity(
        workspace=workspace,
        display_name=display_name,
        kind=kind or workspace.parsed_pack.entity_kinds[0],
    )
    if key:
        entity.key = key
    entity.save()
    return entity
