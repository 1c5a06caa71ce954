"""The row a read writes for each person it matched: the criterion's judgment, with receipts.

An extracted row, never "the record": its receipt is the first quote's span, and its values
hold every condition's quote by source id and offsets, so each can be re-read byte for byte.
Written once per person and criterion, and removed when the person is no longer matched.
Written in bulk: one read of the rows there are, one delete of the stale, one insert of the
new, however many people the read matched.
"""

from __future__ import annotations

from typing import Any

from django.db import transaction

from criteria.many import among
from criteria.models import Criterion
from limma.models import Document, RelationRow
from limma.services.rows import RowsWrite

RELATION = "criterion"


def match_rows_write(
    *,
    criterion: Criterion,
    matched: dict[int, dict[str, Any]],
    candidates: list[int],
    documents: dict[str, Document],
) -> dict[int, int]:
    """Write (or keep) each matched person's row; returns entity pk -> row pk."""
    existing = RelationRow.objects.filter(
        workspace=criterion.workspace_id,
        relation=RELATION,
        made_by=criterion.address,
        entity_id__in=among(candidates),
    ).values_list("pk", "entity_id", "values")
    wanted = {entity_pk: row_values(criterion, entry) for entity_pk, entry in matched.items()}
    written: dict[int, int] = {}
    stale = []
    for pk, entity_pk, values in existing:
        if entity_pk in written or wanted.get(entity_pk) != values:
            stale.append(pk)  # no longer matched, matched on other quotes, or a second row
        else:
            written[entity_pk] = pk
    unwritten = {pk: values for pk, values in wanted.items() if pk not in written}
    new = new_rows(criterion, unwritten, documents)
    if stale or new:
        with transaction.atomic(), RowsWrite(criterion.workspace) as write:
            if stale:
                stale_rows = RelationRow.objects.filter(pk__in=among(stale))
                write.rows_remove(stale_rows, declared_of=())  # a read's rows are extracted
            # In the order the people were matched; each new row's pk is set on it.
            write.rows_add(new)
    written.update({row.entity_id: row.pk for row in new})
    return {entity_pk: written[entity_pk] for entity_pk in matched}


def row_values(criterion: Criterion, entry: dict[str, Any]) -> dict[str, Any]:
    """A matched person's row values: the criterion and every quote's receipt."""
    evidence = [
        {key: quote[key] for key in ("facet", "source_id", "char_start", "char_end")}
        for quote in entry["evidence"]
    ]
    return {"criterion": criterion.address, "evidence": evidence}


def new_rows(
    criterion: Criterion, wanted: dict[int, dict[str, Any]], documents: dict[str, Document]
) -> list[RelationRow]:
    """The unsaved rows (placed as they are written), each one's receipt its first quote's
    span."""
    workspace = criterion.workspace
    rows = []
    for entity_pk, values in wanted.items():
        first = values["evidence"][0]
        rows.append(
            RelationRow(
                workspace=workspace,
                entity_id=entity_pk,
                relation=RELATION,
                values=values,
                origin=RelationRow.Origin.EXTRACTED,
                document=documents[first["source_id"]],
                char_start=first["char_start"],
                char_end=first["char_end"],
                made_by=criterion.address,
            )
        )
    return rows
