"""The console's chips: the search suggestions of a --hints JSON file ({"answer": [...],
"search": [...]}) or, without one, the built-in three of each."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from django.conf import settings

BUILT_IN = {
    "answer": [
        "Where is every expert based?",
        "Every role held in Marketing, with its start date",
        "How many experts are based in Germany?",
    ],
    "search": [
        "Everyone based in Europe who holds a Marketing role",
        "Experts based in Germany or Switzerland",
        "Who held a Sales role starting before 2015?",
    ],
    "people": [
        "Who in Europe has 20+ years marketing infant formula in European markets?",
        "Who in Switzerland has sold surgical staplers through public tenders?",
        "Who in France leads marketing for baby formula?",
    ],
}


class HintsInvalid(ValueError):
    """A --hints file that is not {"answer": [...], "search": [...]} of strings."""


def hints_parsed(data: Any) -> dict[str, list[str]]:
    if not isinstance(data, dict):
        raise HintsInvalid("the hints file is one JSON object")
    chips = {mode: list(words) for mode, words in BUILT_IN.items()}
    for mode, listed in data.items():
        if mode not in BUILT_IN:
            raise HintsInvalid(f"no such mode {mode!r}: answer, search or people")
        if not isinstance(listed, list) or not all(isinstance(x, str) and x for x in listed):
            raise HintsInvalid(f"{mode}: a list of questions")
        chips[mode] = [x[:300] for x in listed[:20]]
    return chips


def configured_hints() -> dict[str, list[str]]:
    path = getattr(settings, "LIMMA_CONSOLE_HINTS", "")
    if not path:
        return {mode: list(words) for mode, words in BUILT_IN.items()}
    return hints_parsed(json.loads(Path(path).read_text()))
