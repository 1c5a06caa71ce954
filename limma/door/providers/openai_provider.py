"""The openai provider: any OpenAI-compatible chat-completions endpoint (hosted, vLLM, Ollama, ...).

The client's own retries (connection errors, 408, 409, 429, 5xx, with backoff) are the only
retries: nothing here retries again. Replies are asked for as JSON under the role's reply
schema and within the door's max_tokens; the door re-validates them. Tokens are billed from the
reply's `usage` (the door bills no more than the call's hold).
"""

from __future__ import annotations

import json
import re
from functools import lru_cache
from typing import TYPE_CHECKING, Any

import openai

from limma.door import shapes
from limma.door.providers.base import ProviderFailure, ProviderReply
from limma.door.roles import ROLES

if TYPE_CHECKING:
    from openai.types.chat import ChatCompletion
    from pydantic import BaseModel

    from limma.door.roles import RoleSpec

AGENT = "agent"
# Local servers want some key; the hosted API refuses this one, which is the right failure.
NO_KEY = "not-needed"


@lru_cache(maxsize=16)
def client_for(base_url: str, api_key: str, timeout: float, max_retries: int) -> openai.OpenAI:
    """One client (and its connection pool) per endpoint, key, timeout and retry count."""
    return openai.OpenAI(
        base_url=base_url or None,
        api_key=api_key or NO_KEY,
        timeout=timeout,
        max_retries=max_retries,
    )


def _tools(request: shapes.AgentRequest) -> list[dict[str, Any]]:
    return [
        {
            "type": "function",
            "function": {
                "name": tool.name,
                "description": tool.description,
                "parameters": tool.parameters,
            },
        }
        for tool in request.tools
    ]


def create_arguments(
    spec: RoleSpec, request: BaseModel, model: str, max_tokens: int
) -> dict[str, Any]:
    """The chat.completions.create arguments for one role's request: its reply asked to stay
    within the tokens the door priced it at (max_tokens), so no reply outgrows its hold."""
    arguments: dict[str, Any] = {
        "model": model,
        "messages": spec.build_messages(request),
        "max_tokens": max_tokens,
    }
    if spec.name == AGENT:
        if not isinstance(request, shapes.AgentRequest):
            raise TypeError("the agent role takes an AgentRequest")
        if request.tools:
            arguments["tools"] = _tools(request)
        return arguments
    arguments["response_format"] = {
        "type": "json_schema",
        "json_schema": {"name": spec.name, "schema": spec.json_schema(), "strict": False},
    }
    return arguments


def _arguments_object(raw: str) -> Any:
    # A tool call whose arguments are not JSON is handed on as the string, so the reply fails
    # validation (arguments must be an object) instead of being guessed at.
    try:
        return json.loads(raw) if raw else {}
    except json.JSONDecodeError:
        return raw


# A tool call written in the reply's text, as a chat template asks for it (the Hermes form,
# limma/local_model_chat.jinja's): a server that does not parse the template's calls hands
# them back as text, one JSON object {"name": ..., "arguments": {...}} per block.
TEXT_TOOL_CALL = re.compile(r"<tool_call>\s*(.*?)\s*</tool_call>", re.DOTALL)


def text_tool_calls(content: str) -> tuple[str | None, list[dict[str, Any]]]:
    """The calls written in the text, and the text without them (None when nothing is left).

    A block that is not a JSON object with a name is handed on as it is, so the reply fails
    validation rather than being guessed at."""
    calls = []
    for number, found in enumerate(TEXT_TOOL_CALL.finditer(content), start=1):
        call_id = f"text_call_{number}"
        try:
            written = json.loads(found.group(1))
        except json.JSONDecodeError:
            written = None
        if not isinstance(written, dict) or not isinstance(written.get("name"), str):
            calls.append({"id": call_id, "name": "", "arguments": found.group(1)})
            continue
        arguments = written.get("arguments", {})
        if isinstance(arguments, str):
            arguments = _arguments_object(arguments)
        calls.append({"id": call_id, "name": written["name"], "arguments": arguments})
    if not calls:
        return content, []
    left = TEXT_TOOL_CALL.sub("", content).strip()
    return left or None, calls


