"""The MCP server over streamable HTTP, guarded as the API is: one key per request.

Every request passes two checks before the SDK's session manager sees it. First its Host and
Origin (the SDK's own DNS-rebinding check, on, with the hosts LIMMA_MCP_ALLOWED_HOSTS names;
loopback by default), so a page elsewhere cannot reach a server on this machine through a name
it controls. Then its `Authorization: Bearer <API key>`, looked up afresh on each request, so a
revoked key is refused at its next request and each request's tool list and calls are its own
key's. A refusal is a JSON-RPC error body with the HTTP status (401, 421, 403), the fault named in
`error.data.detail.type`, never a silent close.

The server is stateless, so the SDK gives each POST a session of its own: a
`notifications/cancelled`, sent as a POST of its own, would reach no call there. The key check
therefore keeps the tool calls running now by (key, JSON-RPC id) and carries a cancel from the
same key to the call it names, whose read then stops as over stdio. A cancel from another key,
or for an id not running, changes nothing (the MCP spec: an unknown id is ignored).
"""

from __future__ import annotations

import contextlib
import json
from collections.abc import Iterator
from typing import Any

import anyio
from asgiref.sync import sync_to_async
from django.conf import settings
from django.db import connections
from mcp.server.lowlevel import Server
from mcp.server.streamable_http_manager import StreamableHTTPSessionManager
from mcp.server.transport_security import TransportSecurityMiddleware, TransportSecuritySettings
from mcp.types import INVALID_REQUEST
from rest_framework.exceptions import AuthenticationFailed
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import JSONResponse
from starlette.routing import Mount
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from limma.auth import key_for_token
from limma.loopback import is_loopback
from limma.models import ApiKey
from qa_view.mcp.server import CANCEL_SCOPE, KEY_SCOPE

KEY_MISSING = "Every request carries its API key: Authorization: Bearer lk_<prefix>.<secret>."
# The SDK's check answers a foreign Host with 421 and a foreign Origin with 403.
HOST_FAULTS = {421: "host_not_allowed", 403: "origin_not_allowed"}


def allowed_hosts() -> list[str]:
    """The Host values served: each named host bare and on any port."""
    hosts = list(getattr(settings, "LIMMA_MCP_ALLOWED_HOSTS", []))
    return [form for host in hosts for form in (host, f"{host}:*")]


def security_settings() -> TransportSecuritySettings:
    """The SDK's DNS-rebinding protection, on, for the allowed hosts over http and https."""
    hosts = allowed_hosts()
    return TransportSecuritySettings(
        enable_dns_rebinding_protection=True,
        allowed_hosts=hosts,
        allowed_origins=[f"{scheme}://{host}" for host in hosts for scheme in ("http", "https")],
    )


def refused(status: int, fault: str, message: str, request_id: Any = None) -> JSONResponse:
    """A JSON-RPC error reply carrying the HTTP status and the named fault."""
    body = {
        "jsonrpc": "2.0",
        "id": request_id,
        "error": {
            "code": INVALID_REQUEST,
            "message": message,
            "data": {"status": status, "detail": {"type": fault, "reason": message}},
        },
    }
    headers = {"WWW-Authenticate": 'Bearer realm="limma"'} if status == 401 else None
    return JSONResponse(body, status_code=status, headers=headers)


def key_named(header: str) -> ApiKey:
    """The active key an Authorization header names, read from the store now."""
    scheme, _, token = header.partition(" ")
    if scheme.lower() != "bearer" or not token.strip():
        raise AuthenticationFailed(KEY_MISSING)
    try:
        return key_for_token(token.strip())
    finally:
        connections.close_all()  # this runs on a worker thread: its connection goes with it


type RequestId = str | int
type Running = tuple[int, RequestId]  # the key's id and the call's JSON-RPC id


class RunningCalls:
    """The tool calls running now, each by the key that sent it and its JSON-RPC id, with the
    cancel scope the call runs in. Two calls of one key under one id (two clients sharing a key)
    are both stopped by its cancel: the stateless transport cannot tell them apart."""

    def __init__(self) -> None:
        self.calls: dict[Running, list[anyio.CancelScope]] = {}

    @contextlib.contextmanager
    def running(self, key: ApiKey, request_id: RequestId) -> Iterator[anyio.CancelScope]:
        scope = anyio.CancelScope()
        entry = (key.pk, request_id)
        self.calls.setdefault(entry, []).append(scope)
        try:
            yield scope
        finally:
            scopes = self.calls[entry]
            scopes.remove(scope)
            if not scopes:
                del self.calls[entry]

    def cancel(self, key: ApiKey, request_id: RequestId) -> None:
        for scope in self.calls.get((key.pk, request_id), []):
            scope.cancel()


