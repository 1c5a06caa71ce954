"""The one way relation rows and coverage gaps are written: a connect, a read's match rows,
ideas' unlabelled sentences, a change of the vocabulary and the tests all write through here.

A row is placed as it is written (each vocabulary slot's term, limma.placement), and the facts
of every person whose declared rows or withheld gaps changed are written again once, when the
write closes: the search reads those facts, so a writer that skipped them would leave it a
stale answer. The models only hold the data; they write nothing beside themselves.
"""

from __future__ import annotations

from collections.abc import Iterable
from types import TracebackType
from typing import Any

from django.db.models import QuerySet

from limma.models import CoverageGap, RelationRow, VocabularyTerm, Workspace
from limma.models.workspaces import workspace_vocabulary_forget
from limma.placement import (
    BATCH,
    WITHHELD,
    FactsOf,
    FactsWriter,
    entities_facts_refresh,
    relation_slots,
    row_placed,
    workspace_facts_rebuild,
)
from limma.services.bulk_write import rows_created

# A new person's declared row as the facts read it: (relation, values, placed).
HeldRow = tuple[str, dict[str, Any], dict[str, str]]

DECLARED = RelationRow.Origin.DECLARED


class RowsWrite:
    """One write of a workspace's rows and gaps. Used as a context: the facts of the people it
    touched are written when the block ends without an error (in its transaction, if any)."""

    def __init__(self, workspace: Workspace) -> None:
        self.workspace = workspace
        self.people: set[int] = set()  # whose declared rows or withheld gaps changed
        # People this write creates, all of whose rows and gaps pass through it: their facts
        # are known from what it wrote, without reading them back.
        self.new: dict[int, list[HeldRow]] = {}
        self.new_withheld: dict[int, list[str]] = {}

    def __enter__(self) -> RowsWrite:
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        if kind is None:
            self.facts_write()

    def people_mark(self, entity_ids: Iterable[int]) -> None:
        """These people's facts are written again at the end (connect: everybody it loaded, an
        external id alone putting a person in the record)."""
        self.people.update(entity_ids)

    def people_new(self, entity_ids: Iterable[int]) -> None:
        """These people are created by this write, each named by an export's record: their
        facts are made from the rows and gaps inserted here (connect's first load)."""
        for pk in entity_ids:
            self.new.setdefault(pk, [])

    def rows_insert(self, rows: list[dict[str, Any]]) -> None:
        """Declared rows given as {field attname: value}, placed and written many at once (COPY
        on PostgreSQL: limma.services.bulk_write)."""
        slots = relation_slots(self.workspace.parsed_pack)
        vocabulary = self.workspace.vocabulary
        for row in rows:
            row["placed"] = row_placed(row["values"], slots.get(row["relation"], {}), vocabulary)
            held = self.new.get(row["entity_id"])
            if held is not None:
                held.append((row["relation"], row["values"], row["placed"]))
        rows_created(RelationRow, rows)
        self.people_mark(row["entity_id"] for row in rows)

    def gaps_insert(self, gaps: list[dict[str, Any]]) -> None:
        """Withheld gaps of people given as {field attname: value}, written many at once."""
        rows_created(CoverageGap, gaps)
        for gap in gaps:
            if gap["entity_id"] in self.new:
                self.new_withheld.setdefault(gap["entity_id"], []).append(gap["relation"])
        self.people_mark(gap["entity_id"] for gap in gaps)

    def rows_add(self, rows: list[RelationRow]) -> list[RelationRow]:
        """The rows placed and inserted in bulk; each row's pk is set on it."""
        for row in rows:
            row.placed = placed_of(self.workspace, row)
        created = RelationRow.objects.bulk_create(rows, batch_size=BATCH)
        self.people_mark(row.entity_id for row in rows if row.origin == DECLARED)
        return created

    def rows_remove(
        self, rows: QuerySet[RelationRow], *, declared_of: Iterable[int] | None = None
    ) -> None:
        """declared_of: the people whose declared rows these are, when the writer knows them
        (none for a read's extracted rows); else they are read from the rows first."""
        if declared_of is None:
            declared_of = rows.filter(origin=DECLARED).values_list("entity_id", flat=True)
        self.people_mark(declared_of)
        rows.delete()

    def gaps_add(self, gaps: Iterable[CoverageGap]) -> list[CoverageGap]:
        created = CoverageGap.objects.bulk_create(gaps, batch_size=BATCH)
        self.people_mark(gap.entity_id for gap in created if counts_for_facts(gap))
        return created

    def gap_keep(self, **fields: Any) -> CoverageGap:
        """The gap these fields name, written unless it already is."""
        gap, created = CoverageGap.objects.get_or_create(**fields)
        if created and counts_for_facts(gap):
            self.people_mark([gap.entity_id])
        return gap

    def gaps_remove(
        self, gaps: QuerySet[CoverageGap], *, withheld_of: Iterable[int] | None = None
    ) -> None:
        """withheld_of: the people whose withheld rows these gaps are, when the writer knows
        them (none for a sentence not labelled); else they are read from the gaps first."""
        if withheld_of is None:
            withheld = gaps.filter(reason=WITHHELD, part__isnull=True, entity__isnull=False)
            withheld_of = withheld.values_list("entity_id", flat=True)
        self.people_mark(withheld_of)
        gaps.delete()

    def row_save(self, row: RelationRow) -> RelationRow:
        """One row placed and saved, new or changed (its person before the change too)."""
        if row.pk is not None:
            before = RelationRow.objects.filter(pk=row.pk, origin=DECLARED)
            self.people_mark(before.values_list("entity_id", flat=True))
        row.placed = placed_of(self.workspace, row)
        row.save()
        if row.origin == DECLARED:
            self.people_mark([row.entity_id])
        return row

    def facts_write(self) -> None:
        """The facts of every person touched, written again from their rows and gaps now; a
        new person's from what this write inserted."""
        if self.new:
            of = FactsOf(relation_slots(self.workspace.parsed_pack), self.workspace.vocabulary)
            writer = FactsWriter(self.workspace, of)
            for pk, held in self.new.items():
                withheld = self.new_withheld.get(pk, [])
                writer.person(pk, of.facts(held, withheld, external_id=True))
            writer.write()
        entities_facts_refresh(self.workspace, self.people.difference(self.new))
        self.people, self.new, self.new_withheld = set(), {}, {}


