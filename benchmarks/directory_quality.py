"""How well the reader answers the example questions, measured against the directory's key.

    .venv/bin/python benchmarks/directory_quality.py [--n 3000 --seed 23]
        [--examples FILE] [--whole] [--provider offline|openai --spend-ok --max-usd X]
        [--markdown]

Loads the synthetic directory (directory/, make_directory) through connect into a scratch
SQLite store under a temporary folder, then runs each example's search — its constraints and
its niche with its facets, as the Q&A page asks it — through the search service with the
configured provider, and reports per example:

- matched, and precision against the key's truth: it MUST be 1.0 — a wrong match is the one
  error the product must not make, and every wrong match is printed loudly, with its quotes;
- recall against what a reader of the documents could prove (the key's `provable`, with the
  names the example's facets accept), and how many were matched beyond proof (they fit);
- the rest: undetermined (handed on with a reason: conflict, or what is open and why), none,
  not recorded — and what became of the people who fit and were not matched.

--whole adds each niche over the whole directory (no constraint). The offline provider (the
default) spends nothing. --provider openai reads through the configured OpenAI-compatible
endpoint (LIMMA_BASE_URL, LIMMA_OPENAI_API_KEY, LIMMA_MODEL): without --spend-ok it prices
every example (a read under max_usd 0 reads nothing) and prints what it would call and spend;
with --spend-ok it needs --max-usd, a ceiling for the whole run.
"""

from __future__ import annotations

import argparse
import os
import shutil
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
BUDGET = {"max_reads": 5000, "max_seconds": 300.0, "max_read_seconds": 3600.0}
TRIES = 20  # calls per example while the read is still partial


