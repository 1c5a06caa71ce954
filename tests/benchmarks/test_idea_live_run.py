"""benchmarks/scale/idea_live_run.py: it plans and refuses without --spend-ok, sends nothing
(the endpoint below is a closed local port), and replays saved labels for free."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from decimal import Decimal
from pathlib import Path

import pytest

from benchmarks.scale._idea_world import build_world
from benchmarks.scale.idea_live_run import (
    ReplayLabeller,
    failed_calls_named,
    grouping_plan,
    labelling_plan,
    place,
    spent_lines,
)
from limma.door.roles import ROLES

ROOT = Path(__file__).resolve().parent.parent.parent
SCRIPT = ROOT / "benchmarks" / "scale" / "idea_live_run.py"


def run_script(*args: str, **env: str) -> subprocess.CompletedProcess:
    environment = {
        key: value for key, value in os.environ.items() if not key.startswith(("LIMMA_", "DJANGO"))
    }
    environment |= {
        "LIMMA_PROVIDER": "openai",
        "LIMMA_BASE_URL": "http://127.0.0.1:9/v1",
        "LIMMA_OPENAI_API_KEY": "not-a-key",
        "LIMMA_MODEL": "local-model",
        **env,
    }
    return subprocess.run(
        [sys.executable, str(SCRIPT), *args],
        capture_output=True,
        text=True,
        env=environment,
        timeout=120,
        check=False,
    )


def test_without_spend_ok_it_prints_the_plan_and_refuses():
    done = run_script("--scale", "1")

    assert done.returncode == 2, done.stderr
    assert "endpoint http://127.0.0.1:9/v1" in done.stdout
    assert "part_labeller (local-model): 49 calls" in done.stdout
    assert "idea_grouper (local-model):" in done.stdout
    assert "at most (labels not known yet)" in done.stdout
    assert "--spend-ok not given: nothing was sent." in done.stdout


def test_with_saved_labels_only_the_grouping_is_planned(tmp_path):
    world = build_world(12, documents=4)
    saved = {place(d.file_name, s.start): [["fees", "pricing"]] for d, s in world.gold()}
    path = tmp_path / "labels.json"
    path.write_text(json.dumps(saved))

    done = run_script("--reuse-labels", str(path))

    assert done.returncode == 2, done.stderr
    assert "part_labeller: replayed from the saved labels, nothing sent" in done.stdout
    assert "at most" not in done.stdout


def test_the_labelling_plan_counts_one_call_per_batch_of_parts():
    world = build_world(12, documents=8)

    planned = labelling_plan(world)

    # Each document here has fewer parts than a call takes: one call a document.
    assert planned["calls"] == len(world.documents)
    assert planned["tokens_in"] > 0 and planned["tokens_out"] > 0


def test_the_grouping_plan_from_saved_labels_judges_twice_only_labels_of_many_parts():
    world = build_world(12, documents=8)
    places = [place(d.file_name, s.start) for d, s in world.gold()]
    # One label on every sentence (carried by every part), one on a single sentence.
    saved = {where: [["common", "general"]] for where in places}
    saved[places[0]] = [["common", "general"], ["rare", "general"]]

    planned = grouping_plan(world, saved)

    assert planned["labels"] == 2
    assert planned["calls"] == 6 * (1 + 1), "per idea: one call of firsts, one of seconds"


@pytest.mark.django_db
def test_the_replayed_labeller_answers_each_sentence_by_its_place():
    from tests.factories import make_document, make_workspace

    text = "We may raise our fees.\n\nUnknown words here."
    document = make_document(make_workspace(), kind="contract", text=text).document
    document.file_name = "a.txt"
    document.save()
    first, second = document.sentences.order_by("char_start")
    labeller = ReplayLabeller({"a.txt@0": [["raise our fees", "pricing"]]})
    request = ROLES["part_labeller"].request_model.model_validate(
        {
            "parts": [
                {
                    "part_id": first.part_id,
                    "sentences": [
                        {"sentence_id": first.pk, "text": "We may raise our fees."},
                        {"sentence_id": second.pk, "text": "Unknown words here."},
                    ],
                }
            ]
        }
    )

    reply = json.loads(
        labeller.complete(
            spec=ROLES["part_labeller"],
            request=request,
            model="m",
            timeout=1,
            max_retries=0,
            max_tokens=64,
        ).content
    )

    assert reply["parts"][0]["sentences"] == [
        {"sentence_id": first.pk, "topics": [{"topic": "raise our fees", "broader": "pricing"}]},
        {"sentence_id": second.pk, "topics": []},
    ]
    assert ROLES["part_labeller"].reply_model.model_validate(reply)


@pytest.mark.django_db
def test_the_spend_is_reported_per_role_from_the_ledger():
    from limma.models import LedgerEntry

    for usd in ("0.010000", "0.020000"):
        LedgerEntry.objects.create(
            role="idea_grouper", provider="openai", model="m", tokens_in=100, tokens_out=10,
            usd=Decimal(usd), outcome="ok",
        )  # fmt: skip
    LedgerEntry.objects.create(role="part_labeller", provider="replay", model="m", outcome="ok")

    lines = spent_lines()

    assert "  idea_grouper · openai · ok: 2 calls, 200 in, 20 out, $0.0300" in lines
    assert "  part_labeller · replay · ok: 1 calls, 0 in, 0 out, $0.0000" in lines
    assert lines[-1] == "  total $0.0300"


@pytest.mark.django_db
def test_calls_without_a_usable_reply_are_named(capsys):
    from limma.models import LedgerEntry

    LedgerEntry.objects.create(role="idea_grouper", provider="openai", model="m", outcome="ok")
    assert failed_calls_named() == 0
    LedgerEntry.objects.create(
        role="part_labeller", provider="openai", model="m", outcome="failed", error="connection"
    )

    assert failed_calls_named() == 1
    assert "!!! 1 model calls got no usable reply; the first: connection" in capsys.readouterr().out
