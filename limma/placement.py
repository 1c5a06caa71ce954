"""Each row's vocabulary slots placed once, at write: the term each stored value names; and
each person's facts (PersonFacts), the set of codes a search of one constraint per relation
reads instead of all the person's rows.

A search then asks the database which rows hold a term under Europe (a list of term names the
vocabulary's closure gives once per search), instead of placing every row's value in Python on
every call. The placement is data derived from the row and the workspace's vocabulary, so a
change of the vocabulary (a term added, renamed or removed) places the workspace's rows again.
What writes rows and gaps, and when the facts are written, is limma.services.rows.
"""

from __future__ import annotations

import hashlib
import json
from collections import Counter
from collections.abc import Iterable, Mapping
from typing import Any

from django.apps import apps as installed_apps
from django.apps.registry import Apps
from django.db import connection, transaction
from django.db.models import Case, F, IntegerField, Value, When

from limma.match import VOCABULARY_TYPES
from limma.models import CoverageGap, ExternalId, PersonFacts, RelationRow, Workspace
from limma.pack import Pack
from limma.services.bulk_write import rows_created
from limma.vocabulary import Vocabulary

BATCH = 2000


def row_placed(
    values: Mapping[str, Any], slots: Mapping[str, str], vocabulary: Vocabulary
) -> dict[str, str]:
    """{slot: term name} for each vocabulary slot the row holds that the vocabulary can place;
    a held slot absent here cannot be placed (absent, not null: both databases read it so)."""
    placed: dict[str, str] = {}
    for slot, slot_type in slots.items():
        if slot_type in VOCABULARY_TYPES and slot in values:
            term = vocabulary.lookup(str(values[slot]), axis=slot_type)
            if term is not None:
                placed[slot] = term.name
    return placed


def relation_slots(pack: Pack) -> dict[str, dict[str, str]]:
    return {name: relation.slots for name, relation in pack.relations.items()}


# -- a person's facts: what the search reads of one person, in one narrow row ----------------

DECLARED, WITHHELD = "declared", "withheld"
# The person is held by the record: an external id or a declared row (the search's scope).
IN_RECORD = "record"


def fact_term(relation: str, slot: str, term: str) -> str:
    """A row of the relation holds, in the slot, this term or one under it."""
    return f"{relation}.{slot}={term}"


def fact_unplaced(relation: str, slot: str) -> str:
    """A row holds the slot and the vocabulary cannot place its value."""
    return f"{relation}.{slot}?"


def fact_missing(relation: str, slot: str) -> str:
    """A row does not hold the slot."""
    return f"{relation}.{slot}!"


def fact_relation(relation: str, what: str) -> str:
    """The person has a declared row of the relation (DECLARED) or a withheld one (WITHHELD)."""
    return f"{relation}#{what}"


class FactsOf:
    """One person's facts from their declared rows and withheld gaps. A placed term brings every
    term above it, so "a term under Europe" is one code, not one per country."""

    def __init__(self, slots: Mapping[str, Mapping[str, str]], vocabulary: Vocabulary) -> None:
        self.slots = slots
        self.vocabulary = vocabulary
        self.terms = {
            axis: {t.name: t for t in vocabulary.terms(axis)} for axis in VOCABULARY_TYPES
        }
        self.above: dict[tuple[str, str], frozenset[str]] = {}

    def _above(self, axis: str, name: str) -> frozenset[str]:
        if (axis, name) not in self.above:
            term = self.terms.get(axis, {}).get(name)
            broader = self.vocabulary.broader_closure(term) if term is not None else frozenset()
            self.above[(axis, name)] = broader | {name}
        return self.above[(axis, name)]

    def facts(
        self,
        rows: Iterable[tuple[str, Mapping[str, Any], Mapping[str, str]]],
        withheld: Iterable[str],
        *,
        external_id: bool,
    ) -> dict[str, int]:
        """rows: (relation, values, placed) of the person's declared rows; withheld: the
        relations of their withheld gaps; external_id: whether an export's record names them."""
        found: dict[str, int] = {IN_RECORD: 1} if external_id else {}
        for relation, values, placed in rows:
            found[IN_RECORD] = 1
            found[fact_relation(relation, DECLARED)] = 1
            for slot, slot_type in self.slots.get(relation, {}).items():
                if slot_type not in VOCABULARY_TYPES:
                    continue
                if slot not in values:
                    found[fact_missing(relation, slot)] = 1
                elif slot in placed:
                    for name in self._above(slot_type, placed[slot]):
                        found[fact_term(relation, slot, name)] = 1
                else:
                    found[fact_unplaced(relation, slot)] = 1
        for relation in withheld:
            found[fact_relation(relation, WITHHELD)] = 1
        return dict(sorted(found.items()))


