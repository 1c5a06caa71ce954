"""A recency facet in one experience: "currently" and "in the last N years", from the
experience's own sentences, the record's end applied (docs/concepts.md#recency,
docs/concepts.md#record-check).

Every granted wording stands beside near neighbours that must NOT be granted: "currently" in
another experience's sentence, "until recently", a "since" with no date, a past perfect, a
negator, an end beside the claim, a claim begun after as_of. The example documents are dated
March 2024 and asked about as of June 2024, as the spec's Maren is.
"""

from __future__ import annotations

from datetime import date

import pytest

from criteria.rules.recency.record import RECORD_SAYS_ENDED, Closure
from criteria.rules.recency.rule import (
    PROFILE_SAYS_ENDED,
    RECENCY_NOT_PROVED,
    RECENCY_UNCHECKED_AGAINST_RECORD,
    RecencyVerdict,
    as_of_date,
    recency_may_be_granted,
    recency_notes,
    recency_verdict,
)
from criteria.types import SILENT, Facet

DATED = date(2024, 3, 1)
AS_OF = date(2024, 6, 1)
CURRENTLY = Facet(key="recency", kind="recency", text="currently", current=True)
LAST_5 = Facet(key="recency", kind="recency", text="in the last 5 years", within_years=5.0)
OPENS = "Maren Hauge is a marketing director at Quellmark Foods AS."
MAREN = "Since 2001, Maren has led marketing for baby formula across Norway and Sweden."
ROW = {
    "relation": "held_role",
    "table": "roles",
    "record_id": "maren-1",
    "values": {"company": "Quellmark Foods", "title": "Marketing Director", "end": "2015-05"},
}
ENDED_2015 = Closure(end="2015-05", row=ROW)


def verdict(facet: Facet, *sentences: str, **given) -> RecencyVerdict:
    given = {
        "period_start": None,
        "period_end": None,
        "document_date": DATED,
        "as_of": AS_OF,
    } | given
    return recency_verdict(facet, sentences_of_experience=list(sentences), **given)


def shown(found: RecencyVerdict) -> tuple:
    return found.granted, found.missing_because, found.words


# -- the spec's Maren --------------------------------------------------------------------------


def test_spec_maren_without_the_check_since_2001_is_current_as_of_june_2024():
    found = verdict(CURRENTLY, OPENS, MAREN)

    assert shown(found) == (True, None, "Since 2001")
    assert (found.sentence, found.start, found.end) == (1, 0, len("Since 2001"))
    assert found.closed_by_record is None
    # Without a record check "currently" is the biography's claim alone, and the block says so.
    assert found.unchecked_against_record


def test_spec_maren_with_the_check_the_record_says_ended_and_names_the_row():
    found = verdict(CURRENTLY, OPENS, MAREN, closure=ENDED_2015, record_checked=True)

    assert shown(found) == (False, RECORD_SAYS_ENDED, "Since 2001")
    assert found.closed_by_record == {"end": "2015-05", "row": ROW}
    assert not found.unchecked_against_record


def test_a_granted_recency_quotes_the_documents_own_characters():
    text = OPENS + "\n" + MAREN + "\n"
    spans = [(0, len(OPENS)), (len(OPENS) + 1, len(OPENS) + 1 + len(MAREN))]

    quote = verdict(CURRENTLY, OPENS, MAREN).quote("recency", "doc-1", spans)

    assert quote is not None
    assert text[quote.char_start : quote.char_end] == quote.text == "Since 2001"
    assert (quote.facet, quote.source_id, quote.checked_by) == ("recency", "doc-1", None)
    assert verdict(CURRENTLY, OPENS).quote("recency", "doc-1", spans[:1]) is None


# -- current: the open claims granted, and their neighbours ------------------------------------

