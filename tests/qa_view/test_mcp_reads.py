"""Niche reads an outside agent drives over MCP, with the SDK's own client: a brief that needs
reading says its plan and the call that continues it, a budget reads it, a long read tells its
progress and stops when cancelled, continuing reuses what was read (the ledger: no document paid
twice), and a viewer's brief is answered from what is stored, whatever its wording."""

from __future__ import annotations

import contextlib
import sqlite3
import sys
import threading
from collections import Counter
from pathlib import Path

import anyio
import httpx
import pytest
from mcp import ClientSession, StdioServerParameters, types
from mcp.client.stdio import stdio_client
from mcp.client.streamable_http import streamable_http_client
from mcp.shared.exceptions import McpError
from mcp.shared.memory import create_connected_server_and_client_session

from criteria.models import Judgment
from criteria.plan import LIMITS
from criteria.watch import current_watch
from limma import door
from limma.door.providers.offline import OfflineProvider
from limma.models import LedgerEntry
from qa_view.mcp.server import build_server, result_text
from tests.factories import make_key
from tests.qa_view.conftest import EUROPE, EXAMPLE_QUESTION, directory_export
from tests.qa_view.helpers import served
from tests.qa_view.scratch_store import scratch_store_made

ROOT = Path(__file__).resolve().parents[2]

pytestmark = pytest.mark.django_db(transaction=True)

# A niche nobody has read: marketing baby formula, in any market (six profiles to read).
UNREAD_BRIEF = "Who led marketing for baby formula?"
PROFILES = 6
# The read-ahead niche (marketing baby formula in European markets) in other words.
OTHER_WORDING = "Who in Europe ran marketing for baby formula in European markets?"


@pytest.fixture(autouse=True)
def _read_in_the_call(settings):
    """Reads inside the call, one by one, as a deployment without workers reads them (the test
    settings' workers would read the whole plan inline at once)."""
    settings.LIMMA = {"PROVIDER": "offline", "CRITERIA_BACKGROUND": False}


def session_run(server, body):
    out = {}

    async def main():
        async with create_connected_server_and_client_session(server) as session:
            out["value"] = await body(session)

    anyio.run(main)
    return out["value"]


def searched(server, arguments, progress=None) -> dict:
    async def body(session: ClientSession):
        return await session.call_tool("limma_search", arguments, progress_callback=progress)

    result = session_run(server, body)
    assert not result.isError, result_text(result)
    return result.structuredContent


def reader_rows_per_judgment() -> Counter[str]:
    """How many reader calls the ledger holds for each judgment (criterion and document)."""
    rows = LedgerEntry.objects.filter(role="reader").values_list("request_id", flat=True)
    return Counter(request_id.split(":")[1] for request_id in rows)


def test_a_brief_over_its_budget_says_its_plan_and_the_call_that_continues_it(
    directory, client_for
):
    key, token = make_key(directory, role="analyst")
    server = build_server(key)
    held = searched(server, {"brief": UNREAD_BRIEF, "criteria_budget": {"max_reads": 1}})

    criterion = held["criterion"]
    assert (criterion["status"], criterion["status_reason"]) == ("over_budget", "max_reads")
    assert criterion["plan"] == {
        "documents": PROFILES, "reused": 0, "to_read": PROFILES, "cost_usd": 0.0,
        "cost_basis": "offline", "calls_to_complete": 1,
    }  # fmt: skip
    again = held["continue"]
    assert again["tool"] == "limma_search" and again["reads_at_most"] == PROFILES
    assert again["with"]["criteria"] == [{"address": criterion["address"]}]
    assert again["with"]["criteria_budget"]["max_reads"] == PROFILES
    assert Judgment.objects.count() == 0  # a plan over the budget reads nothing
    # The HTTP verb says the same plan and the same call.
    verb = client_for(token).post(
        "/v1/public/search",
        {"workspace_id": directory.id, "brief": UNREAD_BRIEF, "criteria_budget": {"max_reads": 1}},
        format="json",
    )
    assert verb.status_code == 200
    assert verb.json()["criterion"]["plan"] == criterion["plan"]
    assert verb.json()["continue"] == again

    read = searched(server, again["with"])
    assert read["criterion"]["status"] == "complete" and "continue" not in read
    assert read["criterion"]["plan"]["to_read"] == PROFILES
    assert read["matched"]["total"] == read["criterion"]["counts"]["matched"] > 0
    reused = searched(server, again["with"])
    assert reused["criterion"]["plan"] == {
        **read["criterion"]["plan"],
        "reused": 6,
        "to_read": 0,
        "calls_to_complete": 0,
    }
    assert reader_rows_per_judgment() == dict.fromkeys(reader_rows_per_judgment(), 1)
    assert sum(reader_rows_per_judgment().values()) == PROFILES


