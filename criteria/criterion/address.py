"""A criterion's address: the identity of what the reader is asked, so a judgment is reused
only for the very same question.

Two phrasings of a niche are two criteria (the reader holds words, and cannot know two
phrasings mean the same), so the text is normalised for case and spacing and NOTHING else — a
final full stop is another criterion. The caller's facets are part of the identity (a caller's
split and a model's split are read separately), and so are the names the caller accepts, the
record check's slots and the reader's version: change any of them and the stored judgments no
longer answer the question. `reader_identity` is the digest judgments are stored under: the
version and every switch, so a reader with a switch set otherwise never serves another's.
"""

from __future__ import annotations

import hashlib
import json
from typing import Any

READER_VERSION = "reader-2"
# The reader's switches: each is part of the identity judgments are stored under. The sweeps
# (issue: no confident wrong match even when the model lies) are each one switch, on.
DENIAL_SWEEP = "denial_sweep"  # criteria/rules/denials/swept.py
START_FROM_PROSE = "start_from_prose"  # criteria/rules/lengths/start.py
QUOTE_TAKEN_OUT = "quote_taken_out"  # criteria/rules/names/quotes_taken_out.py
DEMONYMS_TYPE = "demonyms_type"  # criteria/criterion/facet_demonyms.py
SWEEPS = (DENIAL_SWEEP, START_FROM_PROSE, QUOTE_TAKEN_OUT, DEMONYMS_TYPE)
READER_SWITCHES: dict[str, bool] = {
    "length_from_record": False,
    **dict.fromkeys(SWEEPS, True),
}


def switched_on(name: str) -> bool:
    """Whether the reader this deployment runs has the switch on (unknown switches are off)."""
    return READER_SWITCHES.get(name, False)


ADDRESS_PREFIX = "crit_"
DIGEST_LENGTH = 16
MODEL_SPLIT = "model"  # what stands for the facets when a model splits the text
FACET_FIELDS = ("key", "kind", "text", "value", "min_years", "current", "within_years")
RECORD_SLOTS = ("relation", "party_slot", "label_slot")


def normalised_text(text: str) -> str:
    """The text as its identity: case and spacing aside, nothing else."""
    return " ".join(text.casefold().split())


def criterion_address(
    *,
    text: str,
    facets_as_sent: list[dict] | None,
    record_check: dict | None,
    reader_version: str,
) -> str:
    """ "crit_" and 16 hex digits of the criterion's identity (see the module docstring)."""
    identity = {
        "text": normalised_text(text),
        "facets": MODEL_SPLIT if facets_as_sent is None else _facets(facets_as_sent),
        "record_check": _record_check(record_check),
        "reader_version": reader_version,
    }
    return ADDRESS_PREFIX + _digest(identity)


def reader_identity(version: str = READER_VERSION, switches: dict[str, bool] | None = None) -> str:
    """16 hex digits of the reader's version and every one of its switches."""
    chosen = READER_SWITCHES if switches is None else switches
    return _digest({"version": version, "switches": dict(sorted(chosen.items()))})


def _digest(value: Any) -> str:
    canonical = json.dumps(value, sort_keys=True, separators=(",", ":"), default=repr)
    return hashlib.sha256(canonical.encode("utf-8")).hexdigest()[:DIGEST_LENGTH]


def _facets(facets: Any) -> Any:
    """The fields of each facet that say what is asked, in key order; names sorted.

    A malformed list is kept as sent (the facets' own check refuses it with its faults)."""
    if not isinstance(facets, list) or not all(isinstance(item, dict) for item in facets):
        return facets
    shown = [_facet(item) for item in facets]
    return sorted(shown, key=lambda item: json.dumps(item, sort_keys=True, default=repr))


def _facet(item: dict) -> dict[str, Any]:
    shown = {name: item.get(name) for name in FACET_FIELDS if item.get(name) is not None}
    if isinstance(shown.get("text"), str):
        shown["text"] = normalised_text(shown["text"])
    for name in ("min_years", "within_years"):
        if isinstance(shown.get(name), int | float) and not isinstance(shown[name], bool):
            shown[name] = float(shown[name])
    names = item.get("also")
    if isinstance(names, list) and names:
        shown["also"] = sorted(
            {normalised_text(n) if isinstance(n, str) else repr(n) for n in names}
        )
    return shown


def _record_check(check: Any) -> Any:
    """The record check's slots (those stated), or None; anything else is kept as sent."""
    if check is None or not isinstance(check, dict):
        return check
    return {slot: check[slot] for slot in RECORD_SLOTS if check.get(slot) is not None}
