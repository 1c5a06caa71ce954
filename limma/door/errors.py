"""The refusals a model call can end in, in limma.errors' one hierarchy and shape.

Each carries the role, and what a caller needs to act: the cause of a failed call, the faults
of an invalid reply. Reasons are constants so tests and pages can rely on them; the provider's
own message stays in the ledger row and the exception's `message`, out of the API's detail.
"""

from __future__ import annotations

from limma.door.providers.base import CAUSES
from limma.errors import ApplicationError, ServiceUnavailable

CALL_FAILED_REASONS = {
    "timeout": "the model did not answer in time",
    "rate_limited": "the model's endpoint kept refusing calls as too many",
    "server_error": "the model's endpoint failed",
    "connection": "the model's endpoint could not be reached",
    "refused_by_provider": "the model's endpoint refused the call",
    "context_exceeded": "the request is longer than the model's context",
    "no_scripted_reply": "no scripted reply matches this request",
}
MODEL_UNAVAILABLE_REASON = "no model can answer this role in this deployment"
SPEND_SWITCH_REASON = "the spend switch is on: every paid model call is refused"
REPLY_INVALID_REASON = "the model's reply did not validate and was not used"
MAX_FAULTS = 20


class ModelUnavailable(ServiceUnavailable):
    """The configured provider cannot answer this role (nothing was sent)."""

    type = "model_unavailable"

    def __init__(self, *, role: str, provider: str) -> None:
        self.role = role
        super().__init__(role=role, provider=provider, reason=MODEL_UNAVAILABLE_REASON)


class SpendSwitchOff(ServiceUnavailable):
    """The spend switch refused a paid call before it was sent."""

    type = "spend_switch_off"

    def __init__(self, *, role: str) -> None:
        self.role = role
        super().__init__(role=role, reason=SPEND_SWITCH_REASON)


class CeilingReached(ApplicationError):
    """A paid call was refused before it was sent: its price at most does not fit under a
    ceiling its spend guard holds (the type names which ceiling)."""

    status = 402
    type = "ceiling_reached"


class ModelCallFailed(ApplicationError):
    """A sent call came back with no reply: timed out, refused, failed, or nothing scripted."""

    status = 502
    type = "model_call_failed"

    def __init__(self, *, role: str, cause: str, message: str = "") -> None:
        if cause not in CAUSES:
            raise ValueError(f"unknown model call failure cause {cause!r}")
        self.role = role
        self.cause = cause
        self.message = message
        super().__init__(role=role, cause=cause, reason=CALL_FAILED_REASONS[cause])


class ModelReplyInvalid(ApplicationError):
    """The model answered, and its reply did not validate against the role's reply shape."""

    status = 502
    type = "model_reply_invalid"

    def __init__(self, *, role: str, faults: list[str]) -> None:
        self.role = role
        self.faults = faults[:MAX_FAULTS]
        super().__init__(role=role, faults=self.faults, reason=REPLY_INVALID_REASON)
