"""The page in a real browser: Debian's headless Chromium driven by Playwright against the live
server. Sign in, click a "Try:" example, see the people, open the details and a [source] in
place with the words marked, ask a follow-up, and be refused at a ceiling.

Needs Chromium at /usr/bin/chromium (Debian: `apt-get install -y chromium`); skipped without it.
Screenshots are written to $QA_SCREENSHOTS (default /tmp): qa_page.png is the answered page.
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterator
from decimal import Decimal
from pathlib import Path

import pytest
from django.db import connections

from qa_view.codes import sentence_for
from qa_view.models import Visitor

CHROMIUM = Path("/usr/bin/chromium")
# Without the background-networking flags Chromium keeps dialling out, which this machine's
# closed network refuses; --no-sandbox because CI runs it as root.
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
SHOTS = Path(os.environ.get("QA_SCREENSHOTS", "/tmp"))

pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(
        not CHROMIUM.exists(),
        reason="Debian's Chromium is not installed at /usr/bin/chromium "
        "(apt-get install -y chromium)",
    ),
]
playwright_api = pytest.importorskip(
    "playwright.sync_api", reason="playwright is not installed (pip install -r requirements.txt)"
)
# Playwright's sync API runs an event loop on this thread; the test's own ORM calls are still
# synchronous and safe here.
os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")


@pytest.fixture
def browser_page(tmp_path) -> Iterator[object]:
    with playwright_api.sync_playwright() as playwright:
        context = playwright.chromium.launch_persistent_context(
            str(tmp_path / "chromium-profile"),  # a fresh profile for every test
            executable_path=str(CHROMIUM),
            headless=True,
            args=CHROMIUM_ARGS,
            viewport={"width": 1100, "height": 900},
        )
        context.set_default_timeout(20_000)
        try:
            yield context.new_page()
        finally:
            context.close()
            # The test's own queries ran while Playwright's event loop was running, and Django
            # keeps a connection per context there: close it here, or it outlives the test
            # database.
            connections.close_all()


def test_a_visitor_asks_reads_the_source_and_follows_up(
    live_server, browser_page, visitor_and_code, read_ahead
):
    expect = playwright_api.expect
    page = browser_page
    visitor, code = visitor_and_code
    SHOTS.mkdir(parents=True, exist_ok=True)

    page.goto(f"{live_server.url}/qa/")
    expect(page).to_have_url(re.compile(r"/qa/sign-in/$"))
    page.screenshot(path=str(SHOTS / "qa_sign_in.png"))
    page.get_by_label("Name").fill(visitor.name)
    page.get_by_label("Access code").fill(code)
    page.get_by_role("button", name="Sign in").click()
    expect(page.get_by_role("heading", name="Ask the expert directory")).to_be_visible()

    # A "Try:" example: answered in place, the first line from the search's counts.
    page.get_by_role("button", name=re.compile("^Who in Europe has led marketing")).click()
    first_line = page.locator(".first-line").first
    expect(first_line).to_have_text("2 people fit. 1 more is close.")
    people = page.locator(".run .people .name")
    expect(people.first).to_have_text("Greta Ostrander")
    assert page.url.endswith("/qa/")

    # The quiet line's details open in place.
    reasons = page.locator("details.quiet .reasons")
    expect(reasons).to_be_hidden()
    page.locator("details.quiet summary").click()
    expect(reasons).to_be_visible()
    expect(reasons).to_contain_text("do not say enough to tell")

    # [source] opens under the person, with the exact words marked.
    page.locator(".source-link").first.click()
    marked = page.locator(".source mark")
    expect(marked.first).to_be_visible()
    assert "across Germany and Poland" in marked.all_inner_texts()
    expect(page.locator(".source")).to_contain_text("from the country column of the experts table")
    assert page.url.endswith("/qa/")
    page.screenshot(path=str(SHOTS / "qa_page.png"), full_page=True)

    # A follow-up about someone listed: answered in sentences under the first answer.
    page.get_by_label("Ask a follow-up").fill("tell me more about the second one")
    page.get_by_label("Ask a follow-up").press("Enter")
    expect(page.locator(".run")).to_have_count(2)
    expect(page.locator(".run").nth(1).locator(".sentences")).to_contain_text(
        "Margaux Delacroix is Head of Marketing at Nutrelle"
    )
    page.screenshot(path=str(SHOTS / "qa_follow_up.png"), full_page=True)

    # At the visitor's ceiling the next question is refused in one sentence.
    Visitor.objects.filter(pk=visitor.pk).update(ceiling_usd=Decimal("0"))
    page.get_by_label("Ask a follow-up").fill("only those in Germany")
    page.get_by_label("Ask a follow-up").press("Enter")
    expect(page.locator(".notice")).to_have_text(sentence_for("ceiling_visitor"))
    expect(page.locator(".run")).to_have_count(2)
    page.screenshot(path=str(SHOTS / "qa_ceiling.png"), full_page=True)
