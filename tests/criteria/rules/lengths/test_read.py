"""A duration facet read in one experience, over text alone: what is granted and quoted, what
is handed on or below the threshold, and the start check 6 is held to with the reader's switch
off — each with a near neighbour."""

from __future__ import annotations

from datetime import date

import pytest

from criteria.criterion.address import READER_SWITCHES, START_FROM_PROSE
from criteria.rules.lengths.read import LengthRead, length_in_experience
from criteria.types import DURATION_BELOW_THRESHOLD, DURATION_UNKNOWN, LENGTH_NOT_PROVED, Facet

DURATION = Facet(key="duration", kind="duration", text="20+ years", min_years=20.0)
DATED = date(2024, 3, 1)
OPENING = "Ada Berg is a marketing director at Halden Foods AS."


def read(sentence: str, *, start: str | None = None, employer: str | None = None) -> LengthRead:
    """The experience of two sentences, its opening the anchor, the second reported."""
    text = f"{OPENING}\n{sentence}\n"
    first, second = (0, len(OPENING)), (len(OPENING) + 1, len(OPENING) + 1 + len(sentence))
    return length_in_experience(
        DURATION,
        source_id="doc",
        text=text,
        reported=second,
        experience=(first, second),
        anchors=(first,),
        start=start,
        document_date=DATED,
        person="Ada Berg",
        establishes_a_condition=True,
        employer=employer,
    )


@pytest.mark.parametrize(
    ("sentence", "quoted"),
    [
        ("Ada has done this work for more than 20 years.", "for more than 20 years"),
        ("Ada has done this work since 2001.", "since 2001"),
        ("Ada has done this work for 22.5 years.", "for 22.5 years"),  # a decimal point
        ("Ada has done this work for 22 years. Truly.", "for 22 years"),
        ("Ada has done this work since Jan. 2001.", "since Jan. 2001"),  # an abbreviation
    ],
)
def test_a_granted_length_quotes_its_count(sentence, quoted):
    found = read(sentence)
    assert found.established is not None
    assert (found.established.facet, found.established.text) == ("duration", quoted)
    text = f"{OPENING}\n{sentence}\n"
    assert text[found.established.char_start : found.established.char_end] == quoted


@pytest.mark.parametrize(
    ("sentence", "quoted"),
    [
        # the employer's slot before the count is no part of the count
        ("Ada has done this work for Halden Foods AS for 22 years.", "for 22 years"),
        ("Ada has done this work for Halden Foods AS since 2001.", "since 2001"),
        ("Ada has done this work at Halden Foods AS from 2001 to 2024.", "from 2001 to 2024"),
        ("Ada has done this work at Halden Foods AS for 22 years.", "for 22 years"),
    ],
)
def test_a_granted_length_quotes_its_count_not_its_employer(sentence, quoted):
    found = read(sentence, employer="Halden Foods AS")
    assert found.established is not None
    assert found.established.text == quoted
    text = f"{OPENING}\n{sentence}\n"
    assert text[found.established.char_start : found.established.char_end] == quoted


@pytest.mark.parametrize(
    ("sentence", "missing_because"),
    [
        ("Ada has done this work for 12 years.", DURATION_BELOW_THRESHOLD),
        ("Ada has done this work for 22 years.", None),
        ("Ada likes her work at Halden Foods AS.", DURATION_UNKNOWN),  # no length written
    ],
)
def test_below_the_threshold_or_unknown(sentence, missing_because):
    assert read(sentence).missing_because == missing_because


def test_a_length_not_proved_is_handed_on_whole():
    sentence = "Ada has led marketing for 22 years."
    found = read(sentence)
    assert found.missing_because == LENGTH_NOT_PROVED
    (handed,) = found.not_proved
    start = len(OPENING) + 1
    assert handed == {
        "facet": "duration",
        "source_id": "doc",
        "text": sentence,
        "char_start": start,
        "char_end": start + len(sentence),
        "years": 22.0,
        "bound": "exactly",
        "kept_as": "doubt",
        "why": handed["why"],
    }
    assert handed["why"]


@pytest.mark.parametrize(
    ("start", "granted"),
    [
        (None, True),
        ("2001", True),  # 23 years before the document: the length holds
        ("2015", False),  # 9 years: the model's start contradicts "more than 20 years"
    ],
)
def test_with_the_switch_off_check_6_holds_the_model_s_start(monkeypatch, start, granted):
    monkeypatch.setitem(READER_SWITCHES, START_FROM_PROSE, False)
    found = read("Ada has done this work for more than 20 years.", start=start)
    assert (found.established is not None) is granted


LIVES = "She leads marketing there."
LENGTH = "Ada has done this work for more than 20 years."
THREE = f"{OPENING}\n{LIVES}\n{LENGTH}\n"
LIVES_AT = (len(OPENING) + 1, len(OPENING) + 1 + len(LIVES))


@pytest.mark.parametrize(
    ("experience", "missing_because"),
    [
        ((0, len(OPENING)), DURATION_UNKNOWN),  # the opening: the length is two sentences on
        (LIVES_AT, LENGTH_NOT_PROVED),  # the length is right behind it: read, and handed on
        ((10, LIVES_AT[0] + 5), DURATION_UNKNOWN),  # starts in the opening: the opening's
        ((len(OPENING), LIVES_AT[1]), LENGTH_NOT_PROVED),  # starts in the white space before
    ],
)
def test_an_experience_span_is_the_sentence_it_starts_in(experience, missing_because):
    found = length_in_experience(
        DURATION,
        source_id="doc",
        text=THREE,
        reported=None,
        experience=(experience,),
        anchors=((0, len(OPENING)),),
        start=None,
        document_date=DATED,
        person="Ada Berg",
        establishes_a_condition=True,
    )
    assert found.missing_because == missing_because
