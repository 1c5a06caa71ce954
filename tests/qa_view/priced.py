"""A paid model for the spend tests: every call priced at exactly $1, what the ledger says
was spent, and questions answered at once by several workers. The providers themselves differ
by what each test needs the agent to do."""

from __future__ import annotations

import threading
from decimal import Decimal
from typing import Any

from django.db import connections
from django.db.models import Sum

from limma.models import LedgerEntry
from qa_view.models import Run
from qa_view.page.answering import run_execute

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


def answered_at_once(runs: list[Run], workers: int, *, seconds: float = 120) -> None:
    """`workers` threads take the queued runs from one list, all starting together, each
    answering as a django-q2 worker does (a read its search starts handed on by the real path)."""
    pending = list(runs)
    lock, start = threading.Lock(), threading.Barrier(workers)
    failures: list[BaseException] = []

    def work() -> None:
        try:
            start.wait(timeout=30)
            while True:
                with lock:
                    if not pending:
                        return
                    run = pending.pop()
                run_execute(run_id=run.pk)
        except BaseException as error:
            failures.append(error)
        finally:
            connections.close_all()

    threads = [threading.Thread(target=work) for _ in range(workers)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=seconds)
    assert not failures, failures
    assert not any(thread.is_alive() for thread in threads)