def test_a_niche_no_one_call_may_read_whole_offers_no_call_to_continue(directory, monkeypatch):
    monkeypatch.setitem(LIMITS, "max_reads", PROFILES - 1)  # this deployment's limit of a call
    key, _ = make_key(directory, role="analyst")
    held = searched(build_server(key), {"brief": UNREAD_BRIEF, "criteria_budget": {"max_reads": 1}})

    assert held["criterion"]["status"] == "over_budget"
    assert held["criterion"]["plan"]["to_read"] == PROFILES
    assert "continue" not in held  # narrowing the search is the way on, not a bigger budget


def test_a_long_read_tells_the_client_how_far_it_got(directory):
    key, _ = make_key(directory, role="analyst")
    told: list[tuple[float, float | None, str | None]] = []

    async def progress(done: float, of: float | None, message: str | None) -> None:
        told.append((done, of, message))

    read = searched(build_server(key), {"brief": UNREAD_BRIEF}, progress=progress)

    assert read["criterion"]["status"] == "complete"
    assert [message for _, _, message in told] == [f"read {n} of 6" for n in range(7)]
    assert {of for _, of, _ in told} == {6.0}


class HeldAtTheSecondRead(OfflineProvider):
    """The offline reader, which holds its second read until the call's watch is told to stop:
    a read still running when the client cancels."""

    def __init__(self) -> None:
        self.reads = 0
        self.lock = threading.Lock()
        self.second_began = threading.Event()

    def complete(self, *, spec, **rest):
        if spec.name == "reader":
            with self.lock:
                self.reads += 1
                second = self.reads == 2
            if second:
                self.second_began.set()
                assert self.release().wait(timeout=60), "the read was never let go"
        return super().complete(spec=spec, **rest)

    def release(self) -> threading.Event:
        """What lets the second read go on: here the call's watch told to stop."""
        return current_watch().stop


def test_a_cancelled_read_stops_keeps_what_it_read_and_continuing_pays_nothing_twice(directory):
    key, _ = make_key(directory, role="analyst")
    server = build_server(key)
    provider = HeldAtTheSecondRead()

    async def cancelled(session: ClientSession):
        request_id = session._request_id  # the SDK makes the call's id its progress token

        async def progress(done: float, of: float | None, message: str | None) -> None:
            if done == 1:  # cancelled while the second read runs
                await anyio.to_thread.run_sync(provider.second_began.wait, 60)
                await session.send_notification(
                    types.ClientNotification(
                        types.CancelledNotification(
                            params=types.CancelledNotificationParams(
                                requestId=request_id, reason="enough"
                            )
                        )
                    )
                )

        with pytest.raises(McpError, match="Request cancelled"):
            await session.call_tool(
                "limma_search", {"brief": UNREAD_BRIEF}, progress_callback=progress
            )

    # The session ends once the cancelled call's thread has stored what it read.
    with door.use_provider(provider):
        session_run(server, cancelled)

    done = Judgment.objects.filter(state=Judgment.State.DONE).count()
    assert done == 2  # the read it was in when cancelled ends and is stored; no third began
    # What was not begun is given back: nothing is left queued or claimed for nobody.
    assert Judgment.objects.count() == 2
    assert sum(reader_rows_per_judgment().values()) == 2

    again = searched(server, {"brief": UNREAD_BRIEF, "detail": "full"})
    [block] = again["criteria"]
    assert block["status"] == "complete"
    assert (block["reads"]["reused"], block["reads"]["done"]) == (2, PROFILES - 2)
    assert reader_rows_per_judgment() == dict.fromkeys(reader_rows_per_judgment(), 1)
    assert sum(reader_rows_per_judgment().values()) == PROFILES


