"""The record check: validated against the pack, echoed as the spec prints it, read for an open
period only — and what a closure does to a recency and to a length (docs/concepts.md#record-check).

The spec's printed lines are reproduced: ON_RECORD's record_check echo, and IN_DOUBT's Maren —
"Since 2001, Maren has led marketing for baby formula …", her role on record ended May 2015 —
read by the offline reader, her length counted by the product's own rule, the record applied by
criteria.rules.recency.record. The document is dated March 2024 and asked about as of June 2024.
"""

from __future__ import annotations

from datetime import date

import pytest

from criteria.offline.reader import read_document
from criteria.reading.quotes import locate_sentences
from criteria.rules.lengths.read import LengthRead, length_in_experience
from criteria.rules.lengths.rule import LengthContext, length_verdict, sentences_of
from criteria.rules.recency.record import (
    RECORD_SAYS_ENDED,
    Closure,
    RecordCheck,
    closure,
    employer_key,
    handed_on_closed,
    length_closure,
    record_check_checked,
    record_check_echo,
    record_check_faults,
    record_end,
    same_employer,
)
from criteria.rules.recency.rule import recency_verdict
from criteria.types import (
    DURATION_BELOW_THRESHOLD,
    DURATION_UNKNOWN,
    LENGTH_NOT_PROVED,
    Facet,
    Quote,
)
from limma.door.shapes import ReadReply
from limma.errors import InvalidRequest
from limma.pack import DEFAULT_PACK, pack_from_json

PACK = pack_from_json(DEFAULT_PACK)
CHECK = RecordCheck("held_role", "company")
ON_RECORD_CHECK = {"relation": "held_role", "party_slot": "company", "label_slot": "title"}
DATED = date(2024, 3, 1)
AS_OF = date(2024, 6, 1)

DURATION = Facet(key="duration", kind="duration", text="20+ years", min_years=20.0)
FUNCTION = Facet(key="function", kind="condition", text="marketing", value="Marketing")
PRODUCT = Facet(key="product", kind="condition", text="baby formula")
MARKET = Facet(key="market", kind="condition", text="in European markets", value="Europe")
FACETS = (DURATION, FUNCTION, PRODUCT, MARKET)
CURRENTLY = Facet(key="recency", kind="recency", text="currently", current=True)


def row(company="Quellmark Foods", end="2015-05", **more) -> dict:
    values = {"company": company, "title": "Marketing Director", "start": "2001-03", "end": end}
    return {
        "relation": more.pop("relation", "held_role"),
        "origin": more.pop("origin", "declared"),
        "source_table": more.pop("source_table", "roles"),
        "record_id": more.pop("record_id", "maren-1"),
        "values": values | more,
    }


# -- record_check as sent --------------------------------------------------------------------


@pytest.mark.parametrize(
    ("raw", "expected"),
    [
        pytest.param(None, None, id="no_check"),
        pytest.param(
            {"relation": "held_role", "party_slot": "company"}, CHECK, id="relation_and_party"
        ),
        pytest.param(
            ON_RECORD_CHECK,
            RecordCheck("held_role", "company", "title"),
            id="spec_with_a_label_slot_accepted_and_unused",
        ),
        pytest.param(
            {"relation": "held_role", "party_slot": "company", "label_slot": None},
            CHECK,
            id="a_label_slot_of_none_is_none",
        ),
    ],
)
def test_a_record_check_is_accepted(raw, expected):
    assert record_check_faults(raw, PACK) == []
    assert record_check_checked(raw, PACK) == expected


