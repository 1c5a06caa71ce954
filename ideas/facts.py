"""The part_label relation (slots label, broader) as facts: one row per label of a sentence.

The subject is the part (the row's entity is its document's); the receipt is the sentence's
span, so limma_region redeems every one. A part with a sentence left without a topic carries a
withheld coverage gap (sentence_not_labelled), which facts reports beside the rows.
"""

from __future__ import annotations

from typing import Any

from ideas.models import PartLabel
from ideas.words import normalised
from limma.access import readable_documents
from limma.errors import InvalidRequest
from limma.models import ApiKey, RelationRow

RELATION = "part_label"
SLOTS = ("label", "broader")
MADE_BY = "part_labeller"
SLOT_UNKNOWN = "part_label has the slots label and broader."
OP_NOT_FOR_SLOT = "label and broader are words: compare them with eq, ne or in."


def part_label_rows(
    key: ApiKey, where: list[tuple[str, str, Any]], entity_pks: list[int] | None
) -> list[RelationRow]:
    """Every label the key may read that meets `where` ([slot, op, value]; words compared with
    case and spacing aside), as unsaved relation rows with their receipts, in document order."""
    documents = readable_documents(key)
    if entity_pks is not None:
        documents = documents.filter(entity_id__in=entity_pks)
    labels = PartLabel.objects.filter(part__document__in=documents.values("pk")).select_related(
        "sentence", "part__document__entity"
    )
    for index, (slot, op, _value) in enumerate(where):
        if slot not in SLOTS:
            raise InvalidRequest(
                "slot_unknown", at=f"where[{index}]", slot=slot, reason=SLOT_UNKNOWN
            )
        if op not in ("eq", "ne", "in"):
            raise InvalidRequest(
                "op_not_for_slot", at=f"where[{index}]", slot=slot, op=op, reason=OP_NOT_FOR_SLOT
            )
    rows = []
    for label in labels.order_by("part__document_id", "sentence__ordinal", "id"):
        values = {"label": label.label, "broader": label.broader}
        if all(_meets(values[slot], op, value) for slot, op, value in where):
            document = label.part.document
            rows.append(
                RelationRow(
                    workspace_id=document.workspace_id,
                    entity=document.entity,
                    relation=RELATION,
                    values=values,
                    origin=RelationRow.Origin.EXTRACTED,
                    document=document,
                    char_start=label.sentence.char_start,
                    char_end=label.sentence.char_end,
                    made_by=MADE_BY,
                )
            )
    return rows


def _meets(stored: str, op: str, wanted: Any) -> bool:
    if op == "in":
        return isinstance(wanted, list) and normalised(stored) in {
            normalised(str(item)) for item in wanted
        }
    same = normalised(stored) == normalised(str(wanted))
    return same if op == "eq" else not same