def placed_of(workspace: Workspace, row: RelationRow) -> dict[str, str]:
    relation = workspace.parsed_pack.relation(row.relation)
    if relation is None:
        return {}
    return row_placed(row.values, relation.slots, workspace.vocabulary)


def counts_for_facts(gap: CoverageGap) -> bool:
    """A withheld row of a person is one of their facts; a sentence not labelled is none."""
    return gap.reason == WITHHELD and gap.part_id is None and gap.entity_id is not None


def row_create(**fields: Any) -> RelationRow:
    """One row, placed, and its person's facts written again."""
    row = RelationRow(**fields)
    with RowsWrite(row.workspace) as write:
        return write.row_save(row)


def row_save(row: RelationRow) -> RelationRow:
    with RowsWrite(row.workspace) as write:
        return write.row_save(row)


def row_delete(row: RelationRow) -> None:
    with RowsWrite(row.workspace) as write:
        write.rows_remove(RelationRow.objects.filter(pk=row.pk))


def gap_create(**fields: Any) -> CoverageGap:
    """One gap, and its person's facts written again (a withheld row is one of them)."""
    gap = CoverageGap(**fields)
    with RowsWrite(gap.workspace) as write:
        return write.gaps_add([gap])[0]


def gap_delete(gap: CoverageGap) -> None:
    with RowsWrite(gap.workspace) as write:
        write.gaps_remove(CoverageGap.objects.filter(pk=gap.pk))


def workspace_rows_placed(workspace: Workspace) -> int:
    """Place every row of the workspace again (after its vocabulary changed), then write every
    person's facts again; rows changed."""
    slots = relation_slots(workspace.parsed_pack)
    vocabulary = workspace.vocabulary
    changed: list[RelationRow] = []
    count = 0
    rows = RelationRow.objects.filter(workspace=workspace, relation__in=list(slots)).only(
        "pk", "relation", "values", "placed"
    )
    for row in rows.iterator(chunk_size=BATCH):
        placed = row_placed(row.values, slots[row.relation], vocabulary)
        if placed != row.placed:
            row.placed = placed
            changed.append(row)
        if len(changed) >= BATCH:
            RelationRow.objects.bulk_update(changed, ["placed"])
            count += len(changed)
            changed = []
    RelationRow.objects.bulk_update(changed, ["placed"])
    workspace_facts_rebuild(workspace)
    return count + len(changed)


def vocabulary_changed(
    sender: type[VocabularyTerm], instance: VocabularyTerm, origin: Any = None, **kwargs: Any
) -> None:
    """A term of a workspace saved or deleted: its rows are placed under the new vocabulary
    (not when the term goes with its workspace). Connected in the app's ready()."""
    workspace_vocabulary_forget(instance.workspace_id)
    if not by_itself(instance, origin):
        return
    workspace = Workspace.objects.filter(pk=instance.workspace_id).first()
    if workspace is not None:
        workspace_rows_placed(workspace)


def by_itself(instance: VocabularyTerm, origin: Any) -> bool:
    """Deleted by itself or with others of its model, not as a cascade of its workspace."""
    model = origin if isinstance(origin, type) else getattr(origin, "model", type(origin))
    return origin is None or issubclass(model, type(instance))