GRANTED = [
    pytest.param("Maren currently leads marketing for baby formula.", "currently", id="currently"),
    pytest.param("Maren presently leads marketing for baby formula.", "presently", id="presently"),
    pytest.param("At present, Maren leads marketing.", "At present", id="at_present"),
    pytest.param(MAREN, "Since 2001", id="spec_since_a_year"),
    pytest.param("Maren has led marketing since March 2001.", "since March 2001", id="since_month"),
    pytest.param("Maren has led marketing since 2001-03.", "since 2001-03", id="since_iso_month"),
    pytest.param("Maren has led marketing since 2024.", "since 2024", id="since_this_year"),
    pytest.param(
        "Maren led marketing from 2001 to present.", "from 2001 to present", id="to_present"
    ),
    pytest.param(
        "Maren led marketing from 2001 to the present day.",
        "from 2001 to the present day",
        id="to_the_present_day",
    ),
    pytest.param("Marketing lead, 2001\u2013present.", "2001\u2013present", id="dash_present"),
    pytest.param("Maren has led marketing to date.", "to date", id="to_date"),
    pytest.param("Maren has led marketing to this day.", "to this day", id="to_this_day"),
    pytest.param("Maren has led marketing up to now.", "up to now", id="up_to_now"),
    pytest.param("Maren has led marketing until today.", "until today", id="until_today"),
    pytest.param("Maren now leads marketing for baby formula.", "now", id="now"),
]


@pytest.mark.parametrize(("sentence", "words"), GRANTED)
def test_an_open_claim_of_the_experience_is_current(sentence, words):
    found = verdict(CURRENTLY, OPENS, sentence)

    assert shown(found) == (True, None, words)
    assert sentence[found.start : found.end] == words


NOT_CURRENT = [
    pytest.param([OPENS], SILENT, id="nothing_about_when_is_silent"),
    pytest.param(
        [OPENS, "Maren led marketing for baby formula until recently."],
        PROFILE_SAYS_ENDED,
        id="until_recently_ends_it",
    ),
    pytest.param(
        [OPENS, "Maren led marketing for baby formula from 2001 to 2015."],
        PROFILE_SAYS_ENDED,
        id="an_end_date",
    ),
    pytest.param(
        [OPENS, "Maren led marketing for baby formula, 2001-2015."],
        PROFILE_SAYS_ENDED,
        id="a_dashed_period",
    ),
    pytest.param([OPENS, "Maren left Quellmark in 2015."], PROFILE_SAYS_ENDED, id="left_in_a_year"),
    pytest.param([OPENS, "She is a former marketing director."], PROFILE_SAYS_ENDED, id="former"),
    pytest.param(
        [OPENS, "Maren has led marketing for baby formula ever since."],
        RECENCY_NOT_PROVED,
        id="since_with_no_date",
    ),
    pytest.param(
        [OPENS, "Since joining, Maren has led marketing for baby formula."],
        RECENCY_NOT_PROVED,
        id="since_joining",
    ),
    pytest.param(
        [OPENS, "Maren had led marketing for baby formula since 2001."],
        RECENCY_NOT_PROVED,
        id="had_since_open_until_when",
    ),
    pytest.param(
        [OPENS, "Maren is not currently in marketing."],
        RECENCY_NOT_PROVED,
        id="not_currently",
    ),
    pytest.param(
        [OPENS, "Maren isn't currently leading the team."],
        RECENCY_NOT_PROVED,
        id="a_contracted_negator",
    ),
    pytest.param(
        [OPENS, MAREN, "She left Quellmark Foods AS in 2015."],
        RECENCY_NOT_PROVED,
        id="an_open_claim_beside_an_end",
    ),
    pytest.param(
        [OPENS, "Maren currently leads marketing.", "She is now retired."],
        RECENCY_NOT_PROVED,
        id="now_retired",
    ),
    pytest.param(
        [OPENS, "Since 2001, Maren has led marketing until she moved to finance."],
        RECENCY_NOT_PROVED,
        id="since_until_in_one_sentence",
    ),
    pytest.param(
        [OPENS, "Maren has led marketing since 2025."],
        RECENCY_NOT_PROVED,
        id="since_after_as_of",
    ),
    pytest.param(
        [OPENS, "Maren recently led a relaunch."], RECENCY_NOT_PROVED, id="recently_claims_nothing"
    ),
    pytest.param(
        [OPENS, "Maren joined Quellmark Foods AS in 2001."],
        RECENCY_NOT_PROVED,
        id="a_start_date_claims_nothing_open",
    ),
    pytest.param(
        [OPENS, "Maren keeps her skills up to date."], SILENT, id="up_to_date_is_no_claim"
    ),
    pytest.param(
        [OPENS, "She relaunched the now-defunct brand."], SILENT, id="now_defunct_is_no_claim"
    ),
    pytest.param(
        [OPENS, "Maren led marketing for baby formula from 2020 until 2026."],
        RECENCY_NOT_PROVED,
        id="an_end_still_to_come_claims_nothing_open",
    ),
]


