"""The one agent loop: the Q&A page's and the console's, over the tools of qa_view.agent.tools.

The loop sends a system prompt and a question to a model, runs every tool call the model asks
for, hands the results back, and stops when the model answers without a tool call or at
`max_turns`. What differs between the pages is passed in: the system prompt (the console's mode),
the tools offered, the model (the door's `agent` role; a recorded run's replies on replay) and
the tool runner (the registry under the caller's key; a recorded run's results on replay). A
refused tool call is handed to the model as the MCP server says it (`error_text`), and the
result keeps its error flag.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from limma import door
from qa_view.agent.tools import ToolResult, error_text, tool_specs

END_TURN, MAX_TURNS, ERROR = "end_turn", "max_turns", "error"

Model = Callable[[list[dict[str, Any]], list[dict[str, Any]]], Any]  # -> an AgentReply
Runner = Callable[[str, Any], ToolResult]
Emit = Callable[[str, dict[str, Any]], None]


@dataclass(frozen=True)
class LoopEnd:
    stop: str  # end_turn, max_turns or error
    turns: int
    said: str  # the model's last text ("" when none)
    error: BaseException | None = None


def door_model(context: Any) -> Model:
    """The `agent` role through the door: priced in the ledger, its reply validated."""

    def model(messages: list[dict[str, Any]], tools: list[dict[str, Any]]) -> Any:
        return door.call("agent", {"messages": messages, "tools": tools}, context=context)

    return model


def tool_text(name: str, result: ToolResult) -> str:
    """What the model reads of a tool result: the reply, or the refusal as an MCP server says it."""
    if not result.ok:
        return error_text(name, result.result)
    return json.dumps(result.result, ensure_ascii=False, default=str)


def agent_loop(
    *,
    system: str,
    question: str,
    tools: Sequence[str],
    model: Model,
    run_tool: Runner,
    emit: Emit,
    max_turns: int = 8,
    on_turn: Callable[[int, Any], None] | None = None,
    on_result: Callable[[dict[str, Any], ToolResult], dict[str, Any]] | None = None,
) -> LoopEnd:
    """Run one question to its end; events attached, tool_call and tool_result go to `emit`
    (done or error is the caller's: what it says differs by page). Never raises on a model's
    failure: it comes back as LoopEnd(stop=ERROR, error=...)."""
    messages: list[dict[str, Any]] = [
        {"role": "system", "content": system},
        {"role": "user", "content": question},
    ]
    specs = tool_specs(tools)
    emit("attached", {"tools": list(tools)})
    said = ""
    for turn in range(1, max_turns + 1):
        try:
            reply = model(messages, specs)
        except Exception as error:  # the door's refusals and failures, and faults of ours
            return LoopEnd(ERROR, turn, said, error)
        said = reply.content or said
        calls = [
            {**call.model_dump(), "id": call.id or f"call-{turn}-{number}"}
            for number, call in enumerate(reply.tool_calls, start=1)
        ]
        if on_turn is not None:
            on_turn(turn, reply)
        messages.append({"role": "assistant", "content": reply.content, "tool_calls": calls})
        if not calls:
            return LoopEnd(END_TURN, turn, reply.content or "")
        for call in calls:
            emit("tool_call", {"id": call["id"], "tool": call["name"], "args": call["arguments"]})
            result = run_tool(call["name"], call["arguments"])
            data = {"id": call["id"], "tool": call["name"], "result": result.result}
            data["ok"] = result.ok
            if on_result is not None:
                data |= on_result(call, result)
            emit("tool_result", data)
            text = tool_text(call["name"], result)
            messages.append({"role": "tool", "content": text, "tool_call_id": call["id"]})
    return LoopEnd(MAX_TURNS, max_turns, said)
