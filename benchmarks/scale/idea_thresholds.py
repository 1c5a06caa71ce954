"""The offline grouper's thresholds, measured: its bars swept over idea worlds.

    .venv/bin/python benchmarks/scale/idea_thresholds.py --worlds office,clinic,school

Each world's sentences are labelled once by the offline labeller (ideas/offline/labeller.py,
pure), and every label's fit to every idea is measured once on the example the grouping would
show it (its first sentence, and for a label carried by more than two parts its second,
different one; ideas/grouping.py); then the grouper's bars are swept and the grouping replayed
over the parts (means it only when both judgments say so). Printed: for each precision floor,
the bars with the highest recall whose precision reaches it on every world (ties: the higher
precision). No store and no verb: the full harness (idea_worlds.py --world ...) measures the
chosen bars end to end.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from itertools import product
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent.parent
sys.path.insert(0, str(ROOT))

from benchmarks.scale._idea_scoring import Gold, PartKey, Score, pooled, world_parts  # noqa: E402
from benchmarks.scale._idea_world import OFFICE, World, build_world  # noqa: E402
from benchmarks.scale._idea_worlds_more import KEPT_APART_WORLDS, WORLDS  # noqa: E402

SECOND_OVER_PARTS = 2  # as ideas/grouping.py: a label on more parts is judged twice
EXAMPLES_READ = 8
MARGINS = [round(-0.20 + 0.02 * step, 2) for step in range(8)]
SHARED = (0, 1, 2)
LIKENESS = (0.15, 0.2, 0.25)
ON_THE_MAP = (0.8, 0.85, 0.9, 1.01)  # 1.01: every idea is its own term
OWN_RANKS = (1, 2, 3)
OWN_LIKENESS = (0.2, 0.25, 0.3)
WHOLE_LIKENESS = (0.2, 0.25)  # with the label's words at 0.6 and the whole margin at -0.04
FLOORS = (0.6, 0.63, 0.65)


@dataclass
class Label:
    label: str
    parts: dict[PartKey, None] = field(default_factory=dict)
    sentences: list[str] = field(default_factory=list)

    def examples(self) -> list[str]:
        """The first sentence, and a different second one when the label needs a second look."""
        first = self.sentences[0]
        if len(self.parts) <= SECOND_OVER_PARTS:
            return [first]
        shown = self.sentences[:EXAMPLES_READ]
        return [first, next((text for text in shown[1:] if text != first), first)]


def world_labels(world: World) -> dict[str, Label]:
    """Every label the offline labeller gives the world's sentences, with its parts in order."""
    from ideas.offline.labeller import sentences_topics
    from ideas.words import normalised
    from limma.segment import segment

    rows: list[tuple[PartKey, str]] = []
    for document in world.documents:
        for span in segment(document.text):
            part = (document.file_name, span.start, span.end)
            rows += [
                (part, document.text[s.start : s.end]) for s in span.sentences if not s.is_heading
            ]
    texts = list(dict.fromkeys(text for _, text in rows))
    given = dict(zip(texts, sentences_topics(texts), strict=True))
    labels: dict[str, Label] = {}
    for part, text in rows:
        for topic in given[text]:
            label = labels.setdefault(normalised(topic["topic"]), Label(topic["topic"]))
            label.parts[part] = None
            label.sentences.append(text)
    return labels


def world_fits(world: World, labels: dict[str, Label]) -> dict[str, dict[str, list]]:
    """idea -> label key -> the fit of each example the label would be shown."""
    from ideas.offline.meaning import fits

    measured: dict[str, dict[str, list]] = {}
    for idea in world.ideas:
        items = [
            (key, label.label, text) for key, label in labels.items() for text in label.examples()
        ]
        found = fits(idea.question, [(label, text) for _, label, text in items])
        by_label: dict[str, list] = {}
        for (key, _, _), fit in zip(items, found, strict=True):
            by_label.setdefault(key, []).append(fit)
        measured[idea.key] = by_label
    return measured


