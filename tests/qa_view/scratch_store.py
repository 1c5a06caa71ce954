"""A migrated scratch SQLite store with one workspace, for tests that start manage.py commands
in processes of their own (the MCP server over stdio and HTTP)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def scratch_store_made(folder: Path) -> tuple[dict[str, str], str]:
    """The environment a command runs in on the store in `folder`, and its admin key's token."""
    env = {k: v for k, v in os.environ.items() if k != "DATABASE_URL"}
    env |= {"LIMMA_VAR_DIR": str(folder), "DJANGO_SETTINGS_MODULE": "limma.settings"}
    manage = [sys.executable, str(ROOT / "manage.py")]
    subprocess.run([*manage, "migrate", "-v0"], cwd=ROOT, env=env, check=True, timeout=300)
    made = subprocess.run(
        [*manage, "create_workspace", "Scratch"], cwd=ROOT, env=env, check=True, timeout=120,
        capture_output=True, text=True,
    )  # fmt: skip
    token = next(line.split()[-1] for line in made.stdout.splitlines() if "lk_" in line)
    return env, token
