"""Accepted names in the read: a profile that states a name the caller accepted for a condition
is settled, a vote or refused by the name's own sentence (docs/concepts.md#accepted-names-also).

Pure: judge_document over hand-written replies, the second call scripted and counted (the
helpers of test_read.py). The reading model quotes nothing for the product and says what the
profile states instead — the reply of a model that does not know the trade's word.
"""

from __future__ import annotations

import dataclasses

import pytest

from criteria.rules.names.named import Naming, name_clause, name_read
from criteria.types import DIFFERENT, QUOTE_NOT_IN_DOCUMENT
from limma.vocabulary import Vocabulary
from tests.criteria import niche
from tests.criteria.niche import FACETS
from tests.criteria.reading.scripted import Script, judge, one_call, only, reply

NAMED = tuple(
    dataclasses.replace(facet, also=("infant milks",)) if facet.key == "product" else facet
    for facet in FACETS
)


def profile(name: str, sentence: str) -> tuple[str, list[str]]:
    """A profile that states the function, the market and a granted length around `sentence`."""
    sentences = [
        f"{name} led marketing across Norway and Sweden at Fjordmeieri AS.",
        sentence,
        f"{name.split(maxsplit=1)[0]} has done this work for more than 20 years.",
    ]
    return "\n".join(sentences) + "\n", sentences


def read_of(name: str, sentences: list[str], states: str) -> object:
    return reply(
        [
            (
                {
                    "function": ("led marketing", "marketing"),
                    "product": (None, states),
                    "market": ("across Norway and Sweden", "Norway and Sweden"),
                    "duration": ("for more than 20 years", "more than 20 years"),
                },
                sentences,
            )
        ],
        subject=name,
    )


def judged(sentence: str, states: str, script: Script | None = None, *, facets=NAMED):
    text, sentences = profile("Ottoline Brandvold", sentence)
    script = script or Script()
    judgment = judge(text, read_of("Ottoline Brandvold", sentences, states), script, facets=facets)
    return only(judgment), script


@pytest.mark.parametrize(
    ("sentence", "quoted"),
    [
        (
            "Since 2015, her portfolio centred on infant milks.",
            "her portfolio centred on infant milks",
        ),
        ("She sold infant milks.", "sold infant milks"),
        ("Ottoline sold infant milks.", "sold infant milks"),
        ("Ottoline Brandvold has led infant milks.", "has led infant milks"),
        ("She was responsible for infant milks.", "was responsible for infant milks"),
        (
            "She took charge of sales for infant milks in Poland.",
            "took charge of sales for infant milks in Poland",
        ),
    ],
)
def test_a_settled_name_rests_on_the_callers_statement(sentence, quoted):
    experience, script = judged(sentence, "infant milks")
    product = experience.established["product"]
    assert product.text == quoted
    assert product.checked_by == "accepted_name+second_call"
    assert product.accepted_name == "infant milks"
    # The second call is asked about the name itself: only whose work it is, is its to say.
    assert ("product", "infant milks", quoted) in one_call(script)


@pytest.mark.parametrize(
    ("sentence", "quoted"),
    [
        ("She launched infant milks in Poland.", "launched infant milks in Poland"),
        (
            "At Fjordmeieri AS, her portfolio centred on infant milks.",
            "her portfolio centred on infant milks",
        ),
        ("She marketed veterinary infant milks.", "marketed veterinary infant milks"),
        ("She sold infant milks through pharmacies.", "sold infant milks through pharmacies"),
        ("Her rival ran infant milks.", "Her rival ran infant milks"),
    ],
)
def test_a_vote_is_decided_by_the_second_call(sentence, quoted):
    experience, script = judged(sentence, "infant milks")
    product = experience.established.get("product")
    assert product.text == quoted and product.checked_by == "second_call"
    assert product.accepted_name is None
    assert ("product", "baby formula", quoted) in one_call(script)


def test_a_vote_the_second_call_refuses_stays_open_with_its_answer():
    experience, _ = judged(
        "She launched infant milks in Poland.",
        "infant milks",
        Script(second={"baby formula": ("no", None)}),
    )
    assert "product" not in experience.established
    assert experience.missing_because["product"] == "second_call:no"


@pytest.mark.parametrize("role", ["beside_the_work", "another_role", "not_the_person"])
def test_a_settled_name_is_still_held_to_whose_work_it_is(role):
    script = Script(second={"infant milks": ("yes", role)})
    experience, _ = judged("She sold infant milks.", "infant milks", script)
    assert experience.missing_because["product"] == f"second_call:{role}"


@pytest.mark.parametrize(
    ("sentence", "states"),
    [
        ("She designed packaging for infant milks.", "infant milks"),  # complement of a thing
        ("She has never worked on infant milks.", "infant milks"),  # a denial in its sentence
        ("Her remit excluded infant milks.", "infant milks"),  # an exclusion right before it
        ("She designed packaging for infant milks.", "packaging for infant milks"),  # not the name
        ("She sold organic infant milks.", "organic infant milks"),  # a narrower thing
        ("She sold infant milks and yoghurt.", "infant milks and yoghurt"),  # a list
        ("She sold infant milk powders.", "infant milk powders"),  # one word more
    ],
)
def test_refused_or_another_name_stays_open_by_the_first_reading(sentence, states):
    experience, script = judged(sentence, states)
    assert experience.missing_because["product"] == DIFFERENT
    (different,) = experience.different
    assert different.states == states and different.accepted_name is None
    assert script.second_calls == []  # one condition open: no would-be match, nobody asked


