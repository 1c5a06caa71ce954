"""Every time a sentence writes, as criteria/rules/lengths/count.py reads it: where it stands,
its kind, its years and bound, why it counts nothing, and in which unit.

The length rule reads the first of them (count_of); the recency's record reads their kind. Each
row stands beside a near neighbour that reads otherwise: a second time written before or after
the first, a unit written short, a capital, a date in another form, a start in the document's
own year. The documents are dated March 2024.
"""

from __future__ import annotations

from datetime import date

import pytest

from criteria.rules.lengths.count import count_of, months_of, number_of, times_in

DATED = date(2024, 3, 1)


def shown(words: str, dated: date | None = DATED) -> list[tuple]:
    return [
        (time.start, time.end, time.kind, time.years, time.bound, time.problem, time.unit)
        for time in times_in(words, dated)
    ]


@pytest.mark.parametrize(
    ("words", "expected"),
    [
        pytest.param(
            "for 20 years",
            [(4, 12, "count", 20.0, "exactly", None, "years")],
            id="a_count",
        ),
        pytest.param(
            "for 20 yrs",
            [(4, 10, "count", 20.0, "exactly", None, "years")],
            id="a_count_in_yrs_is_years",
        ),
        pytest.param(
            "more than 20 years",
            [(0, 18, "count", 20.0, "at_least", None, "years")],
            id="at_least",
        ),
        pytest.param(
            "about 22 years",
            [(0, 14, "count", 20.0, "about", None, "years")],
            id="about",
        ),
        pytest.param(
            "two decades",
            [(0, 11, "count", 20.0, "exactly", None, "decades")],
            id="decades",
        ),
        pytest.param(
            "18 months",
            [(0, 9, "count", None, None, "count_not_bounded", "months")],
            id="months_bound_nothing",
        ),
        pytest.param(
            "several years",
            [(0, 13, "vague", None, None, "count_not_bounded", None)],
            id="vague",
        ),
        pytest.param(
            "Years in this role: 22",
            [(0, 22, "label", 22.0, "exactly", None, None)],
            id="a_label",
        ),
        pytest.param(
            "in 2001",
            [(3, 7, "date", None, None, None, None)],
            id="a_bare_date",
        ),
        pytest.param(
            "since 2030",
            [(0, 10, "since", None, None, "dates_not_usable", None)],
            id="since_a_later_year",
        ),
        pytest.param(
            "from 2001 to 2030",
            [(0, 17, "span", None, None, "dates_not_usable", None)],
            id="an_end_still_to_come",
        ),
        pytest.param(
            "from 2010 to 2005",
            [(0, 17, "span", None, None, "dates_not_usable", None)],
            id="an_end_before_its_start",
        ),
        # two times in one sentence: each is read, in the order written
        pytest.param(
            "since 2001, for 20 years",
            [
                (0, 10, "since", 22.25, "period", None, None),
                (16, 24, "count", 20.0, "exactly", None, "years"),
            ],
            id="since_then_a_count",
        ),
        pytest.param(
            "for 20 years, since 2004",
            [
                (4, 12, "count", 20.0, "exactly", None, "years"),
                (14, 24, "since", 19.25, "period", None, None),
            ],
            id="a_count_then_since",
        ),
        pytest.param(
            "since 2001, from 2005 to 2010",
            [
                (0, 10, "since", 22.25, "period", None, None),
                (12, 29, "span", 4.08, "period", None, None),
            ],
            id="since_then_a_span",
        ),
        pytest.param(
            "since 2001. Years in this role: 22",
            [
                (0, 10, "since", 22.25, "period", None, None),
                (12, 34, "label", 22.0, "exactly", None, None),
            ],
            id="since_then_a_label",
        ),
        pytest.param(
            "since 2001, several years",
            [
                (0, 10, "since", 22.25, "period", None, None),
                (12, 25, "vague", None, None, "count_not_bounded", None),
            ],
            id="since_then_vague",
        ),
        pytest.param(
            "several years, in 2001",
            [
                (0, 13, "vague", None, None, "count_not_bounded", None),
                (18, 22, "date", None, None, None, None),
            ],
            id="vague_then_a_date",
        ),
        pytest.param(
            "for 20 years until 2024",
            [
                (4, 12, "count", 20.0, "exactly", None, "years"),
                (19, 23, "date", None, None, None, None),
            ],
            id="a_count_then_a_date",
        ),
        # two times that touch, as text pulled out of a PDF writes them, are two
        pytest.param(
            "since 2001May 2005",
            [
                (0, 10, "since", 22.25, "period", None, None),
                (10, 18, "date", None, None, None, None),
            ],
            id="a_date_right_behind_since",
        ),
        pytest.param(
            "2001March 2005 to 2010",
            [
                (4, 22, "span", 4.83, "period", None, None),
                (0, 4, "date", None, None, None, None),
            ],
            id="a_date_right_before_a_span",
        ),
        # a date inside a period is the period's, not a date of its own
        pytest.param(
            "from 2001 to 2005",
            [(0, 17, "span", 3.08, "period", None, None)],
            id="a_span_holds_its_dates",
        ),
    ],
)
def test_times_in(words, expected):
    assert shown(words) == expected


