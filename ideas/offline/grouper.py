"""The offline idea_grouper: a label is sorted by how near the idea lies to its example
sentence, weighed against the shipped broader terms (ideas/offline/meaning.py), and by its own
words.

- means it: the example, read without the idea's own words, lies nearly as near the idea as the
  broader term it lies nearest (margin at least Bars.margin), it lies at least Bars.likeness
  near the idea, and it falls under one of the idea's own nearest broader terms (one of the
  example's three nearest is among the idea's first Bars.shared + 1); or the label's own words
  lie at least Bars.whole_label near the idea and the example as written, the idea's words left
  in, lies nearly as near the idea as its nearest broader term (margin at least
  Bars.whole_margin): the words and the sentence around them both say the idea, which a near
  miss, borrowing the words into another subject, does not;
- possibly: the model cannot tell: the example comes within POSSIBLY_SLACK of those bars
  without passing them, or the label's own words lie near the idea's (a near miss borrows them
  as often as a phrasing means them);
- no: otherwise.

The thresholds were measured on the benchmark's idea worlds (benchmarks/README.md, "Ideas
offline, by meaning"), not guessed: the highest recall whose precision held at 0.6 or more on
every world tuned on.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ideas.offline.meaning import Fit, fits
from limma.door.shapes import IdeaGroupRequest


@dataclass(frozen=True)
class Bars:
    """What a label's example must pass to mean the idea (see the module's docstring)."""

    margin: float = -0.14
    likeness: float = 0.20
    shared: int = 1
    whole_margin: float = -0.04
    whole_label: float = 0.60


MEANS_IT = Bars()
POSSIBLY_SLACK = 0.05  # the margin's, and two more of the idea's nearest terms
POSSIBLY_LABEL = 0.60


def verdict(fit: Fit, bars: Bars = MEANS_IT) -> str:
    if (
        fit.margin >= bars.margin
        and fit.shared_rank <= bars.shared
        and fit.likeness >= bars.likeness
    ) or (fit.label_likeness >= bars.whole_label and fit.whole_margin >= bars.whole_margin):
        return "means_it"
    if fit.margin >= bars.margin - POSSIBLY_SLACK and fit.shared_rank <= bars.shared + 2:
        return "possibly"
    if fit.label_likeness >= POSSIBLY_LABEL:
        return "possibly"
    return "no"


def idea_grouper(request: IdeaGroupRequest) -> dict[str, Any]:
    found = fits(request.idea, [(label.label, label.example) for label in request.labels])
    return {
        "verdicts": [
            {"label": label.label, "verdict": verdict(fit)}
            for label, fit in zip(request.labels, found, strict=True)
        ]
    }
