"""The record check, recency and as_of through the search verb (docs/concepts.md#record-check,
docs/concepts.md#recency).

A small workspace loaded through a connect: profiles dated March 2024 and a held_role relation
(company, title, function, start, end), read by the offline provider. Maren is the spec's — her
profile dates the work from 2001, her role on record ended May 2015 — and the others show what
closes nothing: a withheld row, a row a model extracted, a role still open. (Her sentence puts
"since 2001" at its end: the offline second call confirms a sentence her name leads, and the
spec's own wording, "Since 2001, Maren has led …", is read through the pure steps in
test_record.py.)
"""

from __future__ import annotations

from typing import Any

import pytest

from limma.models import Document, Entity, RelationRow
from limma.services.connect import export_connect
from limma.services.rows import row_create, row_delete
from tests.factories import make_key, make_workspace

CHECK = {"relation": "held_role", "party_slot": "company"}
NICHE = "20+ years marketing baby formula in European markets"
FACETS = [
    {"key": "duration", "kind": "duration", "text": "20+ years", "min_years": 20},
    {"key": "function", "kind": "condition", "text": "marketing", "value": "Marketing"},
    {"key": "product", "kind": "condition", "text": "baby formula"},
    {"key": "market", "kind": "condition", "text": "in European markets", "value": "Europe"},
]
CURRENT = {
    "text": "currently marketing baby formula in European markets",
    "facets": [
        {"key": "recency", "kind": "recency", "text": "currently", "current": True},
        *FACETS[1:],
    ],
}
DATED = "2024-03-01"


def profile(name: str, employer: str) -> str:
    given = name.split(maxsplit=1)[0]
    if given == "Ragna":
        return (
            f"{name} is a marketing director at {employer}.\n"
            f"{given} has led marketing for baby formula across Norway and Sweden.\n"
            f"{given} has held this role since March 2001.\n"
        )
    return (
        f"{name} is a marketing director at {employer}.\n"
        f"{given} has led marketing for baby formula across Norway and Sweden since 2001.\n"
    )


# entity key -> (name, employer, [(company, end, withheld)])
PEOPLE: dict[str, tuple[str, str, list[tuple[str, str, bool]]]] = {
    "maren_hauge": ("Maren Hauge", "Quellmark Foods AS", [("Quellmark Foods", "2015-05", False)]),
    # The loader withheld a row of the relation: a record with a known hole closes nothing.
    "sigrid_withheld": (
        "Sigrid Lund",
        "Halden Foods AS",
        [("Halden Foods", "2015-05", False), ("Halden Foods", "", True)],
    ),
    # A role at the employer is still open: nothing is closed.
    "tove_open": (
        "Tove Brekke",
        "Nordmilk AS",
        [("Nordmilk", "2010-02", False), ("Nordmilk AS", "", False)],
    ),
    # Her only row is one a model extracted (added below): never the record.
    "unni_extracted": ("Unni Dahl", "Fjordvik Foods AS", []),
    # Her length is in the one closed form ("… has held this role since March 2001."): granted.
    "ragna_vik": ("Ragna Vik", "Solvik Foods AS", [("Solvik Foods", "2015-05", False)]),
}


def export() -> dict[str, Any]:
    experts = [
        {"_id": key, "name": name, "bio": profile(name, employer), "dated": DATED}
        for key, (name, employer, _) in PEOPLE.items()
    ]
    roles = [
        {
            "_id": f"{key}-{index}",
            "person": key,
            "company": company,
            "title": "Marketing Director",
            "start": "2001-03",
            "end": end,
            "withheld": "yes" if withheld else "",
        }
        for key, (_, _, rows) in PEOPLE.items()
        for index, (company, end, withheld) in enumerate(rows)
    ]
    return {
        "tables": {"experts": experts, "roles": roles},
        "mapping": {
            "entities": [{"table": "experts", "id": "_id", "name": "name"}],
            "relations": [
                {
                    "relation": "held_role",
                    "table": "roles",
                    "id": "_id",
                    "entity": "person",
                    "withheld": "withheld",
                    "slots": {
                        "company": "company",
                        "title": "title",
                        "start": "start",
                        "end": "end",
                    },
                }
            ],
            "documents": [
                {
                    "table": "experts",
                    "entity": "_id",
                    "kind": "profile",
                    "text": "bio",
                    "date": "dated",
                }
            ],
        },
    }


