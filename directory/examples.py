"""An examples file checked against the answer key, before a reader is paid.

The file (docs/pages.md#the-example-questions): {"directory": ..., "examples": [{"question",
"constraints", "niche", "facets"}]}. Per example: the profiles its constraints leave, who of
them fits by the key, and who a reader of their documents can find — a name a facet accepts
(`also`) counts as the niche's own words. Status, per example:

- returns_people: a reader can find somebody;
- none_findable: somebody fits, and nobody's documents prove it;
- fits_nobody: nobody the constraints leave fits;
- niche_unknown: the key holds no niche of those words (two phrasings are two criteria).

Only returns_people may be shipped: every other status fails the check.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from directory.key import Key
from directory.niches import NICHES

DEFAULT_EXAMPLES = Path(__file__).resolve().parent / "qa_examples.json"
RETURNS_PEOPLE, NONE_FINDABLE = "returns_people", "none_findable"
FITS_NOBODY, NICHE_UNKNOWN = "fits_nobody", "niche_unknown"
STATUS_SAYS = {
    RETURNS_PEOPLE: "",
    NONE_FINDABLE: "somebody fits, and no reader of the documents can prove it",
    FITS_NOBODY: "nobody the constraints leave fits this niche",
    NICHE_UNKNOWN: "the directory's key holds no niche of these words",
}


@dataclass(frozen=True)
class Example:
    question: str
    constraints: list[dict[str, Any]]
    niche: str
    facets: list[dict[str, Any]]

    @property
    def prepared(self) -> bool:
        return bool(self.niche and self.facets)

    @property
    def accepted(self) -> frozenset[str]:
        return frozenset(name for facet in self.facets for name in facet.get("also") or ())


@dataclass(frozen=True)
class Examples:
    directory: str
    examples: list[Example]


def load_examples(path: str | Path = DEFAULT_EXAMPLES) -> Examples:
    raw = json.loads(Path(path).read_text(encoding="utf-8"))
    return Examples(
        directory=raw.get("directory", ""),
        examples=[
            Example(
                question=item["question"],
                constraints=list(item.get("constraints") or []),
                niche=item.get("niche", ""),
                facets=list(item.get("facets") or []),
            )
            for item in raw.get("examples", [])
        ],
    )


def niche_of(text: str) -> str | None:
    """The key's niche of these words, case and spacing aside; else None."""
    wanted = " ".join(text.split()).casefold()
    return next((n.id for n in NICHES.values() if n.text.casefold() == wanted), None)


def check(examples: Examples, key: Key) -> list[dict[str, Any]]:
    """One entry per example: status, candidates, fits, findable, and who, by name."""
    entries = []
    for example in examples.examples:
        niche = niche_of(example.niche)
        candidates = key.candidates(example.constraints)
        entry: dict[str, Any] = {
            "question": example.question,
            "niche": example.niche,
            "candidates": len(candidates),
        }
        if niche is None:
            entries.append(entry | {"status": NICHE_UNKNOWN, "fits": 0, "findable": 0})
            continue
        fits = key.fits(niche, candidates)
        findable = key.findable(niche, candidates, example.accepted)
        status = RETURNS_PEOPLE if findable else (NONE_FINDABLE if fits else FITS_NOBODY)
        entries.append(
            entry
            | {
                "status": status,
                "fits": len(fits),
                "findable": len(findable),
                "fit_names": [_named(key, pid, niche) for pid in fits],
                "findable_names": [key.people[pid].name for pid in findable],
            }
        )
    return entries


def _named(key: Key, person_id: str, niche: str) -> str:
    person = key.people[person_id]
    return f"{person.name} ({person.verdict(niche).case})"


def lines(entries: list[dict[str, Any]]) -> list[str]:
    """What examples_key prints: the spec's line per example, then who, and what is wrong."""
    out = []
    for entry in entries:
        out.append(
            f"{entry['status']}: {entry['findable']} of {entry['candidates']:,} profiles — "
            f"{entry['question']}"
        )
        if entry["status"] == NICHE_UNKNOWN:
            out.append(f"    !! {STATUS_SAYS[NICHE_UNKNOWN]}: {entry['niche']!r}")
            continue
        out.append(f"    fits by the key: {entry['fits']}")
        out.extend(f"      {name}" for name in entry["fit_names"])
        out.append(f"    a reader can find: {', '.join(entry['findable_names']) or 'nobody'}")
        if entry["status"] != RETURNS_PEOPLE:
            out.append(f"    !! {STATUS_SAYS[entry['status']]}")
    return out


def failing(entries: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [entry for entry in entries if entry["status"] != RETURNS_PEOPLE]
