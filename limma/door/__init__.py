"""The model door: every model call in Limma goes through `door.call(role, request, context=...)`.

    from limma import door
    reply = door.call("second_call", {...}, context=door.CallContext(workspace_id, key_id))

See limma/door/gate.py for what a call does (and why no call may be made inside an atomic block
that could roll its ledger row back), roles.py for the roles, docs/model-roles.md for their
shapes. The names below are loaded on first use: limma.conf imports limma.door.roles while the
settings load, and that import must not pull in the ledger model or DRF.
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from limma.door.errors import (
        CeilingReached,
        ModelCallFailed,
        ModelReplyInvalid,
        ModelUnavailable,
        SpendSwitchOff,
    )
    from limma.door.gate import (
        CallContext,
        SpendGuard,
        Tally,
        available,
        call,
        calls_for_visitor,
        calls_tallied,
        current_visitor,
    )
    from limma.door.providers import (
        Provider,
        ProviderFailure,
        ProviderReply,
        ScriptedProvider,
        offline_handler,
        scripted_replies,
        use_provider,
    )
    from limma.door.roles import ROLES, RoleSpec

_EXPORTS = {
    "CallContext": "limma.door.gate",
    "SpendGuard": "limma.door.gate",
    "available": "limma.door.gate",
    "call": "limma.door.gate",
    "Tally": "limma.door.gate",
    "calls_for_visitor": "limma.door.gate",
    "calls_tallied": "limma.door.gate",
    "current_visitor": "limma.door.gate",
    "CeilingReached": "limma.door.errors",
    "ModelCallFailed": "limma.door.errors",
    "ModelReplyInvalid": "limma.door.errors",
    "ModelUnavailable": "limma.door.errors",
    "SpendSwitchOff": "limma.door.errors",
    "Provider": "limma.door.providers",
    "ProviderFailure": "limma.door.providers",
    "ProviderReply": "limma.door.providers",
    "ScriptedProvider": "limma.door.providers",
    "offline_handler": "limma.door.providers",
    "scripted_replies": "limma.door.providers",
    "use_provider": "limma.door.providers",
    "ROLES": "limma.door.roles",
    "RoleSpec": "limma.door.roles",
}

__all__ = [
    "ROLES",
    "CallContext",
    "CeilingReached",
    "ModelCallFailed",
    "ModelReplyInvalid",
    "ModelUnavailable",
    "Provider",
    "ProviderFailure",
    "ProviderReply",
    "RoleSpec",
    "ScriptedProvider",
    "SpendGuard",
    "SpendSwitchOff",
    "Tally",
    "available",
    "call",
    "calls_for_visitor",
    "calls_tallied",
    "current_visitor",
    "offline_handler",
    "scripted_replies",
    "use_provider",
]


def __getattr__(name: str) -> Any:
    module = _EXPORTS.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(import_module(module), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(__all__)
