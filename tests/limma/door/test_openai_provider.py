"""The door over the openai provider, against a fake endpoint: retries, timeouts, shapes, spend."""

from __future__ import annotations

import json
import socket
import threading
from decimal import Decimal

import pytest

from limma import door
from limma.door.roles import ROLES
from limma.models import LedgerEntry
from tests.limma.door.conftest import Scripted, completion

pytestmark = pytest.mark.django_db

CONTEXT = door.CallContext(workspace_id=None, api_key_id=None, visitor="v1", request_id="req_1")
SECOND_CALL = {
    "person": "Greta Ostrander",
    "sentences": ["She led marketing for baby formula."],
    "conditions": [
        {
            "key": "function",
            "condition": "led marketing",
            "quote": "She led marketing for baby formula.",
        }
    ],
}
YES = {"key": "function", "answer": "yes", "role": "own_work"}
GOOD = {"answers": [YES]}
READ = {
    "criterion": "led marketing for baby formula",
    "facets": [{"key": "function", "kind": "condition", "text": "led marketing"}],
    "person": None,
    "document": {"source_id": "s1", "kind": "profile", "text": "She led marketing."},
}
FAST_RETRY = {"retry-after-ms": "5"}


def only_row() -> LedgerEntry:
    rows = list(LedgerEntry.objects.all())
    assert len(rows) == 1
    return rows[0]


def test_a_good_reply_is_validated_and_billed_from_usage(openai_settings, fake_openai):
    fake_openai.answer(GOOD, tokens_in=1000, tokens_out=500)

    reply = door.call("second_call", SECOND_CALL, context=CONTEXT)

    (given,) = reply.answers
    assert (given.key, given.answer, given.role) == ("function", "yes", "own_work")
    row = only_row()
    assert (row.outcome, row.provider, row.model, row.role) == (
        "ok",
        "openai",
        "gpt-4.1-mini",
        "second_call",
    )
    assert (row.tokens_in, row.tokens_out) == (1000, 500)
    # gpt-4.1-mini: $0.40 in and $1.60 out per million tokens.
    assert row.usd == Decimal("0.001200")
    assert (row.visitor, row.request_id, row.error) == ("v1", "req_1", "")
    assert row.seconds > 0


def test_rate_limits_are_retried_by_the_client_itself(openai_settings, fake_openai):
    fake_openai.reply(429, {"error": {"message": "slow down"}}, FAST_RETRY)
    fake_openai.reply(429, {"error": {"message": "slow down"}}, FAST_RETRY)
    fake_openai.answer(GOOD)

    reply = door.call("second_call", SECOND_CALL, context=CONTEXT)

    assert reply.answers[0].answer == "yes"
    assert len(fake_openai.requests) == 3
    assert only_row().outcome == "ok"


def test_a_server_failing_every_time_is_a_failed_call(settings, openai_settings, fake_openai):
    settings.LIMMA = {**openai_settings, "MAX_RETRIES": 1}
    fake_openai.default = Scripted(500, {"error": {"message": "boom"}}, FAST_RETRY)

    with pytest.raises(door.ModelCallFailed) as raised:
        door.call("second_call", SECOND_CALL, context=CONTEXT)

    assert raised.value.cause == "server_error"
    assert raised.value.status == 502
    assert raised.value.detail()["type"] == "model_call_failed"
    assert len(fake_openai.requests) == 2
    row = only_row()
    assert row.outcome == "failed"
    assert row.error.startswith("server_error: status 500")
    assert (row.tokens_in, row.usd) == (0, Decimal(0))


def test_a_reply_held_past_the_timeout_is_a_timeout(settings, openai_settings, fake_openai):
    settings.LIMMA = {**openai_settings, "TIMEOUT_SECONDS": 0.5, "MAX_RETRIES": 0}
    fake_openai.reply(200, completion(json.dumps(GOOD)), hold=threading.Event())

    with pytest.raises(door.ModelCallFailed) as raised:
        door.call("second_call", SECOND_CALL, context=CONTEXT)

    assert raised.value.cause == "timeout"
    assert len(fake_openai.requests) == 1
    row = only_row()
    assert row.outcome == "timeout"
    assert row.seconds >= 0.5


