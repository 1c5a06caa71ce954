"""Builders the Q&A page's tests share: a search's compact reply and the models that answer
the `agent` role in a test."""

from __future__ import annotations

import contextlib
import json
import socket
import threading
from collections.abc import Callable, Iterator
from typing import Any

import uvicorn

from limma.door.providers import OfflineProvider, ProviderFailure, ProviderReply
from qa_view.mcp.http import http_app
from qa_view.mcp.server import build_server
from tests.qa_view.conftest import GRETA

# --- a search's compact reply ------------------------------------------------------------------


def person(entity_id: str, name: str, place: str = "Germany") -> dict[str, Any]:
    about = {"title": "Marketing Director", "company": "Quellmark Foods", "place": place}
    return {"entity_id": entity_id, "name": name, "about": about, "why": []}


def reply(**fields: Any) -> dict[str, Any]:
    base: dict[str, Any] = {
        "detail": "compact",
        "matched": {"total": 1, "showing": [1, 1], "next_offset": None},
        "matches": [person(GRETA, "Greta Ostrander")],
        "others": {"ruled_out": 3, "not_recorded": 0, "cannot_be_placed": 0, "cannot_tell": 0},
        "complete": True,
        "incomplete_because": {},
    }
    return base | fields


def niche(**fields: Any) -> dict[str, Any]:
    counts = {"matched": 1, "none": 0, "undetermined": 0, "not_recorded": 0}
    criterion = {"address": "crit_0123456789abcdef", "status": "complete", "counts": counts}
    return reply(**({"criterion": criterion, "candidates": 120, "close": {"total": 0}} | fields))


# --- models of the agent role ------------------------------------------------------------------


class FakeAgent:
    """The `agent` role answered by `steps(turn)`; every other role by the offline rules."""

    name = "fake"
    paid = False

    def __init__(self, steps: Callable[[int], dict[str, Any]]) -> None:
        self.steps = steps
        self.turn = 0
        self.offline = OfflineProvider()

    def available(self, role: str) -> bool:
        return role == "agent" or self.offline.available(role)

    def complete(self, *, spec, request, model, timeout, max_retries, max_tokens) -> ProviderReply:
        if spec.name != "agent":
            return self.offline.complete(
                spec=spec,
                request=request,
                model=model,
                timeout=timeout,
                max_retries=max_retries,
                max_tokens=max_tokens,
            )
        self.turn += 1
        return ProviderReply(content=json.dumps(self.steps(self.turn)))


def search_call(number: int, **arguments: Any) -> dict[str, Any]:
    return {
        "content": None,
        "tool_calls": [{"id": f"call-{number}", "name": "limma_search", "arguments": arguments}],
    }


class Turns:
    """A model that answers each turn from a list (the last reply repeats), or fails."""

    name = "scripted"

    def __init__(self, *replies: dict[str, Any], fail: str = "", paid: bool = False) -> None:
        self.replies = replies
        self.fail = fail
        self.paid = paid
        self.requests: list[Any] = []

    def available(self, role: str) -> bool:
        return role == "agent"

    def complete(self, *, spec, request, model, timeout, max_retries, max_tokens) -> ProviderReply:
        self.requests.append(request)
        if self.fail:
            raise ProviderFailure(self.fail, "a-model said 529")
        reply = self.replies[min(len(self.requests), len(self.replies)) - 1]
        return ProviderReply(reply if isinstance(reply, str) else json.dumps(reply))


def calls(*asked: tuple[str, dict[str, Any]]) -> dict[str, Any]:
    return {
        "content": None,
        "tool_calls": [
            {"id": f"call-{n}", "name": name, "arguments": arguments}
            for n, (name, arguments) in enumerate(asked, start=1)
        ],
    }


@contextlib.contextmanager
def served(listed: list[str] | None = None) -> Iterator[str]:
    """The MCP HTTP app (each request's own key) on a loopback socket bound and listening before
    uvicorn starts, so the first request waits in the socket's backlog rather than the test
    waiting for the server. Leaving it shuts the server down, which waits for a cancelled call's
    read to end."""
    sock = socket.socket()
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.bind(("127.0.0.1", 0))
    sock.listen(16)
    port = sock.getsockname()[1]
    server = uvicorn.Server(
        uvicorn.Config(http_app(build_server(None, listed)), log_level="warning")
    )
    thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{port}/mcp/"
    finally:
        server.should_exit = True
        thread.join(timeout=60)
        sock.close()
