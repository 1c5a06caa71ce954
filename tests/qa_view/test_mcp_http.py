"""The MCP server over streamable HTTP as an outside client meets it: a real socket, the SDK's own
client, each request's key checked as the API checks it, Host and Origin held to the allowed
hosts, and a binding beyond loopback refused unless asked for."""

from __future__ import annotations

import json

import anyio
import httpx
import pytest
import uvicorn
from django.core.management import CommandError, call_command
from mcp import ClientSession, types
from mcp.client.streamable_http import streamable_http_client

from limma.auth import KEY_MALFORMED, KEY_UNKNOWN
from limma.loopback import is_loopback
from limma.models import Document
from qa_view.mcp.http import KEY_MISSING
from qa_view.mcp.server import result_text
from tests.factories import make_key
from tests.qa_view.helpers import served

pytestmark = pytest.mark.django_db(transaction=True)
ALL = [
    "limma_search", "limma_facts", "limma_region",
    "limma_documents", "limma_verify", "limma_ingest", "limma_connect", "limma_connect_job",
]  # fmt: skip
INITIALIZE = {
    "jsonrpc": "2.0",
    "id": 1,
    "method": "initialize",
    "params": {
        "protocolVersion": "2025-06-18",
        "capabilities": {},
        "clientInfo": {"name": "probe", "version": "1"},
    },
}
MCP_HEADERS = {"Accept": "application/json, text/event-stream", "Content-Type": "application/json"}


def session_with(url: str, token: str | None, body):
    """Run `body(session)` in a session of the SDK's streamable HTTP client sending `token`."""
    headers = {"Authorization": f"Bearer {token}"} if token else None

    async def main():
        async with (
            httpx.AsyncClient(headers=headers, timeout=60) as http,
            streamable_http_client(url, http_client=http) as (read, write, _),
            ClientSession(read, write) as session,
        ):
            with anyio.fail_after(60):
                await session.initialize()
                return await body(session)

    return anyio.run(main)


async def tool_names(session: ClientSession) -> list[str]:
    return [tool.name for tool in (await session.list_tools()).tools]


def posted(url: str, headers: dict[str, str]) -> httpx.Response:
    return httpx.post(url, json=INITIALIZE, headers={**MCP_HEADERS, **headers}, timeout=30)


def test_each_request_is_listed_the_tools_its_own_key_may_call(directory):
    _, analyst = make_key(directory, role="analyst")
    _, viewer = make_key(directory, role="viewer")
    with served() as url:
        assert session_with(url, analyst, tool_names) == ALL
        assert session_with(url, viewer, tool_names) == ALL[:5]


def test_a_call_acts_under_the_requests_key_and_a_viewer_cannot_write(directory):
    _, viewer = make_key(directory, role="viewer")

    async def body(session: ClientSession):
        documents = await session.call_tool("limma_documents", {"limit": 1})
        ingest = await session.call_tool("limma_ingest", {"document_kind": "profile", "text": "x"})
        return documents, ingest

    with served() as url:
        documents, ingest = session_with(url, viewer, body)
    assert not documents.isError
    stored = Document.objects.filter(workspace=directory).count()
    assert json.loads(result_text(documents))["matched"]["total"] == stored
    assert ingest.isError and '"type": "write_needs_analyst_key"' in result_text(ingest)


@pytest.mark.parametrize(
    ("authorization", "reason"),
    [
        (None, KEY_MISSING),
        ("", KEY_MISSING),
        ("Bearer", KEY_MISSING),
        ("Basic dXNlcjpwYXNz", KEY_MISSING),
        ("Bearer not-a-key", KEY_MALFORMED),
        ("Bearer lk_nosuchprefix.secret", KEY_UNKNOWN),
        ("Bearer {prefix}.wrong-secret", KEY_UNKNOWN),
    ],
)
def test_a_request_without_a_valid_key_is_a_401_in_the_json_rpc_error_shape(
    directory, authorization, reason
):
    _, token = make_key(directory, role="admin")
    headers = {}
    if authorization is not None:
        headers["Authorization"] = authorization.format(prefix=token.split(".")[0])
    with served() as url:
        reply = posted(url, headers)
        accepted = posted(url, {"Authorization": f"Bearer {token}"})  # the near neighbour

    assert reply.status_code == 401
    assert reply.headers["www-authenticate"].startswith("Bearer")
    body = reply.json()
    assert body["jsonrpc"] == "2.0" and body["error"]["message"] == reason
    assert body["error"]["data"]["detail"]["type"] == "authentication_failed"
    assert accepted.status_code == 200


def test_the_sdks_client_without_a_key_is_refused_not_served(directory):
    with served() as url, pytest.RaisesGroup(httpx.HTTPStatusError, flatten_subgroups=True) as out:
        session_with(url, None, tool_names)

    assert out.value.exceptions[0].response.status_code == 401


def test_a_key_revoked_while_the_server_runs_is_refused_at_its_next_request(directory):
    key, token = make_key(directory, role="viewer")
    with served() as url:
        before = posted(url, {"Authorization": f"Bearer {token}"})
        key.revoked_at = key.created_at
        key.save()
        after = posted(url, {"Authorization": f"Bearer {token}"})

    assert before.status_code == 200
    assert after.status_code == 401 and after.json()["error"]["message"] == KEY_UNKNOWN


