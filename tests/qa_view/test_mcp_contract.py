"""What an MCP client relies on, checked with the SDK's own client (in process, and the stdio
command as a subprocess): every tool's output schema is the verb's reply and the replies fit it,
input schemas as strict as the verbs, refusals that name their real reason, the workspace's pack
and vocabulary as resources, the console's modes as prompts, Limma's version in serverInfo, and
a reply to every line, the ones that fail to parse included."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import anyio
import pytest
from mcp import ClientSession, StdioServerParameters
from mcp.client.stdio import stdio_client
from mcp.shared.exceptions import McpError
from mcp.shared.memory import create_connected_server_and_client_session

from limma.version import limma_version
from qa_view.agent.tools import READ_ONLY_TOOLS, REGISTRY
from qa_view.console.modes import MODES, system_for
from qa_view.mcp.context import PACK_URI, VOCABULARY_URI
from qa_view.mcp.server import build_server, result_text
from tests.factories import make_key
from tests.qa_view.conftest import EUROPE
from tests.qa_view.scratch_store import scratch_store_made

ROOT = Path(__file__).resolve().parents[2]
pytestmark = pytest.mark.django_db(transaction=True)


def session_run(server, body):
    out = {}

    async def main():
        async with create_connected_server_and_client_session(server) as session:
            out["value"] = await body(session)

    anyio.run(main)
    return out["value"]


def refusal_detail(result) -> dict:
    assert result.isError
    return json.loads(result_text(result).split(": ", 1)[1])["detail"]


def test_every_tool_has_the_verbs_reply_as_its_output_schema_and_its_replies_fit_it(directory):
    key, _ = make_key(directory, role="analyst")

    async def body(session: ClientSession):
        tools = (await session.list_tools()).tools
        # The SDK's client checks each structuredContent against the tool's outputSchema.
        documents = await session.call_tool("limma_documents", {"limit": 1})
        source_id = documents.structuredContent["documents"][0]["source_id"]
        replies = [
            documents,
            await session.call_tool("limma_search", {"constraints": EUROPE, "limit": 2}),
            await session.call_tool("limma_facts", {"relation": "held_role", "limit": 3}),
            await session.call_tool("limma_region", {"source_id": source_id, "start": 0, "end": 5}),
            await session.call_tool(
                "limma_ingest",
                {"entity_name": "Ada Lovelace", "document_kind": "profile", "text": "Ada."},
            ),
        ]
        return tools, replies

    tools, replies = session_run(build_server(key), body)
    assert [tool.name for tool in tools] == list(REGISTRY)
    for tool in tools:
        assert tool.outputSchema["type"] == "object" and tool.outputSchema["$defs"], tool.name
    assert [reply.isError for reply in replies] == [False] * len(replies)
    assert all(reply.structuredContent for reply in replies)


@pytest.mark.parametrize(
    ("name", "arguments", "fault"),
    [
        ("limma_search", {"constraints": EUROPE, "colour": "red"}, "colour:unknown_field"),
        ("limma_search", {"constraints": EUROPE, "limit": 100_000}, "limit:maximum"),
        ("limma_search", {"constraints": EUROPE, "limit": "2"}, "limit:type"),
        ("limma_search", {"constraints": EUROPE, "offset": -1}, "offset:minimum"),
        (
            "limma_search",
            {"constraints": [{"relation": "based_in"}]},
            "constraints.0.slot:required",
        ),
        ("limma_search", {"brief": "x" * 2001}, "brief:maxLength"),
        ("limma_facts", {"relation": "based_in", "limit": 5000}, "limit:maximum"),
        ("limma_facts", {"limit": 5}, "relation:required"),
        ("limma_region", {"source_id": 12345}, "source_id:type"),
        ("limma_region", {"source_id": "doc", "start": -5}, "start:minimum"),
        ("limma_region", {"source_id": "doc", "end": 1.5}, "end:type"),
        ("limma_documents", {"limit": 201}, "limit:maximum"),
        ("limma_documents", {"kind": "profile", "page": 2}, "page:unknown_field"),
        ("limma_documents", {"workspace_id": "w" * 33}, "workspace_id:maxLength"),
    ],
)
def test_arguments_outside_the_tools_schema_are_refused_naming_the_field(
    directory, name, arguments, fault
):
    key, _ = make_key(directory, role="viewer")

    async def body(session: ClientSession):
        return await session.call_tool(name, arguments)

    detail = refusal_detail(session_run(build_server(key), body))
    assert detail["type"] == "invalid_request" and fault in detail["faults"]


@pytest.mark.parametrize(
    ("name", "arguments"),
    [
        ("limma_search", {"constraints": EUROPE, "limit": 200, "offset": 0}),
        ("limma_facts", {"relation": "based_in", "limit": 1000}),
        ("limma_documents", {"kind": "profile", "limit": 200}),
        ("limma_documents", {"workspace_id": "w" * 32}),  # at the limit: the verb decides (404)
    ],
)
def test_arguments_at_the_limits_pass_the_schema(directory, name, arguments):
    key, _ = make_key(directory, role="viewer")

    async def body(session: ClientSession):
        return await session.call_tool(name, arguments)

    result = session_run(build_server(key), body)
    if result.isError:
        assert refusal_detail(result)["type"] != "invalid_request"


def test_refusals_name_their_real_reason(directory, settings):
    settings.LIMMA_MCP_TOOLS = ",".join(READ_ONLY_TOOLS)
    admin, _ = make_key(directory, role="admin")
    viewer, _ = make_key(directory, role="viewer")

    async def body(session: ClientSession):
        return (
            await session.call_tool("limma_documents", {}),
            await session.call_tool("limma_nothing", {}),
        )

    left_out, unknown = session_run(build_server(admin), body)
    left = refusal_detail(left_out)
    assert left["type"] == "tool_not_offered" and "LIMMA_MCP_TOOLS" in left["reason"]
    assert "limma_documents is left out" in left["reason"]
    assert refusal_detail(unknown)["type"] == "unknown_tool"

    async def write(session: ClientSession):
        return await session.call_tool("limma_ingest", {"document_kind": "profile", "text": "x"})

    written = session_run(build_server(viewer, listed=list(REGISTRY)), write)
    assert refusal_detail(written)["type"] == "write_needs_analyst_key"


def test_the_workspaces_pack_and_vocabulary_are_resources(directory):
    key, _ = make_key(directory, role="viewer")

    async def body(session: ClientSession):
        listed = [str(resource.uri) for resource in (await session.list_resources()).resources]
        pack = await session.read_resource(PACK_URI)
        vocabulary = await session.read_resource(VOCABULARY_URI)
        with pytest.raises(McpError, match="No resource has this address"):
            await session.read_resource("limma://workspace/secrets")
        return listed, pack, vocabulary

    listed, pack, vocabulary = session_run(build_server(key), body)
    assert listed == [PACK_URI, VOCABULARY_URI]
    assert json.loads(pack.contents[0].text) == directory.pack
    places = json.loads(vocabulary.contents[0].text)["axes"]["place"]
    germany = next(term for term in places if term["name"] == "Germany")
    assert "DACH" in germany["broader"]  # the vocabulary's own: Germany sits under DACH


def test_the_consoles_three_modes_are_prompts(directory):
    key, _ = make_key(directory, role="viewer")
    question = "Who in Europe led marketing for baby formula?"

    async def body(session: ClientSession):
        listed = (await session.list_prompts()).prompts
        got = {mode: await session.get_prompt(mode, {"question": question}) for mode in MODES}
        with pytest.raises(McpError, match="needs its argument: question"):
            await session.get_prompt("answer", {})
        with pytest.raises(McpError, match="No prompt is named"):
            await session.get_prompt("poem", {"question": question})
        return listed, got

    listed, got = session_run(build_server(key), body)
    assert [prompt.name for prompt in listed] == list(MODES)
    assert all(prompt.arguments[0].name == "question" for prompt in listed)
    for mode, prompt in got.items():
        text = prompt.messages[0].content.text
        assert text.startswith(system_for(mode)) and text.endswith(question)


@pytest.fixture(scope="module")
def scratch_store(tmp_path_factory):
    """A migrated scratch SQLite store and its admin key, for the command's processes."""
    env, token = scratch_store_made(tmp_path_factory.mktemp("mcp-contract"))
    return {**env, "LIMMA_API_KEY": token}


