"""The offline idea_grouper: a label is sorted by how near the idea lies to its example
sentence, weighed against the shipped broader terms (ideas/offline/meaning.py), and by its own
words.

- means it: the example, read without the idea's own words, lies nearly as near the idea as the
  broader term it lies nearest (margin at least Bars.margin), it lies at least Bars.likeness
  near the idea, and it falls under one of the idea's own nearest broader terms (one of the
  example's three nearest is among the idea's first Bars.shared + 1); or the label's own words
  lie at least Bars.whole_label near the idea, the example as written, the idea's words left
  in, lies nearly as near the idea as its nearest broader term (margin at least
  Bars.whole_margin), and the example without the idea's words still lies at least
  Bars.whole_likeness near it: the words and the sentence around them both say the idea,
  which a near miss, borrowing the words into another subject, does not;
- an idea no shipped term lies near (none within Bars.own_term_far) is its own broader term: a
  sentence falls under it when the idea, counted as one more term, is among the sentence's three
  nearest and lies at least Bars.own_likeness near it. So an idea the general list never
  thought of ("teacher workload") is still found, by the same margin, where its meaning is;
- possibly: the model cannot tell: the example comes within POSSIBLY_SLACK of those bars
  without passing them, or the label's own words lie near the idea's (a near miss borrows them
  as often as a phrasing means them);
- no: otherwise.

The thresholds were measured on the benchmark's idea worlds (benchmarks/README.md, "Ideas
offline, by meaning"), not guessed: the highest lowest recall whose precision held at 0.6 or
more on every world tuned on, then the fewest near misses matched. On a world written after
them and run once (hotel) precision did not hold: the README says where they fail.
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
    whole_likeness: float = 0.20
    own_term_far: float = 0.80
    own_likeness: float = 0.30


MEANS_IT = Bars()
POSSIBLY_SLACK = 0.05  # the margin's, the idea's own term's, and two more of its nearest terms
POSSIBLY_LABEL = 0.60


def under_the_idea(fit: Fit, bars: Bars, slack: float = 0.0) -> bool:
    """The example falls under one of the idea's nearest broader terms, or under the idea
    itself where no shipped term lies near it."""
    if fit.shared_rank <= bars.shared + (2 if slack else 0):
        return True
    return (
        fit.idea_nearest < bars.own_term_far
        and fit.likeness >= fit.third_nearest - slack
        and fit.likeness >= bars.own_likeness - slack
    )


def verdict(fit: Fit, bars: Bars = MEANS_IT) -> str:
    if (
        fit.margin >= bars.margin and fit.likeness >= bars.likeness and under_the_idea(fit, bars)
    ) or (
        fit.label_likeness >= bars.whole_label
        and fit.whole_margin >= bars.whole_margin
        and fit.likeness >= bars.whole_likeness
    ):
        return "means_it"
    if fit.margin >= bars.margin - POSSIBLY_SLACK and under_the_idea(fit, bars, POSSIBLY_SLACK):
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
