"""The console's pages (/console/): staff only, a streamed run under the console's key, the
replay menu, export as one standalone file, two runs side by side, a receipt opened."""

from __future__ import annotations

import json

import pytest
from django.contrib.auth.models import User

from limma import door
from limma.models import Document
from qa_view.console import runs
from tests.factories import make_key
from tests.qa_view.helpers import Turns, calls

pytestmark = pytest.mark.django_db(transaction=True)  # a run is streamed from its own thread


@pytest.fixture
def console(client, directory, settings, tmp_path):
    _, token = make_key(directory, role="viewer")
    settings.LIMMA_CONSOLE_API_KEY = token
    settings.LIMMA_DATA_DIR = tmp_path
    settings.LIMMA_CONSOLE_RECORD = True
    staff = User.objects.create_user("eva", password="pw-eva-1234", is_staff=True)
    client.force_login(staff)
    return client


def streamed(response) -> list[dict]:
    assert response["Content-Type"] == "application/x-ndjson"
    return [json.loads(line) for line in b"".join(response.streaming_content).splitlines()]


def post_run(client, **body):
    return client.post("/console/api/run", json.dumps(body), content_type="application/json")


def test_a_visitor_or_nobody_is_sent_to_the_staff_sign_in(client, directory):
    assert client.get("/console/")["Location"].startswith("/admin/login/")
    User.objects.create_user("v", password="pw-v-12345", is_staff=False)
    client.login(username="v", password="pw-v-12345")
    assert client.get("/console/").status_code == 302
    refused = post_run(client, question="x")  # the API says why, in JSON
    assert refused.status_code == 403
    assert refused.json()["detail"]["type"] == "staff_sign_in_required"


def test_the_page_offers_the_modes_the_chips_and_the_examples(console, examples_file):
    page = console.get("/console/").content.decode()

    assert all(f'<option value="{mode}">' in page for mode in ("answer", "search", "people"))
    assert 'data-mode="search"' in page and "Who in Europe has led marketing" in page


def test_a_run_is_streamed_step_by_step_then_its_record(console, directory):
    document = Document.objects.filter(workspace=directory).first()
    span = {"source_id": document.source_id, "start": 0, "end": 10}
    model = Turns(calls(("limma_region", span)), {"content": "See [p1:0-10].", "tool_calls": []})
    with door.use_provider(model):
        lines = streamed(post_run(console, question="Who?", mode="search", compare=True, k=2))

    assert [line["kind"] for line in lines] == [
        "attached", "turn", "tool_call", "tool_result", "turn", "done", "record",
    ]  # fmt: skip
    record = lines[-1]["data"]
    assert record["mode"] == "search" and record["label"] == "Limma search"
    assert record["links"][0]["receipt"] == {
        "source_id": document.source_id, "char_start": 0, "char_end": 10,
    }  # fmt: skip
    assert [r["id"] for r in console.get("/console/api/runs").json()["runs"]] == [record["id"]]
    region = console.get("/console/region", {**span, "start": 0, "end": 10}).content.decode()
    assert f"<mark>{document.text[:10]}</mark>" in region


@pytest.mark.parametrize(
    ("body", "fault"),
    [
        ({"question": "x", "mode": "answers"}, "mode"),
        ({"question": "x", "k": 0}, "k"),
        ({"question": "x", "k": "5"}, "k"),
        ({"question": "  "}, "question"),
        ({"example": 9}, "example"),
    ],
)
def test_bad_input_is_a_named_422_in_the_apis_shape(console, body, fault):
    reply = post_run(console, **body)

    assert reply.status_code == 422
    assert reply.json()["detail"]["type"] == "invalid_request"
    assert reply.json()["detail"]["faults"][0]["field"] == fault


def test_replay_export_and_two_runs_side_by_side(console, monkeypatch):
    with door.use_provider(
        Turns(calls(("limma_facts", {"relation": "based_in"})), {"content": "A", "tool_calls": []})
    ):
        first = streamed(post_run(console, question="Who is where?", mode="answer"))[-1]["data"]
    with door.use_provider(Turns({"content": "B", "tool_calls": []})):
        second = streamed(post_run(console, question="Who is where?", mode="answer"))[-1]["data"]

    def forbidden(*args, **kwargs):
        raise AssertionError("a replay made a call")

    monkeypatch.setattr("limma.door.gate.call", forbidden)
    monkeypatch.setattr(runs, "call_tool", forbidden)
    replayed = streamed(console.get(f"/console/api/runs/{first['id']}/replay"))
    assert replayed[:-1] == first["steps"]

    exported = console.get(f"/console/runs/{first['id']}/export")
    html = exported.content.decode()
    assert exported["Content-Disposition"] == f'attachment; filename="{first["id"]}.html"'
    assert "<script" not in html and "<link" not in html and "limma_facts" in html

    side = console.get("/console/diff", {"a": first["id"], "b": second["id"]}).content.decode()
    assert 'class="differs"' in side and 'class="same"' in side
    assert "answer: A" in side and "answer: B" in side
    assert console.get("/console/diff", {"a": first["id"], "b": "run_nope"}).status_code == 404


def test_the_console_runs_a_try_example_of_the_page_with_its_stated_split(console, examples_file):
    model = Turns({"content": "2 people fit.", "tool_calls": []})
    with door.use_provider(model):
        record = streamed(post_run(console, example=0, mode="people"))[-1]["data"]

    asked = model.requests[0].messages[1].content
    assert record["question"].startswith("Who in Europe has led marketing for baby formula")
    assert asked.startswith(record["question"]) and "[A PREPARED EXAMPLE" in asked
    assert "HOW TO ANSWER IN THIS VIEW" not in asked  # the console keeps its own prompt
