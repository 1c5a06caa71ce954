"""The console's evidence on the embedded defaults (docs/pages.md#the-console; issue 28, point 4):
the marking logic (a receipt found or missed by the baseline, a passage found or missed against
the receipts, an answer's marker tied to its span), and the offline agent under each mode on a
directory made by the demo's generator: each mode's own first call, every chip answered, and
every receipt of an answer a stored document's bytes.
"""

from __future__ import annotations

import re
from dataclasses import asdict
from decimal import Decimal

import pytest

from criteria.status import DECOMPOSITION_INCOMPLETE
from directory import build_directory
from limma.models import Document
from limma.services.connect import export_connect
from qa_view.answer.codes import sentence_for
from qa_view.console import offline, runs
from qa_view.console.hints import BUILT_IN
from qa_view.console.modes import MODES
from qa_view.page.examples import load_examples
from qa_view.page.read_ahead import example_read
from tests.factories import make_key, make_workspace

N, SEED = 160, 7  # as the acceptance test's directory: every planted case of both niches is in it
EXAMPLES = "directory/qa_examples.json"  # the demo's
QUOTED = re.compile(r"“(?P<text>[^”]*)” (?P<marker>\[p1:(?P<start>\d+)-(?P<end>\d+)\])")
FIRST_LINE = re.compile(
    r"^(?:\d+ results? at \d+ address(?:es)?|0 results|\d+ people fit|1 person fits|Nobody fits)"
)


def span(source: str, start: int, end: int, **more: object) -> dict:
    return {"source_id": source, "char_start": start, "char_end": end, **more}


# --- the marking logic ----------------------------------------------------------------------


def test_a_receipt_is_found_when_a_passage_of_its_own_document_shares_a_character():
    receipts = [span("a", 10, 20), span("a", 40, 50), span("b", 10, 20)]
    baseline = {"passages": [span("a", 0, 11, text="x"), span("c", 10, 20, text="y")]}
    marks = runs.compared(receipts, baseline)
    assert [m["found"] for m in marks] == [True, False, False]  # "b" shares offsets, not a document


def test_a_passage_is_found_when_it_holds_a_receipts_bytes_and_missed_when_it_holds_none():
    receipts = [span("a", 10, 20)]
    passages = [span("a", 19, 30), span("a", 20, 30), span("b", 10, 20)]
    marked = runs.passages_marked(receipts, {"passages": passages})
    assert [p["found"] for p in marked] == [True, False, False]  # [20, 30) only touches [10, 20)
    assert all(p["source_id"] and "char_start" in p for p in marked)  # the passage kept whole


def test_an_answers_marker_names_the_receipt_it_follows_where_two_documents_share_offsets():
    receipts = [span("a", 5, 9), span("b", 1, 4), span("c", 5, 9)]
    answer = "Ann [p1:5-9]\nBo [p1:1-4]\nCy [p1:5-9]\nnot cited [p1:7-8]"
    links = runs.answer_links(answer, receipts)
    assert [(link["receipt"] or {}).get("source_id") for link in links] == ["a", "b", "c", None]


def test_the_baseline_is_held_to_the_receipts_the_answer_cites_each_once():
    receipts = [span("a", 5, 9), span("b", 1, 4)]
    links = runs.answer_links("Ann [p1:1-4] and [p1:1-4], Bo [p1:0-1]", receipts)
    assert runs.answer_evidence(links) == [span("b", 1, 4)]
    assert runs.answer_evidence(runs.answer_links("no marker", receipts)) == []


# --- the offline agent's addresses ------------------------------------------------------------


@pytest.mark.parametrize(
    ("question", "where"),
    [
        ("Where is every expert based?", {"based_in": []}),
        ("How many experts are not based in Europe?", {"based_in": [["place", "ne", "Europe"]]}),
        (
            "Every role held in Marketing, with its start date",
            {"held_role": [["function", "eq", "Marketing"]]},
        ),
        (
            "Who held a Sales role starting before 2015?",
            {"held_role": [["function", "eq", "Sales"], ["start", "lt", "2015"]]},
        ),
        (
            "Everyone based in Europe who holds a Marketing role",
            {
                "based_in": [["place", "eq", "Europe"]],
                "held_role": [["function", "eq", "Marketing"]],
            },
        ),
        # A function inside the niche's words is the niche's, not a role on record.
        (
            "Who in France leads marketing for baby formula?",
            {"based_in": [["place", "eq", "France"]]},
        ),
    ],
)
def test_answer_mode_makes_one_facts_call_per_address_the_question_names(question, where):
    calls = offline.addresses(question, None)
    assert {c["relation"]: c["where"] for c in calls} == where
    assert all(c["limit"] == offline.PAGE for c in calls)


