"""Every paid call's reply is bounded by its hold: the provider asks for at most the reply tokens
the call was priced at, and a model that bills more anyway is charged no more than the hold."""

from __future__ import annotations

import json
from decimal import Decimal
from typing import Any

import pytest

from limma import door
from limma.models import LedgerEntry
from qa_view.models import SpendHold
from qa_view.page.ceilings import visitor_spent_usd
from qa_view.page.visitors import visitor_create
from tests.factories import make_workspace
from tests.limma.door.conftest import FakeOpenAI, completion
from tests.limma.door.roles_doc import NAMES, doc_sections

pytestmark = pytest.mark.django_db

NOBODY = door.CallContext(workspace_id=None, api_key_id=None)
SECOND_CALL_REQUEST = json.loads(doc_sections()["second_call"][0])
SECOND_CALL_REPLY = json.loads(doc_sections()["second_call"][1])
AGENT_REQUEST = json.loads(doc_sections()["agent"][0])
# $1 per thousand reply tokens, nothing for the prompt: a call's price is its reply's.
PRICED = {"MODEL": "priced", "PRICES": {"priced": {"in": "0", "out": "1000"}}}


def answer_in_role_shape(fake: FakeOpenAI, role: str, reply: dict[str, Any], **usage: int) -> None:
    """The fake answers `reply` the way an endpoint carries it for the role (the agent's tool
    calls as the message's tool_calls)."""
    if role != "agent":
        fake.answer(reply, **usage)
        return
    calls = [
        {
            "id": call["id"],
            "type": "function",
            "function": {"name": call["name"], "arguments": json.dumps(call["arguments"])},
        }
        for call in reply["tool_calls"]
    ]
    fake.reply(200, completion(reply["content"], tool_calls=calls or None, **usage))


class RecordingGuard:
    """A spend guard that holds whatever it is asked to and remembers it."""

    def __init__(self, reply_tokens: int) -> None:
        self.reply_tokens = reply_tokens
        self.held: list[Decimal] = []

    def reserve(self, usd: Decimal) -> Decimal:
        self.held.append(usd)
        return usd

    def release(self, hold: object) -> None:
        return


@pytest.mark.parametrize("role", NAMES)
def test_every_role_asks_for_at_most_the_reply_tokens_it_is_priced_at(
    settings, openai_settings, fake_openai, role
):
    settings.LIMMA = {**openai_settings, "REPLY_TOKENS": 300}
    request, reply = (json.loads(block) for block in doc_sections()[role][:2])
    answer_in_role_shape(fake_openai, role, reply, tokens_in=100, tokens_out=300)

    door.call(role, request, context=NOBODY)

    (sent,) = fake_openai.requests
    assert sent["json"]["max_tokens"] == 300
    row = LedgerEntry.objects.get()
    assert (row.role, row.outcome, row.tokens_out, row.over_hold) == (role, "ok", 300, False)


def test_a_visitors_call_asks_for_the_reply_tokens_its_hold_priced(
    settings, openai_settings, fake_openai
):
    settings.LIMMA = {**openai_settings, **PRICED, "REPLY_TOKENS": 300}
    guard = RecordingGuard(reply_tokens=1_000)
    fake_openai.answer(SECOND_CALL_REPLY, tokens_in=100, tokens_out=1_000)

    door.call(
        "second_call", SECOND_CALL_REQUEST, context=door.CallContext(None, None, spend_guard=guard)
    )

    assert fake_openai.requests[0]["json"]["max_tokens"] == 1_000
    row = LedgerEntry.objects.get()
    assert guard.held == [Decimal("1.000000")]  # 1,000 reply tokens at $1 a thousand
    assert (row.usd, row.over_hold) == (Decimal("1.000000"), False)