@pytest.mark.parametrize(("sentences", "because"), NOT_CURRENT)
def test_the_neighbours_of_an_open_claim_are_not_current(sentences, because):
    found = verdict(CURRENTLY, *sentences)

    assert (found.granted, found.missing_because) == (False, because)
    assert found.closed_by_record is None


def test_currently_in_another_experiences_sentence_is_not_this_ones():
    earlier = [
        "Maren Hauge led marketing for baby formula at Quellmark Foods AS from 2001 to 2015."
    ]
    later = ["In 2015 she moved to Orvello as head of finance.", "She currently leads finance."]

    assert verdict(CURRENTLY, *earlier).missing_because == PROFILE_SAYS_ENDED
    assert verdict(CURRENTLY, *later).granted  # the claim is the later experience's


def test_a_claim_outside_the_anchor_sentences_is_not_taken():
    sentences = (
        OPENS,
        "She has led marketing for baby formula.",
        "She currently coaches football.",
    )

    assert verdict(CURRENTLY, *sentences).granted  # what the reader cannot see without anchors
    held = verdict(CURRENTLY, *sentences, anchors=(0, 1))
    assert (held.granted, held.missing_because) == (False, RECENCY_NOT_PROVED)
    assert verdict(CURRENTLY, OPENS, MAREN, anchors=(0, 1)).granted


@pytest.mark.parametrize(
    ("given", "because"),
    [
        pytest.param({"period_end": "2015"}, RECENCY_NOT_PROVED, id="an_end_the_model_reports"),
        pytest.param({"period_end": "present"}, None, id="an_open_end_the_model_reports"),
        pytest.param({"period_start": "2025"}, RECENCY_NOT_PROVED, id="begun_after_as_of"),
        pytest.param({"period_start": "2001"}, None, id="begun_before"),
        pytest.param(
            {"document_date": date(2000, 6, 1)}, RECENCY_NOT_PROVED, id="since_after_its_document"
        ),
        pytest.param({"document_date": None}, None, id="an_undated_document_claims_all_the_same"),
    ],
)
def test_what_the_model_reports_only_ever_refuses(given, because):
    assert verdict(CURRENTLY, OPENS, MAREN, **given).missing_because == because


# -- the record's end ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("end", "because"),
    [
        pytest.param("2015-05", RECORD_SAYS_ENDED, id="ended_before_as_of"),
        pytest.param("2024-05", RECORD_SAYS_ENDED, id="ended_the_month_before"),
        pytest.param("2024-06", None, id="ends_in_the_month_asked_about"),
        pytest.param("2026-12", None, id="ends_after_as_of"),
        pytest.param("2024", RECORD_SAYS_ENDED, id="a_bare_year_is_its_january"),
    ],
)
def test_an_open_claim_runs_no_later_than_the_records_end(end, because):
    found = verdict(CURRENTLY, OPENS, MAREN, closure=Closure(end=end, row=ROW))

    assert found.missing_because == because
    assert (found.closed_by_record is not None) is (because == RECORD_SAYS_ENDED)


def test_where_the_profile_ends_it_anyway_the_reason_is_the_profiles_and_no_row_is_named():
    ended = "Maren led marketing for baby formula from 2001 to 2015."

    found = verdict(CURRENTLY, OPENS, ended, closure=ENDED_2015, record_checked=True)

    assert (found.missing_because, found.closed_by_record) == (PROFILE_SAYS_ENDED, None)


def test_a_check_that_closes_nothing_still_checked_the_claim():
    found = verdict(CURRENTLY, OPENS, MAREN, closure=None, record_checked=True)

    assert found.granted and not found.unchecked_against_record


# -- within_years ----------------------------------------------------------------------------

