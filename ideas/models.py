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
