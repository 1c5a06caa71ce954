"""The offline provider: deterministic rules, no network, no spend — the embedded default.

Each app registers its own role's rules where they belong (e.g. criteria/offline/roles.py, imported
from the app's AppConfig.ready()) with @offline_handler("reader"). A role with no handler is not
available offline: the door refuses it (model_unavailable) without calling anything.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from limma.door.providers.base import ProviderReply
from limma.door.roles import ROLES

if TYPE_CHECKING:
    from pydantic import BaseModel

    from limma.door.roles import RoleSpec

# A handler takes the role's validated request model and returns the reply as a JSON-able dict;
# the door validates it like any model's reply.
OfflineHandler = Callable[[Any], dict[str, Any]]

OFFLINE_HANDLERS: dict[str, OfflineHandler] = {}


def offline_handler(role: str) -> Callable[[OfflineHandler], OfflineHandler]:
    """Register the decorated function as the offline rules for `role`."""
    if role not in ROLES:
        raise ValueError(f"no model role named {role!r}")

    def register(handler: OfflineHandler) -> OfflineHandler:
        registered = OFFLINE_HANDLERS.get(role)
        if registered is not None and registered is not handler:
            raise ValueError(
                f"the offline role {role!r} already has rules: {registered.__qualname__}"
            )
        OFFLINE_HANDLERS[role] = handler
        return handler

    return register


class OfflineProvider:
    name = "offline"
    paid = False

    def available(self, role: str) -> bool:
        return role in OFFLINE_HANDLERS

    def complete(
        self,
        *,
        spec: RoleSpec,
        request: BaseModel,
        model: str,
        timeout: float,
        max_retries: int,
        max_tokens: int,
    ) -> ProviderReply:
        reply = OFFLINE_HANDLERS[spec.name](request)
        return ProviderReply(
            content=json.dumps(reply, ensure_ascii=False), tokens_in=0, tokens_out=0
        )
