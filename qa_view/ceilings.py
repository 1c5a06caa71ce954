"""What the Q&A page's visitors may spend: a ceiling per visitor and one per UTC day.

Both are read from the spend ledger, the one place spend is written. At a ceiling the next
question is refused before anything runs, and the page says so in one sentence.
"""

from __future__ import annotations

from datetime import UTC, datetime, time
from decimal import Decimal, InvalidOperation

from django.conf import settings
from django.core.exceptions import ImproperlyConfigured
from django.db.models import Sum
from django.utils import timezone

from limma.door.spend import spent_usd
from limma.models import LedgerEntry
from qa_view.models import DayCeiling, Visitor

# The codes a refusal at a ceiling is said with (through qa_view.codes, like every code).
VISITOR_CEILING = "ceiling_visitor"
DAY_CEILING = "ceiling_day"
CEILINGS = (VISITOR_CEILING, DAY_CEILING)


def usd_setting(name: str, default: str) -> Decimal:
    """A ceiling from the settings, in US dollars; anything but a number of 0 or more is refused."""
    raw = getattr(settings, name, default)
    try:
        value = Decimal(str(raw))
    except InvalidOperation:
        raise ImproperlyConfigured(f"{name} must be a number of US dollars, not {raw!r}") from None
    if not value.is_finite() or value < 0:
        raise ImproperlyConfigured(f"{name} must be 0 or more US dollars, not {raw!r}")
    return value


def day_ceiling_usd() -> Decimal:
    """The day ceiling support set last in the admin (DayCeiling, kept with its history); until
    anyone has, LIMMA_QA_CAP_DAY_USD."""
    latest = DayCeiling.objects.order_by("-set_at", "-id").values_list("usd", flat=True).first()
    return latest if latest is not None else usd_setting("LIMMA_QA_CAP_DAY_USD", "20")


def day_ceiling_set(*, usd: Decimal, set_by: str = "") -> DayCeiling:
    """A new day ceiling from now on; the one before stays in the history."""
    ceiling = DayCeiling(usd=usd, set_by=set_by)
    ceiling.full_clean()
    ceiling.save()
    return ceiling


def visitor_ceiling_usd(visitor: Visitor) -> Decimal:
    """The visitor's own ceiling (set in the admin; LIMMA_QA_CAP_VISITOR_USD when made)."""
    if visitor.ceiling_usd is None:
        return usd_setting("LIMMA_QA_CAP_VISITOR_USD", "5")
    return visitor.ceiling_usd


def visitor_spent_usd(visitor: Visitor) -> Decimal:
    return spent_usd(visitor=visitor.ledger_name)


def start_of_utc_day(now: datetime | None = None) -> datetime:
    now = (now or timezone.now()).astimezone(UTC)
    return datetime.combine(now.date(), time.min, tzinfo=UTC)


def visitors_spent_today_usd(now: datetime | None = None) -> Decimal:
    """What every visitor's questions have spent since midnight UTC."""
    rows = LedgerEntry.objects.exclude(visitor="").filter(created_at__gte=start_of_utc_day(now))
    total = rows.aggregate(total=Sum("usd"))["total"]
    return total if total is not None else Decimal(0)


def ceiling_reached(visitor: Visitor) -> str | None:
    """VISITOR_CEILING or DAY_CEILING when the next question must be refused, else None."""
    if visitor_spent_usd(visitor) >= visitor_ceiling_usd(visitor):
        return VISITOR_CEILING
    if visitors_spent_today_usd() >= day_ceiling_usd():
        return DAY_CEILING
    return None
