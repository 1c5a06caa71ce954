"""Errors in the page's own style (issue 11, point 8) and the page's host serving the page alone
(point 9): no bare Django "Not Found" or CSRF page under /qa/; an HTMX request gets the sentence
retargeted to the page's failure line; with LIMMA_PAGE_ONLY the admin, the verbs, the reference
and the schema are 404, and the default keeps everything."""

from __future__ import annotations

import pytest
from django.test import Client

from qa_view.answer.codes import sentence_for
from qa_view.page.failures import NOT_FOUND, STALE_FORM
from tests.qa_view.conftest import htmx

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    "path", ["/qa/runs/999/", "/qa/runs/999/source/0/", "/qa/no-such-page/", "/qa/runs/x/"]
)
def test_a_missing_page_without_javascript_is_the_sentence_in_the_pages_layout(page, path):
    response = page.get(path)
    html = response.content.decode()
    assert response.status_code == 404
    assert f'<p class="failure-sentence" role="alert">{NOT_FOUND}</p>' in html
    assert "<html" in html and 'href="/qa/"' in html and "qa.css" in html
    assert "Not Found" not in html


def test_a_missing_page_for_htmx_is_the_sentence_retargeted_to_the_failure_line(page):
    response = page.get("/qa/runs/999/", **htmx())
    assert response.status_code == 404
    assert response["HX-Retarget"] == "#failure" and response["HX-Reswap"] == "innerHTML"
    html = response.content.decode()
    assert html.strip() == f'<p class="failure-sentence" role="alert">{NOT_FOUND}</p>'


def test_the_page_tells_htmx_to_swap_error_responses_and_holds_the_failure_line(page):
    html = page.get("/qa/").content.decode()
    assert '<div id="failure"' in html
    assert '"[45]..", "swap": true, "error": true' in html


def test_a_follow_up_on_an_unknown_answer_keeps_the_conversation(page):
    response = page.post("/qa/ask/", {"question": "and Spain?", "parent": "999"}, **htmx())
    assert response.status_code == 404 and response["HX-Retarget"] == "#failure"


def test_a_refused_csrf_token_is_the_pages_sentence(visitor_and_code, sign_in, examples_file):
    strict = Client(enforce_csrf_checks=True)
    visitor, code = visitor_and_code
    response = strict.post("/qa/sign-in/", {"name": visitor.name, "code": code})
    assert response.status_code == 403
    html = response.content.decode()
    assert STALE_FORM in html and "CSRF verification" not in html and "<html" in html
    hx = strict.post("/qa/sign-in/", {"name": visitor.name, "code": code}, **htmx())
    assert hx.status_code == 403 and hx["HX-Retarget"] == "#failure"


def test_a_fault_of_ours_under_the_page_is_its_sentence(page, monkeypatch):
    import qa_view.page.views

    def broken(*args, **kwargs):
        raise RuntimeError("a bug")

    monkeypatch.setattr(qa_view.page.views, "render", broken)
    page.raise_request_exception = False
    response = page.get("/qa/")
    assert response.status_code == 500
    assert sentence_for("agent_failed") in response.content.decode()


def test_outside_the_page_django_and_the_verbs_keep_their_own_answers(client):
    response = client.get("/v1/public/nothing")
    assert response.status_code == 404 and NOT_FOUND not in response.content.decode()


# --- the page's host --------------------------------------------------------------------------

ELSEWHERE = [
    "/admin/",
    "/admin/login/",
    "/v1/public/search",
    "/v1/public/region",
    "/v1/reference",
    "/v1/schema",
    "/static/admin/css/base.css",
    "/static/rest_framework/css/bootstrap.min.css",
]


@pytest.fixture
def page_host(settings):
    settings.LIMMA_PAGE_ONLY = True
    settings.ROOT_URLCONF = "limma.page_urls"
    return Client()


@pytest.mark.parametrize("path", ELSEWHERE)
def test_the_pages_host_serves_nothing_but_the_page(page_host, path):
    assert page_host.get(path).status_code == 404
    assert page_host.post(path, {}).status_code == 404


def test_the_pages_host_serves_the_page_and_its_static_files(page_host, examples_file):
    assert page_host.get("/").status_code == 302
    assert page_host.get("/qa/sign-in/").status_code == 200
    page = page_host.get("/qa/sign-in/").content.decode()
    assert page_host.get("/static/qa_view/qa.css").status_code == 200
    assert page_host.get("/static/qa_view/qa.js").status_code == 200
    assert "qa.css" in page


@pytest.mark.parametrize("path", ["/admin/login/", "/v1/reference", "/v1/schema"])
def test_by_default_everything_is_served(client, path):
    assert client.get(path).status_code == 200


def test_the_setting_is_read_from_the_environment(monkeypatch):
    import importlib

    import limma.settings

    monkeypatch.setenv("LIMMA_PAGE_ONLY", "1")
    try:
        reloaded = importlib.reload(limma.settings)
        assert reloaded.LIMMA_PAGE_ONLY is True and reloaded.ROOT_URLCONF == "limma.page_urls"
    finally:
        monkeypatch.delenv("LIMMA_PAGE_ONLY")
        importlib.reload(limma.settings)
