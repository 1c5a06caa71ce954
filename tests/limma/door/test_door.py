"""The door itself, over a stand-in provider: requests, pricing, routing, and one row per call."""

from __future__ import annotations

from dataclasses import dataclass, field
from decimal import Decimal

import pytest
from pydantic import BaseModel, ValidationError

from limma import door
from limma.door.providers import ProviderFailure, ProviderReply
from limma.door.roles import RoleSpec
from limma.door.shapes import SecondCallRequest, TypingRequest
from limma.models import LedgerEntry
from tests.factories import make_key, make_workspace

pytestmark = pytest.mark.django_db

CONTEXT = door.CallContext(workspace_id=None, api_key_id=None)
SECOND_CALL = {
    "person": None,
    "sentences": ["She led sales."],
    "conditions": [{"key": "function", "condition": "led sales", "quote": "She led sales."}],
}


@dataclass
class StandIn:
    """A provider answering every role with one reply, or one failure, and noting what it got."""

    content: str = '{"answers": [{"key": "function", "answer": "yes", "role": "own_work"}]}'
    failure: Exception | None = None
    name: str = "standin"
    paid: bool = True
    tokens: tuple[int, int] = (10_000, 1_000)
    seen: list[tuple[str, BaseModel, str]] = field(default_factory=list)

    def available(self, role: str) -> bool:
        return True

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
        self.seen.append((spec.name, request, model))
        if self.failure is not None:
            raise self.failure
        return ProviderReply(self.content, *self.tokens)


@pytest.fixture
def stand_in(settings):
    settings.LIMMA = {"PROVIDER": "offline", "MODEL": "gpt-4o"}
    provider = StandIn()
    with door.use_provider(provider):
        yield provider


def test_an_unknown_role_or_a_bad_request_is_a_programming_error(stand_in):
    without_quote = {**SECOND_CALL, "conditions": [{"key": "function", "condition": "led sales"}]}
    with pytest.raises(ValueError, match="no model role"):
        door.call("summariser", {}, context=CONTEXT)
    missing = r"not a valid second_call request: conditions\[0\]\.quote:missing"
    with pytest.raises(ValueError, match=missing):
        door.call("second_call", without_quote, context=CONTEXT)
    with pytest.raises(ValueError, match="extra_forbidden"):
        door.call("second_call", {**SECOND_CALL, "mood": "good"}, context=CONTEXT)
    with pytest.raises(ValueError, match="is a SecondCallRequest, not TypingRequest"):
        door.call("second_call", TypingRequest(sentences=[], axis="a", terms=[]), context=CONTEXT)
    assert stand_in.seen == []
    assert not LedgerEntry.objects.exists()


def test_a_request_model_is_sent_as_it_is(stand_in):
    request = SecondCallRequest(**SECOND_CALL)

    door.call("second_call", request, context=CONTEXT)

    assert stand_in.seen == [("second_call", request, "gpt-4o")]


def test_a_paid_call_is_priced_by_its_routed_model(settings, stand_in):
    settings.LIMMA = {
        "PROVIDER": "offline",
        "MODEL": "gpt-4o",
        "MODEL_ROUTES": {"second_call": "local-model"},
        "PRICES": {"local-model": {"in": "1", "out": "2"}},
    }

    door.call("second_call", SECOND_CALL, context=CONTEXT)

    row = LedgerEntry.objects.get()
    assert (row.provider, row.model) == ("standin", "local-model")
    assert row.usd == Decimal("0.012000")  # 10k in at $1/M + 1k out at $2/M


def test_an_unpaid_provider_spends_nothing_and_answers_as_itself(settings):
    settings.LIMMA = {"PROVIDER": "offline", "SPEND_OFF": True}
    with door.use_provider(StandIn(paid=False)):
        door.call("second_call", SECOND_CALL, context=CONTEXT)
    row = LedgerEntry.objects.get()
    assert (row.outcome, row.model, row.tokens_in, row.usd) == ("ok", "standin", 10_000, Decimal(0))


def test_the_call_is_recorded_for_its_workspace_key_visitor_and_request(stand_in):
    workspace = make_workspace()
    key, _ = make_key(workspace)
    context = door.CallContext(workspace.id, key.id, visitor="visitor-1", request_id="req_abc")

    door.call("second_call", SECOND_CALL, context=context)

    row = LedgerEntry.objects.get()
    assert (row.workspace_id, row.api_key_id, row.visitor, row.request_id) == (
        workspace.id,
        key.id,
        "visitor-1",
        "req_abc",
    )


def test_a_long_failure_message_is_cut_to_the_ledger_field(stand_in):
    stand_in.failure = ProviderFailure("server_error", "x" * 2000)

    with pytest.raises(door.ModelCallFailed):
        door.call("second_call", SECOND_CALL, context=CONTEXT)

    assert len(LedgerEntry.objects.get().error) == 500


def test_a_provider_bug_is_still_recorded_and_raised_as_it_is(stand_in):
    stand_in.failure = KeyError("choices")

    with pytest.raises(KeyError):
        door.call("second_call", SECOND_CALL, context=CONTEXT)

    row = LedgerEntry.objects.get()
    assert (row.outcome, row.error) == ("failed", "KeyError: 'choices'")


def test_the_reply_returned_is_the_role_reply_model(stand_in):
    reply = door.call("second_call", SECOND_CALL, context=CONTEXT)

    assert type(reply) is door.ROLES["second_call"].reply_model
    with pytest.raises(ValidationError, match="frozen"):
        reply.answers = []
