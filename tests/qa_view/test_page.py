"""The page: one question box, the answer drawn from what the search returned, a follow-up box, the
"Try:" examples; only the page's routes under /qa/ (docs/pages.md#what-the-page-says,
docs/pages.md#what-the-page-is-sent). Answered by the offline agent unless a test installs a fake
one."""

from __future__ import annotations

import json
from datetime import timedelta
from typing import Any

import pytest
from django.utils import timezone
from django.utils.html import escape

from criteria.models import Criterion, Judgment
from limma import door
from limma.door.providers import ProviderFailure
from limma.models import Document
from qa_view.answer.codes import NO_PROFILE_READ, sentence_for
from qa_view.models import Run
from qa_view.page.answering import run_execute
from tests.qa_view.conftest import AN_ID, EUROPE, EXAMPLE_QUESTION, htmx
from tests.qa_view.helpers import FakeAgent, search_call

pytestmark = pytest.mark.django_db


def ask_example(page) -> tuple[Run, str]:
    response = page.post("/qa/ask/", {"example": "0"}, **htmx())
    assert response.status_code == 200
    return Run.objects.latest("id"), response.content.decode()


def test_the_page_has_one_question_box_and_the_try_examples(page):
    html = page.get("/qa/").content.decode()
    assert html.count("<textarea") == 1 and 'name="question"' in html
    assert "Ask the expert directory" in html
    assert "Try:" in html and EXAMPLE_QUESTION in html
    assert 'hx-post="/qa/ask/"' in html and 'action="/qa/ask/"' in html  # works without JS too


def test_an_example_creates_a_run_and_the_first_line_is_the_searchs_counts(page, read_ahead):
    run, html = ask_example(page)
    assert run.state == Run.State.DONE and run.question == EXAMPLE_QUESTION
    assert run.example["niche"] and run.example["facets"]
    # The search's own counts: two fit, one more is one condition short.
    assert '<p class="first-line">2 people fit. 1 more is close.</p>' in html
    # Greta has two records in the directory: one person, listed once, her place by the
    # vocabulary's own name (the record wrote "Deutschland").
    assert html.count('<strong class="name">Greta Ostrander</strong>') == 1
    assert "Marketing Director at Quellmark Foods, Germany" in html
    assert "Deutschland" not in html
    # The words her line rests on, from her own profile.
    assert "“led marketing for baby formula”" in html and "“across Germany and Poland”" in html
    # Who is close: who they are, the condition they lack, and that their documents say nothing.
    assert "Friederike Hollerer" in html and "Lacks “in European markets”" in html
    assert sentence_for("not_stated") in html
    # The agent's text only restated the list: it is not drawn.
    assert "They are Greta Ostrander" not in html
    # Polling has stopped: the answered run carries no trigger.
    assert "hx-trigger" not in html


def test_the_quiet_line_opens_its_reasons_in_place(page, read_ahead):
    _, html = ask_example(page)
    start = html.index("<details")
    details = html[start : html.index("</details>", start)]
    assert "Checked 6 profiles. Some could not be confirmed either way — " in details
    assert "<summary>" in details and "details</span></summary>" in details
    assert f"<li>{sentence_for('criterion_silent', 2)}</li>" in details
    assert "The list is complete." not in html


def test_the_list_is_complete_only_where_the_search_says_so(page, read_ahead):
    run, _ = ask_example(page)
    html = page.post(
        "/qa/ask/", {"parent": run.pk, "question": "only those in Germany"}, **htmx()
    ).content.decode()
    answer = html[html.index(f'id="run-{run.pk + 1}"') :]
    assert '<p class="first-line">1 person fits.</p>' in answer
    assert '<p class="quiet">The list is complete.</p>' in answer
    assert "Margaux Delacroix" not in answer


def test_no_id_is_shown_anywhere(page, read_ahead):
    run, html = ask_example(page)
    later = page.post(
        "/qa/ask/", {"parent": run.pk, "question": "tell me more about the second one"}, **htmx()
    )
    shown = [
        html,
        later.content.decode(),
        page.get("/qa/").content.decode(),
        page.get(f"/qa/runs/{run.pk}/").content.decode(),
        page.get(f"/qa/runs/{run.pk}/", **htmx()).content.decode(),
        *(page.get(f"/qa/runs/{run.pk}/source/{n}/", **htmx()).content.decode() for n in range(3)),
        page.get(f"/qa/runs/{run.pk}/source/0/").content.decode(),
    ]
    # The check can fail: the run's record holds ids in plenty.
    assert AN_ID.search(json.dumps(run.page_events))
    for text in shown:
        assert not AN_ID.search(text), AN_ID.search(text).group(0)