def test_answer_mode_reads_a_niche_beside_the_record_but_never_a_roles_words():
    assert offline.niche_of("Who in France leads marketing for baby formula?", None) == [
        {"text": "leads marketing for baby formula"}
    ]
    assert offline.niche_of("Every role held in Marketing, with its start date", None) == []


# --- the offline agent under each mode, on the demo's kind of directory ----------------------


@pytest.fixture
def demo_store(db):
    """A directory made by the demo's generator, its first example read ahead as the demo reads
    it, and the analyst key the demo keeps for the console."""
    built = build_directory(N, SEED)
    workspace = make_workspace("Demo")
    export_connect(workspace=workspace, **built.export)
    key, _ = make_key(workspace, role="analyst")
    example = load_examples(EXAMPLES).examples[0]
    done = example_read(key=key, workspace=workspace, example=example, max_usd=Decimal("1"))
    assert done.fits, "the demo's first example fits somebody in this directory"
    return key, example


def ran(key, mode: str, question: str, example=None) -> dict:
    return runs.console_run(
        key=key,
        question=question,
        mode=mode,
        example=asdict(example) if example else None,
        record=False,
    )


def first_call(record: dict) -> dict:
    return next(s["data"] for s in record["steps"] if s["kind"] == "tool_call")


def quotes_hold(record: dict) -> list[str]:
    """Each quote of the answer with its marker: the marker names a receipt of the run, and the
    stored document's bytes at its offsets are the quote."""
    links = {link["marker"]: link["receipt"] for link in record["links"]}
    checked = []
    for match in QUOTED.finditer(record["answer"]):
        receipt = links[match["marker"]]
        assert receipt is not None, f"{match['marker']} names no receipt of the run"
        text = Document.objects.get(source_id=receipt["source_id"]).text
        assert text[receipt["char_start"] : receipt["char_end"]] == match["text"]
        checked.append(match["text"])
    return checked


def test_each_mode_makes_its_own_first_call_and_cites_the_verbs_receipts(demo_store):
    key, example = demo_store
    records = {mode: ran(key, mode, example.question, example) for mode in MODES}
    calls = {mode: first_call(record) for mode, record in records.items()}
    assert calls["answer"]["tool"] == "limma_facts"
    assert calls["answer"]["args"]["relation"] == "based_in"
    assert calls["search"]["tool"] == calls["people"]["tool"] == "limma_search"
    assert calls["search"]["args"]["detail"] == "full"
    assert "detail" not in calls["people"]["args"]
    assert len({repr(c["args"]) for c in calls.values()}) == 3
    for mode, record in records.items():
        assert record["stop"] != "error", mode
        assert FIRST_LINE.match(record["answer"]), (mode, record["answer"][:200])
        assert quotes_hold(record), f"{mode}: no quote with its receipt in the answer"
        assert all(link["receipt"] for link in record["links"]), mode


def test_every_chip_answers_in_its_mode(demo_store):
    key, _ = demo_store
    not_taken_apart = sentence_for(DECOMPOSITION_INCOMPLETE)
    for mode, chips in BUILT_IN.items():
        for chip in chips:
            record = ran(key, mode, chip)
            assert record["stop"] != "error", (mode, chip)
            assert FIRST_LINE.match(record["answer"]), (mode, chip, record["answer"][:200])
            assert not record["answer"].startswith(not_taken_apart), (mode, chip)
            quotes_hold(record)


def test_answer_mode_addresses_the_role_chip_and_counts_the_whole_address(demo_store):
    key, _ = demo_store
    record = ran(key, "answer", "Every role held in Marketing, with its start date")
    call = first_call(record)
    assert call["args"] == {
        "relation": "held_role",
        "where": [["function", "eq", "Marketing"]],
        "limit": 200,
    }
    reply = next(s["data"]["result"] for s in record["steps"] if s["kind"] == "tool_result")
    total = reply["matched"]["total"]
    assert record["answer"].startswith(f"{total} results at 1 address")
    assert f"Count: {total}" in record["answer"]
    rows = [line for line in record["answer"].splitlines() if line.startswith("| ")]
    assert rows and all("start " in line and line.endswith("| no receipt |") for line in rows)