def test_a_viewers_brief_in_other_words_is_answered_from_what_is_stored(directory, read_ahead):
    key, _ = make_key(directory, role="viewer")
    server = build_server(key)
    before = Judgment.objects.count()

    for brief in (EXAMPLE_QUESTION, OTHER_WORDING):
        reply = searched(server, {"brief": brief})
        criterion = reply["criterion"]
        assert criterion["status"] == "complete", brief
        assert criterion["address"] == read_ahead.criteria.criterion.address
        assert criterion["found_by"] == "facets"
        assert criterion["plan"]["to_read"] == 0
        names = {match["name"] for match in reply["matches"]}
        assert names == {"Greta Ostrander", "Margaux Delacroix"}
    assert Judgment.objects.count() == before  # nothing read, nothing queued


def test_a_viewers_brief_nothing_stored_fits_says_so_and_is_no_refusal(directory, read_ahead):
    key, _ = make_key(directory, role="viewer")
    reply = searched(build_server(key), {"brief": UNREAD_BRIEF, "constraints": EUROPE})

    criterion = reply["criterion"]
    assert (criterion["status"], criterion["status_reason"]) == (
        "not_run",
        "reuse_only_criterion_unknown",
    )
    assert reply["matched"]["total"] == 0 and reply["complete"] is False
    assert "continue" not in reply  # a viewer key reads nothing: no call to continue with
    assert Judgment.objects.filter(criterion__address=criterion["address"]).count() == 0


# --- over the SDK's transports: streamable HTTP on a real socket, and the stdio command -------


def cancel_request(request_id: int) -> types.ClientNotification:
    return types.ClientNotification(
        types.CancelledNotification(
            params=types.CancelledNotificationParams(requestId=request_id, reason="enough")
        )
    )


async def in_session(url: str, token: str, body):
    """Run `body(session)` in a session of the SDK's streamable HTTP client on `url`."""
    async with (
        httpx.AsyncClient(headers={"Authorization": f"Bearer {token}"}, timeout=60) as http,
        streamable_http_client(url, http_client=http) as (read, write, _),
        ClientSession(read, write) as session,
    ):
        await session.initialize()
        return await body(session)


def over_http(token: str, body):
    """Run `body(session)` in a session of the SDK's streamable HTTP client on a served app."""

    async def main():
        with served() as url:
            return await in_session(url, token, body)

    return anyio.run(main)


def test_over_streamable_http_a_read_is_planned_told_stopped_and_continued(directory):
    """The HTTP server is stateless (each request its own key): a call stops when its request
    is closed, as the SDK's client closes it when the caller gives up and leaves the session."""
    _, token = make_key(directory, role="analyst")
    provider = HeldAtTheSecondRead()
    told: list[str | None] = []

    async def planned_then_cancelled(session: ClientSession):
        held = await session.call_tool(
            "limma_search", {"brief": UNREAD_BRIEF, "criteria_budget": {"max_reads": 1}}
        )
        again = held.structuredContent["continue"]["with"]

        async with anyio.create_task_group() as calls:

            async def progress(done: float, of: float | None, message: str | None) -> None:
                told.append(message)
                if done == 1:  # given up while the second read runs
                    await anyio.to_thread.run_sync(provider.second_began.wait, 60)
                    calls.cancel_scope.cancel()

            async def call() -> None:
                await session.call_tool("limma_search", again, progress_callback=progress)

            calls.start_soon(call)
        return held.structuredContent

    with door.use_provider(provider):
        held = over_http(token, planned_then_cancelled)

    assert held["criterion"]["status"] == "over_budget"
    assert held["criterion"]["plan"]["to_read"] == PROFILES
    assert told == ["read 0 of 6", "read 1 of 6"]
    assert Judgment.objects.filter(state=Judgment.State.DONE).count() == Judgment.objects.count()
    assert Judgment.objects.count() == 2

    async def continued(session: ClientSession):
        return await session.call_tool(
            "limma_search", {**held["continue"]["with"], "detail": "full"}
        )

    [block] = over_http(token, continued).structuredContent["criteria"]
    assert block["status"] == "complete"
    assert (block["reads"]["reused"], block["reads"]["done"]) == (2, PROFILES - 2)
    assert reader_rows_per_judgment() == dict.fromkeys(reader_rows_per_judgment(), 1)
    assert sum(reader_rows_per_judgment().values()) == PROFILES


