"""Judging one document: every quote re-read byte for byte, typed by the vocabulary or the typing
call, a length granted by the one closed form only (every other handed on with its closed words
of why), and a would-be match confirmed by ONE second call answering each of its conditions.
Pure: no database, no model.

The documents are small versions of the spec's PEOPLE; the reading model's replies are written
by hand, and the two narrower calls are scripted by Script, which also counts them. Each document
is judged as the person its reply names as the subject.
"""

from __future__ import annotations

import unicodedata
from datetime import date

import pytest

from criteria.criterion.address import QUOTE_TAKEN_OUT, READER_SWITCHES
from criteria.rules.names.quotes_taken_out import QUOTE_COMPLEMENT_OF_ANOTHER_THING
from criteria.types import (
    DIFFERENT,
    DURATION_BELOW_THRESHOLD,
    DURATION_UNKNOWN,
    LENGTH_NOT_PROVED,
    QUOTE_NOT_IN_DOCUMENT,
    QUOTE_OUTSIDE_EXPERIENCE,
    RECENCY,
    SILENT,
    TYPER_AND_VOCABULARY_DISAGREE,
    DocumentJudgment,
    Facet,
)
from limma.door.shapes import ReadReply, SecondCallRequest, TypingReply
from limma.vocabulary import Term
from tests.criteria.niche import FUNCTION, MARKET, PRODUCT
from tests.criteria.reading.scripted import (
    GRETA,
    GRETA_QUOTES,
    GRETA_SENTENCES,
    NICHE,
    VOCABULARY,
    Script,
    checked_by,
    granted,
    greta,
    judge,
    one_call,
    only,
    reply,
)

# -- a would-be match ------------------------------------------------------------------------


def test_a_would_be_match_is_confirmed_by_one_call_answering_each_condition():
    script = Script()
    experience = only(judge(GRETA, greta(), script))

    # The length is granted by the closed form, quoting the count's words; no model checks it.
    assert checked_by(experience) == {
        "duration": None,
        "function": "vocabulary+second_call",
        "product": "second_call",
        "market": "vocabulary+second_call",
    }
    assert granted(experience) == (
        "for more than 20 years",
        GRETA.index("for more than 20 years"),
        None,
    )
    assert experience.established["function"].value == "Marketing"
    assert experience.established["market"].value == "Europe"
    assert experience.established["product"].states == "baby formula"
    assert experience.missing_because == {}
    assert experience.lengths_not_proved == ()
    # ONE second call for the experience, shown the person and the experience's sentences, and
    # per condition (none for the length) its key, the facet's words and the quote.
    assert script.second_calls == [
        SecondCallRequest(
            person="Greta Ostrander",
            sentences=GRETA_SENTENCES,
            conditions=[
                {
                    "key": "function",
                    "condition": "marketing",
                    "quote": "led marketing for baby formula",
                },
                {"key": "product", "condition": "baby formula", "quote": "baby formula"},
                {
                    "key": "market",
                    "condition": "in European markets",
                    "quote": "across Germany and Poland",
                },
            ],
        )
    ]
    assert script.typing_calls == []


# -- quotes the document does not hold where the reply says -------------------------------


@pytest.mark.parametrize(
    "quote",
    [
        pytest.param("across Germany and Polend", id="one_character_changed"),
        pytest.param("across Germany  and Poland", id="different_spacing"),
        pytest.param("Across Germany and Poland", id="different_case"),
        pytest.param("across Germany and Poland.", id="a_full_stop_the_text_lacks"),
    ],
)
def test_a_quote_not_in_the_document_establishes_nothing(quote):
    script = Script()
    experience = only(judge(GRETA, greta(market=(quote, "Germany and Poland")), script))

    assert experience.missing_because["market"] == QUOTE_NOT_IN_DOCUMENT
    assert "market" not in experience.established
    # No longer a would-be match: no second call; the rest stays as placed.
    assert script.second_calls == []
    assert checked_by(experience) == {"duration": None, "function": "vocabulary", "product": None}


KASPER = (
    "Kasper Vandenberg sold baby formula for Brightwell Nutrition across Belgium and France.\n"
    "In 2019 he moved on to a role leading marketing for pet food.\n"
    "Kasper Vandenberg did this for more than 20 years.\n"
)


def test_a_quote_from_a_later_role_is_outside_the_experience():
    read = reply(
        [
            (
                {
                    "function": ("leading marketing", "marketing"),
                    "product": ("baby formula", "baby formula"),
                    "market": ("across Belgium and France", "Belgium and France"),
                    "duration": ("for more than 20 years", "more than 20 years"),
                },
                [KASPER.splitlines()[0], KASPER.splitlines()[2]],
            )
        ],
        subject="Kasper Vandenberg",
    )
    script = Script()
    experience = only(judge(KASPER, read, script))

    assert experience.missing_because == {
        "duration": LENGTH_NOT_PROVED,
        "function": QUOTE_OUTSIDE_EXPERIENCE,
    }
    assert checked_by(experience) == {"product": None, "market": "vocabulary"}
    assert script.second_calls == []


