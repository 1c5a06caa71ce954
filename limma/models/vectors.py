"""The embedded model's vectors of stored sentences and parts, written once where they are loaded.

A vector is 384 float16 numbers (768 bytes), made by the model its row names (MODEL_ID of
limma/embeddings.py): a question embeds only its own words and compares them with these.
"""

from __future__ import annotations

from django.db import models


class SentenceVector(models.Model):
    sentence = models.OneToOneField(
        "limma.Sentence", primary_key=True, on_delete=models.CASCADE, related_name="vector"
    )
    # Kept beside the sentence so a document's vectors are read without a join.
    document = models.ForeignKey("limma.Document", on_delete=models.CASCADE, related_name="+")
    model = models.CharField(max_length=64)
    vector = models.BinaryField()

    class Meta:
        indexes = [models.Index(fields=["document", "model"])]

    def __str__(self) -> str:
        return f"vector of sentence {self.sentence_id}"


class PartVector(models.Model):
    """A part's vector: the normalised mean of its sentences' vectors, so a long part is not
    cut at the model's 256 tokens and costs no model time of its own."""

    part = models.OneToOneField(
        "limma.Part", primary_key=True, on_delete=models.CASCADE, related_name="vector"
    )
    document = models.ForeignKey("limma.Document", on_delete=models.CASCADE, related_name="+")
    model = models.CharField(max_length=64)
    vector = models.BinaryField()

    class Meta:
        indexes = [models.Index(fields=["document", "model"])]

    def __str__(self) -> str:
        return f"vector of part {self.part_id}"
