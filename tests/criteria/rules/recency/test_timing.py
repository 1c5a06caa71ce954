"""A stored judgment decided again as of a request (criteria/rules/recency/timing.py): the
recency at the request's as_of, the record's closure from the rows as they are now.

Pure: each experience is built with the Timing a read stores, and each wording that is decided
one way stands beside a near neighbour decided the other way — a claim in an anchored sentence
and the same claim in another one, a start before the document's date and one after it, an end
before the document's date and one after it.
"""

from __future__ import annotations

from datetime import date

import pytest

from criteria.rules.lengths.rule import sentences_of
from criteria.rules.recency.record import RECORD_SAYS_ENDED, RecordCheck
from criteria.rules.recency.rule import PROFILE_SAYS_ENDED, RECENCY_NOT_PROVED
from criteria.rules.recency.timing import (
    RECENCY_TO_DECIDE,
    AsOf,
    PersonRecord,
    Source,
    Timing,
    anchor_indices,
    experience_at,
    judgment_at,
    recency_as_read,
    timing_json,
)
from criteria.types import SILENT, DocumentJudgment, ExperienceJudgment, Facet, Quote

DATED = "2024-03-01"
AS_OF = date(2026, 1, 1)
CURRENTLY = Facet(key="recency", kind="recency", text="currently", current=True)
TWENTY = Facet(key="duration", kind="duration", text="20+ years", min_years=20.0)
THIRTY = Facet(key="decades", kind="duration", text="30+ years", min_years=30.0)
CHECK = RecordCheck("held_role", "company")
OPENS = "Anneke Voss leads marketing for baby formula at Halden Foods AS."
ROW = {
    "relation": "held_role",
    "origin": "declared",
    "source_table": "roles",
    "record_id": "anneke-1",
    "values": {"company": "Halden Foods", "start": "2001-03", "end": "2015-05"},
}


def timing_of(text: str, *, anchored: int = 1, **given) -> Timing:
    """The Timing a read stores for an experience of every sentence of text, the first
    `anchored` of them anchors."""
    spans, _ = sentences_of(text)
    stored = {
        "sentences": spans,
        "words": tuple(text[start:end] for start, end in spans),
        "anchors": spans[:anchored],
        "document_date": DATED,
        "employer": "Halden Foods AS",
        "establishes": True,
    } | given
    return Timing(**stored)


def decided(text: str, *facets: Facet, record=None, source=None, **given) -> ExperienceJudgment:
    experience = ExperienceJudgment(
        missing_because={facet.key: RECENCY_TO_DECIDE for facet in facets},
        timing=timing_of(text, **given).to_json(),
    )
    at = AsOf(facets=facets, as_of=AS_OF, check=CHECK if record else None)
    return experience_at(experience, at, "anneke", record=record, source=source)


# -- what a read stores ----------------------------------------------------------------------


def test_a_timing_reads_back_as_it_was_stored():
    timing = Timing(
        sentences=((0, 10), (11, 30)),
        words=("One here.", "Two and more here."),
        anchors=((11, 20),),
        period_start="2001",
        period_end="2015-05",
        employer="Halden Foods AS",
        document_date=DATED,
        establishes=True,
        reported={"duration": (11, 30), "decades": None},
    )

    assert Timing.from_json(timing.to_json()) == timing
    assert timing.to_json()["period_end"] == "2015-05"
    assert timing.dated == date(2024, 3, 1)


def test_no_timing_stored_is_none():
    assert Timing.from_json(None) is None
    assert Timing.from_json({}) is None


@pytest.mark.parametrize(
    ("anchor_start", "indices"),
    [
        pytest.param(10, (1,), id="an_anchor_at_a_sentences_first_character_is_in_it"),
        pytest.param(9, (0,), id="one_character_before_it_is_in_the_sentence_before"),
        pytest.param(25, (), id="past_the_last_sentence_is_in_none"),
    ],
)
def test_the_anchored_sentences_are_those_an_anchor_starts_in(anchor_start, indices):
    assert anchor_indices([(0, 10), (10, 20)], [(anchor_start, anchor_start + 3)]) == indices


def test_one_experiences_timing_carries_every_reported_length():
    first = timing_of(OPENS, reported={"duration": (0, 5)})
    second = timing_of(OPENS, reported={"decades": (6, 9)})

    stored = timing_json([None, first, second])

    assert stored["reported"] == {"duration": [0, 5], "decades": [6, 9]}
    assert timing_json([None]) is None


@pytest.mark.parametrize(
    ("sentence", "stored"),
    [
        pytest.param(
            "Anneke has led it since 2001.", RECENCY_TO_DECIDE, id="open_is_decided_per_request"
        ),
        # An end after the document's date but before today: as of the document it is still to
        # come, so the read stores no end as written.
        pytest.param(
            "Anneke led it until 2025.", RECENCY_NOT_PROVED, id="an_end_after_the_documents_date"
        ),
        pytest.param(
            "Anneke led it until 2023.", PROFILE_SAYS_ENDED, id="an_end_before_the_documents_date"
        ),
    ],
)
def test_what_a_read_stores_for_currently_is_judged_at_the_documents_date(sentence, stored):
    assert recency_as_read(CURRENTLY, timing_of(f"{OPENS} {sentence}", anchored=2)) == stored


