"""Ideas measured: where do the documents discuss something, against gold planted in a world.

    .venv/bin/python benchmarks/scale/idea_worlds.py                      # everything, offline
    .venv/bin/python benchmarks/scale/idea_worlds.py --sections quality --modes scripted
    .venv/bin/python benchmarks/scale/idea_worlds.py --sections calls,labelling,lookup --runs 5

Generates a world (benchmarks/scale/_idea_world.py: contracts, policies, meeting notes and
support articles; six ideas planted in many phrasings, near misses that share an idea's words
and not its meaning, the gold written with the text), loads it into a scratch SQLite store
through the ingest verb and asks each idea through the search verb (`idea`, detail full,
every page), in-process (LimmaClient over httpx's WSGI transport; nothing leaves the machine).
Labelling at load runs in the calling process (django-q2's tasks run where they are queued).

Sections (`--sections`, in this order):

- quality, per `--modes`: `offline` (the shipped offline labeller and grouper) and `scripted`
  (benchmarks/scale/_idea_models.py: a model scripted from the gold, run twice, once with one
  phrasing left without a topic and once with one phrasing given an unfitting topic; the
  harness must name exactly those sentences, and the reply must say incomplete with their count
  the first time and complete the second). Per idea, under the gold as planted and under the
  multi-idea reading: the planted sentences found against those expected, the parts matched
  that hold none, how many landed in possibly, beside the trivial optima (every part; the
  idea's own words) and the two retrieval baselines at the same number of passages (BM25 with
  bm25s; all-MiniLM-L6-v2 int8 ONNX), plus each baseline at the number of gold parts and at
  one threshold over the world's six ideas (its best F1, and its highest recall at precision
  0.6). Every missed sentence is named with its topics and their verdicts, or why it has none;
  the double judgment's disagreement rate is printed.
- calls: the world at 1x, 4x and 16x documents, each in a fresh workspace, then in one workspace
  grown from size to size; at each, every idea is asked (and called again while labels are left
  to sort) and then asked once more: grouping calls per question, distinct labels in scope, new
  since the last size, judged twice; the repeated question must make 0 calls.
- labelling: --runs fresh loads of --labelling-documents documents, their labelling tasks then
  taken from django-q2's broker and run as one worker runs them, against the offline labeller
  behind a fake latency (--latency-ms a call): model calls per 1,000 sentences, and the
  product's own time per sentence (the time inside the tasks less the time inside the model)
  beside the latency.
- lookup: one workspace grown to each of --lookup-parts parts (default 2,500 and 10,000); the
  idea is sorted once, then asked --runs times from stored verdicts (`idea_budget.max_calls` 0,
  compact, a page of 50): database queries of one call and the time, min and median.

Needs the benchmark dependencies: `pip install -r requirements-bench.txt` (scripts/setup does).
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import sys
import time
from collections import Counter
from contextlib import nullcontext
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent.parent
sys.path.insert(0, str(ROOT))

from benchmarks.scale._idea_models import (  # noqa: E402
    DISAGREEMENT,
    FAULT_PHRASING,
    NO_TOPIC,
    UNFITTING_TOPIC,
    LatencyModel,
    ScriptedWorldModel,
)
from benchmarks.scale._idea_scoring import (  # noqa: E402
    Gold,
    Score,
    every_part,
    own_words_parts,
    pooled,
    world_parts,
)
from benchmarks.scale._idea_world import OFFICE, PLANTED, World, build_world  # noqa: E402
from benchmarks.scale._idea_worlds_more import WORLDS  # noqa: E402

SECTIONS = ("quality", "calls", "labelling", "lookup")
READINGS = ("planted", "multi")


def parse(argv: list[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seed", type=int, default=12)
    parser.add_argument("--scale", type=int, default=1, help="the quality world, x 48 documents")
    parser.add_argument("--sections", default=",".join(SECTIONS))
    parser.add_argument("--modes", default="offline,scripted", help="offline and/or scripted")
    parser.add_argument("--scales", default="1,4,16", help="the calls section's sizes")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--latency-ms", type=float, default=20.0)
    parser.add_argument("--labelling-documents", type=int, default=96)
    parser.add_argument("--lookup-parts", default="2500,10000")
    parser.add_argument("--no-baselines", action="store_true", help="skip BM25 and MiniLM")
    parser.add_argument(
        "--world",
        choices=("office", *sorted(WORLDS)),
        default="office",
        help="the quality section's world: office (this harness's own), or one written before "
        "any tuning (_idea_worlds_more.py, _idea_worlds_later.py, _idea_world_desk.py, "
        "_idea_world_hotel.py, _idea_world_bank.py, _idea_world_builder.py; bank and builder "
        "are kept apart); scripted runs office only",
    )
    parser.add_argument("--keep", action="store_true", help="keep the scratch store")
    args = parser.parse_args(argv)
    args.sections = [s for s in args.sections.split(",") if s]
    args.modes = [m for m in args.modes.split(",") if m]
    args.scales = [int(n) for n in args.scales.split(",") if n]
    args.lookup_parts = [int(n) for n in args.lookup_parts.split(",") if n]
    if set(args.sections) - set(SECTIONS):
        parser.error(f"--sections takes {', '.join(SECTIONS)}")
    if set(args.modes) - {"offline", "scripted"}:
        parser.error("--modes takes offline and scripted")
    if args.world != "office" and "scripted" in args.modes:
        parser.error("the scripted model is written from the office world's gold: --modes offline")
    return args


def ratio(value: float | None) -> str:
    return "—" if value is None else f"{value:.2f}"


def table(header: list[str], rows: list[list[Any]]) -> str:
    lines = ["| " + " | ".join(header) + " |", "|" + "|".join("---" for _ in header) + "|"]
    lines += ["| " + " | ".join(str(cell) for cell in row) + " |" for row in rows]
    return "\n".join(lines)


# -- quality -------------------------------------------------------------------------------------


class Baselines:
    """BM25 and MiniLM over the world's parts, each ranking once per idea."""

    def __init__(self, parts, enabled: bool) -> None:
        self.parts = parts
        self.rankers: dict[str, Any] = {}
        if enabled:
            from benchmarks.scale._idea_baselines import Bm25, Embeddings

            texts = [part.text for part in parts]
            self.rankers["bm25"] = Bm25(texts)
            self.rankers["minilm"] = Embeddings(texts)

    def top(self, name: str, question: str, k: int) -> set:
        from benchmarks.scale._idea_baselines import top_k

        scores = self.rankers[name].scores(question)
        return {self.parts[i].key for i in top_k(scores, k)}


