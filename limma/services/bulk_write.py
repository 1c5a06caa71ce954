"""Many new rows of one model written at the database's pace: PostgreSQL's COPY, or
Django's bulk_create elsewhere (SQLite).

COPY takes the rows as they are, with no statement to build and no parameters to bind, so a
large connect writes its people, rows, gaps, documents, parts and sentences several times
faster than through multi-row inserts. The rows stored are the ones bulk_create stores: the
same fields of the same unsaved instances, the primary keys taken from the table's sequence
first so that rows written next can point at them. Nothing is sent as a signal, as with
bulk_create; a row that breaks a constraint fails the whole COPY, and the transaction around it.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable
from typing import Any

from django.db import connection, models
from django.utils import timezone


def is_copied() -> bool:
    """Whether rows are written with COPY here (PostgreSQL)."""
    return connection.vendor == "postgresql"


def created[M: models.Model](model: type[M], objects: Iterable[M]) -> list[M]:
    """The unsaved instances written, each with its primary key, in the order given."""
    objects = list(objects)
    if not objects:
        return objects
    if not is_copied():
        return model.objects.bulk_create(objects)
    meta = model._meta
    keyless = [obj for obj in objects if obj.pk is None]
    for obj, pk in zip(keyless, _ids_reserved(meta.db_table, len(keyless)), strict=True):
        obj.pk = pk
    fields = meta.concrete_fields
    now = timezone.now()
    for field in fields:
        if _is_auto_time(field):
            for obj in objects:
                setattr(obj, field.attname, now)
    columns = ", ".join(connection.ops.quote_name(field.column) for field in fields)
    read = [_reader(field) for field in fields]
    sql = f"COPY {meta.db_table} ({columns}) FROM STDIN"
    # Django's cursor wrapper has no copy(); the driver's own cursor under it does.
    with connection.cursor() as cursor, cursor.cursor.copy(sql) as copy:
        for obj in objects:
            copy.write_row([value(obj) for value in read])
    for obj in objects:
        obj._state.adding, obj._state.db = False, connection.alias
    return objects


def rows_created(
    model: type[models.Model], rows: Iterable[dict[str, Any]], *, keyed: bool = False
) -> list[int]:
    """New rows given as {field attname: value}, the fields not named at their defaults: on
    PostgreSQL no instance is made (a third of the time of a large load went to making them).
    keyed: each row's primary key is taken first and returned, in order, for the rows written
    next to point at (a document's parts, for its sentences)."""
    rows = list(rows)
    if not rows:
        return []
    if not is_copied():
        objects = model.objects.bulk_create(model(**row) for row in rows)
        return [obj.pk for obj in objects] if keyed else []
    meta = model._meta
    keys = _ids_reserved(meta.db_table, len(rows)) if keyed else []
    for row, pk in zip(rows, keys, strict=False):
        row[meta.pk.attname] = pk
    named = list(rows[0])
    by_name = {field.attname: field for field in meta.concrete_fields}
    # The values taken as they are, then the JSON ones as their text: each field sorted once
    # for all the rows, not once a value.
    plain = [by_name[name] for name in named if not isinstance(by_name[name], models.JSONField)]
    texts = [by_name[name] for name in named if isinstance(by_name[name], models.JSONField)]
    # The others at their defaults, one value for every row (a key from the table's sequence).
    omitted = [f for f in meta.concrete_fields if f.attname not in named and not f.primary_key]
    now = timezone.now()
    fixed = [
        now if _is_auto_time(field) else _copied(field, field.get_default()) for field in omitted
    ]
    columns = ", ".join(
        connection.ops.quote_name(field.column) for field in [*plain, *texts, *omitted]
    )
    sql = f"COPY {meta.db_table} ({columns}) FROM STDIN"
    plain_names = [field.attname for field in plain]
    text_names = [(field.attname, field.encoder) for field in texts]
    with connection.cursor() as cursor, cursor.cursor.copy(sql) as copy:
        for row in rows:
            copy.write_row(
                [
                    *[row[name] for name in plain_names],
                    *[
                        None if row[name] is None else json.dumps(row[name], cls=encoder)
                        for name, encoder in text_names
                    ],
                    *fixed,
                ]
            )
    return keys


def _copied(field: models.Field, value: Any) -> Any:
    """A value as COPY takes it: JSON as its text."""
    if value is not None and isinstance(field, models.JSONField):
        return json.dumps(value, cls=field.encoder)
    return value


def _is_auto_time(field: models.Field) -> bool:
    return getattr(field, "auto_now", False) or getattr(field, "auto_now_add", False)


def _ids_reserved(table: str, count: int) -> list[int]:
    """`count` primary keys of the table's sequence, in one query."""
    if not count:
        return []
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT nextval(pg_get_serial_sequence(%s, 'id')) FROM generate_series(1, %s)",
            [table, count],
        )
        return [pk for (pk,) in cursor.fetchall()]


def _reader(field: models.Field) -> Callable[[Any], Any]:
    """How one field's value is read off an instance for COPY (JSON as its text)."""
    name = field.attname
    if isinstance(field, models.JSONField):
        encoder = field.encoder

        def text(obj: Any) -> str | None:
            value = getattr(obj, name)
            return None if value is None else json.dumps(value, cls=encoder)

        return text
    if field.is_relation:
        # A row pointing at one written just before it: the key it holds now.
        def key(obj: Any) -> Any:
            value = getattr(obj, name)
            if value is None and field.is_cached(obj):
                related = field.get_cached_value(obj)
                value = None if related is None else related.pk
            return value

        return key
    return lambda obj: getattr(obj, name)
