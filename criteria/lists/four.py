"""The four lists of a criterion — matched, none, undetermined, not_recorded — and the counts that
stay whole when the lists are cut (docs/concepts.md#four-lists,
docs/concepts.md#counts-and-counts_detail).

Pure functions over the read's judgments (criteria/types.py): no database, no model.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from criteria.lists.stated_instead import stated_instead
from criteria.lists.worded_instead import worded_instead
from criteria.rules.recency.record import RECORD_SAYS_ENDED
from criteria.types import (
    CONDITION,
    DURATION,
    DURATION_UNKNOWN,
    LENGTH_NOT_PROVED,
    SILENT,
    DocumentJudgment,
    ExperienceJudgment,
    Facet,
    Quote,
)
from limma.vocabulary import Vocabulary

MATCHED, NONE, UNDETERMINED, NOT_RECORDED = "matched", "none", "undetermined", "not_recorded"
LISTS = (MATCHED, NONE, UNDETERMINED, NOT_RECORDED)
CONFLICT = "conflict"  # undetermined: the documents say both
NO_DOCUMENTS, UNREAD = "no_documents", "unread"  # not_recorded reasons
FAILED = "failed"  # the unread cause of a read that failed and judged nothing
NOT_READ = "not_read"  # a document of the plan that neither a judgment nor a cause accounts for
NOT_STATED, STATED_NOT_VERIFIED = "not_stated", "stated_not_verified"  # close.matches[].because

MATCHED_CAP = 200  # a criterion's matched list holds at most this many, whatever list_limit says
LIST_LIMIT_MAX = 200
CLOSE_CAP = 10
QUOTE_CAP = 160


@dataclass(frozen=True)
class Candidate:
    """One person the constraints left, with what the read made of each of their documents."""

    entity_id: str
    name: str
    judgments: tuple[DocumentJudgment, ...]  # one per document read (a failed read has .failed)
    unread: tuple[str, ...] = ()  # the cause of each document not read
    documents: int = 0  # how many documents the person has in the plan


@dataclass(frozen=True)
class Lists:
    matched: list[dict]
    none: list[dict]
    undetermined: list[dict]
    not_recorded: list[dict]
    counts: dict[str, int]  # whole, never cut
    counts_detail: dict
    close: dict  # the compact reply's {total, matches}
    cannot_tell: int  # undetermined people not in close (the compact reply's others.cannot_tell)
    # Per condition, the words people one condition short state for it
    # (criteria/lists/stated_instead.py)
    stated_instead: dict = field(default_factory=dict)
    # For a niche that met nobody: the near misses' words nearest each condition's
    # (criteria/lists/worded_instead.py)
    worded_instead: dict = field(default_factory=dict)
    # Everybody close, uncut, in close's order: a page that shows more than close.matches.
    close_whole: list[dict] = field(default_factory=list)
    # Which of the four lists each candidate is on, uncut, by entity_id (entity_verdicts).
    listed: dict[str, str] = field(default_factory=dict)


@dataclass(frozen=True)
class _Verdict:
    listed: str  # which of the four lists
    entry: dict[str, Any]
    open: int = 0  # conditions open by the reader's account (missing_because), for the order
    causes: tuple[str, ...] = ()  # per unread document


def four_lists(
    candidates: list[Candidate],
    facets: tuple[Facet, ...],
    *,
    list_limit: int,
    vocabulary: Vocabulary | None = None,
) -> Lists:
    """Every candidate on exactly one list; non-matches cut at list_limit, counts whole.

    With the workspace's vocabulary, stated_instead is made from every undetermined entry
    (never from the cut list): what people one condition short state for it; and, where
    nobody matched, worded_instead: the words stated for each open condition, nearest first."""
    if not 0 <= list_limit <= LIST_LIMIT_MAX:
        raise ValueError(f"list_limit must be 0..{LIST_LIMIT_MAX}, not {list_limit}")
    verdicts = [_verdict(candidate, facets) for candidate in candidates]
    by_list: dict[str, list[_Verdict]] = {name: [] for name in LISTS}
    for verdict in verdicts:
        by_list[verdict.listed].append(verdict)
    # Nearest first: fewest conditions open by the reader's account, then by name.
    by_list[UNDETERMINED].sort(
        key=lambda v: (v.open, v.entry.get("name", "").casefold(), v.entry["entity_id"])
    )
    whole = {name: [v.entry for v in listed] for name, listed in by_list.items()}
    close = [item for v in by_list[UNDETERMINED] if (item := _close_item(v, facets))]
    return Lists(
        matched=whole[MATCHED][:MATCHED_CAP],
        none=whole[NONE][:list_limit],
        undetermined=whole[UNDETERMINED][:list_limit],
        not_recorded=whole[NOT_RECORDED][:list_limit],
        counts={name: len(listed) for name, listed in whole.items()},
        counts_detail=_counts_detail(by_list),
        close={"total": len(close), "matches": close[:CLOSE_CAP]},
        close_whole=close,
        listed={
            candidate.entity_id: verdict.listed
            for candidate, verdict in zip(candidates, verdicts, strict=True)
        },
        cannot_tell=len(whole[UNDETERMINED]) - len(close),
        stated_instead=(
            {}
            if vocabulary is None
            else stated_instead(
                whole[UNDETERMINED], facets, list_limit=list_limit, vocabulary=vocabulary
            )
        ),
        worded_instead=(
            {}
            if vocabulary is None or whole[MATCHED]
            else worded_instead(
                whole[UNDETERMINED], facets, list_limit=list_limit, vocabulary=vocabulary
            )
        ),
    )


def entity_verdicts(candidates: list[Candidate], facets: tuple[Facet, ...]) -> dict[str, str]:
    """Which of the four lists each candidate is on, for every candidate (nothing is cut)."""
    return {c.entity_id: _verdict(c, facets).listed for c in candidates}


# --- one person -----------------------------------------------------------------------------


def _verdict(candidate: Candidate, facets: tuple[Facet, ...]) -> _Verdict:
    head = {"entity_id": candidate.entity_id} | ({"name": candidate.name} if candidate.name else {})
    causes = _unread_causes(candidate)
    if causes:
        # A document still unread may state — or deny — anything: nobody is decided on part.
        entry = head | {"reason": UNREAD, "causes": sorted(set(causes))}
        return _Verdict(NOT_RECORDED, entry, causes=tuple(causes))
    if not candidate.judgments:
        return _Verdict(NOT_RECORDED, head | {"reason": NO_DOCUMENTS})

    experiences = [exp for judgment in candidate.judgments for exp in judgment.experiences]
    best = _best(experiences, facets)
    stated = {key for exp in experiences for key in exp.established}
    denials = [quote for judgment in candidate.judgments for quote in judgment.denials]
    doubts = [quote.as_json() for quote in denials if not quote.denies]
    keys = [facet.key for facet in facets]

    # none: a firm denial that no document of the person opposes — the one confident "no".
    unopposed = [quote for quote in denials if quote.denies and quote.facet not in stated]
    if unopposed:
        entry = head | {"evidence": [quote.as_json() for quote in unopposed]}
        return _Verdict(NONE, entry | ({"denials": doubts} if doubts else {}))

    if best is not None and all(key in best.established for key in keys) and not denials:
        evidence = [best.established[facet.key].as_json() for facet in _evidence_order(facets)]
        return _Verdict(MATCHED, head | {"evidence": evidence})

    account = _account(best, facets)
    entry = head | {"reason": SILENT} | account
    if doubts:
        entry["denials"] = doubts
    # A denial (firm or doubt) beside any document that states what it denies is a conflict —
    # and so is any denial beside an experience that holds the whole niche: never a match.
    if denials and (
        any(quote.facet in stated for quote in denials)
        or (best is not None and all(key in best.established for key in keys))
    ):
        entry["reason"] = CONFLICT
        entry["evidence"] = _conflict_evidence(best, experiences, denials, facets)
    return _Verdict(UNDETERMINED, entry, open=len(account["missing_because"]))


def _unread_causes(candidate: Candidate) -> list[str]:
    """One cause per document not read: the given causes, failed reads, and any unaccounted."""
    causes = list(candidate.unread)
    causes += [FAILED for judgment in candidate.judgments if judgment.failed]
    accounted = len(candidate.judgments) + len(candidate.unread)
    causes += [NOT_READ] * max(0, candidate.documents - accounted)
    return causes


def _best(
    experiences: list[ExperienceJudgment], facets: tuple[Facet, ...]
) -> ExperienceJudgment | None:
    """The experience establishing the most facets; ties go to the earlier one (document order)."""
    keys = {facet.key for facet in facets}
    best, most = None, -1
    for experience in experiences:
        count = len(keys & experience.established.keys())
        if count > most:
            best, most = experience, count
    return best


def _evidence_order(facets: tuple[Facet, ...]) -> list[Facet]:
    """The quoted conditions first, then what the reader counts by rule (a length, a recency),
    each in the criterion's order — the order the spec prints a match's evidence in."""
    return [f for f in facets if f.kind == CONDITION] + [f for f in facets if f.kind != CONDITION]


def _account(best: ExperienceJudgment | None, facets: tuple[Facet, ...]) -> dict[str, Any]:
    """established / missing / missing_because / different / lengths_not_proved of one entry."""
    experience = best or ExperienceJudgment()
    held = experience.established
    conditions_open = any(f.kind != DURATION and f.key not in held for f in facets)
    # The store keeps a length with the conditions it belongs to: while any condition is open, a
    # length is listed under missing even where it was read — missing_because says what is open.
    established = [
        f.key for f in facets if f.key in held and not (f.kind == DURATION and conditions_open)
    ]
    missing = [f.key for f in facets if f.key not in established]
    because: dict[str, str] = {}
    for facet in facets:
        if facet.key in held:
            continue
        # A condition the judgment gives no reason for (or a person with no experience at all):
        # the documents say nothing for it.
        default = DURATION_UNKNOWN if facet.kind == DURATION else SILENT
        because[facet.key] = experience.missing_because.get(facet.key) or default
    account: dict[str, Any] = {
        "established": established,
        "missing": missing,
        "missing_because": because,
        "different": [quote.as_json() for quote in experience.different],
        "lengths_not_proved": [dict(item) for item in experience.lengths_not_proved],
    }
    if experience.typing:
        account["typing"] = [dict(item) for item in experience.typing]
    if experience.closed_by_record and RECORD_SAYS_ENDED in because.values():
        # The record's end is what leaves a condition open: the row, and the month it ended.
        account["closed_by_record"] = dict(experience.closed_by_record)
    return account


def _conflict_evidence(
    best: ExperienceJudgment | None,
    experiences: list[ExperienceJudgment],
    denials: list[Quote],
    facets: tuple[Facet, ...],
) -> list[dict[str, Any]]:
    """What supports (the best experience, and what states each denied condition elsewhere),
    then every kept denial — each item marked by checked_by/states, denies, or kept_as."""
    support: dict[str, Quote] = dict(best.established) if best else {}
    for quote in denials:
        if quote.facet not in support:
            found = next(
                (e.established[quote.facet] for e in experiences if quote.facet in e.established),
                None,
            )
            if found is not None:
                support[quote.facet] = found
    ordered = [support[f.key].as_json() for f in _evidence_order(facets) if f.key in support]
    return ordered + [quote.as_json() for quote in denials]


# --- the counts and the compact reply -------------------------------------------------------


def _close_item(verdict: _Verdict, facets: tuple[Facet, ...]) -> dict[str, Any] | None:
    """An entry of close.matches, for a person exactly one condition short in one of two ways:
    the documents say nothing for it (not_stated), or state a length not proved (stated_...)."""
    entry = verdict.entry
    if entry.get("reason") != SILENT or verdict.open != 1 or entry.get("denials"):
        return None  # a doubt says something of the open condition: it is no "not stated"
    ((lacks, reason),) = entry["missing_because"].items()
    if reason in (SILENT, DURATION_UNKNOWN):
        because = NOT_STATED
    elif reason == LENGTH_NOT_PROVED:
        because = STATED_NOT_VERIFIED
    else:
        return None
    item = {
        "entity_id": entry["entity_id"],
        "name": entry.get("name", ""),
        "lacks": lacks,
        "why": [f.key for f in facets if f.key != lacks],
        "because": because,
    }
    if because == STATED_NOT_VERIFIED:
        sentence = next(
            (
                length.get("text")
                for length in entry["lengths_not_proved"]
                if length.get("facet", lacks) == lacks and length.get("text")
            ),
            None,
        )
        if sentence is not None:
            item["quote"] = _cut(sentence)
    return item


def _cut(text: str) -> str:
    """At most QUOTE_CAP characters; a cut sentence ends in "…", so nobody takes it whole."""
    return text if len(text) <= QUOTE_CAP else text[: QUOTE_CAP - 1] + "…"


def _counts_detail(by_list: dict[str, list[_Verdict]]) -> dict[str, Any]:
    """Over every candidate (never cut): one condition short, conflict, what is open and why,
    the people handed a length, and why the unread are unread (counted per document)."""
    undetermined = by_list[UNDETERMINED]
    silent = [v.entry for v in undetermined if v.entry["reason"] != CONFLICT]
    missing: Counter[str] = Counter()
    because: dict[str, Counter[str]] = {}
    for entry in silent:  # a conflict is counted under conflict and nowhere else
        for facet, reason in entry["missing_because"].items():
            missing[facet] += 1
            because.setdefault(facet, Counter())[reason] += 1
    causes = Counter(cause for v in by_list[NOT_RECORDED] for cause in v.causes)
    return {
        UNDETERMINED: {
            "one_condition_short": sum(1 for e in silent if len(e["missing_because"]) == 1),
            "conflict": len(undetermined) - len(silent),
            "missing": _sorted(missing),
            "missing_because": {facet: _sorted(because[facet]) for facet in sorted(because)},
            # conflict included: every undetermined person who carries a handed-on sentence
            "lengths_not_proved": sum(1 for v in undetermined if v.entry["lengths_not_proved"]),
        },
        NOT_RECORDED: {
            "no_documents": sum(
                1 for v in by_list[NOT_RECORDED] if v.entry["reason"] == NO_DOCUMENTS
            ),
            "unread_causes": _sorted(causes),
        },
    }


def _sorted(counter: Counter[str]) -> dict[str, int]:
    return {key: counter[key] for key in sorted(counter)}
