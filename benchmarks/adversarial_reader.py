"""People who must never match, played against reading models of increasing dishonesty.

    .venv/bin/python benchmarks/adversarial_reader.py [--per-rule 6] [--seed 17]
        [--sweeps both|on|off] [--markdown]

A match is the one answer the product must never get wrong, and the reader's checks are what
stands between a model's reply and a match. This harness builds invented people, one group per
rule the reader checks — each closed word of the length rule, each form of a denial, each form
that takes a name out, and the reader's own sweeps — every one of whom the rule must keep out
of the matched list, and a control group of people who state the whole niche in the form the
reader grants (they SHOULD match). Each person is read by the product's own checks
(criteria.reading.read.judge_document, then criteria.lists.four, as a search does; no database) with
three scripted models:

- honest — the offline reader and its second and typing calls (criteria/offline/roles.py): the
  deployment's own deterministic model;
- over-claiming — claims every condition with a quote of the document's own tempting words,
  lists every sentence of the profile as the experience, and its second call always says yes
  (its typing call names the term the criterion asks for); it still lists the denials and the
  period the offline reader finds;
- silent — the same, and it lists no denial and reports no period.

It prints, per rule and per model, how many of the group were matched: 0 is the goal for every
rule the reader checks by itself. A group marked "rests on the model" is one the spec leaves to
the model's word by design (an untyped condition's second call: a quote "pet food" for
"baby formula" that a second call confirms is matched — the vocabulary has no term to refuse
it by), so a dishonest model matches it: it is counted and named, never hidden. With --sweeps
both (the default) the table is printed twice: with the reader's own sweeps switched off (the
reader before them) and on. The run spends nothing and reads no network.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import date
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

NICHE = "20+ years marketing baby formula in European markets"
AS_OF = date(2024, 6, 1)
GIVEN = ("Anneke", "Greta", "Ingrid", "Sofie", "Malin", "Birte", "Henrike", "Liv", "Tove", "Elin")
FAMILY = ("Voss", "Halvorsen", "Brekke", "Lindqvist", "Aasen", "Moberg", "Strand", "Dahl")
EMPLOYERS = ("Halden Foods AS", "Quellmark Foods", "Nordvik Nutrition", "Brightwell Dairy")
MODELS = ("honest", "over_claiming", "silent")
CONTROL, RESTS_ON_THE_MODEL = "control", "rests on the model"


@dataclass(frozen=True)
class Person:
    """One invented person: documents, and what a dishonest model quotes for each condition."""

    name: str
    employer: str
    documents: tuple[str, ...]  # the profile first
    quotes: dict[str, str]  # facet key -> the profile's tempting words the model quotes
    start: str | None = None  # the period a model that reports one reports
    as_of: date | None = AS_OF
    facets: str = "niche"  # which facets the person is read against (FACET_SETS)

    @property
    def given(self) -> str:
        return self.name.split()[0]

    @property
    def family(self) -> str:
        return self.name.split()[-1]


@dataclass(frozen=True)
class Group:
    rule: str
    kind: str  # "length", "denial", "name", "typing", CONTROL, RESTS_ON_THE_MODEL
    make: Callable[[str, str, int], Person]


QUOTES = {
    "function": "led marketing",
    "product": "baby formula",
    "market": "across Germany and Poland",
    "duration": "for more than 20 years",
}
FACET_SETS: dict[str, list[dict[str, Any]]] = {
    "niche": [
        {"key": "duration", "kind": "duration", "text": "20+ years", "min_years": 20},
        {"key": "function", "kind": "condition", "text": "marketing", "value": "Marketing"},
        {"key": "product", "kind": "condition", "text": "baby formula"},
        {"key": "market", "kind": "condition", "text": "in European markets", "value": "Europe"},
    ],
}
FACET_SETS["no_market_value"] = [
    {key: value for key, value in facet.items() if key != "value" or facet["key"] != "market"}
    for facet in FACET_SETS["niche"]
]
FACET_SETS["infant_milks"] = [
    dict(facet, also=["infant milks"]) if facet["key"] == "product" else facet
    for facet in FACET_SETS["niche"]
]


def profile(name: str, employer: str, *, start: int = 2001, work: str | None = None,
            length: str | None = None, before: str = "") -> str:  # fmt: skip
    given = name.split(maxsplit=1)[0]
    work = work or f"{given} led marketing for baby formula across Germany and Poland."
    length = length if length is not None else f"{given} has done this work for more than 20 years."
    return f"{before}{name} joined {employer} in {start}. {work} {length}".strip()


def _simple(length: str, quote: str, **more: Any) -> Callable[[str, str, int], Person]:
    """A profile whose length sentence is `length` (with {given}/{family} filled in)."""

    def make(name: str, employer: str, _: int) -> Person:
        given, family = name.split(maxsplit=1)[0], name.rsplit(maxsplit=1)[-1]
        text = profile(name, employer, length=length.format(given=given, family=family), **more)
        return Person(name, employer, (text,), QUOTES | {"duration": quote}, start="2001")

    return make


def _note(note: str, facets: str = "niche") -> Callable[[str, str, int], Person]:
    """The whole niche in the granted form, and a call note that may deny it."""

    def make(name: str, employer: str, _: int) -> Person:
        given = name.split(maxsplit=1)[0]
        text = profile(name, employer)
        return Person(
            name, employer, (text, note.format(given=given)), QUOTES, start="2001", facets=facets
        )

    return make


def _work(work: str, product: str, facets: str = "niche", **quotes: str):
    """The work sentence `work`; the model quotes `product` for the product."""

    def make(name: str, employer: str, _: int) -> Person:
        given = name.split(maxsplit=1)[0]
        text = profile(name, employer, work=work.format(given=given))
        chosen = QUOTES | {"product": product} | quotes
        return Person(name, employer, (text,), chosen, start="2001", facets=facets)

    return make


def _started_late(name: str, employer: str, _: int) -> Person:
    text = profile(name, employer, start=2021)
    return Person(name, employer, (text,), QUOTES, start="2021")


def _moved_late(name: str, employer: str, _: int) -> Person:
    given = name.split(maxsplit=1)[0]
    text = (
        f"In 2021 {given} moved to {employer} to lead marketing for baby formula across Germany "
        f"and Poland. {given} has done this work for more than 20 years."
    )
    return Person(name, employer, (text,), QUOTES | {"function": "lead marketing"}, start="2021")


def _reference(name: str, employer: str, _: int) -> Person:
    given = name.split(maxsplit=1)[0]
    text = (
        f"Reference for {name}, written by her former manager at {employer}.\n"
        f"{given} led marketing for baby formula across Germany and Poland.\n"
        "I held this role for 22 years."
    )
    return Person(name, employer, (text,), QUOTES | {"duration": "for 22 years"}, start="2001")


def _outside(name: str, employer: str, _: int) -> Person:
    given = name.split(maxsplit=1)[0]
    others = " ".join(
        f"{given} {thing}."
        for thing in ("sings in a choir", "lives in Oslo", "holds an MBA", "has two children")
    )
    text = profile(
        name, employer, length=f"{others} {given} has done this work for more than 20 years."
    )
    return Person(name, employer, (text,), QUOTES, start="2001")


def _father(name: str, employer: str, _: int) -> Person:
    family = name.rsplit(maxsplit=1)[-1]
    text = profile(
        name,
        employer,
        before=f"Her father Henrik {family} ran the dairy until 2021. ",
        length=f"{family} has done this work for more than 20 years.",
    )
    return Person(name, employer, (text,), QUOTES, start="2001")


def _undated(name: str, employer: str, _: int) -> Person:
    given = name.split(maxsplit=1)[0]
    text = profile(name, employer, length=f"{given} has held this role since 2001.")
    return Person(name, employer, (text,), QUOTES | {"duration": "since 2001"}, as_of=None)


def _in_profile(name: str, employer: str, _: int) -> Person:
    given = name.split(maxsplit=1)[0]
    text = profile(name, employer) + (
        f"\n\n{given} lives in Oslo with her family.\n\n{given} has never worked on baby formula."
    )
    return Person(name, employer, (text,), QUOTES, start="2001")


def _control(name: str, employer: str, _: int) -> Person:
    return Person(name, employer, (profile(name, employer),), QUOTES, start="2001")


GROUPS: tuple[Group, ...] = (
    Group("the whole niche in the granted form (SHOULD match)", CONTROL, _control),
    # -- the length rule's closed words
    Group("not_in_the_closed_form", "length", _simple(
        "", "for more than 20 years",
        work="{given} led marketing for baby formula across Germany and Poland for more than 20 years.",  # noqa: E501
    )),
    Group("more_than_the_closed_form", "length", _simple(
        "{given} has done this work for 22 years and holds an MBA.", "for 22 years")),
    Group("behind_a_pronoun", "length", _simple(
        "She has done this work for more than 20 years.", "for more than 20 years")),
    Group("name_not_proved", "length", _father),
    Group("first_person_not_proved", "length", _reference),
    Group("subject_not_proved", "length", _simple(
        "Her predecessor has done this work for more than 20 years.", "for more than 20 years")),
    Group("pointer_not_proved", "length", _simple(
        "{given} did that work for more than 20 years.", "for more than 20 years")),
    Group("not_running_text", "length", _simple(
        "> {given} has done this work for more than 20 years.", "for more than 20 years")),
    Group("contradicts_its_start (joined in 2021)", "length", _started_late),
    Group("contradicts_its_start (in 2021 moved to)", "length", _moved_late),
    Group("outside_the_experience", "length", _outside),
    Group("count_not_bounded", "length", _simple(
        "{given} has done this work for nearly 23 years.", "for nearly 23 years")),
    Group("dates_not_usable", "length", _undated),
    Group("the_careers", "length", _simple(
        "{given} has 22 years of experience in consumer goods.", "22 years of experience")),
    Group("of_an_earlier_time", "length", _simple(
        "{given} came to this role after 20 years in sales.", "after 20 years in sales")),
    # -- denials (a profile that states the whole niche, and a note beside it)
    Group("denial: firm, by name", "denial", _note("Call note. {given} has never worked on baby formula.")),  # noqa: E501
    Group("denial: behind a pronoun", "denial", _note(
        "The role is broader than the profile says. She has never worked on baby formula herself.")),  # noqa: E501
    Group("denial: a third party's report", "denial", _note(
        "Greta Holm confirmed that {given} has never worked on baby formula.")),
    Group("denial: first person, own turn", "denial", _note(
        "Interviewer: Tell me about your work.\n{given}: I have never worked on baby formula myself.")),  # noqa: E501
    Group("denial: a question and its answer", "denial", _note(
        "Interviewer: Have you ever worked on baby formula yourself?\n{given}: No, never.")),
    Group("denial: words with no rule (has yet to)", "denial", _note(
        "She has yet to work on baby formula.")),
    Group("denial: a thing leads (outside her experience)", "denial", _note(
        "Baby formula is outside her experience.")),
    Group("denial: of the typed term (Europe)", "denial", _note(
        "{given} has never worked in Europe.")),
    Group("denial: of an accepted name", "denial", _note(
        "{given} has never worked on infant milks.", facets="infant_milks")),
    Group("denial: in the profile itself, paragraphs on", "denial", _in_profile),
    # -- the forms that take a name out, in the model's own quote
    Group("name: complement of another thing", "name", _work(
        "{given} led marketing across Germany and Poland for packaging for baby formula.",
        "baby formula")),
    Group("name: inside what somebody else does", "name", _work(
        "{given} led marketing across Germany and Poland, selling yoghurt to teams that also bought baby formula.",  # noqa: E501
        "baby formula")),
    Group("name: an exclusion right before it", "name", _work(
        "{given} led marketing across Germany and Poland for every dairy line with the exception of baby formula.",  # noqa: E501
        "baby formula")),
    Group("name: a contrast right before it", "name", _work(
        "{given} led marketing for yoghurt across Germany and Poland, unlike baby formula.",
        "baby formula")),
    Group("name: a denial in its sentence", "name", _work(
        "{given} led marketing across Germany and Poland but never for baby formula.",
        "baby formula")),
    Group("name: an accepted name as a complement", "name", _work(
        "{given} led marketing across Germany and Poland for packaging for infant milks.",
        "infant milks", facets="infant_milks")),
    Group("name: complement of another thing, in a chain behind the verb", "name", _work(
        "{given} led marketing for packaging for baby formula across Germany and Poland.",
        "baby formula")),
    Group("name: an accepted name as a complement, in a chain behind the verb", "name", _work(
        "{given} led marketing for packaging for infant milks across Germany and Poland.",
        "infant milks", facets="infant_milks")),
    # -- typing
    Group("typing: another place, market given no value", "typing", _work(
        "{given} led marketing for baby formula across Southeast Asia.", "baby formula",
        facets="no_market_value", market="across Southeast Asia")),
    # -- what the spec leaves to the model's word
    Group("untyped condition: another product, confirmed by the second call", RESTS_ON_THE_MODEL,
          _work("{given} led marketing for pet food across Germany and Poland.", "pet food")),
)  # fmt: skip


# -- the three models ---------------------------------------------------------------------------


def honest_reply(text: str, facets: list[dict], person: str) -> dict[str, Any]:
    from criteria.offline.reader import read_document

    return read_document(text=text, facets=facets, person=person)


def lying_reply(person: Person, index: int, text: str, facets: list[dict], *, silent: bool):
    """The over-claiming reply: the tempting quotes, every sentence the experience; the offline
    reader's denials and period unless silent."""
    from limma.segment import segment

    honest = honest_reply(text, facets, person.name)
    sentences = [text[s.start : s.end] for part in segment(text) for s in part.sentences]
    experiences = []
    if index == 0:
        conditions = {
            key: {"quote": quote, "states": quote}
            for key, quote in person.quotes.items()
            if any(facet["key"] == key for facet in facets)
        }
        period = None if silent or person.start is None else {"start": person.start, "end": None}
        experiences.append(
            {
                "conditions": conditions,
                "period": period,
                "sentences": sentences,
                "employer": person.employer,
            }
        )
    return {
        "subject": person.name,
        "experiences": experiences,
        "denials": [] if silent else honest["denials"],
    }


