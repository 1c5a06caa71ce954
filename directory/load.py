"""Loading the directory into a workspace: the connect service, once, with the whole export.

The one module of the package that needs Django: the rest is plain Python.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any

from limma.models import ApiKey, Workspace
from limma.services.connect import export_connect
from limma.services.connect_load import Loaded
from limma.services.keys import api_key_create


@dataclass(frozen=True)
class Brought:
    workspace: Workspace
    loaded: Loaded
    seconds: float
    token: str  # an admin key's token, shown once
    key: ApiKey


def workspace_for(name: str) -> Workspace:
    """The workspace of that name, created (with the default pack) when there is none."""
    workspace = Workspace.objects.filter(name=name).order_by("created_at").first()
    return workspace or Workspace.objects.create(name=name)


def directory_load(*, workspace: Workspace, export: dict[str, Any]) -> Brought:
    """Connect the export into the workspace and make an admin key for it."""
    started = time.perf_counter()
    loaded = export_connect(workspace=workspace, tables=export["tables"], mapping=export["mapping"])
    seconds = time.perf_counter() - started
    key, token = api_key_create(workspace=workspace, name="directory admin", role="admin")
    return Brought(workspace, loaded, seconds, token, key)
