"""criteria_read.py's workload: the invented people and their profiles, the niche they are
read for, and one timed read of it as POST /v1/public/search runs it.

Kept apart from the benchmark, which starts and stops what the reads need (the scratch
database, the cluster, the fake model) and reports the runs.
"""

from __future__ import annotations

import time
from typing import Any

from benchmarks._fake_model import FakeModel

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
CALL_MAX_SECONDS = 60.0
WARM_DOCUMENTS = 12


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


def embedded(workspace: Any) -> float:
    """The workspace's sentences embedded, as the task connect hands the workers does
    (limma.tasks.documents_embed) once a load is written; returns this thread's CPU seconds.

    Without it the first read of the workspace embeds every document it orders
    (criteria.likeliest.similarity_of fills what is missing): a cost paid once a document, by
    the embedding task in a deployment, that the first timed run would count as the read's."""
    from limma.services.vectors import workspace_embed

    began = time.thread_time()
    workspace_embed(workspace=workspace)
    return time.thread_time() - began


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

    from criteria.models import Judgment
    from limma.models import LedgerEntry

    Judgment.objects.filter(criterion__text=NICHE).delete()
    LedgerEntry.objects.all().delete()
    model.taken()
    with reading(mode, workers):
        started = time.time()
        read = read_whole(key, workspace, {"text": NICHE, "facets": FACETS}, documents)
        ended = time.time()
        ledger = LedgerEntry.objects.count()
        spans = [
            (at.timestamp() - seconds, at.timestamp())
            for at, seconds in LedgerEntry.objects.values_list("created_at", "seconds")
        ]
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
        **timeline(spans, started, ended, workers=workers, latency=latency),
    }


def timeline(
    spans: list[tuple[float, float]], started: float, ended: float, *, workers: int, latency: float
) -> dict[str, float]:
    """Where the wall went, from the ledger's calls (each from its start to its row):

    lead: the read's start to its first model call; tail: the last call's end to the reply;
    ramp: the first call until every worker is in one; drain: the last moment every worker was
    in a call until the last call's end;
    slow: what the calls took beyond the latency (worker time spent waiting in a call);
    idle: worker time with no call in the air between the first call and the last, i.e.
    wall x workers - calls x latency = (lead + tail) x workers + slow + idle."""
    first = min(start for start, _ in spans)
    last = max(end for _, end in spans)
    in_calls = sum(end - start for start, end in spans)
    # Worker-seconds between the first call and the last with fewer calls in the air than
    # workers; a worker of a busy cluster is in a call or between two.
    events = sorted([(start, 1) for start, _ in spans] + [(end, -1) for _, end in spans])
    idle, busy, at = 0.0, 0, first
    full_from, full_until = None, first  # the first and last moment every worker was in a call
    for moment, step in events:
        idle += max(0, workers - busy) * (moment - at)
        busy, at = busy + step, moment
        if busy >= workers:
            full_from = moment if full_from is None else full_from
            full_until = moment
    return {
        "lead": first - started,
        "tail": ended - last,
        "slow": in_calls - len(spans) * latency,
        "idle": idle,
        "call_ms": in_calls / len(spans) * 1000,
        # From the first call until every worker is in one; from the last moment all were
        # until the last call's end (the tail of the workers finishing one by one).
        "ramp": (full_from if full_from is not None else last) - first,
        "drain": last - full_until,
    }


def reading(mode: str, workers: int) -> Any:
    """The settings a read runs under: the background on or off, and the cluster's size as
    the API process knows it (one LIMMA_WORKERS for both in a deployment): a plan is handed
    out as one task a worker."""
    from django.conf import settings
    from django.test.utils import override_settings

    return override_settings(
        LIMMA={"CRITERIA_BACKGROUND": mode == "background"},
        Q_CLUSTER={**settings.Q_CLUSTER, "workers": workers},
    )


def warm(key: Any, workspace: Any, mode: str, workers: int = 1) -> None:
    """First small reads (another criterion, a few people a worker): the workers, or this
    process, import and build what they need before anything is timed. Twice, so that a worker
    slow to take its first task (the others read its share) still makes its first model call
    here and not in the first timed run."""

    from criteria.models import Judgment
    from limma.models import Entity

    documents = max(WARM_DOCUMENTS, 4 * workers)
    entity_ids = list(Entity.objects.order_by("key").values_list("key", flat=True)[:documents])
    for _ in range(2):
        Judgment.objects.filter(criterion__text=WARM_TEXT).delete()
        with reading(mode, workers):
            read_whole(
                key,
                workspace,
                {"text": WARM_TEXT, "facets": WARM_FACETS},
                documents,
                entity_ids=entity_ids,
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
    return Criterion.objects.get(address=block["address"], workspace=workspace)
