"""How the search verb scales: the partition over a synthetic directory, two constraints.

    .venv/bin/python benchmarks/search_scale.py --people 100000 --runs 5

Creates its own PostgreSQL database (--database-name, default `limma_bench`) on the server
DATABASE_URL names (default postgres://postgres@127.0.0.1:5432, trust auth), migrates it, loads
the synthetic directory of tests/search/directory.py at two sizes (--people and a tenth of it,
or --sizes), and times the search service and its reply (search_run + search_reply, what POST
/v1/public/search does after authentication) for based_in Europe + held_role function
Marketing: median ms and the number of database queries per call, compact and full. It checks
every count against the brute-force count of tests/search/directory.py, then drops the
database, whatever happens.

Side by side, alternated in one run (the order turned each run): the product's compact call
(its count a sum of each set of facts' stored people of the record); before it, the same call
counting every person in scope per set (people_counted, the sets' stored counts set aside);
the best hand-written SQL over the tables it reads (FACTS_HAND_WRITTEN: the people counted per
set of facts, each set decided once, the codes as the product hands them), alone and with the
page of 50 matched people and their names the compact reply also lists
(FACTS_PAGE_HAND_WRITTEN); and, before this change, the product's call with the partition
grouping every row (PartitionQuery(facts=False)), the hand-written SQL over the rows
(HAND_WRITTEN: one grouping per person, bool_or ... FILTER, the terms under Europe and
Marketing as arrays) and, up to --before-up-to people, the partition as it ran before it
moved into the database (every row read into Python and placed there: python_partition). The
hand-written queries and the grouped product (up to --rows-up-to people) must give the
product's counts (and ids, and the page).

Loading: the benchmark writes the rows connect writes (entities, external ids, declared rows
with their table, columns, record ids and placed terms, withheld gaps, profile documents, the
people's facts) with COPY, CHUNK people at a time (benchmarks/_directory_load.py), each chunk
also counted by the brute force, so the whole directory is never in memory. It proves the
loader first: --check-people people (default 2,000) are loaded through connect and in bulk
(chunks of CHECK_CHUNK) and every search count and matched id of a few constraint sets must
agree.
"""

from __future__ import annotations

import argparse
import os
import signal
import statistics
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit, urlunsplit

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks._scratch_database import server_run, terminate_on_signal
from tests.search.directory import EUROPE_MARKETING, LOADER_CHECKS

BENCH_DB = "limma_bench"
DEFAULT_URL = "postgres://postgres@127.0.0.1:5432/limma"
SEED = 20240611
CHUNK = 10_000  # people generated, loaded and counted by brute force at a time
CHECK_CHUNK = 500  # the check's load, in chunks small enough that several meet connect's


