"""Documents about entities, cut into parts and sentences by exact character offsets.

Nothing rewrites a stored text: every span is text[start:end] of Document.text.
"""

from __future__ import annotations

from django.db import models

from limma.ids import new_source_id


class Document(models.Model):
    class State(models.TextChoices):
        READ = "read", "read"  # text stored and segmented
        BEING_READ = "being_read", "being read"  # registered, text not produced yet
        UNREADABLE = "unreadable", "unreadable"  # no text to read
        SUPERSEDED = "superseded", "superseded"  # a later load registered another text

    class Origin(models.TextChoices):
        INGEST = "ingest", "ingest"
        CONNECT = "connect", "connect"

    workspace = models.ForeignKey(
        "limma.Workspace", on_delete=models.CASCADE, related_name="documents"
    )
    source_id = models.CharField(max_length=64, unique=True, default=new_source_id, editable=False)
    entity = models.ForeignKey(
        "limma.Entity", null=True, blank=True, on_delete=models.PROTECT, related_name="documents"
    )
    kind = models.CharField(max_length=64)
    text = models.TextField(blank=True)
    text_sha256 = models.CharField(max_length=64, blank=True)
    file_name = models.CharField(max_length=300, blank=True)
    document_date = models.DateField(null=True, blank=True)
    state = models.CharField(max_length=16, choices=State.choices, default=State.READ)
    access_group = models.CharField(max_length=100, default="general")
    origin = models.CharField(max_length=16, choices=Origin.choices, default=Origin.INGEST)
    source_table = models.CharField(max_length=200, blank=True)
    source_column = models.CharField(max_length=200, blank=True)
    record_id = models.CharField(max_length=200, blank=True)
    segmenter_version = models.CharField(max_length=32, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["id"]
        indexes = [
            models.Index(fields=["workspace", "access_group"]),
            models.Index(fields=["workspace", "entity"]),
            # The people an ingest names (maybe out of the record): a search's stored counts
            # add those in scope without reading every document of a connect.
            models.Index(
                fields=["workspace", "entity"],
                condition=models.Q(origin="ingest"),
                name="document_ingested_entity",
            ),
        ]
        constraints = [
            # A connect run twice registers each prose field once.
            models.UniqueConstraint(
                fields=["workspace", "source_table", "source_column", "record_id"],
                condition=models.Q(origin="connect"),
                name="connected_document_unique",
            )
        ]

    def __str__(self) -> str:
        return self.file_name or f"{self.kind} {self.source_id[:8]}"


class Part(models.Model):
    class LabelState(models.TextChoices):
        QUEUED = "queued", "queued"
        LABELLED = "labelled", "labelled"
        FAILED = "failed", "failed"
        MODEL_UNAVAILABLE = "model_unavailable", "model unavailable"
        # Registered by connect, which calls no model: a write key's question hands it on.
        DEFERRED = "deferred", "deferred"

    document = models.ForeignKey(Document, on_delete=models.CASCADE, related_name="parts")
    ordinal = models.PositiveIntegerField()
    kind = models.CharField(max_length=16)
    char_start = models.PositiveIntegerField()
    char_end = models.PositiveIntegerField()
    label_state = models.CharField(
        max_length=20, choices=LabelState.choices, default=LabelState.QUEUED
    )

    class Meta:
        ordering = ["document_id", "ordinal"]
        constraints = [
            models.UniqueConstraint(fields=["document", "ordinal"], name="part_ordinal_unique")
        ]

    def __str__(self) -> str:
        return f"part {self.ordinal} [{self.char_start}:{self.char_end}]"

    @property
    def text(self) -> str:
        return self.document.text[self.char_start : self.char_end]


class Sentence(models.Model):
    document = models.ForeignKey(Document, on_delete=models.CASCADE, related_name="sentences")
    part = models.ForeignKey(Part, on_delete=models.CASCADE, related_name="sentences")
    ordinal = models.PositiveIntegerField()
    char_start = models.PositiveIntegerField()
    char_end = models.PositiveIntegerField()
    speaker = models.CharField(max_length=100, blank=True)
    timestamp = models.CharField(max_length=16, blank=True)
    is_heading = models.BooleanField(default=False)
    # Set when the labeller gave no usable topic even when asked again: counted by every
    # idea question over the document (sentences_not_labelled).
    unlabelled = models.BooleanField(default=False)

    class Meta:
        ordering = ["document_id", "ordinal"]
        constraints = [
            models.UniqueConstraint(fields=["document", "ordinal"], name="sentence_ordinal_unique")
        ]

    def __str__(self) -> str:
        return f"sentence {self.ordinal} [{self.char_start}:{self.char_end}]"
