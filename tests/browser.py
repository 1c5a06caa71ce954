"""What the browser tests share: Debian's headless Chromium, the flags it runs with, where the
screenshots go, Playwright (the importing test module is skipped without it) and a page in a
fresh profile.

Needs Chromium at /usr/bin/chromium (Debian: `apt-get install -y chromium`).
Screenshots are written to $QA_SCREENSHOTS (default /tmp).
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest
from django.db import connections

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

playwright_api = pytest.importorskip(
    "playwright.sync_api", reason="playwright is not installed (pip install -r requirements.txt)"
)
# Playwright's sync API runs an event loop on this thread; the test's own ORM calls are still
# synchronous and safe here.
os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")


def chromium_page(tmp_path: Path, width: int = 1100) -> Iterator[object]:
    """A page of a fresh Chromium profile, closed (with the test's connections) afterwards; the
    `browser_page` fixture of a test package's conftest yields it."""
    with playwright_api.sync_playwright() as playwright:
        context = playwright.chromium.launch_persistent_context(
            str(tmp_path / "chromium-profile"),  # a fresh profile for every test
            executable_path=str(CHROMIUM),
            headless=True,
            args=CHROMIUM_ARGS,
            viewport={"width": width, "height": 900},
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