def message_of(body: bytes) -> dict[str, Any]:
    """The JSON-RPC message a POST carries, or {} (a batch, or what does not parse: the SDK
    answers those itself)."""
    try:
        message = json.loads(body)
    except (ValueError, RecursionError):
        return {}
    return message if isinstance(message, dict) else {}


def request_id_of(value: Any) -> RequestId | None:
    """A JSON-RPC id, as the SDK takes one: a string or an integer."""
    return value if isinstance(value, str | int) and not isinstance(value, bool) else None


async def body_read(receive: Receive) -> tuple[bytes, Receive]:
    """The request's whole body, and a receive that hands it on to the app as if unread."""
    chunks: list[bytes] = []
    first: list[Message] = []
    while True:
        message = await receive()
        if message["type"] != "http.request":
            first.append(message)
            break
        chunks.append(message.get("body", b""))
        if not message.get("more_body", False):
            break
    body = b"".join(chunks)
    first.insert(0, {"type": "http.request", "body": body, "more_body": False})

    async def replay() -> Message:
        return first.pop(0) if first else await receive()

    return body, replay


class KeyCheck:
    """ASGI middleware: Host and Origin, then the request's own key, before the MCP app; and
    the running tool calls, for a cancel to reach."""

    def __init__(self, app: ASGIApp, security: TransportSecuritySettings) -> None:
        self.app = app
        self.hosts = TransportSecurityMiddleware(security)
        self.running = RunningCalls()

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        request = Request(scope)
        foreign = await self.hosts.validate_request(request, is_post=False)
        if foreign is not None:
            fault = HOST_FAULTS.get(foreign.status_code, "request_not_allowed")
            await refused(foreign.status_code, fault, foreign.body.decode())(scope, receive, send)
            return
        try:
            key = await sync_to_async(key_named, thread_sensitive=False)(
                request.headers.get("authorization", "")
            )
        except AuthenticationFailed as failed:
            reply = refused(401, "authentication_failed", str(failed.detail))
            await reply(scope, receive, send)
            return
        scope[KEY_SCOPE] = key
        if scope["method"] != "POST":
            await self.app(scope, receive, send)
            return
        await self.posted(key, scope, receive, send)

    async def posted(self, key: ApiKey, scope: Scope, receive: Receive, send: Send) -> None:
        """A POST's message: a cancel reaches the same key's call it names; a tool call runs
        in a cancel scope kept by its key and id while it runs."""
        body, receive = await body_read(receive)
        message = message_of(body)
        method = message.get("method")
        if method == "notifications/cancelled":
            params = message.get("params")
            cancelled = request_id_of(params.get("requestId")) if isinstance(params, dict) else None
            if cancelled is not None:
                self.running.cancel(key, cancelled)
        request_id = request_id_of(message.get("id"))
        if method != "tools/call" or request_id is None:
            await self.app(scope, receive, send)
            return
        with self.running.running(key, request_id) as cancel:
            scope[CANCEL_SCOPE] = cancel
            await self.app(scope, receive, send)


def http_app(server: Server) -> Starlette:
    """Streamable HTTP at /mcp behind the key check; the session manager runs in the app's
    lifespan, stateless (each request stands alone, as its key does)."""
    security = security_settings()
    manager = StreamableHTTPSessionManager(app=server, stateless=True, security_settings=security)

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette):
        async with manager.run():
            yield

    guarded = KeyCheck(manager.handle_request, security)
    return Starlette(routes=[Mount("/mcp", app=guarded)], lifespan=lifespan)


def said_at_start(host: str, port: int) -> str:
    """What the command says when it starts listening: where, and who may reach it."""
    reach = (
        "loopback only"
        if is_loopback(host)
        else "BEYOND LOOPBACK: anyone who can reach this address may try a key"
    )
    hosts = ", ".join(getattr(settings, "LIMMA_MCP_ALLOWED_HOSTS", []))
    return (
        f"MCP over streamable HTTP: http://{host}:{port}/mcp/ ({reach}); every request needs "
        f"Authorization: Bearer <API key>; Host/Origin allowed: {hosts} (LIMMA_MCP_ALLOWED_HOSTS)"
    )
