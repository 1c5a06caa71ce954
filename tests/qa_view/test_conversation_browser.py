"""A conversation survives the browser (docs/pages.md#a-conversations-own-url): each has its own
URL, pushed as the page goes, with and without JavaScript; reload, Back and Forward show it, a
run still being read included; the visitor's earlier conversations are listed for them."""

from __future__ import annotations

import re
from dataclasses import asdict

import pytest
from django.db import connections

from qa_view.models import Run
from qa_view.page.answering import run_execute
from qa_view.page.examples import configured_examples
from tests.browser import CHROMIUM, CHROMIUM_ARGS
from tests.qa_view.conftest import EXAMPLE_QUESTION

pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(not CHROMIUM.exists(), reason="Debian's Chromium is not installed"),
]
playwright_api = pytest.importorskip("playwright.sync_api", reason="playwright is not installed")
RUN_URL = re.compile(r"/qa/runs/(\d+)/$")


@pytest.fixture
def browser_page(tmp_path):
    with playwright_api.sync_playwright() as playwright:
        context = playwright.chromium.launch_persistent_context(
            str(tmp_path / "chromium-profile"),
            executable_path=str(CHROMIUM),
            headless=True,
            args=CHROMIUM_ARGS,
        )
        context.set_default_timeout(20_000)
        try:
            yield context.new_page()
        finally:
            context.close()
            connections.close_all()


def sign_in(page, url: str, visitor, code: str) -> None:
    page.goto(f"{url}/qa/")
    page.get_by_label("Name").fill(visitor.name)
    page.get_by_label("Access code").fill(code)
    page.get_by_role("button", name="Sign in").click()


def run_of(page) -> Run:
    match = RUN_URL.search(page.url)
    assert match, page.url
    return Run.objects.get(pk=int(match.group(1)))


def test_reload_back_and_forward_show_the_conversation(
    live_server, browser_page, visitor_and_code, read_ahead
):
    expect = playwright_api.expect
    page = browser_page
    visitor, code = visitor_and_code
    sign_in(page, live_server.url, visitor, code)

    page.get_by_label("Your question").fill(EXAMPLE_QUESTION)
    page.get_by_role("button", name="Ask", exact=True).first.click()
    expect(page.locator(".first-line")).to_have_text("2 people fit. 1 more is close.")
    expect(page).to_have_url(RUN_URL)
    first = run_of(page)
    assert first.question == EXAMPLE_QUESTION

    page.get_by_label("Ask a follow-up").fill("tell me more about the second one")
    page.get_by_label("Ask a follow-up").press("Enter")
    expect(page.locator(".run")).to_have_count(2)
    expect(page).to_have_url(re.compile(rf"/qa/runs/(?!{first.pk}/)\d+/$"))
    second = run_of(page)

    page.reload()
    expect(page.locator(".run")).to_have_count(2)
    expect(page.locator(".run").nth(1).locator(".sentences")).to_contain_text("Margaux Delacroix")

    page.go_back()
    expect(page).to_have_url(re.compile(rf"/qa/runs/{first.pk}/$"))
    expect(page.locator(".run")).to_have_count(1)
    expect(page.locator(".first-line")).to_have_text("2 people fit. 1 more is close.")
    page.go_forward()
    expect(page).to_have_url(re.compile(rf"/qa/runs/{second.pk}/$"))
    expect(page.locator(".run")).to_have_count(2)

    # The page lists the visitor's earlier conversations, each by its first question.
    page.goto(f"{live_server.url}/qa/")
    earlier = page.get_by_role("navigation", name="Your earlier conversations")
    expect(earlier.get_by_role("link", name=EXAMPLE_QUESTION)).to_have_count(1)
    earlier.get_by_role("link", name=EXAMPLE_QUESTION).click()
    expect(page).to_have_url(re.compile(rf"/qa/runs/{second.pk}/$"))
    expect(page.locator(".run")).to_have_count(2)


def test_a_run_still_being_read_survives_a_reload(
    live_server, browser_page, visitor_and_code, read_ahead
):
    expect = playwright_api.expect
    page = browser_page
    visitor, code = visitor_and_code
    sign_in(page, live_server.url, visitor, code)
    example = asdict(configured_examples().find(EXAMPLE_QUESTION))
    run = Run.objects.create(visitor=visitor, question=EXAMPLE_QUESTION, example=example)
    page.goto(f"{live_server.url}/qa/runs/{run.pk}/")
    expect(page.locator(".reading")).to_have_text("Searching the directory…")
    page.reload()
    expect(page.locator(".reading")).to_have_text("Searching the directory…")
    run_execute(run_id=run.pk)  # its worker answers while the page polls
    expect(page.locator(".first-line")).to_have_text("2 people fit. 1 more is close.")
    page.reload()
    expect(page.locator(".first-line")).to_have_text("2 people fit. 1 more is close.")


def test_without_javascript_a_conversation_has_its_url_too(
    live_server, tmp_path, visitor_and_code, read_ahead
):
    expect = playwright_api.expect
    visitor, code = visitor_and_code
    with playwright_api.sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=str(CHROMIUM), headless=True, args=CHROMIUM_ARGS
        )
        context = browser.new_context(java_script_enabled=False)
        try:
            page = context.new_page()
            sign_in(page, live_server.url, visitor, code)
            page.get_by_label("Your question").fill(EXAMPLE_QUESTION)
            page.get_by_role("button", name="Ask", exact=True).first.click()
            expect(page).to_have_url(RUN_URL)
            expect(page.locator(".first-line")).to_have_text("2 people fit. 1 more is close.")
            first = page.url
            page.get_by_label("Ask a follow-up").fill("tell me more about the second one")
            page.get_by_role("button", name="Ask", exact=True).last.click()
            expect(page.locator(".run")).to_have_count(2)
            assert page.url != first and RUN_URL.search(page.url)
            page.go_back()
            expect(page.locator(".run")).to_have_count(1)
            page.reload()
            expect(page.locator(".run")).to_have_count(1)
        finally:
            context.close()
            browser.close()