def agent_content(completion: ChatCompletion) -> str:
    """The agent's turn in the role's reply shape: its text and its tool calls."""
    message = completion.choices[0].message if completion.choices else None
    content = message.content if message else None
    if message is not None and not message.tool_calls and content:
        content, written = text_tool_calls(content)
        if written:
            return json.dumps({"content": content, "tool_calls": written})
    calls = []
    for call in (message.tool_calls or []) if message else []:
        function = getattr(call, "function", None)
        if function is None:  # a custom (non-function) tool call: not offered, not accepted
            calls.append({"id": call.id, "name": "", "arguments": "not a function call"})
            continue
        calls.append(
            {
                "id": call.id,
                "name": function.name,
                "arguments": _arguments_object(function.arguments),
            }
        )
    return json.dumps({"content": content, "tool_calls": calls})


# How endpoints name a request longer than the model's context: llama-server's error type,
# and the hosted API's code.
PAST_THE_CONTEXT_TYPES = {"exceed_context_size_error"}
PAST_THE_CONTEXT_CODES = {"context_length_exceeded"}


def _past_the_context(error: openai.APIStatusError) -> bool:
    return error.type in PAST_THE_CONTEXT_TYPES or error.code in PAST_THE_CONTEXT_CODES


def _failure(error: openai.OpenAIError) -> ProviderFailure:
    if isinstance(error, openai.APITimeoutError):
        return ProviderFailure("timeout", str(error))
    if isinstance(error, openai.APIConnectionError):
        return ProviderFailure("connection", str(error))
    if isinstance(error, openai.RateLimitError):
        return ProviderFailure("rate_limited", f"status 429: {error.message}")
    if isinstance(error, openai.APIStatusError) and _past_the_context(error):
        return ProviderFailure("context_exceeded", f"status {error.status_code}: {error.message}")
    if isinstance(error, openai.APIStatusError):
        cause = "server_error" if error.status_code >= 500 else "refused_by_provider"
        return ProviderFailure(cause, f"status {error.status_code}: {error.message}")
    # A reply the client could not read as a chat completion at all.
    return ProviderFailure("server_error", f"{type(error).__name__}: {error}")


class OpenAIProvider:
    name = "openai"
    paid = True

    def __init__(self, *, base_url: str = "", api_key: str = "") -> None:
        self.base_url = base_url
        self.api_key = api_key

    def available(self, role: str) -> bool:
        return role in ROLES

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
        client = client_for(self.base_url, self.api_key, timeout, max_retries)
        try:
            completion = client.chat.completions.create(
                **create_arguments(spec, request, model, max_tokens)
            )
        except openai.OpenAIError as error:
            raise _failure(error) from error
        except (ValueError, TypeError, AttributeError, KeyError, IndexError) as error:
            # A 200 whose body is not the chat-completions shape (not JSON, no choices).
            raise ProviderFailure("server_error", f"malformed reply body: {error}") from error
        try:
            return _reply_of(spec, completion)
        except (TypeError, AttributeError, KeyError, IndexError) as error:
            raise ProviderFailure("server_error", f"malformed reply body: {error}") from error


def _reply_of(spec: RoleSpec, completion: Any) -> ProviderReply:
    """The reply's content and what it cost, billed from its usage."""
    usage = completion.usage
    tokens_in = usage.prompt_tokens if usage else 0
    tokens_out = usage.completion_tokens if usage else 0
    cut_short = bool(completion.choices) and completion.choices[0].finish_reason == "length"
    if spec.name == AGENT:
        return ProviderReply(agent_content(completion), tokens_in, tokens_out, cut_short)
    content = completion.choices[0].message.content if completion.choices else None
    return ProviderReply(content or "", tokens_in, tokens_out, cut_short)
