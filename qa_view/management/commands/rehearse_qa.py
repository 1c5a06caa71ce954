"""Rehearse the Q&A page on this machine: one command, a scratch store, the page on loopback.

    manage.py rehearse_qa --out DIR [--n 3000 --seed 23] [--max-usd X --spend-ok]
                          [--visitor-key analyst|viewer] [--local-model]

A scratch store under DIR (SQLite), the synthetic directory loaded through connect, the
examples read ahead under the ceiling, one visitor, and the page on a free loopback port with
its worker. Prints the address, the name and the access code; Ctrl-C stops everything it
started. Run again with the same DIR, it reuses what the first run built (a new access code is
issued, since only a code's hash is kept). A paid provider spends: without --spend-ok the
command prints what it would call and spend, and starts nothing. The offline provider spends
nothing and needs no flag. The page's key is an analyst's by default, so a visitor's own niche
is read live under the visitor and day ceilings; --visitor-key viewer answers only from profiles
already read, as a customer's page with a viewer key does. --local-model starts the local
model's server (`make local-model` prepared it) before the page and its worker, which answer on
it through the openai provider at $0; the examples are still read ahead offline.
"""

from __future__ import annotations

import os
import socket
import sys
from decimal import Decimal
from pathlib import Path
from typing import Any

from django.conf import settings
from django.core.management import call_command
from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.db import connections

from limma.conf import limma_settings
from limma.local_model import not_prepared_reason, served_with_local_model
from limma.processes import worker_and_page

EXAMPLES = Path(settings.BASE_DIR) / "directory" / "qa_examples.json"


# The offline provider spends nothing; a ceiling above nothing lets its reads run.
FREE_CEILING = Decimal("1")


class Command(BaseCommand):
    help = "The Q&A page over the demo directory, on a free loopback port (Ctrl-C stops it)."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--out", required=True, help="the scratch folder (store, state)")
        parser.add_argument("--n", type=int, default=3000)
        parser.add_argument("--seed", type=int, default=23)
        parser.add_argument("--examples", default=str(EXAMPLES))
        parser.add_argument(
            "--max-usd",
            type=Decimal,
            default=None,
            help="the spend ceiling for reading the examples ahead",
        )
        parser.add_argument("--spend-ok", action="store_true")
        parser.add_argument(
            "--visitor-key",
            choices=["analyst", "viewer"],
            default="analyst",
            help="the page's key: analyst reads a visitor's own niche (under the ceilings); "
            "viewer answers only from profiles already read",
        )
        parser.add_argument("--port", type=int, default=0, help="0: a free port")
        parser.add_argument("--no-serve", action="store_true", help="prepare, then stop")
        parser.add_argument(
            "--local-model",
            action="store_true",
            help="the page and its worker answer on the local model (make local-model)",
        )

    def handle(self, *args: Any, **options: Any) -> None:
        out = Path(options["out"]).resolve()
        if options["local_model"] and (reason := not_prepared_reason()):
            raise CommandError(reason)
        if os.environ.get("LIMMA_REHEARSAL") != str(out):
            self._again_in(out)  # the scratch store must be chosen before Django loads
            return
        from qa_view.page.rehearsal import rehearsal_prepare

        paid = limma_settings().provider == "openai"
        if paid and options["max_usd"] is None:
            raise CommandError("A paid provider reads the examples at a cost: pass --max-usd.")
        call_command("migrate", verbosity=0)
        prepared = rehearsal_prepare(
            n=options["n"],
            seed=options["seed"],
            examples=options["examples"],
            max_usd=options["max_usd"] if paid else FREE_CEILING,
            spend=(not paid) or options["spend_ok"],
            say=self.stdout.write,
            visitor_key=options["visitor_key"],
        )
        if prepared is None or options["no_serve"]:
            return
        self._serve(out, options, prepared)

    def _again_in(self, out: Path) -> None:
        out.mkdir(parents=True, exist_ok=True)
        env = {
            **os.environ,
            "LIMMA_REHEARSAL": str(out),
            "LIMMA_VAR_DIR": str(out),
            "DATABASE_URL": f"sqlite:///{out / 'limma.sqlite3'}",
            "LIMMA_SECURE": "0",
            "LIMMA_CRITERIA_BACKGROUND": os.environ.get("LIMMA_CRITERIA_BACKGROUND", "0"),
            # connect queues a task per batch to embed it, which the rehearsal does itself and
            # says so: the queue's own line per task is noise here
            "LIMMA_LOG_LEVEL": os.environ.get("LIMMA_LOG_LEVEL", "WARNING"),
        }
        # The same process, so a signal sent to the command's pid reaches what stops the rest.
        sys.stdout.flush()
        os.execve(sys.executable, [sys.executable, *sys.argv], env)

    def _serve(self, out: Path, options: dict[str, Any], prepared: dict[str, str]) -> None:
        port = options["port"] or _free_port()
        env = {
            **os.environ,
            "LIMMA_QA_EXAMPLES": options["examples"],
            "LIMMA_CRITERIA_BACKGROUND": "1",
        }
        call_command("collectstatic", interactive=False, verbosity=0)
        self.stdout.write(
            f"\nThe Q&A page: http://127.0.0.1:{port}/qa/\n"
            f"Sign in as: {prepared['name']}\nAccess code: {prepared['code']}\n"
            f"(the store is {out}; Ctrl-C stops the page and its worker)\n"
            f"The same directory to an MCP client or the console: scripts/on-demo mcp_server, "
            f"scripts/on-demo console (README)\n"
        )
        self.stdout.flush()
        connections.close_all()  # the page and the worker hold the store from here on
        address = f"127.0.0.1:{port}"
        if options["local_model"]:
            code = served_with_local_model(
                worker_and_page, address, env=env, quiet=True, say=self.stdout.write
            )
        else:
            code = worker_and_page(address, env=env, quiet=True)
        if code:
            raise SystemExit(code)


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]
