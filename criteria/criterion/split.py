"""A model's split of a criterion, checked against the text before anything is read.

A model that splits a text can leave words out, join two conditions into one facet, or turn a
denial into a condition; a read under such a split would deliver matches for a niche nobody
asked. So the reader accepts a split only where it can SHOW that the facets cover the whole
text and keep its conditions apart, by the same word rules a caller's facets are held to
(criteria/criterion/facet_words.py). Every facet must be words of the text (else the split is
refused: `failed`); every other word must be framing, a connector, or a plain verb of doing carried
into a facet; a leftover piece the vocabulary types by itself is added (`completed_by: reader`).
Anything else makes the split `incomplete`: nothing is read, and each piece comes back with why
and, where a facet could state it, a suggested facet (both readings of an ambiguous piece,
marked `reading`). Denials, preferences, alternatives and lengths that are no minimum get no
suggestion: no facet can state them. The model's own `incomplete` list is advisory only — the
reader decides from the text what is covered. Each facet and each piece is checked in
criteria/criterion/split_checks.py.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

from criteria.criterion.facet_faults import (
    KEY_DUPLICATED,
    KEY_MISSING,
    TEXT_NOT_IN_CRITERION,
    TEXT_OVERLAPS,
)
from criteria.criterion.facet_words import find_words, read_gaps
from criteria.criterion.split_checks import Left, Verdicts, joins_of, split_judge, standing_of
from criteria.types import DURATION, Facet
from limma import door
from limma.vocabulary import Vocabulary

ACCEPTED, INCOMPLETE, FAILED = "accepted", "incomplete", "failed"
DECOMPOSITION_FAILED, DECOMPOSITION_TIMEOUT = "decomposition_failed", "decomposition_timeout"
MODEL_UNAVAILABLE = "model_unavailable"
NO_FACETS = "facets:none_stand"
ROLE = "criteria_splitter"


@dataclass(frozen=True)
class SplitOutcome:
    """What the reader made of a model's split: accepted, incomplete (read nothing) or failed."""

    status: str
    facets: tuple[Facet, ...] = ()
    actions: list[dict[str, Any]] = field(default_factory=list)
    incomplete: list[dict[str, Any]] = field(default_factory=list)
    suggested: list[dict[str, Any]] = field(default_factory=list)
    unchecked_words: list[str] = field(default_factory=list)
    reason: str | None = None  # a failed split's status_reason
    faults: list[str] = field(default_factory=list)  # why a split was refused or failed

    def decomposition(self) -> dict[str, Any]:
        return {"status": self.status, "actions": self.actions, "incomplete": self.incomplete}


def split_text(*, text: str, vocabulary: Vocabulary, context: door.CallContext) -> SplitOutcome:
    """One criteria_splitter call, its reply checked; a failed call is an outcome, not an error."""
    try:
        reply = door.call(ROLE, {"text": text}, context=context)
    except door.ModelCallFailed as failed:
        timeout = failed.cause == "timeout"
        reason = DECOMPOSITION_TIMEOUT if timeout else DECOMPOSITION_FAILED
        return SplitOutcome(FAILED, reason=reason, faults=[f"{ROLE}:{failed.cause}"])
    except door.ModelReplyInvalid as invalid:
        return SplitOutcome(FAILED, reason=DECOMPOSITION_FAILED, faults=list(invalid.faults))
    except (door.ModelUnavailable, door.SpendSwitchOff) as refused:
        return SplitOutcome(FAILED, reason=MODEL_UNAVAILABLE, faults=[f"{ROLE}:{refused.type}"])
    return split_checked(text, list(reply.facets), list(reply.incomplete), vocabulary)


