"""Reading the prepared examples ahead, so a visitor's click is answered from stored judgments.

Each example states its split (facets), so no model splits it; it is read with an analyst key
under one spend ceiling for the whole file, call after call until its read is complete.
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from limma.ids import new_request_id
from limma.models import ApiKey, Workspace
from qa_view.page.examples import Example
from search.service import search_run

MAX_CALLS = 50  # a read that is still partial after this many calls is reported, not looped


@dataclass(frozen=True)
class ReadAhead:
    question: str
    status: str
    fits: int
    candidates: int
    cost_usd: float
    calls: int


def example_plan(*, key: ApiKey, workspace: Workspace, example: Example) -> dict[str, Any]:
    """What reading the example would cost: priced, nothing read (max_usd 0)."""
    outcome = _search(key, workspace, example, {"max_usd": 0})
    block = outcome.criteria
    return block.estimate if block is not None else {}


def example_read(
    *, key: ApiKey, workspace: Workspace, example: Example, max_usd: Decimal
) -> ReadAhead:
    spent, calls, status, fits, candidates = Decimal("0"), 0, "not_run", 0, 0
    while calls < MAX_CALLS:
        budget = {
            "max_usd": float(max(max_usd - spent, Decimal("0"))),
            "max_reads": 5_000,
            "max_seconds": 300,
        }
        outcome = _search(key, workspace, example, budget)
        run, calls = outcome.criteria, calls + 1
        spent += Decimal(str(run.usage.get("cost_usd", 0))) if run.usage else Decimal("0")
        status = run.status
        fits = run.lists.counts["matched"] if run.lists else 0
        candidates = run.candidates.get("entities", 0)
        if status != "partial":
            break
    return ReadAhead(example.question, status, fits, candidates, float(spent), calls)


def _search(key: ApiKey, workspace: Workspace, example: Example, budget: dict[str, Any]):
    return search_run(
        key=key,
        workspace=workspace,
        constraints=list(example.constraints),
        criteria=[{"text": example.niche, "facets": list(example.facets)}],
        criteria_budget=budget,
        list_limit=0,
        request_id=new_request_id(),
    )
