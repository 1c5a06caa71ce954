"""POST /v1/public/search over a directory of 1,000+ people loaded through connect.

The directory (tests/search/directory.py) is loaded once for the module, through the API, in a
transaction rolled back at the end; every count the verb gives is checked against a brute-force
count over the export itself.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Any

import pytest
from django.db import connection, transaction
from django.test.utils import CaptureQueriesContext
from rest_framework.test import APIClient

from limma.models import Entity, Workspace
from limma.vocabulary import Vocabulary
from tests.factories import make_document, make_key, make_workspace
from tests.search.directory import (
    CANNOT_BE_PLACED,
    GENERAL,
    MATCHED,
    NOT_RECORDED,
    PLACES,
    RESTRICTED,
    RULED_OUT,
    UNPLACEABLE_FUNCTION,
    UNPLACEABLE_PLACE,
    brute_force,
    directory_export,
    incomplete_reasons,
    outsider_names,
    people_of,
    places_of,
    running,
)

pytestmark = pytest.mark.django_db

PEOPLE = 1000
SEED = 20240611
OTHERS = (RULED_OUT, NOT_RECORDED, CANNOT_BE_PLACED)
MAX_LIMIT = 1000
LIST_CAP = 200  # the most a list of non-matches holds


def place(op: str, value: Any) -> dict[str, Any]:
    return {"relation": "based_in", "slot": "place", "op": op, "value": value}


def function(op: str, value: Any) -> dict[str, Any]:
    return {"relation": "held_role", "slot": "function", "op": op, "value": value}


EUROPE = [place("eq", "Europe")]
EUROPE_MARKETING = [place("eq", "Europe"), function("eq", "Marketing")]


@dataclass
class Directory:
    workspace: Workspace
    export: dict[str, Any]
    vocabulary: Vocabulary
    admin: APIClient
    general: APIClient
    hidden: list[str]  # people only restricted documents mention (not in the export)
    documented: list[str]  # people only general documents mention (not in the export)


def api_client(token: str) -> APIClient:
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Bearer {token}")
    return client


def directory_load(people: int, seed: int) -> Directory:
    workspace = make_workspace("Directory")
    admin = api_client(make_key(workspace, role="admin")[1])
    general = api_client(make_key(workspace, role="viewer", access_groups=[GENERAL])[1])
    export = directory_export(people, seed)
    reply = admin.post(
        "/v1/public/connect", {"workspace_id": workspace.id, **export}, format="json"
    )
    assert reply.status_code == 200, reply.json()
    assert reply.json()["entities"]["total"] == people
    names = outsider_names(export, people // 50 + 3)
    hidden = [
        make_document(
            workspace,
            entity_name=name,
            access_group=RESTRICTED,
            text=f"{name} is named in a restricted note.\n\nNothing else.",
        ).document.entity.key
        for name in names[3:]
    ]
    documented = [
        make_document(
            workspace,
            entity_name=name,
            access_group=GENERAL,
            text=f"{name} is named in a general note.\n\nNothing else.",
        ).document.entity.key
        for name in names[:3]
    ]
    return Directory(workspace, export, workspace.vocabulary, admin, general, hidden, documented)


@pytest.fixture(scope="module")
def directory(django_db_setup, django_db_blocker):
    """Loaded once (a connect of 1,000 people takes seconds) and rolled back at the end."""
    with django_db_blocker.unblock(), transaction.atomic():
        loaded = directory_load(PEOPLE, SEED)
        analyzed()
        yield loaded
        transaction.set_rollback(True)


def analyzed() -> None:
    """Statistics of what was loaded, as a directory in use has them: PostgreSQL plans a
    search over a table it holds none of as over an empty one (ANALYZE sees the transaction's
    own rows)."""
    if connection.vendor == "postgresql":
        with connection.cursor() as cursor:
            cursor.execute("ANALYZE")


@pytest.fixture(scope="module")
def small(directory, django_db_blocker):
    """200 people of another seed, in another workspace, for the query counts."""
    with django_db_blocker.unblock(), transaction.atomic():
        yield directory_load(200, SEED + 1)
        transaction.set_rollback(True)


def search(client: APIClient, workspace: Workspace, **body: Any) -> dict[str, Any]:
    reply = client.post("/v1/public/search", {"workspace_id": workspace.id, **body}, format="json")
    assert reply.status_code == 200, reply.json()
    return reply.json()


def others_of(body: dict[str, Any]) -> dict[str, int]:
    """The reply's others by the search's own verdicts; any other count (a criterion's, such
    as cannot_tell) is zero, as no search here carries a criterion."""
    extra = {name: count for name, count in body["others"].items() if name not in OTHERS}
    assert not any(extra.values()), extra
    return {verdict: body["others"][verdict] for verdict in OTHERS}


def walk(client: APIClient, workspace: Workspace, *, limit: int, **body: Any) -> list[dict]:
    """Every page of a search, from offset 0 until next_offset is null."""
    pages, offset = [], 0
    while offset is not None:
        page = search(client, workspace, limit=limit, offset=offset, **body)
        pages.append(page)
        offset = page["matched"]["next_offset"]
        assert len(pages) <= PEOPLE, "paging does not end"
    return pages


def id_sets(client: APIClient, workspace: Workspace, **body: Any) -> dict[str, set[str]]:
    """Every id of every verdict: the matches of every page, and the others from the full
    reply's lists, asked for 200 people at a time (entity_ids) so no list is ever cut."""
    pages = walk(client, workspace, limit=MAX_LIMIT, detail="full", **body)
    matched = [match["entity_id"] for page in pages for match in page["matches"]]
    assert len(matched) == len(set(matched)) == pages[0]["matched"]["total"]
    found = {MATCHED: set(matched), **{verdict: set() for verdict in OTHERS}}
    everyone = sorted(
        Entity.objects.filter(workspace=workspace, merged_into__isnull=True).values_list(
            "key", flat=True
        )
    )
    for start in range(0, len(everyone), LIST_CAP):
        chunk = everyone[start : start + LIST_CAP]
        ask = {
            "workspace_id": workspace.id,
            "detail": "full",
            "list_limit": LIST_CAP,
            "limit": LIST_CAP,
            **body,
        }
        reply = client.post("/v1/public/search", {**ask, "entity_ids": chunk}, format="json")
        if reply.status_code == 422:  # ids this key may not see are unknown to it: leave them
            hidden = set(reply.json()["detail"]["entity_ids"])
            chunk = [entity_id for entity_id in chunk if entity_id not in hidden]
            reply = client.post("/v1/public/search", {**ask, "entity_ids": chunk}, format="json")
        assert reply.status_code == 200, reply.json()
        reply = reply.json()
        for verdict in OTHERS:
            assert len(reply["entities"][verdict]) == reply["others"][verdict]
            found[verdict] |= set(reply["entities"][verdict])
    return found


