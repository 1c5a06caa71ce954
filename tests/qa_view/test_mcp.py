"""The verbs as MCP tools, over a real MCP client session: the SDK's in-process client, and one
stdio subprocess (`manage.py mcp_server`) against a scratch SQLite store."""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
from pathlib import Path

import anyio
import httpx
import pytest
from mcp import ClientSession, StdioServerParameters, types
from mcp.client.stdio import stdio_client
from mcp.client.streamable_http import streamable_http_client
from mcp.shared.memory import create_connected_server_and_client_session

from limma import door
from limma.models import ConnectJob, Entity
from limma.tasks import connect_job_run
from qa_view.agent.tools import READ, READ_ONLY_TOOLS, REGISTRY
from qa_view.mcp.server import build_server, result_text
from tests.factories import make_key, make_workspace
from tests.qa_view.conftest import EUROPE, directory_export
from tests.qa_view.scratch_store import scratch_store_made

ROOT = Path(__file__).resolve().parents[2]
ALL = list(REGISTRY)  # every tool the server may list, in the registry's order
READS = [name for name, tool in REGISTRY.items() if tool.tier == READ]
# The SDK's client runs the server's calls on another thread: the rows must be committed.
pytestmark = pytest.mark.django_db(transaction=True)


def session_run(server, body):
    """Open an in-process client session on `server` and run `body(session)` in it."""
    out = {}

    async def main():
        async with create_connected_server_and_client_session(server) as session:
            out["value"] = await body(session)

    anyio.run(main)
    return out["value"]


def listed(server) -> list[types.Tool]:
    async def body(session: ClientSession):
        return (await session.list_tools()).tools

    return session_run(server, body)


def called(server, name, arguments) -> types.CallToolResult:
    async def body(session: ClientSession):
        return await session.call_tool(name, arguments)

    return session_run(server, body)


def test_an_analyst_key_is_listed_every_tool_in_tiers(directory):
    key, _ = make_key(directory, role="analyst")
    tools = listed(build_server(key))

    assert [tool.name for tool in tools] == ALL
    assert ALL[: len(READS)] == READS  # the reads first, then the writes
    read_only = {tool.name: tool.annotations.readOnlyHint for tool in tools}
    # A job's state is only read, though who may read it follows its verb's (write) tier.
    assert read_only == {name: name in READS or name == "limma_connect_job" for name in ALL}
    search = tools[0]
    assert "constraints" in search.description and "next_offset" in search.description
    assert "compile_unavailable" in search.description


def test_a_viewer_key_is_never_shown_a_tool_it_may_not_call(directory):
    key, _ = make_key(directory, role="viewer")

    assert [tool.name for tool in listed(build_server(key))] == READS


def test_the_tool_list_setting_narrows_the_list_and_a_call_outside_it_is_refused(
    directory, settings
):
    settings.LIMMA_MCP_TOOLS = ",".join(READ_ONLY_TOOLS)
    key, _ = make_key(directory, role="admin")
    server = build_server(key)

    assert [tool.name for tool in listed(server)] == list(READ_ONLY_TOOLS)
    refused = called(server, "limma_ingest", {"document_kind": "profile", "text": "x"})
    assert refused.isError
    detail = json.loads(result_text(refused).split(": ", 1)[1])["detail"]
    assert detail["type"] == "tool_not_offered" and "LIMMA_MCP_TOOLS" in detail["reason"]


def test_a_search_over_mcp_is_the_verbs_reply_and_pages_as_the_verb_pages(directory):
    key, _ = make_key(directory, role="viewer")
    server = build_server(key)
    first = called(server, "limma_search", {"constraints": EUROPE, "limit": 2})
    body = json.loads(result_text(first))

    assert not first.isError
    assert body["matched"]["total"] > 2 and body["matched"]["next_offset"] == 2
    assert len(body["matches"]) == 2
    last = called(
        server,
        "limma_search",
        {"constraints": EUROPE, "limit": 2, "offset": body["matched"]["total"] - 1},
    )
    assert json.loads(result_text(last))["matched"]["next_offset"] is None