def quality(args: argparse.Namespace, world: World, baselines: Baselines, gold: Gold) -> bool:
    """Every mode's table; False when a scripted run's harness check failed."""
    from limma import door

    ok = True
    runs: list[tuple[str, str]] = []
    for mode in args.modes:
        runs += [("offline", "")] if mode == "offline" else [
            ("scripted", NO_TOPIC), ("scripted", UNFITTING_TOPIC), ("scripted", DISAGREEMENT)
        ]  # fmt: skip
    for mode, fault in runs:
        name = mode + (f" ({fault}: {FAULT_PHRASING[fault]})" if fault else "")
        print(f"\n## quality: {name}\n")
        model = ScriptedWorldModel(world, fault) if mode == "scripted" else None
        with door.use_provider(model) if model else nullcontext():
            result = quality_run(f"quality-{mode}-{fault or 'none'}", world)
        report_quality(result, world, baselines, gold)
        if model is not None:
            ok &= harness_check(result, world, gold, fault)
    return ok


def quality_run(name: str, world: World, labeller=None, on_loaded=None) -> dict[str, Any]:
    """The world loaded into a workspace of its own (labelled by `labeller` when given, else
    by whichever provider answers), every idea asked; `on_loaded(store)` runs in between."""
    from benchmarks.scale._idea_store import WorldStore
    from limma import door

    store = WorldStore(name)
    with door.use_provider(labeller) if labeller is not None else nullcontext():
        store.ingest(world)
    if on_loaded is not None:
        on_loaded(store)
    answers = {idea.key: store.ask(idea.question) for idea in world.ideas}
    result = {
        "answers": answers,
        "labels": store.labels(),
        "labelling": store.labelling(),
        "ingest_seconds": store.ingest_seconds,
    }
    store.close()
    return result