def split_checked(
    text: str, reply_facets: list[Any], reply_incomplete: list[Any], vocabulary: Vocabulary
) -> SplitOutcome:
    """A model's split held to the text: accepted, incomplete (with pieces) or failed.

    `reply_incomplete` (the model's own list of words it could not place) is advisory: what is
    covered is decided from the text, and every piece the model listed is in the text's gaps.
    """
    raw = [_as_dict(item) for item in reply_facets]
    placed, faults = _placed(text, raw)
    if faults:
        return SplitOutcome(FAILED, reason=DECOMPOSITION_FAILED, faults=faults)
    standing: list[tuple[Facet, tuple[int, int]]] = []
    lefts: list[Left] = []
    for item, span in placed:
        facet = standing_of(item, vocabulary)
        if facet is not None:
            standing.append((facet, span))
        else:
            kind, joined = str(item.get("kind")), joins_of(item, vocabulary)
            lefts.append(Left(item["text"], *span, kind=kind, joined=joined))
    spans = [(s, e, f.key) for f, (s, e) in standing]
    spans += [(left.start, left.end, f"\0{index}") for index, left in enumerate(lefts)]
    gaps = read_gaps(text, spans)
    lefts += [Left(piece.words, piece.start, piece.end) for piece in gaps.pieces]
    verdicts = Verdicts(keys={str(item.get("key")) for item, _ in placed})
    for left in sorted(lefts, key=lambda piece: piece.start):
        split_judge(left, text, [span[:2] for span in spans], vocabulary, verdicts)
    facets = tuple(_carrying(facet, gaps.carried) for facet, _ in standing) + tuple(
        verdicts.completed
    )
    return _outcome(facets, raw, verdicts)


def _outcome(facets: tuple[Facet, ...], raw: list[dict], verdicts: Verdicts) -> SplitOutcome:
    if not facets and not verdicts.incomplete:
        return SplitOutcome(FAILED, reason=DECOMPOSITION_FAILED, faults=[NO_FACETS])
    actions = [action for facet in facets for action in _actions(facet, raw)]
    status = INCOMPLETE if verdicts.incomplete else ACCEPTED
    return SplitOutcome(
        status,
        facets=facets,
        actions=actions,
        incomplete=verdicts.incomplete,
        suggested=verdicts.suggested,
        unchecked_words=[entry["words"] for entry in verdicts.incomplete],
    )


def _as_dict(item: Any) -> dict[str, Any]:
    if isinstance(item, dict):
        return dict(item)
    return item.model_dump() if hasattr(item, "model_dump") else dict(vars(item))


def _placed(text: str, raw: list[dict]) -> tuple[list[tuple[dict, tuple[int, int]]], list[str]]:
    """Each facet's place in the text; faults where a facet is not the text's own words."""
    placed, faults, seen, taken = [], [], set(), []
    for index, item in enumerate(raw):
        name, words = item.get("key"), item.get("text")
        if not isinstance(name, str) or not name.strip():
            faults.append(f"facets[{index}]:{KEY_MISSING}")
            continue
        if name in seen:
            faults.append(f"{name}:{KEY_DUPLICATED}")
        seen.add(name)
        item["text"] = " ".join(words.split()) if isinstance(words, str) else ""
        span = find_words(text, item["text"], taken)
        if span is None:
            overlaps = find_words(text, item["text"]) is not None
            faults.append(f"{name}:{TEXT_OVERLAPS if overlaps else TEXT_NOT_IN_CRITERION}")
            continue
        taken.append(span)
        placed.append((item, span))
    return placed, faults


def _carrying(facet: Facet, carried: dict[str, str]) -> Facet:
    words = carried.get(facet.key)
    return replace(facet, carried=(words,)) if words else facet


def _actions(facet: Facet, raw: list[dict]) -> list[dict[str, Any]]:
    """What the reader did to a facet: a lead-in carried, a lead-in set aside, a facet added."""
    actions: list[dict[str, Any]] = []
    if facet.completed_by:
        actions.append({"action": "completed", "key": facet.key, "words": facet.text})
    for words in facet.carried:
        actions.append({"action": "carried", "key": facet.key, "words": words})
    if facet.core:
        lead = facet.text[: len(facet.text) - len(facet.core)].strip()
        actions.append({"action": "lead_in", "key": facet.key, "core": facet.core, "words": lead})
    stated = next((item.get("min_years") for item in raw if item.get("key") == facet.key), None)
    if facet.kind == DURATION and stated is not None and float(stated) != facet.min_years:
        actions.append(
            {
                "action": "min_years",
                "key": facet.key,
                "min_years": facet.min_years,
                "stated": stated,
            }
        )
    return actions
