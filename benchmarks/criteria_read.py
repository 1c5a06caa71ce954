"""How a niche read scales with django-q2 workers: a plan of many documents against a model
with a fixed latency per call.

    .venv/bin/python benchmarks/criteria_read.py --documents 1000 --latency-ms 20 --workers 4

What it does, by itself, and undoes at the end (also on an error, Ctrl-C or SIGTERM):

1. Starts a fake OpenAI-compatible model on 127.0.0.1 (a thread of this process): every call
   waits --latency-ms from its arrival and then answers with a valid reply of its role — the
   reader's reply is the offline reader's (criteria/offline/reader.py) for that document,
   computed before the timing starts; second_call and typing_call are the offline rules'.
2. Creates a scratch database — PostgreSQL `limma_bench_criteria` on the server DATABASE_URL
   names (default postgres://postgres@127.0.0.1:5432, trust auth), or with --database sqlite a
   file in a temporary directory — migrates it, and loads --documents invented people, each
   based in a European country and with one profile, through the connect service. A tenth of
   the profiles state the whole niche (the reader, then one second call), the rest state
   another market or nothing of it (the reader alone). Their sentences are embedded then, as
   the task connect hands the workers does, so no timed read embeds them.
3. Starts `manage.py qcluster` with --workers workers on the ORM broker of that database
   (LIMMA_PROVIDER=openai pointed at the fake model), and warms it on two small reads.
4. Per run: the criterion's judgments and the ledger are emptied, and the niche is read
   (constraint based_in Europe, criteria: [{text, facets}], max_reads = the plan), with the
   background reader ON — the call hands the plan to the workers and waits; called again with
   the address while partial — for each --workers count (a cluster each), and then with it
   OFF (LIMMA_CRITERIA_BACKGROUND=0: the call reads every document itself, one after the
   other, no cluster needed). The wall time is from the first call's
   start to the reply that says complete. The ideal is the model calls the ledger holds times
   the latency, divided by the workers (by one with the background off). Each run says where
   its wall went, from the ledger's calls (lead, tail, ramp, drain, worker-seconds slow in a
   call and idle between calls: _criteria_workload.timeline) and the CPU seconds of this
   process, the cluster, PostgreSQL and the machine. Then the same search is sent once more
   with the address: it must make no model call.
5. Stops the cluster by sending SIGTERM to its main process only (which stops its workers),
   stops the fake model and drops the database (or deletes the temporary directory).
"""

from __future__ import annotations

import argparse
import os
import secrets
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit, urlunsplit

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks._criteria_workload import embedded, load, minted, run_once, warm
from benchmarks._fake_model import FakeModel
from benchmarks._scratch_database import server_run, terminate_on_signal

ROOT = Path(__file__).resolve().parent.parent

BENCH_DB = "limma_bench_criteria"
DEFAULT_URL = "postgres://postgres@127.0.0.1:5432/limma"
CLUSTER_STOP_SECONDS = 60


def parse() -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--documents", type=int, default=1000, help="candidate documents")
    parser.add_argument("--latency-ms", type=float, default=20.0, help="per model call")
    parser.add_argument(
        "--workers", default="4", help="django-q2 workers; a comma-separated list runs each"
    )
    parser.add_argument("--runs", type=int, default=3, help="timed reads per mode")
    parser.add_argument(
        "--modes",
        default="background,in_call",
        help="background, in_call and/or cpu (the product's own CPU per document), in order",
    )
    parser.add_argument(
        "--cpu-sizes",
        default="200,1000,5000",
        help="cpu mode: the plan sizes (documents) read with a 0 ms model, each --runs times",
    )
    parser.add_argument("--database", choices=("postgres", "sqlite"), default="postgres")
    parser.add_argument(
        "--database-url",
        default=os.environ.get("DATABASE_URL", DEFAULT_URL),
        help="the PostgreSQL server to use",
    )
    parser.add_argument("--database-name", default=BENCH_DB, help="the scratch database")
    parser.add_argument(
        "--deadline-minutes",
        type=float,
        default=15.0,
        help="runs still to come after this long are skipped; at twice this the benchmark stops",
    )
    args = parser.parse_args()
    args.modes = [mode for mode in args.modes.split(",") if mode]
    args.workers = [int(n) for n in str(args.workers).split(",") if n]
    args.cpu_sizes = [int(n) for n in str(args.cpu_sizes).split(",") if n]
    if set(args.modes) - {"background", "in_call", "cpu"}:
        parser.error("--modes takes background, in_call and cpu")
    return args


# -- the scratch database and the cluster -------------------------------------------------------