def test_a_viewer_key_cannot_write_even_when_it_names_the_tool(directory, settings):
    settings.LIMMA_MCP_TOOLS = ""
    key, _ = make_key(directory, role="viewer")
    server = build_server(key, listed=ALL)  # listed by hand: the key still decides
    result = called(server, "limma_ingest", {"document_kind": "profile", "text": "Hello."})

    assert result.isError  # the verb's own refusal: the key's role, not the server's list
    assert '"type": "write_needs_analyst_key"' in result_text(result)


def test_an_analyst_key_ingests_with_the_verbs_reply(directory):
    key, _ = make_key(directory, role="analyst")
    result = called(
        build_server(key),
        "limma_ingest",
        {"entity_name": "Ada Lovelace", "document_kind": "profile", "text": "Ada wrote notes."},
    )
    body = json.loads(result_text(result))

    assert not result.isError and body["entity_name"] == "Ada Lovelace" and body["chars"] == 16


def test_another_workspace_is_refused_with_the_verbs_body(directory):
    key, _ = make_key(directory, role="viewer")
    result = called(
        build_server(key), "limma_facts", {"workspace_id": "ws_other", "relation": "based_in"}
    )

    assert result.isError
    assert result_text(result).startswith('Error executing tool limma_facts: {"status": 404')


def test_with_no_model_to_compile_the_brief_the_agent_gets_the_verbs_503_exactly(directory):
    key, _ = make_key(directory, role="viewer")
    with door.use_provider(door.ScriptedProvider()):
        result = called(
            build_server(key),
            "limma_search",
            {"workspace_id": directory.id, "brief": "VP-level Sales leaders in DACH."},
        )

    assert result.isError is True
    assert result_text(result) == (
        'Error executing tool limma_search: {"status": 503, "path": "/v1/public/search", '
        '"detail": {"type": "compile_unavailable", "reason": "compile requires a model; pass '
        'constraints"}}'
    )


def test_a_revoked_key_is_refused_on_its_next_call(directory):
    key, _ = make_key(directory, role="viewer")
    server = build_server(key)
    key.revoked_at = key.created_at
    key.save()
    result = called(server, "limma_facts", {"relation": "based_in"})

    assert result.isError and '"status": 401' in result_text(result)


@pytest.fixture(scope="module")
def scratch_store(tmp_path_factory):
    """A migrated scratch SQLite store and its admin key's token, for the command's processes."""
    return scratch_store_made(tmp_path_factory.mktemp("mcp-store"))


def test_manage_py_mcp_server_over_stdio(scratch_store):
    """The command a desktop assistant starts: one session over stdio."""
    env, token = scratch_store

    async def main():
        params = StdioServerParameters(
            command=sys.executable, args=[str(ROOT / "manage.py"), "mcp_server"],
            env={**env, "LIMMA_API_KEY": token}, cwd=str(ROOT),
        )  # fmt: skip
        async with stdio_client(params) as (read, write), ClientSession(read, write) as session:
            with anyio.fail_after(120):
                await session.initialize()
            names = [tool.name for tool in (await session.list_tools()).tools]
            documents = await session.call_tool("limma_documents", {})
            return names, documents

    names, documents = anyio.run(main)
    assert names == ALL
    assert not documents.isError
    assert json.loads(result_text(documents))["matched"]["total"] == 0


def test_manage_py_mcp_server_over_streamable_http(scratch_store):
    """The same tools over streamable HTTP on a loopback port, the tool list narrowed by --tools."""
    env, token = scratch_store
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    command = [sys.executable, str(ROOT / "manage.py"), "mcp_server", "--transport",
               "streamable-http", "--port", str(port),
               "--tools", "limma_search,limma_documents"]  # fmt: skip
    server = subprocess.Popen(command, cwd=ROOT, env=env, stderr=subprocess.PIPE, text=True)
    try:
        # The command says where it listens once the app is built; uvicorn then binds.
        assert "loopback only" in server.stderr.readline()
        url = f"http://127.0.0.1:{port}/mcp/"

        async def main():
            for _ in range(200):  # bounded: until uvicorn has bound the port
                try:
                    with socket.create_connection(("127.0.0.1", port), timeout=1):
                        break
                except OSError:
                    await anyio.sleep(0.05)
            headers = {"Authorization": f"Bearer {token}"}
            async with (
                httpx.AsyncClient(headers=headers, timeout=60) as http,
                streamable_http_client(url, http_client=http) as (read, write, _),
                ClientSession(read, write) as session,
            ):
                await session.initialize()
                names = [tool.name for tool in (await session.list_tools()).tools]
                return names, await session.call_tool("limma_documents", {"limit": 1})

        names, documents = anyio.run(main)
    finally:
        server.terminate()
        server.wait(timeout=30)
    assert names == ["limma_search", "limma_documents"]
    assert json.loads(result_text(documents))["matched"] == {
        "total": 0, "showing": None, "next_offset": None,
    }  # fmt: skip


