"""The spend ledger: one row per model call, the only place spend is read from."""

from __future__ import annotations

from django.db import models


class LedgerEntry(models.Model):
    class Outcome(models.TextChoices):
        OK = "ok", "ok"
        INVALID_REPLY = "invalid_reply", "reply did not validate"
        FAILED = "failed", "call failed"
        TIMEOUT = "timeout", "timed out"
        REFUSED = "refused", "refused before sending"

    created_at = models.DateTimeField(auto_now_add=True, db_index=True)
    role = models.CharField(max_length=32)
    provider = models.CharField(max_length=16)
    model = models.CharField(max_length=200)
    tokens_in = models.PositiveIntegerField(default=0)
    tokens_out = models.PositiveIntegerField(default=0)
    usd = models.DecimalField(max_digits=12, decimal_places=6, default=0)
    # The reply reported more than the call was bounded by (more reply tokens than its
    # max_tokens, or a price above its hold): usd is then the hold's price, not the reported one.
    over_hold = models.BooleanField(default=False)
    seconds = models.FloatField(default=0)
    outcome = models.CharField(max_length=16, choices=Outcome.choices)
    error = models.CharField(max_length=500, blank=True)
    workspace = models.ForeignKey(
        "limma.Workspace", null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    api_key = models.ForeignKey(
        "limma.ApiKey", null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    # The Q&A page's visitor who asked, when a visitor did.
    visitor = models.CharField(max_length=64, blank=True, db_index=True)
    request_id = models.CharField(max_length=32, blank=True, db_index=True)

    class Meta:
        ordering = ["-created_at", "-id"]
        verbose_name = "ledger entry"
        verbose_name_plural = "ledger"

    def __str__(self) -> str:
        return f"{self.role} {self.model} {self.outcome} ${self.usd}"
