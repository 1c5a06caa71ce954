"""Workspaces, their pack, and the vocabulary terms a workspace adds to the shipped one."""

from __future__ import annotations

import copy
import time
from functools import cached_property
from typing import Any

from django.core.exceptions import ValidationError
from django.db import models

from limma.ids import new_workspace_id
from limma.pack import DEFAULT_PACK, Pack, pack_faults, pack_from_json
from limma.vocabulary import Term, Vocabulary


def default_pack() -> dict:
    return copy.deepcopy(DEFAULT_PACK)


class Workspace(models.Model):
    id = models.CharField(primary_key=True, max_length=32, default=new_workspace_id, editable=False)
    name = models.CharField(max_length=200)
    pack = models.JSONField(default=default_pack)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["created_at"]

    def __str__(self) -> str:
        return f"{self.name} ({self.id})"

    def save(self, *args: Any, **kwargs: Any) -> None:
        """Checked wherever a workspace is created or its pack changed, not only in a form."""
        self.clean()
        super().save(*args, **kwargs)

    def clean(self) -> None:
        """A pack every verb can trust: each fault named by its code (limma/pack.py)."""
        faults = pack_faults(self.pack)
        if faults:
            raise ValidationError({"pack": faults}, code="pack_invalid")

    @cached_property
    def parsed_pack(self) -> Pack:
        return pack_from_json(self.pack)

    @cached_property
    def own_terms(self) -> tuple[Term, ...]:
        """The workspace's own vocabulary terms, read once: what its vocabulary is built from
        and its map version names."""
        return tuple(term.as_term() for term in self.terms.all())

    @cached_property
    def vocabulary(self) -> Vocabulary:
        """The shipped vocabulary extended by this workspace's own terms."""
        shipped = Vocabulary.shipped()
        return shipped.extended(self.own_terms) if self.own_terms else shipped


class VocabularyTerm(models.Model):
    workspace = models.ForeignKey(Workspace, on_delete=models.CASCADE, related_name="terms")
    axis = models.CharField(max_length=64)
    name = models.CharField(max_length=200)
    broader = models.JSONField(default=list, blank=True)
    aliases = models.JSONField(default=list, blank=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["workspace", "axis", "name"], name="term_unique_per_axis"
            )
        ]
        ordering = ["axis", "name"]

    def __str__(self) -> str:
        return f"{self.axis}: {self.name}"

    def as_term(self) -> Term:
        return Term(
            axis=self.axis, name=self.name, broader=tuple(self.broader), aliases=tuple(self.aliases)
        )


# A worker reads thousands of documents of one workspace: its vocabulary is built once per
# process and kept this long (a change made in another process is seen within it; one made
# in this process, at once: limma.placement clears it).
VOCABULARY_KEPT_SECONDS = 30.0
_vocabularies: dict[str, tuple[float, Vocabulary]] = {}


def workspace_vocabulary(workspace_id: str) -> Vocabulary:
    """The workspace's vocabulary, loaded once per process (and again after a while)."""
    now = time.monotonic()
    kept = _vocabularies.get(workspace_id)
    if kept is None or now - kept[0] > VOCABULARY_KEPT_SECONDS:
        kept = (now, Workspace(id=workspace_id).vocabulary)
        _vocabularies[workspace_id] = kept
    return kept[1]


def workspace_vocabulary_forget(workspace_id: str) -> None:
    _vocabularies.pop(workspace_id, None)
