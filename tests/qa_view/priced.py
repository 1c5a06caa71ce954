"""A paid model for the spend tests: every call priced at exactly $1, and what the ledger says
was spent. The providers themselves differ by what each test needs the agent to do."""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from django.db.models import Sum

from limma.models import LedgerEntry

PRICE_PER_CALL = Decimal("1.00")
REPLY_TOKENS = 1_000  # priced at $1,000 per million out: $1 a call
PROMPT_TOKENS = 5_000  # priced at $0 in


def priced_settings(settings: Any, **limma: Any) -> None:
    """The deployment's settings for a model priced at $1 a call (its hold is $1 too)."""
    settings.LIMMA = {
        "PROVIDER": "offline",
        "MODEL": "priced-model",
        "PRICES": {"priced-model": {"in": "0", "out": "1000"}},
        **limma,
    }
    settings.LIMMA_QA_REPLY_TOKENS = REPLY_TOKENS


def spent(**filters: Any) -> Decimal:
    return LedgerEntry.objects.filter(**filters).aggregate(usd=Sum("usd"))["usd"] or Decimal(0)