@pytest.mark.parametrize(
    ("content", "fault"),
    [
        ("Sure! The answer is yes.", "reply:json_invalid"),
        (
            json.dumps({"answers": [{"key": "function", "answer": "yes"}]}),
            "answers[0].role:missing",
        ),
        (json.dumps({**GOOD, "confidence": 0.9}), "confidence:extra_forbidden"),
        (json.dumps({"answers": [{**YES, "answer": "maybe"}]}), "answers[0].answer:literal_error"),
    ],
    ids=["not_json", "missing_field", "extra_field", "value_outside_the_shape"],
)
def test_a_reply_in_the_wrong_shape_is_invalid_and_still_billed(
    openai_settings, fake_openai, content, fault
):
    fake_openai.answer(content, tokens_in=2000, tokens_out=0)

    with pytest.raises(door.ModelReplyInvalid) as raised:
        door.call("second_call", SECOND_CALL, context=CONTEXT)

    assert fault in raised.value.faults
    row = only_row()
    assert row.outcome == "invalid_reply"
    assert fault in row.error
    assert (row.tokens_in, row.usd) == (2000, Decimal("0.000800"))


def test_the_spend_switch_refuses_before_sending(settings, openai_settings, fake_openai):
    settings.LIMMA = {**openai_settings, "SPEND_OFF": True}

    assert not door.available("second_call")
    with pytest.raises(door.SpendSwitchOff) as raised:
        door.call("second_call", SECOND_CALL, context=CONTEXT)

    assert raised.value.status == 503
    assert fake_openai.requests == []
    row = only_row()
    assert (row.outcome, row.error, row.usd) == ("refused", "spend_switch_off", Decimal(0))


def test_a_routed_role_goes_to_its_own_model(settings, openai_settings, fake_openai):
    settings.LIMMA = {**openai_settings, "MODEL_ROUTES": {"reader": "model-b"}}
    fake_openai.answer({"subject": None, "experiences": [], "denials": []})
    fake_openai.answer(GOOD)

    door.call("reader", READ, context=CONTEXT)
    door.call("second_call", SECOND_CALL, context=CONTEXT)

    assert [request["json"]["model"] for request in fake_openai.requests] == [
        "model-b",
        "gpt-4.1-mini",
    ]
    models = dict(LedgerEntry.objects.values_list("role", "model"))
    assert models == {"reader": "model-b", "second_call": "gpt-4.1-mini"}


def test_a_role_asks_for_json_under_its_reply_schema(openai_settings, fake_openai):
    fake_openai.answer(GOOD)

    door.call("second_call", SECOND_CALL, context=CONTEXT)

    sent = fake_openai.requests[0]
    headers = {name.lower(): value for name, value in sent["headers"].items()}
    assert sent["path"] == "/v1/chat/completions"
    assert headers["authorization"] == "Bearer k"
    assert sent["json"]["response_format"] == {
        "type": "json_schema",
        "json_schema": {
            "name": "second_call",
            "schema": ROLES["second_call"].json_schema(),
            "strict": False,
        },
    }
    system, user = sent["json"]["messages"]
    assert system == {"role": "system", "content": ROLES["second_call"].system_prompt}
    assert json.loads(user["content"]) == SECOND_CALL


def test_the_agent_is_offered_tools_and_its_tool_calls_come_back(openai_settings, fake_openai):
    tool_call = {
        "id": "c1",
        "type": "function",
        "function": {"name": "facts", "arguments": '{"q": "x"}'},
    }
    fake_openai.reply(200, completion(None, tool_calls=[tool_call]))
    request = {
        "messages": [{"role": "user", "content": "who led marketing?"}],
        "tools": [{"name": "facts", "description": "read facts", "parameters": {"type": "object"}}],
    }

    reply = door.call("agent", request, context=CONTEXT)

    assert reply.content is None
    assert [(call.id, call.name, call.arguments) for call in reply.tool_calls] == [
        ("c1", "facts", {"q": "x"})
    ]
    sent = fake_openai.requests[0]["json"]
    assert "response_format" not in sent
    assert sent["tools"] == [
        {
            "type": "function",
            "function": {
                "name": "facts",
                "description": "read facts",
                "parameters": {"type": "object"},
            },
        }
    ]
    assert sent["messages"][1] == {"role": "user", "content": "who led marketing?"}