def test_a_sentence_the_text_does_not_hold_is_dropped_from_the_experience():
    paraphrased = "She led marketing for baby formula in Germany and Poland until 2023."
    read = reply([(GRETA_QUOTES, [GRETA_SENTENCES[0], paraphrased, GRETA_SENTENCES[2]])])
    script = Script()
    experience = only(judge(GRETA, read, script))

    # The quotes stand in the document, but in no sentence the experience still holds; an
    # experience that establishes no condition hands no length on, and the closed form no longer
    # stands right behind a sentence of the experience, so it grants nothing either.
    assert experience.missing_because == {
        "duration": DURATION_UNKNOWN,
        "function": QUOTE_OUTSIDE_EXPERIENCE,
        "product": QUOTE_OUTSIDE_EXPERIENCE,
        "market": QUOTE_OUTSIDE_EXPERIENCE,
    }
    assert experience.established == {} and experience.lengths_not_proved == ()
    assert script.second_calls == []


def test_a_quote_that_runs_across_two_sentences_is_outside_the_experience():
    across = "until 2023.\nGreta has done"
    experience = only(judge(GRETA, greta(product=(across, "baby formula"))))
    assert experience.missing_because["product"] == QUOTE_OUTSIDE_EXPERIENCE


# -- a typed condition held to the vocabulary ----------------------------------------------

NIKOLAI = (
    "Nikolai Wierzbicki led marketing for baby formula across Southeast Asia.\n"
    "Nikolai has done this work for 22 years.\n"
)


def test_a_value_the_vocabulary_places_outside_the_condition_is_different():
    read = reply(
        [
            (
                {
                    "function": ("led marketing for baby formula", "marketing"),
                    "product": ("baby formula", "baby formula"),
                    "market": ("across Southeast Asia", "Southeast Asia"),
                    "duration": ("for 22 years", "22 years"),
                },
                NIKOLAI.splitlines(),
            )
        ],
        subject="Nikolai Wierzbicki",
    )
    script = Script()
    experience = only(judge(NIKOLAI, read, script))

    assert experience.missing_because == {"market": DIFFERENT}
    (other,) = experience.different
    assert (other.facet, other.text, other.states, other.value) == (
        "market",
        "across Southeast Asia",
        "Southeast Asia",
        "Southeast Asia",
    )
    # His own length is the closed form and is granted; the other market alone keeps him open.
    assert granted(experience) == ("for 22 years", NIKOLAI.index("for 22 years"), None)
    assert experience.lengths_not_proved == ()
    assert script.second_calls == [] and script.typing_calls == []


SILVIO = (
    "Silvio Calderoni is a structural engineer.\n"
    "He designed packaging lines for baby formula plants across Italy.\n"
    "Silvio has done this work for 25 years.\n"
)
SILVIO_CONDITIONS = {
    "function": ("is a structural engineer", "structural engineering"),
    "product": ("baby formula", "baby formula"),
    "market": ("across Italy", "Italy"),
    "duration": ("for 25 years", "25 years"),
}


def silvio(conditions: dict[str, tuple[str | None, str | None]]) -> ReadReply:
    return reply([(conditions, SILVIO.splitlines())], subject="Silvio Calderoni")


def test_a_title_the_typing_call_places_outside_the_condition_is_different(monkeypatch):
    # His product stands only as the complement of another thing ("packaging lines for baby
    # formula"): with the reader's own refusal of such a quote no typing call is paid at all
    # (below); this test is of the typing call, so that refusal is switched off here.
    monkeypatch.setitem(READER_SWITCHES, QUOTE_TAKEN_OUT, False)
    script = Script(typing=TypingReply(term="Engineering", words="structural engineer"))
    experience = only(judge(SILVIO, silvio(SILVIO_CONDITIONS), script))

    assert experience.missing_because["function"] == DIFFERENT
    (other,) = experience.different
    assert (other.text, other.value, other.checked_by) == (
        "structural engineer",
        "Engineering",
        "typing_call",
    )
    assert experience.typing == (
        {"words": "structural engineer", "term": "Engineering", "axis": "function"},
    )
    assert script.second_calls == []


def test_a_product_quoted_out_of_another_thing_leaves_the_title_untyped():
    script = Script(typing=TypingReply(term="Engineering", words="structural engineer"))
    experience = only(judge(SILVIO, silvio(SILVIO_CONDITIONS), script))

    assert experience.missing_because["product"] == QUOTE_COMPLEMENT_OF_ANOTHER_THING
    assert experience.missing_because["function"] == "typing_call:not_made"
    assert script.typing_calls == [] and script.second_calls == []


def test_no_typing_call_for_an_experience_that_could_not_match():
    silent = SILVIO_CONDITIONS | {"product": (None, None), "market": (None, None)}
    script = Script(typing="Engineering")
    experience = only(judge(SILVIO, silvio(silent), script))

    # Nothing established: no typing call, and his length is not handed on (the spec's Silvio).
    assert experience.missing_because == {
        "duration": DURATION_UNKNOWN,
        "function": "typing_call:not_made",
        "product": SILENT,
        "market": SILENT,
    }
    assert script.typing_calls == [] and script.second_calls == []
    assert experience.typing == () and experience.lengths_not_proved == ()


