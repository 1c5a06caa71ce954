"""[source] and the words each line rests on, made by the search the answer came from.

Both send that search again restricted to the people asked about (entity_ids, detail full, the
niche by its address under criteria_budget {"max_reads": 0}, never a brief) and read documents
back through the region verb: nothing is read by a model and nothing is spent.
"""

from __future__ import annotations

import itertools
from collections import defaultdict
from collections.abc import Iterator
from dataclasses import asdict
from typing import Any

from criteria.models import Judgment
from criteria.reading.claim import facets_of
from criteria.types import DocumentJudgment
from limma.access import readable_documents
from limma.errors import ApplicationError
from limma.ids import new_request_id
from limma.match import VOCABULARY_TYPES
from limma.models import ApiKey, Document, Entity, Sentence, Workspace
from limma.services.facts import receipt
from limma.services.region import region_read
from qa_view.answer.origin import Search, close_counts
from search.replies import PagePeople, search_reply
from search.service import SearchOutcome, search_run

REUSE_ONLY = {"max_reads": 0}
WHOLE_DOCUMENT = 2_000  # a document this short is shown whole
NEAR = 600  # marks closer than this share one passage
MAX_UNMARKED = 3  # documents shown unmarked, at most
LISTED = {  # which of the criterion's lists, as [source] says it
    "matched": "fits",
    "undetermined": "could_not_be_confirmed",
    "none": "does_not_fit",
    "not_recorded": "not_read",
}


def _searched(
    *, key: ApiKey, workspace: Workspace, search: Search, entity_ids: list[str]
) -> tuple[SearchOutcome, dict[str, Any]]:
    request_id = new_request_id()
    outcome = search_run(
        key=key,
        workspace=workspace,
        constraints=search.constraints,
        entity_ids=entity_ids,
        criteria=[{"address": search.criterion}] if search.criterion else None,
        criteria_budget=REUSE_ONLY if search.criterion else None,
        list_limit=200,
        request_id=request_id,
    )
    reply = search_reply(
        outcome,
        key=key,
        detail="full",
        limit=max(len(entity_ids), 1),
        offset=0,
        list_limit=200,
        request_id=request_id,
    )
    return outcome, reply


def _block(reply: dict[str, Any]) -> dict[str, Any]:
    blocks = reply.get("criteria") or [{}]
    return blocks[0]


def _entries(block: dict[str, Any], entity_id: str) -> Iterator[tuple[str, dict[str, Any]]]:
    for name in LISTED:
        for entry in block.get(name) or []:
            if entry.get("entity_id") == entity_id:
                yield name, entry


def _quotes(value: Any) -> Iterator[dict[str, Any]]:
    """Every quote an entry holds, wherever it holds it: a span of one stored document."""
    if isinstance(value, dict):
        if {"source_id", "char_start", "char_end"} <= value.keys():
            yield value
        for inner in value.values():
            yield from _quotes(inner)
    elif isinstance(value, list):
        for inner in value:
            yield from _quotes(inner)


def _pks(workspace: Workspace, outcome: SearchOutcome) -> dict[str, int]:
    pks = [placed.entity_id for placed in outcome.placed]
    return dict(Entity.objects.filter(workspace=workspace, pk__in=pks).values_list("key", "pk"))


# --- the words each line rests on ---------------------------------------------------------


def niche_facets(outcome: SearchOutcome) -> dict[str, Any]:
    """Per facet of the niche a search read: its words, and whether it names only a place."""
    run = outcome.criteria
    if run is None or run.criterion is None:
        return {}
    vocabulary = outcome.workspace.vocabulary
    facets: dict[str, Any] = {}
    for facet in facets_of(run.criterion):
        echo = facet.echo()
        value = echo.get("value")
        facets[echo["key"]] = {
            "text": echo.get("text") or echo["key"],
            "place": bool(value and vocabulary.lookup(str(value), axis="place")),
        }
    return facets


def close_whole(outcome: SearchOutcome) -> list[dict[str, Any]]:
    """The search's whole close list, uncut, nearest first."""
    run = outcome.criteria
    return list(run.lists.close_whole) if run is not None and run.lists is not None else []


