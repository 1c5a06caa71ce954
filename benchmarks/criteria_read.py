"""How a niche read scales with django-q2 workers: a plan of many documents against a model
with a fixed latency per call.

    .venv/bin/python benchmarks/criteria_read.py --documents 1000 --latency-ms 20 --workers 4

What it does, by itself, and undoes at the end (also on an error, Ctrl-C or SIGTERM):

1. Starts a fake OpenAI-compatible model on 127.0.0.1 (a thread of this process): every call
   waits --latency-ms from its arrival and then answers with a valid reply of its role — the
   reader's reply is the offline reader's (criteria/offline_reader.py) for that document,
   computed before the timing starts; second_call and typing_call are the offline rules'.
2. Creates a scratch database — PostgreSQL `limma_bench_criteria` on the server DATABASE_URL
   names (default postgres://postgres@127.0.0.1:5432, trust auth), or with --database sqlite a
   file in a temporary directory — migrates it, and loads --documents invented people, each
   based in a European country and with one profile, through the connect service. A tenth of
   the profiles state the whole niche (the reader, then one second call), the rest state
   another market or nothing of it (the reader alone).
3. Starts `manage.py qcluster` with --workers workers on the ORM broker of that database
   (LIMMA_PROVIDER=openai pointed at the fake model), and warms it on a small read.
4. Per run: the criterion's judgments and the ledger are emptied, and the niche is read
   (constraint based_in Europe, criteria: [{text, facets}], max_reads = the plan), with the
   background reader ON — the call hands the plan to the workers and waits; called again with
   the address while partial — for each --workers count (a cluster each), and then with it
   OFF (LIMMA_CRITERIA_BACKGROUND=0: the call reads every document itself, one after the
   other, no cluster needed). The wall time is from the first call's
   start to the reply that says complete. The ideal is the model calls the ledger holds times
   the latency, divided by the workers (by one with the background off). Then the same search
   is sent once more with the address: it must make no model call.
5. Stops the cluster by sending SIGTERM to its main process only (which stops its workers),
   stops the fake model and drops the database (or deletes the temporary directory).
"""

from __future__ import annotations

import argparse
import json
import os
import secrets
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit, urlunsplit

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

BENCH_DB = "limma_bench_criteria"
DEFAULT_URL = "postgres://postgres@127.0.0.1:5432/limma"
NICHE = "marketing baby formula in European markets"
FACETS = [
    {"key": "function", "kind": "condition", "text": "marketing"},
    {"key": "product", "kind": "condition", "text": "baby formula"},
    {"key": "market", "kind": "condition", "text": "in European markets", "value": "Europe"},
]
WARM_FACETS = [dict(facet) for facet in FACETS]
WARM_TEXT = "warming: " + NICHE
EUROPE = [{"relation": "based_in", "slot": "place", "op": "eq", "value": "Europe"}]
COUNTRIES = ["Germany", "France", "Poland", "Spain", "Italy", "Austria", "Sweden", "Belgium"]
FIRST = ["Greta", "Margaux", "Nikolai", "Dario", "Ingrid", "Kasper", "Silvio", "Xenia", "Oddrun"]
LAST = ["Ostrander", "Delacroix", "Wierzbicki", "Benavente", "Valen", "Vandenberg", "Calderoni"]
CLUSTER_STOP_SECONDS = 60
CALL_MAX_SECONDS = 60.0
WARM_DOCUMENTS = 12


