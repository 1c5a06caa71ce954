"""A console run: the one agent loop in a mode, the retrieval baseline beside it, recorded.

A run record is one JSON document: the question, the mode and its system prompt, the tools
offered, every step as it happened (attached, turn — the model's text, its tool calls, tokens
and cost —, tool_call, tool_result, done or error), the baseline's passages and which of the
agent's receipts the baseline also found. Records are kept under LIMMA_DATA_DIR/runs unless
recording is off (LIMMA_CONSOLE_RECORD=0, or `manage.py console --no-record`).

A replay runs the same loop with the record's own model replies and tool results answering it:
no model call, no verb call, nothing spent.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterator, Mapping
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from django.conf import settings

from limma import door
from limma.door.shapes import AgentReply
from limma.ids import new_request_id
from limma.models import ApiKey
from limma.models.ledger import LedgerEntry
from qa_view.agent.loop import ERROR, LoopEnd, agent_loop, door_model
from qa_view.agent.tools import READ, ToolResult, call_tool, tools_for
from qa_view.console.baseline import baselines
from qa_view.console.modes import LABELS, system_for

Step = dict[str, Any]
RUN_ID = re.compile(r"^run_[0-9]{8}T[0-9]{12}_[0-9a-f]{8}$")
MARKER = re.compile(r"\[p(?P<page>\d+):(?P<start>\d+)-(?P<end>\d+)\]")
DEFAULT_K = 5


class ReplayMismatch(Exception):
    """The record does not answer the call the loop made: a replay never falls through to a
    real model or verb."""


class RecordedFailure(Exception):
    """The recorded run's model failed here: the replay ends where the run ended."""


def console_tools(key: ApiKey) -> list[str]:
    """What the console's agent is offered: the tools that read, of those the key may call."""
    return [tool.name for tool in tools_for(key) if tool.tier == READ]


def runs_dir() -> Path:
    return Path(settings.LIMMA_DATA_DIR) / "runs"


def recording() -> bool:
    return bool(settings.LIMMA_CONSOLE_RECORD)


def receipts_in(value: Any) -> list[dict[str, Any]]:
    """Every span a reply cites (source_id with char_start and char_end), once, in order."""
    found: dict[tuple[str, int, int], dict[str, Any]] = {}

    def walk(item: Any) -> None:
        if isinstance(item, Mapping):
            source = item.get("source_id")
            # A row's or a quote's receipt (char_start, char_end), or a region read (start, end).
            start = item.get("char_start", item.get("start"))
            end = item.get("char_end", item.get("end"))
            if isinstance(source, str) and isinstance(start, int) and isinstance(end, int):
                span = (source, start, end)
                found.setdefault(span, {"source_id": source, "char_start": start, "char_end": end})
            for child in item.values():
                walk(child)
        elif isinstance(item, list):
            for child in item:
                walk(child)

    walk(value)
    return list(found.values())


def agent_receipts(steps: list[Step]) -> list[dict[str, Any]]:
    return receipts_in([s["data"]["result"] for s in steps if s["kind"] == "tool_result"])


