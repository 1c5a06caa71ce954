"""manage.py console: serve the evaluator's console (/console/) on a loopback port.

    .venv/bin/python manage.py console --api-key lk_… [--hints hints.json] [--no-record] [PORT]

The agent acts under --api-key (or LIMMA_CONSOLE_API_KEY); --hints names the chips' JSON
({"answer": [...], "search": [...]}); --no-record keeps no run (the replay menu lists none).
Staff sign in at /admin/login/.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

from django.conf import settings
from django.core.management import call_command
from django.core.management.base import BaseCommand, CommandError, CommandParser

from qa_view.console.hints import HintsInvalid, hints_parsed


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
        call_command("runserver", options["addrport"], use_reloader=False)
