"""The directory's two niches, and the shapes every planted case is written in.

A niche is addressed by its words: the examples ask for exactly these texts, split into these
facets (the reader's own shape, so no model splits them). What COUNTS for a niche is decided
here, once, and the answer key holds every person to it:

- infant_formula, "20+ years marketing infant formula in European markets": one experience of
  marketing (the function axis' Marketing or a name under it) of infant formula — the same
  product written "baby formula" or "infant milks" counts too, so those people FIT — in a
  European market, for at least twenty years of that experience, by the person's own account
  (a denial in their own name, or reported by somebody else, is taken as the truth). Packaging
  for infant formula is another product; so are infant cereals. Selling it is not marketing it.
- surgical_staplers, "sold surgical staplers through public tenders in the DACH region": one
  experience of selling surgical staplers ("linear and circular staplers" and "surgical
  stapling devices" count) through public tenders ("public procurement" counts) in Germany,
  Austria, Switzerland or Liechtenstein. Marketing them, or writing the tender documents, is
  not selling them; distributors and private clinics are other channels.

A person a reader can PROVE fits states it in the niche's OWN words (or a name the example
accepts in a facet's `also`), every condition in one experience, the length (where the niche
has one) in the one closed form ("Greta has done this work for more than 20 years."), led by
their given or full name, directly behind a sentence of that experience — and no document of
theirs holds a denial a reader must keep (only another person's full name, denying, is set
aside). A typed condition is stated by any words the vocabulary places under its value
("brand management" is Marketing, "Deutschland" is in the DACH region); the niche's own verb
states its function ("Chiara sold surgical staplers …" states Sales, as a typing call names it).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

INFANT_FORMULA = "infant_formula"
SURGICAL_STAPLERS = "surgical_staplers"


@dataclass(frozen=True)
class Niche:
    id: str
    text: str
    facets: tuple[dict[str, Any], ...]
    # Other names of what a condition asks for, by facet key: they FIT, and a reader proves
    # them only where the example accepts the name in that facet's `also`.
    names: dict[str, tuple[str, ...]]


NICHES: dict[str, Niche] = {
    INFANT_FORMULA: Niche(
        INFANT_FORMULA,
        "20+ years marketing infant formula in European markets",
        (
            {"key": "duration", "kind": "duration", "text": "20+ years", "min_years": 20},
            {"key": "function", "kind": "condition", "text": "marketing", "value": "Marketing"},
            {"key": "domain", "kind": "condition", "text": "infant formula"},
            {
                "key": "market",
                "kind": "condition",
                "text": "in European markets",
                "value": "Europe",
            },
        ),
        {"domain": ("baby formula", "infant milks")},
    ),
    SURGICAL_STAPLERS: Niche(
        SURGICAL_STAPLERS,
        "sold surgical staplers through public tenders in the DACH region",
        (
            {"key": "function", "kind": "condition", "text": "sold", "value": "Sales"},
            {"key": "product", "kind": "condition", "text": "surgical staplers"},
            {"key": "channel", "kind": "condition", "text": "through public tenders"},
            {"key": "market", "kind": "condition", "text": "in the DACH region", "value": "DACH"},
        ),
        {
            "product": ("surgical stapling devices", "linear and circular staplers"),
            "channel": ("public procurement",),
        },
    ),
}


@dataclass(frozen=True)
class Verdict:
    """One person against one niche: the truth, and whether a reader could prove it."""

    truth: bool
    provable: bool
    case: str
    also: str = ""  # a name that, accepted in the example's facet, makes the person provable

    def findable(self, accepted: frozenset[str] = frozenset()) -> bool:
        return self.provable or bool(self.also and self.also in accepted)


BACKGROUND = Verdict(truth=False, provable=False, case="background")


@dataclass(frozen=True)
class Role:
    company: str
    title: str
    function: str  # a name of the vocabulary's function axis
    start: str  # YYYY-MM
    end: str = ""  # YYYY-MM, empty while current


@dataclass(frozen=True)
class Doc:
    kind: str  # profile, transcript, reference, screening_note
    text: str
    date: str = ""  # YYYY-MM-DD, empty where the document carries none
    author: str = ""


@dataclass
class Ctx:
    """What a case writer knows of the person it writes."""

    given: str
    family: str
    female: bool
    country: str
    city: str
    rng: random.Random
    middle: str = ""  # an initial, where the directory holds the name twice without it
    year: int = 2024  # the directory's present: documents are dated up to June of this year

    @property
    def full(self) -> str:
        return " ".join(part for part in (self.given, self.middle, self.family) if part)

    @property
    def she(self) -> str:
        return "She" if self.female else "He"

    @property
    def her(self) -> str:
        return "her" if self.female else "his"

    @property
    def him(self) -> str:
        return "her" if self.female else "him"

    def date(self, year: int | None = None) -> str:
        year = year or self.year
        month = self.rng.randint(1, 6) if year == self.year else self.rng.randint(1, 12)
        return f"{year}-{month:02d}-{self.rng.randint(1, 28):02d}"

    def pick(self, options: tuple[str, ...] | list[str]) -> str:
        return self.rng.choice(list(options))


@dataclass
class Planted:
    """What a case writes for one person: the niche's role on record and the documents."""

    roles: list[Role] = field(default_factory=list)
    docs: list[Doc] = field(default_factory=list)


@dataclass(frozen=True)
class Case:
    """One way a person stands to a niche, and how many people of the directory stand so.

    where: {country or group: people}; a group is "europe" (any European country but France),
    "world" (outside Europe) or "dach_outside" (a European country outside DACH).
    """

    name: str
    niche: str
    truth: bool
    provable: bool
    where: dict[str, int]
    write: Callable[[Ctx], Planted]
    also: str = ""

    def verdict(self) -> Verdict:
        return Verdict(self.truth, self.provable, self.name, self.also)


def listed(items: list[str]) -> str:
    """ "France", "France and Belgium", "France, Belgium and Spain"."""
    if len(items) < 2:
        return "".join(items)
    return ", ".join(items[:-1]) + " and " + items[-1]


def some(ctx: Ctx, options: tuple[str, ...], low: int = 1, high: int = 3) -> list[str]:
    return ctx.rng.sample(list(options), ctx.rng.randint(low, min(high, len(options))))


def month(ctx: Ctx, year: int) -> str:
    return f"{year}-{ctx.rng.randint(1, 12):02d}"