def report_quality(result: dict[str, Any], world: World, baselines: Baselines, gold: Gold) -> None:
    answers = result["answers"]
    parts = gold.parts
    print(
        f"{len(world.documents)} documents, {len(parts)} parts, {world.sentence_count()} "
        f"sentences; ingest and labelling {result['ingest_seconds']:.1f} s"
    )
    for reading in READINGS:
        rows = []
        columns: dict[str, list[Score]] = {}
        possibly_parts = 0
        for idea in world.ideas:
            answer = answers[idea.key]
            matched, possibly = answer.parts("matches"), answer.parts("possibly")
            possibly_parts += len(possibly)
            k, k_gold = len(matched), len(gold.expected_parts(idea.key, reading))
            scores = {
                "limma": gold.score(idea.key, reading, matched, possibly),
                "every": gold.score(idea.key, reading, every_part(parts)),
                "own": gold.score(idea.key, reading, own_words_parts(parts, idea.question)),
            }
            for ranker in baselines.rankers:
                scores[f"{ranker}@k"] = gold.score(
                    idea.key, reading, baselines.top(ranker, idea.question, k)
                )
                scores[f"{ranker}@gold"] = gold.score(
                    idea.key, reading, baselines.top(ranker, idea.question, k_gold)
                )
            for name, score in scores.items():
                columns.setdefault(name, []).append(score)
            rows.append(quality_row(idea.key, scores, len(possibly), baselines, k_gold))
        together = {name: pooled(scores) for name, scores in columns.items()}
        rows.append(quality_row("all six, pooled", together, possibly_parts, baselines, ""))
        header = [
            "idea",
            "expected",
            "found",
            "parts matched",
            "holding none",
            "expected in possibly",
            "near misses matched",
            "recall",
            "precision",
            "every part: precision",
            "own words: R / P",
        ] + [f"{name} @k: R / P (R / P @gold)" for name in baselines.rankers]
        print(f"\ngold {'as planted' if reading == 'planted' else 'under the multi-idea reading'}:")
        print(table(header, rows))
        for line in threshold_lines(world, baselines, gold, reading):
            print(line)
    states = [
        [
            idea.key,
            answers[idea.key].complete,
            answers[idea.key].incomplete_because or "—",
            answers[idea.key].questions,
            answers[idea.key].calls,
        ]
        for idea in world.ideas
    ]
    print()
    print(table(["idea", "complete", "incomplete_because", "questions", "grouper calls"], states))
    twice = sum(a.judged_twice for a in answers.values())
    disagreed = sum(a.disagreed for a in answers.values())
    rate = f"{disagreed / twice:.1%}" if twice else "—"
    print(f"\ndouble judgment: {twice} labels judged twice, {disagreed} disagreed ({rate})")
    print("\nmissed (gold as planted):")
    for idea in world.ideas:
        score = gold.score(
            idea.key,
            "planted",
            answers[idea.key].parts("matches"),
            answers[idea.key].parts("possibly"),
        )
        for line in missed_lines(idea.key, score, result, answers[idea.key]):
            print(line)


def threshold_lines(world: World, baselines: Baselines, gold: Gold, reading: str) -> list[str]:
    """Each baseline at one threshold over the world's ideas: its best F1, and the highest
    recall at precision 0.6 (the goal set for Limma)."""
    import numpy as np

    from benchmarks.scale._idea_baselines import best_thresholds

    lines = []
    for name, ranker in baselines.rankers.items():
        scored = []
        for idea in world.ideas:
            expected = world.expected(idea.key, reading)
            per_part = Counter(gold.part_of[key] for key in expected)
            keys = [part.key for part in gold.parts]
            scored.append(
                (
                    ranker.scores(idea.question),
                    np.array([per_part.get(key, 0) for key in keys]),
                    np.array([key in per_part for key in keys]),
                )
            )
        best = best_thresholds(scored)
        at_floor = best["at_floor"]
        lines.append(
            f"{name}, one threshold over the six ideas: best F1 at R {best['best_f1'][0]:.2f} / "
            f"P {best['best_f1'][1]:.2f}; highest recall at P >= 0.6: "
            + (f"R {at_floor[0]:.2f} / P {at_floor[1]:.2f}" if at_floor else "none reaches it")
        )
    return lines


def quality_row(
    name: str, scores: dict[str, Score], possibly: int, baselines: Baselines, k_gold: Any
) -> list[Any]:
    limma, every, own = scores["limma"], scores["every"], scores["own"]
    row = [
        name,
        limma.expected,
        limma.found,
        limma.matched_parts,
        limma.parts_holding_none,
        f"{limma.in_possibly} ({possibly} parts)",
        limma.near_misses_matched,
        ratio(limma.recall),
        ratio(limma.precision),
        ratio(every.precision),
        f"{ratio(own.recall)} / {ratio(own.precision)}",
    ]
    for ranker in baselines.rankers:
        at_k, at_gold = scores[f"{ranker}@k"], scores[f"{ranker}@gold"]
        at = f" @{k_gold}" if k_gold != "" else ""
        row.append(
            f"{ratio(at_k.recall)} / {ratio(at_k.precision)} "
            f"({ratio(at_gold.recall)} / {ratio(at_gold.precision)}{at})"
        )
    return row


