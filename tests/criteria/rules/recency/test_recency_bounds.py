"""The edges of a recency and of a closure: whether SOME as_of grants a recency (the claim held
to its anchors, a period ended in December), an open end the model reports in several words,
the block's note over facets of any shape, the row a closure names, and a record's end that
shortens nothing (after the document's own date). Each stands beside the neighbour decided the
other way. Pure.
"""

from __future__ import annotations

from datetime import date

import pytest

from criteria.rules.recency.record import Closure, RecordCheck, closure, handed_on_closed
from criteria.rules.recency.rule import (
    RECENCY_NOT_PROVED,
    RECENCY_UNCHECKED_AGAINST_RECORD,
    recency_may_be_granted,
    recency_notes,
    recency_verdict,
)
from criteria.types import Facet

DATED = date(2024, 3, 1)
CURRENTLY = Facet(key="recency", kind="recency", text="currently", current=True)
LAST_5 = Facet(key="recency", kind="recency", text="in the last 5 years", within_years=5.0)
OPENS = "Anneke Voss leads marketing for baby formula at Halden Foods AS."
SINCE_2001 = "Anneke has led marketing since 2001."


def may_be_granted(facet: Facet, *sentences: str, anchors=None) -> bool:
    return recency_may_be_granted(
        facet,
        sentences_of_experience=[OPENS, *sentences],
        period_start=None,
        period_end=None,
        document_date=DATED,
        anchors=anchors,
    )


@pytest.mark.parametrize(
    ("anchors", "granted"),
    [
        pytest.param((0, 1), True, id="the_claim_in_an_anchored_sentence"),
        pytest.param(None, True, id="no_anchors_given_any_sentence"),
        pytest.param((0,), False, id="the_claim_in_a_sentence_about_other_work"),
    ],
)
def test_a_claim_may_grant_only_in_the_sentences_it_may_stand_in(anchors, granted):
    sentence = "She currently coaches the staff football team."

    assert may_be_granted(CURRENTLY, sentence, anchors=anchors) is granted


@pytest.mark.parametrize(
    "sentence",
    [
        pytest.param("Anneke led it from 2001 until December 2020.", id="ended_in_december"),
        pytest.param("Anneke led it from 2001 until November 2020.", id="ended_in_november"),
    ],
)
def test_a_closed_period_may_be_within_the_years_from_the_month_it_ended(sentence):
    assert may_be_granted(LAST_5, sentence)


@pytest.mark.parametrize(
    ("end", "years"),
    [
        pytest.param("2015-05", 13.42, id="an_end_before_the_documents_date_shortens"),
        pytest.param("2024-01", 22.08, id="an_end_just_before_it_shortens"),
        pytest.param("2024-06", None, id="an_end_after_it_shortens_nothing"),
        pytest.param("2030", None, id="an_end_long_after_it_shortens_nothing"),
    ],
)
def test_a_records_end_shortens_a_handed_on_sentence_only_before_the_documents_date(end, years):
    item = {"text": SINCE_2001, "years": 23.17}

    closed = handed_on_closed(item, closure=Closure(end=end), document_date=DATED)

    if years is None:
        assert closed == item
    else:
        assert closed == item | {"years": years, "closed_by_record": {"end": end, "row": {}}}


@pytest.mark.parametrize(
    ("period_end", "granted"),
    [
        pytest.param("to date", True, id="to_date"),
        pytest.param("To  Present", True, id="to_present_spaced_and_capitalised"),
        pytest.param("present", True, id="present"),
        pytest.param("2023", False, id="a_year_ends_it"),
    ],
)
def test_an_open_end_the_model_reports_in_any_spacing_ends_nothing(period_end, granted):
    found = recency_verdict(
        CURRENTLY,
        sentences_of_experience=[OPENS, SINCE_2001],
        period_start=None,
        period_end=period_end,
        document_date=DATED,
        as_of=DATED,
    )

    assert (found.granted, found.missing_because) == (
        (True, None) if granted else (False, RECENCY_NOT_PROVED)
    )


@pytest.mark.parametrize(
    ("facets", "notes"),
    [
        pytest.param([CURRENTLY, "duration"], [RECENCY_UNCHECKED_AGAINST_RECORD], id="a_recency"),
        pytest.param(["duration", None], [], id="no_facet_of_a_known_shape"),
    ],
)
def test_the_note_reads_facets_of_any_shape(facets, notes):
    assert recency_notes(facets, None) == notes


@pytest.mark.parametrize(
    ("tables", "table"),
    [
        pytest.param({"source_table": "roles", "table": "old"}, "roles", id="the_source_table"),
        pytest.param({"table": "roles"}, "roles", id="a_row_that_says_only_table"),
        pytest.param({}, "", id="no_table"),
    ],
)
def test_the_closure_names_the_table_its_row_came_from(tables, table):
    row = {
        "relation": "held_role",
        "origin": "declared",
        "record_id": "anneke-1",
        "values": {"company": "Halden Foods", "end": "2015-05"},
    } | tables

    found = closure(
        check=RecordCheck("held_role", "company"),
        employer="Halden Foods AS",
        rows=[row],
        withheld=False,
    )

    assert found is not None and found.row["table"] == table


LAST_10 = Facet(key="recency", kind="recency", text="in the last 10 years", within_years=10.0)
LEFT_HALDEN = "Anneke left Halden, where she worked from 2001 to 2015, in 2016"


@pytest.mark.parametrize(
    ("sentence", "granted"),
    [
        pytest.param(f"{LEFT_HALDEN}.", True, id="one_period_within_the_years"),
        # Every end the sentence writes is read, past one that an earlier end stands inside:
        # the earliest (2012) is before the window.
        pytest.param(
            f"{LEFT_HALDEN}, and retired from Nordic in 2012.", False, id="an_end_after_it"
        ),
    ],
)
def test_every_end_a_sentence_writes_is_read(sentence, granted):
    found = recency_verdict(
        LAST_10,
        sentences_of_experience=[OPENS, sentence],
        period_start=None,
        period_end=None,
        document_date=DATED,
        as_of=date(2024, 6, 1),
    )

    assert found.granted is granted