def parse(argv: list[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--n", type=int, default=3000)
    parser.add_argument("--seed", type=int, default=23)
    parser.add_argument("--examples", default=str(ROOT / "directory" / "qa_examples.json"))
    parser.add_argument("--whole", action="store_true", help="also each niche, unconstrained")
    parser.add_argument("--provider", choices=("offline", "openai"), default="offline")
    parser.add_argument("--spend-ok", action="store_true", help="let a paid provider read")
    parser.add_argument("--max-usd", type=float, default=None, help="ceiling for the whole run")
    parser.add_argument("--markdown", action="store_true", help="print the table as Markdown")
    parser.add_argument("--keep", action="store_true", help="keep the scratch store")
    args = parser.parse_args(argv)
    if args.provider == "openai" and args.spend_ok and args.max_usd is None:
        parser.error("--spend-ok with a paid provider needs --max-usd, a ceiling for the run")
    return args


def setup(provider: str) -> Path:
    """A scratch SQLite store, migrated; reads run inside the call (no worker needed)."""
    scratch = Path(tempfile.mkdtemp(prefix="limma-quality-"))
    os.environ["LIMMA_VAR_DIR"] = str(scratch)
    os.environ["DATABASE_URL"] = f"sqlite:///{scratch / 'quality.sqlite3'}"
    os.environ["DJANGO_SETTINGS_MODULE"] = "limma.settings"
    os.environ["LIMMA_PROVIDER"] = provider
    os.environ["LIMMA_CRITERIA_BACKGROUND"] = "0"
    os.environ.setdefault("LIMMA_LOG_LEVEL", "WARNING")
    import django
    from django.core.management import call_command

    django.setup()
    call_command("migrate", verbosity=0)
    return scratch


class Run:
    """One example's search, read to the end, and what it made of the key's people."""

    def __init__(self, brought, key, niche: str, example) -> None:
        self.brought, self.key, self.niche, self.example = brought, key, niche, example
        self.seconds = 0.0
        self.calls = 0
        self.usd = 0.0
        self.outcome = None

    def criterion(self, budget: dict[str, Any], entity_ids: list[str] | None = None):
        from search.service import search_run

        return search_run(
            key=self.brought.key,
            workspace=self.brought.workspace,
            constraints=self.example.constraints,
            criteria=[{"text": self.example.niche, "facets": self.example.facets}],
            criteria_budget=budget,
            entity_ids=entity_ids,
            list_limit=200,
        )

    def read(self, max_usd: float | None) -> None:
        """Call until the read is complete; a paid read never past what is left of max_usd."""
        started = time.perf_counter()
        for _ in range(TRIES):
            self.calls += 1
            left = {} if max_usd is None else {"max_usd": round(max(max_usd - self.usd, 0), 4)}
            self.outcome = self.criterion(dict(BUDGET, **left))
            # Each reply reports the reads no earlier reply reported: they add up.
            self.usd += self.outcome.criteria.usage.get("cost_usd", 0.0)
            if self.outcome.criteria.status != "partial":
                break
        self.seconds = time.perf_counter() - started

    @property
    def status(self) -> str:
        run = self.outcome.criteria
        return run.status + (f" ({run.status_reason})" if run.status_reason else "")

    def verdicts(self) -> dict[str, str]:
        """Every candidate's list, by the person's id (the export's id is the entity key)."""
        from limma.models import Entity

        keys = dict(
            Entity.objects.filter(workspace=self.brought.workspace).values_list("pk", "key")
        )
        return {keys[pk]: verdict for pk, verdict in self.outcome.criteria.verdicts.items()}

    def entries(self, ids: list[str]) -> dict[str, dict[str, Any]]:
        """The four lists' entries of these people, from the stored judgments (reads nothing)."""
        found: dict[str, dict[str, Any]] = {}
        for start in range(0, len(ids), 200):
            run = self.criterion({"max_reads": 0}, ids[start : start + 200]).criteria
            if run.lists is None:
                continue
            for listed in ("matched", "none", "undetermined", "not_recorded"):
                for entry in getattr(run.lists, listed):
                    found[entry["entity_id"]] = entry | {"list": listed}
        return found


def why(entry: dict[str, Any]) -> str:
    """One person's reason, in the lists' own words."""
    if entry["list"] != "undetermined":
        return entry["list"] + (f":{entry['reason']}" if entry.get("reason") else "")
    if entry.get("reason") == "conflict":
        return "conflict"
    because = entry.get("missing_because") or {}
    return "open:" + ",".join(f"{facet}={reason}" for facet, reason in sorted(because.items()))


def measure(run: Run) -> dict[str, Any]:
    key, niche, accepted = run.key, run.niche, run.example.accepted
    verdicts = run.verdicts()
    candidates = list(verdicts)
    fits = set(key.fits(niche, candidates))
    provable = set(key.findable(niche, candidates, accepted))
    matched = {pid for pid, listed in verdicts.items() if listed == "matched"}
    wrong = sorted(matched - fits)
    rest = Counter(listed for pid, listed in verdicts.items() if pid not in matched)
    missed = sorted(fits - matched)
    entries = run.entries(sorted(set(wrong) | set(missed)))
    detail = run.outcome.criteria.lists.counts_detail["undetermined"]
    return {
        "question": run.example.question,
        "status": run.status,
        "seconds": run.seconds,
        "candidates": len(candidates),
        "documents": run.outcome.criteria.candidates.get("documents", 0),
        "fit": len(fits),
        "provable": len(provable),
        "matched": len(matched),
        "wrong": [(pid, entries.get(pid, {})) for pid in wrong],
        "found": len(matched & provable),
        "beyond_proof": len((matched & fits) - provable),
        "undetermined": rest["undetermined"],
        "conflict": detail.get("conflict", 0),
        "one_short": detail.get("one_condition_short", 0),
        "none": rest["none"],
        "not_recorded": rest["not_recorded"],
        "missed": Counter(why(entries[pid]) if pid in entries else "?" for pid in missed),
        "missed_provable": [key.people[pid].name for pid in sorted(provable - matched)],
        "estimate": run.outcome.criteria.estimate,
    }


def ratio(top: int, bottom: int) -> str:
    return f"{top / bottom:.2f}" if bottom else "—"


def report(result: dict[str, Any], key, niche: str) -> list[str]:
    r = result
    lines = [
        r["question"],
        f"  {r['candidates']:,} candidates, {r['documents']:,} documents; {r['status']}, "
        f"{r['seconds']:.1f} s",
        f"  key: {r['fit']} fit, {r['provable']} a reader can prove",
        f"  matched {r['matched']}: precision {ratio(r['matched'] - len(r['wrong']), r['matched'])}"
        f", recall {ratio(r['found'], r['provable'])} ({r['found']} of {r['provable']} provable)"
        f", {r['beyond_proof']} matched beyond proof",
        f"  the rest: {r['undetermined']:,} undetermined with a reason ({r['conflict']} conflict, "
        f"{r['one_short']} one condition short), {r['none']} none, "
        f"{r['not_recorded']} not recorded",
    ]
    if r["missed"]:
        lines.append("  who fit and were not matched: " + ", ".join(
            f"{count} {reason}" for reason, count in r["missed"].most_common()
        ))  # fmt: skip
    if r["missed_provable"]:
        lines.append("  provable, not found: " + ", ".join(r["missed_provable"]))
    for pid, entry in r["wrong"]:
        person = key.people[pid]
        lines.append(
            f"  !!!!! WRONG MATCH: {person.name} ({person.verdict(niche).case}) does not fit "
            f"— matched on:"
        )
        for quote in entry.get("evidence", []):
            lines.append(f"  !!!!!     {quote.get('facet')}: {quote.get('text')!r}")
    return lines


def markdown(results: list[dict[str, Any]]) -> list[str]:
    rows = [
        "| example | candidates | fit | provable | matched | wrong | precision | recall "
        "| beyond proof | undetermined (conflict) | none | not recorded |",
        "|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|",
    ]
    for r in results:
        rows.append(
            f"| {r['question']} | {r['candidates']:,} | {r['fit']} | {r['provable']} "
            f"| {r['matched']} | {len(r['wrong'])} "
            f"| {ratio(r['matched'] - len(r['wrong']), r['matched'])} "
            f"| {ratio(r['found'], r['provable'])} | {r['beyond_proof']} "
            f"| {r['undetermined']:,} ({r['conflict']}) | {r['none']} | {r['not_recorded']} |"
        )
    return rows


def whole(examples) -> list:
    from directory.examples import Example
    from directory.niches import NICHES

    return [
        Example(f"(whole directory) {niche.text}", [], niche.text, list(niche.facets))
        for niche in NICHES.values()
        if any(example.niche == niche.text for example in examples)
    ]


def main(argv: list[str] | None = None) -> int:
    args = parse(argv)
    scratch = setup(args.provider)
    try:
        return measured(args, scratch)
    finally:
        if not args.keep:
            shutil.rmtree(scratch, ignore_errors=True)


def measured(args: argparse.Namespace, scratch: Path) -> int:
    from directory import build_directory
    from directory.examples import load_examples, niche_of
    from directory.load import directory_load, workspace_for
    from limma.conf import limma_settings

    built = build_directory(args.n, args.seed)
    brought = directory_load(workspace=workspace_for("quality"), export=built.export)
    print(
        f"scratch store: {scratch}"
        + ("" if args.keep else " (removed at the end; --keep keeps it)")
    )
    print(
        f"directory --n {args.n} --seed {args.seed}: {brought.loaded.entities_created:,} people, "
        f"{brought.loaded.documents_registered:,} documents, loaded through connect in "
        f"{brought.seconds:.1f} s; provider {limma_settings().provider}"
    )
    examples = load_examples(args.examples).examples
    examples = examples + (whole(examples) if args.whole else [])
    paid = args.provider != "offline"
    if paid and not args.spend_ok:
        return price_only(brought, built.key, examples)
    results, spent, wrong = [], 0.0, 0
    for example in examples:
        niche = niche_of(example.niche)
        if niche is None:
            print(f"{example.question}\n  !! the key holds no niche of these words: skipped")
            continue
        left = None if not paid else max(args.max_usd - spent, 0.0)
        run = Run(brought, built.key, niche, example)
        run.read(left)
        result = measure(run)
        spent += run.usd
        wrong += len(result["wrong"])
        results.append(result)
        print("\n".join(report(result, built.key, niche)) + "\n")
    print("\n".join(markdown(results)) if args.markdown else "")
    if paid:
        print(f"spent: ${spent:.4f} of the ${args.max_usd:.2f} ceiling")
    if wrong:
        print(f"!!!!! {wrong} WRONG MATCH(ES): precision is not 1.0 — see above")
    return 1 if wrong else 0


def price_only(brought, key, examples) -> int:
    """What a paid run would call and may spend; reads nothing (max_usd 0 prices the plan)."""
    from directory.examples import niche_of
    from limma.conf import limma_settings

    settings = limma_settings()
    print(f"--spend-ok not given: nothing is read. Endpoint {settings.base_url or 'hosted API'}")
    for role in ("reader", "second_call", "typing_call"):
        print(f"  {role}: {settings.model_for(role)}")
    total = 0.0
    for example in examples:
        run = Run(brought, key, niche_of(example.niche) or "", example)
        run.outcome = run.criterion(dict(BUDGET, max_usd=0))
        estimate = run.outcome.criteria.estimate
        total += estimate.get("cost_usd", 0.0)
        print(
            f"{example.question}\n  would read {estimate.get('reads', 0):,} documents: "
            f"at most {estimate.get('tokens', 0):,} tokens, ${estimate.get('cost_usd', 0):.4f}"
        )
    print(f"all examples: at most ${total:.4f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
