"""The offline labeller's time per sentence, and where it goes.

    .venv/bin/python benchmarks/scale/idea_labelling_speed.py --runs 5

Labels the office world's documents one labeller call a document (as the load does; no store,
no broker, no fake latency), each run timing the whole labelling and, inside it, the sentence
model (limma/embeddings.py) and the broader terms' matrix product (ideas/offline/meaning.py).
Two ways of batching the model's texts run side by side, alternately, in one process:

- one padded batch: every text of a call in batches of 64, each padded to its longest text
  (a two-word topic run costs as much as the sentence beside it);
- like lengths: batches of like token counts (limma.embeddings.batches), each padded to its own.

Printed: min and median ms a sentence of each, their ratio, the split, and whether the two
give every sentence the same topics and broader terms (they must).
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent.parent
sys.path.insert(0, str(ROOT))

from benchmarks.scale._idea_world import build_world  # noqa: E402
from ideas.offline import labeller, meaning  # noqa: E402
from limma import embeddings  # noqa: E402

WAYS = {"one padded batch": float("inf"), "like lengths": embeddings.WIDEN}


def timed(into: dict[str, float], key: str, function: Callable[..., Any]) -> Callable[..., Any]:
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        started = time.perf_counter()
        try:
            return function(*args, **kwargs)
        finally:
            into[key] = into.get(key, 0.0) + time.perf_counter() - started

    return wrapper


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--documents", type=int, default=96)
    parser.add_argument("--seed", type=int, default=12)
    args = parser.parse_args()

    world = build_world(args.seed, documents=args.documents)
    calls = [[s.text for s in d.sentences if s.text.strip()] for d in world.documents]
    sentences = sum(len(call) for call in calls)
    labeller.sentences_topics(["The model and the broader terms load before any run."])
    meaning.concept_vectors()

    split: dict[str, float] = {}
    embed = embeddings.MiniLm.embed
    embeddings.MiniLm.embed = timed(split, "model", embed)  # type: ignore[method-assign]
    labeller.nearest_concepts = timed(split, "terms", labeller.nearest_concepts)

    times: dict[str, list[float]] = {way: [] for way in WAYS}
    splits: dict[str, list[dict[str, float]]] = {way: [] for way in WAYS}
    labels: dict[str, Any] = {}
    for _ in range(args.runs):
        for way, widen in WAYS.items():
            embeddings.WIDEN = widen
            split.clear()
            started = time.perf_counter()
            labels[way] = [labeller.sentences_topics(call) for call in calls]
            times[way].append((time.perf_counter() - started) * 1000 / sentences)
            splits[way].append({key: value * 1000 / sentences for key, value in split.items()})

    print(
        f"{len(calls)} documents, {sentences} sentences, one call a document, {args.runs} runs "
        f"each, alternating; load average {os.getloadavg()[0]:.1f} at the end\n"
    )
    print(
        "| batching | runs: ms / sentence | min | median | model ms / sentence (median) | "
        "broader terms ms / sentence (median) |"
    )
    print("|---|---|--:|--:|--:|--:|")
    for way in WAYS:
        model = statistics.median(row["model"] for row in splits[way])
        terms = statistics.median(row["terms"] for row in splits[way])
        print(
            f"| {way} | {', '.join(f'{t:.1f}' for t in times[way])} | {min(times[way]):.1f} | "
            f"{statistics.median(times[way]):.1f} | {model:.1f} | {terms:.2f} |"
        )
    old, new = (times[way] for way in WAYS)
    print(
        f"\nlike lengths / one padded batch: min {min(new) / min(old):.2f}, median "
        f"{statistics.median(new) / statistics.median(old):.2f}"
    )
    same = labels["one padded batch"] == labels["like lengths"]
    print(f"same topics and broader terms for every sentence: {'yes' if same else 'NO'}")
    if not same:
        sys.exit(1)


if __name__ == "__main__":
    main()
