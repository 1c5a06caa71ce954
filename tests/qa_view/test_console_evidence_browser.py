"""The console's evidence in a real browser, on the embedded defaults (the offline provider) over
a directory made by the demo's generator with the demo's first example read ahead: a run in each
mode shows a receipt link that opens its document with the stored bytes marked, the baseline's
passages are marked found or missed against the receipts, and every chip answers
(docs/pages.md#the-console; issue 28, point 4).
"""

from __future__ import annotations

import os
import re
from decimal import Decimal

import pytest
from django.conf import settings as django_settings
from django.contrib.auth.models import User

from directory import build_directory
from limma.models import Document
from limma.services.connect import export_connect
from qa_view.answer.codes import sentence_for
from qa_view.console.hints import BUILT_IN
from qa_view.console.modes import MODES
from qa_view.page.examples import load_examples
from qa_view.page.read_ahead import example_read
from tests.browser import CHROMIUM, SHOTS
from tests.factories import make_key, make_workspace

pytestmark = [
    pytest.mark.browser,
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(not CHROMIUM.exists(), reason="Debian's Chromium is not installed"),
]
playwright_api = pytest.importorskip("playwright.sync_api")
os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")
N, SEED = 160, 7
EXAMPLES = os.path.join(django_settings.BASE_DIR, "directory", "qa_examples.json")
FIRST_LINE = re.compile(
    r"^(?:\d+ results? at \d+ address(?:es)?|0 results|\d+ people fit|1 person fits|Nobody fits)"
)


@pytest.fixture
def demo_console(db, settings, tmp_path):
    """The demo's kind of store, its first example read ahead, the console under an analyst key
    (as `scripts/on-demo console` runs it), and a staff sign-in."""
    built = build_directory(N, SEED)
    workspace = make_workspace("Demo")
    export_connect(workspace=workspace, **built.export)
    key, token = make_key(workspace, role="analyst")
    example = load_examples(EXAMPLES).examples[0]
    example_read(key=key, workspace=workspace, example=example, max_usd=Decimal("1"))
    settings.LIMMA_QA_EXAMPLES = EXAMPLES
    settings.LIMMA_CONSOLE_API_KEY = token
    settings.LIMMA_DATA_DIR = tmp_path
    settings.LIMMA_CONSOLE_RECORD = False
    User.objects.create_user("eva", password="pw-eva-1234", is_staff=True)


def run_once(page, button) -> None:
    """Click `button` (a "Try:" example or a chip) on a cleared page and wait for the run's
    record to be drawn."""
    page.evaluate("['steps', 'answer', 'baseline', 'region'].forEach(id => "
                  "document.getElementById(id).replaceChildren())")  # fmt: skip
    button.click()
    playwright_api.expect(page.locator(".step.done")).to_have_count(1)
    playwright_api.expect(page.locator("#answer .answer-text")).to_have_count(1)


def test_each_mode_shows_receipts_that_open_their_bytes_and_the_baseline_is_marked(
    live_server, request, demo_console
):
    expect = playwright_api.expect
    expect.set_options(timeout=60_000)  # a first run embeds the directory's sentences
    page = request.getfixturevalue("browser_page")
    page.set_default_timeout(60_000)
    SHOTS.mkdir(parents=True, exist_ok=True)
    try:
        page.goto(f"{live_server.url}/console/")
        page.fill("#id_username", "eva")
        page.fill("#id_password", "pw-eva-1234")
        page.get_by_role("button", name="Log in").click()
        expect(page.locator(".brand")).to_have_text("Limma console")
        page.check("#compare")
        for mode in MODES:
            page.select_option("#mode", mode)
            run_once(page, page.locator(".example").first)
            links = page.locator("#answer a.receipt")
            expect(links.first).to_be_visible()
            answer = page.locator("#answer .answer-text").inner_text()
            assert FIRST_LINE.match(answer), (mode, answer[:200])
            for n in range(min(links.count(), 3)):
                link = links.nth(n)
                link.click()
                region = page.locator("#region .region")
                expect(region).to_have_attribute("data-start", re.compile(r"^\d+$"))
                start = int(region.get_attribute("data-start"))
                end = int(region.get_attribute("data-end"))
                marker = link.inner_text()
                assert marker == f"[p1:{start}-{end}]"
                stored = Document.objects.get(source_id=region.get_attribute("data-source")).text
                expect(page.locator("#region mark")).to_have_text(stored[start:end])
                quoted = re.search(r"“([^”]*)” " + re.escape(marker), answer)
                assert quoted and quoted.group(1) == stored[start:end], (mode, marker)
                page.locator("#region").evaluate("node => node.replaceChildren()")
            # Each receipt marked in each baseline, and each passage against the receipts.
            marks = page.locator("#baseline ul.marks li")
            expect(marks.first).to_be_visible()
            assert {m.get_attribute("class") for m in marks.all()} <= {"found", "missed"}
            passages = page.locator("#baseline ol.passages li[data-mark]")
            expect(passages.first).to_have_attribute("data-mark", re.compile(r"^(found|missed)$"))
            page.screenshot(path=str(SHOTS / f"console_evidence_{mode}.png"), full_page=True)
        page.uncheck("#compare")

        # Every chip of every mode answers.
        not_taken_apart = sentence_for("decomposition_incomplete")
        for mode in MODES:
            page.select_option("#mode", mode)
            for chip in BUILT_IN[mode]:
                row = page.locator(f'.chip-row[data-mode="{mode}"]')
                run_once(page, row.locator(".chip", has_text=chip))
                answer = page.locator("#answer .answer-text").inner_text()
                assert FIRST_LINE.match(answer), (mode, chip, answer[:200])
                assert not_taken_apart not in answer.splitlines()[0], (mode, chip)
    finally:
        expect.set_options(timeout=5_000)
