"""The console's chips (a --hints JSON or the built-ins), `manage.py console`'s flags, and a
console with no key."""

from __future__ import annotations

import json

import pytest
from django.contrib.auth.models import User
from django.core.management import call_command
from django.core.management.base import CommandError

from qa_view.console.hints import BUILT_IN, HintsInvalid, configured_hints, hints_parsed


def test_without_a_hints_file_each_mode_has_three_built_in_chips(settings):
    settings.LIMMA_CONSOLE_HINTS = ""

    assert configured_hints() == BUILT_IN
    assert all(len(chips) == 3 for chips in BUILT_IN.values())


def test_a_hints_file_replaces_the_modes_it_names_and_keeps_the_others(settings, tmp_path):
    path = tmp_path / "hints.json"
    path.write_text(json.dumps({"search": ["Experts in DACH"], "answer": []}))
    settings.LIMMA_CONSOLE_HINTS = str(path)

    chips = configured_hints()
    assert chips["search"] == ["Experts in DACH"] and chips["answer"] == []
    assert chips["people"] == BUILT_IN["people"]


@pytest.mark.parametrize(
    "data",
    [[], "search", {"Search": ["x"]}, {"search": "x"}, {"search": [1]}, {"search": [""]}],
)
def test_a_hints_file_that_is_not_lists_of_questions_per_mode_is_refused(data):
    with pytest.raises(HintsInvalid):
        hints_parsed(data)


def test_manage_py_console_sets_its_flags_and_serves(monkeypatch, settings, tmp_path):
    # Overridden first, so what the command sets is undone with the override after the test.
    settings.LIMMA_CONSOLE_RECORD, settings.LIMMA_CONSOLE_HINTS = True, ""
    settings.LIMMA_CONSOLE_API_KEY = ""
    served = []
    monkeypatch.setattr(
        "qa_view.management.commands.console.call_command",
        lambda *args, **kwargs: served.append((args, kwargs)),
    )
    path = tmp_path / "hints.json"
    path.write_text(json.dumps({"search": ["Experts in DACH"]}))
    call_command("console", "--no-record", "--hints", str(path), "--api-key", "lk_a.b", "8123")

    assert served == [(("runserver", "8123"), {"use_reloader": False})]
    assert settings.LIMMA_CONSOLE_RECORD is False
    assert str(path) == settings.LIMMA_CONSOLE_HINTS
    assert settings.LIMMA_CONSOLE_API_KEY == "lk_a.b"


def test_manage_py_console_refuses_a_broken_hints_file(tmp_path, settings):
    settings.LIMMA_CONSOLE_HINTS = ""
    path = tmp_path / "hints.json"
    path.write_text("{not json")
    with pytest.raises(CommandError, match="--hints"):
        call_command("console", "--hints", str(path))


@pytest.mark.django_db
def test_a_console_with_no_key_says_so_and_runs_nothing(client, settings):
    settings.LIMMA_CONSOLE_API_KEY = ""
    client.force_login(User.objects.create_user("eva", password="pw-eva-1234", is_staff=True))

    assert "LIMMA_CONSOLE_API_KEY" in client.get("/console/").content.decode()
    reply = client.post("/console/api/run", {"question": "x"}, content_type="application/json")
    assert reply.status_code == 503 and reply.json()["detail"]["type"] == "console_key_missing"