@pytest.mark.parametrize(
    ("raw", "faults"),
    [
        pytest.param(["held_role"], ["not_an_object"], id="not_an_object"),
        pytest.param({"party_slot": "company"}, ["relation_missing"], id="no_relation"),
        pytest.param(
            {"relation": 3, "party_slot": "company"}, ["relation_not_a_string"], id="a_number"
        ),
        pytest.param(
            {"relation": "held_roles", "party_slot": "company"},
            ["relation_unknown"],
            id="a_relation_one_letter_more",
        ),
        pytest.param(
            {"relation": "based_in", "party_slot": "place"},
            ["relation_has_no_end_slot", "party_slot_not_text"],
            id="a_relation_that_records_no_end",
        ),
        pytest.param({"relation": "held_role"}, ["party_slot_missing"], id="no_party_slot"),
        pytest.param(
            {"relation": "held_role", "party_slot": "employer"},
            ["party_slot_unknown"],
            id="a_slot_the_relation_lacks",
        ),
        pytest.param(
            {"relation": "held_role", "party_slot": "function"},
            ["party_slot_not_text"],
            id="a_party_slot_that_is_no_name",
        ),
        pytest.param(
            {"relation": "held_role", "party_slot": "company", "label_slot": "rank"},
            ["label_slot_unknown"],
            id="a_label_slot_the_relation_lacks",
        ),
        pytest.param(
            {"relation": "held_role", "party_slot": "company", "label_slot": "company"},
            ["label_slot_is_the_party_slot"],
            id="a_label_slot_that_is_the_party_slot",
        ),
        pytest.param(
            {"relation": "held_role", "party_slot": "company", "label_slot": 1},
            ["label_slot_not_a_string"],
            id="a_label_slot_that_is_no_name",
        ),
        pytest.param(
            {"relation": "held_role", "party_slot": "company", "length": True},
            ["field_unknown"],
            id="a_field_no_check_has",
        ),
    ],
)
def test_a_malformed_record_check_is_a_malformed_criterion(raw, faults):
    expected = [f"record_check:{fault}" for fault in faults]
    assert record_check_faults(raw, PACK) == expected
    with pytest.raises(InvalidRequest) as refused:
        record_check_checked(raw, PACK)
    assert refused.value.status == 422
    assert refused.value.detail()["type"] == "criterion_invalid"
    assert refused.value.detail()["faults"] == expected


# -- the echo --------------------------------------------------------------------------------


def test_spec_on_record_the_echo_says_what_the_check_was_read_for():
    check = record_check_checked(ON_RECORD_CHECK, PACK)

    echoed = record_check_echo(check, FACETS)

    assert echoed is not None
    assert {key: echoed[key] for key in ("relation", "party_slot", "label_slot")} == (
        ON_RECORD_CHECK
    )
    assert echoed["length"] == {"consulted": False, "why": "switched_off"}
    assert echoed["open_period"] == {"consulted": True, "why": None}
    assert record_check_echo(None, FACETS) is None  # "without the check: None"


@pytest.mark.parametrize(
    ("check", "facets", "not_run", "expected"),
    [
        pytest.param(
            CHECK,
            FACETS[1:],
            False,
            {
                "relation": "held_role",
                "party_slot": "company",
                "length": {"consulted": False, "why": "no_duration_facet"},
                "open_period": {"consulted": True, "why": None},
            },
            id="a_criterion_that_asks_no_length",
        ),
        pytest.param(
            ON_RECORD_CHECK,
            [{"key": "duration", "kind": "duration", "text": "20+ years", "min_years": 20}],
            True,
            ON_RECORD_CHECK
            | {
                "length": {"consulted": False, "why": "switched_off"},
                "open_period": {"consulted": False, "why": "not_run"},
            },
            id="not_run_echoes_the_check_consulted_for_nothing",
        ),
        pytest.param(
            CHECK,
            None,
            True,
            {
                "relation": "held_role",
                "party_slot": "company",
                "length": {"consulted": False, "why": "switched_off"},
                "open_period": {"consulted": False, "why": "not_run"},
            },
            id="no_split_known",
        ),
    ],
)
def test_the_echo(check, facets, not_run, expected):
    assert record_check_echo(check, facets, not_run=not_run) == expected


