"""Every example in docs/examples prints what the specification prints."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

PRINTED = {
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
