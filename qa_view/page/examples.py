"""The examples file: what to call the directory, and the page's "Try:" questions.

    {"directory": "the expert directory",
     "examples": [{"question": "...", "constraints": [...], "niche": "...", "facets": [...]}]}

An example that states its niche and its constraints is prepared: the agent is handed that split
with the question, so a click asks for the niche whose judgments were read ahead.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

from django.conf import settings

DEFAULT_EXAMPLES = Path(__file__).resolve().parent.parent / "examples" / "qa_examples.json"
EXAMPLE_FIELDS = {"question", "constraints", "niche", "facets"}


class ExamplesInvalid(ValueError):
    """The examples file is not what the page can use; the message names the fault."""


@dataclass(frozen=True)
class Example:
    question: str
    constraints: list[dict[str, Any]] = field(default_factory=list)
    niche: str = ""
    facets: list[dict[str, Any]] = field(default_factory=list)

    @property
    def prepared(self) -> bool:
        """It states its niche and its constraints: the agent is handed that split."""
        return bool(self.niche and self.constraints)


@dataclass(frozen=True)
class Examples:
    directory: str
    examples: tuple[Example, ...]

    def find(self, question: str) -> Example | None:
        """The example asked in these words (case, spacing and a final question mark aside)."""
        wanted = same_words(question)
        return next((e for e in self.examples if same_words(e.question) == wanted), None)


def same_words(question: str) -> str:
    """A question as two typings of it compare: case, spacing and final question marks aside."""
    return " ".join(question.split()).rstrip("?\uff1f ").rstrip().casefold()


def examples_parse(data: Any, *, where: str = "the examples file") -> Examples:
    if not isinstance(data, dict):
        raise ExamplesInvalid(f"{where} must hold a JSON object")
    directory = data.get("directory", "the directory")
    if not isinstance(directory, str) or not directory.strip():
        raise ExamplesInvalid(f"{where}: directory must be a non-empty string")
    raw = data.get("examples", [])
    if not isinstance(raw, list):
        raise ExamplesInvalid(f"{where}: examples must be a list")
    return Examples(
        directory.strip(), tuple(_example(item, where, n) for n, item in enumerate(raw))
    )


def _example(item: Any, where: str, n: int) -> Example:
    at = f"{where}: examples[{n}]"
    if not isinstance(item, dict):
        raise ExamplesInvalid(f"{at} must be an object")
    unknown = sorted(set(item) - EXAMPLE_FIELDS)
    if unknown:
        raise ExamplesInvalid(f"{at} has fields the page does not know: {', '.join(unknown)}")
    question = item.get("question")
    if not isinstance(question, str) or not question.strip():
        raise ExamplesInvalid(f"{at}.question must be a non-empty string")
    niche = item.get("niche", "")
    if not isinstance(niche, str):
        raise ExamplesInvalid(f"{at}.niche must be a string")
    lists = {name: item.get(name, []) for name in ("constraints", "facets")}
    for name, value in lists.items():
        if not isinstance(value, list) or not all(isinstance(v, dict) for v in value):
            raise ExamplesInvalid(f"{at}.{name} must be a list of objects")
    if lists["facets"] and not niche:
        raise ExamplesInvalid(f"{at} states facets without the niche they split")
    return Example(question.strip(), lists["constraints"], niche.strip(), lists["facets"])


def load_examples(path: str | Path = DEFAULT_EXAMPLES) -> Examples:
    path = Path(path)
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, json.JSONDecodeError) as error:
        raise ExamplesInvalid(f"cannot read the examples file {path}: {error}") from error
    return examples_parse(data, where=str(path))


@cache
def _loaded(path: str) -> Examples:
    return load_examples(path)


def configured_examples() -> Examples:
    """The examples file LIMMA_QA_EXAMPLES names (the shipped one unless set), read once."""
    return _loaded(str(getattr(settings, "LIMMA_QA_EXAMPLES", DEFAULT_EXAMPLES)))