def asks_for(model: str, facets: tuple) -> Any:
    from criteria.offline.roles import second_call_answers, typed_by_rules
    from criteria.reading.read import Asks
    from limma.door.shapes import SecondCallReply, TypingReply

    wanted = {facet.axis: facet.value for facet in facets if facet.typed}

    def honest_second(request):
        return SecondCallReply.model_validate(
            second_call_answers(
                conditions=[c.model_dump() for c in request.conditions],
                sentences=request.sentences,
                person=request.person,
            )
        )

    def honest_typing(sentences, axis, terms):
        return TypingReply.model_validate(
            typed_by_rules(sentences=sentences, axis=axis, terms=terms)
        )

    def always_yes(request):
        return SecondCallReply.model_validate(
            {
                "answers": [
                    {"key": c.key, "answer": "yes", "role": "own_work"} for c in request.conditions
                ]
            }
        )

    def names_the_wanted(sentences, axis, terms):
        return wanted.get(axis)

    if model == "honest":
        return Asks(second_call=honest_second, typing_call=honest_typing)
    return Asks(second_call=always_yes, typing_call=names_the_wanted)


# -- one run --------------------------------------------------------------------------------


@dataclass
class Tally:
    people: int = 0
    matched: dict[str, int] = field(default_factory=lambda: dict.fromkeys(MODELS, 0))


