"""The Q&A view's agent loop: one question, the people prompt, the three read-only tools.

`run_question` sends the system prompt and the composed question to the `agent` model role,
runs every tool call it asks for through qa_view.agent.tools under the caller's key, and hands the
results back, until the model answers without a tool call or `max_turns` is reached. Each step
is an event of the spec's kinds (attached, tool_call, tool_result, done, error); the page is sent
their PageStream projection. A failed model call ends the run in an `error` event with a code
from qa_view.answer.codes: the loop never raises on what a model did or did not say.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from decimal import Decimal
from typing import Any

from django.db.models import Sum

from limma import door
from limma.errors import ApplicationError
from limma.models import ApiKey, Entity, ExternalId, Workspace
from limma.models.ledger import LedgerEntry
from qa_view.agent.loop import END_TURN, ERROR, agent_loop, door_model
from qa_view.agent.prompts import PEOPLE_SYSTEM
from qa_view.agent.question import compose_question
from qa_view.agent.tools import READ_ONLY_TOOLS, ToolResult, call_tool
from qa_view.answer.codes import SEARCH_FAILED, failure_code
from qa_view.answer.source import (
    markup_words,
    niche_words,
    not_split_words,
    search_evidence,
    unsearched_words,
)
from qa_view.answer.stream import (
    SEARCH,
    PageStream,
    kept_of,
    reply_names,
    search_asked_niche,
    searched,
)

logger = logging.getLogger(__name__)

Event = dict[str, Any]


@dataclass(frozen=True)
class SearchSeen:
    """One limma_search the agent made, as the page may use it: the projected reply, or the
    code it was refused with, and whether it asked for a niche."""

    call_id: str
    niche: bool
    ok: bool
    constraints: list[Any]
    reply: dict[str, Any] | None = None  # what the page draws of the reply (stream.kept_of)
    code: str | None = None  # the refusal's type, when it did not come back
    entity_fetch: bool = False  # restricted to entity_ids: one person, not a list
    # Who the reply lists and the words behind each line, from the search already made.
    evidence: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class RunOutcome:
    events: list[Event]  # the run as the server records it
    page_events: list[Event]  # what the page is sent (PageStream)
    answer: str  # the agent's answer as the page shows it (guarded); "" when none
    searches: list[SearchSeen] = field(default_factory=list)
    stop: str = END_TURN  # end_turn, max_turns or error
    error_code: str | None = None


class _Run:
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
        self.searches: list[SearchSeen] = []

    def emit(self, kind: str, data: dict[str, Any]) -> Event | None:
        event = {"kind": kind, "data": data}
        self.events.append(event)
        if self.on_event is not None:
            self.on_event(event)
        sent = self.stream.feed(event)
        if sent is not None:
            self.page_events.append(sent)
            if self.on_page_event is not None:
                self.on_page_event(sent)
        return sent

    def outcome(self, stop: str, code: str | None = None) -> RunOutcome:
        done = next((e for e in reversed(self.page_events) if e["kind"] == "done"), None)
        return RunOutcome(
            events=self.events,
            page_events=self.page_events,
            answer=done["data"]["answer"] if done else "",
            searches=self.searches,
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
    max_usd: Decimal | None = None,
    spend_guard: door.SpendGuard | None = None,
) -> RunOutcome:
    """Answer one question (a follow-up when `follow_up` is given) in one agent loop; with a
    spend_guard, each paid call's price at most is held under the ceilings before it is sent."""
    known = _follow_up_names(workspace, follow_up)
    run = _Run(PageStream(known), on_event, on_page_event)
    context = door.CallContext(
        workspace_id=workspace.id,
        api_key_id=key.pk,
        visitor=visitor,
        request_id=request_id,
        spend_guard=spend_guard,
    )
    question_text = compose_question(question, follow_up, example=example)

    def run_tool(name: str, arguments: Any) -> ToolResult:
        return call_tool(
            name, arguments, key=key, workspace=workspace, request_id=request_id, max_usd=max_usd
        )

    def on_result(call: dict[str, Any], result: ToolResult) -> dict[str, Any]:
        extras = {
            **_asked_words(result),
            "names": _result_names(workspace, result) if result.ok else {},
        }
        if call["name"] == SEARCH:
            run.searches.append(_seen(call["id"], call["arguments"], result, key))
        return extras

    end = agent_loop(
        system=PEOPLE_SYSTEM,
        question=question_text,
        tools=READ_ONLY_TOOLS,
        model=door_model(context),
        run_tool=run_tool,
        emit=run.emit,
        max_turns=max_turns,
        on_result=on_result,
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
        return _failed(run, end.error)
    run.emit("done", _done(end.said, end.stop, end.turns, request_id))
    return run.outcome(end.stop)


def _failed(run: _Run, error: BaseException) -> RunOutcome:
    code = failure_code(error)
    run.emit("error", {"message": f"{type(error).__name__}: {error}", "code": code})
    return run.outcome(ERROR, code)


def _asked_words(result: ToolResult) -> dict[str, Any]:
    """The visitor's own words a search left unsearched, and the niche it asked for."""
    if result.outcome is None:
        return {}
    said: dict[str, Any] = {}
    unsearched = unsearched_words(result.outcome)
    if unsearched:
        said["unsearched"] = unsearched
    niche = niche_words(result.outcome)
    if niche:
        said["niche_words"] = niche
    not_split = not_split_words(result.outcome)
    if not_split:
        said["not_split"] = not_split
    markup = markup_words(result.outcome)
    if markup:
        said["markup"] = markup
    return said


def _seen(call_id: str, args: Mapping[str, Any], result: ToolResult, key: ApiKey) -> SearchSeen:
    fetch = bool(args.get("entity_ids"))
    if not result.ok:
        detail = result.result.get("detail") or {}
        code = str(detail.get("type") or SEARCH_FAILED)
        constraints = args.get("constraints")
        return SearchSeen(
            call_id=call_id,
            niche=search_asked_niche(args, None, code),
            ok=False,
            constraints=list(constraints) if isinstance(constraints, list) else [],
            code=code,
            entity_fetch=fetch,
        )
    reply = result.result
    return SearchSeen(
        call_id=call_id,
        niche=search_asked_niche(args, reply),
        ok=True,
        constraints=searched(args, reply),
        reply=kept_of(reply),
        entity_fetch=fetch,
        evidence=(
            search_evidence(key=key, outcome=result.outcome, reply=reply)
            if result.outcome is not None
            else {}
        ),
    )


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


def _aliases(workspace: Workspace, names: dict[str, str]) -> dict[str, str]:
    """Every id of a person the page knows: their own, and each record merged into them."""
    if not names:
        return {}
    found = dict(names)
    externals = ExternalId.objects.filter(workspace=workspace, entity__key__in=list(names))
    for value, entity_key in externals.values_list("value", "entity__key"):
        found.setdefault(value, names[entity_key])
    merged = Entity.objects.filter(workspace=workspace, merged_into__key__in=list(names))
    for merged_key, into_key in merged.values_list("key", "merged_into__key"):
        found.setdefault(merged_key, names[into_key])
    return found


def _result_names(workspace: Workspace, result: ToolResult) -> dict[str, str]:
    """Who a tool result names, by every id the page may meet them under."""
    reply = result.result
    names = reply_names(reply)
    for row in reply.get("rows") or []:
        if isinstance(row, Mapping) and row.get("entity_id") and row.get("entity_name"):
            names.setdefault(str(row["entity_id"]), str(row["entity_name"]))
    if reply.get("entity_id") and "source_id" in reply:  # a region: whose document it is
        entity = Entity.objects.filter(workspace=workspace, key=reply["entity_id"]).first()
        if entity is not None and entity.display_name:
            names.setdefault(entity.key, entity.display_name)
    return _aliases(workspace, names)


def _follow_up_names(workspace: Workspace, follow_up: Mapping[str, Any] | None) -> dict[str, str]:
    if not follow_up:
        return {}
    people = [*(follow_up.get("people") or []), *(follow_up.get("close") or [])]
    names = {
        str(person["id"]): str(person["name"])
        for person in people
        if isinstance(person, Mapping) and person.get("id") and person.get("name")
    }
    return _aliases(workspace, names)