def parse() -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--documents", type=int, default=1000, help="candidate documents")
    parser.add_argument("--latency-ms", type=float, default=20.0, help="per model call")
    parser.add_argument(
        "--workers", default="4", help="django-q2 workers; a comma-separated list runs each"
    )
    parser.add_argument("--runs", type=int, default=3, help="timed reads per mode")
    parser.add_argument(
        "--modes", default="background,in_call", help="background and/or in_call, in order"
    )
    parser.add_argument("--database", choices=("postgres", "sqlite"), default="postgres")
    parser.add_argument(
        "--database-url",
        default=os.environ.get("DATABASE_URL", DEFAULT_URL),
        help=f"the PostgreSQL server to use; the database is always {BENCH_DB}",
    )
    parser.add_argument(
        "--deadline-minutes",
        type=float,
        default=15.0,
        help="runs still to come after this long are skipped; at twice this the benchmark stops",
    )
    args = parser.parse_args()
    args.modes = [mode for mode in args.modes.split(",") if mode]
    args.workers = [int(n) for n in str(args.workers).split(",") if n]
    if set(args.modes) - {"background", "in_call"}:
        parser.error("--modes takes background and in_call")
    return args


# -- the fake model ---------------------------------------------------------------------------


class FakeModel:
    """A chat-completions endpoint that takes `latency` seconds a call and answers by role."""

    def __init__(self, latency: float) -> None:
        self.latency = latency
        self.readings: dict[tuple[str, str | None], dict] = {}
        self.calls: Counter[str] = Counter()
        self.lock = threading.Lock()
        self.server = ThreadingHTTPServer(("127.0.0.1", 0), self._handler())
        self.server.daemon_threads = True
        self.thread = threading.Thread(target=self.server.serve_forever, args=(0.05,), daemon=True)

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.server.server_address[1]}/v1"

    def start(self) -> None:
        self.thread.start()

    def stop(self) -> None:
        self.server.shutdown()
        self.server.server_close()
        self.thread.join(timeout=5)

    def prepare(self, documents: list[tuple[str, str]], facets: list[dict]) -> None:
        """The reader's reply for each (text, person), made before anything is timed."""
        from criteria.offline_reader import read_document

        for text, person in documents:
            self.readings[(text, person)] = read_document(text=text, facets=facets, person=person)

    def answer(self, role: str, request: dict) -> dict:
        """The reader's reply made beforehand; any other role by its offline rules, through the
        role's own request shape (so a change of a shape is followed, not guessed at)."""
        if role == "reader":
            found = self.readings.get((request["document"]["text"], request["person"]))
            if found is not None:
                return found
        from limma.door.providers.offline import OFFLINE_HANDLERS
        from limma.door.roles import ROLES

        return OFFLINE_HANDLERS[role](ROLES[role].request_model.model_validate(request))

    def taken(self) -> dict[str, int]:
        with self.lock:
            calls = dict(self.calls)
            self.calls.clear()
        return calls

    def _handler(self) -> type[BaseHTTPRequestHandler]:
        model = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"  # keep-alive, as a hosted endpoint

            def setup(self) -> None:
                super().setup()
                # Headers and body go out in two writes: without this, Nagle's algorithm and
                # the client's delayed ACK add ~40 ms to every call.
                self.connection.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)

            def do_POST(self) -> None:
                arrived = time.perf_counter()
                body = json.loads(self.rfile.read(int(self.headers.get("Content-Length") or 0)))
                role = body["response_format"]["json_schema"]["name"]
                user = next(m for m in body["messages"] if m["role"] == "user")
                status, reply = 200, None
                try:
                    reply = model.answer(role, json.loads(user["content"]))
                except Exception as error:
                    status, reply = 500, {"error": {"message": f"{type(error).__name__}: {error}"}}
                with model.lock:
                    model.calls[role] += 1
                payload = (
                    reply
                    if status != 200
                    else {
                        "id": "bench",
                        "object": "chat.completion",
                        "created": 0,
                        "model": body.get("model", "bench"),
                        "choices": [
                            {
                                "index": 0,
                                "message": {"role": "assistant", "content": json.dumps(reply)},
                                "finish_reason": "stop",
                            }
                        ],
                        "usage": {
                            "prompt_tokens": len(user["content"]) // 4,
                            "completion_tokens": 120,
                            "total_tokens": len(user["content"]) // 4 + 120,
                        },
                    }
                )
                raw = json.dumps(payload).encode()
                wait = model.latency - (time.perf_counter() - arrived)
                if wait > 0:
                    time.sleep(wait)
                try:
                    self.send_response(status)
                    self.send_header("Content-Type", "application/json")
                    self.send_header("Content-Length", str(len(raw)))
                    self.end_headers()
                    self.wfile.write(raw)
                except (BrokenPipeError, ConnectionResetError):
                    return

            def log_message(self, format: str, *args: Any) -> None:
                return

        return Handler