@contextmanager
def scratch_database(args: argparse.Namespace, scratch: Path) -> Iterator[str]:
    """The benchmark's own database, created empty and removed at the end; yields its URL."""
    if args.database == "sqlite":
        yield f"sqlite:///{scratch / 'bench.sqlite3'}"
        return
    parts = urlsplit(args.database_url)
    if not parts.scheme.startswith("postgres"):
        raise SystemExit(f"--database postgres needs a postgres:// URL, not {parts.scheme!r}")
    name = args.database_name
    server_run(args.database_url, f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")
    server_run(args.database_url, f"CREATE DATABASE {name}")
    try:
        yield urlunsplit(parts._replace(path=f"/{name}"))
    finally:
        try:
            from django.db import connections

            connections.close_all()
        except Exception:
            pass
        server_run(args.database_url, f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")
        print(f"dropped database {name}")


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
    previous = {
        sig: signal.signal(sig, terminate_on_signal) for sig in (signal.SIGTERM, signal.SIGALRM)
    }
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

            from criteria.reading.claim import facets_of, facets_shown
            from limma.door.shapes import Facet as Shown

            call_command("migrate", verbosity=0)
            if args.modes == ["cpu"]:
                cpu_report(cpu_runs(args, model))
                return
            loaded = time.perf_counter()
            workspace, key, profiles = load(args.documents)
            embedded(workspace)
            # The facets as the reader's request carries them (criteria/reading/claim.py
            # facets_shown).
            shown = [
                Shown.model_validate(facets_shown(facet)).model_dump(mode="json")
                for facet in facets_of(minted(key, workspace, args.documents))
            ]
            model.prepare(profiles, shown)
            print(
                f"{args.documents:,} people loaded and their replies made in "
                f"{time.perf_counter() - loaded:.1f} s; database {args.database}",
                flush=True,
            )
            for workers in args.workers if "background" in args.modes else []:
                with cluster(workers, scratch) as process:
                    warm(key, workspace, "background", workers)
                    print(f"cluster of {workers} workers warm", flush=True)
                    timed_runs(
                        args,
                        "background",
                        cluster_pid=process.pid,
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


def cpu_runs(args: argparse.Namespace, model: FakeModel) -> list[dict[str, Any]]:
    """The product's own CPU per document: each size's plan read inside the call (background
    off) against a 0 ms model, this thread's CPU time less what it spent inside the model
    client (the HTTP request and its JSON), which stands for the model; and of it, the plan's
    walk (criteria.service's plan_read: the claims, the model calls, the checks and the
    writes), what a worker's task spends on it, without the search, the plan and the reply."""
    from criteria.reading.claim import facets_of, facets_shown
    from limma.door.shapes import Facet as Shown

    found = []
    for size in args.cpu_sizes:
        workspace, key, profiles = load(size)
        embedding = embedded(workspace)
        print(
            f"cpu: {size:,} documents embedded at load (the task after connect), "
            f"{embedding * 1000 / size:.2f} ms a document",
            flush=True,
        )
        shown = [
            Shown.model_validate(facets_shown(facet)).model_dump(mode="json")
            for facet in facets_of(minted(key, workspace, size))
        ]
        model.prepare(profiles, shown)
        warm(key, workspace, "in_call")
        for _ in range(args.runs):
            found.append({"documents": size, **cpu_once(key, workspace, size, model)})
            print(
                f"cpu: {size:,} documents, {found[-1]['product_ms']:.2f} ms a document, the "
                f"plan's walk {found[-1]['walk_ms']:.2f}",
                flush=True,
            )
    return found


def cpu_once(key: Any, workspace: Any, size: int, model: FakeModel) -> dict[str, float]:
    from django.db import connection
    from django.test.utils import override_settings
    from openai.resources.chat.completions import Completions

    import criteria.service
    from benchmarks._criteria_workload import FACETS, NICHE, read_whole
    from criteria.models import Judgment
    from limma.models import LedgerEntry

    Judgment.objects.filter(criterion__text=NICHE).delete()
    LedgerEntry.objects.all().delete()
    model.taken()
    inside = [0.0]
    create = Completions.create
    queries = [0]

    def timed_create(self: Any, *args: Any, **kwargs: Any) -> Any:
        began = time.thread_time()
        try:
            return create(self, *args, **kwargs)
        finally:
            inside[0] += time.thread_time() - began

    database = [0.0]
    walking = [0.0]
    plan_read = criteria.service.plan_read

    def timed_plan_read(*args: Any, **kwargs: Any) -> Any:
        # The walk of the plan a worker's task makes (claims, model calls, checks, writes):
        # this thread's CPU from its first read to its last.
        began = time.thread_time()
        try:
            yield from plan_read(*args, **kwargs)
        finally:
            walking[0] += time.thread_time() - began

    def counted(execute: Any, sql: str, *rest: Any) -> Any:
        queries[0] += 1
        began = time.perf_counter()
        try:
            return execute(sql, *rest)
        finally:
            database[0] += time.perf_counter() - began

    Completions.create = timed_create  # type: ignore[method-assign]
    criteria.service.plan_read = timed_plan_read
    try:
        with (
            override_settings(LIMMA={"CRITERIA_BACKGROUND": False}),
            connection.execute_wrapper(counted),
        ):
            began, wall = time.thread_time(), time.perf_counter()
            read_whole(key, workspace, {"text": NICHE, "facets": FACETS}, size)
            cpu, wall = time.thread_time() - began, time.perf_counter() - wall
    finally:
        Completions.create = create  # type: ignore[method-assign]
        criteria.service.plan_read = plan_read
    calls = LedgerEntry.objects.count()
    return {
        "product_ms": (cpu - inside[0]) * 1000 / size,
        "walk_ms": (walking[0] - inside[0]) * 1000 / size,
        "model_client_ms": inside[0] * 1000 / size,
        "wall_ms": wall * 1000 / size,
        "queries": queries[0] / size,
        "database_ms": database[0] * 1000 / size,
        "model_calls": calls,
    }


def cpu_report(found: list[dict[str, Any]]) -> None:
    print()
    print("the product's own CPU per document (0 ms model, read inside the call)")
    print(
        "| documents | runs | product ms/doc min | product ms/doc median | the walk ms/doc min |"
        " median | model client ms/doc | wall ms/doc | database ms/doc | queries/doc |"
        " model calls |"
    )
    print("|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|")
    for size in sorted({r["documents"] for r in found}):
        runs = [r for r in found if r["documents"] == size]
        product = [r["product_ms"] for r in runs]
        walk = [r["walk_ms"] for r in runs]
        print(
            f"| {size:,} | {len(runs)} | {min(product):.2f} | {statistics.median(product):.2f} |"
            f" {min(walk):.2f} | {statistics.median(walk):.2f} |"
            f" {statistics.median(r['model_client_ms'] for r in runs):.2f} |"
            f" {statistics.median(r['wall_ms'] for r in runs):.2f} |"
            f" {statistics.median(r['database_ms'] for r in runs):.2f} |"
            f" {statistics.median(r['queries'] for r in runs):.1f} |"
            f" {runs[0]['model_calls']:,} |"
        )


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
    cluster_pid: int | None = None,
) -> None:
    for index in range(args.runs):
        if time.perf_counter() - began > args.deadline_minutes * 60:
            print(f"skipped {mode} run {index + 1} ({workers} workers): past the deadline")
            continue
        latency = args.latency_ms / 1000
        cpu_before = cpu_by_kind(cluster_pid)
        result = run_once(
            mode,
            key=key,
            workspace=workspace,
            documents=args.documents,
            latency=latency,
            workers=workers,
            model=model,
        )
        spent = {
            kind: seconds - cpu_before.get(kind, 0.0)
            for kind, seconds in cpu_by_kind(cluster_pid).items()
        }
        result["cpu"] = spent
        results.append(result)
        print(
            f"{mode}, {workers} workers, run {index + 1}: {result['wall']:.1f} s, "
            f"{result['model_calls']} model calls, ideal {result['ideal']:.1f} s; lead "
            f"{result['lead']:.2f} s, tail {result['tail']:.2f} s, a call {result['call_ms']:.0f}"
            f" ms, worker-s slow in calls {result['slow']:.1f}, idle {result['idle']:.1f} (ramp "
            f"{result['ramp']:.2f} s, drain {result['drain']:.2f} s); CPU s: "
            + ", ".join(f"{kind} {seconds:.1f}" for kind, seconds in spent.items()),
            flush=True,
        )


def cpu_by_kind(cluster_pid: int | None) -> dict[str, float]:
    """CPU seconds so far (user + system, from /proc) of this process (the call and the fake
    model), the cluster (its session), PostgreSQL's processes, and the rest of the machine."""
    tick = os.sysconf("SC_CLK_TCK")
    found = {"benchmark": 0.0, "cluster": 0.0, "postgres": 0.0}
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            raw = (entry / "stat").read_text()
        except OSError:
            continue
        name, fields = raw[raw.index("(") + 1 : raw.rindex(")")], raw[raw.rindex(")") + 2 :].split()
        seconds = (int(fields[11]) + int(fields[12])) / tick
        if int(entry.name) == os.getpid():
            found["benchmark"] += seconds
        elif cluster_pid is not None and int(fields[3]) == cluster_pid:  # its session id
            found["cluster"] += seconds
        elif name.startswith("postgres"):
            found["postgres"] += seconds
    busy = Path("/proc/stat").read_text().split("\n", 1)[0].split()[1:]
    total = (sum(int(n) for n in busy) - int(busy[3]) - int(busy[4])) / tick  # less idle, iowait
    found["machine"] = total
    return found


if __name__ == "__main__":
    main()