def test_over_streamable_http_a_cancel_notification_stops_the_read_it_names(directory):
    """The cancel is a POST of its own on the stateless server: it still stops its call's read
    after the read it is in, what was read is kept and paid once, and the call answers as the
    SDK answers a cancel over stdio."""
    _, token = make_key(directory, role="analyst")
    provider = HeldAtTheSecondRead()
    told: list[str | None] = []

    async def cancelled(session: ClientSession):
        request_id = session._request_id  # the SDK makes the call's id its progress token

        async def progress(done: float, of: float | None, message: str | None) -> None:
            told.append(message)
            if done == 1:  # cancelled while the second read runs
                await anyio.to_thread.run_sync(provider.second_began.wait, 60)
                await session.send_notification(cancel_request(request_id))

        with pytest.raises(McpError, match="Request cancelled"):
            await session.call_tool(
                "limma_search", {"brief": UNREAD_BRIEF}, progress_callback=progress
            )

    # Leaving the server waits for the cancelled call's read to end.
    with door.use_provider(provider):
        over_http(token, cancelled)

    assert told == ["read 0 of 6", "read 1 of 6"]
    assert Judgment.objects.filter(state=Judgment.State.DONE).count() == 2
    assert Judgment.objects.count() == 2  # no third began; nothing left queued or claimed
    assert reader_rows_per_judgment() == dict.fromkeys(reader_rows_per_judgment(), 1)
    assert sum(reader_rows_per_judgment().values()) == 2

    async def again(session: ClientSession):
        return await session.call_tool("limma_search", {"brief": UNREAD_BRIEF, "detail": "full"})

    [block] = over_http(token, again).structuredContent["criteria"]
    assert (block["reads"]["reused"], block["reads"]["done"]) == (2, PROFILES - 2)
    assert sum(reader_rows_per_judgment().values()) == PROFILES


class HeldUntilReleased(HeldAtTheSecondRead):
    """The offline reader, which holds its second read until the test releases it."""

    def __init__(self) -> None:
        super().__init__()
        self.released = threading.Event()

    def release(self) -> threading.Event:
        return self.released


def test_over_streamable_http_a_cancel_from_another_key_or_for_no_running_call_stops_nothing(
    directory,
):
    _, token = make_key(directory, role="analyst")
    _, other_token = make_key(directory, role="analyst")
    provider = HeldUntilReleased()
    told: list[str | None] = []

    async def not_cancelled(session: ClientSession, url: str):
        request_id = session._request_id

        async def cancel_as(bearer: str, cancelled_id: int) -> int:
            notification = cancel_request(cancelled_id).model_dump(by_alias=True, mode="json")
            async with httpx.AsyncClient(timeout=60) as http:
                sent = await http.post(
                    url,
                    json={"jsonrpc": "2.0", **notification},
                    headers={
                        "Authorization": f"Bearer {bearer}",
                        "Accept": "application/json, text/event-stream",
                    },
                )
            return sent.status_code

        async def progress(done: float, of: float | None, message: str | None) -> None:
            told.append(message)
            if done == 1:  # while the second read is held
                await anyio.to_thread.run_sync(provider.second_began.wait, 60)
                assert await cancel_as(other_token, request_id) == 202  # the same id, not its key
                assert await cancel_as(token, request_id + 1000) == 202  # an id not running
                provider.released.set()

        return await session.call_tool(
            "limma_search", {"brief": UNREAD_BRIEF}, progress_callback=progress
        )

    async def main():
        with served() as url:
            return await in_session(url, token, lambda session: not_cancelled(session, url))

    with door.use_provider(provider):
        read = anyio.run(main)

    assert not read.isError, result_text(read)
    assert read.structuredContent["criterion"]["status"] == "complete"
    assert told == [f"read {n} of 6" for n in range(7)]
    assert Judgment.objects.filter(state=Judgment.State.DONE).count() == PROFILES
    assert sum(reader_rows_per_judgment().values()) == PROFILES


