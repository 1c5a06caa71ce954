"""One settings object for Limma, read once from the environment and settings.LIMMA.

Like DRF's api_settings: every setting has its default and a comment here, is validated
once, and is reloaded when a test overrides settings.LIMMA.
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field, replace
from decimal import Decimal
from functools import cache
from typing import Any

from django.conf import settings as django_settings
from django.core.exceptions import ImproperlyConfigured
from django.core.signals import setting_changed

PROVIDERS = ("offline", "scripted", "openai")

# USD per million tokens, in and out. A paid model missing from the table is priced at
# DEFAULT_PRICE, so spend is over-counted rather than under-counted.
DEFAULT_PRICES: dict[str, dict[str, str]] = {
    "offline": {"in": "0", "out": "0"},
    "scripted": {"in": "0", "out": "0"},
    "gpt-4.1": {"in": "2.00", "out": "8.00"},
    "gpt-4.1-mini": {"in": "0.40", "out": "1.60"},
    "gpt-4.1-nano": {"in": "0.10", "out": "0.40"},
    "gpt-4o": {"in": "2.50", "out": "10.00"},
    "gpt-4o-mini": {"in": "0.15", "out": "0.60"},
}
DEFAULT_PRICE = {"in": "5.00", "out": "15.00"}


@dataclass(frozen=True)
class Price:
    usd_per_million_in: Decimal
    usd_per_million_out: Decimal

    def cost(self, tokens_in: int, tokens_out: int) -> Decimal:
        total = tokens_in * self.usd_per_million_in + tokens_out * self.usd_per_million_out
        return (total / Decimal(1_000_000)).quantize(Decimal("0.000001"))


@dataclass(frozen=True)
class LimmaSettings:
    # Which provider answers model calls: offline (deterministic rules, the default),
    # scripted (stand-in replies from JSON files) or openai (any OpenAI-compatible endpoint).
    provider: str = "offline"
    # The OpenAI-compatible endpoint and its key; an empty base URL means the hosted API.
    base_url: str = ""
    api_key: str = ""
    # The model every role uses unless LIMMA_MODEL_ROUTES routes the role elsewhere.
    model: str = "gpt-4.1-mini"
    model_routes: dict[str, str] = field(default_factory=dict)
    # Where the scripted provider reads its stand-in replies (docs/model-roles.md).
    scripted_dir: str = ""
    # Seconds one model call may take, and how often the client retries 429/5xx with backoff.
    timeout_seconds: float = 60.0
    max_retries: int = 2
    # The reply tokens a paid call is asked to stay within (max_tokens) and priced at before it
    # is sent, when no visitor's spend guard sets its own (LIMMA_QA_REPLY_TOKENS).
    reply_tokens: int = 2048
    # USD per million tokens per model (see DEFAULT_PRICES).
    prices: dict[str, Price] = field(default_factory=dict)
    # The spend switch: when on, every paid call is refused before it is sent.
    spend_off: bool = False
    # Criteria reads run in django-q2 workers (True) or inside the request (False).
    criteria_background: bool = True

    def price_for(self, model: str) -> Price:
        return self.prices.get(model) or _price(DEFAULT_PRICE)

    def model_for(self, role: str) -> str:
        return self.model_routes.get(role, self.model)


def _price(raw: dict[str, Any]) -> Price:
    return Price(Decimal(str(raw["in"])), Decimal(str(raw["out"])))


def _flag(value: Any, name: str) -> bool:
    if isinstance(value, bool):
        return value
    text = str(value).strip().lower()
    if text in {"1", "true", "yes", "on"}:
        return True
    if text in {"0", "false", "no", "off", ""}:
        return False
    raise ImproperlyConfigured(f"{name} must be a yes or a no, not {value!r}")


def _json_object(raw: Any, name: str) -> dict[str, Any]:
    if isinstance(raw, dict):
        return raw
    try:
        value = json.loads(raw) if raw else {}
    except json.JSONDecodeError as error:
        raise ImproperlyConfigured(f"{name} is not valid JSON: {error}") from error
    if not isinstance(value, dict):
        raise ImproperlyConfigured(f"{name} must be a JSON object")
    return value


ENVIRONMENT = {
    "PROVIDER": "LIMMA_PROVIDER",
    "BASE_URL": "LIMMA_BASE_URL",
    "API_KEY": "LIMMA_OPENAI_API_KEY",
    "MODEL": "LIMMA_MODEL",
    "MODEL_ROUTES": "LIMMA_MODEL_ROUTES",
    "SCRIPTED_DIR": "LIMMA_SCRIPTED_DIR",
    "TIMEOUT_SECONDS": "LIMMA_TIMEOUT_SECONDS",
    "MAX_RETRIES": "LIMMA_MAX_RETRIES",
    "REPLY_TOKENS": "LIMMA_REPLY_TOKENS",
    "PRICES": "LIMMA_PRICES",
    "SPEND_OFF": "LIMMA_SPEND_OFF",
    "CRITERIA_BACKGROUND": "LIMMA_CRITERIA_BACKGROUND",
}


def load() -> LimmaSettings:
    """Build the settings: settings.LIMMA wins over the environment, which wins over defaults."""
    raw: dict[str, Any] = {}
    for key, variable in ENVIRONMENT.items():
        if variable in os.environ:
            raw[key] = os.environ[variable]
    if key_from_env := os.environ.get("OPENAI_API_KEY"):
        raw.setdefault("API_KEY", key_from_env)
    raw.update(getattr(django_settings, "LIMMA", {}))
    unknown = set(raw) - set(ENVIRONMENT)
    if unknown:
        raise ImproperlyConfigured(f"LIMMA has unknown settings: {sorted(unknown)}")

    provider = str(raw.get("PROVIDER", "offline")).strip() or "offline"
    if provider not in PROVIDERS:
        raise ImproperlyConfigured(f"LIMMA_PROVIDER must be one of {PROVIDERS}, not {provider!r}")
    routes = {
        str(k): str(v)
        for k, v in _json_object(raw.get("MODEL_ROUTES"), "LIMMA_MODEL_ROUTES").items()
    }
    from limma.door.roles import ROLES

    unknown_roles = set(routes) - set(ROLES)
    if unknown_roles:
        raise ImproperlyConfigured(
            f"LIMMA_MODEL_ROUTES names unknown roles: {sorted(unknown_roles)}"
        )
    prices = {**DEFAULT_PRICES, **_json_object(raw.get("PRICES"), "LIMMA_PRICES")}
    try:
        price_table = {model: _price(value) for model, value in prices.items()}
        timeout = float(raw.get("TIMEOUT_SECONDS", 60))
        retries = int(raw.get("MAX_RETRIES", 2))
        reply_tokens = int(raw.get("REPLY_TOKENS", 2048))
    except (KeyError, TypeError, ValueError, ArithmeticError) as error:
        raise ImproperlyConfigured(
            f"LIMMA prices, timeout, retries or reply tokens are malformed: {error}"
        ) from error
    if timeout <= 0 or retries < 0:
        raise ImproperlyConfigured("LIMMA_TIMEOUT_SECONDS must be > 0 and LIMMA_MAX_RETRIES >= 0")
    if reply_tokens < 1:
        raise ImproperlyConfigured("LIMMA_REPLY_TOKENS must be 1 or more")
    return LimmaSettings(
        provider=provider,
        base_url=str(raw.get("BASE_URL", "")),
        api_key=str(raw.get("API_KEY", "")),
        model=str(raw.get("MODEL", "gpt-4.1-mini")) or "gpt-4.1-mini",
        model_routes=routes,
        scripted_dir=str(raw.get("SCRIPTED_DIR", "")),
        timeout_seconds=timeout,
        max_retries=retries,
        reply_tokens=reply_tokens,
        prices=price_table,
        spend_off=_flag(raw.get("SPEND_OFF", False), "LIMMA_SPEND_OFF"),
        criteria_background=_flag(
            raw.get("CRITERIA_BACKGROUND", True), "LIMMA_CRITERIA_BACKGROUND"
        ),
    )


# Settings changed for one block of code on this thread (settings_for_block), else None.
_block: ContextVar[LimmaSettings | None] = ContextVar("limma_settings_block", default=None)


def limma_settings() -> LimmaSettings:
    return _block.get() or _loaded()


@cache
def _loaded() -> LimmaSettings:
    return load()


@contextmanager
def settings_for_block(**changes: Any) -> Iterator[LimmaSettings]:
    """The settings with these fields changed, for the block's length on this thread: e.g. a
    command that reads in its own call (criteria_background=False), with no worker to wait on."""
    token = _block.set(replace(limma_settings(), **changes))
    try:
        yield limma_settings()
    finally:
        _block.reset(token)


def reload() -> None:
    _loaded.cache_clear()


def _on_setting_changed(*, setting: str, **kwargs: Any) -> None:
    if setting == "LIMMA":
        reload()


setting_changed.connect(_on_setting_changed)
