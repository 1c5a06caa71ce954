"""idea_budget {max_calls, max_seconds}: what one question may spend sorting labels."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from limma.errors import InvalidRequest

DEFAULT_MAX_CALLS = 20
MAX_MAX_CALLS = 200
DEFAULT_MAX_SECONDS = 30.0
MAX_MAX_SECONDS = 600.0
LABELS_PER_CALL = 25
BUDGET_FIELDS = {"max_calls", "max_seconds"}
BUDGET_INVALID = (
    "idea_budget is {max_calls: 0-200 (default 20), max_seconds: a number of seconds, 0-600}."
)


@dataclass(frozen=True)
class IdeaBudget:
    max_calls: int = DEFAULT_MAX_CALLS
    max_seconds: float = DEFAULT_MAX_SECONDS


def budget_check(raw: dict[str, Any] | None) -> IdeaBudget:
    """The budget as sent, each fault named; a missing field takes its default."""
    raw = raw or {}
    faults = [f"{name}:unknown" for name in sorted(set(raw) - BUDGET_FIELDS)]
    calls = raw.get("max_calls", DEFAULT_MAX_CALLS)
    seconds = raw.get("max_seconds", DEFAULT_MAX_SECONDS)
    if isinstance(calls, bool) or not isinstance(calls, int) or not 0 <= calls <= MAX_MAX_CALLS:
        faults.append("max_calls:out_of_range")
    if (
        isinstance(seconds, bool)
        or not isinstance(seconds, int | float)
        or not 0 <= seconds <= MAX_MAX_SECONDS
    ):
        faults.append("max_seconds:out_of_range")
    if faults:
        raise InvalidRequest("idea_budget_invalid", faults=faults, reason=BUDGET_INVALID)
    return IdeaBudget(max_calls=calls, max_seconds=float(seconds))
