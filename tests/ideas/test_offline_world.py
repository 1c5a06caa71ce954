"""A fresh checkout answers idea questions with no network: the offline provider labels at load
and groups at question time, by rule, the same answer every time."""

from __future__ import annotations

import pytest

from ideas.labelling import documents_label
from ideas.models import PartLabel
from limma.models import LedgerEntry, Part
from limma.services.ingest import document_ingest

pytestmark = pytest.mark.django_db

POLICY = (
    "Retention\n"
    "Customer records are deleted after ninety days.\n\n"
    "Click Save to keep your changes.\n\n"
    "The cafeteria opens at noon."
)


def test_the_offline_provider_answers_an_idea_end_to_end(load, ask):
    load(POLICY, file_name="policy.txt")

    _, first = ask(idea="which documents talk about data retention?", detail="full")
    _, again = ask(idea="which documents talk about data retention?", detail="full")

    quotes = [m["quote"] for m in first["matches"]]
    assert quotes[0] == "Customer records are deleted after ninety days."
    assert "The cafeteria opens at noon." not in str(
        first["matches"] + first["possibly"]["matches"]
    )
    assert first["complete"] is True
    assert {e.provider for e in LedgerEntry.objects.all()} == {"offline"}
    assert again["idea_block"]["grouping"]["judged_now"] == 0
    assert (again["matches"], again["possibly"]) == (first["matches"], first["possibly"])


def test_several_documents_are_labelled_together_several_parts_a_call(workspace):
    documents = [
        document_ingest(
            workspace=workspace, entity_name="N", kind="note", text=f"Fees rise in year{i}."
        ).document
        for i in range(3)
    ]
    assert set(Part.objects.values_list("label_state", flat=True)) == {"queued"}

    labelled = documents_label(document_ids=[d.pk for d in documents])

    assert labelled == 3
    assert LedgerEntry.objects.filter(role="part_labeller").count() == 1
    assert PartLabel.objects.values("part__document").distinct().count() == 3
