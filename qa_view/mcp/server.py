"""The verbs as an MCP tool server (the official `mcp` SDK, 1.x): stdio and streamable HTTP.

Over stdio the server acts under ONE configured API key; over streamable HTTP every request
brings its own (`Authorization: Bearer`, checked per request by qa_view.mcp.http, which hands the
key on in the request's scope). The tool list is the registry's tools that key may call, of the
deployment's tool list (LIMMA_MCP_TOOLS, default all): an agent is never shown a tool it may not
call. A call is first held to the tool's input schema (qa_view.mcp.schemas: as strict as the
verb) and to what the server offers, each refusal naming its reason; then it runs through
qa_view.agent.tools.call_tool under that key, so it has exactly the HTTP verb's permissions and
reply. A refusal reaches the agent as a tool error whose text is the verb's own body behind the
prefix the SDK's FastMCP gives a failed tool:
`Error executing tool limma_search: {"status": 503, ...}`.
Beside the tools: the workspace's pack and vocabulary as resources, the console's modes as
prompts (qa_view.mcp.context), Limma's own version in serverInfo. A niche read inside a call
tells its progress to a client that sent a progressToken and stops when the call is cancelled
(qa_view.mcp.progress); over streamable HTTP the cancel, a request of its own, reaches the call
through the HTTP layer, which hands the call a cancel scope in the request's scope.

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
from mcp.server.lowlevel.helper_types import ReadResourceContents
from mcp.shared.exceptions import McpError
from pydantic import AnyUrl

from criteria.watch import Watch, watching
from limma.auth import KEY_UNKNOWN, WRITE_NEEDS_ANALYST
from limma.ids import new_request_id
from limma.models import ApiKey
from limma.version import limma_version
from qa_view.agent.tools import (
    ARGUMENTS_NOT_AN_OBJECT,
    REGISTRY,
    ToolResult,
    call_tool,
    error_text,
    refusal,
    tools_for,
)
from qa_view.mcp import context as mcp_context
from qa_view.mcp.progress import watched
from qa_view.mcp.schemas import input_faults, input_schema, output_schema

SERVER_NAME = "limma"
# Where the HTTP transport's key check leaves the request's key, in the ASGI scope.
KEY_SCOPE = "limma.api_key"
# Where it leaves a tool call's cancel scope, cancelled when the call's cancel arrives.
CANCEL_SCOPE = "limma.cancel"
# What the SDK answers a call cancelled by notifications/cancelled (over stdio, in-process).
CANCELLED = types.ErrorData(code=0, message="Request cancelled")
LEFT_OUT = (
    "{tool} is left out of this server's tools by its configuration (LIMMA_MCP_TOOLS or --tools); "
    "its tools: {tools}."
)
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
    return types.Tool(
        name=name,
        description=tool.description,
        inputSchema=input_schema(name),
        outputSchema=output_schema(name),
        annotations=types.ToolAnnotations(
            readOnlyHint=tool.read_only,
            destructiveHint=name == "limma_connect",
            openWorldHint=False,
        ),
    )


def refused_before_the_verb(
    key: ApiKey, offered: list[str], name: str, arguments: Any
) -> ToolResult | None:
    """Why a call is refused before its verb runs, naming the real reason: no such tool, a tool
    this server's configuration leaves out, one the key's role may not call, or arguments
    outside the tool's input schema. None: the verb runs."""
    tool = REGISTRY.get(name)
    if tool is None:
        reason = f"No tool is named {str(name)[:100]!r}; this server's tools: {', '.join(offered)}."
        return refusal(404, "", {"type": "unknown_tool", "tool": str(name)[:100], "reason": reason})
    if name not in offered:
        reason = LEFT_OUT.format(tool=name, tools=", ".join(offered))
        return refusal(403, tool.path, {"type": "tool_not_offered", "tool": name, "reason": reason})
    if not tool.may_call(key):
        detail = {"type": "write_needs_analyst_key", "reason": WRITE_NEEDS_ANALYST}
        return refusal(403, tool.path, detail)
    if not isinstance(arguments, dict):
        return refusal(
            422, tool.path, {"type": "invalid_request", "reason": ARGUMENTS_NOT_AN_OBJECT}
        )
    faults = input_faults(name, arguments)
    if faults:
        return refusal(422, tool.path, {"type": "invalid_request", "faults": faults})
    return None


