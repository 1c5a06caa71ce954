"""The page is sent a projection of a run (docs/pages.md#what-the-page-is-sent), and the agent's
answer guarded: no line naming money, metering, a tool, a model or a
field of a reply, and no id."""

from __future__ import annotations

import pytest

from qa_view.answer.stream import Guard, PageStream
from tests.limma.exports import connect

EUROPE = [{"relation": "based_in", "slot": "place", "op": "eq", "value": "Europe"}]
NICHE = "marketing baby formula in European markets"

PRINTED = """\
attached     -> nothing
tool_call    -> nothing
tool_result  -> reply: ['constraints', 'reply']
done         -> done: ['answer', 'stop']
error        -> error: ['code']
of the reply: ['candidates', 'close', 'complete', 'criterion', 'detail', 'incomplete_because', \
'matched', 'matches', 'others']
left on the server: ['map_version', 'more', 'request_id'] - and `spent`, on a reply that paid \
for reads
"""


def spec_events(reply):
    asked = {"constraints": EUROPE, "criteria": [{"text": NICHE}]}
    return [
        {"kind": "attached", "data": {"tools": ["limma_search"]}},
        {"kind": "tool_call", "data": {"id": "call-1", "tool": "limma_search", "args": asked}},
        {"kind": "tool_result", "data": {"id": "call-1", "tool": "limma_search", "result": reply}},
        {
            "kind": "done",
            "data": {
                "answer": "**1 people match**",
                "stop": "end_turn",
                "agent_cost_usd_est": 0.42,
                "usage_in": 4321,
                "model": "a-model",
            },
        },
        {
            "kind": "error",
            "data": {"message": "ProviderError: a-model said 529", "code": "model_unavailable"},
        },
    ]


def test_the_spec_projection_prints_what_the_spec_prints(api, workspace):
    assert connect(api, workspace).status_code == 200
    response = api.post(
        "/v1/public/search",
        {"workspace_id": workspace.id, "detail": "compact", "constraints": EUROPE,
         "criteria": [{"text": NICHE}]},
        format="json",
    )  # fmt: skip
    assert response.status_code == 200, response.json()
    reply = response.json()
    events = spec_events(reply)
    printed = []
    stream = PageStream()
    for event in events:
        sent = stream.feed(event)
        printed.append(
            f"{event['kind'].ljust(12)} -> "
            + ("nothing" if sent is None else f"{sent['kind']}: {sorted(sent['data'])}")
        )
    sent = PageStream()
    sent.feed(events[1])
    kept = sorted(sent.feed(events[2])["data"]["reply"])
    printed.append(f"of the reply: {kept}")
    left = sorted(set(reply) - set(kept) - {"spent"})
    printed.append(f"left on the server: {left} - and `spent`, on a reply that paid for reads")

    assert "\n".join(printed) + "\n" == PRINTED


def test_the_done_event_keeps_nothing_of_the_run_record():
    stream = PageStream()
    sent = stream.feed(spec_events({})[3])

    assert sent == {"kind": "done", "data": {"answer": "**1 people match**", "stop": "end_turn"}}


def call(args, call_id="c"):
    return {"kind": "tool_call", "data": {"id": call_id, "tool": "limma_search", "args": args}}


def result(reply, call_id="c", **more):
    data = {"id": call_id, "tool": "limma_search", "result": reply, **more}
    return {"kind": "tool_result", "data": data}


def test_a_search_that_did_not_come_back_is_a_code_and_whether_it_asked_for_a_niche():
    stream = PageStream()
    stream.feed(call({"brief": "Who in France has 20+ years marketing infant formula?"}))
    refusal = {
        "status": 403,
        "path": "/v1/public/search",
        "detail": {"type": "criteria_read_needs_write", "reason": "…"},
    }
    sent = stream.feed(result(refusal, ok=False))

    assert sent == {"kind": "reply", "data": {"code": "criteria_read_needs_write", "niche": True}}


def test_a_search_by_constraints_alone_did_not_ask_for_a_niche():
    stream = PageStream()
    stream.feed(call({"constraints": EUROPE}))
    refusal = {"status": 422, "path": "/v1/public/search", "detail": {"type": "invalid_request"}}
    sent = stream.feed(result(refusal, ok=False))

    assert sent["data"] == {"code": "invalid_request", "niche": False}


def test_facts_and_region_results_stay_on_the_server():
    stream = PageStream()
    for tool in ("limma_facts", "limma_region"):
        event = {"kind": "tool_result", "data": {"id": "x", "tool": tool, "result": {"rows": []}}}
        assert stream.feed(event) is None


# --- the guard --------------------------------------------------------------------------------

KNOWN = {"414faa227dc946d35295d3e1": "Camille N. Rousseau", "e-52": "Annika Solheim"}