MAREN = (
    "Maren Lund ran the brand team for baby formula across Norway and Sweden.\n"
    "Maren has done this work for more than 20 years.\n"
)
MAREN_CONDITIONS = {
    "function": ("ran the brand team", "brand team"),
    "product": ("baby formula", "baby formula"),
    "market": ("across Norway and Sweden", "Norway and Sweden"),
    "duration": ("for more than 20 years", "more than 20 years"),
}


def maren(
    text: str = MAREN, conditions: dict[str, tuple[str | None, str | None]] = MAREN_CONDITIONS
) -> ReadReply:
    return reply([(conditions, text.splitlines())], subject="Maren Lund")


@pytest.mark.parametrize(
    ("typed", "words", "checked"),
    [
        pytest.param(
            "Marketing",
            "ran the brand team",
            "typing_call+second_call",
            id="a_bare_term_points_at_the_quote",
        ),
        pytest.param(
            TypingReply(term="Marketing", words="brand team"),
            "brand team",
            "typing_call+second_call",
            id="the_reply_points_at_its_own_words",
        ),
        pytest.param(
            TypingReply(term="Marketing", words="ran the brand team for baby formula"),
            "ran the brand team for baby formula",
            "typing_call+second_call",
            id="words_reaching_past_the_quote",
        ),
    ],
)
def test_a_bare_title_is_typed_by_the_typing_call(typed, words, checked):
    script = Script(typing=typed)
    experience = only(judge(MAREN, maren(), script))

    function = experience.established["function"]
    assert (function.text, function.value, function.checked_by) == (words, "Marketing", checked)
    assert experience.typing == ({"words": words, "term": "Marketing", "axis": "function"},)
    # Shown the experience's own sentences and the axis's terms, never the criterion.
    ((sentences, axis, terms),) = script.typing_calls
    assert sentences == MAREN.splitlines() and axis == "function"
    assert terms == [term.name for term in VOCABULARY.terms("function")]
    assert NICHE not in repr(script.typing_calls) and "baby formula" not in terms
    assert [quote for _, _, quote in one_call(script)] == [
        words,
        "baby formula",
        "across Norway and Sweden",
    ]


HEAD_OF_BRAND = (
    "Maren Lund was Head of Brand at Fjordmat; she ran the brand marketing team for baby formula "
    "across Norway and Sweden.\n"
    "Maren has done this work for more than 20 years.\n"
)


def test_the_vocabulary_agreeing_with_the_typer_on_its_words_is_said():
    conditions = MAREN_CONDITIONS | {"function": ("Head of Brand", "Head of Brand")}
    script = Script(typing=TypingReply(term="Marketing", words="brand marketing team"))
    experience = only(judge(HEAD_OF_BRAND, maren(HEAD_OF_BRAND, conditions), script))

    function = experience.established["function"]
    assert (function.text, function.checked_by) == (
        "brand marketing team",
        "vocabulary+typing_call+second_call",
    )


CCO = (
    "Maren Lund is Chief Commercial Officer of Fjordmat, overseeing marketing, sales and finance "
    "for baby formula across Norway and Sweden.\n"
    "Maren has done this work for more than 20 years.\n"
)
GENERAL_MANAGEMENT = VOCABULARY.extended(
    [Term("function", "General Management", aliases=("overseeing marketing, sales and finance",))]
)


@pytest.mark.parametrize(
    "vocabulary",
    [
        pytest.param(VOCABULARY, id="the_vocabulary_reads_sales_and_finance_beside_marketing"),
        pytest.param(GENERAL_MANAGEMENT, id="a_workspace_vocabulary_reads_general_management"),
    ],
)
def test_a_typer_the_vocabulary_contradicts_establishes_nothing(vocabulary):
    conditions = MAREN_CONDITIONS | {"function": ("Chief Commercial Officer", "CCO")}
    words = "overseeing marketing, sales and finance"
    script = Script(typing=TypingReply(term="Marketing", words=words))
    experience = only(judge(CCO, maren(CCO, conditions), script, vocabulary=vocabulary))

    assert experience.missing_because["function"] == TYPER_AND_VOCABULARY_DISAGREE
    assert "function" not in experience.established and experience.different == ()
    assert experience.typing == ({"words": words, "term": "Marketing", "axis": "function"},)
    assert script.second_calls == []


