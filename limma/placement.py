"""Each row's vocabulary slots placed once, at write: the term each stored value names.

A search then asks the database which rows hold a term under Europe (a list of term names the
vocabulary's closure gives once per search), instead of placing every row's value in Python on
every call. The placement is data derived from the row and the workspace's vocabulary, so a
change of the vocabulary (a term added, renamed or removed) places the workspace's rows again.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from limma.match import VOCABULARY_TYPES
from limma.vocabulary import Vocabulary

BATCH = 2000


def row_placed(
    values: Mapping[str, Any], slots: Mapping[str, str], vocabulary: Vocabulary
) -> dict[str, str]:
    """{slot: term name} for each vocabulary slot the row holds that the vocabulary can place;
    a held slot absent here cannot be placed (absent, not null: both databases read it so)."""
    placed: dict[str, str] = {}
    for slot, slot_type in slots.items():
        if slot_type in VOCABULARY_TYPES and slot in values:
            term = vocabulary.lookup(str(values[slot]), axis=slot_type)
            if term is not None:
                placed[slot] = term.name
    return placed


def relation_slots(pack: Any) -> dict[str, dict[str, str]]:
    return {name: relation.slots for name, relation in pack.relations.items()}


def workspace_rows_placed(workspace: Any) -> int:
    """Place every row of the workspace again (after its vocabulary changed); rows changed."""
    from limma.models import RelationRow

    slots = relation_slots(workspace.parsed_pack)
    vocabulary = workspace.vocabulary
    changed: list[RelationRow] = []
    count = 0
    rows = RelationRow.objects.filter(workspace=workspace, relation__in=list(slots)).only(
        "pk", "relation", "values", "placed"
    )
    for row in rows.iterator(chunk_size=BATCH):
        placed = row_placed(row.values, slots[row.relation], vocabulary)
        if placed != row.placed:
            row.placed = placed
            changed.append(row)
        if len(changed) >= BATCH:
            RelationRow.objects.bulk_update(changed, ["placed"])
            count += len(changed)
            changed = []
    RelationRow.objects.bulk_update(changed, ["placed"])
    return count + len(changed)


def vocabulary_changed(sender: Any, instance: Any, **kwargs: Any) -> None:
    """A term of a workspace saved or deleted: its rows are placed under the new vocabulary."""
    from limma.models import Workspace
    from limma.models.workspaces import workspace_vocabulary_forget

    workspace_vocabulary_forget(instance.workspace_id)
    workspace = Workspace.objects.filter(pk=instance.workspace_id).first()
    if workspace is not None:
        workspace_rows_placed(workspace)
