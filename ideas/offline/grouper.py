"""The offline idea_grouper: a label is sorted by its words' and its broader term's overlap
with the idea, read through the shipped lexicon.

- means it: the label's own words fall under a broader term the idea's words fall under (a
  generic one, like risk, only when the idea's are all generic), or the label shares a word with
  the idea and its broader term is one of those;
- possibly: the label shares a word with the idea, or only its broader term reaches it;
- no: nothing of the label reaches the idea.
"""

from __future__ import annotations

from typing import Any

from ideas.offline.lexicon import broaders_of
from ideas.words import content_stems, normalised
from limma.door.shapes import IdeaGroupRequest, IdeaLabel

# Broader terms that qualify an idea rather than name it: "pricing risk" is about pricing.
GENERIC = frozenset({"risk"})


def verdict(idea: str, label: IdeaLabel) -> str:
    idea_stems = set(content_stems(idea))
    idea_broaders = broaders_of(sorted(idea_stems)) | {normalised(idea)}
    label_stems = set(content_stems(label.label))
    broader_stems = set(content_stems(label.broader))
    label_broaders = broaders_of(sorted(label_stems))
    given = label_broaders | {normalised(label.broader)}
    shares_a_word = bool(label_stems & idea_stems)
    broader_reaches = bool(given & idea_broaders) or bool(broader_stems & idea_stems)
    specific = (
        idea_broaders - GENERIC if idea_broaders - GENERIC - {normalised(idea)} else idea_broaders
    )
    if label_broaders & specific or (shares_a_word and given & specific):
        return "means_it"
    if shares_a_word or broader_reaches:
        return "possibly"
    return "no"


def idea_grouper(request: IdeaGroupRequest) -> dict[str, Any]:
    return {
        "verdicts": [
            {"label": label.label, "verdict": verdict(request.idea, label)}
            for label in request.labels
        ]
    }
