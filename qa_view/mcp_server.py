"""The verbs as an MCP tool server (the official `mcp` SDK, 1.x): stdio and streamable HTTP.

The server is built for ONE configured API key. Its tool list is the registry's tools that key
may call, of the deployment's tool list (LIMMA_MCP_TOOLS, default all six): an agent is never
shown a tool it may not call. Every call runs through qa_view.tools.call_tool under that key, so
it has exactly the HTTP verb's permissions and reply. A refusal reaches the agent as a tool error
whose text is the verb's own body behind the prefix the SDK's FastMCP gives a failed tool:
`Error executing tool limma_search: {"status": 503, ...}`.

The low-level `Server` is used rather than FastMCP because the list is built per key from the
registry's own JSON schemas (FastMCP derives a schema from a function's signature).
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from typing import Any

from asgiref.sync import sync_to_async
from django.conf import settings
from django.db import connections
from mcp import types
from mcp.server.lowlevel import Server

from limma.auth import KEY_UNKNOWN
from limma.ids import new_request_id
from limma.models import ApiKey
from qa_view.tools import (
    READ,
    REGISTRY,
    ToolResult,
    call_tool,
    error_text,
    refusal,
    tools_for,
)

SERVER_NAME = "limma"
# Where the HTTP transport's key check leaves the request's key, in the ASGI scope.
KEY_SCOPE = "limma.api_key"
INSTRUCTIONS = (
    "Limma answers questions over a directory of people and their documents, with proof. "
    "limma_search finds people (a closed set with whole counts); limma_facts enumerates one "
    "relation's rows with receipts; limma_region reads a receipt's span back byte for byte. "
    "Page with offset=matched.next_offset until it is null."
)


def listed_tools() -> list[str]:
    """The deployment's tool list (LIMMA_MCP_TOOLS: comma-separated names; default all)."""
    raw = getattr(settings, "LIMMA_MCP_TOOLS", "") or ""
    names = [name.strip() for name in raw.split(",") if name.strip()]
    return [name for name in names if name in REGISTRY] if names else list(REGISTRY)


def mcp_tool(name: str) -> types.Tool:
    tool = REGISTRY[name]
    schema = json.loads(json.dumps(tool.input_schema))
    schema.setdefault("properties", {})["workspace_id"] = {
        "type": "string",
        "description": "The workspace; default: the key's own.",
    }
    read = tool.tier == READ
    return types.Tool(
        name=name,
        description=tool.description,
        inputSchema=schema,
        annotations=types.ToolAnnotations(
            readOnlyHint=read, destructiveHint=name == "limma_connect", openWorldHint=False
        ),
    )


def build_server(key: ApiKey | None, listed: Iterable[str] | None = None) -> Server:
    """An MCP server whose every call acts under `key` (None: the key each HTTP request brought),
    listing only what that key may call."""
    offered = listed_tools() if listed is None else list(listed)
    server: Server = Server(SERVER_NAME, instructions=INSTRUCTIONS)

    def caller() -> ApiKey | None:
        if key is not None:
            return key
        request = server.request_context.request
        return request.scope.get(KEY_SCOPE) if request is not None else None

    @server.list_tools()
    async def list_tools() -> list[types.Tool]:
        current = caller()
        names = [tool.name for tool in tools_for(current, offered)] if current else []
        return [mcp_tool(name) for name in names]

    @server.call_tool(validate_input=False)  # the verb's own serializer validates, as over HTTP
    async def call(name: str, arguments: dict[str, Any]) -> types.CallToolResult:
        current = caller()
        if current is None:  # not reached over HTTP: the key check refuses such a request first
            result = refusal(401, "", {"type": "authentication_failed", "reason": KEY_UNKNOWN})
        else:
            names = [tool.name for tool in tools_for(current, offered)]
            result = await sync_to_async(run_call, thread_sensitive=False)(
                current, names, name, arguments
            )
        if not result.ok:
            text = error_text(name, result.result)
            return types.CallToolResult(
                content=[types.TextContent(type="text", text=text)], isError=True
            )
        text = json.dumps(result.result, ensure_ascii=False, default=str)
        return types.CallToolResult(
            content=[types.TextContent(type="text", text=text)],
            structuredContent=result.result,
            isError=False,
        )

    return server


def run_call(key: ApiKey, offered: list[str], name: str, arguments: dict[str, Any]) -> ToolResult:
    """One call under `key`, in the key's workspace unless the call names another. It runs on a
    worker thread of its own and closes that thread's connection after, as a request would."""
    try:
        return call_under(key, offered, name, arguments)
    finally:
        connections.close_all()


def call_under(key: ApiKey, offered: list[str], name: str, arguments: dict[str, Any]) -> ToolResult:
    current = ApiKey.objects.active().select_related("workspace").filter(pk=key.pk).first()
    if current is None:  # revoked while the server runs: refused as the HTTP verb refuses it
        detail = {"type": "authentication_failed", "reason": KEY_UNKNOWN}
        return refusal(401, REGISTRY[name].path if name in REGISTRY else "", detail)
    return call_tool(
        name,
        arguments,
        key=current,
        workspace=current.workspace,
        request_id=new_request_id(),
        offered=offered,
        workspace_fixed=False,
    )


def result_text(result: types.CallToolResult) -> str:
    """The text of a tool result, as an agent loop hands it to the model."""
    return "\n".join(part.text for part in result.content if isinstance(part, types.TextContent))


async def serve_stdio(server: Server) -> None:
    from mcp.server.stdio import stdio_server

    async with stdio_server() as (read, write):
        await server.run(read, write, server.create_initialization_options())