def build_server(key: ApiKey | None, listed: Iterable[str] | None = None) -> Server:
    """An MCP server whose every call acts under `key` (None: the key each HTTP request brought),
    listing only what that key may call."""
    offered = listed_tools() if listed is None else list(listed)
    server: Server = Server(SERVER_NAME, version=limma_version(), instructions=INSTRUCTIONS)

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

    @server.list_resources()
    async def list_resources() -> list[types.Resource]:
        return mcp_context.resources()

    @server.read_resource()
    async def read_resource(uri: AnyUrl) -> list[ReadResourceContents]:
        current = caller()
        text = await sync_to_async(resource_read, thread_sensitive=False)(current, str(uri))
        return [ReadResourceContents(content=text, mime_type="application/json")]

    @server.list_prompts()
    async def list_prompts() -> list[types.Prompt]:
        return mcp_context.prompts()

    @server.get_prompt()
    async def get_prompt(name: str, arguments: dict[str, str] | None) -> types.GetPromptResult:
        return mcp_context.prompt_for(name, arguments)

    @server.call_tool(validate_input=False)  # held to the schema by run_call, refusal and all
    async def call(name: str, arguments: dict[str, Any]) -> types.CallToolResult:
        current = caller()
        if current is None:  # not reached over HTTP: the key check refuses such a request first
            result = refusal(401, "", {"type": "authentication_failed", "reason": KEY_UNKNOWN})
        else:
            # A niche read tells the client how far it got, and stops when the call is
            # cancelled (qa_view.mcp.progress).
            result = await watched(
                lambda watch: run_call(current, offered, name, arguments, watch),
                server.request_context,
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

    calls = server.request_handlers[types.CallToolRequest]

    async def cancellable(request: types.CallToolRequest) -> types.ServerResult:
        """A call whose cancel may come from outside its own request (over streamable HTTP).
        Cancelled, its read stops as on stdio and it answers as the SDK answers there."""
        http = server.request_context.request
        cancel = http.scope.get(CANCEL_SCOPE) if http is not None else None
        if cancel is None:
            return await calls(request)
        with cancel:
            return await calls(request)
        raise McpError(CANCELLED)

    server.request_handlers[types.CallToolRequest] = cancellable
    return server


def resource_read(key: ApiKey | None, uri: str) -> str:
    """A resource of the key's own workspace, read on a worker thread that closes its
    connection after."""
    try:
        current = None
        if key is not None:
            current = ApiKey.objects.active().select_related("workspace").filter(pk=key.pk).first()
        if current is None:
            raise mcp_context.invalid(KEY_UNKNOWN)
        return mcp_context.resource_text(uri, current.workspace)
    finally:
        connections.close_all()


def run_call(
    key: ApiKey,
    offered: list[str],
    name: str,
    arguments: dict[str, Any],
    watch: Watch | None = None,
) -> ToolResult:
    """One call under `key`, in the key's workspace unless the call names another. It runs on a
    worker thread of its own and closes that thread's connection after, as a request would; a
    niche read in it reports to `watch` and stops when the watch says so."""
    try:
        with watching(watch or Watch()):
            return call_under(key, offered, name, arguments)
    finally:
        connections.close_all()


def call_under(key: ApiKey, offered: list[str], name: str, arguments: dict[str, Any]) -> ToolResult:
    current = ApiKey.objects.active().select_related("workspace").filter(pk=key.pk).first()
    if current is None:  # revoked while the server runs: refused as the HTTP verb refuses it
        detail = {"type": "authentication_failed", "reason": KEY_UNKNOWN}
        return refusal(401, REGISTRY[name].path if name in REGISTRY else "", detail)
    refused = refused_before_the_verb(current, offered, name, arguments)
    if refused is not None:
        return refused
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
    from qa_view.mcp.stdio import stdio_streams

    async with stdio_streams() as (read, write):
        await server.run(read, write, server.create_initialization_options())
