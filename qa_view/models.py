"""The Q&A page's visitors (a name and a hashed access code) and the runs of their questions."""

from __future__ import annotations

from decimal import Decimal

from django.conf import settings
from django.contrib.auth.hashers import check_password
from django.core.exceptions import ValidationError
from django.core.validators import MinValueValidator
from django.db import models
from django.db.models.functions import Lower

# The role of the key a visitor's page runs under unless support's command says otherwise: a
# viewer key serves stored judgments only and reads nothing new (nothing is spent on reads).
PAGE_KEY_ROLE = "viewer"
PAGE_KEY_ROLES = ("viewer", "analyst")  # never admin: a page never manages keys
NO_NEGATIVE_USD = MinValueValidator(Decimal("0"), "A ceiling is 0 or more US dollars.")


def default_ceiling() -> Decimal:
    """A new visitor's ceiling: LIMMA_QA_CAP_VISITOR_USD (5 US dollars unless set)."""
    return Decimal(str(getattr(settings, "LIMMA_QA_CAP_VISITOR_USD", "5")))


def visitor_name_normal(raw: str) -> str:
    """A visitor's name as sign-in reads it: stripped, inner runs of spaces made one."""
    return " ".join(str(raw).split())


class VisitorQuerySet(models.QuerySet["Visitor"]):
    def active(self) -> VisitorQuerySet:
        return self.filter(revoked_at__isnull=True)


class Visitor(models.Model):
    """Somebody who was sent a link: signs in with a name and an access code."""

    workspace = models.ForeignKey(
        "limma.Workspace", on_delete=models.CASCADE, related_name="visitors"
    )
    name = models.CharField(max_length=120, help_text="What the visitor types to sign in.")
    # make_password's hash of the access code; the code itself is shown once, when it is made.
    code_hash = models.CharField(max_length=256, editable=False)
    # The key the page's agent and [source] search under: made by the product when the visitor
    # is made (a key of the visitor's own workspace, PAGE_KEY_ROLE), never chosen in a form.
    api_key = models.ForeignKey(
        "limma.ApiKey", on_delete=models.PROTECT, related_name="+", editable=False
    )
    ceiling_usd = models.DecimalField(
        "ceiling (USD)",
        max_digits=10,
        decimal_places=2,
        default=default_ceiling,
        validators=[NO_NEGATIVE_USD],
        help_text="What this visitor's questions may spend in all, read from the ledger.",
    )
    revoked_at = models.DateTimeField(null=True, blank=True, editable=False)
    created_at = models.DateTimeField(auto_now_add=True)

    objects = VisitorQuerySet.as_manager()

    class Meta:
        ordering = ["name"]
        constraints = [
            models.UniqueConstraint(
                Lower("name"),
                name="visitor_name_unique",
                violation_error_message="A visitor already signs in with this name.",
            )
        ]
        permissions = [
            ("revoke_visitor", "Can revoke a visitor's access"),
            ("reset_visitor_code", "Can make a new access code for a visitor"),
        ]

    def __str__(self) -> str:
        return self.name

    def clean(self) -> None:
        self.name = visitor_name_normal(self.name)
        if not self.name:
            raise ValidationError({"name": "A visitor needs a name to sign in with."})
        key = self.api_key if self.api_key_id is not None else None
        if key is not None and self.workspace_id is not None:
            if key.workspace_id != self.workspace_id:
                raise ValidationError("The visitor's key must be a key of their own workspace.")
            if key.role not in PAGE_KEY_ROLES:
                raise ValidationError(f"A visitor's page never runs under an {key.role} key.")

    @property
    def ledger_name(self) -> str:
        """How the spend ledger names this visitor (LedgerEntry.visitor)."""
        return f"visitor-{self.pk}"

    @property
    def revoked(self) -> bool:
        return self.revoked_at is not None

    def code_matches(self, code: str) -> bool:
        return check_password(code, self.code_hash)