def facts_digest(facts: Mapping[str, int]) -> str:
    return hashlib.sha256(json.dumps(sorted(facts)).encode()).hexdigest()


def facts_split(facts: Mapping[str, int]) -> tuple[bool, str, dict[str, int]]:
    """A person's facts as their row holds them: whether the record holds them, and their set
    (its digest, "" for no set, and its codes), which many people share."""
    codes = {code: 1 for code in facts if code != IN_RECORD}
    return IN_RECORD in facts, facts_digest(codes) if codes else "", codes


class FactsWriter:
    """Writes people's facts: each person's row (in the record, their set of facts), each set
    written once per workspace and found again by its digest."""

    def __init__(self, workspace: Workspace, of: FactsOf, apps: Apps = installed_apps) -> None:
        self.workspace_id = workspace.pk
        self.of = of
        self.sets = apps.get_model("limma", "FactsSet")
        self.people = apps.get_model("limma", "PersonFacts")
        self.known: dict[str, int] = {}
        self.pending: list[tuple[int, bool, str, dict[str, int]]] = []

    def person(self, entity_id: int, facts: dict[str, int]) -> None:
        """One person's facts, to write with the next write() (nothing when none is known)."""
        if facts:
            self.pending.append((entity_id, *facts_split(facts)))

    def write(self) -> int:
        """The sets the people pending need, found or written, then the people; how many."""
        wanted = {digest: codes for _, _, digest, codes in self.pending if digest}
        wanted = {digest: codes for digest, codes in wanted.items() if digest not in self.known}
        if wanted:
            mine = self.sets.objects.filter(workspace_id=self.workspace_id)
            self.known |= dict(mine.filter(digest__in=list(wanted)).values_list("digest", "pk"))
            # Another writer may write the same set meanwhile: it is found again below.
            self.sets.objects.bulk_create(
                (
                    self.sets(workspace_id=self.workspace_id, digest=digest, facts=codes)
                    for digest, codes in wanted.items()
                    if digest not in self.known
                ),
                ignore_conflicts=True,
            )
            missing = [digest for digest in wanted if digest not in self.known]
            self.known |= dict(mine.filter(digest__in=missing).values_list("digest", "pk"))
        rows_created(
            self.people,
            (
                {
                    "entity_id": entity_id,
                    "workspace_id": self.workspace_id,
                    "in_record": in_record,
                    "facts_set_id": self.known.get(digest),
                }
                for entity_id, in_record, digest, _ in self.pending
            ),
        )
        held = Counter(
            self.known[digest] for _, in_record, digest, _ in self.pending if in_record and digest
        )
        sets_counted(self.sets, held)
        written, self.pending = len(self.pending), []
        return written


def sets_counted(sets: Any, held: Mapping[int, int]) -> None:
    """Each set's people of the record moved by `held` ({set id: people}, less when negative):
    one UPDATE of relative changes (F()), so writers of people of the same set stay exact.
    Nothing in a migration before the sets kept the count (it counts them itself)."""
    held = {pk: n for pk, n in held.items() if n}
    if not held or not any(field.name == "in_record" for field in sets._meta.fields):
        return
    by_change: dict[int, list[int]] = {}
    for pk, n in held.items():
        by_change.setdefault(n, []).append(pk)
    change = Case(
        *(When(pk__in=pks, then=Value(n)) for n, pks in by_change.items()),
        default=Value(0),
        output_field=IntegerField(),
    )
    chosen = sets.objects.filter(pk__in=list(held))
    with transaction.atomic():
        # Locked in one order, so two writers moving the same sets wait rather than deadlock.
        list(chosen.order_by("pk").select_for_update().values_list("pk", flat=True))
        chosen.update(in_record=F("in_record") + change)


def people_deleted(people: Any, rows: Any) -> None:
    """Delete these people's facts (a queryset of `people`, the PersonFacts model) and take
    them from their sets' counts: the rows the DELETE itself removed (RETURNING), so a
    person deleted meanwhile by another writer is not taken twice."""
    table = connection.ops.quote_name(people._meta.db_table)
    chosen, params = rows.values("pk").query.sql_with_params()
    with connection.cursor() as cursor:
        cursor.execute(
            f"DELETE FROM {table} WHERE entity_id IN ({chosen}) RETURNING facts_set_id, in_record",
            params,
        )
        gone = cursor.fetchall()
    sets = people._meta.get_field("facts_set").related_model
    taken = Counter(pk for pk, in_record in gone if in_record and pk is not None)
    sets_counted(sets, {pk: -n for pk, n in taken.items()})