def people_of(group: Group, count: int, rng: random.Random) -> list[Person]:
    chosen = []
    for index in range(count):
        name = f"{rng.choice(GIVEN)} {rng.choice(FAMILY)}"
        chosen.append(group.make(name, rng.choice(EMPLOYERS), index))
    return chosen


def matched(person: Person, model: str) -> bool:
    from criteria.criterion.facets import facets_from_caller
    from criteria.lists.four import MATCHED, Candidate, entity_verdicts
    from criteria.reading.read import judge_document
    from limma.door.shapes import ReadReply
    from limma.vocabulary import Vocabulary

    missing = [words for words in person.quotes.values() if words not in person.documents[0]]
    if missing:  # a quote the profile does not hold would make the group trivially unmatched
        raise ValueError(f"{person.name}: the profile does not hold {missing}")
    vocabulary = Vocabulary.shipped()
    raw = FACET_SETS[person.facets]
    facets, _ = facets_from_caller(NICHE, raw, vocabulary)
    shown = [
        {"key": f.key, "kind": f.kind, "text": f.text, "value": f.value, "min_years": f.min_years}
        for f in facets
    ]
    asks = asks_for(model, facets)
    judgments = []
    for index, text in enumerate(person.documents):
        if model == "honest":
            reply = honest_reply(text, shown, person.name)
        else:
            reply = lying_reply(person, index, text, shown, silent=model == "silent")
        judgments.append(
            judge_document(
                source_id=f"doc{index}",
                text=text,
                facets=facets,
                reply=ReadReply.model_validate(reply),
                vocabulary=vocabulary,
                person=person.name,
                asks=asks,
                as_of=person.as_of,
            )
        )
    candidate = Candidate("p", person.name, tuple(judgments), documents=len(judgments))
    return entity_verdicts([candidate], facets)["p"] == MATCHED


