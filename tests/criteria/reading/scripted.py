"""What the reading tests share: small versions of the spec's PEOPLE, a reader's reply written by
hand, the two narrower calls scripted (Script, which counts them), and judging one document
with every span re-read."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date
from typing import Any

from criteria.reading.read import Asks, judge_document
from criteria.rules.lengths.rule import WHY
from criteria.types import (
    DocumentJudgment,
    ExperienceJudgment,
    Facet,
    Quote,
)
from limma.door.shapes import ReadReply, SecondCallReply, SecondCallRequest, TypingReply
from limma.vocabulary import Vocabulary
from tests.criteria.niche import FACETS

VOCABULARY = Vocabulary.shipped()
NICHE = "20+ years marketing baby formula in European markets"

YES = ("yes", "own_work")

GRETA = (
    "Greta Ostrander joined Quellmark Foods in 2001 as a marketing director.\n"
    "She led marketing for baby formula across Germany and Poland until 2023.\n"
    "Greta has done this work for more than 20 years.\n"
)
GRETA_SENTENCES = [
    "Greta Ostrander joined Quellmark Foods in 2001 as a marketing director.",
    "She led marketing for baby formula across Germany and Poland until 2023.",
    "Greta has done this work for more than 20 years.",
]
GRETA_QUOTES = {
    "function": ("led marketing for baby formula", "marketing"),
    "product": ("baby formula", "baby formula"),
    "market": ("across Germany and Poland", "Germany and Poland"),
    "duration": ("for more than 20 years", "more than 20 years"),
}


# -- building replies and scripting the calls ------------------------------------------------


def reply(
    experiences: list[tuple[dict[str, tuple[str | None, str | None]], list[str]]],
    denials: list[tuple[str, str | None]] = (),
    subject: str | None = "Greta Ostrander",
    period: tuple[str | None, str | None] | None = None,
) -> ReadReply:
    """A reader's reply: per experience {key: (quote, states)} and its sentences."""
    return ReadReply.model_validate(
        {
            "subject": subject,
            "experiences": [
                {
                    "conditions": {
                        key: {"quote": quote, "states": states}
                        for key, (quote, states) in conditions.items()
                    },
                    "period": None if period is None else {"start": period[0], "end": period[1]},
                    "sentences": sentences,
                }
                for conditions, sentences in experiences
            ],
            "denials": [{"quote": quote, "facet": key} for quote, key in denials],
        }
    )


@dataclass
class Script:
    """The second call and the typing call, scripted, and every call recorded.

    second: per facet text, the (answer, role) the second call gives for that condition's key
    (YES when not named; None: the reply leaves the key unanswered). second_fails: the whole
    second call fails. extra: answers added to every second call's reply, as given.
    """

    second: dict[str, tuple[str, str | None] | None] = field(default_factory=dict)
    second_fails: bool = False
    extra: list[dict[str, Any]] = field(default_factory=list)
    typing: TypingReply | str | None = None
    second_calls: list[SecondCallRequest] = field(default_factory=list)
    typing_calls: list[tuple[list[str], str, list[str]]] = field(default_factory=list)

    def second_call(self, request: SecondCallRequest) -> SecondCallReply | None:
        self.second_calls.append(request)
        if self.second_fails:
            return None
        answers = [
            {"key": condition.key, "answer": said[0], "role": said[1]}
            for condition in request.conditions
            if (said := self.second.get(condition.condition, YES)) is not None
        ]
        return SecondCallReply.model_validate({"answers": answers + self.extra})

    def typing_call(self, sentences: list[str], axis: str, terms: list[str]) -> Any:
        self.typing_calls.append((sentences, axis, terms))
        return self.typing

    def asks(self) -> Asks:
        return Asks(second_call=self.second_call, typing_call=self.typing_call)


def judge(
    text: str,
    read: ReadReply,
    script: Script | None = None,
    *,
    facets: tuple[Facet, ...] = FACETS,
    vocabulary: Vocabulary = VOCABULARY,
    as_of: date | None = None,
) -> DocumentJudgment:
    script = script or Script()
    judgment = judge_document(
        source_id="doc-1",
        text=text,
        facets=facets,
        reply=read,
        vocabulary=vocabulary,
        person=read.subject,
        asks=script.asks(),
        as_of=as_of,
    )
    assert_reread(judgment, text)
    return judgment


def assert_reread(judgment: DocumentJudgment, text: str) -> None:
    """Every span the judgment holds is the document's own characters, and it stores whole; every
    length handed on is a doubt with at least one closed word of why, in the spec's order."""
    quotes: list[Quote] = list(judgment.denials)
    for experience in judgment.experiences:
        quotes += [*experience.established.values(), *experience.different]
        for item in experience.lengths_not_proved:
            assert text[item["char_start"] : item["char_end"]] == item["text"]
            assert item["kept_as"] == "doubt" and item["source_id"] == "doc-1"
            assert item["why"] and item["why"] == [word for word in WHY if word in item["why"]]
    for quote in quotes:
        assert quote.source_id == "doc-1"
        assert text[quote.char_start : quote.char_end] == quote.text
    assert DocumentJudgment.from_json(judgment.to_json()) == judgment


def only(judgment: DocumentJudgment) -> ExperienceJudgment:
    (experience,) = judgment.experiences
    return experience


def one_call(script: Script) -> list[tuple[str, str, str]]:
    """The conditions of the one second call made: (key, the facet's words, the quote)."""
    (request,) = script.second_calls
    return [(each.key, each.condition, each.quote) for each in request.conditions]


def checked_by(experience: ExperienceJudgment) -> dict[str, str | None]:
    return {key: quote.checked_by for key, quote in experience.established.items()}


def greta(**changed: tuple[str | None, str | None]) -> ReadReply:
    return reply([(GRETA_QUOTES | changed, GRETA_SENTENCES)], period=("2001", "2023"))


def granted(experience: ExperienceJudgment) -> tuple[str, int, str | None]:
    """The established length: its words, where they start, and who checked it (nobody)."""
    length = experience.established["duration"]
    return length.text, length.char_start, length.checked_by
