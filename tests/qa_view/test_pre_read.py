"""manage.py pre_read_examples: refuses without a ceiling; reads each prepared example ahead."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from criteria.models import Judgment

pytestmark = pytest.mark.django_db
ROOT = Path(__file__).resolve().parents[2]


def test_without_max_usd_it_refuses_with_exit_2(examples_file):
    ran = subprocess.run(
        [
            sys.executable,
            "manage.py",
            "pre_read_examples",
            "--workspace",
            "ws_1",
            "--examples",
            str(examples_file),
        ],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )

    assert ran.returncode == 2
    assert "--max-usd" in ran.stderr


def test_it_reads_each_prepared_example_and_says_how_the_read_stopped(directory, examples_file):
    out = io.StringIO()

    call_command(
        "pre_read_examples",
        "--workspace",
        directory.id,
        "--examples",
        str(examples_file),
        "--max-usd",
        "1",
        stdout=out,
    )

    printed = out.getvalue()
    assert printed.startswith("complete: ")
    assert " fit of " in printed and "$0.00" in printed
    assert Judgment.objects.filter(state="done").exists()


def test_it_says_out_loud_when_an_example_fits_nobody(directory, tmp_path):
    nobody = tmp_path / "nobody.json"
    nobody.write_text(
        json.dumps(
            {
                "directory": "d",
                "examples": [
                    {
                        "question": "Who in Peru has sold submarines?",
                        "constraints": [
                            {"relation": "based_in", "slot": "place", "op": "eq", "value": "Peru"}
                        ],
                        "niche": "sold submarines",
                        "facets": [
                            {"key": "product", "kind": "condition", "text": "sold submarines"}
                        ],
                    }
                ],
            }
        )
    )
    out = io.StringIO()

    call_command(
        "pre_read_examples",
        "--workspace",
        directory.id,
        "--examples",
        str(nobody),
        "--max-usd",
        "1",
        stdout=out,
    )

    assert "THIS EXAMPLE FITS NOBODY: Who in Peru has sold submarines?" in out.getvalue()


def test_an_unknown_workspace_is_refused(examples_file):
    with pytest.raises(CommandError, match="No workspace"):
        call_command(
            "pre_read_examples",
            "--workspace",
            "ws_000000000000",
            "--examples",
            str(examples_file),
            "--max-usd",
            "1",
        )


def test_with_background_reading_on_and_no_worker_it_reads_in_its_own_call(
    directory, examples_file, settings, monkeypatch
):
    # As deployed: reads go to the workers. Nothing runs a worker here, and the queue is not
    # run inline, so a command that handed its reads to the workers would never see them done.
    settings.LIMMA = {**settings.LIMMA, "CRITERIA_BACKGROUND": True}
    settings.Q_CLUSTER = {**settings.Q_CLUSTER, "sync": False}

    def no_worker(*args, **kwargs):
        raise AssertionError(f"handed to a worker that is not running: {args}")

    monkeypatch.setattr("criteria.service.async_task", no_worker)
    out = io.StringIO()

    call_command(
        "pre_read_examples",
        "--workspace",
        directory.id,
        "--examples",
        str(examples_file),
        "--max-usd",
        "1",
        stdout=out,
    )

    assert out.getvalue().startswith("complete: ")
    assert not Judgment.objects.exclude(state="done").exists()
    assert Judgment.objects.filter(state="done").exists()