@contextmanager
def sweeps_set(on: bool) -> Iterator[None]:
    from criteria.criterion.address import READER_SWITCHES, SWEEPS

    saved = dict(READER_SWITCHES)
    READER_SWITCHES.update(dict.fromkeys(SWEEPS, on))
    try:
        yield
    finally:
        READER_SWITCHES.clear()
        READER_SWITCHES.update(saved)


def tally(groups: tuple[Group, ...], count: int, seed: int) -> list[tuple[Group, Tally]]:
    rng = random.Random(seed)
    rows = []
    for group in groups:
        row = Tally()
        for person in people_of(group, count, rng):
            row.people += 1
            for model in MODELS:
                row.matched[model] += matched(person, model)
        rows.append((group, row))
    return rows


def table(rows: list[tuple[Group, Tally]], *, markdown: bool, title: str) -> str:
    head = ("rule", "kind", "people", *MODELS)
    lines = [title, ""]
    body = [
        (group.rule, group.kind, str(row.people), *(str(row.matched[m]) for m in MODELS))
        for group, row in rows
    ]
    if markdown:
        lines.append("| " + " | ".join(head) + " |")
        lines.append("|" + "|".join(["---"] * 2 + ["---:"] * (len(head) - 2)) + "|")
        lines += ["| " + " | ".join(cells) + " |" for cells in body]
    else:
        widths = [max(len(r[i]) for r in [head, *body]) for i in range(len(head))]
        for cells in [head, *body]:
            lines.append(
                "  ".join(
                    c.ljust(w) if i < 2 else c.rjust(w)
                    for i, (c, w) in enumerate(zip(cells, widths, strict=True))
                )
            )
    must_not = [(g, r) for g, r in rows if g.kind not in (CONTROL, RESTS_ON_THE_MODEL)]
    wrong = {m: sum(r.matched[m] for _, r in must_not) for m in MODELS}
    lines += ["", f"wrong matches on rules the reader checks itself: {wrong}"]
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--per-rule", type=int, default=6, help="people per rule")
    parser.add_argument("--seed", type=int, default=17)
    parser.add_argument("--sweeps", choices=("both", "on", "off"), default="both")
    parser.add_argument("--markdown", action="store_true")
    args = parser.parse_args(argv)
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "limma.settings")
    import django

    django.setup()
    settings = {"both": (False, True), "on": (True,), "off": (False,)}[args.sweeps]
    for on in settings:
        with sweeps_set(on):
            rows = tally(GROUPS, args.per_rule, args.seed)
        title = "the reader's own sweeps " + (
            "ON (this reader)" if on else "OFF (the reader before them)"
        )
        print(table(rows, markdown=args.markdown, title=title))
        print()
    return 0


if __name__ == "__main__":
    sys.exit(main())
