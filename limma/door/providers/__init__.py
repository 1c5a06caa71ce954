"""The providers behind the door, and which answers: LIMMA_PROVIDER, unless a test installed one.

An installed provider (`use_provider`) is module-wide, not per-context, on purpose: a
live-server test's requests are served on another thread and must see it too.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any

from limma.door.providers.base import CAUSES, Provider, ProviderFailure, ProviderReply
from limma.door.providers.offline import OFFLINE_HANDLERS, OfflineProvider, offline_handler
from limma.door.providers.openai_provider import OpenAIProvider
from limma.door.providers.scripted import ScriptedProvider

if TYPE_CHECKING:
    from limma.conf import LimmaSettings

__all__ = [
    "CAUSES",
    "OFFLINE_HANDLERS",
    "OfflineProvider",
    "OpenAIProvider",
    "Provider",
    "ProviderFailure",
    "ProviderReply",
    "ScriptedProvider",
    "configured_provider",
    "current_provider",
    "installed_provider",
    "offline_handler",
    "scripted_replies",
    "use_provider",
]

_installed: list[Provider] = []
_OFFLINE = OfflineProvider()


def installed_provider() -> Provider | None:
    """The provider a test installed, innermost first; None when LIMMA_PROVIDER decides."""
    return _installed[-1] if _installed else None


@contextmanager
def use_provider(provider: Provider) -> Iterator[Provider]:
    """Answer every model call inside the block with `provider`, whatever LIMMA_PROVIDER says."""
    _installed.append(provider)
    try:
        yield provider
    finally:
        _installed.remove(provider)


@contextmanager
def scripted_replies(role: str, entries: Sequence[Mapping[str, Any]]) -> Iterator[ScriptedProvider]:
    """Answer `role` from scripted `entries` inside the block (format: docs/model-roles.md).

    Nested blocks add their role to the scripted provider the enclosing block installed.
    """
    outer = installed_provider()
    base = outer if isinstance(outer, ScriptedProvider) else ScriptedProvider()
    provider = base.with_role(role, entries)
    with use_provider(provider):
        yield provider


def configured_provider(settings: LimmaSettings) -> Provider:
    """The provider LIMMA_PROVIDER names (limma.conf has already checked the name)."""
    if settings.provider == "openai":
        return OpenAIProvider(base_url=settings.base_url, api_key=settings.api_key)
    if settings.provider == "scripted":
        return ScriptedProvider(directory=settings.scripted_dir)
    return _OFFLINE


def current_provider(settings: LimmaSettings) -> Provider:
    return installed_provider() or configured_provider(settings)
