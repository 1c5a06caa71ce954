"""What model calls have cost, read from the ledger: the one source for ceilings and `spent`."""

from __future__ import annotations

from datetime import datetime
from decimal import Decimal

from django.db.models import Sum

from limma.models.ledger import LedgerEntry


def spent_usd(
    *,
    workspace_id: str | None = None,
    visitor: str | None = None,
    api_key_id: int | None = None,
    since: datetime | None = None,
) -> Decimal:
    """USD spent by the calls matching every filter given (None: not filtered on)."""
    rows = LedgerEntry.objects.all()
    if workspace_id is not None:
        rows = rows.filter(workspace_id=workspace_id)
    if visitor is not None:
        rows = rows.filter(visitor=visitor)
    if api_key_id is not None:
        rows = rows.filter(api_key_id=api_key_id)
    if since is not None:
        rows = rows.filter(created_at__gte=since)
    total = rows.aggregate(total=Sum("usd"))["total"]
    return total if total is not None else Decimal("0")
