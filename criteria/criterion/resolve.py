"""Which criterion a request names: by its address, or minted from its text and facets.

A caller's facets are checked (a 422 names every fault); a text without facets is split by one
model call and the split checked against the text before anything is read. A refused or failed
split keeps nothing.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any

from criteria.criterion.address import READER_VERSION, criterion_address
from criteria.criterion.alike import stored_alike
from criteria.criterion.facets import facets_from_caller
from criteria.criterion.split import SplitOutcome, split_text
from criteria.models import Criterion
from criteria.rules.recency.record import RecordCheck, record_check_checked
from limma import door
from limma.errors import InvalidRequest
from limma.models import Workspace

CRITERION_UNKNOWN = "No criterion of this workspace has this address."
CRITERION_STALE = "This address was minted by an earlier reader version: send the text again."
CRITERION_MALFORMED = "A criterion is {text, facets?, record_check?} or {address}."


@dataclass(frozen=True)
class Resolved:
    criterion: Criterion | None  # None when the split was refused or failed
    split: SplitOutcome | None = None  # the model's split, when this call made one
    # The criterion is new and the caller may not mint it (a read-only key): nothing was split.
    unknown: bool = False
    # The check the request stated, checked against the pack: echoed even when nothing is read.
    record_check: RecordCheck | None = None
    # "facets": a brief's niche answered by a stored criterion of other words (criterion.alike).
    found_by: str | None = None


def criterion_resolve(
    *,
    workspace: Workspace,
    raw: Any,
    context: door.CallContext,
    may_mint: bool = True,
    by_facets: bool = False,
) -> Resolved:
    """The criterion named; a new one is minted (a model split paid) only when may_mint.

    by_facets (a brief's niche): a text never seen is split (paid) even when nothing may be
    minted, and a stored criterion already read that asks the same facets answers it."""
    if not isinstance(raw, dict) or not (("address" in raw) ^ ("text" in raw)):
        raise InvalidRequest("criterion_invalid", reason=CRITERION_MALFORMED)
    if "address" in raw:
        return Resolved(_by_address(workspace, raw["address"]))
    text = raw["text"]
    if not isinstance(text, str) or not text.strip():
        raise InvalidRequest(
            "criterion_invalid", faults=["text:required"], reason=CRITERION_MALFORMED
        )
    # A malformed check is a malformed criterion: refused before anything is split or read.
    checked = record_check_checked(raw.get("record_check"), workspace.parsed_pack)
    record_check = checked.as_stated() if checked else None
    facets_as_sent = raw.get("facets")
    address = criterion_address(
        text=text,
        facets_as_sent=facets_as_sent,
        record_check=record_check,
        reader_version=READER_VERSION,
    )
    known = Criterion.objects.filter(workspace=workspace, address=address).first()
    if facets_as_sent is not None:
        facets, unchecked = facets_from_caller(text, facets_as_sent, workspace.vocabulary)
        if known is None and not may_mint:
            return Resolved(None, unknown=True, record_check=checked)
        return Resolved(
            _minted(
                workspace,
                address,
                text=text,
                facets=facets,
                unchecked=unchecked,
                decomposed_by="caller",
                facets_as_sent=facets_as_sent,
                record_check=record_check,
            ),
            record_check=checked,
        )
    if by_facets:
        return _brief_niche(
            workspace, address, text, known=known, may_mint=may_mint, checked=checked,
            context=context,
        )  # fmt: skip
    if known is not None:
        return Resolved(known, record_check=checked)
    if not may_mint:
        return Resolved(None, unknown=True, record_check=checked)
    split = split_text(text=text, vocabulary=workspace.vocabulary, context=context)
    if split.status != "accepted":
        return Resolved(None, split, record_check=checked)
    return Resolved(_split_minted(workspace, address, text, split, checked), split, checked)


def _brief_niche(
    workspace: Workspace,
    address: str,
    text: str,
    *,
    known: Criterion | None,
    may_mint: bool,
    checked: RecordCheck | None,
    context: door.CallContext,
) -> Resolved:
    """A brief's niche: the criterion already read that asks the same facets, else its own
    (minted when the key may; a read-only key's is unknown, nothing minted)."""
    record_check = checked.as_stated() if checked else None
    if known is not None:
        alike = stored_alike(workspace=workspace, facets=known.facets, record_check=record_check)
        if alike is None or alike.pk == known.pk:
            return Resolved(known, record_check=checked)
        return Resolved(alike, record_check=checked, found_by="facets")
    split = split_text(text=text, vocabulary=workspace.vocabulary, context=context)
    if split.status != "accepted":
        return Resolved(None, split, record_check=checked)
    alike = stored_alike(workspace=workspace, facets=split.facets, record_check=record_check)
    if alike is not None:
        return Resolved(alike, split, record_check=checked, found_by="facets")
    if not may_mint:
        return Resolved(None, split, unknown=True, record_check=checked)
    return Resolved(_split_minted(workspace, address, text, split, checked), split, checked)


def _split_minted(
    workspace: Workspace,
    address: str,
    text: str,
    split: SplitOutcome,
    checked: RecordCheck | None,
) -> Criterion:
    """The criterion a model's accepted split makes of the text."""
    return _minted(
        workspace,
        address,
        text=text,
        facets=split.facets,
        unchecked=split.unchecked_words,
        decomposed_by="model",
        record_check=checked.as_stated() if checked else None,
        decomposition={"status": split.status, "actions": split.actions, "incomplete": []},
    )


def _by_address(workspace: Workspace, address: Any) -> Criterion:
    """A criterion by its address; its record_check is the one it was minted with."""
    criterion = Criterion.objects.filter(workspace=workspace, address=str(address)).first()
    if criterion is None:
        raise InvalidRequest("criterion_unknown", address=str(address), reason=CRITERION_UNKNOWN)
    if criterion.reader_version != READER_VERSION:
        raise InvalidRequest(
            "criterion_stale_reader_version",
            address=criterion.address,
            reader_version=criterion.reader_version,
            reason=CRITERION_STALE,
        )
    return criterion


def _minted(
    workspace: Workspace,
    address: str,
    *,
    text: str,
    facets,
    unchecked,
    decomposed_by: str,
    facets_as_sent: Any = None,
    record_check: Any = None,
    decomposition: dict | None = None,
) -> Criterion:
    criterion, _ = Criterion.objects.get_or_create(
        workspace=workspace,
        address=address,
        defaults={
            "text": text,
            "facets": [dataclasses.asdict(facet) for facet in facets],
            "facets_as_sent": facets_as_sent,
            "decomposed_by": decomposed_by,
            "decomposition": decomposition
            or {"status": "accepted", "actions": [], "incomplete": []},
            "unchecked_words": list(unchecked),
            "record_check": record_check,
            "reader_version": READER_VERSION,
        },
    )
    return criterion
