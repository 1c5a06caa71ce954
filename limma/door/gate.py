"""The model door: the one way any part of Limma calls a model.

`call(role, request, context=...)` validates the request against the role's shape, refuses a
paid call while the spend switch is on and a role the provider cannot answer (before anything is
sent), sends the call, validates the reply, and writes exactly one ledger row whatever happens
(ok, invalid_reply, failed, timeout or refused). A reply that does not validate is never
returned, not even in part: the call raises ModelReplyInvalid, and the tokens it cost are still
billed.

Do not call a model inside a transaction.atomic block that could roll back: the ledger row is
written with the call, and a rollback would erase spend that really happened. Call the model
first, then write what it said in a short transaction of its own.

Every call's reply is bounded: the provider is asked for at most the reply tokens the call is
priced at (max_tokens: a visitor's spend guard's, else LIMMA_REPLY_TOKENS), and a reply that
reports more is priced at that bound and recorded as over its hold (LedgerEntry.over_hold), so
no reply carries spend past a ceiling.

A call made inside `calls_for_visitor(visitor)` is that visitor's: the ledger row names them and
a paid call is held under their ceilings (LIMMA_SPEND_GUARD) before it is sent — the agent's
calls and every call its searches cause (the brief, the split, the reads, in the request or in a
worker that was handed the visitor's name with the read).
"""

from __future__ import annotations

import json
import logging
import time
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field, replace
from decimal import Decimal
from typing import TYPE_CHECKING, Any, Protocol

from pydantic import BaseModel, ValidationError

from limma import one_row
from limma.conf import limma_settings
from limma.door.errors import ModelCallFailed, ModelReplyInvalid, ModelUnavailable, SpendSwitchOff
from limma.door.providers import ProviderFailure, current_provider
from limma.door.roles import ROLES, RoleSpec
from limma.door.shapes import AgentRequest
from limma.errors import ApplicationError

if TYPE_CHECKING:
    from limma.conf import LimmaSettings
    from limma.door.providers import Provider, ProviderReply

logger = logging.getLogger(__name__)

ERROR_LIMIT = 500  # LedgerEntry.error's max_length
CUT_SHORT = "reply:cut_at_the_token_limit"


class SpendGuard(Protocol):
    """Holds a paid call's price before it is sent, atomically against a ceiling: reserve
    raises the ceiling's refusal (an ApplicationError) when the price does not fit."""

    reply_tokens: int  # the reply's tokens a call is priced at before it is sent

    def reserve(self, usd: Decimal) -> object: ...

    def release(self, hold: object) -> None: ...


@dataclass(frozen=True)
class CallContext:
    """Who a call is made for, as the ledger records it (and spend ceilings read it)."""

    workspace_id: str | None
    api_key_id: int | None
    visitor: str = ""
    request_id: str = ""
    spend_guard: SpendGuard | None = None


# The visitor every call inside calls_for_visitor() is made for ("": nobody's).
_visitor: ContextVar[str] = ContextVar("limma_door_visitor", default="")


@contextmanager
def calls_for_visitor(visitor: str) -> Iterator[None]:
    """Every call made inside the block is `visitor`'s (a ledger name; "" for nobody's): the
    calls a search makes build their context without knowing who asked."""
    token = _visitor.set(visitor)
    try:
        yield
    finally:
        _visitor.reset(token)


@dataclass
class Tally:
    """The ledger rows the calls inside calls_tallied() wrote, summed as they were written: a
    reader knows what its calls cost without reading the ledger back."""

    calls: int = 0
    usd: Decimal = Decimal(0)
    roles: dict[str, int] = field(default_factory=dict)


_tally: ContextVar[Tally | None] = ContextVar("limma_door_tally", default=None)


@contextmanager
def calls_tallied() -> Iterator[Tally]:
    """Every ledger row written by a call inside the block is added to the Tally yielded."""
    tally = Tally()
    token = _tally.set(tally)
    try:
        yield tally
    finally:
        _tally.reset(token)


def current_visitor() -> str:
    """Whose calls are made now: what a background read is handed, to be theirs too."""
    return _visitor.get()


def visitor_spend_guard(visitor: str) -> SpendGuard | None:
    """The guard a visitor's paid calls are held by: LIMMA_SPEND_GUARD, the dotted path of a
    callable from a visitor's ledger name to their SpendGuard (unset: calls are not held)."""
    from django.conf import settings as django_settings
    from django.utils.module_loading import import_string

    path = getattr(django_settings, "LIMMA_SPEND_GUARD", "")
    if not visitor or not path:
        return None
    return import_string(path)(visitor)