@pytest.mark.parametrize(
    ("tokens_out", "over"),
    [
        pytest.param(50_000, True, id="fifty_times_the_hold"),
        pytest.param(1_001, True, id="one_token_past"),
        pytest.param(1_000, False, id="exactly_the_hold"),
        pytest.param(999, False, id="under_the_hold"),
    ],
)
def test_a_reply_billed_past_its_hold_is_priced_at_its_bound_and_marked_over(
    settings, openai_settings, fake_openai, tokens_out, over
):
    settings.LIMMA = {**openai_settings, **PRICED}
    guard = RecordingGuard(reply_tokens=1_000)
    fake_openai.answer(SECOND_CALL_REPLY, tokens_in=0, tokens_out=tokens_out)

    door.call(
        "second_call", SECOND_CALL_REQUEST, context=door.CallContext(None, None, spend_guard=guard)
    )

    row = LedgerEntry.objects.get()
    (held,) = guard.held
    assert row.tokens_out == tokens_out  # what the model reported stays on record
    assert row.over_hold is over
    assert row.usd == min(held, Decimal(tokens_out) / 1000)
    assert row.usd <= held


def test_a_reply_billed_past_its_hold_without_a_visitor_is_priced_at_its_bound_too(
    settings, openai_settings, fake_openai
):
    settings.LIMMA = {**openai_settings, **PRICED, "REPLY_TOKENS": 500}
    fake_openai.answer(SECOND_CALL_REPLY, tokens_in=0, tokens_out=50_000)

    door.call("second_call", SECOND_CALL_REQUEST, context=NOBODY)

    row = LedgerEntry.objects.get()
    assert (row.usd, row.over_hold, row.tokens_out) == (Decimal("0.500000"), True, 50_000)


def test_an_invalid_reply_billed_past_its_bound_is_priced_at_it_too(
    settings, openai_settings, fake_openai
):
    settings.LIMMA = {**openai_settings, **PRICED, "REPLY_TOKENS": 500}
    fake_openai.answer("not JSON at all", tokens_in=0, tokens_out=50_000)

    with pytest.raises(door.ModelReplyInvalid):
        door.call("second_call", SECOND_CALL_REQUEST, context=NOBODY)

    row = LedgerEntry.objects.get()
    assert (row.outcome, row.usd, row.over_hold) == ("invalid_reply", Decimal("0.500000"), True)


def test_a_visitor_at_one_dollar_cannot_be_billed_fifty(settings, openai_settings, fake_openai):
    # The audit's case: a $1.00 ceiling, and one agent call billed 50,000 reply tokens.
    settings.LIMMA = {**openai_settings, **PRICED}
    settings.LIMMA_QA_REPLY_TOKENS = 800
    visitor, _ = visitor_create(
        workspace=make_workspace(), name="Ada Lovelace", ceiling_usd=Decimal("1.00")
    )
    answer_in_role_shape(
        fake_openai, "agent", {"content": "Nobody fits.", "tool_calls": []}, tokens_out=50_000
    )

    with door.calls_for_visitor(visitor.ledger_name):
        door.call("agent", AGENT_REQUEST, context=NOBODY)

    assert fake_openai.requests[0]["json"]["max_tokens"] == 800
    row = LedgerEntry.objects.get()
    assert row.over_hold is True
    assert row.usd <= Decimal("1.00")
    assert visitor_spent_usd(visitor) <= visitor.ceiling_usd
    assert not SpendHold.objects.exists()


@pytest.mark.parametrize(
    ("tokens_out", "over"),
    [pytest.param(11, True, id="past_the_bound"), pytest.param(10, False, id="at_the_bound")],
)
def test_a_stand_in_reply_past_its_bound_is_marked_over_and_costs_nothing(
    settings, tokens_out, over
):
    settings.LIMMA = {"PROVIDER": "offline", "REPLY_TOKENS": 10}
    entries = [{"reply": SECOND_CALL_REPLY, "usage": {"in": 5, "out": tokens_out}}]
    with door.scripted_replies("second_call", entries):
        door.call("second_call", SECOND_CALL_REQUEST, context=NOBODY)

    row = LedgerEntry.objects.get()
    assert (row.provider, row.usd, row.over_hold) == ("scripted", Decimal(0), over)


def test_the_offline_rules_answer_within_the_bound(settings):
    settings.LIMMA = {"PROVIDER": "offline", "REPLY_TOKENS": 1}

    door.call("second_call", SECOND_CALL_REQUEST, context=NOBODY)

    row = LedgerEntry.objects.get()
    assert (row.provider, row.outcome, row.usd, row.over_hold) == ("offline", "ok", 0, False)