def test_tool_arguments_that_are_not_json_make_the_reply_invalid(openai_settings, fake_openai):
    tool_call = {"id": "c1", "type": "function", "function": {"name": "facts", "arguments": "{q:"}}
    fake_openai.reply(200, completion(None, tool_calls=[tool_call]))
    request = {"messages": [{"role": "user", "content": "hi"}], "tools": []}

    with pytest.raises(door.ModelReplyInvalid) as raised:
        door.call("agent", request, context=CONTEXT)

    assert "tool_calls[0].arguments:dict_type" in raised.value.faults


def test_a_client_error_is_refused_by_the_provider_with_its_status(openai_settings, fake_openai):
    fake_openai.reply(400, {"error": {"message": "unknown model"}})

    with pytest.raises(door.ModelCallFailed) as raised:
        door.call("second_call", SECOND_CALL, context=CONTEXT)

    assert raised.value.cause == "refused_by_provider"
    assert "status 400" in raised.value.message
    assert len(fake_openai.requests) == 1
    assert only_row().outcome == "failed"


def test_an_endpoint_nobody_listens_on_is_a_connection_failure(settings):
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    settings.LIMMA = {
        "PROVIDER": "openai",
        "BASE_URL": f"http://127.0.0.1:{port}/v1",
        "MAX_RETRIES": 0,
    }

    with pytest.raises(door.ModelCallFailed) as raised:
        door.call("second_call", SECOND_CALL, context=CONTEXT)

    assert raised.value.cause == "connection"
    assert only_row().outcome == "failed"


# What a real local server showed (llama-server, SmolLM2-135M-Instruct): tool calls written in
# the reply's text, in the form its chat template asks for, are read as tool calls.

SEARCH_TOOL = {
    "name": "limma_search",
    "description": "Search the directory.",
    "parameters": {"type": "object", "properties": {"brief": {"type": "string"}}},
}
ASKED = {"messages": [{"role": "user", "content": "who sells staplers?"}], "tools": [SEARCH_TOOL]}


@pytest.mark.parametrize(
    ("content", "said", "calls"),
    [
        (
            '<tool_call>\n{"name": "limma_search", "arguments": {"brief": "sells staplers"}}\n'
            "</tool_call>",
            None,
            [("limma_search", {"brief": "sells staplers"})],
        ),
        (
            'Let me look.\n<tool_call>{"name": "limma_search", "arguments": '
            '"{\\"brief\\": \\"staplers\\"}"}</tool_call>\n<tool_call>{"name": "limma_facts", '
            '"arguments": {}}</tool_call>',
            "Let me look.",
            [("limma_search", {"brief": "staplers"}), ("limma_facts", {})],
        ),
        (
            'I would call {"name": "limma_search"} but I will not.',
            'I would call {"name": "limma_search"} but I will not.',
            [],
        ),
    ],
    ids=["one_call_alone", "two_calls_after_text_arguments_as_a_string", "a_name_outside_a_block"],
)
def test_tool_calls_written_in_the_text_are_read_as_tool_calls(
    openai_settings, fake_openai, content, said, calls
):
    fake_openai.answer(content)

    reply = door.call("agent", ASKED, context=CONTEXT)

    assert reply.content == said
    assert [(call.name, call.arguments) for call in reply.tool_calls] == calls
    assert len({call.id for call in reply.tool_calls}) == len(calls)


@pytest.mark.parametrize(
    "block",
    ["{not json", '{"arguments": {"brief": "x"}}', '["limma_search"]'],
    ids=["not_json", "no_name", "not_an_object"],
)
def test_a_written_tool_call_that_is_not_a_named_object_makes_the_reply_invalid(
    openai_settings, fake_openai, block
):
    fake_openai.answer(f"<tool_call>{block}</tool_call>")

    with pytest.raises(door.ModelReplyInvalid) as raised:
        door.call("agent", ASKED, context=CONTEXT)

    assert "tool_calls[0].arguments:dict_type" in raised.value.faults
    assert only_row().outcome == "invalid_reply"