def test_a_follow_up_is_handed_what_came_before(page, read_ahead):
    run, _ = ask_example(page)
    html = page.post(
        "/qa/ask/", {"parent": run.pk, "question": "tell me more about the second one"}, **htmx()
    ).content.decode()
    follow = Run.objects.latest("id")
    assert follow.parent == run
    handed = follow.follow_up
    assert handed["asked"] == [EXAMPLE_QUESTION]
    assert handed["constraints"] == EUROPE and handed["criterion"].startswith("crit_")
    assert [p["name"] for p in handed["people"]] == ["Greta Ostrander", "Margaux Delacroix"]
    assert [p["name"] for p in handed["close"]] == ["Friederike Hollerer"]
    # An answer about one person: the agent's sentences, with her [source] under them.
    answer = html[html.index(f'id="run-{follow.pk}"') :]
    assert "Margaux Delacroix is Head of Marketing at Nutrelle" in answer
    assert f'href="/qa/runs/{follow.pk}/source/0/"' in answer
    # The conversation is drawn oldest first, with the follow-up box under the last answer.
    assert html.index(f'id="run-{run.pk}"') < html.index(f'id="run-{follow.pk}"')
    assert html.count('name="parent"') == 1 and f'name="parent" value="{follow.pk}"' in html


def test_without_javascript_a_question_is_a_post_and_a_redirect(page, read_ahead):
    response = page.post("/qa/ask/", {"example": "0"})
    run = Run.objects.latest("id")
    assert response.status_code == 302 and response["Location"] == f"/qa/runs/{run.pk}/"
    html = page.get(response["Location"]).content.decode()
    assert "<html" in html and "2 people fit." in html


def test_a_run_is_polled_until_it_is_answered(page, visitor, read_ahead):
    run = Run.objects.create(visitor=visitor, question=EXAMPLE_QUESTION)  # queued, not run
    waiting = page.get(f"/qa/runs/{run.pk}/", **htmx()).content.decode()
    # A young run is polled fast, so its first line shows when it is ready.
    assert 'hx-trigger="every 250ms"' in waiting and f'hx-get="/qa/runs/{run.pk}/"' in waiting
    assert "Searching the directory" in waiting
    run_execute(run_id=run.pk)
    answered = page.get(f"/qa/runs/{run.pk}/", **htmx()).content.decode()
    assert "hx-trigger" not in answered and 'class="first-line"' in answered


def test_while_a_niche_is_read_the_page_says_how_far(page, visitor, directory):
    run = Run.objects.create(
        visitor=visitor,
        question=EXAMPLE_QUESTION,
        state=Run.State.RUNNING,
        started_at=timezone.now() - timedelta(seconds=5),
    )
    criterion = Criterion.objects.create(
        workspace=directory, address="crit_0123456789abcdef", text="a niche",
        decomposed_by="caller", reader_version="r",
    )  # fmt: skip
    documents = list(Document.objects.filter(workspace=directory).exclude(text=""))[:4]
    # A second document of the first person: the line counts people, not documents.
    second = Document.objects.create(
        workspace=directory, entity=documents[0].entity, kind="transcript", text="A call."
    )
    states = {documents[0].pk: Judgment.State.DONE, documents[1].pk: Judgment.State.DONE}
    for document in [*documents, second]:
        Judgment.objects.create(
            criterion=criterion,
            document=document,
            reader_identity="r",
            state=states.get(document.pk, Judgment.State.QUEUED),
        )
    Run.objects.filter(pk=run.pk).update(created_at=timezone.now() - timedelta(seconds=30))
    html = page.get(f"/qa/runs/{run.pk}/", **htmx()).content.decode()
    # Four people, five documents; the first person's call is not read yet: one person done.
    assert "Reading the documents of 4 people — 1 done" in html
    assert "profiles" not in html.split('class="reading"')[1].split("</p>")[0]
    assert 'hx-trigger="every 2s"' in html  # a long read: its progress changes slowly