@pytest.mark.parametrize(
    ("typed", "because"),
    [
        pytest.param(None, "typing_call:failed", id="the_call_failed"),
        pytest.param(
            TypingReply(term=None, words=None), "typing_call:no_term", id="the_call_names_no_term"
        ),
        pytest.param(
            "Brand Stewardship", "typing_call:no_term", id="the_call_names_no_term_of_the_axis"
        ),
        pytest.param(
            TypingReply(term="Marketing", words="ran the brand crew"),
            QUOTE_NOT_IN_DOCUMENT,
            id="its_words_are_not_in_the_document",
        ),
    ],
)
def test_a_typing_call_that_names_nothing_usable_establishes_nothing(typed, because):
    script = Script(typing=typed)
    experience = only(judge(MAREN, maren(), script))

    assert experience.missing_because["function"] == because
    assert len(experience.typing) == 1 and script.second_calls == []


# -- the second call -----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("answer", "because"),
    [
        pytest.param(("yes", "another_role"), "second_call:another_role", id="another_role"),
        pytest.param(("no", "not_the_person"), "second_call:not_the_person", id="not_the_person"),
        pytest.param(
            ("yes", "beside_the_work"), "second_call:beside_the_work", id="beside_the_work"
        ),
        pytest.param(("no", None), "second_call:no", id="no"),
        pytest.param(("unsure", "own_work"), "second_call:unsure", id="unsure"),
        pytest.param(None, "second_call:failed", id="its_key_left_unanswered"),
    ],
)
def test_a_second_call_that_does_not_confirm_leaves_the_condition_open(answer, because):
    script = Script(second={"marketing": answer})
    experience = only(judge(GRETA, greta(), script))

    # Greta's length is granted: the condition refused (or not answered) is the only thing
    # open; the other two are confirmed by the same one call.
    assert experience.missing_because == {"function": because}
    assert checked_by(experience) == {
        "duration": None,
        "product": "second_call",
        "market": "vocabulary+second_call",
    }
    assert [key for key, _, _ in one_call(script)] == ["function", "product", "market"]


def test_a_failed_second_call_leaves_every_condition_it_asked_open():
    script = Script(second_fails=True)
    experience = only(judge(GRETA, greta(), script))

    assert experience.missing_because == {
        "function": "second_call:failed",
        "product": "second_call:failed",
        "market": "second_call:failed",
    }
    assert checked_by(experience) == {"duration": None}
    assert len(script.second_calls) == 1


@pytest.mark.parametrize(
    ("extra", "second", "because"),
    [
        pytest.param(
            [{"key": "channel", "answer": "no", "role": None}],
            {},
            {},
            id="an_answer_for_a_key_not_asked_is_ignored",
        ),
        pytest.param(
            [{"key": "PRODUCT", "answer": "no", "role": "not_the_person"}],
            {"baby formula": None},
            {"product": "second_call:not_the_person"},
            id="a_key_in_another_case_is_its_condition",
        ),
        pytest.param(
            [{"key": "product", "answer": "no", "role": "another_role"}],
            {},
            {"product": "second_call:failed"},
            id="a_key_answered_two_ways_is_unanswered",
        ),
        pytest.param(
            [{"key": "product", "answer": "yes", "role": "own_work"}],
            {},
            {},
            id="a_key_answered_twice_alike_is_answered",
        ),
    ],
)
def test_each_condition_is_settled_by_its_own_keys_answer_alone(extra, second, because):
    script = Script(second=second, extra=extra)
    experience = only(judge(GRETA, greta(), script))

    assert experience.missing_because == because
    assert set(experience.established) == {"duration", "function", "product", "market"} - set(
        because
    )


def test_a_yes_without_a_role_confirms():
    script = Script(second={"baby formula": ("yes", None)})
    experience = only(judge(GRETA, greta(), script))
    assert experience.established["product"].checked_by == "second_call"


def test_a_typed_title_the_second_call_refuses_keeps_its_typing_entry():
    script = Script(typing="Marketing", second={"marketing": None})
    experience = only(judge(MAREN, maren(), script))
    assert experience.missing_because["function"] == "second_call:failed"
    assert experience.typing == (
        {"words": "ran the brand team", "term": "Marketing", "axis": "function"},
    )


@pytest.mark.parametrize(
    ("changed", "length", "because"),
    [
        pytest.param(
            {"product": (None, None), "market": ("across Southeast Asia", "SE Asia")},
            GRETA_SENTENCES[2],
            None,
            id="short_of_two_conditions",
        ),
        pytest.param(
            {"product": (None, None)}, GRETA_SENTENCES[2], None, id="short_of_one_condition"
        ),
        pytest.param({"duration": (None, None)}, None, DURATION_UNKNOWN, id="no_length_stated"),
        pytest.param(
            {"duration": ("for more than 20 years", "more than 20 years")},
            "Greta led marketing for baby formula for more than 20 years.",
            LENGTH_NOT_PROVED,
            id="a_length_handed_on_is_never_granted_later",
        ),
    ],
)
def test_no_second_call_for_an_experience_that_is_no_would_be_match(changed, length, because):
    text = GRETA.replace("Germany and Poland", "Germany and Poland, later across Southeast Asia,")
    text = text.replace(GRETA_SENTENCES[2] + "\n", "" if length is None else length + "\n")
    sentences = text.splitlines()
    script = Script()
    experience = only(judge(text, reply([(GRETA_QUOTES | changed, sentences)]), script))

    assert experience.missing_because.get("duration") == because
    assert script.second_calls == []
    assert experience.established["function"].checked_by == "vocabulary"