def context_of_call(context: CallContext) -> CallContext:
    """The context a call is made in: the visitor of calls_for_visitor() when it names none."""
    visitor = _visitor.get()
    if context.visitor or not visitor:
        return context
    return replace(context, visitor=visitor)


# A token of a JSON request is rarely shorter than three bytes (English runs about four), so a
# price from the size of the messages sent is a cautious bound of what the call is billed.
BYTES_PER_TOKEN_AT_LEAST = 3


def call_bound_usd(
    ledger: _Ledger, spec: RoleSpec, request: BaseModel, reply_tokens: int
) -> Decimal:
    """What one call can cost at most: what it sends (the role's prompt, the request, and the
    agent's tools or another role's reply schema) and the reply's tokens, priced. The ledger
    prices the call at no more."""
    offered = (
        [tool.model_dump(mode="json") for tool in request.tools]
        if isinstance(request, AgentRequest)
        else spec.json_schema()
    )
    sent = json.dumps([spec.build_messages(request), offered], ensure_ascii=False).encode()
    tokens_in = len(sent) // BYTES_PER_TOKEN_AT_LEAST + 1
    return ledger.settings.price_for(ledger.model).cost(tokens_in, reply_tokens)


@dataclass(frozen=True)
class _Ledger:
    """Writes the one ledger row of one call."""

    role: str
    provider: Provider
    model: str
    context: CallContext
    settings: LimmaSettings
    # The reply tokens the call may use (sent as max_tokens, priced in its hold): the ledger
    # prices no more reply tokens than these.
    reply_tokens: int = 0

    def write(
        self,
        outcome: str,
        *,
        reply: ProviderReply | None = None,
        seconds: float = 0.0,
        error: str = "",
    ) -> None:
        # Imported here: limma.conf imports limma.door.roles while settings load, before the
        # app registry is ready, and that import must not reach the models.
        from limma.models.ledger import LedgerEntry

        tokens_in = reply.tokens_in if reply else 0
        tokens_out = reply.tokens_out if reply else 0
        # A reply past its max_tokens is priced at the tokens it was allowed: at most its hold.
        over_hold = tokens_out > self.reply_tokens
        if over_hold:
            logger.warning(
                "model call %s reported %d reply tokens, past its bound of %d: priced at the bound",
                self.role,
                tokens_out,
                self.reply_tokens,
            )
        usd = (
            self.settings.price_for(self.model).cost(tokens_in, min(tokens_out, self.reply_tokens))
            if self.provider.paid
            else Decimal(0)
        )
        # One row a call: written from its values, no instance made (limma/one_row.py).
        one_row.row_insert(
            LedgerEntry,
            {
                "role": self.role,
                "provider": self.provider.name,
                "model": self.model,
                "tokens_in": tokens_in,
                "tokens_out": tokens_out,
                "usd": usd,
                "over_hold": over_hold,
                "seconds": seconds,
                "outcome": outcome,
                "error": error[:ERROR_LIMIT],
                "workspace_id": self.context.workspace_id,
                "api_key_id": self.context.api_key_id,
                "visitor": self.context.visitor,
                "request_id": self.context.request_id,
            },
        )
        if (tally := _tally.get()) is not None:
            tally.calls += 1
            tally.usd += usd
            tally.roles[self.role] = tally.roles.get(self.role, 0) + 1


def role_spec(role: str) -> RoleSpec:
    try:
        return ROLES[role]
    except KeyError:
        raise ValueError(f"no model role named {role!r}") from None


def validated_request(spec: RoleSpec, request: dict[str, Any] | BaseModel) -> BaseModel:
    """The request as the role's request model; anything else is a programming error."""
    if isinstance(request, spec.request_model):
        return request
    if isinstance(request, BaseModel):
        expected, given = spec.request_model.__name__, type(request).__name__
        raise ValueError(f"a {spec.name} request is a {expected}, not {given}")
    try:
        return spec.request_model.model_validate(request)
    except ValidationError as error:
        raise ValueError(
            f"not a valid {spec.name} request: {'; '.join(faults(error, 'request'))}"
        ) from error