def counts_of(expected: dict[str, set[str]]) -> dict[str, int]:
    return {verdict: len(ids) for verdict, ids in expected.items()}


# -- the directory itself -------------------------------------------------------------------


def test_the_directory_is_deterministic_and_holds_every_case():
    export = directory_export(PEOPLE, SEED)
    assert export == directory_export(PEOPLE, SEED)
    assert export != directory_export(PEOPLE, SEED + 1)
    people = export["tables"]["people"]
    vocabulary = Vocabulary.shipped()
    assert all(vocabulary.lookup(written, axis="place") for written, _ in PLACES)
    assert vocabulary.lookup(UNPLACEABLE_PLACE, axis="place") is None
    assert vocabulary.lookup(UNPLACEABLE_FUNCTION, axis="function") is None

    ids = [person["_id"] for person in people]
    assert len(set(ids)) == PEOPLE
    assert all(len(key) == 24 and int(key, 16) >= 0 for key in ids)
    share = Counter()
    for person in people:
        share["atlantis"] += person.get("country") == UNPLACEABLE_PLACE
        share["withheld"] += bool(person.get("country_withheld"))
        share["missing"] += "country" not in person and not person.get("country_withheld")
        share["restricted"] += person.get("bio_group") == RESTRICTED
        share["native"] += person.get("country") in {"Deutschland", "Schweiz", "Sverige"}
    assert 15 <= share["atlantis"] <= 50
    assert 15 <= share["withheld"] <= 50
    assert 15 <= share["missing"] <= 50
    assert 25 <= share["restricted"] <= 80
    assert share["native"] >= 20
    roles = Counter(role["person_id"] for role in export["tables"]["roles"])
    assert set(Counter(roles.values())) == {1, 2, 3}
    assert PEOPLE - len(roles) > 50  # people with no role at all
    assert any("end" not in role for role in export["tables"]["roles"])
    assert any(role.get("end") == "" for role in export["tables"]["roles"])
    assert any(role["function"] == UNPLACEABLE_FUNCTION for role in export["tables"]["roles"])


