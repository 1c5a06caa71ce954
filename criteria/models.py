"""Criteria and their judgments: what a reader made of each document, kept and reused.

A Criterion is minted by its address (criteria/criterion/address.py): the same words, split, names
and reader version are the same criterion. A Judgment is one document read against one criterion
by one reader identity; it is created queued when a read is planned, claimed by one worker,
and written once (the unique constraint is what makes a task run twice harmless).
"""

from __future__ import annotations

from django.db import models


class Criterion(models.Model):
    class SplitBy(models.TextChoices):
        CALLER = "caller", "caller"
        MODEL = "model", "model"

    workspace = models.ForeignKey(
        "limma.Workspace", on_delete=models.CASCADE, related_name="criteria"
    )
    address = models.CharField(max_length=24)
    # Workspace metadata, visible to every key of the workspace.
    text = models.TextField()
    facets = models.JSONField(default=list)  # as echoed: what the reader made of each facet
    facets_as_sent = models.JSONField(null=True, blank=True)  # the caller's own, when given
    decomposed_by = models.CharField(max_length=8, choices=SplitBy.choices)
    decomposition = models.JSONField(default=dict, blank=True)
    unchecked_words = models.JSONField(default=list, blank=True)
    record_check = models.JSONField(null=True, blank=True)
    reader_version = models.CharField(max_length=32)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["workspace", "address"], name="criterion_address_unique"
            )
        ]
        ordering = ["-created_at"]
        verbose_name_plural = "criteria"

    def __str__(self) -> str:
        return f"{self.address}: {self.text[:60]}"


class Judgment(models.Model):
    class State(models.TextChoices):
        QUEUED = "queued", "queued"
        IN_FLIGHT = "in_flight", "in flight"
        DONE = "done", "done"
        FAILED = "failed", "failed"

    criterion = models.ForeignKey(Criterion, on_delete=models.CASCADE, related_name="judgments")
    document = models.ForeignKey(
        "limma.Document", on_delete=models.CASCADE, related_name="judgments"
    )
    reader_identity = models.CharField(max_length=32)
    state = models.CharField(max_length=16, choices=State.choices, default=State.QUEUED)
    outcome = models.JSONField(null=True, blank=True)  # criteria.types.DocumentJudgment
    failure = models.CharField(max_length=64, blank=True)
    attempts = models.PositiveSmallIntegerField(default=0)
    # What the read cost, from the ledger rows its calls wrote (reported once per reply).
    calls = models.PositiveIntegerField(default=0)
    usd = models.DecimalField(max_digits=12, decimal_places=6, default=0)
    adjudicated = models.BooleanField(default=False)
    typed = models.BooleanField(default=False)
    reported = models.BooleanField(default=False)
    # What replies have reported of calls and usd so far: a failure read again adds to both.
    reported_calls = models.PositiveIntegerField(default=0)
    reported_usd = models.DecimalField(max_digits=12, decimal_places=6, default=0)
    claimed_at = models.DateTimeField(null=True, blank=True)
    # When a call last handed it to the workers: a call again submits nothing already held.
    submitted_at = models.DateTimeField(null=True, blank=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["criterion", "document", "reader_identity"], name="judgment_once"
            )
        ]
        indexes = [models.Index(fields=["criterion", "state"])]
        ordering = ["id"]

    def __str__(self) -> str:
        return f"{self.criterion.address} on {self.document_id}: {self.state}"