def search_evidence(
    *, key: ApiKey, outcome: SearchOutcome, reply: dict[str, Any]
) -> dict[str, Any]:
    """Per person a reply lists or holds close: who they are and the words of their documents
    the line rests on; per facet of the niche, its words and whether it names only a place;
    and who of the whole close list shares something of substance (the rest counted by what
    they lack: qa_view.answer.origin.close_counts).

    Drawn from the outcome the reply was made of (the search already made): nothing is
    searched again and nothing is read."""
    close = (reply.get("close") or {}).get("matches") or []
    wanted = list(
        dict.fromkeys(
            [str(m.get("entity_id")) for m in reply.get("matches") or []]
            + [str(c.get("entity_id")) for c in close]
            + [str(entity_id) for entity_id in outcome.entity_ids or []]
        )
    )
    if not wanted:
        return {}
    workspace = outcome.workspace
    run = outcome.criteria
    facets = niche_facets(outcome)
    words: dict[str, list[str]] = defaultdict(list)
    if run is not None and run.lists is not None:
        for entry in run.lists.matched:
            for quote in entry.get("evidence") or []:
                if quote.get("text"):
                    words[str(entry.get("entity_id"))].append(quote["text"])
    pks = dict(Entity.objects.filter(workspace=workspace, key__in=wanted).values_list("key", "pk"))
    page = PagePeople(outcome, key, list(pks.values()))
    people = {
        entity_id: {"about": page.about(pk), "words": words.get(entity_id, [])}
        for entity_id, pk in pks.items()
    }
    evidence: dict[str, Any] = {"facets": facets, "people": people}
    if run is not None and run.lists is not None:
        evidence["close"] = close_counts(close_whole(outcome), facets)
    return evidence


# --- [source] ----------------------------------------------------------------------------------


def person_source(
    *, key: ApiKey, workspace: Workspace, search: Search, entity_id: str
) -> dict[str, Any]:
    """One person's [source]: how the search listed them, their record's fields with the table
    and column each was loaded from, and the passages of their documents with the words marked."""
    outcome, reply = _searched(key=key, workspace=workspace, search=search, entity_ids=[entity_id])
    block = _block(reply)
    entity_pk = _pks(workspace, outcome).get(entity_id)
    labels = {
        facet["key"]: facet.get("text") or facet["key"] for facet in block.get("facets") or []
    }
    entries = list(_entries(block, entity_id))
    if any(match.get("entity_id") == entity_id for match in reply.get("matches") or []):
        listed = "fits"
    else:
        listed = LISTED[entries[0][0]] if entries else "not_listed"
    asked = {constraint.get("relation") for constraint in search.constraints}
    rows = PagePeople(outcome, key, [entity_pk]).rows[entity_pk] if entity_pk else []
    relations = set(workspace.parsed_pack.relations)
    fields, spans = [], []
    for row in rows:
        if row.relation not in relations:
            continue  # a niche's own stored rows: its quotes are the criterion's, below
        found = receipt(row)
        if found["origin"] == "declared":
            columns = found.get("columns") or {}
            slots = workspace.parsed_pack.relations[row.relation].slots
            values = [
                {
                    "slot": slot,
                    **_named(workspace, slots.get(slot), value),
                    "table": found["table"],
                    "column": columns.get(slot),
                }
                for slot, value in row.values.items()
                if value not in (None, "")
            ]
            fields.append(
                {"relation": row.relation, "values": values, "in_line": row.relation in asked}
            )
        else:
            spans.append((found, row.relation.replace("_", " ")))
    quotes = [quote for _, entry in entries for quote in _quotes(entry)]
    if entity_pk is not None and search.criterion:
        # Somebody close: the words their documents DO establish, from their stored judgments.
        held = {key for _, entry in entries for key in entry.get("established") or []}
        quotes += established_quotes(search.criterion, entity_pk, held)
    spans += [(quote, labels[quote["facet"]]) for quote in quotes if quote.get("facet") in labels]
    passages = _passages(key, spans)
    if not passages and entity_pk is not None:
        passages = _unmarked(key, entity_pk)
    return {"listed": listed, "fields": fields, "passages": passages}


def _named(workspace: Workspace, slot_type: Any, value: Any) -> dict[str, Any]:
    """A record's value by the vocabulary's own name ("Switzerland"), with what the export
    wrote ("Schweiz") where that differs."""
    if slot_type in VOCABULARY_TYPES:
        term = workspace.vocabulary.lookup(str(value), axis=slot_type)
        if term is not None and term.name != value:
            return {"value": term.name, "written": value}
    return {"value": value}


