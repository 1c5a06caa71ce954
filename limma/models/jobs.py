"""A connect too large to answer in its request: loaded by a worker, its progress kept here."""

from __future__ import annotations

import secrets

from django.db import models

JOB_PREFIX = "cj_"


def new_job_id() -> str:
    return f"{JOB_PREFIX}{secrets.token_hex(12)}"


class ConnectJob(models.Model):
    """One connect handed to the workers: the export it loads (kept until it ends), how far
    it got, and at the end what it wrote or why it wrote nothing."""

    class State(models.TextChoices):
        QUEUED = "queued", "queued"  # accepted, no worker has begun it
        CHECKING = "checking", "checking"  # the whole export is being checked
        WRITING = "writing", "writing"  # checked; written in one transaction
        DONE = "done", "done"  # written: result says what
        REFUSED = "refused", "refused"  # the export does not hold: nothing written
        FAILED = "failed", "failed"  # the load broke off: nothing written

    ENDED = (State.DONE, State.REFUSED, State.FAILED)

    job_id = models.CharField(max_length=32, unique=True, default=new_job_id, editable=False)
    workspace = models.ForeignKey(
        "limma.Workspace", on_delete=models.CASCADE, related_name="connect_jobs"
    )
    request_id = models.CharField(max_length=64)
    state = models.CharField(max_length=16, choices=State.choices, default=State.QUEUED)
    rows_total = models.PositiveIntegerField()
    rows_checked = models.PositiveIntegerField(default=0)
    body_bytes = models.PositiveBigIntegerField(default=0)
    # The request's tables and mapping as their JSON text, dropped once the job has ended:
    # kept as text, not JSONB, the export is stored and read back several times faster, and
    # only the worker reads it (limma/services/connect_job.py).
    payload = models.TextField(blank=True, default="")
    # Done: the connect's reply. Refused or failed: the refusal's status and detail.
    result = models.JSONField(null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    started_at = models.DateTimeField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["created_at"]

    def __str__(self) -> str:
        return f"{self.job_id} ({self.state})"
