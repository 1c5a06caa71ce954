"""Labels given to sentences at load: the part_label relation (slots label, broader)."""

from __future__ import annotations

from django.db import models


class PartLabel(models.Model):
    """One topic the labeller gave one sentence; its receipt is that sentence's span."""

    part = models.ForeignKey("limma.Part", on_delete=models.CASCADE, related_name="labels")
    sentence = models.ForeignKey("limma.Sentence", on_delete=models.CASCADE, related_name="labels")
    label = models.CharField(max_length=120)
    broader = models.CharField(max_length=120)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["sentence_id", "id"]
        indexes = [models.Index(fields=["label"])]
        constraints = [
            # A labelling task run twice writes each label once.
            models.UniqueConstraint(fields=["sentence", "label"], name="part_label_unique")
        ]

    def __str__(self) -> str:
        return f"{self.label} ({self.broader})"


class IdeaVerdict(models.Model):
    """How one label reads for one idea, shared by every user of the workspace.

    It holds no text of any document: the idea's normalised words, the label's words, the
    verdict and how many judgments it rests on (two for a label carried by more than two parts:
    means_it only when both agreed, possibly when they did not).
    """

    class Verdict(models.TextChoices):
        MEANS_IT = "means_it", "means it"
        POSSIBLY = "possibly", "possibly"
        NO = "no", "no"

    workspace = models.ForeignKey(
        "limma.Workspace", on_delete=models.CASCADE, related_name="idea_verdicts"
    )
    idea = models.CharField(max_length=500)
    label = models.CharField(max_length=120)
    verdict = models.CharField(max_length=16, choices=Verdict.choices)
    judgments = models.PositiveSmallIntegerField(default=1)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["id"]
        constraints = [
            models.UniqueConstraint(
                fields=["workspace", "idea", "label"], name="idea_verdict_unique"
            )
        ]

    def __str__(self) -> str:
        return f"{self.idea!r}: {self.label} -> {self.verdict} ({self.judgments})"
