"""The API reference loads nothing from another host: Swagger UI from the project's own static
files, its start script a file of its own, and a CSP of 'self' alone."""

from __future__ import annotations

import re

import pytest
from django.contrib.staticfiles import finders
from rest_framework.test import APIClient

from tests.limma.test_headers import directives
from tests.qa_view.browser import CHROMIUM, CHROMIUM_ARGS, playwright_api

# Where a page names what it loads: src, href, url(...), and any absolute URL at all.
ADDRESS = re.compile(r"""(?:src|href)\s*=\s*["']([^"']+)["']|url\(\s*["']?([^"')]+)""")
ANOTHER_HOST = re.compile(r"(?:https?:)?//[^\s\"'<>]+", re.IGNORECASE)


def addresses(text: str) -> list[str]:
    return [one or two for one, two in ADDRESS.findall(text)]


@pytest.fixture
def reference():
    return APIClient().get("/v1/reference")


def test_the_reference_page_answers_with_swagger_ui(reference):
    assert reference.status_code == 200
    assert b'id="swagger-ui"' in reference.content


def test_the_reference_names_no_other_host(reference):
    html = reference.content.decode()

    assert ANOTHER_HOST.findall(html) == []
    loaded = addresses(html)
    assert loaded  # it does load its scripts and styles: from here
    assert all(address.startswith("/") for address in loaded), loaded


def test_everything_the_reference_loads_is_one_of_our_static_files_or_its_own_script(reference):
    for address in addresses(reference.content.decode()):
        if address.startswith("/v1/reference?"):
            continue
        path = address.removeprefix("/static/")
        assert path != address, address
        assert finders.find(path), f"{address} is not a static file of the project"


def test_the_reference_runs_nothing_inline(reference):
    html = reference.content.decode()

    assert "<style" not in html and " style=" not in html
    assert re.findall(r"<script(?![^>]*\ssrc=)[^>]*>", html) == []


def test_the_start_script_is_served_from_here_and_names_no_other_host():
    reply = APIClient().get("/v1/reference?script=")

    assert reply.status_code == 200
    assert reply["Content-Type"].startswith("application/javascript")
    assert "/v1/schema" in reply.content.decode()
    assert ANOTHER_HOST.findall(reply.content.decode()) == []


def test_the_references_csp_allows_this_host_alone(reference):
    header = reference["Content-Security-Policy"]
    policy = directives(header)

    assert policy["default-src"] == ["'none'"]
    for directive in ("script-src", "style-src", "font-src", "connect-src"):
        assert policy[directive] == ["'self'"], directive
    assert set(policy["img-src"]) <= {"'self'", "data:"}
    assert "'unsafe-inline'" not in header and "'unsafe-eval'" not in header
    assert ANOTHER_HOST.findall(header) == []


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_the_reference_renders_in_a_browser_that_reaches_no_other_host(live_server, tmp_path):
    if not CHROMIUM.exists():
        pytest.skip("Debian's Chromium is not installed")
    refused, elsewhere = [], []
    with playwright_api.sync_playwright() as playwright:
        context = playwright.chromium.launch_persistent_context(
            str(tmp_path / "chromium-profile"),
            executable_path=str(CHROMIUM),
            headless=True,
            args=CHROMIUM_ARGS,
        )
        context.set_default_timeout(20_000)
        try:
            page = context.new_page()
            page.on("console", lambda message: refused.append(message.text))
            page.on("request", lambda request: elsewhere.append(request.url))
            page.goto(f"{live_server.url}/v1/reference")
            playwright_api.expect(page.locator(".swagger-ui .info .title")).to_contain_text("Limma")
            playwright_api.expect(page.locator(".opblock-summary-path").first).to_be_visible()
        finally:
            context.close()

    assert [text for text in refused if "Content Security Policy" in text] == []
    here = (live_server.url, "data:", "blob:")
    assert [url for url in elsewhere if not url.startswith(here)] == []