def missed_lines(idea: str, score: Score, result: dict[str, Any], answer) -> list[str]:
    """Each missed sentence with its topics and their verdicts, or why it has none."""
    verdicts = answer.verdicts()
    possibly = answer.parts("possibly")
    sorted_all = not answer.incomplete_because.get("labels_not_grouped")
    lines = []
    for file_name, sentence in score.missed:
        topics = result["labels"].get((file_name, sentence.start), [])
        if topics:
            why = ", ".join(
                f"{topic} → "
                + verdicts.get(
                    topic.rsplit(" (", 1)[0], "no" if sorted_all else "no, or not sorted yet"
                )
                for topic in topics
            )
        else:
            why = no_topic_reason(result["labelling"].get(file_name, {}))
        in_possibly = any(
            part[0] == file_name and part[1] <= sentence.start < part[2] for part in possibly
        )
        lines.append(
            f"  {idea} · {sentence.phrasing} · {file_name}@{sentence.start}"
            f"{' (in possibly)' if in_possibly else ''}: {sentence.text!r} — {why}"
        )
    return lines


def no_topic_reason(labelling: dict[str, Any]) -> str:
    not_labelled = {k: v for k, v in (labelling.get("not_labelled") or {}).items() if v}
    if not_labelled:
        return "no topic: its document has parts not labelled " + ", ".join(
            f"{cause}={n}" for cause, n in not_labelled.items()
        )
    if labelling.get("sentences_not_labelled"):
        return "no topic: given none, even asked again alone (sentence_not_labelled)"
    return f"no topic (labelling {labelling.get('state', '?')})"


def harness_check(result: dict[str, Any], world: World, gold: Gold, fault: str) -> bool:
    """The scripted model's one fault must be named exactly, and the reply must say what it
    can: incomplete with the count for a sentence left without a topic, complete otherwise."""
    faulty = {
        (document.file_name, sentence.start)
        for document, sentence in world.gold()
        if sentence.role == PLANTED and sentence.phrasing == FAULT_PHRASING[fault]
    }
    answers = result["answers"]
    missed = set()
    for reading in READINGS:
        for idea in world.ideas:
            score = gold.score(idea.key, reading, answers[idea.key].parts("matches"))
            missed |= {(file_name, sentence.start) for file_name, sentence in score.missed}
    named = missed == faulty
    if fault == NO_TOPIC:
        said = all(
            a.incomplete_because.get("sentences_not_labelled") == len(faulty)
            and set(a.incomplete_because) == {"sentences_not_labelled"}
            for a in answers.values()
        )
        told = f"every reply incomplete, sentences_not_labelled = {len(faulty)}"
    elif fault == DISAGREEMENT:
        idea = next(i for i in world.ideas if i.key == world_idea(faulty, world))
        answer = answers[idea.key]
        in_possibly = {key for key in faulty if gold.part_of[key] in answer.parts("possibly")}
        said = (
            all(a.complete for a in answers.values())
            and in_possibly == faulty
            and answer.disagreed == 1
        )
        told = (
            f"every reply complete, all {len(faulty)} in possibly ({len(in_possibly)}), "
            f"1 label disagreed ({answer.disagreed})"
        )
    else:
        said = all(a.complete for a in answers.values())
        told = "every reply complete"
    passed = named and said
    print(
        f"\nharness check ({fault}): {len(faulty)} sentences of {FAULT_PHRASING[fault]!r} "
        f"planted; missed {len(missed)}, exactly those: {named}; {told}: {said} → "
        f"{'PASS' if passed else 'FAIL'}"
    )
    return passed


def world_idea(keys: set[tuple[str, int]], world: World) -> str:
    """The one idea the sentences at these places were planted for."""
    ideas = {s.idea for d, s in world.gold() if (d.file_name, s.start) in keys}
    (idea,) = ideas
    return idea


# -- calls ---------------------------------------------------------------------------------------


