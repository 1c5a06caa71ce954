"""What the Q&A page's visitors may spend: a ceiling per visitor and one per UTC day.

Both are read from the spend ledger, the one place spend is written, plus the holds of the
paid calls in the air. Before each paid call of a run its price at most is held, in a
transaction that locks out every other hold (an advisory lock on PostgreSQL, SQLite's one
writer), and refused when it does not fit under both ceilings; once the call's ledger row is
written the hold is released. So however many questions and workers run at once, spend stays
under a ceiling as long as each call costs no more than its hold. Every paid call made for a
visitor is held so — the agent's, and the reads its searches start, in the request or in a
worker (the door finds the guard by the visitor's ledger name: LIMMA_SPEND_GUARD). At a
ceiling the next question is refused before anything runs, and the page says so in one
sentence.
"""

from __future__ import annotations

from datetime import UTC, datetime, time, timedelta
from decimal import Decimal, InvalidOperation

from django.conf import settings
from django.core.exceptions import ImproperlyConfigured
from django.db import connection, transaction
from django.db.models import QuerySet, Sum
from django.utils import timezone

from limma.door.errors import CeilingReached
from limma.door.spend import spent_usd
from limma.models import LedgerEntry
from qa_view.models import DayCeiling, SpendHold, Visitor

# The codes a refusal at a ceiling is said with (through qa_view.answer.codes, like every code).
VISITOR_CEILING = "ceiling_visitor"
DAY_CEILING = "ceiling_day"
# The one lock every hold is taken under (PostgreSQL's advisory lock key).
SPEND_LOCK = 0x4C494D4D41  # "LIMMA"
CEILING_REACHED = "This call's price at most does not fit under the ceiling."


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


def total(rows: QuerySet) -> Decimal:
    found = rows.aggregate(total=Sum("usd"))["total"]
    return found if found is not None else Decimal(0)


def live_holds() -> QuerySet[SpendHold]:
    """Holds of calls that may still be in the air: no call outlasts its timeouts and retries."""
    from limma.conf import limma_settings

    conf = limma_settings()
    longest = conf.timeout_seconds * (conf.max_retries + 1) + 60
    return SpendHold.objects.filter(created_at__gte=timezone.now() - timedelta(seconds=longest))


def visitor_spent_usd(visitor: Visitor) -> Decimal:
    """What the visitor's questions spent, and what their calls in the air hold."""
    held = total(live_holds().filter(visitor=visitor.ledger_name))
    return spent_usd(visitor=visitor.ledger_name) + held


def start_of_utc_day(now: datetime | None = None) -> datetime:
    now = (now or timezone.now()).astimezone(UTC)
    return datetime.combine(now.date(), time.min, tzinfo=UTC)


def visitors_spent_today_usd(now: datetime | None = None) -> Decimal:
    """What every visitor's questions have spent since midnight UTC."""
    since = start_of_utc_day(now)
    rows = LedgerEntry.objects.exclude(visitor="").filter(created_at__gte=since)
    return total(rows) + total(live_holds().filter(created_at__gte=since))


def ceiling_reached(visitor: Visitor) -> str | None:
    """VISITOR_CEILING or DAY_CEILING when the next question must be refused, else None."""
    if visitor_spent_usd(visitor) >= visitor_ceiling_usd(visitor):
        return VISITOR_CEILING
    if visitors_spent_today_usd() >= day_ceiling_usd():
        return DAY_CEILING
    return None


def left_to_spend(visitor: Visitor) -> Decimal:
    """What a question of this visitor may still spend on reads: under both ceilings."""
    mine = visitor_ceiling_usd(visitor) - visitor_spent_usd(visitor)
    today = day_ceiling_usd() - visitors_spent_today_usd()
    return max(min(mine, today), Decimal(0))


def spend_lock() -> None:
    """Serialise every hold: PostgreSQL's transaction-scoped advisory lock; SQLite's write
    transactions are already one at a time (transaction_mode IMMEDIATE in the settings)."""
    if connection.vendor == "postgresql":
        with connection.cursor() as cursor:
            cursor.execute("SELECT pg_advisory_xact_lock(%s)", [SPEND_LOCK])


def spend_reserve(visitor: Visitor | str, usd: Decimal) -> SpendHold:
    """Hold `usd` for one of the visitor's calls, or raise CeilingReached: nothing is sent.

    A ledger name instead of a visitor (one no longer on record) is held by the day's ceiling."""
    with transaction.atomic():
        spend_lock()
        if isinstance(visitor, Visitor) and (
            visitor_spent_usd(visitor) + usd > visitor_ceiling_usd(visitor)
        ):
            raise CeilingReached(VISITOR_CEILING, reason=CEILING_REACHED)
        if visitors_spent_today_usd() + usd > day_ceiling_usd():
            raise CeilingReached(DAY_CEILING, reason=CEILING_REACHED)
        name = visitor.ledger_name if isinstance(visitor, Visitor) else visitor
        return SpendHold.objects.create(visitor=name, usd=usd)


class VisitorSpendGuard:
    """The door's SpendGuard for one visitor's run (limma.door.gate.SpendGuard)."""

    def __init__(self, visitor: Visitor | str) -> None:
        self.visitor = visitor  # a ledger name when no visitor of that name is on record
        self.reply_tokens = int(getattr(settings, "LIMMA_QA_REPLY_TOKENS", 2048))

    def reserve(self, usd: Decimal) -> SpendHold:
        return spend_reserve(self.visitor, usd)

    def release(self, hold: object) -> None:
        if isinstance(hold, SpendHold):
            SpendHold.objects.filter(pk=hold.pk).delete()


def visitor_spend_guard(ledger_name: str) -> VisitorSpendGuard:
    """LIMMA_SPEND_GUARD: the guard of the visitor a ledger name names (Visitor.ledger_name).

    A name of no visitor on record (one since deleted) is held by the day's ceiling alone."""
    prefix, _, pk = ledger_name.partition("-")
    visitor = (
        Visitor.objects.filter(pk=int(pk)).first() if prefix == "visitor" and pk.isdigit() else None
    )
    return VisitorSpendGuard(visitor if visitor is not None else ledger_name)