def entities_facts_refresh(workspace: Workspace, entity_ids: Iterable[int]) -> None:
    """Write again the facts of these people from their rows and gaps as stored now."""
    ids = sorted(set(entity_ids))
    if not ids:
        return
    writer = FactsWriter(
        workspace, FactsOf(relation_slots(workspace.parsed_pack), workspace.vocabulary)
    )
    for start in range(0, len(ids), BATCH):
        chunk = ids[start : start + BATCH]
        rows: dict[int, list[tuple[str, Any, Any]]] = {pk: [] for pk in chunk}
        withheld: dict[int, list[str]] = {pk: [] for pk in chunk}
        for entity_id, relation, values, placed in RelationRow.objects.filter(
            entity_id__in=chunk, origin=RelationRow.Origin.DECLARED
        ).values_list("entity_id", "relation", "values", "placed"):
            rows[entity_id].append((relation, values, placed))
        for entity_id, relation in CoverageGap.objects.filter(
            entity_id__in=chunk, reason=WITHHELD, part__isnull=True
        ).values_list("entity_id", "relation"):
            withheld[entity_id].append(relation)
        named = set(
            ExternalId.objects.filter(entity_id__in=chunk).values_list("entity_id", flat=True)
        )
        with transaction.atomic():  # the people and their sets' counts: all or none
            people_deleted(PersonFacts, PersonFacts.objects.filter(entity_id__in=chunk))
            for pk in chunk:
                writer.person(pk, writer.of.facts(rows[pk], withheld[pk], external_id=pk in named))
            writer.write()


def workspace_facts_rebuild(
    workspace: Workspace, of: FactsOf | None = None, apps: Apps = installed_apps
) -> int:
    """Every person's facts of the workspace written again (its vocabulary changed, or a bulk
    load wrote rows without them); people written. A migration hands in its own models (apps)
    and the workspace's pack and vocabulary (of)."""
    CoverageGap, ExternalId, RelationRow = (
        apps.get_model("limma", name) for name in ("CoverageGap", "ExternalId", "RelationRow")
    )
    if of is None:
        of = FactsOf(relation_slots(workspace.parsed_pack), workspace.vocabulary)
    writer = FactsWriter(workspace, of, apps)
    # The people first, in one statement (no signal per person): their sets go next, counts
    # and all.
    with connection.cursor() as cursor:
        table = connection.ops.quote_name(writer.people._meta.db_table)
        cursor.execute(f"DELETE FROM {table} WHERE workspace_id = %s", [workspace.pk])
    writer.sets.objects.filter(workspace=workspace).delete()
    named = set(ExternalId.objects.filter(workspace=workspace).values_list("entity_id", flat=True))
    withheld: dict[int, list[str]] = {}
    for entity_id, relation in CoverageGap.objects.filter(
        workspace=workspace, reason=WITHHELD, part__isnull=True, entity__isnull=False
    ).values_list("entity_id", "relation"):
        withheld.setdefault(entity_id, []).append(relation)
    count = 0

    def one(entity_id: int, rows: list[tuple[str, Any, Any]]) -> None:
        nonlocal count
        external_id = entity_id in named
        named.discard(entity_id)
        writer.person(
            entity_id, of.facts(rows, withheld.pop(entity_id, []), external_id=external_id)
        )
        if len(writer.pending) >= BATCH:
            count += writer.write()

    current, held = None, []
    declared = (
        RelationRow.objects.filter(workspace=workspace, origin=DECLARED)
        .order_by("entity_id")
        .values_list("entity_id", "relation", "values", "placed")
    )
    for entity_id, relation, values, placed in declared.iterator(chunk_size=BATCH):
        if entity_id != current:
            if current is not None:
                one(current, held)
            current, held = entity_id, []
        held.append((relation, values, placed))
    if current is not None:
        one(current, held)
    for entity_id in sorted(withheld.keys() | named):
        one(entity_id, [])
    return count + writer.write()


def person_facts_deleted(sender: Any, instance: Any, origin: Any = None, **kwargs: Any) -> None:
    """A person's facts deleted with the person (their record deleted): their set's count
    follows; not when the set or the workspace goes too."""
    if not instance.in_record or instance.facts_set_id is None:
        return
    model = origin if isinstance(origin, type) else getattr(origin, "model", type(origin))
    if origin is not None and model._meta.model_name in ("workspace", "factsset"):
        return
    sets_counted(
        type(instance)._meta.get_field("facts_set").related_model, {instance.facts_set_id: -1}
    )
