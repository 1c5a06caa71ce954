"""Check an examples file against the synthetic directory's answer key; no store, no model.

    manage.py examples_key --n 3000 --seed 23 [--examples FILE]

Per example: the profiles its constraints leave, who of them fits by the key, and who a reader
of their documents can find. Exits 1 when an example returns nobody — it fits nobody, nobody's
documents prove it, or the key holds no niche of its words — since only an example that
returns people may be shipped.
"""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandParser

from directory.examples import DEFAULT_EXAMPLES, check, failing, lines, load_examples
from directory.key import build


class Command(BaseCommand):
    help = "Per example of an examples file: candidates, who fits by the key, who is findable."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--n", type=int, default=3000, help="how many people (default 3000)")
        parser.add_argument("--seed", type=int, default=23, help="the seed (default 23)")
        parser.add_argument(
            "--examples",
            default=str(DEFAULT_EXAMPLES),
            help="the examples file (default: directory/qa_examples.json)",
        )

    def handle(self, *args: Any, **options: Any) -> None:
        examples = load_examples(options["examples"])
        entries = check(examples, build(options["n"], options["seed"]))
        for line in lines(entries):
            self.stdout.write(line)
        bad = failing(entries)
        if bad:
            self.stderr.write(
                f"{len(bad)} of {len(entries)} examples return nobody: "
                "an example is shipped only if it returns people."
            )
            raise SystemExit(1)