def replayed(
    labels: dict[str, Label], fits_of: dict[str, list], verdict: Callable[..., str]
) -> tuple[set[PartKey], set[PartKey]]:
    """The parts matched and in possibly when each label is sorted by `verdict`, two judgments
    combined as ideas/grouping.py combines them."""
    matched: set[PartKey] = set()
    possibly: set[PartKey] = set()
    for key, label in labels.items():
        verdicts = {verdict(fit) for fit in fits_of[key]}
        combined = verdicts.pop() if len(verdicts) == 1 else "possibly"
        if combined == "means_it":
            matched |= set(label.parts)
        elif combined == "possibly":
            possibly |= set(label.parts)
    return matched, possibly - matched


def world_score(world: World, gold: Gold, labels, fits_by_idea, verdict) -> Score:
    scores = []
    for idea in world.ideas:
        matched, possibly = replayed(labels, fits_by_idea[idea.key], verdict)
        scores.append(gold.score(idea.key, "planted", matched, possibly))
    return pooled(scores)


def sweep(worlds: Iterable[str], seed: int) -> None:
    measured = []
    for name in worlds:
        world = build_world(seed=seed, spec=OFFICE if name == "office" else WORLDS[name])
        labels = world_labels(world)
        measured.append((name, world, Gold(world, world_parts(world)), labels))
        measured[-1] += (world_fits(world, labels),)
        print(f"{name}: {len(labels)} labels", flush=True)
    results = []
    from ideas.offline.grouper import Bars, verdict

    for margin, shared, likeness, on_map, own_rank, own_likeness, whole_likeness in product(
        MARGINS, SHARED, LIKENESS, ON_THE_MAP, OWN_RANKS, OWN_LIKENESS, WHOLE_LIKENESS
    ):
        chosen = Bars(
            margin=margin,
            likeness=likeness,
            shared=shared,
            on_the_map=on_map,
            own_rank=own_rank,
            own_likeness=own_likeness,
            whole_likeness=whole_likeness,
        )

        def judged(fit, chosen: Bars = chosen) -> str:
            return verdict(fit, chosen)

        scores = {
            name: world_score(world, gold, labels, fits_by_idea, judged)
            for name, world, gold, labels, fits_by_idea in measured
        }
        results.append((chosen, scores))
    for floor in FLOORS:
        # Highest lowest recall; then the fewest near misses matched (precision first: a near
        # miss matched is the wrong match a reader sees at once); then highest recall over all;
        # then highest lowest precision; then highest precision overall.
        passing = [
            (
                (
                    min(s.recall for s in scores.values()),
                    -sum(s.near_misses_matched for s in scores.values()),
                    sum(s.recall for s in scores.values()),
                    min(s.precision or 0 for s in scores.values()),
                    sum(s.precision or 0 for s in scores.values()),
                ),
                chosen,
                scores,
            )
            for chosen, scores in results
            if all((s.precision or 0) >= floor for s in scores.values())
        ]
        if not passing:
            print(f"precision >= {floor} on every world: no bars reach it")
            continue
        (recall, misses, _, _, _), bars, scores = max(passing, key=lambda row: row[0])
        each = ", ".join(f"{n} {s.recall:.2f} / {s.precision:.2f}" for n, s in scores.items())
        print(
            f"precision >= {floor} on every world: an idea on the map when a term lies within "
            f"{bars.on_the_map}, there margin >= {bars.margin}, shared <= {bars.shared}, "
            f"likeness >= {bars.likeness}; otherwise the idea among the sentence's "
            f"{bars.own_rank} nearest terms, likeness >= {bars.own_likeness}; its words named "
            f"with likeness without them >= {bars.whole_likeness}: lowest recall {recall:.2f}, "
            f"{-misses} near misses matched ({each})"
        )


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--worlds", default="office,clinic,school")
    parser.add_argument("--seed", type=int, default=12)
    args = parser.parse_args(argv)
    worlds = [w for w in args.worlds.split(",") if w]
    kept = set(worlds) & set(KEPT_APART_WORLDS)
    if kept:
        parser.error(f"{', '.join(sorted(kept))} is kept apart: thresholds are never tuned on it")
    import os

    import django

    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "limma.settings")
    django.setup()
    sweep(worlds, args.seed)


if __name__ == "__main__":
    main()