# -- whose employer --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("first", "second", "same"),
    [
        pytest.param("Quellmark Foods", "Quellmark Foods AS", True, id="spec_a_legal_form_aside"),
        pytest.param("Quellmark Foods AS", "Quellmark Foods", True, id="either_way"),
        pytest.param("quellmark  foods", "Quellmark Foods", True, id="case_and_spacing"),
        pytest.param("Ødegård Meieri AS", "Odegard Meieri", True, id="accents"),
        pytest.param("Brightwell Nutrition, Inc.", "Brightwell Nutrition", True, id="inc"),
        pytest.param("Verdane Nutrition S.A.", "Verdane Nutrition SA", True, id="dotted_form"),
        pytest.param("Halden Foods A/S", "Halden Foods", True, id="a_slash_form"),
        pytest.param("Quellmark", "Quellmark Foods AS", False, id="a_shorter_name"),
        pytest.param("Quellmark Foods Nordic", "Quellmark Foods", False, id="a_longer_name"),
        pytest.param("Quellmark Foods", "Quellmark Food", False, id="one_letter_less"),
        pytest.param("Quellmark Foods AS", "Halden Foods AS", False, id="another_firm"),
        pytest.param("AS", "AS", True, id="a_name_that_is_only_a_form_is_kept"),
        pytest.param("", "Quellmark Foods", False, id="nothing"),
        pytest.param(None, "Quellmark Foods", False, id="none"),
    ],
)
def test_an_employer_is_the_same_case_spacing_accents_and_a_legal_form_aside(first, second, same):
    assert same_employer(first, second) is same
    assert same_employer(second, first) is same


def test_an_employer_key():
    assert employer_key("  Quellmark   Foods, AS ") == ("quellmark", "foods")


@pytest.mark.parametrize(
    ("value", "end"),
    [
        ("2015-05", "2015-05"),
        ("2015-05-31", "2015-05"),
        ("2015", "2015"),
        (2015, "2015"),
        ("", None),
        (None, None),
        ("present", None),
        ("May 2015", None),
        ("2015-13", None),
    ],
)
def test_a_recorded_end(value, end):
    assert record_end(value) == end


# -- the closure -----------------------------------------------------------------------------

MAREN_ROW = {
    "relation": "held_role",
    "table": "roles",
    "record_id": "maren-1",
    "values": {
        "company": "Quellmark Foods",
        "title": "Marketing Director",
        "start": "2001-03",
        "end": "2015-05",
    },
}


@pytest.mark.parametrize(
    ("employer", "rows", "withheld", "end"),
    [
        pytest.param("Quellmark Foods AS", [row()], False, "2015-05", id="spec_ended_may_2015"),
        pytest.param("Quellmark Foods", [row("Quellmark Foods AS")], False, "2015-05", id="as"),
        pytest.param(
            "Quellmark Foods AS",
            [row(end="2009-12", record_id="a"), row(end="2015-05", record_id="b")],
            False,
            "2015-05",
            id="the_latest_of_two_ended_roles",
        ),
        pytest.param(
            "Quellmark Foods AS",
            [row(end="2015-05"), row(end="", record_id="b")],
            False,
            None,
            id="a_role_ended_and_another_still_open",
        ),
        pytest.param(
            "Quellmark Foods AS",
            [row(end="2015-05"), row(end="ongoing", record_id="b")],
            False,
            None,
            id="an_end_that_is_no_date",
        ),
        pytest.param("Quellmark Foods AS", [row()], True, None, id="a_withheld_row"),
        pytest.param("Quellmark Foods AS", [row("Halden Foods AS")], False, None, id="elsewhere"),
        pytest.param("Quellmark", [row()], False, None, id="a_shorter_name_is_not_proved"),
        pytest.param(
            "Quellmark Foods AS",
            [row(origin="extracted")],
            False,
            None,
            id="a_row_a_model_extracted_is_never_the_record",
        ),
        pytest.param(
            "Quellmark Foods AS",
            [row(relation="advised")],
            False,
            None,
            id="another_relations_row",
        ),
        pytest.param(None, [row()], False, None, id="an_experience_with_no_employer"),
        pytest.param("Quellmark Foods AS", [], False, None, id="no_rows"),
        pytest.param(
            "Quellmark Foods AS",
            [row(end="2015"), row(end="2014-11", record_id="b")],
            False,
            "2015",
            id="a_bare_year_end_is_kept_as_written",
        ),
    ],
)
def test_the_closure_is_the_latest_end_where_every_role_at_the_employer_ended(
    employer, rows, withheld, end
):
    found = closure(check=CHECK, employer=employer, rows=rows, withheld=withheld)

    assert (found.end if found else None) == end


