"""The page's headers: a Content-Security-Policy of its own scripts and styles, and a deploy
check that is clean under the production settings."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.limma.headers import directives

pytestmark = pytest.mark.django_db

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize("path", ["/qa/sign-in/", "/v1/public/documents"])
def test_the_page_allows_only_its_own_scripts_and_styles(client, path):
    reply = client.get(path)

    policy = directives(reply["Content-Security-Policy"])
    assert policy["default-src"] == ["'none'"]
    assert policy["script-src"] == ["'self'"]
    assert policy["style-src"] == ["'self'"]
    assert policy["frame-ancestors"] == ["'none'"]
    assert "'unsafe-inline'" not in reply["Content-Security-Policy"]


def test_the_sign_in_page_loads_nothing_inline(client):
    html = client.get("/qa/sign-in/").content.decode()

    assert "<script>" not in html and "<style" not in html and " style=" not in html


def test_the_deploy_check_is_clean_under_production_settings(tmp_path):
    inherited = {
        name: value
        for name, value in os.environ.items()
        if not name.startswith(("DJANGO_", "LIMMA_"))  # e.g. a browser test's ASYNC_UNSAFE
    }
    env = {
        **inherited,
        "DJANGO_SETTINGS_MODULE": "limma.settings",
        "DJANGO_SECRET_KEY": "a-production-secret-" + "k" * 50,
        "DJANGO_DEBUG": "0",
        "LIMMA_VAR_DIR": str(tmp_path),
    }

    checked = subprocess.run(
        [sys.executable, "manage.py", "check", "--deploy", "--fail-level", "WARNING"],
        check=False,
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )

    assert checked.returncode == 0, checked.stdout + checked.stderr
    assert "no issues" in checked.stdout