# -- lengths: granted by the one closed form only, every other handed on; recency never ------


@pytest.mark.parametrize(
    ("sentence", "quote"),
    [
        pytest.param(
            "Greta has done this work for more than 20 years.",
            "for more than 20 years",
            id="more_than",
        ),
        pytest.param(
            "Greta Ostrander has done this work for more than 20 years.",
            "for more than 20 years",
            id="her_full_name",
        ),
        pytest.param("Greta has done this work for 22 years.", "for 22 years", id="exactly"),
        pytest.param(
            "Greta has done this work for about 22 years.",
            "for about 22 years",
            id="about_is_two_fewer_and_still_twenty",
        ),
        pytest.param(
            "Greta has done this work for twenty-two years.", "for twenty-two years", id="in_words"
        ),
        pytest.param(
            "Greta has done this work since 2001.", "since 2001", id="since_in_a_dated_document"
        ),
        pytest.param(
            "Greta did this work from March 2001 to May 2023.",
            "from March 2001 to May 2023",
            id="from_to",
        ),
    ],
)
def test_the_closed_form_grants_the_length_quoting_its_count(sentence, quote):
    text = GRETA.replace(GRETA_SENTENCES[2], sentence)
    read = reply([(GRETA_QUOTES | {"duration": (quote, quote)}, text.splitlines())])
    script = Script()
    experience = only(judge(text, read, script, as_of=date(2024, 3, 1)))

    assert granted(experience) == (quote, text.index(quote), None)
    assert experience.missing_because == {} and experience.lengths_not_proved == ()
    # A full would-be match: every condition asked in one call, the length by nobody.
    assert [quote for _, _, quote in one_call(script)] == [
        "led marketing for baby formula",
        "baby formula",
        "across Germany and Poland",
    ]


@pytest.mark.parametrize(
    ("sentence", "quote", "years", "bound", "why"),
    [
        pytest.param(
            "Greta led marketing for baby formula for more than 20 years.",
            "for more than 20 years",
            20.0,
            "at_least",
            ["not_in_the_closed_form"],
            id="more_than",
        ),
        pytest.param(
            "Greta has marketed baby formula for 20+ years.",
            "for 20+ years",
            20.0,
            "at_least",
            ["not_in_the_closed_form"],
            id="n_plus",
        ),
        pytest.param(
            "Greta led marketing for baby formula for 22 years.",
            "for 22 years",
            22.0,
            "exactly",
            ["not_in_the_closed_form"],
            id="exactly",
        ),
        pytest.param(
            "Greta led marketing for baby formula for about 22 years.",
            "for about 22 years",
            20.0,
            "about",
            ["not_in_the_closed_form"],
            id="about_is_two_fewer",
        ),
        pytest.param(
            "Greta has done this work for two decades.",
            "for two decades",
            20.0,
            "exactly",
            ["more_than_the_closed_form"],
            id="decades",
        ),
        pytest.param(
            "Greta led marketing for baby formula for twenty-two years.",
            "for twenty-two years",
            22.0,
            "exactly",
            ["not_in_the_closed_form"],
            id="in_words",
        ),
        pytest.param(
            "Greta has led this work since 2001.",
            "since 2001",
            22.25,
            "period",
            ["more_than_the_closed_form"],
            id="since_to_the_documents_date",
        ),
        pytest.param(
            "Greta led marketing for baby formula from March 2001 to May 2023.",
            "from March 2001 to May 2023",
            22.17,
            "period",
            ["not_in_the_closed_form"],
            id="from_to",
        ),
        pytest.param(
            "She has done this work for more than 20 years.",
            "for more than 20 years",
            20.0,
            "at_least",
            ["behind_a_pronoun"],
            id="behind_a_pronoun",
        ),
        pytest.param(
            "Ostrander has done this work for more than 20 years.",
            "for more than 20 years",
            20.0,
            "at_least",
            ["name_not_proved"],
            id="her_family_name_alone",
        ),
        pytest.param(
            "Greta has done this work for nearly 23 years.",
            "for nearly 23 years",
            None,
            None,
            ["count_not_bounded"],
            id="nearly_bounds_nothing",
        ),
        pytest.param(
            "Greta did this work for 18 months.",
            "for 18 months",
            None,
            None,
            ["more_than_the_closed_form", "count_not_bounded"],
            id="another_unit",
        ),
        pytest.param(
            "Greta has done this work for years.",
            "for years",
            None,
            None,
            ["more_than_the_closed_form", "count_not_bounded"],
            id="no_count",
        ),
    ],
)
def test_a_length_is_handed_on_with_the_count_its_words_write(sentence, quote, years, bound, why):
    text = GRETA.replace(GRETA_SENTENCES[2], sentence)
    read = reply([(GRETA_QUOTES | {"duration": (quote, quote)}, text.splitlines())])
    experience = only(judge(text, read, as_of=date(2024, 3, 1)))

    assert experience.missing_because == {"duration": LENGTH_NOT_PROVED}
    assert "duration" not in experience.established
    (length,) = experience.lengths_not_proved
    assert (length["text"], length["years"], length["bound"]) == (sentence, years, bound)
    assert (length["why"], length["kept_as"]) == (why, "doubt")
    assert (length["facet"], length["source_id"]) == ("duration", "doc-1")
    assert (length["char_start"], length["char_end"]) == (
        text.index(sentence),
        text.index(sentence) + len(sentence),
    )


