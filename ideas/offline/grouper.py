"""The offline idea_grouper: a label is sorted by where its example sentence lies on the map of
shipped broader terms (ideas/offline/meaning.py), with the idea counted as one more term.

- means it, for an idea the list holds nearly as worded (its nearest term within
  Bars.on_the_map): the example, read without the idea's own words, lies nearly as near the
  idea as the broader term it lies nearest (margin at least Bars.margin), at least
  Bars.likeness near the idea, and one of its three nearest terms is among the idea's first
  Bars.shared + 1;
- means it, for any other idea: the idea, counted as one more term, is among the example's
  Bars.own_rank nearest (without the idea's words) and lies at least Bars.own_likeness near it.
  A broad term says where a whole collection lies ("double bookings" and "no shows" both fall
  under the hotel's terms): only the idea itself, weighed against every term, tells its
  sentences from its cousins';
- means it, whatever the idea: the example holds every word that names the idea, the label's
  own words lie at least Bars.whole_label near it, the example as written lies nearly as near
  the idea as its nearest term (margin at least Bars.whole_margin), and without the idea's
  words still lies at least Bars.whole_likeness near it: the words and the sentence around them
  both say the idea, which a near miss, borrowing the words into another subject ("The magic
  show in the bar starts at nine." for no shows), does not;
- possibly: the model cannot tell: the example comes within POSSIBLY_SLACK of either meaning's
  bars (within two more terms of the idea's rank) without passing them, it lies under the
  broad terms of an idea off the map (a cousin's sentence lies there too), or the label's own
  words lie near the idea's (a near miss borrows them as often as a phrasing means them);
- no: otherwise.

The thresholds were measured on the benchmark's idea worlds (benchmarks/README.md, "Ideas
offline, by meaning"), not guessed: the highest lowest recall whose precision held at 0.6 or
more on every world tuned on, then the fewest near misses matched.
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
    on_the_map: float = 0.85
    own_rank: int = 2
    own_likeness: float = 0.20
    whole_label: float = 0.60
    whole_margin: float = -0.04
    whole_likeness: float = 0.25


MEANS_IT = Bars()
POSSIBLY_SLACK = 0.05  # the bars' cosines; the idea's own rank may be two terms further down
POSSIBLY_LABEL = 0.60


def on_the_map(fit: Fit, bars: Bars) -> bool:
    """The shipped list holds the idea nearly as worded: its terms can stand for it."""
    return fit.idea_nearest >= bars.on_the_map


def under_its_terms(fit: Fit, bars: Bars, slack: float = 0.0) -> bool:
    """The example, without the idea's words, lies under the idea's nearest broader terms."""
    return (
        fit.shared_rank <= bars.shared + (2 if slack else 0)
        and fit.margin >= bars.margin - slack
        and fit.likeness >= bars.likeness - slack
    )


def among_its_nearest(fit: Fit, bars: Bars, slack: float = 0.0) -> bool:
    """The idea, counted as one more term, is among the example's nearest."""
    return (
        fit.own_rank < bars.own_rank + (2 if slack else 0)
        and fit.likeness >= bars.own_likeness - slack
    )


def by_meaning(fit: Fit, bars: Bars) -> bool:
    """The example, without the idea's words, lies where the idea lies."""
    if on_the_map(fit, bars):
        return under_its_terms(fit, bars)
    return among_its_nearest(fit, bars)


def by_its_words(fit: Fit, bars: Bars) -> bool:
    """The example names the idea, and means it."""
    return (
        fit.names_idea
        and fit.label_likeness >= bars.whole_label
        and fit.whole_margin >= bars.whole_margin
        and fit.likeness >= bars.whole_likeness
    )


def verdict(fit: Fit, bars: Bars = MEANS_IT) -> str:
    if by_meaning(fit, bars) or by_its_words(fit, bars):
        return "means_it"
    if (
        under_its_terms(fit, bars, POSSIBLY_SLACK)
        or among_its_nearest(fit, bars, POSSIBLY_SLACK)
        or fit.label_likeness >= POSSIBLY_LABEL
    ):
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
