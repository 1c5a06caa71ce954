"""The generator: n people, deterministic per seed, and the answer key written as they are.

Every planted case of the two niches (directory/infant_formula.py, directory/staplers.py) is
placed first — in the country or group its Case names — and the rest of n is the background,
filling each country's quota (directory/places.py). Planted people are then shuffled in among
the background, so their order in the export says nothing. When n is smaller than the planted
cohort, the cohort is cut, the cases a reader can prove kept first.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from directory import infant_formula, staplers
from directory.documents import background_docs, ctx_of, short_profile
from directory.niches import Case
from directory.people import Person, career, named, object_id
from directory.places import COUNTRIES, DACH, EUROPE, city, label, quotas

CASES: tuple[Case, ...] = infant_formula.CASES + staplers.CASES
INITIALS = "ABCDEFGHJKLMNPRSTW"
MIDDLE_SHARE = 0.04  # people who write a middle initial ("Oscar P. Harper")
GROUPS = {
    "europe": sorted(EUROPE - {"France"}),
    "world": sorted(c.name for c in COUNTRIES if c.name not in EUROPE),
    "dach_outside": sorted(EUROPE - DACH - {"France"}),
}


@dataclass(frozen=True)
class Slot:
    case: Case
    group: str


def planted_slots(n: int) -> list[Slot]:
    slots = [
        Slot(case, group)
        for case in sorted(CASES, key=lambda case: not case.provable)
        for group, count in case.where.items()
        for _ in range(count)
    ]
    return slots[:n]


def _country(group: str, remaining: dict[str, int], rng: random.Random) -> str:
    """A country of the group, drawn by what is left of each quota."""
    options = GROUPS.get(group, [group])
    weights = [max(remaining[name], 0) for name in options]
    if not any(weights):
        weights = [1] * len(options)
    chosen = rng.choices(options, weights)[0]
    remaining[chosen] -= 1
    return chosen


def _background_countries(count: int, remaining: dict[str, int], rng: random.Random) -> list[str]:
    left = [name for name, many in sorted(remaining.items()) for _ in range(max(many, 0))]
    rng.shuffle(left)
    weights = [country.quota for country in COUNTRIES]
    while len(left) < count:
        left.append(rng.choices([c.name for c in COUNTRIES], weights)[0])
    return left[:count]


def _person(rng: random.Random, country: str, taken: set[str]) -> Person:
    """A person under a name nobody else in the directory holds: after a few tries at a
    name of their region, with a middle initial ("Oscar P. Harper")."""
    for attempt in range(200):
        given, family, female = named(rng, country)
        initial = attempt >= 20 or rng.random() < MIDDLE_SHARE
        middle = f"{rng.choice(INITIALS)}." if initial else ""
        full = " ".join(part for part in (given, middle, family) if part)
        if full not in taken:
            taken.add(full)
            break
    else:
        raise RuntimeError("no free name")
    return Person(
        id=object_id(rng),
        given=given,
        middle=middle,
        family=family,
        female=female,
        country=country,
        country_label=label(country, rng),
        city=city(country, rng),
    )


def generate(n: int, seed: int) -> list[Person]:
    """The directory's people, with their roles, documents and verdicts."""
    if n < 1:
        raise ValueError("n must be at least 1")
    rng = random.Random(f"limma-directory:{seed}")
    remaining = quotas(n)
    taken: set[str] = set()
    people = []
    for slot in planted_slots(n):
        person = _person(rng, _country(slot.group, remaining, rng), taken)
        planted = slot.case.write(ctx_of(person, rng))
        person.roles = sorted(planted.roles, key=lambda role: role.start)
        person.docs = list(planted.docs)
        if not any(doc.kind == "profile" for doc in person.docs):
            person.docs.insert(0, short_profile(person, ctx_of(person, rng), planted.roles[0]))
        person.verdicts[slot.case.niche] = slot.case.verdict()
        people.append(person)
    for country in _background_countries(n - len(people), remaining, rng):
        person = _person(rng, country, taken)
        person.roles = career(rng)
        person.docs = background_docs(person, rng)
        people.append(person)
    rng.shuffle(people)
    return people