def test_the_closure_names_its_row():
    found = closure(check=CHECK, employer="Quellmark Foods AS", rows=[row()], withheld=False)

    assert found is not None
    assert found.echo() == {"end": "2015-05", "row": MAREN_ROW}


# -- the spec's Maren, end to end ------------------------------------------------------------

MAREN_TEXT = (
    "Maren Hauge is a marketing director at Quellmark Foods AS.\n"
    "Since 2001, Maren has led marketing for baby formula across Norway and Sweden.\n"
)
MAREN_SENTENCE = "Since 2001, Maren has led marketing for baby formula across Norway and Sweden."


def maren_experience(facets: tuple[Facet, ...]):
    """The offline reader's reply for Maren's profile, validated as the model's would be."""
    sent = [{"key": f.key, "kind": f.kind, "text": f.text} | _asks(f) for f in facets]
    reply = ReadReply.model_validate(
        read_document(text=MAREN_TEXT, facets=sent, person="Maren Hauge")
    )
    (experience,) = reply.experiences
    return experience


def _asks(facet: Facet) -> dict:
    shown = {"value": facet.value, "min_years": facet.min_years, "current": facet.current}
    return {name: value for name, value in shown.items() if value is not None}


def maren_length() -> LengthRead:
    experience = maren_experience(FACETS)
    found = locate_sentences(MAREN_TEXT, experience.sentences)
    spans = tuple(span for _, span in found)
    reported = next(span for words, span in found if words == MAREN_SENTENCE)
    return length_in_experience(
        DURATION,
        source_id="maren-profile",
        text=MAREN_TEXT,
        reported=reported,
        experience=spans,
        anchors=spans[:1],
        start=experience.period.start if experience.period else None,
        document_date=DATED,
        person="Maren Hauge",
        establishes_a_condition=True,
    )


def maren_closure() -> Closure | None:
    experience = maren_experience(FACETS)
    return closure(check=CHECK, employer=experience.employer, rows=[row()], withheld=False)


def test_the_offline_reader_names_the_experiences_employer():
    experience = maren_experience(FACETS)

    assert experience.employer == "Quellmark Foods AS"
    assert experience.period is not None and experience.period.start == "2001"


@pytest.mark.parametrize(
    ("text", "employer"),
    [
        pytest.param(
            "Greta Ostrander joined Quellmark Foods in 2001 as a marketing director.\n"
            "She led marketing for baby formula across Germany and Poland until 2023.\n",
            "Quellmark Foods",
            id="joined_x",
        ),
        pytest.param(
            "Lena Falk led marketing for baby formula at Nordmilk AS across Sweden.\n",
            "Nordmilk AS",
            id="at_x",
        ),
        pytest.param(
            "Lena Falk led marketing for baby formula across Sweden.\n", None, id="none_named"
        ),
    ],
)
def test_the_offline_reader_fills_the_employer_from_joined_x_or_at_x(text, employer):
    facets = [{"key": "product", "kind": "condition", "text": "baby formula"}]

    reply = read_document(text=text, facets=facets, person=None)

    assert [each["employer"] for each in reply["experiences"]] == [employer]


