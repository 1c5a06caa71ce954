"""The row a read writes for each person it matched: the criterion's judgment, with receipts.

An extracted row, never "the record": its receipt is the first quote's span, and its values
hold every condition's quote by source id and offsets, so each can be re-read byte for byte.
Written once per person and criterion, and removed when the person is no longer matched.
"""

from __future__ import annotations

from typing import Any

from criteria.models import Criterion
from limma.models import Document, RelationRow

RELATION = "criterion"


def match_rows_write(
    *,
    criterion: Criterion,
    matched: dict[int, dict[str, Any]],
    candidates: list[int],
    documents: dict[str, Document],
) -> dict[int, int]:
    """Write (or keep) each matched person's row; returns entity pk -> row pk."""
    existing = {
        row.entity_id: row
        for row in RelationRow.objects.filter(
            workspace=criterion.workspace_id,
            relation=RELATION,
            made_by=criterion.address,
            entity_id__in=candidates,
        )
    }
    RelationRow.objects.filter(
        pk__in=[row.pk for pk, row in existing.items() if pk not in matched]
    ).delete()
    written = {}
    for entity_pk, entry in matched.items():
        evidence = [
            {key: quote[key] for key in ("facet", "source_id", "char_start", "char_end")}
            for quote in entry["evidence"]
        ]
        first = evidence[0]
        values = {"criterion": criterion.address, "evidence": evidence}
        row = existing.get(entity_pk)
        if row is None or row.values != values:
            if row is not None:
                row.delete()
            row = RelationRow.objects.create(
                workspace=criterion.workspace,
                entity_id=entity_pk,
                relation=RELATION,
                values=values,
                origin=RelationRow.Origin.EXTRACTED,
                document=documents[first["source_id"]],
                char_start=first["char_start"],
                char_end=first["char_end"],
                made_by=criterion.address,
            )
        written[entity_pk] = row.pk
    return written
