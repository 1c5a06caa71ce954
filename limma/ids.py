"""Public identifiers: opaque, random, and shaped so a reader can tell one kind from another."""

from __future__ import annotations

import secrets


def new_workspace_id() -> str:
    return f"ws_{secrets.token_hex(6)}"


def new_entity_key() -> str:
    """24 hexadecimal characters, the shape of a document-store record's id."""
    return secrets.token_hex(12)


def new_source_id() -> str:
    return secrets.token_hex(16)


def new_request_id() -> str:
    return f"req_{secrets.token_hex(8)}"
