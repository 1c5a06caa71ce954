"""The idea world of idea_worlds.py against your own model: a configured OpenAI-compatible endpoint.

    LIMMA_BASE_URL=http://127.0.0.1:8000/v1 LIMMA_OPENAI_API_KEY=... LIMMA_MODEL=my-model \\
        .venv/bin/python benchmarks/scale/idea_live_run.py                 # prints the plan only
    ... idea_live_run.py --spend-ok --save-labels labels.json             # labels and groups
    ... idea_live_run.py --spend-ok --reuse-labels labels.json            # only grouping spends

Without --spend-ok nothing is sent: it prints the endpoint, the model of each role, and what a
run would call and may spend (the part_labeller's batches are counted exactly as ideas/labelling
cuts them; the grouping from the saved labels with --reuse-labels, else as an upper bound: three
labels a distinct sentence, each judged twice), priced at LIMMA_PRICES — and exits 2.

With --spend-ok the world is loaded into a scratch SQLite store with LIMMA_PROVIDER=openai,
labelled at load, and every idea asked as idea_worlds.py asks it; the same tables are printed,
then what was spent, from the cost ledger, per role. --save-labels writes every sentence's
topics; --reuse-labels replays such a file for the labelling (no call is sent for it, its ledger
rows cost nothing), so only the grouping goes to the endpoint.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import shutil
import sys
from collections import Counter
from decimal import Decimal
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent.parent
sys.path.insert(0, str(ROOT))

from benchmarks.scale._idea_scoring import Gold, world_parts  # noqa: E402
from benchmarks.scale._idea_world import IDEAS, World, build_world  # noqa: E402

LABELS_PER_CALL = 25
TOPIC_TOKENS_OUT = 40  # a sentence's topics in the reply
VERDICT_TOKENS_OUT = 12  # one label's verdict in the reply
REFUSED = 2


def parse(argv: list[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seed", type=int, default=12)
    parser.add_argument("--scale", type=int, default=1, help="x 48 documents")
    parser.add_argument("--spend-ok", action="store_true", help="send the calls and spend")
    parser.add_argument("--save-labels", default="", help="write every sentence's topics here")
    parser.add_argument("--reuse-labels", default="", help="replay an earlier run's topics")
    parser.add_argument("--no-baselines", action="store_true")
    return parser.parse_args(argv)


def tokens(text: str) -> int:
    return max(1, len(text) // 4)


def labelling_plan(world: World) -> dict[str, int]:
    """The part_labeller calls of a load, batched as ideas/labelling batches parts."""
    from ideas.labelling import CHARS_PER_CALL, PARTS_PER_CALL
    from limma.door.prompts import PART_LABELLER
    from limma.segment import segment

    calls = tokens_in = tokens_out = 0
    for document in world.documents:
        batch: list[Any] = []
        size = 0
        spans = [s for s in segment(document.text) if s.sentences]
        for span in [*spans, None]:
            length = span.end - span.start if span else 0
            if batch and (
                span is None or len(batch) == PARTS_PER_CALL or size + length > CHARS_PER_CALL
            ):
                sentences = [s for part in batch for s in part.sentences if not s.is_heading]
                request = json.dumps(
                    [document.text[s.start : s.end] for part in batch for s in part.sentences]
                )
                calls += 1
                tokens_in += tokens(PART_LABELLER) + tokens(request) + 12 * len(batch)
                tokens_out += TOPIC_TOKENS_OUT * len(sentences)
                batch, size = [], 0
            if span is not None:
                batch.append(span)
                size += length
    return {"calls": calls, "tokens_in": tokens_in, "tokens_out": tokens_out}


def grouping_plan(world: World, saved: dict[str, list[list[str]]] | None) -> dict[str, int]:
    """The idea_grouper calls of asking every idea once: exact from saved labels (distinct
    labels; those carried by more than two parts judged twice), else an upper bound."""
    from limma.door.prompts import IDEA_GROUPER

    if saved is not None:
        parts_carrying: Counter[str] = Counter()
        by_file: dict[str, list[tuple[int, int]]] = {}
        for part in world_parts(world):
            by_file.setdefault(part.file_name, []).append((part.start, part.end))
        seen: set[tuple[str, str, int]] = set()
        for where, topics in saved.items():
            file_name, _, start = where.rpartition("@")
            part = next((p for p in by_file.get(file_name, []) if p[0] <= int(start) < p[1]), None)
            for topic, _broader in topics:
                label = " ".join(topic.casefold().split())
                if part is not None and (label, file_name, part[0]) not in seen:
                    seen.add((label, file_name, part[0]))
                    parts_carrying[label] += 1
        first = len(parts_carrying)
        second = sum(1 for n in parts_carrying.values() if n > 2)
    else:
        first = second = 3 * len({s.text for _, s in world.gold()})
    per_idea = math.ceil(first / LABELS_PER_CALL) + math.ceil(second / LABELS_PER_CALL)
    judgments = first + second
    return {
        "labels": first,
        "calls": per_idea * len(IDEAS),
        "tokens_in": len(IDEAS) * (per_idea * tokens(IDEA_GROUPER) + judgments * 30),
        "tokens_out": len(IDEAS) * judgments * VERDICT_TOKENS_OUT,
    }


def plan(world: World, saved: dict | None) -> list[str]:
    from limma.conf import limma_settings

    settings = limma_settings()
    lines = [
        f"endpoint {settings.base_url or '(the hosted API)'}; provider {settings.provider}",
    ]
    total = Decimal(0)
    steps = [("idea_grouper", grouping_plan(world, saved))]
    if saved is None:
        steps.insert(0, ("part_labeller", labelling_plan(world)))
    else:
        lines.append("part_labeller: replayed from the saved labels, nothing sent")
    for role, step in steps:
        model = settings.model_for(role)
        usd = settings.price_for(model).cost(step["tokens_in"], step["tokens_out"])
        total += usd
        lines.append(
            f"{role} ({model}): {step['calls']:,} calls, about {step['tokens_in']:,} tokens in and "
            f"{step['tokens_out']:,} out: ${usd:.4f}"
            + (
                ""
                if role != "idea_grouper" or saved is not None
                else " at most (labels not known yet)"
            )
        )
    lines.append(f"the whole run: about ${total:.4f} at LIMMA_PRICES")
    return lines


def place(file_name: str, start: int) -> str:
    return f"{file_name}@{start}"


class ReplayLabeller:
    """part_labeller answered from an earlier run's topics, each sentence by its place (its
    document's file name and its start, looked up in the store by the request's ids)."""

    name = "replay"
    paid = False

    def __init__(self, saved: dict[str, list[list[str]]]) -> None:
        self.saved = saved

    def places(self, sentence_ids: list[int]) -> dict[int, str]:
        from limma.models import Sentence

        rows = Sentence.objects.filter(pk__in=sentence_ids).values_list(
            "pk", "document__file_name", "char_start"
        )
        return {pk: place(file_name, start) for pk, file_name, start in rows}

    def available(self, role: str) -> bool:
        return role == "part_labeller"

    def complete(self, *, spec, request, model, timeout, max_retries, max_tokens):
        from limma.door.providers import ProviderReply

        data = request.model_dump(mode="json")
        places = self.places([s["sentence_id"] for p in data["parts"] for s in p["sentences"]])
        reply = {
            "parts": [
                {
                    "part_id": part["part_id"],
                    "sentences": [
                        {
                            "sentence_id": s["sentence_id"],
                            "topics": [
                                {"topic": topic, "broader": broader}
                                for topic, broader in self.saved.get(
                                    places.get(s["sentence_id"], ""), []
                                )
                            ],
                        }
                        for s in part["sentences"]
                    ],
                }
                for part in data["parts"]
            ]
        }
        return ProviderReply(json.dumps(reply))


def spent_lines() -> list[str]:
    from django.db.models import Count, Sum

    from limma.models import LedgerEntry

    lines = ["spent, from the cost ledger:"]
    rows = LedgerEntry.objects.values("role", "provider", "outcome").annotate(
        calls=Count("id"), usd=Sum("usd"), tokens_in=Sum("tokens_in"), tokens_out=Sum("tokens_out")
    )
    total = Decimal(0)
    for row in rows.order_by("role", "provider", "outcome"):
        total += row["usd"] or 0
        lines.append(
            f"  {row['role']} · {row['provider']} · {row['outcome']}: {row['calls']:,} calls, "
            f"{row['tokens_in'] or 0:,} in, {row['tokens_out'] or 0:,} out, ${row['usd'] or 0:.4f}"
        )
    lines.append(f"  total ${total:.4f}")
    return lines


def saved_labels(store) -> dict[str, list[list[str]]]:
    """Every sentence's topics, by its place, from the facts verb."""
    saved: dict[str, list[list[str]]] = {}
    for (file_name, start), labels in store.labels().items():
        saved[place(file_name, start)] = [label[:-1].rsplit(" (", 1) for label in labels]
    return saved


