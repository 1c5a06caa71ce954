"""search_scale.py's bulk loader: the rows connect writes for a synthetic directory, written a
chunk of people at a time with PostgreSQL's COPY (plain multi-row inserts on SQLite).

Kept apart from the benchmark because it stands in for the connect service
(limma.services.connect) and measures nothing; the benchmark proves the two loads give the
same searches before it times one. A chunk is an export of its own (a person with their
offices and roles, tests/search/directory.py's directory_chunks), so a million people are
never in memory at once: what is kept from chunk to chunk is the sets of facts written so far.
The rows' placed terms and the people's facts are the product's own (limma.placement).
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

from django.db import connection
from django.utils import timezone

from limma.ids import new_source_id
from limma.names import name_key
from limma.placement import FactsOf, facts_split, relation_slots, row_placed
from limma.services.connect_load import TRUTHY, row_id
from limma.services.connect_mapping import cell

ENTITY = ("id", "workspace_id", "key", "kind", "display_name", "name_key", "created_at")
EXTERNAL_ID = ("workspace_id", "entity_id", "table", "value", "same_as")
ROW = (
    "workspace_id",
    "entity_id",
    "relation",
    "values",
    "placed",
    "origin",
    "source_table",
    "columns",
    "record_id",
    "made_by",
    "created_at",
)
GAP = ("workspace_id", "entity_id", "relation", "reason", "source_table", "record_id", "created_at")
DOCUMENT = (
    "workspace_id",
    "source_id",
    "entity_id",
    "kind",
    "text",
    "text_sha256",
    "file_name",
    "state",
    "access_group",
    "origin",
    "source_table",
    "source_column",
    "record_id",
    "segmenter_version",
    "created_at",
)
FACTS_SET = ("id", "workspace_id", "digest", "facts", "in_record")
PERSON_FACTS = ("entity_id", "workspace_id", "in_record", "facts_set_id")
TABLES = (
    "limma_entity",
    "limma_externalid",
    "limma_relationrow",
    "limma_coveragegap",
    "limma_document",
    "limma_factsset",
    "limma_personfacts",
)


def table_write(table: str, columns: Sequence[str], rows: Iterable[Sequence[Any]]) -> None:
    """Rows into a table: COPY on PostgreSQL, one multi-row insert on SQLite."""
    names = ", ".join(connection.ops.quote_name(column) for column in columns)
    with connection.cursor() as cursor:
        if connection.vendor == "postgresql":
            with cursor.cursor.copy(f"COPY {table} ({names}) FROM STDIN") as copy:
                for row in rows:
                    copy.write_row(row)
        else:
            marks = ", ".join(["%s"] * len(columns))
            cursor.executemany(f"INSERT INTO {table} ({names}) VALUES ({marks})", list(rows))


def ids_reserved(table: str, count: int) -> list[int]:
    """`count` primary keys of the table no row holds, taken from its sequence."""
    if count == 0:
        return []
    with connection.cursor() as cursor:
        if connection.vendor == "postgresql":
            cursor.execute(
                "SELECT nextval(pg_get_serial_sequence(%s, 'id')) FROM generate_series(1, %s)",
                [table, count],
            )
            return [pk for (pk,) in cursor.fetchall()]
        # SQLite: one writer at a time, inside the load's transaction.
        cursor.execute(f"SELECT COALESCE(MAX(id), 0) FROM {table}")
        (last,) = cursor.fetchone()
    return list(range(last + 1, last + 1 + count))


@contextmanager
def indexes_deferred(tables: Sequence[str] = TABLES) -> Iterator[None]:
    """PostgreSQL's own advice for a large load, inside the load's transaction: the tables'
    foreign keys and secondary indexes dropped, and made again after, each in one pass (a
    foreign key checked per row, and deferred to the commit, costs more than the rows'
    writing). Primary keys and unique constraints stay; what is made again is what was
    there, by its own definition, so a broken reference or a duplicate still fails the load."""
    if connection.vendor != "postgresql":
        yield
        return
    with connection.cursor() as cursor:
        # What the transaction wrote before is checked now: a table with checks pending
        # cannot be altered.
        cursor.execute("SET CONSTRAINTS ALL IMMEDIATE")
        cursor.execute(
            "SELECT conrelid::regclass::text, conname, pg_get_constraintdef(oid)"
            " FROM pg_constraint WHERE contype = 'f' AND conrelid = ANY(%s::regclass[])",
            [list(tables)],
        )
        keys = cursor.fetchall()
        cursor.execute(
            "SELECT indexrelid::regclass::text, pg_get_indexdef(indexrelid) FROM pg_index"
            " WHERE indrelid = ANY(%s::regclass[]) AND NOT indisprimary AND NOT EXISTS"
            " (SELECT 1 FROM pg_constraint c WHERE c.conindid = indexrelid)",
            [list(tables)],
        )
        indexes = cursor.fetchall()
        for table, name, _ in keys:
            cursor.execute(f"ALTER TABLE {table} DROP CONSTRAINT {connection.ops.quote_name(name)}")
        for name, _ in indexes:
            cursor.execute(f"DROP INDEX {name}")
    yield
    with connection.cursor() as cursor:
        for _, definition in indexes:
            cursor.execute(definition)
        for table, name, definition in keys:
            quoted = connection.ops.quote_name(name)
            cursor.execute(f"ALTER TABLE {table} ADD CONSTRAINT {quoted} {definition}")
        cursor.execute("SET CONSTRAINTS ALL DEFERRED")  # as Django declares its keys


@dataclass
class BulkLoader:
    """One workspace's load, chunk after chunk; `loaded` counts what it wrote."""

    workspace: Any
    loaded: dict[str, int] = field(
        default_factory=lambda: dict.fromkeys(("entities", "rows", "gaps", "documents"), 0)
    )

    def __post_init__(self) -> None:
        slots = relation_slots(self.workspace.parsed_pack)
        self.slots = slots
        self.of = FactsOf(slots, self.workspace.vocabulary)
        self.sets: dict[str, int] = {}  # each set of facts written: its digest, its id
        self.texts: dict[tuple[tuple[str, str], ...], str] = {}
        self.now = connection.ops.adapt_datetimefield_value(timezone.now())

    def chunk(self, export: dict[str, Any]) -> None:
        """One export's people, with their rows, gaps, profiles and facts."""
        ws, now, tables = self.workspace.pk, self.now, export["tables"]
        people = tables["people"]
        reserved = ids_reserved("limma_entity", len(people))
        ids = dict(zip((p["_id"] for p in people), reserved, strict=True))
        table_write(
            "limma_entity",
            ENTITY,
            (
                (ids[p["_id"]], ws, p["_id"], "person", p["name"], name_key(p["name"]), now)
                for p in people
            ),
        )
        table_write(
            "limma_externalid",
            EXTERNAL_ID,
            ((ws, pk, "people", key, "") for key, pk in ids.items()),
        )
        rows, gaps, held, withheld = self._rows(export, ids)
        table_write("limma_relationrow", ROW, rows)
        table_write("limma_coveragegap", GAP, gaps)
        documents = self._documents(export, ids)
        table_write("limma_document", DOCUMENT, documents)
        self._facts(ids.values(), held, withheld)
        self.loaded["entities"] += len(ids)
        self.loaded["rows"] += len(rows)
        self.loaded["gaps"] += len(gaps)
        self.loaded["documents"] += len(documents)

    def _rows(self, export: dict[str, Any], ids: dict[str, int]) -> tuple[list, list, dict, dict]:
        """The declared rows and withheld gaps as connect writes them, and each person's
        (relation, values, placed) and withheld relations for their facts."""
        ws, now, tables = self.workspace.pk, self.now, export["tables"]
        vocabulary = self.workspace.vocabulary
        rows: list[tuple[Any, ...]] = []
        gaps: list[tuple[Any, ...]] = []
        held: dict[int, list[tuple[str, dict, dict]]] = {}
        withheld: dict[int, list[str]] = {}
        for relation_map in export["mapping"]["relations"]:
            relation, table = relation_map["relation"], relation_map["table"]
            columns = relation_map["slots"]
            for row in tables[table]:
                key = cell(row, relation_map["entity"])
                pk = ids[key]
                values = {slot: text for slot, c in columns.items() if (text := cell(row, c))}
                record_id = row_id(row, relation_map.get("id", ""), {"entity": key, **values})
                flag = relation_map.get("withheld")
                if flag and cell(row, flag).lower() in TRUTHY:
                    gaps.append((ws, pk, relation, "withheld", table, record_id, now))
                    withheld.setdefault(pk, []).append(relation)
                elif values:
                    placed = row_placed(values, self.slots[relation], vocabulary)
                    used = {slot: column for slot, column in columns.items() if slot in values}
                    rows.append(
                        (
                            *(ws, pk, relation, json.dumps(values), self._json(placed)),
                            *("declared", table, self._json(used), record_id, "", now),
                        )
                    )
                    held.setdefault(pk, []).append((relation, values, placed))
        return rows, gaps, held, withheld

    def _json(self, few: dict[str, str]) -> str:
        """A JSON text written once per distinct value (a row's placed terms, its columns: a
        few dozen of them for a million rows)."""
        known = tuple(few.items())
        if known not in self.texts:
            self.texts[known] = json.dumps(few)
        return self.texts[known]

    def _documents(self, export: dict[str, Any], ids: dict[str, int]) -> list[tuple[Any, ...]]:
        (document_map,) = export["mapping"]["documents"]
        column = document_map["text"]
        return [
            (
                *(self.workspace.pk, new_source_id(), ids[person["_id"]], document_map["kind"]),
                *(person[column], hashlib.sha256(person[column].encode()).hexdigest(), ""),
                *("read", person.get("bio_group") or "general", "connect", "people", column),
                *(person["_id"], "", self.now),
            )
            for person in export["tables"]["people"]
            if person.get(column)
        ]

    def _facts(self, pks: Iterable[int], held: dict, withheld: dict) -> None:
        """Each person's facts (every person here has an external id), and the sets no earlier
        chunk wrote: what workspace_facts_rebuild writes, a chunk at a time."""
        people, new = [], {}
        for pk in pks:
            facts = self.of.facts(held.get(pk, []), withheld.get(pk, []), external_id=True)
            in_record, digest, codes = facts_split(facts)
            people.append((pk, in_record, digest))
            if digest and digest not in self.sets:
                new[digest] = codes
        self.sets |= dict(zip(new, ids_reserved("limma_factsset", len(new)), strict=True))
        ws = self.workspace.pk
        table_write(
            "limma_factsset",
            FACTS_SET,
            (
                (self.sets[digest], ws, digest, json.dumps(codes), 0)
                for digest, codes in new.items()
            ),
        )
        table_write(
            "limma_personfacts",
            PERSON_FACTS,
            ((pk, ws, in_record, self.sets.get(digest)) for pk, in_record, digest in people),
        )