@pytest.mark.parametrize(
    ("written", "shown"),
    [
        ("Camille N. Rousseau (414faa227dc946d35295d3e1)", "Camille N. Rousseau"),
        ('Camille N. Rousseau (entity_id "414faa227dc946d35295d3e1") fits.',
         "Camille N. Rousseau fits."),
        ("414faa227dc946d35295d3e1 led marketing for baby formula.",
         "Camille N. Rousseau led marketing for baby formula."),
        ("- Annika Solheim, e-52", "- Annika Solheim"),
        ("The second (e-52) worked in Oslo.", "The second (Annika Solheim) worked in Oslo."),
        ("Someone else (5a0c1e2f3b4d5e6f7a8b9c0d) is close.", "Someone else is close."),
        ("Her profile 0123456789abcdef0123456789abcdef says so.", "Her profile says so."),
        ("Asked as req_0123456789abcdef and crit_0123456789abcdef.", "Asked as and."),
        ("7 people fit. 2 more are close.", "7 people fit. 2 more are close."),
        ("The list is complete.", "The list is complete."),
    ],
)  # fmt: skip
def test_ids_become_names_said_once_and_unknown_ids_are_left_out(written, shown):
    assert Guard(KNOWN)(written) == shown


@pytest.mark.parametrize(
    "line",
    [
        "This search cost $0.42.",
        "Reading those profiles would spend about 0.30 USD.",
        "It used 4321 tokens.",
        "I called limma_search with a brief.",
        "The tools returned nothing else.",
        "The model could not tell.",
        "GPT-4o read the profiles.",
        "incomplete_because lists dropped words.",
        "matched.total is 7.",
        "The reply's `others` count is 3.",
        "complete: false",
    ],
)
def test_a_line_naming_money_metering_a_tool_a_model_or_a_field_is_dropped(line):
    answer = f"7 people fit. 2 more are close.\n{line}\nGreta Ostrander leads marketing."

    assert Guard()(answer) == "7 people fit. 2 more are close.\nGreta Ostrander leads marketing."


def test_the_deployments_model_name_is_dropped_too():
    answer = "Two fit.\nas a-model sees it"
    done = {"kind": "done", "data": {"answer": answer, "stop": "end_turn", "model": "a-model"}}

    assert PageStream().feed(done)["data"]["answer"] == "Two fit."


def test_an_id_a_reply_listed_is_that_persons_name_in_the_answer():
    stream = PageStream()
    reply = {
        "matched": {"total": 1},
        "matches": [{"entity_id": "greta_ostrander", "name": "Greta Ostrander"}],
        "close": {"total": 1, "matches": [{"entity_id": "e-08", "name": "Margaux Delacroix"}]},
    }
    merged = {"7c2e3a4b5d6f7a8b9c0d1e2f": "Greta Ostrander"}
    stream.feed(call({}))
    stream.feed(result(reply, ok=True, names=merged))
    answer = (
        "Greta Ostrander (greta_ostrander) fits.\n"
        "e-08 is close.\n"
        "Her second record 7c2e3a4b5d6f7a8b9c0d1e2f is the same person."
    )
    sent = stream.feed({"kind": "done", "data": {"answer": answer, "stop": "end_turn"}})

    assert sent["data"]["answer"] == (
        "Greta Ostrander fits.\nMargaux Delacroix is close.\n"
        "Her second record Greta Ostrander is the same person."
    )


def test_a_line_with_no_id_is_drawn_as_written():
    text = "**Two** people fit:  see below ( the list )."

    assert Guard(KNOWN)(text) == text


# --- the visitor's own words, and one person asked about ---------------------------------------

A_REPLY = {"matched": {"total": 0}, "matches": [], "complete": False, "incomplete_because": {}}


def test_the_visitors_unsearched_words_and_niche_are_kept_beside_the_reply():
    stream = PageStream()
    stream.feed({"kind": "tool_call", "data": {"id": "c1", "args": {"brief": "x"}}})
    sent = stream.feed(
        {
            "kind": "tool_result",
            "data": {
                "id": "c1", "tool": "limma_search", "result": A_REPLY, "ok": True,
                "unsearched": ["pricing of"], "niche_words": "infant formula",
                "request_id": "req_0123456789",
            },
        }
    )  # fmt: skip
    assert sent["data"]["unsearched"] == ["pricing of"]
    assert sent["data"]["niche_words"] == "infant formula"
    assert "request_id" not in sent["data"]


FULL = {
    **A_REPLY,
    "detail": "full",
    "criteria": [
        {
            "facets": [{"key": "market", "text": "in European markets"}, {"key": "product"}],
            "undetermined": [
                {
                    "entity_id": "e-8",
                    "missing": ["market"],
                    "missing_because": {"market": "silent"},
                },
                {"entity_id": "e-9", "missing": ["market", "product"], "missing_because": {}},
            ],
        }
    ],
}


@pytest.mark.parametrize(
    ("entity_id", "said"),
    [
        ("e-8", {"lacks": "in European markets", "because": "not_stated"}),
        ("e-9", {}),  # two conditions short: not close
        ("e-1", {}),  # not on the lists
    ],
)
def test_one_person_asked_about_is_named_with_the_condition_they_lack(entity_id, said):
    stream = PageStream({entity_id: "Friederike Hollerer"})
    args = {"constraints": EUROPE, "entity_ids": [entity_id], "detail": "full"}
    stream.feed({"kind": "tool_call", "data": {"id": "c1", "args": args}})
    sent = stream.feed(
        {"kind": "tool_result", "data": {"id": "c1", "tool": "limma_search", "result": FULL}}
    )
    assert sent["data"]["fetched"] == [
        {"entity_id": entity_id, "name": "Friederike Hollerer", **said}
    ]
