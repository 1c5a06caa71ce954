"""The likeliest first: how many of a niche's matches a partial read already holds.

    .venv/bin/python benchmarks/read_order.py --n 3000 --seed 23

Builds the demo directory (directory/, what `make demo` loads), connects it into a scratch
SQLite store, and reads each niche of directory/niches.py over the whole directory to the end
with the offline provider (inside the call, no worker). A complete read finds the same matches
in any order (each document is judged alone; tests/criteria/test_likeliest.py), so the one
read says, for any order of the plan, after how many reads each match is in hand: a person is
matched once every document their evidence quotes is read. It prints the matches found after
2 %, 5 %, 10 %, 25 % and 50 % of the reads in the proxy's order (criteria/likeliest.py, what
the product reads in: vocabulary terms, then the embedded model's similarity, then the niche's
words) beside the words alone (the proxy before the model), the similarity alone, the plan's
document order and a random order — once for each niche as the directory words it, and once
for the same niche worded otherwise than the documents (REWORDED: the same people match; only
the words the order is computed from differ).
"""

from __future__ import annotations

import argparse
import random
import shutil
import sys
import time
from dataclasses import replace
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks._offline_store import offline_store

SHARES = (0.02, 0.05, 0.10, 0.25, 0.50)
# The directory's niches as a visitor may word them: other words for every untyped condition
# and the function, the same typed values.
REWORDED = {
    "infant_formula": (
        "20+ years promoting infant nutrition products in European markets",
        {"function": "promoting", "domain": "infant nutrition products"},
    ),
    "surgical_staplers": (
        "supplied surgical stapling devices via government procurement in the DACH region",
        {
            "function": "supplied",
            "product": "surgical stapling devices",
            "channel": "via government procurement",
        },
    ),
}
BUDGET = {"max_reads": 5000, "max_usd": 1, "max_seconds": 300}


def parse() -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--n", type=int, default=3000, help="people in the directory")
    parser.add_argument("--seed", type=int, default=23)
    return parser.parse_args()


def setup() -> Path:
    """A scratch SQLite store, migrated; reads run inside the call (no worker needed)."""
    return offline_store("limma-read-order-")


def read_whole(brought: Any, niche: Any) -> Any:
    from search.service import search_run

    for _ in range(20):
        outcome = search_run(
            key=brought.key,
            workspace=brought.workspace,
            constraints=[],
            criteria=[{"text": niche.text, "facets": list(niche.facets)}],
            criteria_budget=BUDGET,
            list_limit=0,
        )
        if outcome.criteria.status != "partial":
            return outcome
    raise SystemExit(f"{niche.text}: not complete after 20 calls")


def found_after(orders: dict[str, list[int]], needed: list[set[int]]) -> dict[str, list[int]]:
    """Per order, the matches in hand after each share of the reads."""
    found = {}
    for name, order in orders.items():
        position = {pk: index for index, pk in enumerate(order)}
        last = [max(position[pk] for pk in documents) for documents in needed]
        found[name] = [sum(1 for at in last if at < share * len(order)) for share in SHARES]
    return found


def main() -> None:
    args = parse()
    scratch = setup()
    try:
        from criteria.likeliest import likeliest_first, similarity_of
        from criteria.reading.claim import facets_of
        from directory import build_directory
        from directory.load import directory_load, workspace_for
        from directory.niches import NICHES
        from limma.models import Document
        from limma.services.vectors import workspace_embed

        built = build_directory(args.n, args.seed)
        brought = directory_load(workspace=workspace_for("order"), export=built.export)
        embedded = workspace_embed(workspace=brought.workspace)
        print(
            f"directory --n {args.n} --seed {args.seed}: {brought.loaded.entities_created:,} "
            f"people, {brought.loaded.documents_registered:,} documents (connect, "
            f"{brought.seconds:.1f} s; {embedded.sentences:,} sentences embedded in "
            f"{embedded.seconds:.0f} s); offline provider"
        )
        print()
        shares = " | ".join(f"after {share:.0%}" for share in SHARES)
        print(f"| niche | documents read | matches | order | {shares} |")
        print("|:--|--:|--:|:--|" + "--:|" * len(SHARES))
        for niche in NICHES.values():
            began = time.perf_counter()
            outcome = read_whole(brought, niche)
            run = outcome.criteria
            documents = list(Document.objects.filter(pk__in=[d.pk for d in run.plan.documents]))
            by_source = {document.source_id: document.pk for document in documents}
            needed = [
                {by_source[quote["source_id"]] for quote in entry["evidence"]}
                for entry in run.lists.matched
            ]
            planned = sorted(documents, key=lambda document: document.pk)
            shuffled = list(planned)
            random.Random(args.seed).shuffle(shuffled)
            worded, changed = REWORDED[niche.id]
            for label, text, facets in (
                ("as the documents word it", run.criterion.text, facets_of(run.criterion)),
                (
                    "worded otherwise",
                    worded,
                    tuple(
                        replace(facet, text=changed[facet.key], core=None)
                        if facet.key in changed
                        else facet
                        for facet in facets_of(run.criterion)
                    ),
                ),
            ):
                vocabulary = brought.workspace.vocabulary
                near = similarity_of(planned, facets)
                orders = {
                    "terms, similarity, words (now)": likeliest_first(
                        planned, text=text, facets=facets, vocabulary=vocabulary, similarity=near
                    ),
                    "terms, words (before)": likeliest_first(
                        planned, text=text, facets=facets, vocabulary=vocabulary
                    ),
                    "similarity alone": sorted(
                        planned, key=lambda d: near.get(d.pk, 0.0), reverse=True
                    ),
                    "document order": planned,
                    "random": shuffled,
                }
                pks = {name: [d.pk for d in order] for name, order in orders.items()}
                for name, counts in found_after(pks, needed).items():
                    cells = " | ".join(
                        f"{count} ({count / max(len(needed), 1):.0%})" for count in counts
                    )
                    print(
                        f"| {text} ({label}) | {len(planned):,} | {len(needed)} | {name} | "
                        f"{cells} |",
                        flush=True,
                    )
            print(f"<!-- read in {time.perf_counter() - began:.0f} s -->")
    finally:
        shutil.rmtree(scratch, ignore_errors=True)


if __name__ == "__main__":
    main()
