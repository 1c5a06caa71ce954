"""The values the criteria steps hand each other: facets, a document's judgment, a person's entry.

Frozen dataclasses, so each step (facets, read, lists) is a pure function of what it is given.
A DocumentJudgment is what is stored per criterion and document (as JSON, by to_json) and
reused by an identical reader; everything a list says is made from judgments.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any

CONDITION, DURATION, RECENCY = "condition", "duration", "recency"
FACET_KINDS = (CONDITION, DURATION, RECENCY)

# Why a condition is open in one document (missing_because); the closed words of the spec.
SILENT = "silent"
QUOTE_NOT_IN_DOCUMENT = "quote_not_in_document"
QUOTE_OUTSIDE_EXPERIENCE = "quote_outside_experience"
DIFFERENT = "different"
TYPER_AND_VOCABULARY_DISAGREE = "typer_and_vocabulary_disagree"
DURATION_UNKNOWN = "duration_unknown"
LENGTH_NOT_PROVED = "length_not_proved"
DURATION_BELOW_THRESHOLD = "duration_below_threshold"


@dataclass(frozen=True)
class Facet:
    """One condition of a criterion, as the reader holds it."""

    key: str
    kind: str
    text: str
    value: str | None = None  # a typed condition's ONE vocabulary term
    axis: str | None = None  # the axis of that term
    typed: bool = False
    typed_reason: str | None = None
    core: str | None = None  # the text without its lead-in ("in European markets" -> ...)
    carried: tuple[str, ...] = ()
    min_years: float | None = None
    current: bool | None = None
    within_years: float | None = None
    also: tuple[str, ...] = ()
    completed_by: str | None = None

    def echo(self) -> dict[str, Any]:
        """The facet as the reply echoes it: every field the reader made of it."""
        shown = {"key": self.key, "kind": self.kind, "text": self.text}
        if self.kind == CONDITION:
            shown |= {
                "value": self.value,
                "typed": self.typed,
                "typed_reason": self.typed_reason,
                "core": self.core,
                "carried": list(self.carried) or None,
            }
            if self.also:
                shown["also"] = list(self.also)
            if self.completed_by:
                shown["completed_by"] = self.completed_by
        elif self.kind == DURATION:
            shown |= {
                "min_years": self.min_years,
                "core": self.core,
                "carried": list(self.carried) or None,
            }
        else:
            shown |= {"current": self.current, "within_years": self.within_years}
        return shown


@dataclass(frozen=True)
class Quote:
    """Words of one stored document, by exact offsets: text == document.text[start:end]."""

    facet: str
    text: str
    source_id: str
    char_start: int
    char_end: int
    checked_by: str | None = None
    value: str | None = None  # the vocabulary term a typed condition's words were placed under
    accepted_name: str | None = None
    states: str | None = None
    denies: bool = False
    kept_as: str | None = None  # "doubt"
    found_by: str | None = None  # "reader": a denial the reader's own sweep found
    # A granted length's start where the reader read one (criteria/rules/lengths/start.py)
    start: dict[str, Any] | None = None

    def as_json(self) -> dict[str, Any]:
        data = asdict(self)
        return {key: value for key, value in data.items() if value not in (None, False)} | {
            "facet": self.facet,
            "text": self.text,
            "source_id": self.source_id,
            "char_start": self.char_start,
            "char_end": self.char_end,
        }


@dataclass(frozen=True)
class ExperienceJudgment:
    """What one experience of one document establishes, and why each other condition is open."""

    established: dict[str, Quote] = field(default_factory=dict)
    missing_because: dict[str, str] = field(default_factory=dict)
    different: tuple[Quote, ...] = ()
    lengths_not_proved: tuple[dict[str, Any], ...] = ()
    typing: tuple[dict[str, Any], ...] = ()
    # What a recency and the record's closure are decided from when the lists are built (the
    # request's as_of, the record as it is then): criteria/rules/recency/timing.py. Stored; None
    # before it.
    timing: dict[str, Any] | None = None
    # Set when the lists are built, never stored: the record row whose end left a condition open.
    closed_by_record: dict[str, Any] | None = None


@dataclass(frozen=True)
class DocumentJudgment:
    """A reader's judgment of one document against one criterion."""

    source_id: str
    experiences: tuple[ExperienceJudgment, ...] = ()
    denials: tuple[Quote, ...] = ()  # firm (denies=True) or doubts (kept_as="doubt")
    subject: str | None = None
    failed: str | None = None  # the cause, when the read failed and judged nothing

    def to_json(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> DocumentJudgment:
        def quote(raw: dict[str, Any]) -> Quote:
            return Quote(**raw)

        experiences = tuple(
            ExperienceJudgment(
                established={key: quote(value) for key, value in raw["established"].items()},
                missing_because=dict(raw["missing_because"]),
                different=tuple(quote(item) for item in raw["different"]),
                lengths_not_proved=tuple(raw.get("lengths_not_proved") or ()),
                typing=tuple(raw.get("typing") or ()),
                timing=raw.get("timing"),
            )
            for raw in data["experiences"]
        )
        return cls(
            source_id=data["source_id"],
            experiences=experiences,
            denials=tuple(quote(item) for item in data["denials"]),
            subject=data.get("subject"),
            failed=data.get("failed"),
        )