@pytest.mark.parametrize(
    "states", ["infant milk", "the infant milks", "Infant Milks", "infant-milks"]
)
def test_the_name_is_matched_whole_a_plural_a_determiner_case_and_hyphens_aside(states):
    sentence = f"She sold {states}."
    experience, _ = judged(sentence, states)
    assert experience.established["product"].accepted_name == "infant milks"


@pytest.mark.parametrize("states", ["infant milkz", "infant mills", "infants milk"])
def test_a_name_is_never_read_up_to_a_spelling(states):
    experience, _ = judged(f"She sold {states}.", states)
    assert experience.missing_because["product"] == DIFFERENT


def test_without_the_name_the_same_words_are_different_and_nobody_is_asked():
    experience, script = judged("She sold infant milks.", "infant milks", facets=FACETS)
    assert experience.missing_because["product"] == DIFFERENT
    assert experience.different[0].text == "infant milks"
    assert script.second_calls == []


def test_stated_words_the_document_does_not_hold_are_no_quote():
    experience, _ = judged("She sold infant milks.", "infant formula")
    assert experience.missing_because["product"] == QUOTE_NOT_IN_DOCUMENT


def test_a_quoted_condition_is_read_as_quoted_and_the_name_is_not_needed():
    text, sentences = profile("Ottoline Brandvold", "She sold infant milks.")
    read = read_of("Ottoline Brandvold", sentences, "infant milks")
    conditions = dict(read.experiences[0].conditions)
    conditions["product"] = conditions["product"].model_copy(update={"quote": "sold infant milks"})
    experience = read.experiences[0].model_copy(update={"conditions": conditions})
    read = read.model_copy(update={"experiences": [experience]})
    experience = only(judge(text, read, Script(), facets=NAMED))
    assert experience.established["product"].checked_by == "second_call"
    assert experience.established["product"].accepted_name is None


def test_a_denial_of_the_accepted_name_is_the_persons_own_when_she_is_named():
    text = "Oddrun has never worked on infant milks.\n"
    read = reply([], denials=[(text.strip(), "product")], subject="Oddrun Aarvik")
    judgment = judge(text, read, facets=NAMED)
    (denial,) = judgment.denials
    assert denial.denies
    judgment = judge(text, read, facets=FACETS)  # without the name: a doubt, no more
    (denial,) = judgment.denials
    assert not denial.denies and denial.kept_as == "doubt"


@pytest.mark.parametrize(
    ("sentence", "stated", "person", "clause"),
    [
        ("She sold infant milks.", "infant milks", None, "sold infant milks"),
        (
            "At Halden, her portfolio centred on infant milks.",
            "infant milks",
            None,
            "her portfolio centred on infant milks",
        ),
        (
            "Ragnhild Storvik launched infant milks in Poland.",
            "infant milks",
            "Ragnhild Storvik",
            "launched infant milks in Poland",
        ),
        (
            "Ragnhild launched infant milks!",
            "infant milks",
            "Ragnhild Storvik",
            "launched infant milks",
        ),
        (
            "Storvik launched infant milks.",
            "infant milks",
            "Ragnhild Storvik",
            "Storvik launched infant milks",
        ),
        ("Infant milks.", "Infant milks", None, "Infant milks"),
        # a comma behind the name opens no clause
        (
            "She sold infant milks in Poland, and Sweden.",
            "infant milks",
            None,
            "sold infant milks in Poland, and Sweden",
        ),
        ("Xenia Storvik sold infant milks.", "infant milks", "Xenia Storvik", "sold infant milks"),
    ],
)
def test_the_clause_a_name_rests_on(sentence, stated, person, clause):
    start = sentence.index(stated)
    begin, end = name_clause(sentence, (start, start + len(stated)), person)
    assert sentence[begin:end] == clause


ALPINE = dataclasses.replace(niche.MARKET, also=("the Alpine cluster",))  # a typed condition


@pytest.mark.parametrize(
    ("sentence", "fate", "value", "accepted_name"),
    [
        # settled: the quote carries the condition's value and the name it rests on
        ("She led marketing across the Alpine cluster.", "settled", "Europe", "the Alpine cluster"),
        # a vote: neither; the second call decides
        ("She launched infant milks across the Alpine cluster.", "vote", None, None),
    ],
)
def test_a_read_name_says_its_fate_and_what_its_quote_rests_on(
    sentence, fate, value, accepted_name
):
    read = _read_alpine(sentence)
    assert read is not None and read.fate == fate
    assert (read.quote.value, read.quote.accepted_name) == (value, accepted_name)


@pytest.mark.parametrize(
    "sentence",
    ["She never worked across the Alpine cluster.", "She sold yoghurt, unlike the Alpine cluster."],
)
def test_a_refused_name_is_read_as_refused_with_no_quote(sentence):
    read = _read_alpine(sentence)
    assert read is not None and (read.fate, read.quote) == ("refused", None)


def _read_alpine(sentence: str):
    facets = (niche.DURATION, niche.FUNCTION, niche.PRODUCT, ALPINE)
    states = "the Alpine cluster"
    naming = Naming(
        person="Ottoline Brandvold",
        facets=facets,
        states={"market": states},
        vocabulary=Vocabulary.shipped(),
    )
    return name_read(
        source_id="doc",
        text=sentence + "\n",
        facet=ALPINE,
        states=states,
        spans=((0, len(sentence)),),
        naming=naming,
    )
