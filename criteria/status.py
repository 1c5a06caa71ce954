"""A niche read's status and status_reason: the closed lists a reply's criteria block says.

Named once here, so the service that sets them, the lists built from them, the continue call
and the page that says each in words all mean the same word (docs/concepts.md#statuses).
"""

from __future__ import annotations

from criteria.criterion.split import DECOMPOSITION_FAILED, DECOMPOSITION_TIMEOUT, MODEL_UNAVAILABLE
from criteria.reading.claim import SPEND_CAP

COMPLETE = "complete"  # every candidate document has a judgment or a recorded failure
PARTIAL = "partial"  # not finished: the rest waits for a call again
OVER_BUDGET = "over_budget"  # the plan was above the budget: nothing was read
OVER_BUDGET_DURING_READ = "over_budget_during_read"  # stopped at the read that crossed max_usd
NOT_RUN = "not_run"  # nothing read
STATUSES = (COMPLETE, PARTIAL, OVER_BUDGET, OVER_BUDGET_DURING_READ, NOT_RUN)

# Why a read is not complete: its wall, its budget, its key, its split or its model.
TIME_BUDGET = "time_budget"
MAX_USD, MAX_READS = "max_usd", "max_reads"
REUSE_ONLY_CRITERION_UNKNOWN = "reuse_only_criterion_unknown"
DECOMPOSITION_INCOMPLETE = "decomposition_incomplete"
ORDINARY_CONSTRAINT_NOT_BOUND = "ordinary_constraint_not_bound"
PROVIDER_REFUSED = "provider_refused"  # the model refused every read of the call with one error
STATUS_REASONS = (
    *(TIME_BUDGET, SPEND_CAP, MODEL_UNAVAILABLE, MAX_USD, MAX_READS),
    *(REUSE_ONLY_CRITERION_UNKNOWN, DECOMPOSITION_INCOMPLETE, DECOMPOSITION_FAILED),
    *(DECOMPOSITION_TIMEOUT, ORDINARY_CONSTRAINT_NOT_BOUND, PROVIDER_REFUSED),
)
