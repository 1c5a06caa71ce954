"""Making and revoking API keys: a key's full token exists only in the reply that made it."""

from __future__ import annotations

import secrets

from django.utils import timezone

from limma.models import ApiKey, Workspace
from limma.models.keys import KEY_PREFIX, hash_secret


def api_key_create(
    *,
    workspace: Workspace,
    name: str,
    role: str = ApiKey.Role.VIEWER,
    access_groups: list[str] | None = None,
) -> tuple[ApiKey, str]:
    """Make a key and return it with its full token, which is never stored and never shown again."""
    prefix = secrets.token_hex(4)
    secret = secrets.token_urlsafe(32)
    key = ApiKey.objects.create(
        workspace=workspace,
        name=name,
        prefix=prefix,
        hashed_secret=hash_secret(secret),
        role=role,
        access_groups=access_groups if access_groups is not None else ["*"],
    )
    return key, f"{KEY_PREFIX}{prefix}.{secret}"


def api_key_revoke(*, key: ApiKey) -> None:
    key.revoked_at = timezone.now()
    key.save(update_fields=["revoked_at"])