def established_quotes(address: str, entity_pk: int, held: set[str]) -> list[dict[str, Any]]:
    """The quotes of a person's stored judgments for the conditions their entry establishes."""
    if not held:
        return []
    judgments = Judgment.objects.filter(
        criterion__address=address,
        document__entity_id=entity_pk,
        state=Judgment.State.DONE,
        outcome__isnull=False,
    )
    quotes: list[dict[str, Any]] = []
    for outcome in judgments.values_list("outcome", flat=True):
        try:
            judged = DocumentJudgment.from_json(outcome)
        except (KeyError, TypeError):
            continue  # a judgment of another shape says nothing here
        for experience in judged.experiences:
            for key, quote in experience.established.items():
                if key in held:
                    quotes.append(asdict(quote))
    return quotes


def _unmarked(key: ApiKey, entity_pk: int) -> list[dict[str, Any]]:
    """Where no words of a person's documents are behind their line (somebody close: theirs say
    nothing for the condition), the documents themselves, unmarked, through the region verb."""
    documents = (
        readable_documents(key)
        .filter(entity_id=entity_pk, state=Document.State.READ)
        .exclude(text="")
        .order_by("id")[:MAX_UNMARKED]
    )
    passages = []
    for document in documents:
        end = min(len(document.text), WHOLE_DOCUMENT)
        text = region_read(key=key, source_id=document.source_id, start=0, end=end).text
        passages.append(
            {"text": text, "kind": document.kind, "marks": [], "cut": end < len(document.text)}
        )
    return passages


def _passages(key: ApiKey, spans: list[tuple[dict[str, Any], str]]) -> list[dict[str, Any]]:
    """Each stretch of a document around its marks, read back by the region verb."""
    marks: dict[str, dict[tuple[int, int], list[str]]] = defaultdict(lambda: defaultdict(list))
    for quote, label in spans:
        at = (int(quote["char_start"]), int(quote["char_end"]))
        if label and label not in marks[quote["source_id"]][at]:
            marks[quote["source_id"]][at].append(label)
    passages = []
    for source_id, by_span in marks.items():
        try:
            whole = region_read(key=key, source_id=source_id, start=None, end=None)
        except ApplicationError:
            continue  # a document this key may not read is never shown
        document = whole.document
        for start, end in _stretches(document, sorted(by_span)):
            text = region_read(key=key, source_id=source_id, start=start, end=end).text
            passages.append(
                {
                    "text": text,
                    "kind": document.kind,
                    "marks": [
                        {"start": s - start, "end": e - start, "labels": by_span[(s, e)]}
                        for s, e in sorted(by_span)
                        if start <= s and e <= end
                    ],
                }
            )
    return passages


def _stretches(document: Any, spans: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """Whole sentences around each cluster of marks; a short document whole."""
    length = len(document.text)
    if length <= WHOLE_DOCUMENT:
        return [(0, length)]
    clusters: list[list[int]] = []
    for start, end in spans:
        if clusters and start - clusters[-1][1] <= NEAR:
            clusters[-1][1] = max(clusters[-1][1], end)
        else:
            clusters.append([start, end])
    bounds = list(Sentence.objects.filter(document=document).values_list("char_start", "char_end"))
    stretches = []
    for start, end in clusters:
        before = [s for s, e in bounds if s <= start]
        after = [e for s, e in bounds if e >= end]
        stretches.append(
            (
                max(before) if before else max(start - 200, 0),
                min(after) if after else min(end + 200, length),
            )
        )
    return stretches


def segments(passage: dict[str, Any]) -> list[tuple[str, list[str]]]:
    """A passage cut where a mark starts or ends: each piece with the labels marking it
    (none: plain text). Overlapping marks give the shared piece both labels."""
    text, marks = passage["text"], passage["marks"]
    cuts = sorted({0, len(text), *(m["start"] for m in marks), *(m["end"] for m in marks)})
    pieces = []
    for start, end in itertools.pairwise(cuts):
        labels = [
            label for m in marks if m["start"] <= start and end <= m["end"] for label in m["labels"]
        ]
        pieces.append((text[start:end], list(dict.fromkeys(labels))))
    return pieces