@pytest.mark.parametrize(
    ("words", "expected"),
    [
        pytest.param(
            "since 2001", [(0, 10, "since", None, None, "dates_not_usable", None)], id="since"
        ),
        pytest.param(
            "from 2001 to present",
            [(0, 20, "span", None, None, "dates_not_usable", None)],
            id="to_present",
        ),
        pytest.param(
            "from 2001 to 2005", [(0, 17, "span", 3.08, "period", None, None)], id="a_closed_span"
        ),
    ],
)
def test_an_undated_document_counts_only_a_closed_period(words, expected):
    assert shown(words, None) == expected


def test_a_time_says_whether_it_is_negated():
    assert [time.negated for time in times_in("not 20 years", DATED)] == [True]
    assert [time.negated for time in times_in("not less than 20 years", DATED)] == [True]
    assert [time.negated for time in times_in("more than 20 years", DATED)] == [False]


@pytest.mark.parametrize(
    ("words", "expected"),
    [
        # the first time written is the count, whichever pattern finds it
        pytest.param("for 20 years, since 2004", (20.0, "exactly"), id="count_before_since"),
        pytest.param("since 2004, for 20 years", (19.25, "period"), id="since_before_count"),
        pytest.param("several years since 2001", (None, None), id="vague_before_since"),
        pytest.param("2001 to 2005 and since 2010", (3.08, "period"), id="span_before_since"),
        pytest.param("since 2010 after 2001 to 2005", (13.25, "period"), id="since_before_span"),
        pytest.param("for 20 yrs", (20.0, "exactly"), id="yrs"),
        pytest.param("for 20 yr", (20.0, "exactly"), id="yr"),
        pytest.param("for 20 YEARS", (20.0, "exactly"), id="capitals"),
        pytest.param("from 2001 to Present", (22.25, "period"), id="an_open_end_in_capitals"),
        pytest.param("from 2001 to today", (22.25, "period"), id="to_today"),
        # a start in the document's own year is usable, counting nothing; the next is not
        pytest.param("since 2024", (0.0, "period"), id="since_the_documents_year"),
        pytest.param("since 2025", (None, None), id="since_the_year_after"),
        pytest.param("since 2023", (0.25, "period"), id="since_the_year_before"),
        # a period inside one year: its months, never below none
        pytest.param("from March 2005 to October 2005", (0.58, "period"), id="within_a_year"),
        pytest.param("from March 2005 to 2005", (0.0, "period"), id="a_bare_end_year"),
        pytest.param("from 2005 to 2005", (0.0, "period"), id="one_bare_year"),
        pytest.param("from 2005 to 2004", (None, None), id="an_end_a_year_before"),
        pytest.param("since 03/2001", (23.0, "period"), id="since_a_slashed_month"),
        pytest.param("from 3/2001 to 5/2023", (22.17, "period"), id="slashed_months"),
        pytest.param("since Sept. 2001", (22.5, "period"), id="an_abbreviated_month"),
    ],
)
def test_count_of_reads_the_first_time_written(words, expected):
    assert count_of(words, DATED) == expected


@pytest.mark.parametrize(
    ("record_end", "years"),
    [
        pytest.param("2015-05", 13.42, id="a_month"),
        pytest.param("2015", 13.08, id="a_bare_year_from_its_january"),
        pytest.param("2030-01", 22.25, id="after_the_document"),
        pytest.param("sometime", 22.25, id="unreadable"),
    ],
)
def test_the_records_end_closes_since_no_later_than_its_least(record_end, years):
    assert count_of("since 2001", DATED, record_end) == (years, "period")


@pytest.mark.parametrize(
    ("written", "as_start", "as_end"),
    [
        pytest.param("2001", 2001 * 12 + 11, 2001 * 12, id="a_bare_year"),
        pytest.param("2001-03", 2001 * 12 + 2, 2001 * 12 + 2, id="iso"),
        pytest.param("03/2001", 2001 * 12 + 2, 2001 * 12 + 2, id="slashed"),
        pytest.param("3/2001", 2001 * 12 + 2, 2001 * 12 + 2, id="slashed_one_digit"),
        pytest.param("12/2001", 2001 * 12 + 11, 2001 * 12 + 11, id="slashed_december"),
        pytest.param("1/2001", 2001 * 12, 2001 * 12, id="slashed_january"),
        pytest.param("March 2001", 2001 * 12 + 2, 2001 * 12 + 2, id="named"),
        pytest.param("Sept. 2001", 2001 * 12 + 8, 2001 * 12 + 8, id="named_short"),
        pytest.param(" 2001 ", 2001 * 12 + 11, 2001 * 12, id="spaced"),
        pytest.param("present", None, None, id="no_date"),
        pytest.param("Foo 2001", None, None, id="no_month"),
        pytest.param("2001x", None, None, id="not_a_year"),
    ],
)
def test_months_of(written, as_start, as_end):
    assert months_of(written, start=True) == as_start
    assert months_of(written, start=False) == as_end


@pytest.mark.parametrize(
    ("written", "expected"),
    [
        pytest.param("22", 22.0, id="digits"),
        pytest.param("2.5", 2.5, id="a_fraction"),
        pytest.param("twenty-two", 22.0, id="words"),
        pytest.param("twenty two", 22.0, id="words_spaced"),
        pytest.param("twenty", 20.0, id="tens"),
        pytest.param("an", 1.0, id="an"),
        pytest.param("twenty-zwei", None, id="an_unknown_word"),
        pytest.param("zero", 0.0, id="zero"),
    ],
)
def test_number_of(written, expected):
    assert number_of(written) == expected
