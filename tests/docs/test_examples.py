"""Every example in docs/examples prints what it must print (docs/examples/README.md)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

PRINTED = {
    "search_mode": (
        "modes: ('answer', 'search', 'people') | search prompt is its own: True\n"
        "0. A brief (conditions on people or records): call limma_search FIRST with brief= the "
        "request and read the closed set from its reply instead of assembling it from "
        "limma_facts calls — `matches` (who is in the set, and `why`: each condition's value and "
        "where it is from), `matched.total` (the whole set: page with offset= "
        '`matched.next_offset` until it is null), `others` (`ruled_out` is the one "no"; the '
        "rest are not recorded or cannot be placed) and `complete`. What `incomplete_because` "
        "says was dropped, not compiled or not bound was NOT searched; use rules 1-5 only for "
        "that part, and for requests limma_search cannot express. A row's receipt is fetched "
        "with the call `more.entity` describes.\n"
    ),
    # An idea's compact reply (docs/verbs.md#ideas). A part standing alone is its one sentence,
    # so possibly's location is the quote's own span, [68, 95].
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
        'Error executing tool limma_search: {"status": 503, "path": "/v1/public/search", '
        '"detail": {"type": "compile_unavailable", '
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