# -- the scratch database and the cluster -------------------------------------------------------


def server_run(url: str, sql: str) -> None:
    import psycopg

    parts = urlsplit(url)
    with psycopg.connect(
        host=parts.hostname or "127.0.0.1",
        port=parts.port or 5432,
        user=parts.username or "postgres",
        password=parts.password,
        dbname="postgres",
        autocommit=True,
    ) as conn:
        conn.execute(sql)


@contextmanager
def scratch_database(args: argparse.Namespace, scratch: Path) -> Iterator[str]:
    """The benchmark's own database, created empty and removed at the end; yields its URL."""
    if args.database == "sqlite":
        yield f"sqlite:///{scratch / 'bench.sqlite3'}"
        return
    parts = urlsplit(args.database_url)
    if not parts.scheme.startswith("postgres"):
        raise SystemExit(f"--database postgres needs a postgres:// URL, not {parts.scheme!r}")
    server_run(args.database_url, f"DROP DATABASE IF EXISTS {BENCH_DB} WITH (FORCE)")
    server_run(args.database_url, f"CREATE DATABASE {BENCH_DB}")
    try:
        yield urlunsplit(parts._replace(path=f"/{BENCH_DB}"))
    finally:
        try:
            from django.db import connections

            connections.close_all()
        except Exception:
            pass
        server_run(args.database_url, f"DROP DATABASE IF EXISTS {BENCH_DB} WITH (FORCE)")
        print(f"dropped database {BENCH_DB}")


@contextmanager
def cluster(workers: int, scratch: Path) -> Iterator[subprocess.Popen]:
    """`manage.py qcluster` with `workers` workers; stopped by SIGTERM to its main process."""
    log = open(scratch / f"qcluster-{workers}.log", "wb")  # noqa: SIM115 - closed below
    environment = {**os.environ, "LIMMA_WORKERS": str(workers)}
    process = subprocess.Popen(
        [sys.executable, str(ROOT / "manage.py"), "qcluster"],
        cwd=ROOT,
        env=environment,
        stdout=log,
        stderr=subprocess.STDOUT,
        start_new_session=True,
    )
    try:
        yield process
    finally:
        stopped = time.perf_counter()
        if process.poll() is None:
            process.send_signal(signal.SIGTERM)
            try:
                process.wait(CLUSTER_STOP_SECONDS)
            except subprocess.TimeoutExpired:
                # Its own group only (started in a session of its own): nothing else is touched.
                print(f"qcluster {process.pid} did not stop in {CLUSTER_STOP_SECONDS} s: killed")
                os.killpg(process.pid, signal.SIGKILL)
                process.wait()
        log.close()
        print(
            f"qcluster {process.pid} stopped (exit {process.returncode}) in "
            f"{time.perf_counter() - stopped:.1f} s"
        )
        if process.returncode not in (0, -signal.SIGTERM):
            print((scratch / f"qcluster-{workers}.log").read_text(errors="replace")[-3000:])


def _terminate(signum: int, frame: Any) -> None:
    raise SystemExit(f"stopped by signal {signum}")


# -- the workspace ----------------------------------------------------------------------------


def profile(index: int, name: str) -> str:
    given = name.split(maxsplit=1)[0]
    company = f"Firm {index:04d}"
    if index % 10 == 0:  # the whole niche: the reader, then one second call
        return (
            f"{name} joined {company} in 2005.\n"
            f"{given} led marketing for baby formula across Germany and Poland.\n"
        )
    if index % 10 in (1, 2, 3):  # another market: the reader alone
        return (
            f"{name} joined {company} in 2007.\n"
            f"{given} led marketing for baby formula across Southeast Asia.\n"
        )
    return f"{name} is a structural engineer at {company}.\n"  # nothing of it