@pytest.fixture(scope="module")
def loaded_store(tmp_path_factory):
    """A scratch store the stdio command runs on, the directory loaded through limma_connect."""
    folder = tmp_path_factory.mktemp("mcp-reads-store")
    env, token = scratch_store_made(folder)
    env = {**env, "LIMMA_API_KEY": token, "LIMMA_CRITERIA_BACKGROUND": "0"}

    async def load(session: ClientSession):
        return await session.call_tool("limma_connect", directory_export())

    loaded = over_stdio(env, load)
    assert not loaded.isError, result_text(loaded)
    return env, folder / "limma.sqlite3"


def over_stdio(env: dict[str, str], body):
    """Run `body(session)` in a session of the SDK's stdio client on `manage.py mcp_server`;
    the session ends when the command has exited."""

    async def main():
        params = StdioServerParameters(
            command=sys.executable, args=[str(ROOT / "manage.py"), "mcp_server"], env=env,
            cwd=str(ROOT),
        )  # fmt: skip
        async with stdio_client(params) as (read, write), ClientSession(read, write) as session:
            with anyio.fail_after(120):
                await session.initialize()
            return await body(session)

    return anyio.run(main)


def store_rows(database: Path, query: str) -> list[tuple]:
    with contextlib.closing(sqlite3.connect(database)) as connection:
        return connection.execute(query).fetchall()


def test_over_stdio_a_read_is_planned_told_cancelled_and_continued_paying_nothing_twice(
    loaded_store,
):
    """The command as a desktop assistant starts it. Where the cancel lands depends on the
    process; whatever was read before it is stored once, and the continue reads the rest."""
    env, database = loaded_store
    told: list[str | None] = []

    async def planned_then_cancelled(session: ClientSession):
        held = await session.call_tool(
            "limma_search", {"brief": UNREAD_BRIEF, "criteria_budget": {"max_reads": 1}}
        )
        again = held.structuredContent["continue"]["with"]
        request_id = session._request_id

        async def progress(done: float, of: float | None, message: str | None) -> None:
            told.append(message)
            if done == 1:
                await session.send_notification(cancel_request(request_id))

        with contextlib.suppress(McpError):  # cancelled, unless every read ended first
            await session.call_tool("limma_search", again, progress_callback=progress)
        return held.structuredContent

    held = over_stdio(env, planned_then_cancelled)

    assert held["criterion"]["plan"]["to_read"] == PROFILES
    assert told[:2] == ["read 0 of 6", "read 1 of 6"]
    judged = store_rows(database, "SELECT state FROM criteria_judgment")
    assert judged and {state for (state,) in judged} == {"done"}  # nothing left queued or held

    async def continued(session: ClientSession):
        return await session.call_tool(
            "limma_search", {**held["continue"]["with"], "detail": "full"}
        )

    [block] = over_stdio(env, continued).structuredContent["criteria"]
    assert block["status"] == "complete"
    assert (block["reads"]["reused"], block["reads"]["done"]) == (
        len(judged),
        PROFILES - len(judged),
    )
    reads = store_rows(database, "SELECT request_id FROM limma_ledgerentry WHERE role='reader'")
    per_judgment = Counter(request_id.split(":")[1] for (request_id,) in reads)
    assert len(per_judgment) == PROFILES and set(per_judgment.values()) == {1}
