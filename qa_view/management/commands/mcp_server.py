"""manage.py mcp_server: the verbs as MCP tools, over stdio (default) or streamable HTTP.

    LIMMA_API_KEY=lk_… .venv/bin/python manage.py mcp_server
    .venv/bin/python manage.py mcp_server --transport streamable-http --port 8765

Over stdio every call acts under the configured key (--api-key or LIMMA_API_KEY). Over streamable
HTTP each request brings its own key (`Authorization: Bearer`), and the server listens on
loopback unless --allow-remote lets it bind further. The tool list is what the key may call, of
LIMMA_MCP_TOOLS (or --tools).
"""

from __future__ import annotations

import os
from typing import Any

import anyio
from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.db import connection
from rest_framework.exceptions import AuthenticationFailed

from limma.auth import key_for_token
from limma.loopback import is_loopback
from limma.models import ApiKey
from qa_view.agent.tools import REGISTRY
from qa_view.mcp import http as mcp_http
from qa_view.mcp import server as mcp_server

NO_KEY = "Give the API key the tools act under: --api-key or LIMMA_API_KEY."
KEY_PER_REQUEST = (
    "Over streamable HTTP each request carries its own key (Authorization: Bearer); "
    "--api-key is for stdio."
)
NOT_MIGRATED = (
    "The store {store} holds no API keys' table: it was never migrated. Run `manage.py migrate` "
    "on it, or attach to the demo's store with scripts/on-demo (after `make demo`)."
)
BEYOND_LOOPBACK = (
    "--host {host} listens beyond this machine: pass --allow-remote to mean it (and name the "
    "hosts clients use in LIMMA_MCP_ALLOWED_HOSTS)."
)


class Command(BaseCommand):
    help = "Serve the verbs as MCP tools (stdio under one key; streamable HTTP, a key a request)."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--transport", choices=["stdio", "streamable-http"], default="stdio")
        parser.add_argument("--api-key", default="", help="stdio: the key (or LIMMA_API_KEY)")
        parser.add_argument("--tools", default="", help="comma-separated tool names")
        parser.add_argument("--host", default="127.0.0.1")
        parser.add_argument("--port", type=int, default=8765)
        parser.add_argument(
            "--allow-remote", action="store_true", help="let --host bind beyond loopback"
        )

    def handle(self, *args: Any, **options: Any) -> None:
        if ApiKey._meta.db_table not in connection.introspection.table_names():
            raise CommandError(NOT_MIGRATED.format(store=connection.settings_dict["NAME"]))
        listed = [n.strip() for n in options["tools"].split(",") if n.strip()] or None
        unknown = sorted(set(listed or ()) - set(REGISTRY))
        if unknown:
            raise CommandError(f"No such tool: {', '.join(unknown)}")
        if options["transport"] == "stdio":
            server = mcp_server.build_server(self._stdio_key(options), listed)
            anyio.run(mcp_server.serve_stdio, server)
            return
        if options["api_key"]:
            raise CommandError(KEY_PER_REQUEST)
        host, port = options["host"], options["port"]
        if not is_loopback(host) and not options["allow_remote"]:
            raise CommandError(BEYOND_LOOPBACK.format(host=host))
        import uvicorn

        app = mcp_http.http_app(mcp_server.build_server(None, listed))
        self.stderr.write(mcp_http.said_at_start(host, port))
        uvicorn.run(app, host=host, port=port, log_level="warning")

    def _stdio_key(self, options: dict[str, Any]) -> ApiKey:
        token = (options["api_key"] or os.environ.get("LIMMA_API_KEY", "")).strip()
        if not token:
            raise CommandError(NO_KEY)
        try:
            return key_for_token(token)
        except AuthenticationFailed as failed:
            raise CommandError(str(failed.detail)) from None
