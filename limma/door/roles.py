"""The model roles: for each, its request and reply shapes, its prompt and how messages are built.

ROLES is what the door and limma.conf (LIMMA_MODEL_ROUTES) look roles up in. This module must
import neither Django settings nor models: limma.conf imports it while the settings load.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache, partial
from typing import Any

from pydantic import BaseModel

from limma.door import prompts, shapes

Message = dict[str, Any]


@dataclass(frozen=True)
class RoleSpec:
    """One role: what the door sends (request_model), what it accepts back (reply_model)."""

    name: str
    request_model: type[BaseModel]
    reply_model: type[BaseModel]
    system_prompt: str
    build_messages: Callable[[BaseModel], list[Message]]

    def json_schema(self) -> dict[str, Any]:
        """The reply's JSON schema, sent as the openai provider's response_format: built once
        per reply model (pydantic builds it anew on every call, a sixth of a read's own time).
        Shared: read it, never change it."""
        return reply_schema(self.reply_model)


@cache
def reply_schema(reply_model: type[BaseModel]) -> dict[str, Any]:
    return reply_model.model_json_schema()


def request_json(request: BaseModel) -> str:
    """The request as the JSON the model reads (and the scripted provider matches against)."""
    return json.dumps(request.model_dump(mode="json"), ensure_ascii=False)


def json_messages(system_prompt: str, request: BaseModel) -> list[Message]:
    """The system prompt, then one user message holding the whole request as JSON."""
    return [
        {"role": "system", "content": system_prompt},
        {"role": "user", "content": request_json(request)},
    ]


def _openai_tool_call(call: shapes.ToolCall) -> dict[str, Any]:
    arguments = json.dumps(call.arguments, ensure_ascii=False)
    return {
        "id": call.id,
        "type": "function",
        "function": {"name": call.name, "arguments": arguments},
    }


def _agent_message(message: shapes.AgentMessage) -> Message:
    built: Message = {"role": message.role, "content": message.content}
    if message.tool_calls:
        built["tool_calls"] = [_openai_tool_call(call) for call in message.tool_calls]
    if message.tool_call_id is not None:
        built["tool_call_id"] = message.tool_call_id
    return built


def agent_messages(system_prompt: str, request: BaseModel) -> list[Message]:
    """The agent's conversation as chat messages, behind the agent's own system prompt."""
    if not isinstance(request, shapes.AgentRequest):
        raise TypeError(
            f"the agent's messages are built from an AgentRequest, not {type(request).__name__}"
        )
    return [{"role": "system", "content": system_prompt}, *map(_agent_message, request.messages)]


def _role(
    name: str,
    request_model: type[BaseModel],
    reply_model: type[BaseModel],
    system_prompt: str,
    builder: Callable[[str, BaseModel], list[Message]] = json_messages,
) -> RoleSpec:
    return RoleSpec(
        name, request_model, reply_model, system_prompt, partial(builder, system_prompt)
    )


ROLES: dict[str, RoleSpec] = {
    spec.name: spec
    for spec in (
        _role(
            "part_labeller", shapes.PartLabelRequest, shapes.PartLabelReply, prompts.PART_LABELLER
        ),
        _role("idea_grouper", shapes.IdeaGroupRequest, shapes.IdeaGroupReply, prompts.IDEA_GROUPER),
        _role("brief_compiler", shapes.BriefRequest, shapes.BriefReply, prompts.BRIEF_COMPILER),
        _role(
            "criteria_splitter", shapes.SplitRequest, shapes.SplitReply, prompts.CRITERIA_SPLITTER
        ),
        _role("reader", shapes.ReadRequest, shapes.ReadReply, prompts.READER),
        _role("second_call", shapes.SecondCallRequest, shapes.SecondCallReply, prompts.SECOND_CALL),
        _role("typing_call", shapes.TypingRequest, shapes.TypingReply, prompts.TYPING_CALL),
        _role("agent", shapes.AgentRequest, shapes.AgentReply, prompts.AGENT, agent_messages),
    )
}
