"""Read the prepared examples ahead, so a visitor's click is answered from stored judgments.

    manage.py pre_read_examples --workspace WS --examples FILE --max-usd X

It spends (every profile read is a model call), so --max-usd has no default and the command
refuses without it; the ceiling is for the whole file. It reads in its own process, whatever
LIMMA_CRITERIA_BACKGROUND says: it never waits on a worker that may not be running. Prints,
per example, how the read stopped, how many people fit and what it cost, and says out loud when
an example fits nobody.
"""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from limma.conf import settings_for_block
from limma.models import ApiKey, Workspace
from limma.services.keys import api_key_create
from qa_view.page.examples import Examples, ExamplesInvalid, load_examples
from qa_view.page.read_ahead import example_read


class Command(BaseCommand):
    help = "Read every prepared example of an examples file ahead, under one spend ceiling."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--workspace", required=True, help="the workspace id (ws_…)")
        parser.add_argument("--examples", required=True, help="the examples file (JSON)")
        parser.add_argument(
            "--max-usd",
            type=Decimal,
            required=True,
            help="the ceiling for the whole file, in US dollars (no default: reading spends)",
        )

    def handle(self, *args: Any, **options: Any) -> None:
        workspace = Workspace.objects.filter(id=options["workspace"]).first()
        if workspace is None:
            raise CommandError(f"No workspace has the id {options['workspace']!r}.")
        try:
            examples = load_examples(options["examples"])
        except (ExamplesInvalid, OSError) as error:
            raise CommandError(str(error)) from error
        if options["max_usd"] < 0:
            raise CommandError("--max-usd must be zero or more.")
        key, _ = api_key_create(workspace=workspace, name="pre-read examples", role="analyst")
        try:
            with settings_for_block(criteria_background=False):
                self._read(key, workspace, examples, options["max_usd"])
        finally:
            key.delete()

    def _read(self, key: ApiKey, workspace: Workspace, examples: Examples, left: Decimal) -> None:
        for example in examples.examples:
            if not example.prepared:
                self.stdout.write(f"not prepared (no niche and constraints): {example.question}")
                continue
            done = example_read(key=key, workspace=workspace, example=example, max_usd=left)
            left -= Decimal(str(done.cost_usd))
            self.stdout.write(
                f"{done.status}: {done.fits} fit of {done.candidates:,} profiles, "
                f"${done.cost_usd:.2f} — {done.question}"
            )
            if not done.fits:
                self.stdout.write(f"  THIS EXAMPLE FITS NOBODY: {example.question}")
