"""POST /v1/public/verify: a value an answer computed across the rows it listed, recomputed from
the stored values, with whether it holds and the arithmetic; and the same as the MCP tool
limma_verify, which the console's agent is offered."""

from __future__ import annotations

import copy

import anyio
import pytest
from django.test import Client
from mcp import ClientSession
from mcp.shared.memory import create_connected_server_and_client_session

from limma.pack import DEFAULT_PACK
from limma.services.connect import export_connect
from qa_view.console.runs import console_tools
from qa_view.mcp.server import build_server
from tests.factories import make_key, make_workspace

PACK = copy.deepcopy(DEFAULT_PACK)
PACK["relations"]["deal"] = {"subject": "person", "slots": {"amount": "number"}}
PEOPLE = [
    {"_id": "p1", "name": "Greta Ostrander"},
    {"_id": "p2", "name": "Margaux Delacroix"},
]
ROLES = [
    # Greta: 2001-2010 and 2008-2023 overlap: 22 years covered, 24 if each were counted whole.
    {"role_id": "r1", "who": "p1", "function": "Marketing", "start": "2001", "end": "2010"},
    {"role_id": "r2", "who": "p1", "function": "Sales", "start": "2008", "end": "2023"},
    {"role_id": "r3", "who": "p2", "function": "Marketing", "start": "2002-07", "end": ""},
    {"role_id": "r4", "who": "p2", "function": "Marketing", "start": "2015", "end": "2012"},
]
DEALS = [
    {"deal_id": "d1", "who": "p1", "amount": "1200.50"},
    {"deal_id": "d2", "who": "p1", "amount": "300"},
]


@pytest.fixture
def store(db):
    workspace = make_workspace("Verify")
    workspace.pack = PACK
    workspace.save()
    export_connect(
        workspace=workspace,
        tables={"people": PEOPLE, "roles": ROLES, "deals": DEALS},
        mapping={
            "entities": [{"table": "people", "id": "_id", "name": "name"}],
            "relations": [
                {
                    "relation": "held_role",
                    "table": "roles",
                    "entity": "who",
                    "id": "role_id",
                    "slots": {"function": "function", "start": "start", "end": "end"},
                },
                {
                    "relation": "deal",
                    "table": "deals",
                    "entity": "who",
                    "id": "deal_id",
                    "slots": {"amount": "amount"},
                },
            ],
            "documents": [],
        },
    )
    _, token = make_key(workspace, role="viewer")
    return workspace, Client(headers={"Authorization": f"Bearer {token}"})


def receipts(table: str, *ids: str) -> list[dict[str, str]]:
    return [{"origin": "declared", "table": table, "record_id": record} for record in ids]


def roles(*ids: str) -> list[dict[str, str]]:
    return receipts("roles", *ids)


def deals(*ids: str) -> list[dict[str, str]]:
    return receipts("deals", *ids)


def verified(store, relation: str, rows: list[dict], **computed) -> dict:
    workspace, client = store
    body = {"workspace_id": workspace.id, "relation": relation, "rows": rows, "computed": computed}
    reply = client.post("/v1/public/verify", body, content_type="application/json")
    assert reply.status_code == 200, reply.content
    return reply.json()


@pytest.mark.parametrize(
    ("rows", "computed", "holds", "recomputed"),
    [
        (roles("r1", "r2", "r3"), {"kind": "count", "value": 3}, True, 3),
        (roles("r1", "r2", "r3"), {"kind": "count", "value": 4}, False, 3),
        (roles("r1", "r1", "r2"), {"kind": "count", "value": 2}, True, 2),
        (
            roles("r1", "r2", "r3"),
            {"kind": "count", "value": 2, "of": "people"},
            True,
            2,
        ),
        (
            roles("r1", "r2", "r3"),
            {"kind": "count", "value": 3, "of": "people"},
            False,
            2,
        ),
        (
            roles("r1", "r2", "r3"),
            {"kind": "share", "value": 0.67, "where": ["function", "eq", "Marketing"]},
            True,
            2 / 3,
        ),
        (
            roles("r1", "r2", "r3"),
            {"kind": "share", "value": 0.5, "where": ["function", "eq", "Marketing"]},
            False,
            2 / 3,
        ),
        (
            roles("r1", "r2"),
            {"kind": "years", "value": 22},
            True,
            22,
        ),
        (roles("r1", "r2"), {"kind": "years", "value": 24}, False, 22),
        (roles("r1"), {"kind": "years", "value": 9}, True, 9),
        (
            roles("r3"),
            {"kind": "years", "value": 20.5, "as_of": "2023-01-01"},
            True,
            20.5,
        ),
        (
            deals("d1", "d2"),
            {"kind": "sum", "value": 1500.5, "slot": "amount"},
            True,
            1500.5,
        ),
        (
            deals("d1", "d2"),
            {"kind": "sum", "value": 1500, "slot": "amount"},
            False,
            1500.5,
        ),
    ],
)
def test_a_claim_is_recomputed_from_the_stored_values(store, rows, computed, holds, recomputed):
    relation = "deal" if rows[0]["table"] == "deals" else "held_role"
    reply = verified(store, relation, rows, **computed)

    assert reply["holds"] is holds
    assert reply["recomputed"] == pytest.approx(recomputed)
    assert reply["arithmetic"] and reply["not_found"] == [] and reply["unusable"] == []


