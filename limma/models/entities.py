"""Entities: the people (or other kinds) documents are about, and the records behind them."""

from __future__ import annotations

from django.db import models

from limma.ids import new_entity_key
from limma.names import name_key


class Entity(models.Model):
    workspace = models.ForeignKey(
        "limma.Workspace", on_delete=models.CASCADE, related_name="entities"
    )
    # The public id: the export record's own id when a connect loaded it, else 24 random hex.
    key = models.CharField(max_length=64, default=new_entity_key)
    kind = models.CharField(max_length=64, default="person")
    display_name = models.CharField(max_length=300, blank=True)
    # The display name without case, accents or extra spacing, for finding a person by name.
    name_key = models.CharField(max_length=300, blank=True, editable=False)
    # Set on a record found later to be the same person as another: reads follow it.
    merged_into = models.ForeignKey(
        "self", null=True, blank=True, on_delete=models.SET_NULL, related_name="merged_records"
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["workspace", "key"], name="entity_key_unique")
        ]
        # The scope's order (name, then id): a search's page walks it and stops when full. The
        # kinds: a search's stored counts find the few people of the record out of its kind.
        indexes = [
            models.Index(fields=["workspace", "name_key", "key"], name="entity_scope_order"),
            models.Index(fields=["workspace", "kind"], name="entity_kind"),
        ]
        ordering = ["id"]
        verbose_name_plural = "entities"

    def __str__(self) -> str:
        return self.display_name or self.key

    def save(self, *args: object, **kwargs: object) -> None:
        self.name_key = name_key(self.display_name)
        super().save(*args, **kwargs)


class ExternalId(models.Model):
    """One export record's id and the entity it was loaded into: two records, one person."""

    workspace = models.ForeignKey("limma.Workspace", on_delete=models.CASCADE)
    entity = models.ForeignKey(Entity, on_delete=models.CASCADE, related_name="external_ids")
    table = models.CharField(max_length=200)
    value = models.CharField(max_length=200)
    # The value of the column that said two records are one person, when one did.
    same_as = models.CharField(max_length=300, blank=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["workspace", "table", "value"], name="external_id_unique"
            )
        ]
        indexes = [models.Index(fields=["workspace", "value"])]

    def __str__(self) -> str:
        return f"{self.table}:{self.value}"
