"""Stored judgments as of one request: its as_of, and the record as it stands now.

The lists are built from judgments stored per criterion and document, which hold for every
request; what is the request's own — the day it asks about, and the rows of the relation its
record_check names — is loaded here and applied by criteria/rules/recency/timing.py. Only the rows
the key may read are read, and only rows an export declared are the record
(criteria.rules.recency.record.closure).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from datetime import date

from django.utils import timezone

from criteria.models import Criterion
from criteria.reading.claim import facets_of
from criteria.rules.recency.record import RecordCheck
from criteria.rules.recency.rule import as_of_date
from criteria.rules.recency.timing import AsOf, PersonRecord, Source, judgment_at
from criteria.types import DocumentJudgment
from limma.access import readable_gaps, readable_rows
from limma.models import ApiKey, Document

WITHHELD = "withheld"


@dataclass(frozen=True)
class JudgedAt:
    """Everything a request decides its candidates' stored judgments against."""

    at: AsOf
    records: dict[int, PersonRecord] = field(default_factory=dict)  # entity pk -> its record
    sources: dict[str, Source] = field(default_factory=dict)  # source_id -> the document

    def judged(self, entity_pk: int, judgment: DocumentJudgment) -> DocumentJudgment:
        """One stored judgment of the person's, as of the request."""
        return judgment_at(
            judgment,
            self.at,
            record=self.records.get(entity_pk, PersonRecord()) if self.at.check else None,
            source=self.sources.get(judgment.source_id),
        )


def judged_at(
    *,
    key: ApiKey,
    criterion: Criterion,
    entity_pks: list[int],
    documents: Iterable[Document],
    as_of: str = "",
    today: date | None = None,
) -> JudgedAt:
    """The request's as_of (today where it sends none) and, with a record_check, each
    candidate's rows of its relation and whether the loader withheld one of them."""
    check = RecordCheck.from_stored(criterion.record_check)
    at = AsOf(
        facets=facets_of(criterion),
        as_of=as_of_date(as_of or None, today=today or timezone.localdate()),
        check=check,
    )
    sources = {
        document.source_id: Source(
            text=document.text,
            person=(document.entity.display_name if document.entity else None) or None,
        )
        for document in documents
    }
    if check is None:
        return JudgedAt(at, sources=sources)
    return JudgedAt(at, records=person_records(key, check, entity_pks), sources=sources)


def person_records(
    key: ApiKey, check: RecordCheck, entity_pks: list[int]
) -> dict[int, PersonRecord]:
    """Each candidate's rows of the check's relation, as the key may read them."""
    rows: dict[int, list[dict]] = {pk: [] for pk in entity_pks}
    for entity_id, values, origin, table, record_id in (
        readable_rows(key)
        .filter(relation=check.relation, entity_id__in=entity_pks)
        .order_by("id")
        .values_list("entity_id", "values", "origin", "source_table", "record_id")
    ):
        rows[entity_id].append(
            {
                "relation": check.relation,
                "values": values,
                "origin": origin,
                "source_table": table,
                "record_id": record_id,
            }
        )
    withheld = set(
        readable_gaps(key)
        .filter(relation=check.relation, reason=WITHHELD, entity_id__in=entity_pks)
        .values_list("entity_id", flat=True)
    )
    return {
        pk: PersonRecord(rows=tuple(found), withheld=pk in withheld) for pk, found in rows.items()
    }
