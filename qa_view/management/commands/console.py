"""manage.py console: serve the evaluator's console (/console/) on a loopback port.

    .venv/bin/python manage.py console --api-key lk_… [--hints hints.json] [--no-record] [PORT]

The agent acts under --api-key (or LIMMA_CONSOLE_API_KEY); --hints names the chips' JSON
({"answer": [...], "search": [...]}); --no-record keeps no run (the replay menu lists none).
Staff sign in at /admin/login/. On a loopback address it is served over plain HTTP whatever
LIMMA_SECURE says (no redirect to https, cookies sent over http, no HSTS): the development
server speaks nothing else. Beyond loopback LIMMA_SECURE holds, as for the site.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

from django.conf import settings
from django.core.management import call_command
from django.core.management.base import BaseCommand, CommandError, CommandParser

from limma.loopback import is_loopback
from qa_view.console.hints import HintsInvalid, hints_parsed

# What LIMMA_SECURE turns on, off: the development server answers plain HTTP only.
PLAIN_HTTP = {
    "SECURE_SSL_REDIRECT": False,
    "SESSION_COOKIE_SECURE": False,
    "CSRF_COOKIE_SECURE": False,
    "SECURE_HSTS_SECONDS": 0,
    "SECURE_HSTS_INCLUDE_SUBDOMAINS": False,
    "SECURE_HSTS_PRELOAD": False,
}


def address_host(addrport: str) -> str:
    """The host part of runserver's address argument ("8001" alone is 127.0.0.1)."""
    if addrport.isdigit():
        return "127.0.0.1"
    host, _, _ = addrport.rpartition(":")
    return host or "127.0.0.1"


class Command(BaseCommand):
    help = "Serve the evaluator's console under one API key."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("addrport", nargs="?", default="127.0.0.1:8001")
        parser.add_argument("--api-key", default=os.environ.get("LIMMA_CONSOLE_API_KEY", ""))
        parser.add_argument("--hints", default="", help="the chips' JSON file")
        parser.add_argument("--no-record", action="store_true", help="keep no run")

    def handle(self, *args: Any, **options: Any) -> None:
        if options["hints"]:
            try:
                hints_parsed(json.loads(Path(options["hints"]).read_text()))
            except (OSError, ValueError, HintsInvalid) as fault:
                raise CommandError(f"--hints: {fault}") from None
            settings.LIMMA_CONSOLE_HINTS = options["hints"]
        if options["api_key"]:
            settings.LIMMA_CONSOLE_API_KEY = options["api_key"]
        if options["no_record"]:
            settings.LIMMA_CONSOLE_RECORD = False
        address = options["addrport"]
        if is_loopback(address_host(address)):
            for name, value in PLAIN_HTTP.items():
                setattr(settings, name, value)
            shown = address if not address.isdigit() else f"127.0.0.1:{address}"
            self.stdout.write(
                f"The console: http://{shown}/console/ (plain HTTP on loopback; staff sign in "
                f"at /admin/login/)"
            )
        call_command("runserver", address, use_reloader=False)
