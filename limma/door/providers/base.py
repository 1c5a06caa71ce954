"""What a provider is to the door: a name, whether it spends, which roles it answers, a reply.

A provider neither validates replies nor writes the ledger: the door does both, the same for
every provider. A sent call that gets no reply raises ProviderFailure with a cause from CAUSES.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol, runtime_checkable

if TYPE_CHECKING:
    from pydantic import BaseModel

    from limma.door.roles import RoleSpec

# Why a sent call failed. "timeout" is recorded in the ledger as outcome timeout, the rest as
# failed.
CAUSES = (
    "timeout",
    "rate_limited",
    "server_error",
    "connection",
    "refused_by_provider",
    "context_exceeded",
    "no_scripted_reply",
)


@dataclass(frozen=True)
class ProviderReply:
    """The reply's text, unvalidated, and the tokens the call was billed for."""

    content: str
    tokens_in: int = 0
    tokens_out: int = 0
    # The endpoint stopped the reply at its token limit (finish_reason "length"): a reply that
    # then fails validation says so among its faults.
    cut_short: bool = False


class ProviderFailure(Exception):
    """A sent call that got no reply; the door records it and raises ModelCallFailed."""

    def __init__(self, cause: str, message: str = "") -> None:
        if cause not in CAUSES:
            raise ValueError(f"unknown provider failure cause {cause!r}")
        self.cause = cause
        self.message = message
        super().__init__(f"{cause}: {message}" if message else cause)


@runtime_checkable
class Provider(Protocol):
    # Recorded in the ledger's provider column (at most 16 characters).
    name: str
    # A paid provider's calls are priced from the price table and refused by the spend switch.
    paid: bool

    def available(self, role: str) -> bool:
        """Whether this provider can answer the role; the door sends nothing when it cannot."""
        ...

    def complete(
        self,
        *,
        spec: RoleSpec,
        request: BaseModel,
        model: str,
        timeout: float,
        max_retries: int,
        max_tokens: int,
    ) -> ProviderReply:
        """Answer one validated request in at most `max_tokens` reply tokens (a stand-in may
        ignore the bound); raise ProviderFailure when no reply came."""
        ...
