"""manage.py mcp_server: the verbs as MCP tools, over stdio (default) or streamable HTTP.

    LIMMA_API_KEY=lk_… .venv/bin/python manage.py mcp_server
    .venv/bin/python manage.py mcp_server --transport streamable-http --port 8765 --api-key lk_…

Every call acts under the configured key; the tool list is what that key may call, of
LIMMA_MCP_TOOLS (or --tools).
"""

from __future__ import annotations

import os
from typing import Any

import anyio
from django.core.management.base import BaseCommand, CommandError, CommandParser
from rest_framework.exceptions import AuthenticationFailed

from limma.auth import key_for_token
from qa_view import mcp_server
from qa_view.tools import REGISTRY

NO_KEY = "Give the API key the tools act under: --api-key or LIMMA_API_KEY."


class Command(BaseCommand):
    help = "Serve the verbs as MCP tools under one API key (stdio or streamable HTTP)."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--transport", choices=["stdio", "streamable-http"], default="stdio")
        parser.add_argument("--api-key", default=os.environ.get("LIMMA_API_KEY", ""))
        parser.add_argument("--tools", default="", help="comma-separated tool names")
        parser.add_argument("--host", default="127.0.0.1")
        parser.add_argument("--port", type=int, default=8765)

    def handle(self, *args: Any, **options: Any) -> None:
        if not options["api_key"]:
            raise CommandError(NO_KEY)
        try:
            key = key_for_token(options["api_key"].strip())
        except AuthenticationFailed as failed:
            raise CommandError(str(failed.detail)) from None
        listed = [n.strip() for n in options["tools"].split(",") if n.strip()] or None
        unknown = sorted(set(listed or ()) - set(REGISTRY))
        if unknown:
            raise CommandError(f"No such tool: {', '.join(unknown)}")
        server = mcp_server.build_server(key, listed)
        if options["transport"] == "stdio":
            anyio.run(mcp_server.serve_stdio, server)
            return
        import uvicorn

        self.stderr.write(
            f"MCP over streamable HTTP: http://{options['host']}:{options['port']}/mcp"
        )
        uvicorn.run(mcp_server.http_app(server), host=options["host"], port=options["port"])
