"""A way on when nobody fits (docs/pages.md#a-way-on-when-nobody-fits): under "Nobody fits."
the words the near misses' documents use instead, each with [source], and "Ask in these words"
asks again with them accepted as names (`also`)."""

from __future__ import annotations

import re
from html import unescape

import pytest
from django.test import Client
from django.utils.html import escape

from directory import build_directory
from directory.niches import SURGICAL_STAPLERS
from limma.services.connect import export_connect
from qa_view.models import Run
from qa_view.page.visitors import visitor_create
from tests.factories import make_workspace
from tests.qa_view.conftest import htmx

pytestmark = pytest.mark.django_db

OTHER_WORDS = (
    "Who in Germany sold surgical stapling devices through public procurement in the DACH region?"
)


@pytest.fixture
def demo(db):
    built = build_directory(160, 7)
    workspace = make_workspace("Demo")
    export_connect(
        workspace=workspace, tables=built.export["tables"], mapping=built.export["mapping"]
    )
    return workspace, built.key


@pytest.fixture
def analyst_page(demo, examples_file):
    workspace, _ = demo
    visitor, code = visitor_create(workspace=workspace, name="Way On", key_role="analyst")
    client = Client()
    assert client.post("/qa/sign-in/", {"name": visitor.name, "code": code}).status_code == 302
    return client


def asked(page, **posted) -> tuple[Run, str]:
    html = page.post("/qa/ask/", posted, **htmx()).content.decode()
    run = Run.objects.latest("id")
    return run, html[html.index(f'id="run-{run.pk}"') :]


def test_nobody_fits_shows_the_words_their_documents_use_instead_each_with_source(
    analyst_page, demo
):
    run, html = asked(analyst_page, question=OTHER_WORDS)
    assert '<p class="first-line">Nobody fits.' in html
    words = run.evidence["instead"]["words"]
    assert words and "What their documents say instead" in html
    assert "“surgical staplers” for “surgical stapling devices”" in html
    for n, said in enumerate(words):
        assert f"“{escape(said['states'])}”" in html
        source = analyst_page.get(f"/qa/runs/{run.pk}/instead/{n}/source/", **htmx())
        assert source.status_code == 200 and escape(said["name"]) in source.content.decode()
    missing = analyst_page.get(f"/qa/runs/{run.pk}/instead/{len(words)}/source/")
    assert missing.status_code == 404


def test_ask_in_these_words_accepts_them_and_finds_who_fits(analyst_page, demo):
    _, key = demo
    run, _ = asked(analyst_page, question=OTHER_WORDS)
    words = run.evidence["instead"]["words"]
    n = next(i for i, said in enumerate(words) if said["states"] == "surgical staplers")
    again, html = asked(analyst_page, instead_of=run.pk, accept=n)
    assert again.parent == run and "surgical staplers" in again.question
    product = next(f for f in again.example["facets"] if f["key"] == "product")
    assert product["also"] == ["surgical staplers"]  # only the words chosen are accepted
    fitting = {key.people[pid].name for pid in key.fits(SURGICAL_STAPLERS)}
    listed = re.findall(r'<strong class="name">([^<]+)</strong>', html.split("</ol>")[0])
    assert listed and set(map(unescape, listed)) <= fitting


@pytest.mark.parametrize("accept", ["", "99", "x"])
def test_asking_in_words_that_are_not_offered_is_a_404(analyst_page, demo, accept):
    run, _ = asked(analyst_page, question=OTHER_WORDS)
    response = analyst_page.post("/qa/ask/", {"instead_of": run.pk, "accept": accept}, **htmx())
    assert response.status_code == 404
    assert Run.objects.latest("id") == run


def test_an_answer_where_people_fit_offers_no_words_instead(page, read_ahead):
    html = page.post("/qa/ask/", {"example": "0"}, **htmx()).content.decode()
    run = Run.objects.latest("id")
    assert "2 people fit." in html and "instead" not in (run.evidence or {})
    assert "What their documents say instead" not in html
