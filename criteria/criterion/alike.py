"""A stored criterion that asks what a brief's new wording asks: the same facets, already read.

A brief's niche is worded by the compile, not by the caller, so the same niche comes back in
other words each time it is asked. Two phrasings stay two criteria (an address is its words);
but a brief's niche whose split gives the very facets of a criterion this reader has judged
documents for is answered by that criterion, so a niche read once answers every wording of it.
Facets are the same when each asks the same thing: its kind, its vocabulary term (or, untyped,
its words, case and spacing aside) and its numbers; the words carried beside a term ("led",
"run") ask nothing more.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable
from typing import Any

from django.db.models import Count, Q

from criteria.criterion.address import READER_VERSION, normalised_text, reader_identity
from criteria.models import Criterion, Judgment
from criteria.types import Facet
from limma.models import Workspace


def asked(facets: Iterable[dict[str, Any]]) -> tuple[tuple[Any, ...], ...]:
    """What the facets ask, in an order of their own (the keys are names, not conditions)."""
    return tuple(
        sorted(
            (
                str(facet.get("kind")),
                str(facet.get("value") or normalised_text(str(facet.get("text") or ""))),
                facet.get("min_years"),
                facet.get("current"),
                facet.get("within_years"),
            )
            for facet in facets
        )
    )


def stored_alike(
    *, workspace: Workspace, facets: Iterable[Facet | dict[str, Any]], record_check: Any
) -> Criterion | None:
    """The criterion of this workspace that asks the same and has the most documents judged by
    the reader this deployment runs; None when none has any."""
    wanted = asked(
        dataclasses.asdict(facet) if isinstance(facet, Facet) else facet for facet in facets
    )
    judged = Count(
        "judgments",
        filter=Q(
            judgments__reader_identity=reader_identity(),
            judgments__state=Judgment.State.DONE,
        ),
    )
    stored = (
        Criterion.objects.filter(workspace=workspace, reader_version=READER_VERSION)
        .annotate(judged=judged)
        .filter(judged__gt=0)
        .order_by("-judged", "created_at")
        .only("id", "facets", "record_check")
    )
    return next(
        (
            criterion
            for criterion in stored
            if criterion.record_check == record_check and asked(criterion.facets) == wanted
        ),
        None,
    )
