"""Every example in docs/examples prints what the specification prints."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

PRINTED = {
    # ideas.txt, "What comes back". The one figure that departs from the specification's print
    # is possibly's location: the spec prints [68, 96], but a part standing alone is its one
    # sentence, so its location is the quote's own span, [68, 95].
    "ideas_compact_reply": (
        '{"detail": "compact", "idea": "where do we discuss pricing risk?",\n'
        ' "matched": {"total": 2, "showing": [1, 2], "next_offset": null},\n'
        ' "complete": true,\n'
        ' "matches": [\n'
        '   {"source_id": "…", "document": "memo.txt", "location": [0, 66],\n'
        '    "quote": "We reserve the right to raise our fees once a year.",\n'
        '    "quote_at": [6, 57], "labels": ["raise our fees (pricing)"]}],\n'
        ' "possibly": {"total": 1, "showing": [1, 1], "next_offset": null, "matches": [\n'
        '   {"source_id": "…", "document": "memo.txt", "location": [68, 95],\n'
        '    "quote": "The price list is attached.", "quote_at": [68, 95],\n'
        '    "labels": ["price list (pricing)"]}]},\n'
        ' "counts": {"documents": 2, "parts": 5, "labelled": 5},\n'
        ' "more": {"receipt": "…", "labels": "…", "full": "…"}}\n'
    ),
    "search_compile_unavailable": (
        "is_error: True\n"
        '{"status": 503, "path": "/v1/public/search", "detail": {"type": "compile_unavailable", '
        '"reason": "compile requires a model; pass constraints"}}\n'
    ),
}


@pytest.mark.parametrize("module", sorted(PRINTED))
def test_the_example_prints_what_the_specification_prints(module):
    env = {key: value for key, value in os.environ.items() if key != "DATABASE_URL"}

    run = subprocess.run(
        [sys.executable, "-m", f"docs.examples.{module}"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        check=False,
        timeout=300,
    )

    assert run.returncode == 0, run.stderr
    assert run.stdout == PRINTED[module]