@pytest.mark.parametrize(
    ("sentence", "why"),
    [
        pytest.param(
            "Greta has led this work since 2001.",
            ["more_than_the_closed_form", "dates_not_usable"],
            id="in_other_words",
        ),
        pytest.param(
            "Greta has done this work since 2001.", ["dates_not_usable"], id="in_the_closed_form"
        ),
    ],
)
def test_an_open_period_in_a_document_with_no_date_bounds_nothing(sentence, why):
    text = GRETA.replace(GRETA_SENTENCES[2], sentence)
    read = reply([(GRETA_QUOTES | {"duration": ("since 2001", "since 2001")}, text.splitlines())])
    experience = only(judge(text, read))
    assert experience.missing_because == {"duration": LENGTH_NOT_PROVED}
    (length,) = experience.lengths_not_proved
    assert (length["text"], length["years"], length["bound"]) == (sentence, None, None)
    assert length["why"] == why


def test_a_length_that_contradicts_the_experiences_start_is_handed_on():
    # The opening sentence dates her start 2001, the reply 2021: the earlier is used (below), so
    # this check of the reply's own start reads a profile whose opening states no date.
    text = GRETA.replace(" in 2001", "")
    sentences = [each.replace(" in 2001", "") for each in GRETA_SENTENCES]
    read = reply([(GRETA_QUOTES, sentences)], period=("2021", None))
    experience = only(judge(text, read, as_of=date(2024, 3, 1)))
    assert experience.missing_because == {"duration": LENGTH_NOT_PROVED}
    (length,) = experience.lengths_not_proved
    assert (length["text"], length["why"]) == (sentences[2], ["contradicts_its_start"])
    assert "start" not in length  # the reply's start, and the reader read none


def test_where_the_reply_and_the_opening_sentence_disagree_the_earlier_start_is_used():
    read = reply([(GRETA_QUOTES, GRETA_SENTENCES)], period=("2021", None))
    experience = only(judge(GRETA, read, as_of=date(2024, 3, 1)))
    granted = experience.established["duration"]
    assert granted.start == {"used": "2001", "by": "reader", "reported": "2021", "read": "2001"}


def test_a_length_outside_the_listed_sentences_is_handed_on_with_its_whole_sentence():
    lines = GRETA.splitlines(keepends=True)[:2]
    text = (
        "".join(lines)
        + "She holds an MBA. Greta has done this work for 21 years. She lives in Oslo.\n"
    )
    read = reply([(GRETA_QUOTES | {"duration": ("for 21 years", "21 years")}, GRETA_SENTENCES[:2])])
    experience = only(judge(text, read))
    assert experience.missing_because == {"duration": LENGTH_NOT_PROVED}
    (length,) = experience.lengths_not_proved
    assert (length["text"], length["years"], length["why"]) == (
        "Greta has done this work for 21 years.",
        21.0,
        ["pointer_not_proved", "outside_the_experience"],
    )


@pytest.mark.parametrize(
    "quote",
    [
        pytest.param(None, id="no_quote"),
        pytest.param("for more than 25 years", id="a_quote_not_in_it"),
    ],
)
def test_a_length_not_stated_is_duration_unknown_and_not_handed_on(quote):
    # Greta's profile without its length sentence: nothing states a length of her work.
    text = "".join(GRETA.splitlines(keepends=True)[:2])
    read = reply([(GRETA_QUOTES | {"duration": (quote, quote)}, GRETA_SENTENCES[:2])])
    experience = only(judge(text, read))
    assert experience.missing_because == {"duration": DURATION_UNKNOWN}
    assert "duration" not in experience.established
    assert experience.lengths_not_proved == ()


LOGISTICS = (
    "Greta Ostrander runs logistics for a shipping firm in Rotterdam.\n"
    "Greta has run logistics for 22 years.\n"
)


