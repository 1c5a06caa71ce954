"""The directory's people: who they are, where they are based, and the roles on their record.

A person is named from the naming region of their country (now and then from another: people
move), carries a 24-hexadecimal id as a document store writes it, and a career of one to four
roles, each with an employer, a title, a function of the vocabulary's function axis, and a
start and an end (YYYY-MM; no end while current).
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from directory.names import BACKGROUND, POOLS
from directory.niches import Doc, Role, Verdict
from directory.places import BY_NAME

MOVED = 0.15  # how often a person's name comes from another region than their country's
# Functions the directory's background draws from, weighted as a directory of experts holds them.
WEIGHTED_FUNCTIONS: tuple[tuple[str, int], ...] = (
    ("Marketing", 8), ("Sales", 9), ("General Management", 5), ("Finance", 6),
    ("Operations", 5), ("Engineering", 6), ("Research and Development", 4),
    ("Product Management", 4), ("Human Resources", 3), ("Legal", 2), ("Procurement", 3),
    ("Supply Chain", 3), ("Information Technology", 4), ("Customer Service", 2),
    ("Consulting", 3), ("Business Development", 3), ("Regulatory Affairs", 2),
    ("Medical Affairs", 1), ("Quality", 2), ("Manufacturing", 2), ("Communications", 2),
    ("Strategy", 2), ("Data and Analytics", 3),
)  # fmt: skip
TITLES: dict[str, tuple[str, ...]] = {
    "Marketing": ("Marketing Manager", "Brand Manager", "Head of Marketing", "CMO"),
    "Sales": ("Sales Manager", "Account Executive", "Sales Director", "Regional Sales Lead"),
    "General Management": ("Managing Director", "General Manager", "CEO", "Country Manager"),
    "Finance": ("Financial Controller", "CFO", "Finance Manager", "FP&A Lead"),
    "Engineering": ("Software Engineer", "Engineering Manager", "Principal Engineer"),
    "Human Resources": ("HR Business Partner", "Head of People", "Recruiter"),
    "Information Technology": ("IT Manager", "CIO", "Systems Administrator"),
}


@dataclass
class Person:
    id: str
    given: str
    middle: str
    family: str
    female: bool
    country: str  # the vocabulary's name
    country_label: str  # as the export writes it
    city: str
    roles: list[Role] = field(default_factory=list)
    docs: list[Doc] = field(default_factory=list)
    verdicts: dict[str, Verdict] = field(default_factory=dict)

    @property
    def name(self) -> str:
        return " ".join(part for part in (self.given, self.middle, self.family) if part)


def object_id(rng: random.Random) -> str:
    """24 hexadecimal characters, as a document store's ids are written."""
    return f"{rng.getrandbits(96):024x}"


def named(rng: random.Random, country: str) -> tuple[str, str, bool]:
    """A given name, a family name and whether the person is a woman."""
    region = BY_NAME[country].pool
    if rng.random() < MOVED:
        region = rng.choice(sorted(POOLS))
    pool, female = POOLS[region], rng.random() < 0.5
    return rng.choice(pool.female if female else pool.male), rng.choice(pool.family), female


def title_for(function: str, rng: random.Random) -> str:
    titles = TITLES.get(function)
    if titles:
        return rng.choice(titles)
    return rng.choice((f"{function} Manager", f"Head of {function}", f"{function} Specialist"))


def career(rng: random.Random, year: int = 2024) -> list[Role]:
    """One to four roles, oldest first, each starting where the last ended; the last is
    current four times in five. Months count from year 0: 12 * year + month - 1."""
    names = [name for name, _ in WEIGHTED_FUNCTIONS]
    weights = [weight for _, weight in WEIGHTED_FUNCTIONS]
    count = rng.choice((1, 2, 2, 3, 3, 4))
    now = 12 * year + 5  # June of the directory's present
    cursor = 12 * rng.randint(1988, year - 2 * count) + rng.randint(0, 11)
    roles = []
    for index, company in enumerate(rng.sample(BACKGROUND, count)):
        share = max(12, (now - cursor) // (count - index))
        end = cursor + rng.randint(12, share)
        current = index == count - 1 and rng.random() < 0.8
        function = rng.choices(names, weights)[0]
        roles.append(
            Role(
                company=company,
                title=title_for(function, rng),
                function=function,
                start=_month(cursor),
                end="" if current or end >= now else _month(end),
            )
        )
        cursor = min(end, now)
    return roles


def _month(months: int) -> str:
    return f"{months // 12}-{months % 12 + 1:02d}"
