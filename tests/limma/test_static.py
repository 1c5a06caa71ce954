"""With DEBUG off, a fresh clone serves the admin's and the page's static files: nothing has
been collected, and nothing needs to be (WhiteNoise serves them from the apps, no manifest)."""

from __future__ import annotations

import re

import pytest
from django.test import Client

import limma.settings as deployed

pytestmark = pytest.mark.django_db


@pytest.fixture
def fresh_clone(settings, tmp_path):
    """The deployed settings' storage, DEBUG off, and an empty STATIC_ROOT (never collected)."""
    settings.DEBUG = False
    settings.STORAGES = deployed.STORAGES
    settings.STATIC_ROOT = tmp_path / "staticfiles"
    settings.STATIC_ROOT.mkdir()  # as settings.py makes it: there, and empty
    return Client()  # its handler (and WhiteNoise) is built under these settings


def test_the_admin_login_page_and_its_stylesheet_are_served(fresh_clone):
    page = fresh_clone.get("/admin/login/")

    assert page.status_code == 200
    sheets = re.findall(r'href="(/static/admin/css/[^"]+\.css)"', page.content.decode())
    assert sheets
    for sheet in sheets:
        served = fresh_clone.get(sheet)
        assert served.status_code == 200, sheet
        assert b"{" in b"".join(served.streaming_content)


def test_the_pages_own_stylesheet_is_served(fresh_clone):
    served = fresh_clone.get("/static/qa_view/qa.css")

    assert served.status_code == 200


def test_a_file_that_does_not_exist_is_a_404(fresh_clone):
    assert fresh_clone.get("/static/admin/css/not-there.css").status_code == 404