def test_overlapping_periods_are_counted_once_and_the_arithmetic_says_so(store):
    reply = verified(store, "held_role", roles("r1", "r2"), kind="years", value=24)

    assert reply["arithmetic"] == "(2023 - 2001) = 22 years (overlapping periods counted once)"
    assert [row["values"]["start"] for row in reply["rows"]] == ["2001", "2008"]


def test_a_receipt_that_names_no_stored_row_keeps_the_claim_from_holding(store):
    rows = roles("r1", "r2", "r99")
    reply = verified(store, "held_role", rows, kind="count", value=2)

    assert reply["recomputed"] == 2 and reply["holds"] is False
    assert reply["not_found"] == roles("r99")


def test_a_period_that_cannot_be_read_is_named_and_the_claim_does_not_hold(store):
    years = verified(store, "held_role", roles("r1", "r4"), kind="years", value=9)

    assert years["holds"] is False and years["recomputed"] == 9
    assert years["unusable"] == ["Margaux Delacroix: start='2015', end='2012'"]


def test_a_whole_row_as_limma_facts_gives_it_is_taken_by_its_receipt(store):
    workspace, client = store
    facts = client.post(
        "/v1/public/facts",
        {"workspace_id": workspace.id, "relation_query": {"relation": "held_role"}},
        content_type="application/json",
    ).json()
    reply = verified(
        store, "held_role", facts["rows"], kind="count", value=facts["matched"]["total"]
    )

    assert reply["holds"] is True


@pytest.mark.parametrize(
    ("computed", "fault"),
    [
        ({"kind": "sum", "value": 1}, "computed.slot:invalid"),
        ({"kind": "share", "value": 0.5}, "computed.where:invalid"),
        ({"kind": "average", "value": 1}, "computed.kind:invalid_choice"),
        ({"kind": "count"}, "computed.value:required"),
    ],
)
def test_a_claim_that_cannot_be_checked_is_a_422_naming_the_fault(store, computed, fault):
    workspace, client = store
    body = {
        "workspace_id": workspace.id,
        "relation": "held_role",
        "rows": roles("r1"),
        "computed": computed,
    }
    reply = client.post("/v1/public/verify", body, content_type="application/json")

    assert reply.status_code == 422 and fault in reply.json()["detail"]["faults"]


def test_an_unknown_relation_is_a_422(store):
    workspace, client = store
    body = {
        "workspace_id": workspace.id,
        "relation": "owns_boat",
        "rows": roles("r1"),
        "computed": {"kind": "count", "value": 1},
    }
    reply = client.post("/v1/public/verify", body, content_type="application/json")

    assert reply.status_code == 422 and reply.json()["detail"]["faults"] == ["relation:unknown"]


@pytest.mark.django_db(transaction=True)
def test_limma_verify_is_a_read_tool_over_mcp_and_in_the_consoles_list(store):
    workspace, _ = store
    key, _ = make_key(workspace, role="viewer")
    out = {}

    async def main():
        async with create_connected_server_and_client_session(build_server(key)) as session:
            session: ClientSession
            tools = {tool.name: tool for tool in (await session.list_tools()).tools}
            out["tool"] = tools["limma_verify"]
            out["reply"] = await session.call_tool(
                "limma_verify",
                {
                    "relation": "held_role",
                    "rows": roles("r1", "r2"),
                    "computed": {"kind": "years", "value": 22},
                },
            )

    anyio.run(main)
    assert out["tool"].annotations.readOnlyHint is True and out["tool"].outputSchema
    assert out["reply"].isError is False and out["reply"].structuredContent["holds"] is True
    assert "limma_verify" in console_tools(key)
