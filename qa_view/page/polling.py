"""How often the page asks whether a run has its first line: fast while the run is young.

Most answers from stored judgments come back within a second or two, so a fixed 2 s poll made the
visitor wait up to 2 s for a line already written. The page polls every 250 ms for the first
3 seconds of a run, every 500 ms up to 15 seconds, then every 2 s while a long read goes on (its
"Reading 120 profiles — 45 done" changes slowly). Each poll's reply carries the next interval.
"""

from __future__ import annotations

import math
from datetime import datetime

from django.utils import timezone

# (age of the run in seconds, up to which this interval holds)
SCHEDULE: tuple[tuple[float, str], ...] = ((3.0, "250ms"), (15.0, "500ms"), (math.inf, "2s"))


def poll_every(since: datetime | None, *, now: datetime | None = None) -> str:
    """The interval of the next poll of a run created or started at `since`."""
    if since is None:
        return SCHEDULE[0][1]
    age = ((now or timezone.now()) - since).total_seconds()
    return next(interval for up_to, interval in SCHEDULE if age < up_to)
