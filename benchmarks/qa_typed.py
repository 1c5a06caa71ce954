"""Questions as a visitor types them, compiled and searched end to end, held to the answer key.

    .venv/bin/python benchmarks/qa_typed.py [--n 3000 --seed 23] [--only TEXT]

Builds the demo directory (directory/, what `make demo` loads) into a scratch SQLite store
under a temporary folder, and asks each question below as a brief through the search service
with the offline provider (the brief compiled by search/offline.py, the niche split by
criteria/offline/split.py and read inside the call, to the end). Each question carries what it
asks of the key: the niche of the key it words (or none: a question about the record itself)
and the constraints its words mean. Per question it prints what the brief compiled to, and:

- listed wrongly: people listed as fitting whom the key says do not fit — outside the
  constraints the words mean, or (with a niche) not fitting it. It MUST be 0, for every
  question: the product's one promise;
- for a question about the record: whether the whole count is the key's;
- for a niche: the provable people (the key's `provable` among those the words leave) found.

Every question words a niche of the key in the key's own words (the four conditions of
directory/niches.py): only then can the key say who fits. The measure is the compile and the
split; the reader is the product's offline one, as `make demo` runs it.
"""

from __future__ import annotations

import argparse
import shutil
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from benchmarks._offline_store import offline_store  # noqa: E402

BUDGET = {"max_reads": 5000, "max_seconds": 300.0, "max_read_seconds": 3600.0}
TRIES = 20  # calls per question while the read is still partial
STAPLERS, FORMULA = "surgical_staplers", "infant_formula"


def _place(op: str, value: Any) -> dict[str, Any]:
    return {"relation": "based_in", "slot": "place", "op": op, "value": value}


def _function(value: str) -> dict[str, Any]:
    return {"relation": "held_role", "slot": "function", "op": "eq", "value": value}


@dataclass(frozen=True)
class Typed:
    """A question, the key's niche it words (None: the record alone), what its words mean."""

    question: str
    niche: str | None
    means: list[dict[str, Any]] = field(default_factory=list)


QUESTIONS: tuple[Typed, ...] = (
    # The examples' niches with other verbs, and places inside the work.
    Typed("Who in Switzerland sold surgical staplers through public tenders in the DACH region?",
          STAPLERS, [_place("eq", "Switzerland")]),
    Typed("Who sold surgical staplers through public tenders in the DACH region?", STAPLERS),
    Typed("Who in Germany or Switzerland sold surgical staplers through public tenders in the "
          "DACH region?", STAPLERS, [_place("in", ["Germany", "Switzerland"])]),
    Typed("Anyone in Austria selling surgical staplers through public tenders in the DACH "
          "region?", STAPLERS, [_place("eq", "Austria")]),
    Typed("Which people in Austria sold surgical staplers through public tenders in the DACH "
          "region?", STAPLERS, [_place("eq", "Austria")]),
    Typed("Who in France marketed infant formula in European markets for 20+ years?", FORMULA,
          [_place("eq", "France")]),
    # The examples as written.
    Typed("Who in Switzerland has sold surgical staplers through public tenders in the DACH "
          "region?", STAPLERS, [_place("eq", "Switzerland")]),
    Typed("Who in Europe has 20+ years marketing infant formula in European markets?", FORMULA,
          [_place("eq", "Europe")]),
    # Negation and exclusion.
    Typed("Who not based in Germany sold surgical staplers through public tenders in the DACH "
          "region?", STAPLERS, [_place("ne", "Germany")]),
    Typed("Who outside Europe has 20+ years marketing infant formula in European markets?",
          FORMULA, [_place("ne", "Europe")]),
    # Questions about the record itself: the whole count is the answer.
    Typed("How many people in the directory are based in Poland?", None, [_place("eq", "Poland")]),
    Typed("How many people are based outside Europe?", None, [_place("ne", "Europe")]),
    Typed("List everyone in Liechtenstein", None, [_place("eq", "Liechtenstein")]),
    Typed("How many people work in Marketing in Germany?", None,
          [_place("eq", "Germany"), _function("Marketing")]),
    Typed("Who are the people in Switzerland, except those in Sales?", None,
          [_place("eq", "Switzerland")]),
)  # fmt: skip