def bulk_load(workspace: Any, chunks: Iterable[dict[str, Any]]) -> dict[str, int]:
    """What connect writes for these exports (the people's facts included), chunk by chunk;
    no model is called, and no part or sentence is written (the search reads none)."""
    loader = BulkLoader(workspace)
    for export in chunks:
        loader.chunk(export)
    sets_counted_whole(workspace)
    return loader.loaded


def sets_counted_whole(workspace: Any) -> None:
    """Each set's people of the record (FactsSet.in_record) counted once after the load, in
    one grouped pass, as the writers keep it person by person."""
    with connection.cursor() as cursor:
        cursor.execute(
            "UPDATE limma_factsset SET in_record = counted.people FROM (SELECT facts_set_id,"
            " COUNT(*) AS people FROM limma_personfacts WHERE workspace_id = %s AND in_record"
            " AND facts_set_id IS NOT NULL GROUP BY facts_set_id) AS counted"
            " WHERE limma_factsset.id = counted.facts_set_id",
            [workspace.pk],
        )


def workspace_with_key(name: str) -> tuple[Any, Any]:
    from limma.models import Workspace
    from limma.services.keys import api_key_create

    workspace = Workspace.objects.create(name=name)
    key, _ = api_key_create(workspace=workspace, name="bench", role="admin")
    return workspace, key