WITHIN = [
    pytest.param([MAREN], {}, (True, None, "Since 2001"), id="open_runs_to_as_of"),
    pytest.param(
        ["Maren led marketing from 2001 to 2021."], {}, (True, None, "to 2021"), id="ended_inside"
    ),
    pytest.param(
        ["Maren led marketing until December 2019."],
        {},
        (True, None, "until December 2019"),
        id="ended_in_the_windows_first_year",
    ),
    pytest.param(
        ["Maren led marketing until 2019."],
        {},
        (False, PROFILE_SAYS_ENDED, None),
        id="a_bare_end_year_is_its_january",
    ),
    pytest.param(
        ["Maren led marketing from 2001 to 2018."],
        {},
        (False, PROFILE_SAYS_ENDED, None),
        id="ended_before_the_window",
    ),
    pytest.param(
        ["Maren led marketing, 2001\u20132022."], {}, (True, None, "2001\u20132022"), id="dashed"
    ),
    pytest.param(
        ["Maren left Quellmark Foods AS in 2020."],
        {},
        (True, None, "left Quellmark Foods AS in 2020"),
        id="left_in_a_year",
    ),
    pytest.param(
        ["Maren led marketing until recently."],
        {},
        (False, RECENCY_NOT_PROVED, None),
        id="until_recently_dates_nothing",
    ),
    pytest.param(
        ["Maren led marketing."],
        {"period_end": "2022"},
        (False, RECENCY_NOT_PROVED, None),
        id="an_end_only_the_model_reports_grants_nothing",
    ),
    pytest.param([OPENS], {}, (False, SILENT, None), id="silent"),
    pytest.param(
        ["Maren will lead marketing from 2025 to 2026."],
        {},
        (False, RECENCY_NOT_PROVED, None),
        id="an_end_still_to_come_dates_nothing",
    ),
    pytest.param(
        [MAREN], {"period_start": "2025"}, (False, RECENCY_NOT_PROVED, None), id="not_begun"
    ),
    pytest.param(
        [MAREN], {"closure": ENDED_2015}, (False, RECORD_SAYS_ENDED, "Since 2001"), id="closed"
    ),
    pytest.param(
        [MAREN],
        {"closure": Closure(end="2020-01", row=ROW)},
        (True, None, "Since 2001"),
        id="closed_inside_the_window_changes_nothing",
    ),
    pytest.param(
        ["Maren led marketing from 2001 to 2010."],
        {"closure": ENDED_2015},
        (False, PROFILE_SAYS_ENDED, None),
        id="the_profiles_own_dates_fall_short_anyway",
    ),
    pytest.param(
        ["Maren led marketing from 2001 to 2022."],
        {"closure": ENDED_2015},
        (True, None, "to 2022"),
        id="the_record_only_shortens_an_open_period",
    ),
]


@pytest.mark.parametrize(("sentences", "given", "expected"), WITHIN)
def test_within_years_the_experience_ran_inside_the_window(sentences, given, expected):
    found = verdict(LAST_5, OPENS, *sentences, **given)

    assert shown(found) == expected
    assert (found.closed_by_record is not None) is (found.missing_because == RECORD_SAYS_ENDED)


# -- the block's note, and as_of -------------------------------------------------------------


@pytest.mark.parametrize(
    ("facets", "check", "notes"),
    [
        pytest.param([CURRENTLY], None, [RECENCY_UNCHECKED_AGAINST_RECORD], id="unchecked"),
        pytest.param(
            [{"key": "r", "kind": "recency", "text": "currently", "current": True}],
            None,
            [RECENCY_UNCHECKED_AGAINST_RECORD],
            id="facets_as_sent",
        ),
        pytest.param(
            [CURRENTLY], {"relation": "held_role", "party_slot": "company"}, [], id="checked"
        ),
        pytest.param([Facet(key="f", kind="condition", text="marketing")], None, [], id="none"),
    ],
)
def test_the_block_says_a_recency_was_not_held_against_the_record(facets, check, notes):
    assert recency_notes(facets, check) == notes


@pytest.mark.parametrize(
    ("written", "day"),
    [
        ("2024-06", date(2024, 6, 1)),
        ("2024", date(2024, 1, 1)),
        ("2024-06-15", date(2024, 6, 15)),
        ("", date(2025, 2, 3)),
        (None, date(2025, 2, 3)),
    ],
)
def test_as_of_is_the_first_day_it_names(written, day):
    assert as_of_date(written, today=date(2025, 2, 3)) == day


def test_a_facet_that_is_no_recency_is_refused():
    with pytest.raises(ValueError, match="recency"):
        verdict(Facet(key="d", kind="duration", text="20+ years", min_years=20.0), MAREN)


# -- some as_of: what a stored judgment asks its second call for -----------------------------


