"""The roles: eight of them, strict reply shapes, data-not-instructions prompts, and exact docs."""

from __future__ import annotations

import json

import pytest
from pydantic import ValidationError

from limma.door.providers.scripted import matches, parse_entries
from limma.door.roles import ROLES
from limma.door.shapes import AgentRequest
from tests.limma.door.roles_doc import NAMES, doc_sections


def test_the_docs_describe_every_role_in_its_order():
    assert len(ROLES) == 8
    assert list(ROLES) == NAMES
    assert all(spec.name == name for name, spec in ROLES.items())


@pytest.mark.parametrize("name", NAMES)
def test_every_reply_schema_refuses_fields_it_does_not_name(name):
    schema = ROLES[name].json_schema()
    assert schema["type"] == "object"
    assert schema["additionalProperties"] is False
    for definition in schema.get("$defs", {}).values():
        assert definition.get("additionalProperties") is False


@pytest.mark.parametrize("name", NAMES)
def test_every_prompt_says_the_request_is_data(name):
    assert "DATA" in ROLES[name].system_prompt


@pytest.mark.parametrize("name", NAMES)
def test_the_docs_show_a_request_and_a_reply_that_validate(name):
    request, reply = doc_sections()[name]
    spec = ROLES[name]
    spec.request_model.model_validate_json(request)
    spec.reply_model.model_validate_json(reply)


def test_the_docs_scripted_example_is_a_valid_script():
    (script,) = doc_sections()["Scripted replies"]
    entries = parse_entries(json.loads(script), "docs")
    reader = ROLES["reader"].reply_model
    reader.model_validate_json(entries[0].content)
    reader.model_validate_json(entries[2].content)
    with pytest.raises(ValidationError):
        reader.model_validate_json(entries[1].content)
    request = json.loads(doc_sections()["reader"][0])
    assert [matches(entry.when, request) for entry in entries] == [False, False, True]


def test_a_role_is_asked_with_its_prompt_and_the_request_as_json():
    spec = ROLES["typing_call"]
    request = spec.request_model(
        sentences=["Ran the brand team."], axis="function", terms=["Marketing"]
    )

    system, user = spec.build_messages(request)

    assert system == {"role": "system", "content": spec.system_prompt}
    assert user["role"] == "user"
    assert json.loads(user["content"]) == request.model_dump(mode="json")


def test_the_agent_is_asked_with_its_conversation_in_the_chat_shape():
    request = AgentRequest.model_validate(
        {
            "messages": [
                {"role": "user", "content": "who?"},
                {
                    "role": "assistant",
                    "content": None,
                    "tool_calls": [{"id": "c1", "name": "facts", "arguments": {"q": "x"}}],
                },
                {"role": "tool", "content": "[]", "tool_call_id": "c1"},
            ],
            "tools": [],
        }
    )

    system, user, assistant, tool = ROLES["agent"].build_messages(request)

    assert system["role"] == "system"
    assert user == {"role": "user", "content": "who?"}
    assert assistant["tool_calls"] == [
        {"id": "c1", "type": "function", "function": {"name": "facts", "arguments": '{"q": "x"}'}}
    ]
    assert tool == {"role": "tool", "content": "[]", "tool_call_id": "c1"}


@pytest.mark.parametrize(
    ("name", "reply"),
    [
        (
            "part_labeller",
            {
                "parts": [
                    {
                        "part_id": 1,
                        "sentences": [
                            {
                                "sentence_id": 1,
                                "topics": [{"topic": f"t{i}", "broader": "b"} for i in range(4)],
                            }
                        ],
                    }
                ]
            },
        ),
        ("idea_grouper", {"verdicts": [{"label": "x", "verdict": "maybe"}]}),
        (
            "brief_compiler",
            {
                "constraints": [{"relation": "r", "slot": "s", "op": "like", "value": "v"}],
                "criterion": None,
                "dropped": [],
            },
        ),
        ("second_call", {"answers": [{"key": "function", "answer": "yes", "role": "colleague"}]}),
        ("second_call", {"answers": [{"answer": "yes", "role": "own_work"}]}),
    ],
    ids=["four_topics", "unknown_verdict", "unknown_op", "unknown_role", "answer_without_key"],
)
def test_a_reply_outside_the_shape_fails(name, reply):
    with pytest.raises(ValidationError):
        ROLES[name].reply_model.model_validate(reply)


def test_an_idea_is_grouped_25_labels_at_a_time():
    label = {"label": "x", "broader": "y", "example": "z"}
    request_model = ROLES["idea_grouper"].request_model
    request_model.model_validate({"idea": "i", "labels": [label] * 25})
    with pytest.raises(ValidationError):
        request_model.model_validate({"idea": "i", "labels": [label] * 26})