def grouping_step(store, world: World, start: int, seen_labels: int) -> tuple[list[Any], int]:
    """Load the world's documents from `start` on, ask every idea, ask it again; one row."""
    store.ingest(world, start=start)
    first = {idea.key: store.ask(idea.question) for idea in world.ideas}
    again = {idea.key: store.ask(idea.question) for idea in world.ideas}
    labels = max(a.grouping.get("labels", 0) for a in first.values())
    per_question = [a.calls for a in first.values()]
    twice = [a.judged_twice for a in first.values()]
    repeated = sum(a.calls for a in again.values())
    row = [
        len(world.documents),
        len(world_parts(world)),
        labels,
        labels - seen_labels,
        f"{statistics.mean(twice):.0f}",
        f"{statistics.mean(per_question):.1f} ({min(per_question)}-{max(per_question)})",
        sum(a.questions for a in first.values()),
        all(a.complete for a in first.values()),
        repeated,
    ]
    return row, repeated


CALLS_HEADER = [
    "size",
    "documents",
    "parts",
    "distinct labels",
    "new labels",
    "judged twice / question",
    "grouper calls / question (min-max)",
    "search calls (6 ideas)",
    "complete",
    "grouper calls when asked again (6 ideas)",
]


def calls(args: argparse.Namespace) -> bool:
    """Grouping calls per question at each size: a fresh workspace each, then one grown."""
    from benchmarks.scale._idea_store import WorldStore

    biggest = build_world(args.seed, max(args.scales))
    worlds = {
        scale: World(args.seed, biggest.documents[: len(build_world(args.seed, scale).documents)])
        for scale in args.scales
    }
    ok = True
    print("\n## grouping calls per question, a fresh workspace at each size (offline)\n")
    rows = []
    for scale, world in worlds.items():
        store = WorldStore(f"calls-{scale}x")
        row, repeated = grouping_step(store, world, 0, 0)
        store.close()
        ok &= repeated == 0
        rows.append([f"{scale}x", *row])
    print(table(CALLS_HEADER, rows))
    print("\n## the same, one workspace grown from size to size (only new labels are sorted)\n")
    rows, store, loaded, seen = [], WorldStore("calls-grown"), 0, 0
    for scale, world in worlds.items():
        row, repeated = grouping_step(store, world, loaded, seen)
        ok &= repeated == 0
        loaded, seen = len(world.documents), row[2]
        rows.append([f"{scale}x", *row])
    store.close()
    print(table(CALLS_HEADER, rows))
    return ok


# -- labelling -----------------------------------------------------------------------------------


def run_queued_tasks() -> tuple[int, float]:
    """Run every task waiting in django-q2's broker, as one worker would; how many, and the
    seconds spent inside the tasks themselves (the broker's dequeue and ack aside)."""
    from pydoc import locate

    from django_q.brokers import get_broker
    from django_q.signing import SignedPackage

    broker = get_broker()
    ran, inside = 0, 0.0
    while True:
        taken = broker.dequeue()
        if not taken:
            return ran, inside
        for ack_id, package in taken:
            task = SignedPackage.loads(package)
            func = task["func"] if callable(task["func"]) else locate(task["func"])
            started = time.perf_counter()
            func(*task.get("args", ()), **task.get("kwargs", {}))
            inside += time.perf_counter() - started
            broker.acknowledge(ack_id)
            ran += 1


def labelling(args: argparse.Namespace) -> None:
    from benchmarks.scale._idea_store import WorldStore, tasks_in_process
    from limma import door
    from limma.door.providers import OfflineProvider
    from limma.models import LedgerEntry, Sentence

    print(
        f"\n## labelling at load: {args.labelling_documents} documents, offline labeller behind "
        f"{args.latency_ms:.0f} ms a call\n"
    )
    world = build_world(args.seed, documents=args.labelling_documents)
    rows = []
    for run in range(1, args.runs + 1):
        store = WorldStore(f"labelling-{run}")
        tasks_in_process(False)
        try:
            store.ingest(world)
        finally:
            tasks_in_process(True)
        model = LatencyModel(OfflineProvider(), args.latency_ms / 1000)
        started = time.perf_counter()
        with door.use_provider(model):
            tasks, in_tasks = run_queued_tasks()
        wall = time.perf_counter() - started
        sentences = Sentence.objects.filter(
            document__workspace=store.workspace, is_heading=False
        ).count()
        ledger = LedgerEntry.objects.filter(workspace=store.workspace, role="part_labeller")
        rows.append(
            {
                "tasks": tasks,
                "sentences": sentences,
                "calls": ledger.count(),
                "wall": wall,
                "tasks_s": in_tasks,
                "model": model.inside,
                "own_ms": (in_tasks - model.inside) / sentences * 1000,
                "load": os.getloadavg()[0],
            }
        )
        store.close()
    own = [row["own_ms"] for row in rows]
    print(
        table(
            [
                "run",
                "tasks",
                "sentences",
                "labeller calls",
                "calls / 1,000 sentences",
                "wall s (with the broker)",
                "inside the tasks s",
                "inside the model s",
                "product ms / sentence",
                "product ms / call",
                "latency ms / call",
                "load average",
            ],
            [
                [
                    i,
                    r["tasks"],
                    r["sentences"],
                    r["calls"],
                    f"{r['calls'] / r['sentences'] * 1000:.0f}",
                    f"{r['wall']:.2f}",
                    f"{r['tasks_s']:.2f}",
                    f"{r['model']:.2f}",
                    f"{r['own_ms']:.2f}",
                    f"{(r['tasks_s'] - r['model']) / r['calls'] * 1000:.1f}",
                    f"{args.latency_ms:.0f}",
                    f"{r['load']:.1f}",
                ]
                for i, r in enumerate(rows, start=1)
            ],
        )
    )
    print(
        f"\nproduct's own time per sentence: min {min(own):.2f} ms, median "
        f"{statistics.median(own):.2f} ms over {len(rows)} runs"
    )