@pytest.mark.parametrize(
    ("text", "experience", "quote"),
    [
        pytest.param(
            GRETA.replace(
                GRETA_SENTENCES[2], "Before that, Greta had spent 22 years at another employer."
            ),
            GRETA_QUOTES,
            "22 years",
            id="years_at_another_organisation",
        ),
        pytest.param(
            GRETA.replace(GRETA_SENTENCES[2], "Greta has spent 22 years at a pet food company."),
            GRETA_QUOTES,
            "22 years",
            id="years_at_an_organisation_the_sentence_leaves_unnamed",
        ),
        pytest.param(
            LOGISTICS,
            {"function": (None, None), "product": (None, None), "market": (None, None)},
            "for 22 years",
            id="an_experience_that_establishes_no_condition",
        ),
        pytest.param(
            GRETA.replace(
                GRETA_SENTENCES[2], "Tom Brandt has done this work for more than 20 years."
            ),
            GRETA_QUOTES,
            "for more than 20 years",
            id="another_persons_full_name_leads_it",
        ),
    ],
)
def test_a_length_that_is_not_this_experiences_is_not_handed_on(text, experience, quote):
    conditions = experience | {"duration": (quote, quote)}
    read = reply([(conditions, text.splitlines())])
    judged = only(judge(text, read, as_of=date(2024, 3, 1)))
    assert judged.missing_because["duration"] == DURATION_UNKNOWN
    assert judged.lengths_not_proved == ()


def test_the_closed_form_under_the_threshold_is_below_it_and_not_handed_on():
    text = GRETA.replace(GRETA_SENTENCES[2], "Greta has done this work for 15 years.")
    read = reply([(GRETA_QUOTES | {"duration": ("for 15 years", "15 years")}, text.splitlines())])
    script = Script()
    experience = only(judge(text, read, script))

    assert experience.missing_because == {"duration": DURATION_BELOW_THRESHOLD}
    assert experience.lengths_not_proved == ()
    assert script.second_calls == []


CURRENTLY = Facet(key="recency", kind=RECENCY, text="currently", current=True)


SINCE = "She has led marketing for baby formula across Germany and Poland since 2001."
UNDATED = "She led marketing for baby formula across Germany and Poland."


@pytest.mark.parametrize(
    ("sentence", "period", "because", "asked"),
    [
        pytest.param(SINCE, ("2001", None), "recency_to_decide", 3, id="since_is_decided_later"),
        pytest.param(GRETA_SENTENCES[1], ("2001", "2023"), "profile_says_ended", 0, id="ended"),
        pytest.param(UNDATED, None, "recency_not_proved", 0, id="a_date_that_claims_nothing"),
    ],
)
def test_a_recency_is_decided_when_the_lists_are_built(sentence, period, because, asked):
    """A read never grants a recency: the request's as_of decides it
    (criteria/rules/recency/timing.py). It stores it as to be decided where some as_of grants it — a
    would-be match, asked its second call — and otherwise the reason no as_of turns into a grant."""
    text = GRETA.replace(GRETA_SENTENCES[1], sentence)
    sentences = [GRETA_SENTENCES[0], sentence, GRETA_SENTENCES[2]]
    read = reply([(GRETA_QUOTES | {"recency": ("currently", None)}, sentences)], period=period)
    script = Script()
    experience = only(judge(text, read, script, facets=(CURRENTLY, FUNCTION, PRODUCT, MARKET)))
    assert experience.missing_because == {"recency": because}
    assert "recency" not in experience.established
    assert experience.timing is not None and experience.timing["words"] == sentences
    assert len(script.second_calls) == min(asked, 1)
    assert sum(len(call.conditions) for call in script.second_calls) == asked


def test_a_recency_no_sentence_writes_a_time_for_is_silent():
    sentences = ["Greta Ostrander is a marketing director.", UNDATED]
    text = "\n".join(sentences) + "\n"
    read = reply([(GRETA_QUOTES | {"recency": ("currently", None)}, sentences)])
    script = Script()
    experience = only(judge(text, read, script, facets=(CURRENTLY, FUNCTION, PRODUCT, MARKET)))
    assert experience.missing_because == {"recency": SILENT}
    assert script.second_calls == []


# -- denials: firm only when the named person's own, else doubts ----------------------------

INGRID = (
    GRETA
    + "The role is broader than the profile says. She has never worked on baby formula herself.\n"
)


@pytest.mark.parametrize(
    ("key", "facet"),
    [
        pytest.param("product", "product", id="the_criterions_key"),
        pytest.param("PRODUCT", "product", id="its_key_in_another_case"),
        pytest.param("baby formula", "product", id="another_key_goes_to_the_condition_it_names"),
        pytest.param(None, "product", id="no_key_goes_to_the_condition_the_sentence_names"),
    ],
)
def test_a_denial_found_in_the_document_is_kept_as_a_doubt(key, facet):
    words = "She has never worked on baby formula herself."
    read = reply([(GRETA_QUOTES, GRETA_SENTENCES)], denials=[(words, key)])
    (denial,) = judge(INGRID, read).denials

    assert (denial.facet, denial.text, denial.kept_as, denial.denies) == (
        facet,
        words,
        "doubt",
        False,
    )


