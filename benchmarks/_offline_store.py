"""A scratch SQLite store, migrated, read by the offline provider inside the call (no worker):
what the end-to-end benchmarks over the demo's directory run on (qa_typed.py, read_order.py)."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path


def offline_store(prefix: str) -> Path:
    """The scratch folder of a fresh store, Django set up on it."""
    scratch = Path(tempfile.mkdtemp(prefix=prefix))
    os.environ["LIMMA_VAR_DIR"] = str(scratch)
    os.environ["DATABASE_URL"] = f"sqlite:///{scratch / 'store.sqlite3'}"
    os.environ["DJANGO_SETTINGS_MODULE"] = "limma.settings"
    os.environ["LIMMA_PROVIDER"] = "offline"
    os.environ["LIMMA_CRITERIA_BACKGROUND"] = "0"
    os.environ.setdefault("LIMMA_LOG_LEVEL", "WARNING")
    import django
    from django.core.management import call_command

    django.setup()
    call_command("migrate", verbosity=0)
    return scratch