def test_the_stdio_server_says_limmas_own_version(scratch_store):
    async def main():
        params = StdioServerParameters(
            command=sys.executable, args=[str(ROOT / "manage.py"), "mcp_server"],
            env=scratch_store, cwd=str(ROOT),
        )  # fmt: skip
        async with stdio_client(params) as (read, write), ClientSession(read, write) as session:
            with anyio.fail_after(120):
                return await session.initialize()

    started = anyio.run(main)
    assert started.serverInfo.name == "limma"
    assert started.serverInfo.version == limma_version()
    assert started.capabilities.resources and started.capabilities.prompts


def nested(depth: int) -> object:
    value: object = "Europe"
    for _ in range(depth):
        value = {"in": value}
    return value


def test_every_line_over_stdio_gets_a_reply_deep_nesting_and_garbage_included(scratch_store):
    deep = {
        "jsonrpc": "2.0", "id": 2, "method": "tools/call",
        "params": {"name": "limma_search", "arguments": {"constraints": [
            {"relation": "based_in", "slot": "place", "op": "eq", "value": nested(250)}]}},
    }  # fmt: skip
    lines = [
        {
            "jsonrpc": "2.0", "id": 1, "method": "initialize",
            "params": {"protocolVersion": "2025-06-18", "capabilities": {},
                       "clientInfo": {"name": "probe", "version": "1"}},
        },
        {"jsonrpc": "2.0", "method": "notifications/initialized"},
        deep,
        "this is not JSON",
        {"jsonrpc": "2.0", "id": 4, "method": 5},
        {"jsonrpc": "2.0", "id": 5, "method": "tools/list", "params": {}},
    ]  # fmt: skip
    sent = "".join((line if isinstance(line, str) else json.dumps(line)) + "\n" for line in lines)

    async def main() -> list[dict]:
        command = [sys.executable, str(ROOT / "manage.py"), "mcp_server"]
        async with await anyio.open_process(command, cwd=ROOT, env=scratch_store) as server:
            await server.stdin.send(sent.encode())
            replies: list[dict] = []
            buffer = b""
            with anyio.fail_after(120):  # stdin stays open until every line is answered
                while len(replies) < 5:
                    buffer += await server.stdout.receive()
                    *done, buffer = buffer.split(b"\n")
                    replies += [json.loads(line) for line in done if line.strip()]
            await server.stdin.aclose()
            return replies

    replies = anyio.run(main)
    by_id = {reply.get("id"): reply for reply in replies}
    assert set(by_id) == {1, 2, None, 4, 5}
    assert "result" in by_id[2]  # the deep request was answered (by the verb, as any other)
    assert by_id[None]["error"]["code"] == -32700
    assert by_id[4]["error"]["code"] == -32600
    assert by_id[5]["result"]["tools"]