class DayCeiling(models.Model):
    """The day ceiling of the Q&A page: what all visitors together may spend per UTC day.

    Each change is a new row, so the page setting keeps its history; the newest row is the
    ceiling (qa_view.page.ceilings.day_ceiling_usd), and with no row it is LIMMA_QA_CAP_DAY_USD.
    """

    usd = models.DecimalField(
        "day ceiling (USD)",
        max_digits=10,
        decimal_places=2,
        validators=[NO_NEGATIVE_USD],
        help_text="What every visitor's questions together may spend per UTC day.",
    )
    set_by = models.CharField(max_length=150, blank=True, editable=False)
    set_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-set_at", "-id"]
        get_latest_by = ["set_at", "id"]
        verbose_name = "day ceiling"
        verbose_name_plural = "day ceiling"

    def __str__(self) -> str:
        return f"${self.usd} a day (set {self.set_at:%Y-%m-%d %H:%M} UTC)"


class Run(models.Model):
    """One question a visitor asked, and what the page may draw of its answer."""

    class State(models.TextChoices):
        QUEUED = "queued", "queued"
        RUNNING = "running", "running"
        DONE = "done", "done"
        FAILED = "failed", "failed"

    visitor = models.ForeignKey(Visitor, on_delete=models.CASCADE, related_name="runs")
    # The answer this one follows up, when it is a follow-up: the conversation's chain.
    parent = models.ForeignKey(
        "self", null=True, blank=True, on_delete=models.SET_NULL, related_name="follow_ups"
    )
    question = models.TextField()
    # The prepared example asked ({question, constraints, niche, facets}), handed to the agent
    # with its split; a run whose example states a niche asked for one, whatever the agent did.
    example = models.JSONField(null=True, blank=True)
    # What the page handed the agent of the conversation so far (compose_question's follow_up).
    follow_up = models.JSONField(null=True, blank=True)
    state = models.CharField(max_length=16, choices=State.choices, default=State.QUEUED)
    # The projection the page may draw (kinds reply, done, error); never the run's record.
    page_events = models.JSONField(default=list, blank=True)
    # Per person the answer listed or called close: who they are and the words their line
    # rests on, from the answer's own search restricted to them (nothing read, nothing spent).
    evidence = models.JSONField(default=dict, blank=True)
    answer = models.TextField(blank=True)
    stop = models.CharField(max_length=64, blank=True)
    error_code = models.CharField(max_length=64, blank=True)
    request_id = models.CharField(max_length=32, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    started_at = models.DateTimeField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at", "-id"]
        indexes = [models.Index(fields=["visitor", "created_at"])]

    def __str__(self) -> str:
        return f"{self.question[:60]} ({self.state})"

    @property
    def niche(self) -> str:
        return str((self.example or {}).get("niche") or "")

    @property
    def finished(self) -> bool:
        return self.state in {self.State.DONE, self.State.FAILED}


class SignInAttempt(models.Model):
    """A sign-in being checked or a wrong code given, kept in the database so every process
    and restart counts the same: a right code's attempt is deleted once it is checked."""

    ip = models.CharField(max_length=64)
    # sha256 of the folded name (qa_view.page.visitors.name_key): who was tried, not who exists.
    name_key = models.CharField(max_length=32)
    at = models.DateTimeField()

    class Meta:
        indexes = [
            models.Index(fields=["ip", "at"], name="sign_in_by_ip"),
            models.Index(fields=["name_key", "at"], name="sign_in_by_name"),
        ]

    def __str__(self) -> str:
        return f"{self.ip} at {self.at:%Y-%m-%d %H:%M:%S}"


class SpendHold(models.Model):
    """A paid call's price held against the ceilings while it is in the air; deleted once its
    ledger row is written. A hold older than any call can last is a dead worker's: not counted."""

    visitor = models.CharField(max_length=64, db_index=True)  # Visitor.ledger_name
    usd = models.DecimalField(max_digits=12, decimal_places=6)
    created_at = models.DateTimeField(auto_now_add=True, db_index=True)

    def __str__(self) -> str:
        return f"{self.visitor}: ${self.usd}"