def test_on_a_store_never_migrated_the_command_says_so_and_how_to_mend_it(tmp_path):
    env = {k: v for k, v in os.environ.items() if k != "DATABASE_URL"}
    env |= {"LIMMA_VAR_DIR": str(tmp_path), "DJANGO_SETTINGS_MODULE": "limma.settings"}
    ran = subprocess.run(
        [sys.executable, str(ROOT / "manage.py"), "mcp_server", "--api-key", "lk_a.b"],
        check=False, cwd=ROOT, env=env, capture_output=True, text=True, timeout=120,
    )  # fmt: skip

    assert ran.returncode == 1 and "Traceback" not in ran.stderr
    assert "never migrated" in ran.stderr and "manage.py migrate" in ran.stderr


def test_the_readmes_stdio_snippet_starts_the_demos_server_with_tools_that_exist():
    readme = (ROOT / "README.md").read_text()
    section = readme.split("## The verbs as MCP tools", 1)[1]
    snippet = json.loads(section.split("```json\n", 1)[1].split("```", 1)[0])
    server = snippet["mcpServers"]["limma"]

    assert server["command"] == "/path/to/limma/scripts/on-demo"
    assert server["args"] == ["mcp_server"]
    assert set(server["env"]["LIMMA_MCP_TOOLS"].split(",")) == set(READ_ONLY_TOOLS)


def test_a_connect_over_the_verbs_bound_is_a_job_the_status_tool_reads(settings, monkeypatch):
    """As the HTTP verb answers 202: the load is the workers', the call answers at once."""
    handed: list[tuple] = []
    monkeypatch.setattr("limma.services.connect_job.async_task", lambda *task: handed.append(task))
    settings.LIMMA_CONNECT_INLINE_ROWS = 1
    workspace = make_workspace("Loaded later")
    server = build_server(make_key(workspace, role="analyst")[0])

    started = called(server, "limma_connect", directory_export())

    assert not started.isError
    job = started.structuredContent
    assert job["state"] == "queued" and job["result"] is None
    assert job["status_url"] == f"/v1/public/connect/jobs/{job['job_id']}"
    assert not Entity.objects.filter(workspace=workspace).exists()  # nothing loaded in the call
    [(_, job_pk)] = handed
    assert connect_job_run(job_pk) == "done"
    status = called(server, "limma_connect_job", {"job_id": job["job_id"]})
    assert not status.isError
    done = status.structuredContent
    assert done["state"] == "done" and done["refusal"] is None
    assert done["result"]["entities"]["total"] == Entity.objects.filter(workspace=workspace).count()
    assert done["progress"]["rows_checked"] == done["progress"]["rows_total"] > 1


def test_another_workspaces_connect_job_is_as_unknown_as_none(directory, settings, monkeypatch):
    monkeypatch.setattr("limma.services.connect_job.async_task", lambda *task: None)
    settings.LIMMA_CONNECT_INLINE_ROWS = 1
    other = make_workspace("Other")
    job = called(
        build_server(make_key(other, role="admin")[0]), "limma_connect", directory_export()
    ).structuredContent
    server = build_server(make_key(directory, role="analyst")[0])

    for job_id in (job["job_id"], "cj_nobody"):
        refused = called(server, "limma_connect_job", {"job_id": job_id})
        assert refused.isError and '"type": "connect_job_unknown"' in result_text(refused)
    assert ConnectJob.objects.get().state == "queued"