def load(documents: int) -> tuple[Any, Any, list[tuple[str, str]]]:
    """The workspace, an admin key, and (text, name) of every profile, loaded through connect."""
    from limma.models import Workspace
    from limma.services.connect import export_connect
    from limma.services.keys import api_key_create

    workspace = Workspace.objects.create(name="Criteria bench")
    key, _ = api_key_create(workspace=workspace, name="bench", role="admin")
    rows, profiles = [], []
    for index in range(documents):
        name = f"{FIRST[index % len(FIRST)]} {LAST[index // len(FIRST) % len(LAST)]} {index:04d}"
        text = profile(index, name)
        country = COUNTRIES[index % len(COUNTRIES)]
        rows.append({"_id": f"p{index:05d}", "name": name, "country": country, "bio": text})
        profiles.append((text, name))
    export_connect(
        workspace=workspace,
        tables={"people": rows},
        mapping={
            "entities": [{"table": "people", "id": "_id", "name": "name"}],
            "relations": [
                {
                    "relation": "based_in",
                    "table": "people",
                    "entity": "_id",
                    "slots": {"place": "country"},
                }
            ],
            "documents": [{"table": "people", "entity": "_id", "kind": "profile", "text": "bio"}],
        },
    )
    return workspace, key, profiles


def criteria_search(key: Any, workspace: Any, criterion: dict, budget: dict, **more: Any) -> dict:
    """What POST /v1/public/search does after authentication, detail full, list_limit 0."""
    from search.replies import search_reply
    from search.service import search_run

    outcome = search_run(
        key=key,
        workspace=workspace,
        constraints=EUROPE,
        criteria=[criterion],
        criteria_budget=budget,
        list_limit=0,
        request_id="bench",
        **more,
    )
    reply = search_reply(
        outcome,
        key=key,
        detail="full",
        limit=50,
        offset=0,
        list_limit=0,
        request_id="bench",
    )
    return reply["criteria"][0]


def read_whole(key: Any, workspace: Any, criterion: dict, reads: int, **more: Any) -> dict:
    """The niche read to the end: called again with the address while partial."""
    budget = {"max_reads": reads, "max_usd": 100, "max_seconds": CALL_MAX_SECONDS}
    began, calls, replies = time.perf_counter(), 0, []
    asked = criterion
    while True:
        block = criteria_search(key, workspace, asked, budget, **more)
        calls += 1
        replies.append(block)
        if block["status"] != "partial":
            break
        asked = {"address": block["address"]}
    wall = time.perf_counter() - began
    if block["status"] != "complete":
        raise SystemExit(f"the read ended {block['status']} ({block['status_reason']})")
    return {
        "wall": wall,
        "calls": calls,
        "address": block["address"],
        "counts": block["counts"],
        "usage_calls": sum(reply["usage"]["calls"] for reply in replies),
    }


# -- one run ----------------------------------------------------------------------------------


