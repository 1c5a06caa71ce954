"""A scratch store for the examples: a fresh SQLite file, migrated, and an API client on it.

Each example runs offline and spends nothing: the model replies it needs are scripted stand-ins.
"""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def setup() -> None:
    """Point Django at a new scratch database under a temporary folder and migrate it."""
    if str(ROOT) not in sys.path:
        sys.path.insert(0, str(ROOT))
    scratch = Path(tempfile.mkdtemp(prefix="limma-example-"))
    os.environ["LIMMA_VAR_DIR"] = str(scratch)
    os.environ["DATABASE_URL"] = f"sqlite:///{scratch / 'example.sqlite3'}"
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "limma.test_settings")
    os.environ["DJANGO_ALLOWED_HOSTS"] = "testserver,localhost"
    import django
    from django.core.management import call_command

    django.setup()
    call_command("migrate", verbosity=0)


def client_for(workspace_name: str = "Examples"):
    """A workspace, its admin key, and a DRF test client holding that key."""
    from rest_framework.test import APIClient

    from limma.models import Workspace
    from limma.services.keys import api_key_create

    workspace = Workspace.objects.create(name=workspace_name)
    _, token = api_key_create(workspace=workspace, name="examples", role="admin")
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Bearer {token}")
    return client, workspace.id