@pytest.fixture
def on_record(db):
    workspace = make_workspace("On record")
    loaded = export()
    export_connect(workspace=workspace, tables=loaded["tables"], mapping=loaded["mapping"])
    unni = Entity.objects.get(workspace=workspace, key="unni_extracted")
    document = Document.objects.get(workspace=workspace, entity=unni)
    row_create(
        workspace=workspace,
        entity=unni,
        relation="held_role",
        values={"company": "Fjordvik Foods", "end": "2015-05"},
        origin=RelationRow.Origin.EXTRACTED,
        document=document,
        char_start=0,
        char_end=10,
        made_by="reader",
    )
    return workspace


@pytest.fixture
def search(on_record, client_for):
    client = client_for(make_key(on_record, role="analyst")[1])

    def post(criterion: dict[str, Any], **body: Any) -> dict[str, Any]:
        sent = {"workspace_id": on_record.id, "detail": "full", "criteria": [criterion], **body}
        response = client.post("/v1/public/search", sent, format="json")
        assert response.status_code == 200, response.json()
        return response.json()

    return post


def block(reply: dict[str, Any]) -> dict[str, Any]:
    return reply["criteria"][0]


def entry(read: dict[str, Any], who: str) -> tuple[str, dict[str, Any]]:
    """Which list the person is on, and their entry."""
    for listed in ("matched", "none", "undetermined", "not_recorded"):
        for person in read[listed]:
            if person["entity_id"] == who:
                return listed, person
    raise AssertionError(f"{who} is on no list")


def maren(read: dict[str, Any]) -> dict[str, Any] | None:
    """The spec's helper: Maren's entry on undetermined, None where she is not there."""
    return next((p for p in read["undetermined"] if p["entity_id"] == "maren_hauge"), None)


# -- the spec's four lines -------------------------------------------------------------------


def test_spec_maren_currently_with_the_check_is_withheld_by_the_record(search):
    person = maren(block(search({**CURRENT, "record_check": CHECK}, as_of="2024-06")))

    # currently | short of: {'recency': 'record_says_ended'} | closed by the record at: 2015-05
    # | names the row: True
    assert person is not None
    assert person["missing_because"] == {"recency": "record_says_ended"}
    assert person["closed_by_record"]["end"] == "2015-05"
    assert "row" in person["closed_by_record"]
    row = person["closed_by_record"]["row"]
    assert (row["relation"], row["table"], row["values"]["end"]) == (
        "held_role",
        "roles",
        "2015-05",
    )


def test_spec_maren_currently_without_the_check_is_a_match(search):
    read = block(search(CURRENT, as_of="2024-06"))

    assert maren(read) is None  # currently, without the check | a match: True
    listed, person = entry(read, "maren_hauge")
    assert listed == "matched"
    recency = next(quote for quote in person["evidence"] if quote["facet"] == "recency")
    assert recency["text"] == "since 2001"
    assert "checked_by" not in recency  # counted by rule, like a length
    assert read["recency_notes"] == ["recency_unchecked_against_record"]


def test_spec_maren_twenty_years_with_the_check_counts_to_the_records_end(search):
    person = maren(block(search({"text": NICHE, "facets": FACETS, "record_check": CHECK})))

    # 20+ years | short of: {'duration': 'length_not_proved'} | ['not_in_the_closed_form'] |
    # 13.42 years, counted to the record's end: 2015-05
    assert person is not None
    (length,) = person["lengths_not_proved"]
    assert person["missing_because"] == {"duration": "length_not_proved"}
    assert length["why"] == ["not_in_the_closed_form"]
    assert length["years"] == 13.42
    assert length["closed_by_record"]["end"] == "2015-05"
    assert "row" in length["closed_by_record"]
    assert "closed_by_record" not in person  # said on the item: the length never matched


def test_spec_maren_twenty_years_without_the_check_is_the_sentences_count(search):
    person = maren(block(search({"text": NICHE, "facets": FACETS})))

    # 20+ years, without the check | 22.25 years | closed by the record: False
    assert person is not None
    (without,) = person["lengths_not_proved"]
    assert without["years"] == 22.25
    assert "closed_by_record" not in without


# -- the echo --------------------------------------------------------------------------------