def test_the_named_persons_own_denial_is_firm_and_anothers_or_words_not_in_the_text_set_aside():
    text = (
        GRETA
        + "Greta has never worked on baby formula.\n"
        + "Tom Brandt has never worked on baby formula.\n"
    )
    read = reply(
        [(GRETA_QUOTES, GRETA_SENTENCES)],
        denials=[
            ("Greta has never worked on baby formula.", "product"),
            ("Greta never worked on baby formula.", "product"),
            ("", "product"),
            ("Tom Brandt has never worked on baby formula.", "product"),
        ],
    )
    (denial,) = judge(text, read).denials
    assert denial.denies and denial.kept_as is None
    assert denial.text == "Greta has never worked on baby formula."


# -- adversarial -----------------------------------------------------------------------------

SOREN = (
    "🍼 Søren Ødegård führte das Marketing: he led marketing for baby formula across Österreich.\n"
    "Søren has done this work for more than 20 years.\n"
)
SOREN_NAME = "Søren Ødegård"


def test_accents_and_astral_characters_keep_exact_offsets():
    conditions = {
        "function": ("led marketing for baby formula", "marketing"),
        "product": ("baby formula", "baby formula"),
        "market": ("across Österreich", "Österreich"),
        "duration": ("for more than 20 years", "more than 20 years"),
    }
    experience = only(judge(SOREN, reply([(conditions, SOREN.splitlines())], subject=SOREN_NAME)))
    market = experience.established["market"]
    assert market.checked_by == "vocabulary+second_call"
    assert market.char_start == SOREN.index("across Österreich")
    # His given name, accents and all, leads the closed form: the length is granted in place.
    assert granted(experience) == (
        "for more than 20 years",
        SOREN.index("for more than 20 years"),
        None,
    )


def test_a_quote_in_another_unicode_form_is_not_the_documents():
    decomposed = unicodedata.normalize("NFD", "across Österreich")
    assert decomposed != "across Österreich"
    conditions = {"market": (decomposed, "Österreich")}
    experience = only(judge(SOREN, reply([(conditions, SOREN.splitlines())], subject=SOREN_NAME)))
    assert experience.missing_because["market"] == QUOTE_NOT_IN_DOCUMENT


def test_a_quote_that_appears_twice_is_taken_inside_the_experience():
    text = "Greta began on the baby formula help desk at Quellmark Foods.\n" + GRETA
    experience = only(judge(text, greta()))
    product = experience.established["product"]
    assert product.char_start == text.index("baby formula", text.index("She led"))
    assert product.checked_by == "second_call"


def test_a_quote_found_only_outside_the_experience_is_outside_even_when_repeated():
    text = "Baby tips: baby formula, baby formula.\n" + GRETA.replace("baby formula", "infant food")
    read = greta(function=("led marketing for infant food", "marketing"))
    experience = only(judge(text, read))
    assert experience.missing_because["product"] == QUOTE_OUTSIDE_EXPERIENCE


def test_a_sentence_listed_twice_takes_its_two_occurrences():
    line = "She led marketing for baby formula across Germany and Poland until 2023."
    text = GRETA + line + "\n"
    read = reply([(GRETA_QUOTES, [line, line, GRETA_SENTENCES[2]])])
    experience = only(judge(text, read))
    assert set(experience.established) == {"duration", "function", "product", "market"}
    assert experience.missing_because == {}


def test_an_empty_reply_judges_nothing_and_asks_nothing():
    script = Script()
    judgment = judge(GRETA, ReadReply(subject=None, experiences=[], denials=[]), script)
    assert judgment == DocumentJudgment(source_id="doc-1")
    assert script.second_calls == [] and script.typing_calls == []


@pytest.mark.parametrize("quote", [pytest.param("", id="empty"), pytest.param("   ", id="blank")])
def test_an_empty_quote_is_silent(quote):
    experience = only(judge(GRETA, greta(product=(quote, None))))
    assert experience.missing_because["product"] == SILENT


def test_a_condition_keyed_in_another_case_is_read_and_an_unknown_key_ignored():
    conditions = {
        ("Function" if key == "function" else key): value for key, value in GRETA_QUOTES.items()
    }
    read = reply([(conditions | {"flavour": ("baby", "baby")}, GRETA_SENTENCES)])
    experience = only(judge(GRETA, read))
    assert set(experience.established) == {"duration", "function", "product", "market"}
    assert experience.established["function"].text == "led marketing for baby formula"
    assert experience.missing_because == {}


def test_each_experience_is_judged_on_its_own():
    read = reply(
        [
            (GRETA_QUOTES, GRETA_SENTENCES),
            ({"function": ("led marketing for baby formula", "marketing")}, GRETA_SENTENCES[:1]),
        ]
    )
    script = Script()
    first, second = judge(GRETA, read, script).experiences
    assert set(first.established) == {"duration", "function", "product", "market"}
    assert first.missing_because == {}
    assert second.missing_because == {
        "duration": DURATION_UNKNOWN,
        "function": QUOTE_OUTSIDE_EXPERIENCE,
        "product": SILENT,
        "market": SILENT,
    }
    # Only the first is a would-be match; the second, establishing nothing, hands no length on.
    assert second.established == {} and second.lengths_not_proved == ()
    assert [key for key, _, _ in one_call(script)] == ["function", "product", "market"]