@pytest.mark.parametrize(
    ("facet", "sentences", "period", "may"),
    [
        pytest.param(CURRENTLY, (OPENS, MAREN), ("2001", None), True, id="spec_since_2001"),
        pytest.param(
            CURRENTLY,
            (OPENS, "She led marketing for baby formula until 2023."),
            (None, None),
            False,
            id="an_end_no_as_of_reopens",
        ),
        pytest.param(
            CURRENTLY,
            (OPENS, "She led marketing for baby formula."),
            (None, None),
            False,
            id="nothing_about_when",
        ),
        pytest.param(
            CURRENTLY,
            (OPENS, "Maren has led it since 2030."),
            (None, None),
            False,
            id="begun_after_the_documents_date",
        ),
        pytest.param(
            LAST_5,
            (OPENS, "She led marketing for baby formula from 2001 to 2010."),
            (None, None),
            True,
            id="a_closed_period_held_by_an_as_of_within_five_years_of_its_end",
        ),
        pytest.param(
            LAST_5,
            (OPENS, "She led marketing for baby formula until recently."),
            (None, None),
            False,
            id="an_end_with_no_date",
        ),
    ],
)
def test_a_recency_some_as_of_grants(facet, sentences, period, may):
    """A stored judgment serves every as_of: it is a would-be match where any grants it."""
    found = recency_may_be_granted(
        facet,
        sentences_of_experience=sentences,
        period_start=period[0],
        period_end=period[1],
        document_date=DATED,
    )

    assert found is may
    if not may:  # and then no as_of a search may send grants it
        for year in (1990, 2005, 2011, 2015, 2024, 2100):
            assert not verdict(facet, *sentences, as_of=date(year, 6, 1)).granted


# -- the window's and as_of's own month: the boundaries a flipped comparison would move -------
# As of June 2024, the last 5 years begin in June 2019.


@pytest.mark.parametrize(
    ("end", "because"),
    [
        pytest.param("2019-06", None, id="the_record_ends_in_the_windows_first_month"),
        pytest.param("2019-05", RECORD_SAYS_ENDED, id="the_record_ends_the_month_before"),
    ],
)
def test_within_years_an_open_claim_the_record_ends_at_the_windows_edge(end, because):
    found = verdict(LAST_5, OPENS, MAREN, closure=Closure(end=end, row=ROW))

    assert found.missing_because == because


@pytest.mark.parametrize(
    ("sentence", "expected"),
    [
        pytest.param(
            "Maren led marketing from 2001 to June 2019.",
            (True, None, "to June 2019"),
            id="ends_in_the_windows_first_month",
        ),
        pytest.param(
            "Maren led marketing from 2001 to May 2019.",
            (False, PROFILE_SAYS_ENDED, None),
            id="ends_the_month_before",
        ),
    ],
)
def test_within_years_a_dated_end_at_the_windows_edge(sentence, expected):
    assert shown(verdict(LAST_5, OPENS, sentence)) == expected


def test_within_years_the_earliest_of_two_ends_decides():
    found = verdict(
        LAST_5, OPENS, "Maren led marketing from 2001 to 2021.", "She led it until 2010."
    )

    assert shown(found) == (False, PROFILE_SAYS_ENDED, None)


def test_within_years_an_open_claim_checked_against_the_record_says_so():
    checked = verdict(LAST_5, OPENS, MAREN, closure=None, record_checked=True)
    unchecked = verdict(LAST_5, OPENS, MAREN, closure=None, record_checked=False)

    assert (checked.granted, checked.unchecked_against_record) == (True, False)
    assert (unchecked.granted, unchecked.unchecked_against_record) == (True, True)


@pytest.mark.parametrize(
    ("sentence", "because"),
    [
        pytest.param(
            "Maren led marketing from 2001 to June 2024.",
            RECENCY_NOT_PROVED,
            id="an_end_in_the_month_asked_about_has_not_ended_it",
        ),
        pytest.param(
            "Maren led marketing from 2001 to May 2024.",
            PROFILE_SAYS_ENDED,
            id="an_end_the_month_before_has",
        ),
    ],
)
def test_currently_an_end_at_as_of_s_month(sentence, because):
    found = verdict(CURRENTLY, OPENS, sentence)

    assert (found.granted, found.missing_because) == (False, because)