def test_the_echo_says_what_the_check_was_read_for(search):
    read = block(
        search({"text": NICHE, "facets": FACETS, "record_check": CHECK | {"label_slot": "title"}})
    )

    assert read["record_check"]["length"] == {"consulted": False, "why": "switched_off"}
    assert read["record_check"]["open_period"] == {"consulted": True, "why": None}
    assert {key: read["record_check"][key] for key in ("relation", "party_slot", "label_slot")} == (
        CHECK | {"label_slot": "title"}
    )
    assert read["recency_notes"] == []  # no recency asked
    without = block(search({"text": NICHE, "facets": FACETS}))
    assert without["record_check"] is None
    assert without["address"] != read["address"]  # label_slot is part of the identity


def test_a_criterion_that_asks_no_length_says_so(search):
    read = block(search({**CURRENT, "record_check": CHECK}, as_of="2024-06"))

    assert read["record_check"]["length"] == {"consulted": False, "why": "no_duration_facet"}
    assert read["recency_notes"] == []  # the check holds "currently" against the record


def test_a_not_run_reply_echoes_the_check_consulted_for_nothing(search):
    # max_reads 0 on a criterion never read: not_run, reuse_only_criterion_unknown.
    read = block(
        search(
            {"text": NICHE, "facets": FACETS, "record_check": CHECK},
            criteria_budget={"max_reads": 0},
        )
    )

    assert (read["status"], read["status_reason"]) == ("not_run", "reuse_only_criterion_unknown")
    assert read["record_check"]["open_period"] == {"consulted": False, "why": "not_run"}
    assert read["record_check"]["length"] == {"consulted": False, "why": "switched_off"}


@pytest.mark.parametrize(
    ("check", "faults"),
    [
        pytest.param({"relation": "held_roles", "party_slot": "company"}, ["relation_unknown"]),
        pytest.param({"relation": "held_role"}, ["party_slot_missing"]),
        pytest.param(
            {"relation": "held_role", "party_slot": "company", "label_slot": "company"},
            ["label_slot_is_the_party_slot"],
        ),
        pytest.param("held_role", ["not_an_object"]),
    ],
)
def test_a_malformed_check_is_a_malformed_criterion_and_reads_nothing(
    on_record, client_for, check, faults
):
    client = client_for(make_key(on_record, role="analyst")[1])
    response = client.post(
        "/v1/public/search",
        {
            "workspace_id": on_record.id,
            "criteria": [{"text": NICHE, "facets": FACETS, "record_check": check}],
        },
        format="json",
    )

    assert response.status_code == 422
    assert response.json()["detail"]["type"] == "criterion_invalid"
    assert response.json()["detail"]["faults"] == [f"record_check:{fault}" for fault in faults]
    assert not on_record.criteria.exists()


# -- what closes nothing ---------------------------------------------------------------------


@pytest.mark.parametrize(
    "who",
    [
        pytest.param("sigrid_withheld", id="a_record_with_a_withheld_row"),
        pytest.param("tove_open", id="a_role_still_open"),
        pytest.param("unni_extracted", id="a_row_a_model_extracted"),
    ],
)
def test_what_closes_nothing(search, who):
    read = block(search({**CURRENT, "record_check": CHECK}, as_of="2024-06"))

    listed, person = entry(read, who)
    assert listed == "matched"
    assert "closed_by_record" not in person
    length = maren(block(search({"text": NICHE, "facets": FACETS, "record_check": CHECK})))
    assert length is not None  # Maren's closes; theirs do not:
    other = entry(block(search({"text": NICHE, "facets": FACETS, "record_check": CHECK})), who)[1]
    (item,) = other["lengths_not_proved"]
    assert (item["years"], "closed_by_record" in item) == (22.25, False)


def test_a_granted_length_the_record_cuts_short_is_withheld_and_names_the_row(search):
    without = block(search({"text": NICHE, "facets": FACETS}))
    checked = block(search({"text": NICHE, "facets": FACETS, "record_check": CHECK}))

    listed, person = entry(without, "ragna_vik")
    assert listed == "matched"  # "since March 2001" in the closed form: 23 years, granted
    length = next(quote for quote in person["evidence"] if quote["facet"] == "duration")
    assert length["text"] == "since March 2001"
    listed, person = entry(checked, "ragna_vik")
    assert (listed, person["missing_because"]) == (
        "undetermined",
        {"duration": "record_says_ended"},
    )
    assert person["closed_by_record"]["end"] == "2015-05"
    assert person["closed_by_record"]["row"]["values"]["company"] == "Solvik Foods"


