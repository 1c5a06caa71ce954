"""Write the synthetic expert directory and load it through connect into a workspace.

    manage.py make_directory --n 3000 --seed 23 [--workspace-name NAME] [--out export.json]

Deterministic per seed: the same n and seed write the same export, byte for byte. The workspace
is created when none of that name exists; loading into one that holds the directory already
changes nothing (connect keeps what it has). Prints the workspace id, an admin API key (shown
once), what was loaded and how long the connect took.
"""

from __future__ import annotations

import time
from typing import Any

from django.core.management.base import BaseCommand, CommandParser

from directory import build_directory
from directory.export import export_write
from directory.load import directory_load, workspace_for

DEFAULT_NAME = "Expert directory"


class Command(BaseCommand):
    help = "Write the synthetic expert directory (with its answer key) and load it via connect."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--n", type=int, default=3000, help="how many people (default 3000)")
        parser.add_argument("--seed", type=int, default=23, help="the seed (default 23)")
        parser.add_argument(
            "--workspace-name",
            default="",
            help=f'the workspace to load into (default "{DEFAULT_NAME} <n>/<seed>")',
        )
        parser.add_argument("--out", default="", help="also write the export to this JSON file")
        parser.add_argument(
            "--no-load", action="store_true", help="write the export only; load nothing"
        )

    def handle(self, *args: Any, **options: Any) -> None:
        n, seed = options["n"], options["seed"]
        started = time.perf_counter()
        built = build_directory(n, seed)
        tables = built.export["tables"]
        documents = sum(len(tables[name]) for name in ("calls", "references", "notes"))
        documents += sum(1 for row in tables["experts"] if row.get("bio"))
        self.stdout.write(
            f"directory: {len(built.people):,} people, {len(tables['roles']):,} roles, "
            f"{documents:,} documents (seed {seed}; written in "
            f"{time.perf_counter() - started:.1f} s)"
        )
        for niche in sorted(built.key.niches()):
            self.stdout.write(
                f"  {niche}: {len(built.key.fits(niche))} fit, "
                f"{len(built.key.provable(niche))} a reader can prove"
            )
        if options["out"]:
            export_write(built.export, options["out"])
            self.stdout.write(f"export: {options['out']}")
        if options["no_load"]:
            return
        name = options["workspace_name"] or f"{DEFAULT_NAME} {n}/{seed}"
        brought = directory_load(workspace=workspace_for(name), export=built.export)
        loaded = brought.loaded
        self.stdout.write(
            f"loaded through connect in {brought.seconds:.1f} s: "
            f"{loaded.entities_created:,} people created, {loaded.rows_created:,} rows, "
            f"{loaded.documents_registered:,} documents registered "
            f"({loaded.documents_kept:,} kept, {loaded.rows_kept:,} rows kept)"
        )
        self.stdout.write(f"workspace_id: {brought.workspace.id}\napi_key: {brought.token}")