def answer_links(answer: str, receipts: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Each receipt marker of the answer, with the span it names (by its offsets among the
    run's receipts, where two share them the first at or after the last marker's, as an answer
    cites its rows in the order the replies gave them; None when no tool result cited it)."""
    links = []
    after = 0  # where the last marker's receipt stood: two documents may share offsets
    for match in MARKER.finditer(answer):
        span = (int(match["start"]), int(match["end"]))
        at = [i for i, r in enumerate(receipts) if (r["char_start"], r["char_end"]) == span]
        index = next((i for i in at if i >= after), at[0] if at else None)
        if index is not None:
            after = index
        hit = receipts[index] if index is not None else None
        links.append({"marker": match.group(0), "receipt": hit})
    return links


def overlaps(a: Mapping[str, Any], b: Mapping[str, Any]) -> bool:
    """Two spans of one document share a character."""
    return (
        a["source_id"] == b["source_id"]
        and a["char_start"] < b["char_end"]
        and b["char_start"] < a["char_end"]
    )


def compared(receipts: list[dict[str, Any]], baseline: dict[str, Any]) -> list[dict[str, Any]]:
    """Each of the agent's receipts, marked found when a baseline passage overlaps its span."""
    return [
        {**receipt, "found": any(overlaps(p, receipt) for p in baseline["passages"])}
        for receipt in receipts
    ]


def passages_marked(
    receipts: list[dict[str, Any]], baseline: dict[str, Any]
) -> list[dict[str, Any]]:
    """Each of the baseline's passages, marked found when it overlaps a receipt of the agent's
    (the baseline found that evidence too), missed when it holds none of it."""
    return [
        {**passage, "found": any(overlaps(passage, r) for r in receipts)}
        for passage in baseline["passages"]
    ]


def _turn_usage(request_id: str, seen: set[int]) -> dict[str, Any]:
    row = (
        LedgerEntry.objects.filter(request_id=request_id, role="agent")
        .exclude(pk__in=seen)
        .order_by("-pk")
        .first()
    )
    if row is None:
        return {"tokens_in": 0, "tokens_out": 0, "usd": 0.0, "model": ""}
    seen.add(row.pk)
    return {
        "tokens_in": row.tokens_in,
        "tokens_out": row.tokens_out,
        "usd": float(row.usd),
        "model": row.model,
    }


def new_run_id() -> str:
    """Sortable by when it ran (to the microsecond), unguessable by its tail."""
    return f"run_{datetime.now(UTC):%Y%m%dT%H%M%S%f}_{new_request_id()[-8:]}"


def console_run(
    *,
    key: ApiKey,
    question: str,
    mode: str,
    compare: bool = False,
    k: int = DEFAULT_K,
    example: Mapping[str, Any] | None = None,
    staff: str = "",
    on_step: Callable[[Step], None] | None = None,
    record: bool | None = None,
    max_turns: int = 8,
) -> dict[str, Any]:
    """Run one question in `mode` under `key`; every step goes to `on_step` as it happens."""
    from qa_view.agent.question import clean, example_block

    system = system_for(mode)
    workspace = key.workspace
    request_id = new_request_id()
    tools = console_tools(key)
    asked = clean(question, limit=2000)
    if example and example.get("niche") and example.get("facets"):
        asked = f"{asked}\n\n{example_block(example)}"
    steps: list[Step] = []

    def step(kind: str, data: dict[str, Any]) -> None:
        event = {"kind": kind, "data": data}
        steps.append(event)
        if on_step is not None:
            on_step(event)

    seen: set[int] = set()

    def on_turn(turn: int, reply: Any) -> None:
        calls = [call.model_dump() for call in reply.tool_calls]
        step("turn", {"turn": turn, "content": reply.content, "tool_calls": calls}
             | _turn_usage(request_id, seen))  # fmt: skip

    def run_tool(name: str, arguments: Any) -> ToolResult:
        return call_tool(
            name, arguments, key=key, workspace=workspace, request_id=request_id, offered=tools
        )

    context = door.CallContext(
        workspace_id=workspace.id, api_key_id=key.pk, visitor=staff, request_id=request_id
    )
    end = agent_loop(
        system=system,
        question=asked,
        tools=tools,
        model=door_model(context),
        run_tool=run_tool,
        emit=step,
        max_turns=max_turns,
        on_turn=on_turn,
    )
    _ended(step, end)
    record_data = {
        "id": new_run_id(),
        "at": datetime.now(UTC).isoformat(timespec="seconds"),
        "label": LABELS[mode],
        "question": question,
        "asked": asked,
        "mode": mode,
        "system": system,
        "tools": tools,
        "workspace_id": workspace.id,
        "request_id": request_id,
        "staff": staff,
        "max_turns": max_turns,
        "steps": steps,
        "answer": end.said if end.stop != ERROR else "",
        "stop": end.stop,
    }
    record_data["links"] = answer_links(record_data["answer"], agent_receipts(steps))
    cited = answer_evidence(record_data["links"]) or agent_receipts(steps)
    record_data |= _compare_block(question, key, k, cited) if compare else {"compare": None}
    if recording() if record is None else record:
        save(record_data)
    return record_data


def _ended(step: Callable[[str, dict[str, Any]], None], end: Any) -> None:
    if end.error is not None:
        step("error", {"message": f"{type(end.error).__name__}: {end.error}"})
    else:
        step("done", {"answer": end.said, "stop": end.stop, "turns": end.turns})


def answer_evidence(links: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The receipts the answer cites, once each, in its order: what the baseline is held to
    (when the answer cites none, every receipt its tool results held is)."""
    cited: dict[tuple[str, int, int], dict[str, Any]] = {}
    for link in links:
        receipt = link["receipt"]
        if receipt is not None:
            span = (receipt["source_id"], receipt["char_start"], receipt["char_end"])
            cited.setdefault(span, receipt)
    return list(cited.values())


def _compare_block(
    question: str, key: ApiKey, k: int, receipts: list[dict[str, Any]]
) -> dict[str, Any]:
    ran = baselines(question, key, k)
    return {
        "compare": {
            "k": k,
            "baselines": [
                {**b, "receipts": compared(receipts, b), "passages": passages_marked(receipts, b)}
                for b in ran
            ],
        }
    }


def save(record: dict[str, Any]) -> Path:
    folder = runs_dir()
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{record['id']}.json"
    partial = path.with_suffix(".json.partial")
    partial.write_text(json.dumps(record, ensure_ascii=False, indent=1, default=str))
    partial.replace(path)  # whole or not at all
    return path


def recorded_runs() -> list[dict[str, Any]]:
    """The replay menu: every recorded run, newest first (none when recording is off)."""
    if not recording() or not runs_dir().is_dir():
        return []
    listed = []
    for path in sorted(runs_dir().glob("run_*.json"), reverse=True):
        try:
            record = json.loads(path.read_text())
        except (OSError, ValueError):
            continue
        listed.append({key: record.get(key) for key in ("id", "at", "question", "mode", "stop")})
    return listed


def load(run_id: str) -> dict[str, Any] | None:
    if not RUN_ID.match(run_id):
        return None
    path = runs_dir() / f"{run_id}.json"
    try:
        return json.loads(path.read_text())
    except (OSError, ValueError):
        return None


def replay(record: Mapping[str, Any], on_step: Callable[[Step], None] | None = None) -> list[Step]:
    """The run again, step by step, answered by its own record: no model, no verb, no spend."""
    recorded = list(record["steps"])
    turns: Iterator[Step] = iter(s for s in recorded if s["kind"] == "turn")
    results: Iterator[Step] = iter(s for s in recorded if s["kind"] == "tool_result")
    steps: list[Step] = []

    def step(kind: str, data: dict[str, Any]) -> None:
        event = {"kind": kind, "data": data}
        steps.append(event)
        if on_step is not None:
            on_step(event)

    pending: dict[int, Step] = {}

    def model(messages: list[dict[str, Any]], tools: list[dict[str, Any]]) -> AgentReply:
        turn = next(turns, None)
        if turn is None and recorded and recorded[-1]["kind"] == "error":
            raise RecordedFailure()
        if turn is None:
            raise ReplayMismatch("the record holds no more model replies")
        pending[0] = turn
        data = turn["data"]
        return AgentReply(content=data["content"], tool_calls=data["tool_calls"])

    def on_turn(number: int, reply: Any) -> None:
        step("turn", dict(pending.pop(0)["data"]))

    def run_tool(name: str, arguments: Any) -> ToolResult:
        result = next(results, None)
        if result is None or result["data"]["tool"] != name:
            raise ReplayMismatch(f"the record does not answer a call to {name}")
        return ToolResult(bool(result["data"]["ok"]), result["data"]["result"])

    try:
        end = agent_loop(
            system=record["system"],
            question=record["asked"],
            tools=record["tools"],
            model=model,
            run_tool=run_tool,
            emit=step,
            max_turns=int(record.get("max_turns") or 8),
            on_turn=on_turn,
        )
    except ReplayMismatch as mismatch:
        end = LoopEnd(ERROR, 0, "", mismatch)
    if isinstance(end.error, RecordedFailure):
        step("error", dict(recorded[-1]["data"]))
    elif end.error is not None:
        step("error", {"message": f"replay: {end.error}", "replay_mismatch": True})
    else:
        _ended(step, end)
    return steps
