"""The console's runs (docs/pages.md#the-console; issue 13): a mode changes only the system prompt,
the compare record, recording and a replay with no model call, no verb call and no spend, and the
brief's 503 as the agent reads it."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest

from limma import door
from limma.models import Document
from limma.models.ledger import LedgerEntry
from qa_view.agent import loop, tools
from qa_view.agent.prompts import PEOPLE_SYSTEM
from qa_view.console import runs
from qa_view.console.modes import (
    ANSWER_SYSTEM,
    MODES,
    PEOPLE,
    SEARCH,
    SEARCH_SYSTEM,
    system_for,
)
from tests.factories import make_key
from tests.qa_view.helpers import Turns, calls

DOCS = Path(__file__).resolve().parents[2] / "docs"

pytestmark = pytest.mark.django_db

DONE = {"content": "2 results at 1 address.", "tool_calls": []}


@pytest.fixture
def key(directory):
    return make_key(directory, role="viewer")[0]


@pytest.fixture
def data_dir(tmp_path, settings):
    settings.LIMMA_DATA_DIR = tmp_path
    settings.LIMMA_CONSOLE_RECORD = True
    return tmp_path


def sentence_of(workspace, name: str, words: str) -> dict:
    document = Document.objects.get(workspace=workspace, entity__display_name=name)
    start = document.text.index(words)
    return {"source_id": document.source_id, "start": start, "end": start + len(words)}


def test_the_console_docs_name_every_mode():
    section = (DOCS / "pages.md").read_text().split("## The console\n", 1)[1].split("\n## ", 1)[0]

    for mode in MODES:
        assert f"`{mode}` (" in section


def test_each_mode_has_its_own_system_prompt_and_search_modes_opens_with_the_brief():
    # Rule 0's wording is the search_mode example's printed text (tests/docs/test_examples.py).
    rule_0 = SEARCH_SYSTEM.split("\n0. ", 1)[1].split("\n1. ", 1)[0]

    assert "call limma_search FIRST with brief=" in rule_0
    assert system_for(SEARCH) is SEARCH_SYSTEM and SEARCH_SYSTEM is not ANSWER_SYSTEM
    assert system_for(PEOPLE) is PEOPLE_SYSTEM
    assert len({system_for(mode) for mode in MODES}) == len(MODES)
    with pytest.raises(ValueError):
        system_for("Search")


@pytest.mark.parametrize("mode", MODES)
def test_a_mode_changes_only_the_system_prompt(key, mode, data_dir):
    model = Turns(DONE)
    with door.use_provider(model):
        record = runs.console_run(key=key, question="Who is in Germany?", mode=mode)

    first = model.requests[0]
    assert first.messages[0].content == system_for(mode)
    assert first.messages[1].content == "Who is in Germany?"
    assert [tool.name for tool in first.tools] == [
        "limma_search", "limma_facts", "limma_region", "limma_documents", "limma_verify",
    ]  # fmt: skip
    assert record["mode"] == mode and record["answer"] == DONE["content"]


def test_each_step_is_recorded_with_its_tokens_and_cost(key, data_dir):
    model = Turns(calls(("limma_facts", {"relation": "based_in", "limit": 2})), DONE)
    seen = []
    with door.use_provider(model):
        record = runs.console_run(
            key=key, question="Who is where?", mode="answer", on_step=seen.append
        )

    kinds = [step["kind"] for step in record["steps"]]
    assert kinds == ["attached", "turn", "tool_call", "tool_result", "turn", "done"]
    assert seen == record["steps"]  # each step handed on as it happened
    turn = record["steps"][1]["data"]
    assert set(turn) >= {"content", "tool_calls", "tokens_in", "tokens_out", "usd", "model"}
    assert turn["tool_calls"][0]["name"] == "limma_facts"
    assert record["steps"][3]["data"]["result"]["matched"]["showing"] == [1, 2]


def test_the_compare_record_marks_the_receipts_the_baseline_found_and_missed(
    directory, key, data_dir
):
    pytest.importorskip("bm25s", reason="bm25s is the benchmarks' (requirements-bench.txt)")
    greta = sentence_of(directory, "Greta Ostrander", "She led marketing for baby formula")
    dario = sentence_of(directory, "Dario Benavente", "Dario Benavente is a sales director")
    model = Turns(calls(("limma_region", greta), ("limma_region", dario)), DONE)
    with door.use_provider(model):
        record = runs.console_run(
            key=key,
            question="marketing baby formula in Germany and Poland",
            mode="search",
            compare=True,
            k=3,
        )

    bm25 = record["compare"]["baselines"][0]
    assert bm25["method"] == "bm25" and bm25["available"]
    assert len(bm25["passages"]) == 3
    assert all(
        p["text"]
        == Document.objects.get(source_id=p["source_id"]).text[p["char_start"] : p["char_end"]]
        for p in bm25["passages"]
    )
    marks = {m["source_id"]: m["found"] for m in bm25["receipts"]}
    assert marks == {greta["source_id"]: True, dario["source_id"]: False}
    assert (
        json.loads(next(data_dir.glob("runs/*.json")).read_text())["compare"] == (record["compare"])
    )


def test_a_run_is_recorded_listed_and_replayed_with_no_model_no_verb_and_no_spend(
    directory, key, data_dir, monkeypatch
):
    greta = sentence_of(directory, "Greta Ostrander", "She led marketing")
    model = Turns(
        calls(("limma_facts", {"relation": "based_in"})),
        calls(("limma_region", greta), ("limma_ingest", {"text": "x"})),
        {"content": f"Greta [p1:{greta['start']}-{greta['end']}]", "tool_calls": []},
    )
    with door.use_provider(model):
        record = runs.console_run(key=key, question="Who is in Germany?", mode="answer")
    assert [r["id"] for r in runs.recorded_runs()] == [record["id"]]
    assert record["links"][0]["receipt"]["source_id"] == greta["source_id"]

    def forbidden(*args, **kwargs):
        raise AssertionError("a replay made a call")

    monkeypatch.setattr("limma.door.gate.call", forbidden)
    monkeypatch.setattr(door, "call", forbidden)
    monkeypatch.setattr(tools, "call_tool", forbidden)
    monkeypatch.setattr(runs, "call_tool", forbidden)
    every_verb = {name: replace(tool, run=forbidden) for name, tool in tools.REGISTRY.items()}
    monkeypatch.setattr(tools, "REGISTRY", every_verb)
    ledger = LedgerEntry.objects.count()
    loaded = runs.load(record["id"])
    replayed = runs.replay(loaded)

    assert replayed == loaded["steps"]
    assert LedgerEntry.objects.count() == ledger
    assert len(model.requests) == 3  # the model was asked during the run only


def test_a_replay_that_the_record_does_not_answer_says_so_and_calls_nothing(key, data_dir):
    model = Turns(calls(("limma_facts", {"relation": "based_in"})), DONE)
    with door.use_provider(model):
        record = runs.console_run(key=key, question="Who?", mode="answer")
    broken = {**record, "steps": [s for s in record["steps"] if s["kind"] != "tool_result"]}

    replayed = runs.replay(broken)

    assert replayed[-1]["kind"] == "error" and replayed[-1]["data"]["replay_mismatch"]
    assert len(model.requests) == 2


def test_with_recording_off_nothing_is_written_and_the_menu_is_empty(key, data_dir, settings):
    settings.LIMMA_CONSOLE_RECORD = False
    with door.use_provider(Turns(DONE)):
        runs.console_run(key=key, question="Who?", mode="people")

    assert not (data_dir / "runs").exists() and runs.recorded_runs() == []


def test_a_run_id_that_is_not_one_is_not_read(data_dir):
    assert runs.load("../../etc/passwd") is None and runs.load("run_x") is None


def test_the_brief_503_reaches_the_agent_as_the_mcp_servers_tool_error(key, data_dir):
    model = Turns(calls(("limma_search", {"brief": "VP-level Sales leaders in DACH."})), DONE)
    with door.use_provider(model):
        record = runs.console_run(
            key=key, question="VP-level Sales leaders in DACH.", mode="search"
        )

    result = next(s["data"] for s in record["steps"] if s["kind"] == "tool_result")
    assert result["ok"] is False and result["result"]["status"] == 503
    handed = model.requests[1].messages[-1]
    assert handed.role == "tool"
    assert handed.content == (
        'Error executing tool limma_search: {"status": 503, "path": "/v1/public/search", '
        '"detail": {"type": "compile_unavailable", "reason": "compile requires a model; pass '
        'constraints"}}'
    )
    assert loop.tool_text("limma_search", tools.ToolResult(False, result["result"])) == (
        handed.content
    )


def test_the_embedding_baseline_ranks_the_same_sentences(directory, key, data_dir):
    greta = sentence_of(directory, "Greta Ostrander", "She led marketing for baby formula")
    model = Turns(calls(("limma_region", greta)), DONE)
    with door.use_provider(model):
        record = runs.console_run(
            key=key, question="who marketed infant milk in Poland", mode="search", compare=True, k=3
        )

    minilm = next(b for b in record["compare"]["baselines"] if b["method"] == "minilm")
    assert len(minilm["passages"]) == 3
    scores = [p["score"] for p in minilm["passages"]]
    assert scores == sorted(scores, reverse=True)
    assert minilm["receipts"] == [{**runs.receipts_in(greta)[0], "found": True}]
