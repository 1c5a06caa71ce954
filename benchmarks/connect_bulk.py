"""How fast connect loads the demo directory: people per second, queries per document.

    .venv/bin/python benchmarks/connect_bulk.py --people 3000 --runs 3

Builds the synthetic directory `make demo` loads (directory/, build_directory(n, seed): people,
role rows, profiles, call transcripts, references, notes), creates its own PostgreSQL database
(--database-name, default limma_bench_connect, on the server DATABASE_URL names), and times the
connect service (export_connect: entities, declared rows, withheld gaps, documents segmented
into parts and sentences and queued for labelling) into a fresh workspace per run, beside the
way connect wrote until now (one entity and one document with its parts and sentences at a
time, `OneAtATime` below), alternated in one run. It checks that both stored the same
documents, parts and sentences, then drops the database, whatever happens.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.search_scale import DEFAULT_URL, bench_database

SEED = 23


def parse() -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--people", type=int, default=3000)
    parser.add_argument("--runs", type=int, default=3, help="loads of each way, alternated")
    parser.add_argument("--database-url", default=os.environ.get("DATABASE_URL", DEFAULT_URL))
    parser.add_argument("--database-name", default="limma_bench_connect")
    return parser.parse_args()


def one_at_a_time_loader() -> type:
    """Before: connect's loader as it was, one entity and one document at a time (into an
    empty workspace, which is all this benchmark loads into)."""
    import datetime as dt
    import hashlib

    from limma.models import Document, ExternalId, Part
    from limma.services.connect_load import ExportLoader
    from limma.services.connect_mapping import cell
    from limma.services.segmentation import document_segment

    class OneAtATime(ExportLoader):
        def load_entities(self, records: dict) -> None:
            taken: set[str] = set()
            by_group: dict = {}
            new_ids = []
            for record in records.values():
                entity = by_group.get(record.group)
                if entity is None:
                    entity = self._entity_new(record, taken)
                    entity.save()  # one INSERT per person
                by_group.setdefault(record.group, entity)
                new_ids.append(
                    ExternalId(
                        workspace=self.workspace,
                        entity=entity,
                        table=record.table,
                        value=record.value,
                        same_as=record.same_as,
                    )
                )
            ExternalId.objects.bulk_create(new_ids)
            self.entities = {address: by_group[r.group] for address, r in records.items()}

        def load_documents(self, document_map: Any) -> None:
            for row in self.tables[document_map.table]:
                text = row.get(document_map.text)
                if not isinstance(text, str) or not text.strip():
                    continue
                date = cell(row, document_map.date) if document_map.date else ""
                group = cell(row, document_map.access_group) if document_map.access_group else ""
                document = Document.objects.create(
                    workspace=self.workspace,
                    entity=self.entities[
                        (document_map.entity_table, cell(row, document_map.entity))
                    ],
                    kind=document_map.kind,
                    text=text,
                    text_sha256=hashlib.sha256(text.encode()).hexdigest(),
                    document_date=dt.date.fromisoformat(date) if date else None,
                    access_group=group or "general",
                    origin=Document.Origin.CONNECT,
                    source_table=document_map.table,
                    source_column=document_map.text,
                    record_id=self._document_record_id(row, document_map, text),
                )
                document_segment(document=document, label_state=Part.LabelState.DEFERRED)
                self.loaded.documents_registered += 1

    return OneAtATime


def load(export: dict[str, Any], loader: type | None) -> dict[str, Any]:
    """One connect of the whole export into a new workspace: seconds, queries, what it stored."""
    from django.db import connection, transaction

    from limma.models import Document, Part, Sentence, Workspace
    from limma.services import connect as connect_service
    from limma.services.connect import export_connect

    workspace = Workspace.objects.create(name="connect bench")
    original = connect_service.ExportLoader
    if loader is not None:
        connect_service.ExportLoader = loader
    try:
        queries = []

        def counted(execute: Any, sql: str, *rest: Any) -> Any:
            queries.append(sql)
            return execute(sql, *rest)

        with connection.execute_wrapper(counted):
            start = time.perf_counter()
            cpu = time.process_time()
            with transaction.atomic():
                loaded = export_connect(
                    workspace=workspace, tables=export["tables"], mapping=export["mapping"]
                )
            seconds = time.perf_counter() - start
            cpu = time.process_time() - cpu
    finally:
        connect_service.ExportLoader = original
    documents = Document.objects.filter(workspace=workspace)
    parts = Part.objects.filter(document__workspace=workspace)
    return {
        "seconds": seconds,
        "cpu": cpu,
        "queries": len(queries),
        "people": loaded.entities_created,
        "documents": documents.count(),
        "parts": parts.count(),
        "deferred": parts.filter(label_state=Part.LabelState.DEFERRED).count(),
        "sentences": Sentence.objects.filter(document__workspace=workspace).count(),
        "spans": sorted(parts.values_list("document__record_id", "ordinal", "char_start")),
    }


def main() -> None:
    args = parse()
    with bench_database(args.database_url, args.database_name):
        from django.conf import settings

        from directory import build_directory

        settings.DEBUG = False
        export = build_directory(args.people, SEED).export
        before = one_at_a_time_loader()
        found: dict[str, list[dict[str, Any]]] = {"before: one at a time": [], "bulk": []}
        for _ in range(args.runs):
            found["before: one at a time"].append(load(export, before))
            found["bulk"].append(load(export, None))
        first, bulk = found["before: one at a time"][0], found["bulk"][0]
        assert first["spans"] == bulk["spans"], "the two loads stored different parts"
        assert first["sentences"] == bulk["sentences"] and bulk["deferred"] == bulk["parts"]
        print(
            f"connect of the demo directory: {bulk['people']:,} people, {bulk['documents']:,}"
            f" documents, {bulk['parts']:,} parts (all queued: deferred), "
            f"{bulk['sentences']:,} sentences; PostgreSQL; {args.runs} runs each, alternated"
        )
        header = (
            f"{'load':<24} {'min s':>7} {'median s':>9} {'people/s':>9} {'cpu s':>6}"
            f" {'queries':>8} {'q/doc':>6}"
        )
        print(header)
        print("-" * len(header))
        medians = {}
        for name, runs in found.items():
            seconds = [run["seconds"] for run in runs]
            medians[name] = statistics.median(seconds)
            print(
                f"{name:<24} {min(seconds):>7.2f} {medians[name]:>9.2f}"
                f" {runs[0]['people'] / medians[name]:>9.0f}"
                f" {statistics.median(run['cpu'] for run in runs):>6.2f}"
                f" {runs[0]['queries']:>8,} {runs[0]['queries'] / runs[0]['documents']:>6.2f}"
            )
        print(
            f"bulk / before (median wall): {medians['bulk'] / medians['before: one at a time']:.2f}"
        )


if __name__ == "__main__":
    main()