def test_the_directory_loads_every_person_through_connect(directory):
    body = search(directory.admin, directory.workspace, detail="full")
    in_scope = PEOPLE + len(directory.hidden) + len(directory.documented)
    assert body["counts"]["in_scope"] == in_scope
    assert body["matched"]["total"] == in_scope  # no constraint: everyone in scope matches
    assert body["complete"] is True


# -- counts ---------------------------------------------------------------------------------

CONSTRAINT_SETS = {
    "europe": EUROPE,
    "dach": [place("eq", "DACH")],
    "germany_or_switzerland": [place("in", ["Germany", "Switzerland"])],
    "not_germany": [place("ne", "Germany")],
    "europe_marketing": EUROPE_MARKETING,
    "southeast_asia": [place("eq", "Southeast Asia")],
    "deutschland_written_natively": [place("eq", "Deutschland")],
    "nordics_or_benelux_sales": [place("in", ["Nordics", "Benelux"]), function("eq", "Sales")],
    "not_marketing": [function("ne", "Marketing")],
    # both on held_role: they must hold in ONE role, not a function from one, company another
    "marketing_at_quellmark": [
        function("eq", "Marketing"),
        {"relation": "held_role", "slot": "company", "op": "eq", "value": "Quellmark Foods"},
    ],
}


@pytest.mark.parametrize("name", CONSTRAINT_SETS)
def test_counts_equal_a_brute_force_count(directory, name):
    constraints = CONSTRAINT_SETS[name]
    expected = brute_force(
        directory.export,
        constraints,
        directory.vocabulary,
        outsiders=directory.hidden + directory.documented,
    )
    assert all(expected.values()), f"the directory exercises every verdict: {counts_of(expected)}"

    body = search(directory.admin, directory.workspace, constraints=constraints)

    assert body["matched"]["total"] == len(expected[MATCHED])
    assert others_of(body) == {verdict: len(expected[verdict]) for verdict in OTHERS}
    assert body["complete"] is False  # someone is not recorded or cannot be placed
    assert body["incomplete_because"] == incomplete_reasons(
        directory.export,
        constraints,
        directory.vocabulary,
        outsiders=directory.hidden + directory.documented,
    )
    assert id_sets(directory.admin, directory.workspace, constraints=constraints) == expected


def test_the_set_is_complete_only_when_nothing_is_missing(directory):
    dach = brute_force(directory.export, [place("eq", "DACH")], directory.vocabulary)
    some = sorted(dach[MATCHED])[:40] + sorted(dach[RULED_OUT])[:20]

    body = search(
        directory.admin, directory.workspace, constraints=[place("eq", "DACH")], entity_ids=some
    )

    assert body["matched"]["total"] == 40
    assert others_of(body) == {RULED_OUT: 20, NOT_RECORDED: 0, CANNOT_BE_PLACED: 0}
    assert body["complete"] is True
    assert body["incomplete_because"] == {}

    one_more = [*some, sorted(dach[CANNOT_BE_PLACED])[0]]
    body = search(
        directory.admin, directory.workspace, constraints=[place("eq", "DACH")], entity_ids=one_more
    )
    assert body["others"][CANNOT_BE_PLACED] == 1
    assert body["complete"] is False
    assert sum(body["incomplete_because"].values()) == 1


def test_one_roles_conditions_hold_in_one_row(directory):
    """The pair of held_role conditions matches fewer than each condition alone intersected."""
    both = CONSTRAINT_SETS["marketing_at_quellmark"]
    apart = (
        brute_force(directory.export, both[:1], directory.vocabulary)[MATCHED]
        & brute_force(directory.export, both[1:], directory.vocabulary)[MATCHED]
    )
    together = id_sets(directory.admin, directory.workspace, constraints=both)[MATCHED]
    assert together < apart


# -- paging ---------------------------------------------------------------------------------


