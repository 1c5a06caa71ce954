"""The console in a real browser (headless Chromium, as tests/qa_view/test_browser.py drives it):
sign in as staff, run a question in each mode and see its tool calls, open a receipt with the
bytes marked, open a recorded run from the replay menu and put it beside another.

The model is a stand-in that reads one span back and cites it; the tools are the real verbs.
"""

from __future__ import annotations

import json
import os
import re

import pytest
from django.contrib.auth.models import User

from limma import door
from limma.door.providers import ProviderReply
from limma.models import Document
from tests.browser import CHROMIUM, SHOTS
from tests.factories import make_key

pytestmark = [
    pytest.mark.browser,
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(not CHROMIUM.exists(), reason="Debian's Chromium is not installed"),
]
playwright_api = pytest.importorskip("playwright.sync_api")
os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")
WORDS = "She led marketing for baby formula across Germany and Poland until 2023."


class ReadsOneSpan:
    """Each question: first a region call on Greta's sentence, then an answer citing it."""

    name = "scripted"
    paid = False

    def __init__(self, span: dict) -> None:
        self.span = span
        self.prompts: list[str] = []

    def available(self, role: str) -> bool:
        return role == "agent"

    def complete(self, *, spec, request, model, timeout, max_retries, max_tokens) -> ProviderReply:
        if request.messages[-1].role == "user":
            self.prompts.append(request.messages[0].content)
            call = {"id": "call-1", "name": "limma_region", "arguments": self.span}
            return ProviderReply(json.dumps({"content": "Reading.", "tool_calls": [call]}))
        marker = f"[p1:{self.span['start']}-{self.span['end']}]"
        answer = f"1 results at 1 addresses\nGreta Ostrander {marker}"
        return ProviderReply(json.dumps({"content": answer, "tool_calls": []}))


@pytest.fixture
def staff_console(directory, settings, tmp_path):
    _, token = make_key(directory, role="viewer")
    settings.LIMMA_CONSOLE_API_KEY = token
    settings.LIMMA_DATA_DIR = tmp_path
    settings.LIMMA_CONSOLE_RECORD = True
    User.objects.create_user("eva", password="pw-eva-1234", is_staff=True)
    document = Document.objects.get(workspace=directory, entity__display_name="Greta Ostrander")
    start = document.text.index(WORDS)
    return {"source_id": document.source_id, "start": start, "end": start + len(WORDS)}


def test_staff_run_each_mode_open_a_receipt_replay_and_compare(live_server, request, staff_console):
    expect = playwright_api.expect
    page = request.getfixturevalue("browser_page")
    model = ReadsOneSpan(staff_console)
    SHOTS.mkdir(parents=True, exist_ok=True)
    with door.use_provider(model):
        page.goto(f"{live_server.url}/console/")
        expect(page).to_have_url(re.compile(r"/admin/login/"))
        page.fill("#id_username", "eva")
        page.fill("#id_password", "pw-eva-1234")
        page.get_by_role("button", name="Log in").click()
        expect(page.locator(".brand")).to_have_text("Limma console")

        for mode in ("answer", "search", "people"):
            page.select_option("#mode", mode)
            page.fill("#question", "Who led marketing for baby formula?")
            page.get_by_role("button", name="Run").click()
            expect(page.locator(".step.done")).to_have_count(1)
            expect(page.locator(".step.attached")).to_contain_text("limma_search, limma_facts")
            call = page.locator(".step.tool_call summary")
            expect(call).to_have_text("limma_region(source_id, start, end)")
            expect(page.locator(".step.turn .usage").first).to_contain_text("in ·")
            reply = page.locator(".step.tool_result details")
            reply.locator("summary").click()
            expect(reply.locator("pre")).to_contain_text(WORDS)
        assert page.evaluate("localStorage.getItem('limma.mode')") == "people"
        assert len(model.prompts) == 3 and len(set(model.prompts)) == 3  # one prompt per mode

        # A receipt in the answer opens its region with the bytes marked.
        page.locator("#answer a.receipt").click()
        expect(page.locator("#region mark")).to_have_text(WORDS)
        page.screenshot(path=str(SHOTS / "console_run.png"), full_page=True)

        # The mode is kept across a reload.
        page.reload()
        expect(page.locator("#mode")).to_have_value("people")

        # The replay menu: a recorded run re-rendered from its record, beside another.
        options = page.locator("#runs option")
        expect(options).to_have_count(4)
        calls_before = len(model.prompts)
        first, other = options.nth(3).get_attribute("value"), options.nth(1).get_attribute("value")
        page.select_option("#runs", first)
        page.get_by_role("button", name="Replay").click()
        expect(page.locator(".step.done")).to_have_count(1)
        expect(page.locator("#answer")).to_contain_text("Greta Ostrander")
        assert len(model.prompts) == calls_before  # the replay asked no model
        page.select_option("#other", other)
        page.get_by_role("button", name="Side by side").click()
        expect(page.locator("table.diff")).to_be_visible()
        expect(page.locator("tr.differs").first).to_contain_text("mode: answer")
        page.screenshot(path=str(SHOTS / "console_diff.png"), full_page=True)
