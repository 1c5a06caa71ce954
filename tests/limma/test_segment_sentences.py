"""The one sentence splitter (limma.segment_sentences): where a text given without parts is cut,
by exact offsets, and where it is not cut though a full stop stands there."""

from __future__ import annotations

import pytest

from limma.segment_sentences import sentence_spans


def cut(text: str) -> list[str]:
    """The sentences as written, each checked to stand at its own offsets."""
    spans = sentence_spans(text)
    for low, high in spans:
        assert text[low:high] == text[low:high].strip() and text[low:high]
    return [text[low:high] for low, high in spans]


@pytest.mark.parametrize(
    ("text", "sentences"),
    [
        # -- titles and abbreviations: no cut ----------------------------------------------
        pytest.param("Dr. Anneke Voss led it.", ["Dr. Anneke Voss led it."], id="a_title"),
        pytest.param("Mrs. Holm and Mr. Brandt met.", ["Mrs. Holm and Mr. Brandt met."], id="two"),
        pytest.param(
            "She joined Halden Inc. Then she left.",
            ["She joined Halden Inc. Then she left."],
            id="a_company_suffix",
        ),
        pytest.param(
            "Dairy, meat, etc. are sold.",
            ["Dairy, meat, etc. are sold."],
            id="etc_before_lower_case",
        ),
        pytest.param("See No. 5 below.", ["See No. 5 below."], id="no_before_a_digit"),
        pytest.param(
            "It is on p. 4. Then more.",
            ["It is on p. 4.", "Then more."],
            id="p_then_a_number_that_ends",
        ),
        pytest.param(
            "The No. One brand.", ["The No.", "One brand."], id="no_before_a_word_is_a_word"
        ),
        pytest.param("He sold it vs. Nestle.", ["He sold it vs. Nestle."], id="versus"),
        # -- near neighbours: a word that only looks like an abbreviation ------------------
        pytest.param("She sold it. Then left.", ["She sold it.", "Then left."], id="a_plain_word"),
        pytest.param(
            "Dario sold it in the USA. He left.",
            ["Dario sold it in the USA.", "He left."],
            id="an_acronym_ends",
        ),
        pytest.param(
            "It was plan b. He left.", ["It was plan b.", "He left."], id="a_lower_case_letter_ends"
        ),
        # -- initials -----------------------------------------------------------------------
        pytest.param(
            "D. Benavente has never sold it.", ["D. Benavente has never sold it."], id="an_initial"
        ),
        pytest.param("A. P. Moller owns it.", ["A. P. Moller owns it."], id="two_initials"),
        pytest.param(
            "She moved to the U.S. Then back.",
            ["She moved to the U.S. Then back."],
            id="a_dotted_acronym",
        ),
        pytest.param("Grade A. Then B.", ["Grade A. Then B."], id="a_capital_letter_is_an_initial"),
        # -- decimals and numbers -----------------------------------------------------------
        pytest.param(
            "She led it for 2.5 years. Then left.",
            ["She led it for 2.5 years.", "Then left."],
            id="a_decimal",
        ),
        pytest.param("Version 3.1.4 shipped.", ["Version 3.1.4 shipped."], id="a_version"),
        pytest.param(
            "Steps: 1. Open it. 2. Close it.",
            ["Steps: 1. Open it.", "2. Close it."],
            id="list_numbers",
        ),
        pytest.param(
            "It grew in 2015. In 2016 it fell.",
            ["It grew in 2015.", "In 2016 it fell."],
            id="a_year_ends",
        ),
        # -- quotes and brackets ------------------------------------------------------------
        pytest.param(
            'She said "I left." Then she sold it.',
            ['She said "I left."', "Then she sold it."],
            id="a_closing_quote",
        ),
        pytest.param(
            "He said \u201cno.\u201d She agreed.",
            ["He said \u201cno.\u201d", "She agreed."],
            id="curly_quotes",
        ),
        pytest.param(
            'It ended. "Then we sold it."',
            ["It ended.", '"Then we sold it."'],
            id="an_opening_quote",
        ),
        pytest.param(
            "It ended (in 2015.) Then more.", ["It ended (in 2015.)", "Then more."], id="a_bracket"
        ),
        pytest.param(
            "It ended. \u2018Then\u2019 more.",
            ["It ended.", "\u2018Then\u2019 more."],
            id="a_single_curly_quote",
        ),
        # -- other punctuation, lines and white space ---------------------------------------
        pytest.param(
            "Did she? Yes! She did.",
            ["Did she?", "Yes!", "She did."],
            id="question_and_exclamation",
        ),
        pytest.param("Wait\u2026 She left.", ["Wait\u2026", "She left."], id="an_ellipsis"),
        pytest.param("Really?! Yes.", ["Really?!", "Yes."], id="a_run_of_marks"),
        pytest.param("It ended. and went on.", ["It ended. and went on."], id="lower_case_goes_on"),
        pytest.param(
            "One.\nTwo\n\nThree? Four!", ["One.", "Two", "Three?", "Four!"], id="line_breaks"
        ),
        pytest.param("  One.   Two.  ", ["One.", "Two."], id="outer_white_space_left_off"),
        pytest.param("", [], id="nothing"),
        pytest.param(" \n \n", [], id="only_white_space"),
    ],
)
def test_the_splitter_cuts_where_a_sentence_ends(text: str, sentences: list[str]) -> None:
    assert cut(text) == sentences


def test_offsets_are_those_of_the_text_given() -> None:
    text = "Header line\nDario has never worked on baby formula. Dr. Voss has."
    assert sentence_spans(text) == ((0, 11), (12, 51), (52, 65))


def test_a_window_of_the_text_is_cut_at_the_texts_own_offsets() -> None:
    text = "Before. Inside one. Inside two. After."
    start = text.index("Inside")
    end = text.index(" After")
    assert sentence_spans(text, start, end) == ((8, 19), (20, 31))
