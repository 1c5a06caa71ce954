"""The match rows a read writes: one per matched person with the first quote's receipt, kept
while the person is matched on the same quotes, replaced when the quotes change, removed when
the person is no longer matched — and written in bulk, whatever the number of matches."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from criteria.lists.rows import RELATION, match_rows_write
from limma.models import Document, RelationRow
from tests.factories import make_criterion, make_document, make_workspace
from tests.writes import Writes, writes_counted

pytestmark = pytest.mark.django_db

TEXT = "{name} led marketing for baby formula across Poland."


def people(count: int) -> tuple:
    """A criterion and count people, each with one profile: (criterion, documents by pk)."""
    workspace = make_workspace(f"{count} matched")
    criterion = make_criterion(workspace)
    documents = [
        make_document(workspace, entity_name=name, text=TEXT.format(name=name)).document
        for name in (f"Greta Ostrander {index:03d}" for index in range(count))
    ]
    return criterion, {document.entity_id: document for document in documents}


def entry(document: Document, *words: str) -> dict:
    """A matched entry quoting each of words from the document, in that order."""
    evidence = []
    for facet, said in zip(("function", "product"), words, strict=False):
        start = document.text.index(said)
        evidence.append(
            {
                "facet": facet,
                "text": said,
                "source_id": document.source_id,
                "char_start": start,
                "char_end": start + len(said),
                "checked_by": "second_call",
            }
        )
    return {"entity_id": document.entity.key, "evidence": evidence}


def written(criterion, documents, matched) -> tuple[dict[int, int], Writes, int]:
    """The rows written, the writes asked and how many queries were sent."""
    with CaptureQueriesContext(connection) as captured, writes_counted() as writes:
        rows = match_rows_write(
            criterion=criterion,
            matched=matched,
            candidates=list(documents),
            documents={d.source_id: d for d in documents.values()},
        )
    return rows, writes, len(captured.captured_queries)


def rows_of(criterion) -> dict[int, RelationRow]:
    return {
        row.entity_id: row
        for row in RelationRow.objects.filter(relation=RELATION, made_by=criterion.address)
    }


def made(writes: Writes) -> list[tuple[type, str, int]]:
    """Each write: of which model, how, and how many rows."""
    return [(write.model, write.how, write.rows) for write in writes.made]


def test_each_match_gets_one_row_with_the_first_quotes_receipt_and_its_pk_returned():
    criterion, documents = people(3)
    matched = {
        pk: entry(document, "marketing", "baby formula") for pk, document in documents.items()
    }

    returned, *_ = written(criterion, documents, matched)

    stored = rows_of(criterion)
    assert list(returned) == list(matched)  # in the order the people were matched
    assert returned == {pk: row.pk for pk, row in stored.items()}
    for pk, row in stored.items():
        document = documents[pk]
        assert row.origin == RelationRow.Origin.EXTRACTED
        assert row.document_id == document.pk
        assert document.text[row.char_start : row.char_end] == "marketing"
        assert row.values == {
            "criterion": criterion.address,
            "evidence": [
                {key: quote[key] for key in ("facet", "source_id", "char_start", "char_end")}
                for quote in matched[pk]["evidence"]
            ],
        }


def test_a_row_is_kept_while_matched_on_the_same_quotes_and_nothing_is_written():
    criterion, documents = people(3)
    matched = {
        pk: entry(document, "marketing", "baby formula") for pk, document in documents.items()
    }
    first, *_ = written(criterion, documents, matched)

    again, writes, _ = written(criterion, documents, matched)

    assert again == first
    assert made(writes) == []


def test_a_row_follows_its_person_other_quotes_replace_it_and_no_match_removes_it():
    criterion, documents = people(3)
    kept, changed, _ = documents  # the third is matched no longer
    matched = {
        pk: entry(document, "marketing", "baby formula") for pk, document in documents.items()
    }
    first, *_ = written(criterion, documents, matched)

    now = {
        kept: matched[kept],
        changed: entry(documents[changed], "baby formula"),  # matched on other quotes
    }
    returned, writes, _ = written(criterion, documents, now)

    stored = rows_of(criterion)
    assert set(stored) == {kept, changed}  # gone: no longer matched, its row removed
    assert returned == {pk: row.pk for pk, row in stored.items()}
    assert returned[kept] == first[kept]  # the same row, untouched
    assert returned[changed] != first[changed]
    row = stored[changed]
    assert documents[changed].text[row.char_start : row.char_end] == "baby formula"
    # the third's row and the changed one's old row gone, the changed one's new row written
    assert made(writes) == [(RelationRow, "delete", 2), (RelationRow, "insert", 1)]


def rewritten(count: int) -> tuple[Writes, int]:
    """The writes and queries of `count` people's rows replaced, each matched on new quotes."""
    criterion, documents = people(count)
    before = {pk: entry(document, "baby formula") for pk, document in documents.items()}
    written(criterion, documents, before)

    matched = {
        pk: entry(document, "marketing", "baby formula") for pk, document in documents.items()
    }
    returned, writes, queries = written(criterion, documents, matched)
    assert len(returned) == len(rows_of(criterion)) == count
    return writes, queries


def test_rows_are_written_with_one_delete_and_one_insert_whatever_the_matches():
    (few, few_queries), (many, many_queries) = rewritten(2), rewritten(20)

    assert made(few) == [(RelationRow, "delete", 2), (RelationRow, "insert", 2)]
    assert made(many) == [(RelationRow, "delete", 20), (RelationRow, "insert", 20)]
    assert many_queries == few_queries  # no query per person