def test_spec_maren_currently_with_the_check_is_withheld_by_the_record():
    experience = maren_experience((CURRENTLY, FUNCTION, PRODUCT, MARKET))

    found = recency_verdict(
        CURRENTLY,
        sentences_of_experience=experience.sentences,
        period_start=experience.period.start if experience.period else None,
        period_end=experience.period.end if experience.period else None,
        document_date=DATED,
        as_of=AS_OF,
        closure=maren_closure(),
        record_checked=True,
    )

    # currently | short of: {'recency': 'record_says_ended'} | closed by the record at: 2015-05
    # | names the row: True
    assert {"recency": found.missing_because} == {"recency": "record_says_ended"}
    assert found.closed_by_record is not None
    assert found.closed_by_record["end"] == "2015-05"
    assert "row" in found.closed_by_record


def test_spec_maren_currently_without_the_check_is_a_match_on_her_words():
    experience = maren_experience((CURRENTLY, FUNCTION, PRODUCT, MARKET))

    found = recency_verdict(
        CURRENTLY,
        sentences_of_experience=experience.sentences,
        period_start=experience.period.start if experience.period else None,
        period_end=experience.period.end if experience.period else None,
        document_date=DATED,
        as_of=AS_OF,
    )

    assert found.granted and found.words == "Since 2001"  # currently, without the check: True


def test_spec_maren_twenty_years_with_the_check_counts_to_the_records_end():
    without = maren_length()

    closed = length_closure(without, without, closure=maren_closure(), document_date=DATED)

    # 20+ years | short of: {'duration': 'length_not_proved'} | ['not_in_the_closed_form'] |
    # 13.42 years, counted to the record's end: 2015-05
    (length,) = closed.not_proved
    assert {"duration": closed.missing_because} == {"duration": "length_not_proved"}
    assert length["why"] == ["not_in_the_closed_form"]
    assert length["years"] == 13.42
    assert length["closed_by_record"]["end"] == "2015-05"
    assert length["closed_by_record"]["row"] == MAREN_ROW
    assert length["text"] == MAREN_SENTENCE and length["kept_as"] == "doubt"
    assert closed.closed_by_record is None  # the length never matched: said on the item


def test_spec_maren_twenty_years_without_the_check_is_the_sentences_own_count():
    without = maren_length()

    closed = length_closure(without, None, closure=None, document_date=DATED)

    # 20+ years, without the check | 22.25 years | closed by the record: False
    (length,) = closed.not_proved
    assert (closed.missing_because, length["years"]) == (LENGTH_NOT_PROVED, 22.25)
    assert "closed_by_record" not in length


# -- a closure and a length ------------------------------------------------------------------

OPENS = "Anneke Voss leads marketing for baby formula at Halden Foods AS."
ENDED_2015 = Closure(end="2015-05", row=MAREN_ROW)


def form_read(sentence: str, record_end: str | None, start: str | None = None) -> LengthRead:
    """A pointing sentence of the closed form behind the opening one, read by the length rule."""
    text = f"{OPENS} {sentence}"
    spans, speakers = sentences_of(text)
    built = LengthContext(
        text=text,
        sentences=spans,
        speakers=speakers,
        experience=(0, 1),
        anchors=(0,),
        employer="Halden Foods AS",
        start=start,
        document_date=DATED,
        today=AS_OF,
        person="Anneke Voss",
        other_names=(),
        first_person_proved=False,
        min_years=20,
        record_end=record_end,
    )
    verdict = length_verdict(1, built)
    if verdict.granted:
        start, end = spans[1]
        quote = Quote(facet="duration", text=text[start:end], source_id="d", char_start=start,
                      char_end=end)  # fmt: skip
        return LengthRead(established=quote)
    if verdict.below_threshold:
        return LengthRead(missing_because=DURATION_BELOW_THRESHOLD)
    item = {"text": text[spans[1][0] : spans[1][1]], "years": verdict.years, "why": verdict.why}
    return LengthRead(missing_because=LENGTH_NOT_PROVED, not_proved=(item,))