def run_once(
    mode: str,
    *,
    key: Any,
    workspace: Any,
    documents: int,
    latency: float,
    workers: int,
    model: FakeModel,
) -> dict[str, Any]:
    from django.test.utils import override_settings

    from criteria.models import Judgment
    from limma.models import LedgerEntry

    Judgment.objects.filter(criterion__text=NICHE).delete()
    LedgerEntry.objects.all().delete()
    model.taken()
    with override_settings(LIMMA={"CRITERIA_BACKGROUND": mode == "background"}):
        read = read_whole(key, workspace, {"text": NICHE, "facets": FACETS}, documents)
        ledger = LedgerEntry.objects.count()
        served = model.taken()
        began = time.perf_counter()
        again = criteria_search(key, workspace, {"address": read["address"]}, {"max_reads": 0})
        again_ms = (time.perf_counter() - began) * 1000
    failed = Judgment.objects.filter(criterion__text=NICHE, state="failed").count()
    errors = LedgerEntry.objects.exclude(outcome="ok").count()
    if failed or errors:
        raise SystemExit(
            f"{mode}: {failed} reads failed and {errors} model calls did not answer ok: the "
            "fake model no longer answers what the reader asks (a role's shape changed?)"
        )
    ideal = ledger * latency / workers
    return {
        **read,
        "mode": mode,
        "workers": workers,
        "per_second": documents / read["wall"],
        "model_calls": ledger,
        "served": sum(served.values()),
        "failed": failed,
        "ideal": ideal,
        "ratio": read["wall"] / ideal,
        "again_calls": again["usage"]["calls"] + (LedgerEntry.objects.count() - ledger),
        "again_status": again["status"],
        "again_ms": again_ms,
    }


def warm(key: Any, workspace: Any, mode: str) -> None:
    """A first small read (another criterion, a few people): the workers, or this process,
    import and build what they need before anything is timed."""
    from django.test.utils import override_settings

    from criteria.models import Judgment
    from limma.models import Entity

    Judgment.objects.filter(criterion__text=WARM_TEXT).delete()
    entity_ids = list(Entity.objects.order_by("key").values_list("key", flat=True)[:WARM_DOCUMENTS])
    with override_settings(LIMMA={"CRITERIA_BACKGROUND": mode == "background"}):
        read_whole(
            key,
            workspace,
            {"text": WARM_TEXT, "facets": WARM_FACETS},
            WARM_DOCUMENTS,
            entity_ids=entity_ids,
        )


# -- the report ---------------------------------------------------------------------------------


def report(args: argparse.Namespace, results: list[dict[str, Any]]) -> None:
    print()
    print(
        f"{args.documents:,} documents, {args.latency_ms:g} ms a model call, "
        f"{args.database}; median of {args.runs} runs; ideal = model calls x latency / workers"
    )
    print(
        "| mode | workers | model calls | wall s (median) | ideal s | wall / ideal | "
        "documents / s | runs: wall s | calls to complete | model calls asked again |"
    )
    print("|:--|--:|--:|--:|--:|--:|--:|:--|--:|--:|")
    cells = sorted({(r["mode"], r["workers"]) for r in results}, key=lambda c: (c[0], c[1]))
    for mode, workers in cells:
        runs = [r for r in results if (r["mode"], r["workers"]) == (mode, workers)]
        wall = statistics.median(r["wall"] for r in runs)
        ideal = statistics.median(r["ideal"] for r in runs)
        walls = ", ".join(f"{r['wall']:.1f}" for r in runs)
        print(
            f"| {mode} | {workers} | {statistics.median(r['model_calls'] for r in runs):,.0f} | "
            f"{wall:.1f} | {ideal:.1f} | {wall / ideal:.2f} | "
            f"{statistics.median(r['per_second'] for r in runs):.0f} | {walls} | "
            f"{statistics.median(r['calls'] for r in runs):.0f} | "
            f"{max(r['again_calls'] for r in runs)} |"
        )
    for r in results:
        print(
            f"  {r['mode']} x{r['workers']}: counts {r['counts']}, ledger {r['model_calls']} = "
            f"served {r['served']}, usage {r['usage_calls']}, failed {r['failed']}; asked "
            f"again: {r['again_status']}, {r['again_calls']} model calls, {r['again_ms']:.0f} ms"
        )