def parse(argv: list[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--n", type=int, default=3000)
    parser.add_argument("--seed", type=int, default=23)
    parser.add_argument("--only", default="", help="only questions holding these words")
    return parser.parse_args(argv)


def setup() -> Path:
    """A scratch SQLite store, migrated; reads run inside the call (no worker needed)."""
    return offline_store("limma-typed-")


def asked(brought: Any, typed: Typed) -> Any:
    """The question searched as a brief, called again until its read is complete."""
    from search.service import search_run

    outcome = None
    for _ in range(TRIES):
        outcome = search_run(
            key=brought.key,
            workspace=brought.workspace,
            constraints=[],
            brief=typed.question,
            criteria_budget=BUDGET,
            list_limit=0,
        )
        if outcome.criteria is None or outcome.criteria.status != "partial":
            break
    return outcome


def measure(brought: Any, key: Any, typed: Typed, outcome: Any) -> dict[str, Any]:
    """What the answer listed as fitting, held to the key."""
    from limma.models import Entity
    from search.partition import MATCHED

    keys = dict(Entity.objects.filter(workspace=brought.workspace).values_list("pk", "key"))
    meant = set(key.candidates(typed.means))
    compiled = outcome.compiled
    result: dict[str, Any] = {
        "question": typed.question,
        "constraints": [
            f"{c.slot} {c.op} {c.value}" for c in (compiled.constraints if compiled else [])
        ],
        "niche": compiled.criterion if compiled else None,
        "dropped": [item["words"] for item in (compiled.dropped if compiled else [])],
        "meant": len(meant),
    }
    run = outcome.criteria
    if run is None:
        listed = {keys[placed.entity_id] for placed in outcome.matched}
        result |= {"listed": len(listed), "status": "no niche"}
    else:
        listed = {keys[pk] for pk, verdict in run.verdicts.items() if verdict == "matched"}
        result |= {"listed": len(listed), "status": run.status}
    fits = meant if typed.niche is None else set(key.fits(typed.niche, list(meant)))
    result["wrong"] = sorted(key.people[pid].name for pid in listed - fits)
    if typed.niche is None:
        result["count_right"] = run is None and outcome.counts[MATCHED] == len(meant)
        result["count"] = outcome.counts[MATCHED]
    else:
        provable = set(key.provable(typed.niche, list(meant)))
        result |= {"provable": len(provable), "found": len(listed & provable)}
        result["missed"] = sorted(key.people[pid].name for pid in provable - listed)
    return result


def line(result: dict[str, Any]) -> str:
    said = (
        f"{result['question']}\n  compiled: {'; '.join(result['constraints']) or '-'} | niche "
        f"{result['niche']!r} | dropped {result['dropped'] or '-'}\n  "
    )
    if "count_right" in result:
        said += (
            f"count {result['count']} of the {result['meant']} the key holds: "
            f"{'right' if result['count_right'] else 'WRONG'}"
        )
    else:
        said += (
            f"{result['status']}: listed {result['listed']}, provable found {result['found']} of "
            f"{result['provable']}"
            + (f" (not found: {', '.join(result['missed'])})" if result["missed"] else "")
        )
    said += f"; listed wrongly {len(result['wrong'])}"
    if result["wrong"]:
        said += " !!!!! " + ", ".join(result["wrong"][:10])
    return said + f" ({result['seconds']:.0f} s)"


def main(argv: list[str] | None = None) -> int:
    args = parse(argv)
    scratch = setup()
    try:
        from directory import build_directory
        from directory.load import directory_load, workspace_for

        built = build_directory(args.n, args.seed)
        brought = directory_load(workspace=workspace_for("typed"), export=built.export)
        print(
            f"directory --n {args.n} --seed {args.seed}: {brought.loaded.entities_created:,} "
            f"people, {brought.loaded.documents_registered:,} documents; offline provider\n"
        )
        results = []
        for typed in QUESTIONS:
            if args.only and args.only.casefold() not in typed.question.casefold():
                continue
            began = time.perf_counter()
            outcome = asked(brought, typed)
            result = measure(brought, built.key, typed, outcome)
            result["seconds"] = time.perf_counter() - began
            results.append(result)
            print(line(result) + "\n", flush=True)
        wrong = sum(len(r["wrong"]) for r in results)
        counts = [r for r in results if "count_right" in r]
        niches = [r for r in results if "found" in r]
        print(
            f"questions {len(results)}: listed wrongly {wrong} (in "
            f"{sum(1 for r in results if r['wrong'])} answers); whole counts right "
            f"{sum(r['count_right'] for r in counts)} of {len(counts)}; provable found "
            f"{sum(r['found'] for r in niches)} of {sum(r['provable'] for r in niches)}"
        )
        return 1 if wrong else 0
    finally:
        shutil.rmtree(scratch, ignore_errors=True)


if __name__ == "__main__":
    raise SystemExit(main())
