"""The key a store keeps for the agents attached to it from outside (the MCP server, the console).

`make demo` builds its store in a folder of its own; an MCP client or the console started on that
store later (`scripts/on-demo`) must act under a key of its directory, and a token is shown only
once (the store keeps its hash). So the demo keeps one analyst key's token in the store's folder,
beside the secret key and readable by its owner alone, and makes a new one only when that one is
gone or revoked.
"""

from __future__ import annotations

from pathlib import Path

from django.conf import settings
from rest_framework.exceptions import AuthenticationFailed

from limma.auth import key_for_token
from limma.models import ApiKey, Workspace
from limma.services.keys import api_key_create

AGENT_KEY_FILE = "agent_key"
AGENT_KEY_NAME = "outside agents (MCP, console)"


def agent_key_path() -> Path:
    return Path(settings.VAR_DIR) / AGENT_KEY_FILE


def agent_key_kept(workspace: Workspace) -> str:
    """The token of the workspace's outside agents' key, kept in the store's folder; made anew
    when the kept one no longer names an active key of this workspace."""
    path = agent_key_path()
    if path.exists():
        token = path.read_text().strip()
        try:
            if key_for_token(token).workspace_id == workspace.id:
                return token
        except AuthenticationFailed:
            pass
    _, token = api_key_create(workspace=workspace, name=AGENT_KEY_NAME, role=ApiKey.Role.ANALYST)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.touch(mode=0o600)
    path.chmod(0o600)
    path.write_text(token + "\n")
    return token
