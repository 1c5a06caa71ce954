"""GET /v1/public/region: a span of a stored document, byte for byte, under the key's access."""

from __future__ import annotations

from dataclasses import dataclass

from limma.access import access_document
from limma.errors import InvalidRequest
from limma.models import ApiKey, Document

SPAN_OUT_OF_RANGE = "start and end must satisfy 0 <= start <= end <= the document's length."


@dataclass(frozen=True)
class Region:
    document: Document
    start: int
    end: int
    text: str


def region_read(*, key: ApiKey, source_id: str, start: int | None, end: int | None) -> Region:
    document = access_document(key, source_id)
    length = len(document.text)
    start = 0 if start is None else start
    end = length if end is None else end
    if not 0 <= start <= end <= length:
        raise InvalidRequest(
            "span_out_of_range", start=start, end=end, length=length, reason=SPAN_OUT_OF_RANGE
        )
    return Region(document=document, start=start, end=end, text=document.text[start:end])