def faults(error: ValidationError, root: str = "reply") -> list[str]:
    """Pydantic's errors as `path:type` faults, e.g. `parts[0].part_id:missing`.

    An error about the whole value (not JSON, not an object) is named after `root`.
    """
    found = []
    for item in error.errors():
        path = ""
        for part in item["loc"]:
            path += f"[{part}]" if isinstance(part, int) else (f".{part}" if path else str(part))
        found.append(f"{path or root}:{item['type']}")
    return found


def model_for(provider: Provider, role: str, settings: LimmaSettings) -> str:
    """The routed model; an unpaid provider is named as itself ("offline", ...) unless routed."""
    if provider.paid:
        return settings.model_for(role)
    return settings.model_routes.get(role, provider.name)


def refusal(
    provider: Provider, role: str, settings: LimmaSettings
) -> ModelUnavailable | SpendSwitchOff | None:
    """Why a call of this role would be refused before sending, or None."""
    if provider.paid and settings.spend_off:
        return SpendSwitchOff(role=role)
    if not provider.available(role):
        return ModelUnavailable(role=role, provider=provider.name)
    return None


def available(role: str) -> bool:
    """Whether a call of `role` would be sent now (a known role, a provider for it, spend on)."""
    if role not in ROLES:
        return False
    settings = limma_settings()
    return refusal(current_provider(settings), role, settings) is None


def _send(ledger: _Ledger, spec: RoleSpec, request: BaseModel) -> tuple[ProviderReply, float]:
    started = time.monotonic()
    try:
        reply = ledger.provider.complete(
            spec=spec,
            request=request,
            model=ledger.model,
            timeout=ledger.settings.timeout_seconds,
            max_retries=ledger.settings.max_retries,
            max_tokens=ledger.reply_tokens,
        )
    except ProviderFailure as failure:
        outcome = "timeout" if failure.cause == "timeout" else "failed"
        ledger.write(outcome, seconds=time.monotonic() - started, error=str(failure))
        logger.warning("model call %s failed: %s", spec.name, failure)
        raise ModelCallFailed(
            role=spec.name, cause=failure.cause, message=failure.message
        ) from failure
    except Exception as error:
        # A bug in a provider: still one ledger row for the call, then the error as it is.
        ledger.write(
            "failed", seconds=time.monotonic() - started, error=f"{type(error).__name__}: {error}"
        )
        raise
    return reply, time.monotonic() - started


def call(role: str, request: dict[str, Any] | BaseModel, *, context: CallContext) -> BaseModel:
    """Send one request of `role` to the configured model and return its validated reply.

    Raises ValueError for an unknown role or a request not in the role's shape (nothing is sent
    or recorded); SpendSwitchOff, ModelUnavailable, or CeilingReached from the context's spend
    guard (or its visitor's) when a paid call's price at most does not fit under a ceiling
    (refused, nothing sent);
    ModelCallFailed (no reply, with its cause); ModelReplyInvalid (a reply that did not
    validate, with its faults).
    """
    spec = role_spec(role)
    valid_request = validated_request(spec, request)
    context = context_of_call(context)
    settings = limma_settings()
    provider = current_provider(settings)
    ledger = _Ledger(role, provider, model_for(provider, role, settings), context, settings)
    refused = refusal(provider, role, settings)
    if refused is not None:
        ledger.write("refused", error=refused.type)
        raise refused
    guard = (context.spend_guard or visitor_spend_guard(context.visitor)) if provider.paid else None
    reply_tokens = guard.reply_tokens if guard is not None else settings.reply_tokens
    ledger = replace(ledger, reply_tokens=reply_tokens)
    hold = None
    if guard is not None:
        try:
            hold = guard.reserve(call_bound_usd(ledger, spec, valid_request, reply_tokens))
        except ApplicationError as over:
            ledger.write("refused", error=over.type)
            raise
    try:
        return _validated(ledger, spec, valid_request)
    finally:
        if guard is not None:
            guard.release(hold)  # the ledger row is written: it holds the spend from now on


def _validated(ledger: _Ledger, spec: RoleSpec, request: BaseModel) -> BaseModel:
    reply, seconds = _send(ledger, spec, request)
    try:
        validated = spec.reply_model.model_validate_json(reply.content)
    except ValidationError as error:
        found = [CUT_SHORT] * reply.cut_short + faults(error)
        ledger.write("invalid_reply", reply=reply, seconds=seconds, error="; ".join(found))
        logger.warning("model call %s replied in the wrong shape: %s", spec.name, found[:5])
        raise ModelReplyInvalid(role=spec.name, faults=found) from error
    ledger.write("ok", reply=reply, seconds=seconds)
    return validated
