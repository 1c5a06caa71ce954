"""The answer key: per person and per niche, the truth and whether a reader could prove it.

The generator writes it as it writes the documents (each planted case says what it wrote:
directory/niches.py), so it is known before a reader is paid. `build(n, seed)` is deterministic.

The key also answers which profiles an example's constraints leave, by the same rule the
search's partition holds (constraints on one relation hold in ONE row; a place or a function
through the vocabulary), with its own loop over the people — no database.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache
from typing import Any

from directory.niches import BACKGROUND, NICHES, Role, Verdict
from limma.match import Unplaced, value_meets
from limma.vocabulary import Vocabulary

SLOT_TYPES = {
    "based_in": {"place": "place"},
    "held_role": {
        "company": "text",
        "title": "text",
        "function": "function",
        "start": "date",
        "end": "date",
    },
}


@dataclass(frozen=True)
class PersonKey:
    id: str
    name: str
    country: str  # the vocabulary's name
    country_label: str  # as the export writes it
    roles: tuple[Role, ...]
    verdicts: dict[str, Verdict]

    def verdict(self, niche: str) -> Verdict:
        return self.verdicts.get(niche, BACKGROUND)

    def rows(self, relation: str) -> list[dict[str, str]]:
        if relation == "based_in":
            return [{"place": self.country_label}]
        if relation == "held_role":
            return [{k: v for k, v in role.__dict__.items() if v} for role in self.roles]
        return []


@dataclass(frozen=True)
class Key:
    n: int
    seed: int
    people: dict[str, PersonKey]

    def verdict(self, person_id: str, niche: str) -> Verdict:
        return self.people[person_id].verdict(niche)

    def niches(self) -> tuple[str, ...]:
        return tuple(NICHES)

    def fits(self, niche: str, ids: Iterable[str] | None = None) -> list[str]:
        return [pid for pid in self._ids(ids) if self.verdict(pid, niche).truth]

    def provable(self, niche: str, ids: Iterable[str] | None = None) -> list[str]:
        return [pid for pid in self._ids(ids) if self.verdict(pid, niche).provable]

    def findable(
        self, niche: str, ids: Iterable[str] | None = None, accepted: Iterable[str] = ()
    ) -> list[str]:
        names = frozenset(accepted)
        return [pid for pid in self._ids(ids) if self.verdict(pid, niche).findable(names)]

    def candidates(self, constraints: list[dict[str, Any]]) -> list[str]:
        """The people the constraints leave (every person when there are none)."""
        groups: dict[str, list[dict[str, Any]]] = defaultdict(list)
        for constraint in constraints:
            groups[constraint["relation"]].append(constraint)
        return [
            pid
            for pid, person in self.people.items()
            if all(_holds(person.rows(rel), group, rel) for rel, group in groups.items())
        ]

    def cases(self, niche: str) -> Counter[str]:
        return Counter(
            person.verdicts[niche].case
            for person in self.people.values()
            if niche in person.verdicts
        )

    def _ids(self, ids: Iterable[str] | None) -> Iterable[str]:
        return self.people if ids is None else ids


def _holds(rows: list[dict[str, str]], group: list[dict[str, Any]], relation: str) -> bool:
    """Whether ONE row meets every constraint of the group; an unplaceable value meets none."""
    slots = SLOT_TYPES.get(relation, {})
    for row in rows:
        try:
            if all(_meets(row, constraint, slots) for constraint in group):
                return True
        except Unplaced:
            continue
    return False


def _meets(row: dict[str, str], constraint: dict[str, Any], slots: dict[str, str]) -> bool:
    slot = constraint["slot"]
    if slot not in row:
        return constraint["op"] == "ne"
    return value_meets(
        slot_type=slots.get(slot, "text"),
        stored=row[slot],
        op=constraint["op"],
        wanted=constraint["value"],
        vocabulary=_vocabulary(),
    )


@cache
def _vocabulary() -> Vocabulary:
    return Vocabulary.shipped()


def key_of(n: int, seed: int, people: list) -> Key:
    return Key(
        n=n,
        seed=seed,
        people={
            person.id: PersonKey(
                id=person.id,
                name=person.name,
                country=person.country,
                country_label=person.country_label,
                roles=tuple(person.roles),
                verdicts=dict(person.verdicts),
            )
            for person in people
        },
    )


def build(n: int, seed: int) -> Key:
    """The answer key of the directory make_directory --n n --seed seed writes."""
    from directory.generator import generate

    return key_of(n, seed, generate(n, seed))


__all__ = ["NICHES", "Key", "PersonKey", "build"]
