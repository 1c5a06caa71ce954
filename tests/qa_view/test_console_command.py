"""`manage.py console` as README gives it opens over plain HTTP on loopback, whatever
LIMMA_SECURE says, and keeps the site's HTTPS settings beyond loopback."""

from __future__ import annotations

import pytest
from django.core.management import call_command
from django.test import Client

from qa_view.management.commands.console import PLAIN_HTTP

SECURE = {
    "SECURE_SSL_REDIRECT": True,
    "SESSION_COOKIE_SECURE": True,
    "CSRF_COOKIE_SECURE": True,
    "SECURE_HSTS_SECONDS": 31_536_000,
    "SECURE_HSTS_INCLUDE_SUBDOMAINS": True,
    "SECURE_HSTS_PRELOAD": True,
}


@pytest.fixture
def secure_site(settings, monkeypatch):
    """The site's secure defaults (DEBUG off), overridden first so what the command sets is undone
    after the test; runserver itself is not started."""
    for name, value in SECURE.items():
        setattr(settings, name, value)
    settings.LIMMA_CONSOLE_API_KEY = ""
    started = []
    monkeypatch.setattr(
        "qa_view.management.commands.console.call_command",
        lambda *args, **kwargs: started.append(args),
    )
    return started


@pytest.mark.parametrize(
    "address", [None, "8001", "127.0.0.1:8650", "localhost:8651", "[::1]:8652"]
)
def test_on_loopback_the_console_is_plain_http(secure_site, settings, capsys, address):
    call_command("console", *([address] if address else []))

    assert {name: getattr(settings, name) for name in PLAIN_HTTP} == PLAIN_HTTP
    said = capsys.readouterr().out
    assert "http://" in said and "/console/" in said and "https://" not in said


@pytest.mark.parametrize("address", ["0.0.0.0:8653", "192.168.1.10:8654", "console.example:8655"])
def test_beyond_loopback_the_sites_https_settings_hold(secure_site, settings, address):
    call_command("console", address)

    assert {name: getattr(settings, name) for name in SECURE} == SECURE


@pytest.mark.django_db
def test_the_console_opens_at_its_sign_in_not_at_https(secure_site, settings):
    call_command("console")
    reply = Client().get("/console/")

    assert reply.status_code == 302
    assert reply["Location"].startswith("/admin/login/")
    assert "Strict-Transport-Security" not in reply.headers


@pytest.mark.django_db
def test_without_the_command_the_secure_site_sends_the_console_to_https(secure_site):
    reply = Client().get("/console/")

    assert reply.status_code == 301 and reply["Location"].startswith("https://")
