"""How fast connect loads a directory through its own HTTP call: people per second.

    .venv/bin/python benchmarks/connect_bulk.py --people 3000 --runs 3
    .venv/bin/python benchmarks/connect_bulk.py --export search --people 5000 --runs 3

Builds the synthetic directory `make demo` loads (directory/, build_directory(n, seed): people,
role rows, profiles, call transcripts, references, notes), or with `--export search` the one
search_scale.py measures (tests/search/directory.py: offices, roles, a profile each), creates
its own PostgreSQL database (--database-name, default limma_bench_connect, on the server
DATABASE_URL names), and posts it to POST /v1/public/connect into a fresh workspace per run:
the whole export checked, then entities, declared rows, withheld gaps, people's facts and
documents segmented into parts and sentences, queued for labelling. A connect this large is a
job (202); its task runs inside the call here, as a worker would run it, and is counted. Two
ways, alternated in one run: connect's writes as multi-row inserts (bulk_create, the path
SQLite keeps) and as COPY (PostgreSQL's path); with `--export search`, search_scale.py's own
COPY loader on the same export too, for the database's pace on this machine. It checks that
both ways stored the same rows, parts and sentences, then drops the database, whatever happens.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.search_scale import DEFAULT_URL, bench_database

SEED = 23
REFERENCE = "reference: search_scale's loader"


def parse() -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--people", type=int, default=3000)
    parser.add_argument("--runs", type=int, default=3, help="loads of each way, alternated")
    parser.add_argument("--export", choices=("demo", "search"), default="demo")
    parser.add_argument("--database-url", default=os.environ.get("DATABASE_URL", DEFAULT_URL))
    parser.add_argument("--database-name", default="limma_bench_connect")
    return parser.parse_args()


def inserts() -> Any:
    """Before: connect's writes as multi-row inserts (Django's bulk_create), the path SQLite
    keeps, in place of COPY."""
    from unittest import mock

    return mock.patch("limma.services.bulk_write.is_copied", lambda: False)


def copied() -> Any:
    """Now: PostgreSQL's COPY (limma/services/bulk_write.py)."""
    from contextlib import nullcontext

    return nullcontext()


def load(export: dict[str, Any], way: Callable[[], Any]) -> dict[str, Any]:
    """One connect of the whole export into a new workspace through the verb's HTTP call (its
    job run at once, as a worker runs it): seconds, what it stored."""
    from unittest import mock

    from django.test import Client

    from limma.models import ConnectJob, Document, Part, Sentence, Workspace
    from limma.services.keys import api_key_create
    from limma.tasks import connect_job_run

    workspace = Workspace.objects.create(name="connect bench")
    _, token = api_key_create(workspace=workspace, name="bench", role="admin")
    client = Client(HTTP_AUTHORIZATION=f"Bearer {token}", HTTP_HOST="localhost")
    body = json.dumps({"workspace_id": workspace.id, **export})
    # The job's task runs inside the call (a worker's part of the load, counted); the
    # embeddings it queues at the end are left queued, as the workers' later work.
    with way(), mock.patch("limma.services.connect_job.async_task", run_now(connect_job_run)):
        start = time.perf_counter()
        cpu = time.process_time()
        reply = client.post(
            "/v1/public/connect", body, content_type="application/json", secure=True
        )
        seconds = time.perf_counter() - start
        cpu = time.process_time() - cpu
    assert reply.status_code in (200, 202), (reply.status_code, reply.headers, reply.content)
    if reply.status_code == 202:
        job = ConnectJob.objects.get(job_id=reply.json()["job_id"])
        assert job.state == ConnectJob.State.DONE, job.result
        summary = job.result
    else:
        summary = reply.json()
    documents = Document.objects.filter(workspace=workspace)
    parts = Part.objects.filter(document__workspace=workspace)
    return {
        "seconds": seconds,
        "cpu": cpu,
        "status": reply.status_code,
        "people": summary["entities"]["created"],
        "rows": summary["rows"]["created"],
        "documents": documents.count(),
        "parts": parts.count(),
        "sentences": Sentence.objects.filter(document__workspace=workspace).count(),
        "spans": sorted(parts.values_list("document__record_id", "ordinal", "char_start")),
    }


def reference(export: dict[str, Any]) -> dict[str, Any]:
    """search_scale.py's own COPY loader on the same export, in its own way (no HTTP call, no
    check, no parts or sentences, the tables' foreign keys and indexes dropped and made again):
    the database's pace on this machine, for scale."""
    from django.db import transaction

    from benchmarks._directory_load import bulk_load, indexes_deferred
    from limma.models import Workspace

    workspace = Workspace.objects.create(name="connect bench reference")
    start = time.perf_counter()
    cpu = time.process_time()
    with transaction.atomic(), indexes_deferred():
        loaded = bulk_load(workspace, [export])
    return {
        "seconds": time.perf_counter() - start,
        "cpu": time.process_time() - cpu,
        "people": loaded["entities"],
    }


def run_now(task: Callable[[int], Any]) -> Callable[..., None]:
    def send(name: str, *args: Any, **kwargs: Any) -> None:
        task(*args)

    return send


def export_of(name: str, people: int) -> dict[str, Any]:
    """The demo directory (profiles, calls, references, notes), or search_scale's directory
    (offices and roles, a profile each)."""
    if name == "demo":
        from directory import build_directory

        return build_directory(people, SEED).export
    from tests.search.directory import directory_export

    return directory_export(people, SEED)


def main() -> None:
    args = parse()
    with bench_database(args.database_url, args.database_name):
        from django.conf import settings

        settings.DEBUG = False
        export = export_of(args.export, args.people)
        ways: dict[str, Callable[[], dict[str, Any]]] = {
            "before: inserts": lambda: load(export, inserts),
            "now: COPY": lambda: load(export, copied),
        }
        if args.export == "search":
            ways[REFERENCE] = lambda: reference(export)
        found: dict[str, list[dict[str, Any]]] = {name: [] for name in ways}
        for run in range(args.runs):
            # The order turns each run: neither way always finds the other's leftovers.
            for name in list(ways)[:: 1 if run % 2 == 0 else -1]:
                found[name].append(ways[name]())
        before, now = found["before: inserts"][0], found["now: COPY"][0]
        assert before["spans"] == now["spans"], "the two loads stored different parts"
        assert before["sentences"] == now["sentences"] and before["rows"] == now["rows"]
        print(
            f"connect through POST /v1/public/connect ({now['status']}) of the {args.export}"
            f" directory: {now['people']:,} people, {now['rows']:,} rows,"
            f" {now['documents']:,} documents, {now['parts']:,} parts, {now['sentences']:,}"
            f" sentences; PostgreSQL; {args.runs} runs each, alternated"
        )
        header = f"{'load':<34} {'min s':>7} {'median s':>9} {'people/s':>9} {'cpu s':>6}"
        print(header)
        print("-" * len(header))
        medians = {}
        for name, runs in found.items():
            seconds = [run["seconds"] for run in runs]
            medians[name] = statistics.median(seconds)
            print(
                f"{name:<34} {min(seconds):>7.2f} {medians[name]:>9.2f}"
                f" {runs[0]['people'] / medians[name]:>9.0f}"
                f" {statistics.median(run['cpu'] for run in runs):>6.2f}"
            )
        print(
            f"now / before (median wall): {medians['now: COPY'] / medians['before: inserts']:.2f}"
        )


if __name__ == "__main__":
    main()