@pytest.mark.parametrize(
    ("headers", "status", "fault"),
    [
        ({"Host": "evil.example"}, 421, "host_not_allowed"),
        ({"Host": "evil.example:8650"}, 421, "host_not_allowed"),
        ({"Host": "127.0.0.1.evil.example"}, 421, "host_not_allowed"),
        ({"Origin": "http://evil.example"}, 403, "origin_not_allowed"),
        ({"Origin": "http://localhost.evil.example:80"}, 403, "origin_not_allowed"),
        ({"Origin": "null"}, 403, "origin_not_allowed"),
        ({"Host": "localhost:8650"}, 200, None),
        ({"Host": "[::1]:8650"}, 200, None),
        ({"Origin": "http://127.0.0.1:8650"}, 200, None),
        ({"Origin": "https://localhost"}, 200, None),
    ],
)
def test_host_and_origin_are_held_to_loopback_by_default(directory, headers, status, fault):
    _, token = make_key(directory, role="viewer")
    with served() as url:
        reply = posted(url, {"Authorization": f"Bearer {token}", **headers})

    assert reply.status_code == status
    if fault:
        assert reply.json()["error"]["data"]["detail"]["type"] == fault


def test_a_foreign_host_is_refused_before_its_key_is_looked_at(directory):
    with served() as url:
        reply = posted(url, {"Host": "evil.example"})

    assert reply.status_code == 421


def test_the_allowed_hosts_setting_names_the_hosts_served(directory, settings):
    settings.LIMMA_MCP_ALLOWED_HOSTS = ["mcp.example.org"]
    _, token = make_key(directory, role="viewer")
    with served() as url:
        named = posted(url, {"Authorization": f"Bearer {token}", "Host": "mcp.example.org:443"})
        origin = posted(
            url,
            {
                "Authorization": f"Bearer {token}",
                "Host": "mcp.example.org",
                "Origin": "https://mcp.example.org",
            },
        )
        loopback = posted(url, {"Authorization": f"Bearer {token}"})

    assert named.status_code == 200 and origin.status_code == 200
    assert loopback.status_code == 421  # loopback is a default, not always allowed


@pytest.mark.parametrize(
    ("host", "loopback"),
    [
        ("127.0.0.1", True),
        ("127.0.0.2", True),
        ("localhost", True),
        ("::1", True),
        ("[::1]", True),
        ("0.0.0.0", False),
        ("::", False),
        ("192.168.1.10", False),
        ("localhost.example", False),
    ],
)
def test_what_counts_as_loopback(host, loopback):
    assert is_loopback(host) is loopback


def test_binding_beyond_loopback_is_refused_without_the_flag():
    with pytest.raises(CommandError, match="--allow-remote"):
        call_command("mcp_server", "--transport", "streamable-http", "--host", "0.0.0.0")


def test_binding_beyond_loopback_with_the_flag_says_so_at_start(monkeypatch, capsys):
    started = {}
    monkeypatch.setattr(uvicorn, "run", lambda app, **options: started.update(options))
    call_command(
        "mcp_server", "--transport", "streamable-http", "--host", "0.0.0.0", "--allow-remote"
    )

    said = capsys.readouterr().err
    assert started["host"] == "0.0.0.0"
    assert "BEYOND LOOPBACK" in said and "Authorization: Bearer" in said


def test_over_http_a_key_given_at_start_is_refused_since_each_request_brings_its_own():
    with pytest.raises(CommandError, match="each request carries its own key"):
        call_command("mcp_server", "--transport", "streamable-http", "--api-key", "lk_x.y")


def test_a_tool_call_over_http_returns_the_verbs_reply(directory):
    _, token = make_key(directory, role="viewer")

    async def body(session: ClientSession) -> types.CallToolResult:
        return await session.call_tool("limma_facts", {"relation": "based_in", "limit": 2})

    with served() as url:
        facts = session_with(url, token, body)
    assert not facts.isError
    assert facts.structuredContent["matched"]["showing"] == [1, 2]


def test_a_deeply_nested_request_over_http_gets_its_reply(directory):
    _, token = make_key(directory, role="viewer")
    value: object = "Europe"
    for _ in range(250):
        value = {"in": value}
    constraint = {"relation": "based_in", "slot": "place", "op": "eq", "value": value}
    deep = {
        "jsonrpc": "2.0",
        "id": 2,
        "method": "tools/call",
        "params": {"name": "limma_search", "arguments": {"constraints": [constraint]}},
    }
    with served() as url:
        reply = httpx.post(
            url, json=deep, headers={**MCP_HEADERS, "Authorization": f"Bearer {token}"}, timeout=60
        )

    assert reply.status_code == 200
    data = next(line for line in reply.text.splitlines() if line.startswith("data: "))
    answered = json.loads(data.removeprefix("data: "))
    assert answered["id"] == 2 and answered["result"]["isError"] is True  # the verb's 422
    assert '"type": "json_too_deep"' in answered["result"]["content"][0]["text"]
