"""The call that continues a niche read the budget or the call's time cut short.

A reply whose niche is unread or half read says how to go on: the same search sent again by
the criterion's address (no brief compiled again, no split) with a budget that allows the rest,
so the next call reads only what is still unread — what was read is stored and reused, never
paid twice. Only a key that may read is offered it.
"""

from __future__ import annotations

import math
from typing import Any

from criteria.plan import LIMITS
from criteria.status import (
    MAX_READS,
    MAX_USD,
    OVER_BUDGET,
    OVER_BUDGET_DURING_READ,
    PARTIAL,
    TIME_BUDGET,
)
from limma.models import ApiKey
from search.service import SearchOutcome

# What a continue can finish: a plan above the budget, and a read stopped by its wall or its
# spend (a ceiling, a model away, a refusal each have their own way on).
UNFINISHED = {
    (OVER_BUDGET, MAX_READS),
    (OVER_BUDGET, MAX_USD),
    (OVER_BUDGET_DURING_READ, MAX_USD),
    (PARTIAL, TIME_BUDGET),
}


def continue_call(outcome: SearchOutcome, key: ApiKey) -> dict[str, Any] | None:
    """The exact call to send again, or None when nothing is left this key could read."""
    run = outcome.criteria
    if run is None or run.criterion is None or run.plan is None or not key.may_write:
        return None
    if (run.status, run.status_reason) not in UNFINISHED:
        return None
    reads = max(len(run.plan.to_read), 1)
    cost = math.ceil(float(run.estimate.get("cost_usd", 0.0)) * 100) / 100
    if reads > LIMITS["max_reads"] or cost > LIMITS["max_usd"]:
        return None  # no one call may read it whole: narrow the search first
    max_usd = max(cost, float(run.budget.max_usd))
    call: dict[str, Any] = {
        "constraints": [constraint.as_json() for constraint in outcome.constraints],
        "criteria": [{"address": run.criterion.address}],
        "criteria_budget": {
            "max_reads": max(reads, run.budget.max_reads),
            "max_usd": max_usd,
            "max_seconds": run.budget.max_seconds,
        },
    }
    if outcome.entity_ids:
        call["entity_ids"] = list(outcome.entity_ids)
    if outcome.as_of:
        call["as_of"] = outcome.as_of
    return {
        "verb": "POST /v1/public/search",
        "tool": "limma_search",
        "with": call,
        "reads_at_most": len(run.plan.to_read),
        "cost_usd_at_most": run.estimate.get("cost_usd", 0.0),
    }
