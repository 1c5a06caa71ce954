"""manage.py rehearse_qa: the directory, the examples read ahead and a visitor, from scratch."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def rehearse(out: Path, *more: str, **env: str) -> subprocess.CompletedProcess[str]:
    base = {
        key: value
        for key, value in os.environ.items()
        if not key.startswith(("LIMMA_", "DATABASE_URL", "DJANGO_"))
    }
    return subprocess.run(
        [
            sys.executable,
            "manage.py",
            "rehearse_qa",
            "--out",
            str(out),
            "--n",
            "300",
            "--no-serve",
            *more,
        ],
        cwd=ROOT,
        env={**base, **env},
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )


def test_a_rehearsal_reads_the_examples_ahead_and_a_second_run_reuses_the_directory(tmp_path):
    first = rehearse(tmp_path)
    again = rehearse(tmp_path, "--visitor-key", "viewer")

    assert first.returncode == 0, first.stderr
    assert "building the directory: 300 people" in first.stdout
    assert first.stdout.count("complete: ") == 4
    assert "examples read ahead with the offline provider" in first.stdout
    assert (tmp_path / "limma.sqlite3").exists()
    assert again.returncode == 0, again.stderr
    assert "reusing the directory already loaded" in again.stdout
    # The page's key: an analyst's by default (a visitor's own niche is read), a viewer's asked.
    assert "the page's key: analyst (reads a visitor's own niche" in first.stdout
    assert "the page's key: viewer (answers only from profiles already read)" in again.stdout


def test_a_paid_provider_without_spend_ok_says_what_it_would_spend_and_starts_nothing(tmp_path):
    ran = rehearse(
        tmp_path,
        "--max-usd",
        "1",
        LIMMA_PROVIDER="openai",
        LIMMA_BASE_URL="http://127.0.0.1:9/v1",
        LIMMA_OPENAI_API_KEY="unused",
    )

    assert ran.returncode == 0, ran.stderr
    assert ran.stdout.count("would read ") == 4
    assert "Nothing was started: pass --spend-ok" in ran.stdout
    assert "complete: " not in ran.stdout