def test_a_run_whose_worker_stopped_is_said_to_have_failed(page, visitor, settings):
    settings.Q_CLUSTER = {**settings.Q_CLUSTER, "timeout": 60}
    run = Run.objects.create(
        visitor=visitor,
        question=EXAMPLE_QUESTION,
        state=Run.State.RUNNING,
        started_at=timezone.now() - timedelta(minutes=5),
    )
    html = page.get(f"/qa/runs/{run.pk}/", **htmx()).content.decode()
    assert escape(sentence_for("agent_failed")) in html and "hx-trigger" not in html


def test_a_niche_nobody_has_read_is_not_read_for_a_viewer_and_lists_nobody(page, read_ahead):
    # A typed niche never read: the page's viewer key may not split or read it (a read stores
    # judgments), so the search comes back without it, and the page says so and lists nobody.
    html = page.post(
        "/qa/ask/", {"question": "Who in Germany has sold surgical staplers in public tenders?"},
        **htmx(),
    ).content.decode()  # fmt: skip
    assert escape(NO_PROFILE_READ) in html
    assert 'class="people"' not in html and "fit" not in html


# --- with a fake agent -------------------------------------------------------------------------


def test_a_list_made_without_the_niche_is_never_the_answer(page, read_ahead):
    """The first call is the ordinary conditions alone; the second, with the niche, is refused
    to the page's viewer key (nobody has read it): one sentence, and nobody listed."""
    niche = [
        {
            "text": "sold surgical staplers through public tenders",
            "facets": [
                {"key": "product", "kind": "condition", "text": "surgical staplers"},
                {"key": "channel", "kind": "condition", "text": "through public tenders"},
            ],
        }
    ]

    def steps(turn: int) -> dict[str, Any]:
        if turn == 1:
            return search_call(1, constraints=EUROPE)
        if turn == 2:
            return search_call(2, constraints=EUROPE, criteria=niche)
        return {"content": "Greta Ostrander and Margaux Delacroix may fit.", "tool_calls": []}

    with door.use_provider(FakeAgent(steps)):
        html = page.post("/qa/ask/", {"question": "Who sold staplers?"}, **htmx()).content.decode()
    run = Run.objects.latest("id")
    kinds = [(e["kind"], sorted(e["data"])) for e in run.page_events]
    assert kinds[0] == ("reply", ["constraints", "reply"])  # the first call's people came back
    assert kinds[1] == ("reply", ["code", "niche"])
    assert escape(NO_PROFILE_READ) in html
    for name in ("Greta Ostrander", "Margaux Delacroix", "Friederike Hollerer"):
        assert name not in html


def test_a_failure_is_one_sentence_of_what_happened_and_what_to_do(page, read_ahead):
    def steps(turn: int) -> dict[str, Any]:
        raise ProviderFailure("timeout", "the model took too long")

    with door.use_provider(FakeAgent(steps)):
        html = page.post("/qa/ask/", {"example": "0"}, **htmx()).content.decode()
    run = Run.objects.latest("id")
    assert run.state == Run.State.FAILED and run.error_code == "model_unavailable"
    assert f'<p class="first-line">{escape(sentence_for("model_unavailable"))}</p>' in html
    assert "timeout" not in html and "took too long" not in html


# --- routes ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "path",
    [
        "/qa/api/runs",
        "/qa/api/config",
        "/qa/api/rag",
        "/qa/api/region?source_id=x",
        "/qa/runs/",
        "/qa/events/1",
        "/qa/spend/",
        "/qa/admin/",
    ],
)
def test_every_other_route_under_qa_is_a_404(client, page, path):
    assert client.get(path).status_code == 404
    assert page.get(path).status_code == 404
    assert page.post(path).status_code == 404


def test_another_visitors_run_is_not_found(page, directory, read_ahead):
    from qa_view.page.visitors import visitor_create

    other, _ = visitor_create(workspace=directory, name="Someone Else")
    theirs = Run.objects.create(visitor=other, question="theirs", state=Run.State.DONE)
    assert page.get(f"/qa/runs/{theirs.pk}/").status_code == 404
    assert page.get(f"/qa/runs/{theirs.pk}/source/0/").status_code == 404
    assert page.post("/qa/ask/", {"parent": theirs.pk, "question": "and?"}).status_code == 404


