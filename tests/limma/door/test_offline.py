"""The offline provider: a role answers only when it has registered rules, and spends nothing."""

from __future__ import annotations

from decimal import Decimal

import pytest

from limma import door
from limma.door.providers import OFFLINE_HANDLERS, offline_handler
from limma.door.shapes import TypingRequest
from limma.models import LedgerEntry

pytestmark = pytest.mark.django_db

CONTEXT = door.CallContext(workspace_id=None, api_key_id=None, visitor="v9")
TYPING = {
    "sentences": ["She ran the brand team."],
    "axis": "function",
    "terms": ["Marketing", "Sales"],
}


@pytest.fixture
def offline(settings, monkeypatch):
    """The offline provider with no rules for typing_call, whatever the apps registered."""
    settings.LIMMA = {"PROVIDER": "offline"}
    monkeypatch.delitem(OFFLINE_HANDLERS, "typing_call", raising=False)


def test_a_role_without_rules_is_unavailable_and_refused(offline):
    assert not door.available("typing_call")

    with pytest.raises(door.ModelUnavailable) as raised:
        door.call("typing_call", TYPING, context=CONTEXT)

    assert raised.value.detail()["type"] == "model_unavailable"
    assert raised.value.status == 503
    row = LedgerEntry.objects.get()
    assert (row.outcome, row.error, row.provider, row.model) == (
        "refused",
        "model_unavailable",
        "offline",
        "offline",
    )


def test_registered_rules_answer_for_free(offline):
    @offline_handler("typing_call")
    def type_by_words(request: TypingRequest) -> dict:
        term = next((t for t in request.terms if "brand" in request.sentences[0]), None)
        return {"term": term, "words": "ran the brand team" if term else None}

    try:
        assert door.available("typing_call")
        reply = door.call("typing_call", TYPING, context=CONTEXT)
    finally:
        OFFLINE_HANDLERS.pop("typing_call")

    assert (reply.term, reply.words) == ("Marketing", "ran the brand team")
    row = LedgerEntry.objects.get()
    assert (row.outcome, row.usd, row.tokens_in, row.tokens_out, row.visitor) == (
        "ok",
        Decimal(0),
        0,
        0,
        "v9",
    )


def test_a_role_is_given_rules_once(offline):
    @offline_handler("typing_call")
    def first(request: TypingRequest) -> dict:
        return {"term": None, "words": None}

    try:
        with pytest.raises(ValueError, match="already has rules"):
            offline_handler("typing_call")(lambda request: {})
    finally:
        OFFLINE_HANDLERS.pop("typing_call")


def test_rules_for_an_unknown_role_are_refused():
    with pytest.raises(ValueError, match="no model role"):
        offline_handler("summariser")