# -- lookup --------------------------------------------------------------------------------------


def lookup(args: argparse.Namespace) -> bool:
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    from benchmarks.scale._idea_store import WorldStore, grouper_calls

    idea = OFFICE.ideas[0].question
    print(f"\n## an idea question from stored verdicts ({idea!r}, compact, a page of 50)\n")
    store = WorldStore("lookup")
    rows, ok, loaded, parts, count = [], True, 0, 0, 0
    from limma.models import Part

    for wanted in args.lookup_parts:
        while parts < wanted:
            count += max(48, (wanted - parts) // 6)
            world = build_world(args.seed, documents=count)
            store.ingest(world, start=loaded)
            loaded = count
            parts = Part.objects.filter(document__workspace=store.workspace).count()
        store.ask(idea)  # sorts what is new
        fields = {"idea": idea, "idea_budget": {"max_calls": 0}, "limit": 50}
        store.search(**fields)  # warm
        before = grouper_calls()
        times = []
        for _ in range(args.runs):
            started = time.perf_counter()
            reply = store.search(**fields)
            times.append((time.perf_counter() - started) * 1000)
        with CaptureQueriesContext(connection) as queries:
            store.search(**fields)
        made = grouper_calls() - before
        ok &= made == 0
        rows.append(
            [
                f"{parts:,}",
                count,
                reply["matched"]["total"],
                reply["complete"],
                len(queries),
                f"{min(times):.0f}",
                f"{statistics.median(times):.0f}",
                made,
                f"{os.getloadavg()[0]:.1f}",
            ]
        )
    store.close()
    print(
        table(
            [
                "parts",
                "documents",
                "matched",
                "complete",
                "queries / call",
                "min ms",
                "median ms",
                "grouper calls",
                "load average",
            ],
            rows,
        )
    )
    return ok


def main(argv: list[str] | None = None) -> int:
    args = parse(argv)
    from benchmarks.scale._idea_store import scratch_store

    scratch = scratch_store("offline")
    try:
        ok = True
        print(f"scratch store {scratch}; seed {args.seed}")
        if "quality" in args.sections:
            spec = OFFICE if args.world == "office" else WORLDS[args.world]
            world = build_world(args.seed, args.scale, spec=spec)
            parts = world_parts(world)
            gold = Gold(world, parts)
            baselines = Baselines(parts, enabled=not args.no_baselines)
            counts = Counter(s.role for _, s in world.gold())
            print(
                f"world {spec.name}: {len(world.documents)} documents, {len(parts)} parts, "
                f"{counts['planted']} planted sentences, {counts['near_miss']} near misses, "
                f"{counts['filler']} fillers"
            )
            ok &= quality(args, world, baselines, gold)
        if "calls" in args.sections:
            ok &= calls(args)
        if "labelling" in args.sections:
            labelling(args)
        if "lookup" in args.sections:
            ok &= lookup(args)
        print("\nall checks passed" if ok else "\n!!! a check failed: see above")
        return 0 if ok else 1
    finally:
        from django.db import connections

        connections.close_all()
        if not args.keep:
            shutil.rmtree(scratch, ignore_errors=True)


if __name__ == "__main__":
    raise SystemExit(main())