def test_a_recency_that_says_no_when_is_silent_as_read():
    unsaid = Facet(key="recency", kind="recency", text="recent")

    assert recency_as_read(unsaid, timing_of(OPENS)) == SILENT


# -- a recency as of the request -------------------------------------------------------------


@pytest.mark.parametrize(
    ("sentence", "granted"),
    [
        pytest.param("Since 2023, Anneke has led the team.", True, id="begun_before_the_document"),
        # A start after the document's own date is not the document's claim, though the
        # request's as_of is later still.
        pytest.param("Since 2025, Anneke has led the team.", False, id="begun_after_the_document"),
    ],
)
def test_a_since_claim_is_held_to_the_documents_date_as_of_the_request(sentence, granted):
    found = decided(f"{OPENS} {sentence}", CURRENTLY, anchored=2)

    assert ("recency" in found.established) is granted
    assert ("recency" in found.missing_because) is not granted


@pytest.mark.parametrize(
    ("anchored", "granted"),
    [
        pytest.param(2, True, id="in_an_anchored_sentence"),
        pytest.param(1, False, id="in_a_sentence_about_other_work"),
    ],
)
def test_an_open_claim_counts_only_in_an_anchored_sentence(anchored, granted):
    text = f"{OPENS} She currently coaches the staff football team."

    found = decided(text, CURRENTLY, anchored=anchored)

    assert ("recency" in found.established) is granted


def test_a_granted_recency_quotes_the_judged_document():
    text = f"{OPENS} Since 2023, Anneke has led the team."
    judgment = DocumentJudgment(
        source_id="anneke-profile",
        experiences=(ExperienceJudgment(timing=timing_of(text, anchored=2).to_json()),),
    )

    (experience,) = judgment_at(judgment, AsOf(facets=(CURRENTLY,), as_of=AS_OF)).experiences

    quote = experience.established["recency"]
    assert quote.source_id == "anneke-profile"
    assert text[quote.char_start : quote.char_end] == quote.text == "Since 2023"


def test_the_record_closes_an_open_claim_at_the_employer():
    text = f"{OPENS} Since 2001, Anneke has led the team."

    found = decided(text, CURRENTLY, anchored=2, record=PersonRecord(rows=(ROW,)))
    withheld = decided(text, CURRENTLY, anchored=2, record=PersonRecord((ROW,), withheld=True))

    assert found.missing_because == {"recency": RECORD_SAYS_ENDED}
    assert found.closed_by_record["end"] == "2015-05"
    assert "recency" in withheld.established and withheld.closed_by_record is None


# -- a length as of the request --------------------------------------------------------------

GRANTED = "Anneke has done this work for more than 20 years."


def test_a_length_granted_with_the_record_keeps_another_lengths_handed_on_sentence():
    text = f"{OPENS} {GRANTED}"
    spans, _ = sentences_of(text)
    start, end = spans[1]
    granted = Quote(facet="duration", text=GRANTED, source_id="anneke", char_start=start,
                    char_end=end)  # fmt: skip
    handed = {"facet": "decades", "text": GRANTED, "years": 20.0, "why": ["below_threshold"]}
    experience = ExperienceJudgment(
        established={"duration": granted},
        missing_because={"decades": "duration_below_threshold"},
        lengths_not_proved=(handed,),
        timing=timing_of(text, reported={"duration": spans[1]}).to_json(),
    )
    at = AsOf(facets=(TWENTY, THIRTY), as_of=AS_OF, check=CHECK)

    found = experience_at(
        experience,
        at,
        "anneke",
        record=PersonRecord(rows=(ROW,)),
        source=Source(text, "Anneke Voss"),
    )

    assert found.established == {"duration": granted}
    assert found.missing_because == {"decades": "duration_below_threshold"}
    assert found.lengths_not_proved == (handed,)


def test_a_granted_length_stands_as_read_where_the_document_is_not_at_hand():
    text = f"{OPENS} Anneke has held this role since March 2001."
    spans, _ = sentences_of(text)
    quote = Quote(facet="duration", text=text[spans[1][0] : spans[1][1]], source_id="anneke",
                  char_start=spans[1][0], char_end=spans[1][1])  # fmt: skip
    experience = ExperienceJudgment(
        established={"duration": quote},
        timing=timing_of(text, reported={"duration": spans[1]}).to_json(),
    )
    at = AsOf(facets=(TWENTY,), as_of=AS_OF, check=CHECK)
    record = PersonRecord(rows=(ROW,))

    as_read = experience_at(experience, at, "anneke", record=record)
    reread = experience_at(
        experience, at, "anneke", record=record, source=Source(text, "Anneke Voss")
    )

    assert as_read.established == {"duration": quote}
    assert reread.missing_because == {"duration": RECORD_SAYS_ENDED}
    assert reread.closed_by_record["end"] == "2015-05"
