"""One search as its SQL asks it: the scope, its rows and gaps, the constraints bound, and what
both ways of asking (by the facts, row by row) read of them alike."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from django.db.models import QuerySet

from limma.models import CoverageGap, Entity, RelationRow
from limma.placement import WITHHELD
from limma.vocabulary import Vocabulary
from search.constraints import Constraint
from search.partition import Matcher
from search.scope import WholeScope


@dataclass
class Asked:
    """The search: who is in scope, their rows and gaps, what is asked of them, as of when."""

    scope: QuerySet[Entity]
    rows: QuerySet[RelationRow]
    gaps: QuerySet[CoverageGap]
    constraints: list[Constraint]
    relation_slots: Mapping[str, Mapping[str, str]]
    vocabulary: Vocabulary
    as_of: str = ""
    # The workspace whose sets of facts a search decides ("": every set of every workspace).
    workspace_id: str = ""
    # The scope is the workspace's whole (no ids asked): its sets' stored counts hold it.
    whole: WholeScope | None = None
    relations: list[str] = field(init=False)
    matcher: Matcher = field(init=False)

    def __post_init__(self) -> None:
        self.relations = list(dict.fromkeys(c.relation for c in self.constraints))
        self.matcher = Matcher(self.vocabulary)

    def one_per_relation(self) -> list[Constraint]:
        """Each relation's first constraint, in the relations' order."""
        return [
            next(c for c in self.constraints if c.relation == relation)
            for relation in self.relations
        ]

    def person_rows(self) -> QuerySet[RelationRow]:
        return self.rows.filter(relation__in=self.relations).order_by()

    def person_gaps(self) -> QuerySet[CoverageGap]:
        return self.gaps.filter(
            relation__in=self.relations, reason=WITHHELD, entity__isnull=False
        ).order_by()