@pytest.mark.parametrize(
    ("sentence", "because", "named", "start"),
    [
        pytest.param(
            "Anneke has held this role since March 2001.",
            RECORD_SAYS_ENDED,
            True,
            None,
            id="a_closed_pointing_since_the_record_cuts_short",
        ),
        pytest.param(
            "Anneke has held this role since 2010.",
            DURATION_BELOW_THRESHOLD,
            False,
            None,
            id="short_with_or_without_it_is_the_profiles_own_reason",
        ),
        pytest.param(
            "Anneke has done this work for more than 20 years.",
            None,
            False,
            None,
            id="a_count_the_record_does_not_touch",
        ),
        pytest.param(
            "Anneke has done this work for more than 20 years.",
            RECORD_SAYS_ENDED,
            True,
            "2001",
            id="check_6_closed_at_the_records_end",
        ),
        pytest.param(
            "Anneke has done this work for more than 20 years.",
            LENGTH_NOT_PROVED,
            False,
            "2010",
            id="check_6_fails_with_or_without_it",
        ),
    ],
)
def test_a_length_the_profile_grants_and_the_record_does_not_is_record_says_ended(
    sentence, because, named, start
):
    without = form_read(sentence, None, start)
    with_record = form_read(sentence, ENDED_2015.end, start)

    closed = length_closure(without, with_record, closure=ENDED_2015, document_date=DATED)

    assert closed.missing_because == because
    assert (closed.established is not None) is (because is None)
    assert (closed.closed_by_record == ENDED_2015.echo()) is named
    assert named or closed.closed_by_record is None


def test_a_granted_length_needs_its_read_with_the_record():
    without = form_read("Anneke has held this role since March 2001.", None)

    with pytest.raises(ValueError, match="record"):
        length_closure(without, None, closure=ENDED_2015, document_date=DATED)


def test_no_closure_leaves_the_length_as_the_profile_writes_it():
    without = LengthRead(missing_because=DURATION_UNKNOWN)

    closed = length_closure(without, None, closure=None, document_date=DATED)

    assert (closed.missing_because, closed.not_proved, closed.closed_by_record) == (
        DURATION_UNKNOWN,
        (),
        None,
    )


@pytest.mark.parametrize(
    ("text", "years"),
    [
        pytest.param(MAREN_SENTENCE, 13.42, id="spec_since_2001"),
        pytest.param("She has led it from 2001 to present.", 13.42, id="to_present"),
        pytest.param("She led it from 2001 to 2010.", None, id="a_closed_period_is_untouched"),
        pytest.param("She led it for 22 years.", None, id="a_count_is_untouched"),
        pytest.param("She has led it since 2016.", 0.0, id="begun_after_the_records_end"),
    ],
)
def test_a_handed_on_items_open_period_stops_at_the_records_end(text, years):
    item = {"text": text, "years": 1.0, "why": ["not_in_the_closed_form"]}

    closed = handed_on_closed(item, closure=ENDED_2015, document_date=DATED)

    if years is None:
        assert closed == item
    else:
        assert closed["years"] == years
        assert closed["closed_by_record"] == ENDED_2015.echo()


def test_an_open_period_in_an_undated_document_is_not_lent_the_records_end():
    item = {"text": MAREN_SENTENCE, "years": None, "why": ["dates_not_usable"]}

    assert handed_on_closed(item, closure=ENDED_2015, document_date=None) == item


def test_a_stored_check_is_read_back_as_stated():
    assert RecordCheck.from_stored(ON_RECORD_CHECK) == RecordCheck("held_role", "company", "title")
    assert RecordCheck.from_stored(None) is None
    assert CHECK.as_stated() == {"relation": "held_role", "party_slot": "company"}