def test_the_site_root_leads_to_the_page(client):
    response = client.get("/")
    assert response.status_code == 302 and response["Location"] == "/qa/"


def test_an_example_typed_out_is_answered_from_its_stored_judgments(page, read_ahead):
    typed = " " + EXAMPLE_QUESTION.lower().rstrip("?") + "  "
    html = page.post("/qa/ask/", {"question": typed}, **htmx()).content.decode()
    run = Run.objects.latest("id")
    assert run.example is not None and run.example["niche"]
    assert '<p class="first-line">2 people fit. 1 more is close.</p>' in html
    assert escape(NO_PROFILE_READ) not in html


# --- the page's own text (docs/pages.md#what-the-page-says) ------------------------------------


@pytest.mark.parametrize("path", ["/qa/", "/qa/sign-in/"])
def test_no_template_comment_or_tag_is_shown(client, page, path):
    if path.endswith("sign-in/"):
        client = type(client)()  # a browser not signed in
    html = client.get(path).content.decode()
    for markup in ("{#", "#}", "{%", "%}", "{{", "}}"):
        assert markup not in html, markup


@pytest.mark.parametrize(("length", "refused"), [(1_000, False), (1_001, True), (3_000, True)])
def test_a_question_over_the_limit_is_refused_naming_it_never_cut(page, length, refused):
    question = ("Who in Germany sold surgical staplers? " * 100)[:length].strip()
    question += "x" * (length - len(question))
    html = page.get("/qa/").content.decode()
    assert "maxlength" not in html.split('id="question"')[1].split(">")[0]  # the box never cuts
    response = page.post("/qa/ask/", {"question": question}, **htmx())
    text = response.content.decode()
    assert response.status_code == 200
    assert Run.objects.exists() is not refused
    if refused:
        assert "at most 1,000 characters" in text and f"this one has {length:,}" in text
    else:
        assert "at most 1,000" not in text


# --- a conversation's own URL (docs/pages.md#a-conversations-own-url) ---------------------------


def test_an_answer_pushes_its_conversations_url_and_is_never_cached(page, read_ahead):
    response = page.post("/qa/ask/", {"example": "0"}, **htmx())
    run = Run.objects.latest("id")
    assert response["HX-Push-Url"] == f"/qa/runs/{run.pk}/"
    shown = page.get(f"/qa/runs/{run.pk}/")
    assert "no-store" in shown["Cache-Control"] or "no-cache" in shown["Cache-Control"]


def test_a_refused_question_pushes_no_url(page):
    response = page.post("/qa/ask/", {"question": "x" * 1_001}, **htmx())
    assert "HX-Push-Url" not in response


def test_back_or_forward_to_a_run_gets_the_whole_conversation(page, read_ahead):
    page.post("/qa/ask/", {"example": "0"}, **htmx())
    run = Run.objects.latest("id")
    restored = page.get(
        f"/qa/runs/{run.pk}/", **htmx(HTTP_HX_HISTORY_RESTORE_REQUEST="true")
    ).content.decode()
    polled = page.get(f"/qa/runs/{run.pk}/", **htmx()).content.decode()
    assert "<html" in restored and 'id="conversation"' in restored
    assert "<html" not in polled


def test_the_page_lists_the_visitors_earlier_conversations_and_no_one_elses(
    page, visitor, directory, read_ahead
):
    from qa_view.page.visitors import visitor_create

    page.post("/qa/ask/", {"example": "0"}, **htmx())
    first = Run.objects.latest("id")
    page.post("/qa/ask/", {"question": "only those in Germany", "parent": first.pk}, **htmx())
    last = Run.objects.latest("id")
    other, _ = visitor_create(workspace=directory, name="Someone Else")
    Run.objects.create(visitor=other, question="Who is based in Spain?")
    html = page.get("/qa/").content.decode()
    listed = html.split('class="earlier"')[1].split("</nav>")[0]
    assert f'href="/qa/runs/{last.pk}/"' in listed and escape(EXAMPLE_QUESTION) in listed
    assert "and 1 more question" in listed
    assert "Spain" not in listed
