"""How fast text is cut and read: the segmenter and the vocabulary's mention finder.

    .venv/bin/python benchmarks/text_throughput.py [--kb 50] [--runs 7]

Reports the median over several runs, in sentences (or mentions) per second, and the ratio of
a 10x larger document's time to the smaller one's (1.0 per unit of size means linear).
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from limma.segment import segment
from limma.vocabulary import Vocabulary

PARAGRAPH = (
    "Greta Ostrander joined Quellmark Foods in 2001 as a marketing director. She led marketing "
    "for baby formula across Germany and Poland until 2023. Dr. Anneke Voss, e.g. at Halden "
    "Foods AS, sold 2.5 million units in the U.S. market.\n\n## Experience\n\n1. Scope\n"
    "The work is described here.\n- item one\n- item two\n\n"
)
PHRASES = [
    "partners across Germany",
    "France",
    "Southeast Asia",
    "EMEA",
    "R&D",
    "the team",
    "marketing and sales",
    "Österreich",
    "in 2023",
    "worked with",
]


def median_seconds(work, runs: int) -> float:
    timings = []
    for _ in range(runs):
        started = time.perf_counter()
        work()
        timings.append(time.perf_counter() - started)
    return statistics.median(timings)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--kb", type=int, default=50)
    parser.add_argument("--runs", type=int, default=7)
    args = parser.parse_args()
    vocabulary = Vocabulary.shipped()
    rng = random.Random(7)
    print("| what | size | median ms | per second | time ratio for 10x the size |")
    print("|---|--:|--:|--:|--:|")
    for name, build, count in (
        (
            "segment",
            lambda n: (PARAGRAPH * (n // len(PARAGRAPH) + 1))[:n],
            lambda text: sum(len(p.sentences) for p in segment(text)),
        ),
        (
            "find_in",
            lambda n: " ".join(rng.choice(PHRASES) for _ in range(n // 5))[:n],
            lambda text: len(vocabulary.find_in(text)),
        ),
    ):
        small, large = build(args.kb * 1000), build(args.kb * 10_000)
        small_s = median_seconds(lambda count=count, text=small: count(text), args.runs)
        large_s = median_seconds(
            lambda count=count, text=large: count(text), max(3, args.runs // 2)
        )
        units = count(small)
        print(
            f"| {name} | {args.kb} KB | {small_s * 1000:.1f} | {units / small_s:,.0f} | "
            f"{large_s / small_s:.1f} |"
        )


if __name__ == "__main__":
    main()
