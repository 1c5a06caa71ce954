"""The MCP server's stdio transport: one JSON-RPC message a line in, one a line out, and a reply
to every line, the ones that fail to parse included.

The SDK's own stdio transport parses each line with pydantic's JSON parser, whose nesting limit
is about 200 levels; a deeper request (or any line that is not a message) reaches the server as
an exception, which it logs without a reply, so the client waits forever. Here a line the fast
parser refuses is parsed again by Python's json (no such limit) and validated as an object; a
line that still is no message gets its JSON-RPC error at once: parse error (-32700) for a line
that is not JSON, invalid request (-32600) for JSON that is not a message, with the request's id
when it has one.
"""

from __future__ import annotations

import json
import sys
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from io import TextIOWrapper
from typing import Any

import anyio
from anyio.streams.memory import MemoryObjectReceiveStream, MemoryObjectSendStream
from mcp import types
from mcp.shared.message import SessionMessage
from pydantic import ValidationError

Streams = tuple[
    MemoryObjectReceiveStream[SessionMessage | Exception], MemoryObjectSendStream[SessionMessage]
]
NOT_JSON = "The line is not JSON: one JSON-RPC message a line."
NOT_A_MESSAGE = "The line is JSON but not a JSON-RPC 2.0 message."


def message_or_refusal(line: str) -> types.JSONRPCMessage | dict[str, Any]:
    """The message a line holds, or the JSON-RPC error reply it gets instead."""
    try:
        return types.JSONRPCMessage.model_validate_json(line)
    except ValidationError:
        pass
    try:
        raw = json.loads(line)
    except (ValueError, RecursionError):
        return error_reply(None, types.PARSE_ERROR, NOT_JSON)
    try:
        return types.JSONRPCMessage.model_validate(raw)
    except (ValidationError, RecursionError):
        asked = raw.get("id") if isinstance(raw, dict) else None
        request_id = (
            asked if isinstance(asked, (str, int)) and not isinstance(asked, bool) else None
        )
        return error_reply(request_id, types.INVALID_REQUEST, NOT_A_MESSAGE)


def error_reply(request_id: str | int | None, code: int, message: str) -> dict[str, Any]:
    return {"jsonrpc": "2.0", "id": request_id, "error": {"code": code, "message": message}}


@asynccontextmanager
async def stdio_streams() -> AsyncIterator[
    tuple[
        MemoryObjectReceiveStream[SessionMessage | Exception],
        MemoryObjectSendStream[SessionMessage],
    ]
]:
    """The server's read and write streams over this process's stdin and stdout."""
    stdin = anyio.wrap_file(TextIOWrapper(sys.stdin.buffer, encoding="utf-8"))
    stdout = anyio.wrap_file(TextIOWrapper(sys.stdout.buffer, encoding="utf-8"))
    incoming_send, incoming = anyio.create_memory_object_stream[SessionMessage | Exception](0)
    outgoing, outgoing_receive = anyio.create_memory_object_stream[SessionMessage](0)
    lock = anyio.Lock()

    async def write_line(text: str) -> None:
        async with lock:
            await stdout.write(text + "\n")
            await stdout.flush()

    async def read_lines() -> None:
        async with incoming_send:
            async for line in stdin:
                if not line.strip():
                    continue
                parsed = message_or_refusal(line)
                if isinstance(parsed, dict):
                    await write_line(json.dumps(parsed))
                else:
                    await incoming_send.send(SessionMessage(parsed))

    async def write_messages() -> None:
        async with outgoing_receive:
            async for session_message in outgoing_receive:
                dumped = session_message.message.model_dump_json(by_alias=True, exclude_none=True)
                await write_line(dumped)

    async with anyio.create_task_group() as group:
        group.start_soon(read_lines)
        group.start_soon(write_messages)
        yield incoming, outgoing