# -- as_of -----------------------------------------------------------------------------------


def test_as_of_before_the_records_end_is_not_closed(search):
    read = block(search({**CURRENT, "record_check": CHECK}, as_of="2015-01"))

    assert entry(read, "maren_hauge")[0] == "matched"


def test_within_years_the_record_ended_inside_the_window_holds(search):
    within = {
        "text": "in the last 10 years marketing baby formula in European markets",
        "facets": [
            {
                "key": "recency",
                "kind": "recency",
                "text": "in the last 10 years",
                "within_years": 10,
            },
            *FACETS[1:],
        ],
    }
    inside = block(search({**within, "record_check": CHECK}, as_of="2024-06"))
    outside = block(search({**within, "record_check": CHECK}, as_of="2026-06"))

    assert entry(inside, "maren_hauge")[0] == "matched"
    listed, person = entry(outside, "maren_hauge")
    assert (listed, person["missing_because"]) == ("undetermined", {"recency": "record_says_ended"})


def test_one_stored_judgment_serves_every_as_of_and_reads_nothing_again(search):
    first = block(search(CURRENT, as_of="2024-06"))
    before = block(search(CURRENT, as_of="2000-06"))

    assert first["reads"]["done"] == len(PEOPLE)
    assert (before["reads"]["done"], before["reads"]["reused"]) == (0, len(PEOPLE))
    assert entry(first, "maren_hauge")[0] == "matched"
    # In June 2000 her "since 2001" had not begun: nothing is current.
    listed, person = entry(before, "maren_hauge")
    assert (listed, person["missing_because"]) == (
        "undetermined",
        {"recency": "recency_not_proved"},
    )


# -- the record as it is now -----------------------------------------------------------------


def test_the_closure_follows_the_record_as_it_is_now(on_record, search):
    criterion = {**CURRENT, "record_check": CHECK}
    assert maren(block(search(criterion, as_of="2024-06"))) is not None

    row = RelationRow.objects.get(workspace=on_record, record_id="maren_hauge-0")
    row_create(
        workspace=on_record,
        entity=row.entity,
        relation="held_role",
        values={"company": "Quellmark Foods AS", "title": "Director", "start": "2016-01"},
        origin=RelationRow.Origin.DECLARED,
        source_table="roles",
        record_id="maren_hauge-1",
    )
    added = block(search(criterion, as_of="2024-06"))
    assert entry(added, "maren_hauge")[0] == "matched"  # a role added, still open
    assert added["reads"]["done"] == 0

    row_delete(RelationRow.objects.get(record_id="maren_hauge-1"))
    assert maren(block(search(criterion, as_of="2024-06"))) is not None
    row_delete(RelationRow.objects.get(record_id="maren_hauge-0"))
    assert entry(block(search(criterion, as_of="2024-06")), "maren_hauge")[0] == "matched"


# -- never a length from the record ----------------------------------------------------------


def test_no_reply_carries_a_length_from_the_record(search):
    replies = [
        search({"text": NICHE, "facets": FACETS, "record_check": CHECK}),
        search({**CURRENT, "record_check": CHECK}, as_of="2024-06"),
        search({"text": NICHE, "facets": FACETS, "record_check": CHECK}, detail="compact"),
    ]

    for reply in replies:
        words = repr(reply)
        assert "rests_on_record" not in words
        assert "years_recorded" not in words
        assert "'checked_by': 'record'" not in words
    read = block(replies[0])
    assert read["counts"]["matched"] == 0  # nobody's length is taken from the record's dates


@pytest.mark.parametrize("as_of", ["2024-02-30", "0000-06"])
def test_an_as_of_the_calendar_does_not_hold_is_refused(on_record, client_for, as_of):
    client = client_for(make_key(on_record, role="analyst")[1])
    response = client.post(
        "/v1/public/search",
        {"workspace_id": on_record.id, "criteria": [CURRENT], "as_of": as_of},
        format="json",
    )

    assert response.status_code == 422, response.json()
    assert response.json()["detail"]["faults"] == ["as_of:not_a_date"]
    assert not on_record.criteria.exists()