def main() -> None:
    args = parse()
    began = time.perf_counter()
    previous = {sig: signal.signal(sig, _terminate) for sig in (signal.SIGTERM, signal.SIGALRM)}
    signal.alarm(int(args.deadline_minutes * 120))  # a hard stop, well after the soft one
    scratch = Path(tempfile.mkdtemp(prefix="limma-criteria-bench-"))
    model = FakeModel(args.latency_ms / 1000)
    model.start()
    results: list[dict[str, Any]] = []
    try:
        with scratch_database(args, scratch) as url:
            os.environ.update(
                {
                    "DATABASE_URL": url,
                    "DJANGO_SETTINGS_MODULE": "limma.settings",
                    "DJANGO_SECRET_KEY": secrets.token_urlsafe(40),
                    "LIMMA_VAR_DIR": str(scratch),
                    "LIMMA_LOG_LEVEL": "WARNING",
                    "LIMMA_PROVIDER": "openai",
                    "LIMMA_BASE_URL": model.url,
                    "LIMMA_OPENAI_API_KEY": "bench",
                    "LIMMA_MAX_RETRIES": "0",
                    "LIMMA_TIMEOUT_SECONDS": "30",
                    "LIMMA_CRITERIA_BACKGROUND": "1",
                }
            )
            import django

            django.setup()
            from django.core.management import call_command

            from criteria.reading import _shown, facets_of
            from limma.door.shapes import Facet as Shown

            call_command("migrate", verbosity=0)
            loaded = time.perf_counter()
            workspace, key, profiles = load(args.documents)
            # The facets as the reader's request carries them (criteria/reading.py _shown).
            shown = [
                Shown.model_validate(_shown(facet)).model_dump(mode="json")
                for facet in facets_of(minted(key, workspace, args.documents))
            ]
            model.prepare(profiles, shown)
            print(
                f"{args.documents:,} people loaded and their replies made in "
                f"{time.perf_counter() - loaded:.1f} s; database {args.database}",
                flush=True,
            )
            for workers in args.workers if "background" in args.modes else []:
                with cluster(workers, scratch):
                    warm(key, workspace, "background")
                    print(f"cluster of {workers} workers warm", flush=True)
                    timed_runs(
                        args,
                        "background",
                        workers=workers,
                        key=key,
                        workspace=workspace,
                        model=model,
                        began=began,
                        results=results,
                    )
            if "in_call" in args.modes:
                warm(key, workspace, "in_call")
                timed_runs(
                    args,
                    "in_call",
                    workers=1,
                    key=key,
                    workspace=workspace,
                    model=model,
                    began=began,
                    results=results,
                )
            report(args, results)
    finally:
        signal.alarm(0)
        model.stop()
        shutil.rmtree(scratch, ignore_errors=True)
        for sig, handler in previous.items():
            signal.signal(sig, handler)
    print(f"done in {time.perf_counter() - began:.0f} s")


def timed_runs(
    args: argparse.Namespace,
    mode: str,
    *,
    workers: int,
    key: Any,
    workspace: Any,
    model: FakeModel,
    began: float,
    results: list[dict[str, Any]],
) -> None:
    for index in range(args.runs):
        if time.perf_counter() - began > args.deadline_minutes * 60:
            print(f"skipped {mode} run {index + 1} ({workers} workers): past the deadline")
            continue
        latency = args.latency_ms / 1000
        result = run_once(
            mode,
            key=key,
            workspace=workspace,
            documents=args.documents,
            latency=latency,
            workers=workers,
            model=model,
        )
        results.append(result)
        print(
            f"{mode}, {workers} workers, run {index + 1}: {result['wall']:.1f} s, "
            f"{result['model_calls']} model calls, ideal {result['ideal']:.1f} s",
            flush=True,
        )


def minted(key: Any, workspace: Any, documents: int) -> Any:
    """The criterion minted and priced (max_usd 0 reads nothing), so the fake model's replies
    are made for exactly the facets the reader will be shown."""
    from criteria.models import Criterion

    block = criteria_search(
        key, workspace, {"text": NICHE, "facets": FACETS}, {"max_reads": documents, "max_usd": 0}
    )
    if block["status"] != "over_budget":
        raise SystemExit(f"pricing the plan read something: {block['status']}")
    return Criterion.objects.get(address=block["address"])


if __name__ == "__main__":
    main()