def test_structured_tool_calls_win_over_text_that_looks_like_one(openai_settings, fake_openai):
    tool_call = {
        "id": "c1",
        "type": "function",
        "function": {"name": "limma_facts", "arguments": "{}"},
    }
    written = '<tool_call>{"name": "limma_search", "arguments": {}}</tool_call>'
    fake_openai.reply(200, completion(written, tool_calls=[tool_call]))

    reply = door.call("agent", ASKED, context=CONTEXT)

    assert [call.name for call in reply.tool_calls] == ["limma_facts"]
    assert reply.content == written


def test_a_written_tool_call_is_read_only_for_the_agent(openai_settings, fake_openai):
    fake_openai.answer('<tool_call>{"name": "x", "arguments": {}}</tool_call>')

    with pytest.raises(door.ModelReplyInvalid) as raised:
        door.call("second_call", SECOND_CALL, context=CONTEXT)

    assert "reply:json_invalid" in raised.value.faults


@pytest.mark.parametrize(
    "error",
    [
        {
            "code": 400,
            "message": "request (9210 tokens) exceeds the available context size (8192 tokens), "
            "try increasing it",
            "type": "exceed_context_size_error",
            "n_prompt_tokens": 9210,
            "n_ctx": 8192,
        },
        {
            "message": "This model's maximum context length is 128000 tokens.",
            "type": "invalid_request_error",
            "code": "context_length_exceeded",
        },
    ],
    ids=["llama_server", "hosted_api"],
)
def test_a_request_past_the_models_context_is_named_so_and_not_retried(
    openai_settings, fake_openai, error
):
    fake_openai.reply(400, {"error": error})

    with pytest.raises(door.ModelCallFailed) as raised:
        door.call("second_call", SECOND_CALL, context=CONTEXT)

    assert raised.value.cause == "context_exceeded"
    assert raised.value.detail()["reason"] == "the request is longer than the model's context"
    assert len(fake_openai.requests) == 1
    row = only_row()
    assert (row.outcome, row.usd) == ("failed", Decimal(0))
    assert row.error.startswith("context_exceeded: status 400")


def test_another_bad_request_is_still_refused_by_the_provider(openai_settings, fake_openai):
    fake_openai.reply(
        400, {"error": {"code": 400, "message": "bad", "type": "invalid_request_error"}}
    )

    with pytest.raises(door.ModelCallFailed) as raised:
        door.call("second_call", SECOND_CALL, context=CONTEXT)

    assert raised.value.cause == "refused_by_provider"


def cut_at_the_limit(content: str) -> dict:
    body = completion(content, tokens_in=700, tokens_out=512)
    body["choices"][0]["finish_reason"] = "length"
    return body


def test_a_reply_cut_at_the_token_limit_is_invalid_and_says_so(openai_settings, fake_openai):
    # What the local server's reader and part labeller did: JSON stopped at 512 tokens.
    fake_openai.reply(200, cut_at_the_limit('{"answers": [{"key": "function", "answer": "ye'))

    with pytest.raises(door.ModelReplyInvalid) as raised:
        door.call("second_call", SECOND_CALL, context=CONTEXT)

    assert raised.value.faults[:2] == ["reply:cut_at_the_token_limit", "reply:json_invalid"]
    row = only_row()
    assert row.outcome == "invalid_reply"
    assert row.error.startswith("reply:cut_at_the_token_limit; reply:json_invalid")
    assert (row.tokens_in, row.tokens_out) == (700, 512)


def test_a_reply_that_ends_whole_at_the_limit_is_used(openai_settings, fake_openai):
    fake_openai.reply(200, cut_at_the_limit(json.dumps(GOOD)))

    reply = door.call("second_call", SECOND_CALL, context=CONTEXT)

    assert reply.answers[0].answer == "yes"
    assert only_row().outcome == "ok"


def test_a_reply_in_the_wrong_shape_that_stopped_by_itself_names_no_limit(
    openai_settings, fake_openai
):
    fake_openai.answer('{"answers": [{"key": "function", "answer": "ye')

    with pytest.raises(door.ModelReplyInvalid) as raised:
        door.call("second_call", SECOND_CALL, context=CONTEXT)

    assert "reply:cut_at_the_token_limit" not in raised.value.faults