def test_paging_walks_the_whole_matched_set_once(directory):
    expected = brute_force(
        directory.export,
        EUROPE,
        directory.vocabulary,
        outsiders=directory.hidden + directory.documented,
    )[MATCHED]
    total = len(expected)
    assert total > 5 * 37

    pages = walk(directory.admin, directory.workspace, limit=37, constraints=EUROPE)

    seen: list[str] = []
    for number, page in enumerate(pages):
        showing = page["matched"]["showing"]
        assert page["matched"]["total"] == total
        assert showing == [number * 37 + 1, number * 37 + len(page["matches"])]
        assert len(page["matches"]) == (37 if number < len(pages) - 1 else total - number * 37)
        assert page["matched"]["next_offset"] == (
            (number + 1) * 37 if number < len(pages) - 1 else None
        )
        seen += [match["entity_id"] for match in page["matches"]]
    assert len(pages) == -(-total // 37)
    assert len(seen) == len(set(seen)) == total
    assert set(seen) == expected

    again = walk(directory.admin, directory.workspace, limit=37, constraints=EUROPE)
    assert [m["entity_id"] for page in again for m in page["matches"]] == seen
    # An offset past the end is an empty page that still says the whole count.
    past = search(directory.admin, directory.workspace, constraints=EUROPE, offset=total + 5)
    assert past["matched"] == {"total": total, "showing": None, "next_offset": None}
    assert past["matches"] == []


def test_a_page_says_why_each_person_matched(directory):
    body = search(directory.admin, directory.workspace, constraints=EUROPE_MARKETING, limit=100)
    vocabulary = directory.vocabulary
    people = people_of(directory.export)
    assert body["matches"]
    for match in body["matches"]:
        person = people[match["entity_id"]]
        assert match["name"] == person.name
        why = {item["relation"]: item for item in match["why"]}
        assert vocabulary.is_under(why["based_in"]["term"], "Europe", axis="place")
        assert why["held_role"]["term"] == "Marketing"
        assert why["based_in"]["receipt"]["origin"] == "declared"
        assert why["held_role"]["receipt"]["table"] == "roles"
        assert why["based_in"]["value"] in [row["place"] for row in person.rows["based_in"]]


def test_entities_matched_is_the_whole_set_up_to_its_cap_not_the_page(directory):
    constraints = [place("eq", "DACH")]
    expected = brute_force(
        directory.export,
        constraints,
        directory.vocabulary,
        outsiders=directory.hidden + directory.documented,
    )[MATCHED]
    assert len(expected) < 200

    body = search(
        directory.admin, directory.workspace, constraints=constraints, detail="full", limit=10
    )

    assert len(body["matches"]) == 10
    assert set(body["entities"][MATCHED]) == expected


# -- regions --------------------------------------------------------------------------------


@pytest.mark.parametrize("region", ["DACH", "Nordics", "Benelux"])
def test_a_region_matches_every_country_under_it_and_nothing_else(directory, region):
    vocabulary = directory.vocabulary
    places = places_of(directory.export)
    under = {
        person
        for person, written in places.items()
        if any(vocabulary.is_under(each, region, axis="place") for each in written)
    }
    # The directory writes countries of the region natively as well as in English.
    native = {
        each
        for written in places.values()
        for each in written
        if vocabulary.is_under(each, region, axis="place")
        and vocabulary.lookup(each, axis="place").name != each
    }
    assert native

    found = id_sets(directory.admin, directory.workspace, constraints=[place("eq", region)])

    assert found[MATCHED] == under
    for person in found[MATCHED]:  # nothing else: each match lies under the region
        assert any(vocabulary.is_under(each, region, axis="place") for each in places[person])
    for person in found[RULED_OUT]:
        assert places[person]
        assert not any(vocabulary.is_under(each, region, axis="place") for each in places[person])
    body = search(
        directory.admin, directory.workspace, constraints=[place("eq", region)], limit=MAX_LIMIT
    )
    terms = {item["term"] for match in body["matches"] for item in match["why"]}
    assert terms
    assert all(vocabulary.is_under(term, region, axis="place") for term in terms)


# -- access ---------------------------------------------------------------------------------


def test_a_key_without_access_never_sees_a_person_only_hidden_documents_mention(directory):
    hidden = set(directory.hidden)
    assert hidden
    for constraints in ([], EUROPE, EUROPE_MARKETING):
        expected = brute_force(
            directory.export, constraints, directory.vocabulary, outsiders=directory.documented
        )
        body = search(
            directory.general, directory.workspace, constraints=constraints, detail="full"
        )
        assert body["counts"]["in_scope"] == PEOPLE + len(directory.documented)
        assert body["matched"]["total"] == len(expected[MATCHED])
        assert others_of(body) == {verdict: len(expected[verdict]) for verdict in OTHERS}
        found = id_sets(directory.general, directory.workspace, constraints=constraints)
        assert found == expected
        assert not hidden & set().union(*found.values())

    # The admin key reads every group: the same people are there, not recorded.
    expected = brute_force(
        directory.export,
        EUROPE,
        directory.vocabulary,
        outsiders=directory.hidden + directory.documented,
    )
    assert hidden <= expected[NOT_RECORDED]
    body = search(directory.admin, directory.workspace, constraints=EUROPE)
    assert body["others"][NOT_RECORDED] == len(expected[NOT_RECORDED])
    found = id_sets(directory.admin, directory.workspace, constraints=EUROPE)
    assert hidden <= found[NOT_RECORDED]
    one = search(
        directory.admin,
        directory.workspace,
        constraints=EUROPE,
        entity_ids=directory.hidden[:1],
        detail="full",
    )
    assert one["counts"]["in_scope"] == 1
    assert one["matched"]["total"] == 0
    assert others_of(one) == {RULED_OUT: 0, NOT_RECORDED: 1, CANNOT_BE_PLACED: 0}
    assert one["entities"][NOT_RECORDED] == directory.hidden[:1]


def test_a_connected_person_whose_profile_is_restricted_stays_in_the_record(directory):
    """The record (the export) is not a document: a general key still counts the person."""
    restricted = [
        person["_id"]
        for person in directory.export["tables"]["people"]
        if person.get("bio_group") == RESTRICTED
    ]
    body = search(
        directory.general,
        directory.workspace,
        entity_ids=restricted,
        constraints=EUROPE,
        detail="full",
    )
    assert body["counts"]["in_scope"] == len(restricted)


def test_a_person_only_hidden_documents_mention_is_not_findable_by_entity_ids(directory):
    made_up = directory.general.post(
        "/v1/public/search",
        {"workspace_id": directory.workspace.id, "entity_ids": ["0" * 24], "constraints": EUROPE},
        format="json",
    )
    assert made_up.status_code == 422
    assert made_up.json()["detail"]["type"] == "entity_unknown"

    hidden = directory.general.post(
        "/v1/public/search",
        {
            "workspace_id": directory.workspace.id,
            "entity_ids": directory.hidden[:1],
            "constraints": EUROPE,
        },
        format="json",
    )

    assert hidden.status_code == 422, hidden.json()
    assert hidden.json()["detail"] == {
        **made_up.json()["detail"],
        "entity_ids": directory.hidden[:1],
    }


# -- as_of ----------------------------------------------------------------------------------


@pytest.mark.parametrize("as_of", ["2012-06", "2019", "2024-01"])
def test_as_of_reads_a_roles_period(directory, as_of):
    constraints = [function("eq", "Marketing")]
    outsiders = directory.hidden + directory.documented
    expected = brute_force(
        directory.export, constraints, directory.vocabulary, as_of=as_of, outsiders=outsiders
    )
    ever = brute_force(directory.export, constraints, directory.vocabulary, outsiders=outsiders)
    assert expected[MATCHED] < ever[MATCHED]  # the period matters for this directory

    found = id_sets(directory.admin, directory.workspace, constraints=constraints, as_of=as_of)

    assert found == expected
    body = search(
        directory.admin,
        directory.workspace,
        constraints=constraints,
        as_of=as_of,
        detail="full",
        limit=MAX_LIMIT,
    )
    assert body["as_of"] == as_of
    assert body["more"]["entity"]["with"]["as_of"] == as_of
    roles = {
        (role["person_id"], role["company"], role["title"]): role
        for role in directory.export["tables"]["roles"]
    }
    for match in body["matches"]:
        (why,) = match["why"]
        held = next(
            row["values"]
            for row in match["rows"]
            if row["relation"] == "held_role" and row["receipt"] == why["receipt"]
        )
        assert running(held, as_of), (as_of, held)
        assert (match["entity_id"], held["company"], held["title"]) in roles


# -- queries --------------------------------------------------------------------------------


def queries_of_one_search(client: APIClient, workspace: Workspace, **body: Any) -> list[str]:
    search(client, workspace, **body)  # warm: a key's first call of a minute records its use
    with CaptureQueriesContext(connection) as captured:
        search(client, workspace, **body)
    return [query["sql"] for query in captured.captured_queries]


@pytest.mark.parametrize(
    "body",
    [
        {"constraints": EUROPE_MARKETING},
        {"constraints": EUROPE_MARKETING, "detail": "full", "list_limit": LIST_CAP},
        {"constraints": [place("eq", "DACH")], "limit": 37, "offset": 37},
    ],
    ids=["compact", "full", "second_page"],
)
def test_the_queries_of_one_search_do_not_grow_with_the_people(directory, small, body):
    few = queries_of_one_search(small.admin, small.workspace, **body)
    many = queries_of_one_search(directory.admin, directory.workspace, **body)

    assert len(few) == len(many), "\n".join(many)
    assert len(many) <= 15