def parse() -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--people", type=int, default=100_000, help="the largest size")
    parser.add_argument(
        "--sizes", default="", help="comma-separated sizes (default: a tenth of --people, and it)"
    )
    parser.add_argument("--runs", type=int, default=5, help="timed calls per size and detail")
    parser.add_argument(
        "--check-people",
        type=int,
        default=2000,
        help="people loaded both through connect and in bulk, to compare (0: skip)",
    )
    parser.add_argument(
        "--database-url",
        default=os.environ.get("DATABASE_URL", DEFAULT_URL),
        help="the server to use; the database is always limma_bench",
    )
    parser.add_argument(
        "--before-up-to",
        type=int,
        default=100_000,
        help="time the Python partition (before) beside the product up to this many people",
    )
    parser.add_argument(
        "--rows-up-to",
        type=int,
        default=100_000,
        help="time the product grouping every row, and the SQL over the rows, up to this many",
    )
    parser.add_argument(
        "--database-name", default=BENCH_DB, help="the scratch database (dropped at the end)"
    )
    parser.add_argument(
        "--deadline-minutes",
        type=float,
        default=30.0,
        help="skip the sizes still to come once this much time has passed",
    )
    args = parser.parse_args()
    sizes = [int(s) for s in args.sizes.split(",") if s] or [max(args.people // 10, 1), args.people]
    args.sizes = sorted(set(sizes))
    return args


# -- the database -----------------------------------------------------------------------------


def bench_url(url: str, name: str) -> str:
    """The same server, the benchmark's own database (never the one the URL names)."""
    parts = urlsplit(url)
    if not parts.scheme.startswith("postgres"):
        raise SystemExit(f"search_scale.py runs on PostgreSQL, not {parts.scheme!r}")
    return urlunsplit(parts._replace(path=f"/{name}"))


@contextmanager
def bench_database(url: str, name: str = BENCH_DB) -> Iterator[None]:
    """limma_bench, created empty and dropped at the end (also on an error or a signal)."""
    server_run(url, f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")
    server_run(url, f"CREATE DATABASE {name}")
    os.environ["DATABASE_URL"] = bench_url(url, name)
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "limma.settings")
    os.environ.setdefault("LIMMA_LOG_LEVEL", "WARNING")
    previous = signal.signal(signal.SIGTERM, terminate_on_signal)
    try:
        import django

        django.setup()
        from django.core.management import call_command

        call_command("migrate", verbosity=0)
        yield
    finally:
        signal.signal(signal.SIGTERM, previous)
        try:
            from django.db import connections

            connections.close_all()
        except Exception:  # Django may not have been set up
            pass
        server_run(url, f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")
        print(f"dropped database {name}")


# -- calls ------------------------------------------------------------------------------------


def one_search(key: Any, workspace_id: str, constraints: list[dict], detail: str) -> dict:
    """What the view does after authentication: the workspace, the search, the reply."""
    from limma.access import access_workspace
    from search.replies import search_reply
    from search.service import search_run

    workspace = access_workspace(key, workspace_id)
    outcome = search_run(key=key, workspace=workspace, constraints=constraints)
    return search_reply(
        outcome, key=key, detail=detail, limit=50, offset=0, list_limit=50, request_id="bench"
    )


def queries_of(call: Callable[[], Any]) -> int:
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    with CaptureQueriesContext(connection) as captured:
        call()
    return len(captured.captured_queries)


def timed(call: Callable[[], Any], runs: int) -> list[float]:
    call()  # warm: the shipped vocabulary is built once per process
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        call()
        times.append((time.perf_counter() - start) * 1000)
    return times


def python_partition(key: Any, workspace: Any) -> dict[str, int]:
    """Before: what the search did until the partition moved into the database. Every scope id
    and every constrained row read into Python, placed per row, and partitioned there."""
    from collections import Counter

    from limma.access import readable_gaps, readable_rows
    from search.constraints import constraints_bound, constraints_parsed
    from search.partition import Row, partition
    from search.scope import scope_entities

    bound, _ = constraints_bound(
        constraints_parsed(EUROPE_MARKETING), workspace.parsed_pack, workspace.vocabulary
    )
    relations = {constraint.relation for constraint in bound}
    pks = list(
        scope_entities(key=key, workspace=workspace, entity_ids=None)
        .order_by("name_key", "key")
        .values_list("pk", flat=True)
    )
    rows = [
        Row(id=pk, entity_id=entity_id, relation=relation, values=values, declared=o == "declared")
        for pk, entity_id, relation, values, o in readable_rows(key)
        .filter(relation__in=relations)
        .values_list("pk", "entity_id", "relation", "values", "origin")
        .iterator(chunk_size=5000)
    ]
    withheld = set(
        readable_gaps(key)
        .filter(relation__in=relations, reason="withheld", entity__isnull=False)
        .values_list("entity_id", "relation")
    )
    placed = partition(
        pks,
        rows,
        withheld=withheld,
        constraints=bound,
        relation_slots={name: r.slots for name, r in workspace.parsed_pack.relations.items()},
        vocabulary=workspace.vocabulary,
    )
    return dict(Counter(one.verdict for one in placed))


# The best plain SQL over the same tables: one grouping per person (bool_or ... FILTER), the
# terms under Europe and under Marketing handed in as arrays, the same scope and access.
HAND_WRITTEN = """
SELECT verdict, COUNT(*) FROM (
  SELECT CASE
    WHEN based = 'ruled_out' OR role = 'ruled_out' THEN 'ruled_out'
    WHEN based IN ('cannot_be_placed', 'withheld') OR role IN ('cannot_be_placed', 'withheld')
      THEN 'cannot_be_placed'
    WHEN based = 'not_recorded' OR role = 'not_recorded' THEN 'not_recorded'
    ELSE 'matched' END AS verdict
  FROM (
    SELECT
      CASE WHEN r.b_met THEN 'matched' WHEN r.b_unplaced THEN 'cannot_be_placed'
        WHEN g.b_withheld THEN 'withheld' WHEN r.b_declared THEN 'ruled_out'
        ELSE 'not_recorded' END AS based,
      CASE WHEN r.h_met THEN 'matched' WHEN r.h_unplaced THEN 'cannot_be_placed'
        WHEN g.h_withheld THEN 'withheld' WHEN r.h_declared THEN 'ruled_out'
        ELSE 'not_recorded' END AS role
    FROM limma_entity e
    LEFT JOIN (
      SELECT entity_id,
        bool_or(placed->>'place' = ANY(%(places)s)) FILTER (WHERE relation = 'based_in') AS b_met,
        bool_or(values ? 'place' AND NOT placed ? 'place')
          FILTER (WHERE relation = 'based_in') AS b_unplaced,
        bool_or(origin = 'declared') FILTER (WHERE relation = 'based_in') AS b_declared,
        bool_or(placed->>'function' = ANY(%(functions)s))
          FILTER (WHERE relation = 'held_role') AS h_met,
        bool_or(values ? 'function' AND NOT placed ? 'function')
          FILTER (WHERE relation = 'held_role') AS h_unplaced,
        bool_or(origin = 'declared') FILTER (WHERE relation = 'held_role') AS h_declared
      FROM limma_relationrow
      WHERE workspace_id = %(ws)s AND relation IN ('based_in', 'held_role')
      GROUP BY entity_id
    ) r ON r.entity_id = e.id
    LEFT JOIN (
      SELECT entity_id, bool_or(relation = 'based_in') AS b_withheld,
        bool_or(relation = 'held_role') AS h_withheld
      FROM limma_coveragegap
      WHERE workspace_id = %(ws)s AND reason = 'withheld' AND entity_id IS NOT NULL
        AND relation IN ('based_in', 'held_role')
      GROUP BY entity_id
    ) g ON g.entity_id = e.id
    WHERE e.workspace_id = %(ws)s AND e.merged_into_id IS NULL AND e.kind = 'person'
      AND (EXISTS (SELECT 1 FROM limma_externalid x WHERE x.entity_id = e.id)
        OR EXISTS (SELECT 1 FROM limma_document d WHERE d.entity_id = e.id
          AND d.state <> 'superseded')
        OR EXISTS (SELECT 1 FROM limma_relationrow d WHERE d.entity_id = e.id
          AND d.origin = 'declared'))
  ) per_person
) verdicts GROUP BY verdict
"""


# The people in scope, as the product's scope reads them: a person of the workspace, not merged
# away, with a row of the record or an external id, a current document or a declared row.
FACTS_SCOPE = """FROM limma_entity e
LEFT JOIN limma_personfacts f ON f.entity_id = e.id AND f.workspace_id = %(ws)s
WHERE e.workspace_id = %(ws)s AND e.merged_into_id IS NULL AND e.kind = 'person'
  AND (f.in_record
    OR EXISTS (SELECT 1 FROM limma_externalid x WHERE x.entity_id = e.id)
    OR EXISTS (SELECT 1 FROM limma_document d WHERE d.entity_id = e.id
      AND d.state <> 'superseded')
    OR EXISTS (SELECT 1 FROM limma_relationrow d WHERE d.entity_id = e.id
      AND d.origin = 'declared'))"""

# The best plain SQL over the tables the product reads now: the people in scope counted per set
# of facts they hold (each person's narrow facts row beside them, no grouping of rows), then
# each set's verdicts decided once; "a term under Europe" is one code of a set. The scope as
# the product's: the record's own test first, then the others.
FACTS_HAND_WRITTEN = """
SELECT verdict, SUM(people) FROM (
  SELECT CASE
    WHEN based = 'ruled_out' OR role = 'ruled_out' THEN 'ruled_out'
    WHEN based IN ('cannot_be_placed', 'withheld') OR role IN ('cannot_be_placed', 'withheld')
      THEN 'cannot_be_placed'
    WHEN based = 'not_recorded' OR role = 'not_recorded' THEN 'not_recorded'
    ELSE 'matched' END AS verdict, people
  FROM (
    SELECT g.people,
      CASE WHEN s.facts ? 'based_in.place=Europe' THEN 'matched'
        WHEN s.facts ? 'based_in.place?' THEN 'cannot_be_placed'
        WHEN s.facts ? 'based_in#withheld' THEN 'withheld'
        WHEN s.facts ? 'based_in#declared' THEN 'ruled_out' ELSE 'not_recorded' END AS based,
      CASE WHEN s.facts ? 'held_role.function=Marketing' THEN 'matched'
        WHEN s.facts ? 'held_role.function?' THEN 'cannot_be_placed'
        WHEN s.facts ? 'held_role#withheld' THEN 'withheld'
        WHEN s.facts ? 'held_role#declared' THEN 'ruled_out' ELSE 'not_recorded' END AS role
    FROM (
      SELECT f.facts_set_id, COUNT(*) AS people
      {SCOPE}
      GROUP BY f.facts_set_id
    ) g LEFT JOIN limma_factsset s ON s.id = g.facts_set_id
  ) per_set
) verdicts GROUP BY verdict
""".replace("{SCOPE}", FACTS_SCOPE)


# The same as the product's compact reply does, by hand: the counts above, and the first page of
# 50 matched people in the scope's order with their ids and names (the scope's order index
# walked, each person's set asked by its key).
FACTS_PAGE_HAND_WRITTEN = """
SELECT e.key, e.display_name
{SCOPE}
  AND (SELECT s.facts ? 'based_in.place=Europe' AND s.facts ? 'held_role.function=Marketing'
    FROM limma_factsset s WHERE s.id = f.facts_set_id)
ORDER BY e.name_key, e.key LIMIT 50
""".replace("{SCOPE}", FACTS_SCOPE)


def hand_written(workspace: Any) -> dict[str, int]:
    """The hand-written SQL's counts over the rows (the admin key reads every group, so no
    access filter beyond the workspace: the product's query carries the key's access as well)."""
    from django.db import connection

    vocabulary = workspace.vocabulary
    places = [t.name for t in vocabulary.terms("place") if vocabulary.is_under(t, "Europe")]
    functions = [
        t.name for t in vocabulary.terms("function") if vocabulary.is_under(t, "Marketing")
    ]
    with connection.cursor() as cursor:
        cursor.execute(HAND_WRITTEN, {"places": places, "functions": functions, "ws": workspace.id})
        return dict(cursor.fetchall())


def facts_hand_written(workspace: Any) -> dict[str, int]:
    """The hand-written SQL's counts over the people's facts (the same access as above)."""
    from django.db import connection

    with connection.cursor() as cursor:
        cursor.execute(FACTS_HAND_WRITTEN, {"ws": workspace.id})
        return {verdict: int(people) for verdict, people in cursor.fetchall()}


def facts_page_hand_written(workspace: Any) -> tuple[dict[str, int], list[tuple[str, str]]]:
    """The hand-written counts over the facts, and the page of 50 matched people (id, name)."""
    from django.db import connection

    counts = facts_hand_written(workspace)
    with connection.cursor() as cursor:
        cursor.execute(FACTS_PAGE_HAND_WRITTEN, {"ws": workspace.id})
        return counts, cursor.fetchall()


def rows_grouped(key: Any, workspace_id: str, detail: str) -> dict:
    """Before the facts: the product's own call with the partition grouping every row."""
    from unittest import mock

    from search import service
    from search.partition_query import PartitionQuery

    def grouping(**kwargs: Any) -> PartitionQuery:
        return PartitionQuery(**kwargs, facts=False)

    with mock.patch.object(service, "PartitionQuery", grouping):
        return one_search(key, workspace_id, EUROPE_MARKETING, detail)


def people_counted(key: Any, workspace_id: str, detail: str) -> dict:
    """Before the sets' stored counts: the product's own call counting every person in scope
    per set of facts (as a search of some people's ids still does)."""
    from unittest import mock

    from search import service

    with mock.patch.object(service, "whole_scope", lambda key, workspace: None):
        return one_search(key, workspace_id, EUROPE_MARKETING, detail)


def side_by_side(
    key: Any, workspace_id: str, runs: int, *, before: bool, rows: bool = True
) -> dict[str, Any]:
    """The product's compact call and the hand-written SQL, alternated in one run, the order
    turned each run (and the Python partition before this change, when asked): each one's
    times (ms)."""
    from limma.access import access_workspace

    workspace = access_workspace(key, workspace_id)
    calls: dict[str, Callable[[], Any]] = {
        "product (compact reply)": lambda: one_search(
            key, workspace_id, EUROPE_MARKETING, "compact"
        ),
        "hand-written SQL, facts (counts)": lambda: facts_hand_written(workspace),
        "hand-written SQL, facts (counts + page)": lambda: facts_page_hand_written(workspace),
        "before: product, every person counted": lambda: people_counted(
            key, workspace_id, "compact"
        ),
    }
    if rows:
        calls["before: product, rows grouped"] = lambda: rows_grouped(key, workspace_id, "compact")
        calls["before: hand-written SQL, rows"] = lambda: hand_written(workspace)
    if before:
        calls["before: Python partition (counts)"] = lambda: python_partition(key, workspace)
    for call in calls.values():
        call()  # warm
    times: dict[str, list[float]] = {name: [] for name in calls}
    order = list(calls.items())
    for run in range(runs):
        # The order turns each run, so no call always follows the same one (the one after a
        # grouping of every row finds the caches it emptied).
        for name, call in order[run % len(order) :] + order[: run % len(order)]:
            start = time.perf_counter()
            call()
            times[name].append((time.perf_counter() - start) * 1000)
    return times


# -- the run ----------------------------------------------------------------------------------


def check_bulk_equals_connect(people: int) -> None:
    from django.db import transaction

    from benchmarks._directory_load import bulk_load, workspace_with_key
    from limma.services.connect import export_connect
    from tests.search.directory import directory_chunks, directory_export

    export = directory_export(people, SEED + 7)
    connected, key_c = workspace_with_key("through connect")
    bulk, key_b = workspace_with_key("in bulk")
    start = time.perf_counter()
    export_connect(workspace=connected, tables=export["tables"], mapping=export["mapping"])
    through = time.perf_counter() - start
    with transaction.atomic():
        bulk_load(bulk, directory_chunks(people, SEED + 7, CHECK_CHUNK))
    for constraints in LOADER_CHECKS:
        one = one_search(key_c, connected.id, constraints, "full")
        other = one_search(key_b, bulk.id, constraints, "full")
        assert one["counts"] == other["counts"], (constraints, one["counts"], other["counts"])
        assert one["incomplete_because"] == other["incomplete_because"]
        assert one["entities"] == other["entities"]
    print(
        f"check: {people:,} people through connect ({through:.1f} s) and in bulk (chunks of "
        f"{CHECK_CHUNK}) give the same counts, gaps and ids for {len(LOADER_CHECKS)}"
        " constraint sets"
    )


def loaded_and_counted(workspace: Any, size: int) -> tuple[dict[str, Any], dict[str, int]]:
    """The directory of `size` people loaded a chunk at a time, each chunk also counted by
    the brute force (people are independent: the chunks' counts add up to the whole's)."""
    from collections import Counter

    from django.db import connection, transaction

    from benchmarks._directory_load import bulk_load, indexes_deferred
    from limma.vocabulary import Vocabulary
    from tests.search.directory import VERDICTS, brute_force, directory_chunks

    vocabulary = Vocabulary.shipped()
    counts: Counter[str] = Counter(dict.fromkeys(VERDICTS, 0))
    spent = {"directory": 0.0, "brute force": 0.0}

    def chunks() -> Iterator[dict[str, Any]]:
        made = directory_chunks(size, SEED, CHUNK)
        while True:
            start = time.perf_counter()
            chunk = next(made, None)
            spent["directory"] += time.perf_counter() - start
            if chunk is None:
                return
            start = time.perf_counter()
            for verdict, ids in brute_force(chunk, EUROPE_MARKETING, vocabulary).items():
                counts[verdict] += len(ids)
            spent["brute force"] += time.perf_counter() - start
            yield chunk

    start = time.perf_counter()
    with transaction.atomic(), indexes_deferred():
        loaded = bulk_load(workspace, chunks())
        written = time.perf_counter() - start
    indexed = time.perf_counter() - start
    with connection.cursor() as cursor:
        cursor.execute("ANALYZE")
    whole = time.perf_counter() - start
    timing = {
        "load_s": whole - spent["brute force"],
        "write_s": written - spent["brute force"] - spent["directory"],
        "directory_s": spent["directory"],
        "index_s": indexed - written,
        "analyze_s": whole - indexed,
        "brute_force_s": spent["brute force"],
    }
    return {**loaded, **timing}, dict(counts)


def measure(size: int, runs: int, *, before: bool, rows: bool = True) -> dict[str, Any]:
    import resource

    from benchmarks._directory_load import workspace_with_key

    workspace, key = workspace_with_key(f"bench {size}")
    loaded, counts = loaded_and_counted(workspace, size)
    resident_mb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(
        f"{size:,} people loaded in {loaded['load_s']:.1f} s (directory "
        f"{loaded['directory_s']:.1f} s, writing {loaded['write_s']:.1f} s, indexes and "
        f"foreign keys {loaded['index_s']:.1f} s, ANALYZE "
        f"{loaded['analyze_s']:.1f} s; brute force apart {loaded['brute_force_s']:.1f} s), "
        f"{loaded['rows']:,} rows, at most {resident_mb:,.0f} MB resident",
        flush=True,
    )

    reply = one_search(key, workspace.id, EUROPE_MARKETING, "full")
    got = {verdict: reply["counts"][verdict] for verdict in counts}
    assert got == counts, f"the search counts {got}, the brute force {counts}"

    result: dict[str, Any] = {"people": size, "counts": counts, **loaded}
    for detail in ("compact", "full"):

        def call(detail: str = detail) -> dict:
            return one_search(key, workspace.id, EUROPE_MARKETING, detail)

        times = timed(call, runs)
        result[detail] = {
            "median_ms": statistics.median(times),
            "min_ms": min(times),
            "max_ms": max(times),
            "queries": queries_of(call),
        }
    for hand in (hand_written, facts_hand_written):
        got = hand(workspace)
        assert {v: got.get(v, 0) for v in counts} == counts, (hand.__name__, got, counts)
    compact = one_search(key, workspace.id, EUROPE_MARKETING, "compact")
    _, page = facts_page_hand_written(workspace)
    assert page == [(one["entity_id"], one["name"]) for one in compact["matches"]]
    counted = people_counted(key, workspace.id, "full")
    assert counted["counts"] == reply["counts"], (counted["counts"], reply["counts"])
    assert counted["entities"] == reply["entities"]
    if rows:
        grouped = rows_grouped(key, workspace.id, "full")
        assert grouped["counts"] == reply["counts"], (grouped["counts"], reply["counts"])
        assert grouped["entities"] == reply["entities"]
    result["side_by_side"] = side_by_side(key, workspace.id, runs, before=before, rows=rows)
    return result


def report(results: list[dict[str, Any]], runs: int) -> None:
    print()
    print(f"search: based_in Europe + held_role function Marketing, {runs} runs a cell")
    header = (
        f"{'people':>8} {'rows':>8} {'load s':>7} {'matched':>8} "
        f"{'compact ms':>11} {'q':>3} {'full ms':>9} {'q':>3}"
    )
    print(header)
    print("-" * len(header))
    for r in results:
        print(
            f"{r['people']:>8,} {r['rows']:>8,} {r['load_s']:>7.1f} {r['counts']['matched']:>8,} "
            f"{r['compact']['median_ms']:>11.0f} {r['compact']['queries']:>3} "
            f"{r['full']['median_ms']:>9.0f} {r['full']['queries']:>3}"
        )
    if len(results) > 1:
        small, big = results[0], results[-1]
        print(
            f"\n{big['people'] / small['people']:.0f}x the people: "
            f"{big['compact']['median_ms'] / small['compact']['median_ms']:.1f}x the time "
            f"(compact), queries per call {small['compact']['queries']} -> "
            f"{big['compact']['queries']} (compact), {small['full']['queries']} -> "
            f"{big['full']['queries']} (full)"
        )
    for r in results:
        times = r["side_by_side"]
        product = statistics.median(times["product (compact reply)"])
        print(f"\nside by side at {r['people']:,} people, alternated, {runs} runs:")
        print(f"  {'call':<40} {'min ms':>8} {'median ms':>10} {'/ product':>10}")
        for name, each in times.items():
            median = statistics.median(each)
            print(f"  {name:<40} {min(each):>8.1f} {median:>10.1f} {median / product:>10.2f}")
        hand = statistics.median(times["hand-written SQL, facts (counts)"])
        paged = statistics.median(times["hand-written SQL, facts (counts + page)"])
        print(
            f"  product / hand-written SQL over the same tables: {product / hand:.2f} (counts),"
            f" {product / paged:.2f} (counts + page of 50)"
        )
        print(
            f"  compact min/max {r['compact']['min_ms']:.0f}/{r['compact']['max_ms']:.0f} ms;"
            f" counts {r['counts']} equal the brute-force count"
        )


def main() -> None:
    args = parse()
    began = time.perf_counter()
    print(
        f"sizes {args.sizes}, {args.runs} runs; database {args.database_name} on "
        f"{urlsplit(args.database_url).hostname}; people written with COPY, {CHUNK:,} at a "
        f"time (the rows connect writes), not through connect"
    )
    results = []
    with bench_database(args.database_url, args.database_name):
        if args.check_people:
            check_bulk_equals_connect(args.check_people)
        for size in args.sizes:
            if time.perf_counter() - began > args.deadline_minutes * 60:
                print(f"skipped {size:,} people: past the {args.deadline_minutes} min deadline")
                continue
            result = measure(
                size,
                args.runs,
                before=size <= args.before_up_to,
                rows=size <= args.rows_up_to,
            )
            results.append(result)
            print(
                f"{size:,} people: loaded in {result['load_s']:.1f} s, compact "
                f"{result['compact']['median_ms']:.0f} ms, {result['compact']['queries']} "
                f"queries",
                flush=True,
            )
        report(results, args.runs)
    print(f"done in {time.perf_counter() - began:.0f} s")


if __name__ == "__main__":
    main()
