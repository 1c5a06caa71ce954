"""What each visitor has spent, all told and today (UTC), read from the ledger in the same query
that lists them: the admin's visitor list and page, with no query per visitor."""

from __future__ import annotations

from datetime import datetime
from decimal import Decimal

from django.db.models import CharField, DecimalField, OuterRef, QuerySet, Subquery, Sum, Value
from django.db.models.functions import Cast, Coalesce, Concat

from limma.models import LedgerEntry
from qa_view.models import Visitor
from qa_view.page.ceilings import start_of_utc_day

USD = DecimalField(max_digits=12, decimal_places=6)


def _spent(since: datetime | None) -> Coalesce:
    """The sum of the ledger rows naming the outer visitor (Visitor.ledger_name), as a subquery."""
    rows = LedgerEntry.objects.filter(
        visitor=Concat(Value("visitor-"), Cast(OuterRef("pk"), CharField()))
    )
    if since is not None:
        rows = rows.filter(created_at__gte=since)
    total = rows.order_by().values("visitor").annotate(total=Sum("usd")).values("total")
    return Coalesce(Subquery(total, output_field=USD), Value(Decimal(0)), output_field=USD)


def visitors_with_spend(
    queryset: QuerySet[Visitor], *, now: datetime | None = None
) -> QuerySet[Visitor]:
    """Each visitor annotated with spent_usd (all told) and spent_today_usd (since midnight UTC)."""
    return queryset.annotate(spent_usd=_spent(None), spent_today_usd=_spent(start_of_utc_day(now)))
