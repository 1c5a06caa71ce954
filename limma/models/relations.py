"""Relation rows (the record when declared, a read's finding when extracted) and coverage gaps,
and the facts derived from them. Written through limma.services.rows, which places each row
and writes its person's facts again: saving a model here writes nothing beside it."""

from __future__ import annotations

from django.db import models


class RelationRow(models.Model):
    class Origin(models.TextChoices):
        DECLARED = "declared", "declared"  # loaded from an export: table and columns kept
        EXTRACTED = "extracted", "extracted"  # written by a read, with its receipt span

    workspace = models.ForeignKey("limma.Workspace", on_delete=models.CASCADE, related_name="rows")
    entity = models.ForeignKey("limma.Entity", on_delete=models.CASCADE, related_name="rows")
    relation = models.CharField(max_length=64)
    values = models.JSONField(default=dict)
    # Each vocabulary slot's term ({"place": "Germany"}), absent when the vocabulary cannot
    # place the value: written with the row and again when the vocabulary changes (every
    # writer writes rows through limma.services.rows), so a search joins terms instead of
    # placing values.
    placed = models.JSONField(default=dict, blank=True)
    origin = models.CharField(max_length=16, choices=Origin.choices)
    # Declared: where the export held it; columns maps each slot to its column.
    source_table = models.CharField(max_length=200, blank=True)
    columns = models.JSONField(default=dict, blank=True)
    record_id = models.CharField(max_length=200, blank=True)
    # Extracted: the receipt, a span of one stored document, and what wrote it.
    document = models.ForeignKey(
        "limma.Document", null=True, blank=True, on_delete=models.CASCADE, related_name="rows"
    )
    char_start = models.PositiveIntegerField(null=True, blank=True)
    char_end = models.PositiveIntegerField(null=True, blank=True)
    made_by = models.CharField(max_length=200, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["id"]
        indexes = [
            models.Index(fields=["workspace", "relation"]),
            # A search asks whether any extracted row of its relations exists (the person facts
            # hold declared rows only): a few index entries, not every declared row.
            models.Index(
                fields=["workspace", "relation"],
                condition=models.Q(origin="extracted"),
                name="row_extracted",
            ),
        ]
        constraints = [
            models.CheckConstraint(
                condition=(
                    models.Q(origin="declared", document__isnull=True)
                    | models.Q(
                        origin="extracted",
                        document__isnull=False,
                        char_start__isnull=False,
                        char_end__isnull=False,
                    )
                ),
                name="row_origin_has_its_source",
            ),
            # A connect run twice writes each declared row once.
            models.UniqueConstraint(
                fields=["workspace", "relation", "source_table", "record_id", "entity"],
                condition=models.Q(origin="declared"),
                name="declared_row_unique",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.relation}({self.values})"


class CoverageGap(models.Model):
    """Something the store knows it does not hold: a withheld row, an unlabelled sentence."""

    workspace = models.ForeignKey("limma.Workspace", on_delete=models.CASCADE, related_name="gaps")
    entity = models.ForeignKey(
        "limma.Entity", null=True, blank=True, on_delete=models.CASCADE, related_name="gaps"
    )
    part = models.ForeignKey(
        "limma.Part", null=True, blank=True, on_delete=models.CASCADE, related_name="gaps"
    )
    relation = models.CharField(max_length=64)
    reason = models.CharField(max_length=64)
    source_table = models.CharField(max_length=200, blank=True)
    record_id = models.CharField(max_length=200, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["id"]
        indexes = [models.Index(fields=["workspace", "relation"])]
        constraints = [
            models.UniqueConstraint(
                fields=["workspace", "relation", "reason", "source_table", "record_id", "entity"],
                name="gap_unique",
            )
        ]

    def __str__(self) -> str:
        return f"{self.relation}: {self.reason}"


class FactsSet(models.Model):
    """One set of facts (limma.placement's codes) that people of a workspace hold: each vocabulary
    slot's placed term with every term above it, a slot held but not placed, a slot missing, a
    relation declared, a relation withheld. Many people hold the same set (100,000 people of the
    synthetic directory hold 5,853), so a search decides each set once, not each person."""

    workspace = models.ForeignKey(
        "limma.Workspace", on_delete=models.CASCADE, related_name="facts_sets"
    )
    digest = models.CharField(max_length=64)  # of the facts, to find a set already written
    facts = models.JSONField(default=dict)
    # How many people of the record (PersonFacts.in_record) hold the set, kept by whatever
    # writes or deletes their facts: a search of the whole workspace sums it over the sets it
    # decides instead of counting every person.
    in_record = models.IntegerField(default=0)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["workspace", "digest"], name="facts_set_unique")
        ]

    def __str__(self) -> str:
        return f"facts set {self.pk}"


class PersonFacts(models.Model):
    """What one person's declared rows and withheld gaps say: the set of facts they hold, and
    whether the record holds them (an external id or a declared row: the search's scope).

    Derived data, one narrow row per person who has any: written when their rows and gaps are
    written (limma.services.rows) and again when the vocabulary changes, so a search of one
    constraint per relation counts people per set of facts instead of grouping all their rows.
    """

    entity = models.OneToOneField(
        "limma.Entity", primary_key=True, on_delete=models.CASCADE, related_name="person_facts"
    )
    workspace = models.ForeignKey(
        "limma.Workspace", on_delete=models.CASCADE, related_name="person_facts"
    )
    in_record = models.BooleanField(default=False)
    facts_set = models.ForeignKey(
        FactsSet, null=True, blank=True, on_delete=models.CASCADE, related_name="people"
    )

    class Meta:
        # The people of the record who hold no set: counted as they are, not stored.
        indexes = [
            models.Index(
                fields=["workspace"],
                condition=models.Q(facts_set__isnull=True),
                name="person_facts_no_set",
            )
        ]

    def __str__(self) -> str:
        return f"facts of {self.entity_id}"
