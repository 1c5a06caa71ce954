"""The one agent loop: the Q&A page's and the console's, over the tools of qa_view.agent.tools.

The console calls `agent_loop` with its mode's prompt; the page calls `run_question`, which
composes the visitor's question (qa_view.agent.question) and runs it through the same loop with
the people prompt and the three read-only tools, every event fed to the page's stream
(qa_view.answer.stream). A failed model call ends a page run in an `error` event with a code from
qa_view.answer.codes: the loop never raises on what a model did or did not say.

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
import logging
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from decimal import Decimal
from typing import Any

from django.db.models import Sum

from limma import door
from limma.errors import ApplicationError
from limma.models import ApiKey, Workspace
from limma.models.ledger import LedgerEntry
from qa_view.agent.prompts import PEOPLE_SYSTEM
from qa_view.agent.question import compose_question
from qa_view.agent.tools import READ_ONLY_TOOLS, TOOL_SPECS, ToolResult, call_tool, error_text
from qa_view.answer.codes import failure_code
from qa_view.answer.stream import PageStream, SearchSeen

logger = logging.getLogger(__name__)

END_TURN, MAX_TURNS, ERROR = "end_turn", "max_turns", "error"

Model = Callable[[list[dict[str, Any]], list[dict[str, Any]]], Any]  # -> an AgentReply
Runner = Callable[[str, Any], ToolResult]
Emit = Callable[[str, dict[str, Any]], None]
Event = dict[str, Any]


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
    on_result: Callable[[ToolResult], None] | None = None,
) -> LoopEnd:
    """Run one question to its end; events attached, tool_call and tool_result go to `emit`
    (done or error is the caller's: what it says differs by page), and each tool's result,
    with what stays on the server, to `on_result` before its event. Never raises on a model's
    failure: it comes back as LoopEnd(stop=ERROR, error=...)."""
    messages: list[dict[str, Any]] = [
        {"role": "system", "content": system},
        {"role": "user", "content": question},
    ]
    specs = [TOOL_SPECS[name] for name in tools]  # as the agent role's ToolSpec takes them
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
                on_result(result)
            emit("tool_result", data)
            text = tool_text(call["name"], result)
            messages.append({"role": "tool", "content": text, "tool_call_id": call["id"]})
    return LoopEnd(MAX_TURNS, max_turns, said)


# --- a question of the Q&A page ----------------------------------------------------------------


@dataclass(frozen=True)
class RunOutcome:
    events: list[Event]  # the run as the server records it
    page_events: list[Event]  # what the page is sent (PageStream)
    answer: str  # the agent's answer as the page shows it (guarded); "" when none
    searches: list[SearchSeen] = field(default_factory=list)
    stop: str = END_TURN  # end_turn, max_turns or error
    error_code: str | None = None


class _Run:
    """A page run's record: every event, and what the stream sends the page of each."""

    def __init__(
        self,
        stream: PageStream,
        on_event: Callable[[Event], None] | None,
        on_page_event: Callable[[Event], None] | None,
    ) -> None:
        self.stream = stream
        self.on_event = on_event
        self.on_page_event = on_page_event
        self.events: list[Event] = []
        self.page_events: list[Event] = []
        self.result: ToolResult | None = None  # the tool result whose event comes next

    def result_hold(self, result: ToolResult) -> None:
        self.result = result

    def emit(self, kind: str, data: dict[str, Any]) -> None:
        event = {"kind": kind, "data": data}
        self.events.append(event)
        sent = self.stream.feed(event, self.result if kind == "tool_result" else None)
        if self.on_event is not None:
            self.on_event(event)
        if sent is not None:
            self.page_events.append(sent)
            if self.on_page_event is not None:
                self.on_page_event(sent)

    def outcome(self, stop: str, code: str | None = None) -> RunOutcome:
        done = next((e for e in reversed(self.page_events) if e["kind"] == "done"), None)
        return RunOutcome(
            events=self.events,
            page_events=self.page_events,
            answer=done["data"]["answer"] if done else "",
            searches=self.stream.searches,
            stop=stop,
            error_code=code,
        )


def run_question(
    *,
    workspace: Workspace,
    key: ApiKey,
    question: str,
    follow_up: dict[str, Any] | None,
    visitor: str,
    request_id: str,
    max_turns: int = 8,
    on_event: Callable[[Event], None] | None = None,
    example: Mapping[str, Any] | None = None,
    on_page_event: Callable[[Event], None] | None = None,
    run_pk: int | None = None,
    max_usd: Decimal | None = None,
    spend_guard: door.SpendGuard | None = None,
) -> RunOutcome:
    """Answer one page question (a follow-up when `follow_up` is given) in the agent loop; with
    `run_pk`, what the page is sent is kept on that Run as it comes; with a spend_guard, each
    paid call's price at most is held under the ceilings before it is sent."""
    question_text = compose_question(question, follow_up, example=example)
    stream = PageStream(follow_up_names(follow_up), workspace=workspace, key=key, run_pk=run_pk)
    run = _Run(stream, on_event, on_page_event)
    context = door.CallContext(
        workspace_id=workspace.id,
        api_key_id=key.pk,
        visitor=visitor,
        request_id=request_id,
        spend_guard=spend_guard,
    )

    def run_tool(name: str, arguments: Any) -> ToolResult:
        return call_tool(
            name, arguments, key=key, workspace=workspace, request_id=request_id, max_usd=max_usd
        )

    end = agent_loop(
        system=PEOPLE_SYSTEM,
        question=question_text,
        tools=READ_ONLY_TOOLS,
        model=door_model(context),
        run_tool=run_tool,
        emit=run.emit,
        max_turns=max_turns,
        on_result=run.result_hold,
    )
    if end.error is not None:
        if not isinstance(end.error, ApplicationError):
            # A fault of ours, not the model's: logged whole, and the visitor still gets a code.
            logger.error(
                "the agent's turn %s failed on request %s",
                end.turns,
                request_id,
                exc_info=end.error,
            )
        code = failure_code(end.error)
        run.emit("error", {"message": f"{type(end.error).__name__}: {end.error}", "code": code})
        return run.outcome(ERROR, code)
    run.emit("done", _done(end.said, end.stop, end.turns, request_id))
    return run.outcome(end.stop)


def _done(answer: str, stop: str, turns: int, request_id: str) -> dict[str, Any]:
    """The end of a run, with what it used (from the ledger): that part stays on the server."""
    data: dict[str, Any] = {"answer": answer, "stop": stop, "turns": turns}
    if request_id:
        rows = LedgerEntry.objects.filter(request_id=request_id)
        used = rows.aggregate(
            usd=Sum("usd"), tokens_in=Sum("tokens_in"), tokens_out=Sum("tokens_out")
        )
        models = sorted(set(rows.filter(role="agent").values_list("model", flat=True)))
        data |= {
            "agent_cost_usd_est": float(used["usd"] or 0),
            "usage_in": used["tokens_in"] or 0,
            "usage_out": used["tokens_out"] or 0,
            "model": ", ".join(models),
        }
    return data


def follow_up_names(follow_up: Mapping[str, Any] | None) -> dict[str, str]:
    """Who the answer before a follow-up named, by id: the guard knows them from the start."""
    if not follow_up:
        return {}
    people = [*(follow_up.get("people") or []), *(follow_up.get("close") or [])]
    return {
        str(person["id"]): str(person["name"])
        for person in people
        if isinstance(person, Mapping) and person.get("id") and person.get("name")
    }