def main(argv: list[str] | None = None) -> int:
    args = parse(argv)
    os.environ.setdefault("LIMMA_PROVIDER", "openai")
    from benchmarks.scale._idea_store import scratch_store

    scratch = scratch_store(os.environ["LIMMA_PROVIDER"], migrate=args.spend_ok)
    try:
        world = build_world(args.seed, args.scale)
        saved = json.loads(Path(args.reuse_labels).read_text()) if args.reuse_labels else None
        print(f"world: seed {args.seed}, {len(world.documents)} documents")
        print("\n".join(plan(world, saved)))
        if not args.spend_ok:
            print("--spend-ok not given: nothing was sent.")
            return REFUSED
        return run(args, world, saved)
    finally:
        from django.db import connections

        connections.close_all()
        shutil.rmtree(scratch, ignore_errors=True)


def run(args: argparse.Namespace, world: World, saved: dict | None) -> int:
    from benchmarks.scale.idea_worlds import Baselines, quality_run, report_quality

    def save(store) -> None:
        if args.save_labels:
            Path(args.save_labels).write_text(json.dumps(saved_labels(store), indent=1))
            print(f"labels written to {args.save_labels}")

    labeller = ReplayLabeller(saved) if saved is not None else None
    result = quality_run("live", world, labeller=labeller, on_loaded=save)
    parts = world_parts(world)
    report_quality(result, world, Baselines(parts, not args.no_baselines), Gold(world, parts))
    print("\n".join(spent_lines()))
    return 1 if failed_calls_named() else 0


def failed_calls_named() -> int:
    """Print the calls that got no usable reply, with the first error; how many there were."""
    from limma.models import LedgerEntry

    failed = LedgerEntry.objects.exclude(outcome="ok")
    count = failed.count()
    if count:
        first = failed.order_by("id").first()
        why = first.error or first.outcome
        print(f"!!! {count} model calls got no usable reply; the first: {why}")
    return count


if __name__ == "__main__":
    raise SystemExit(main())
