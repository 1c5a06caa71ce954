"""One row inserted, or one row's fields set, from plain values: no model instance, no query
compiled for each write.

A niche read writes two rows a document (each model call's ledger row, the judgment's outcome),
and Django's create() and update() spent more of the worker's CPU making the instance and
compiling the statement than the database spent on it (benchmarks/README.md, "A criteria read's
own cost"). Here the statement is made once per model, fields and database, from the model's own
fields, and each write only prepares its values — by each field, as create() and update()
prepare them (get_db_prep_save), so the row stored is the one they store.

No signal is sent (as with update() and bulk_create()): only for models nothing listens to.
"""

from __future__ import annotations

import functools
from typing import Any

from django.db import connection, models
from django.utils import timezone


def row_insert(model: type[models.Model], values: dict[str, Any]) -> None:
    """A new row of `model`, given as {field attname: value}; the fields not named as a new
    instance would hold them (their defaults; auto_now and auto_now_add: now)."""
    sql, named, omitted = _insert_statement(model, tuple(values), connection.vendor)
    now = timezone.now()
    params = [field.get_db_prep_save(values[field.attname], connection) for field in named]
    params += [
        field.get_db_prep_save(now if _is_auto_time(field) else field.get_default(), connection)
        for field in omitted
    ]
    with connection.cursor() as cursor:
        cursor.execute(sql, params)


def rows_update(model: type[models.Model], where: dict[str, Any], values: dict[str, Any]) -> int:
    """Set `values` ({field attname: value}) on the rows of `model` whose fields equal `where`'s
    (none may be None); returns how many rows it set. Like update(), auto_now is not touched."""
    sql, setting, matching = _update_statement(
        model, tuple(values), tuple(where), connection.vendor
    )
    params = [field.get_db_prep_save(values[field.attname], connection) for field in setting]
    params += [field.get_db_prep_value(where[field.attname], connection) for field in matching]
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
        return cursor.rowcount


def _fields(model: type[models.Model], names: tuple[str, ...]) -> list[models.Field]:
    by_name = {field.attname: field for field in model._meta.concrete_fields}
    return [by_name[name] for name in names]


def _is_auto_time(field: models.Field) -> bool:
    return getattr(field, "auto_now", False) or getattr(field, "auto_now_add", False)


@functools.cache
def _insert_statement(
    model: type[models.Model], names: tuple[str, ...], vendor: str
) -> tuple[str, list[models.Field], list[models.Field]]:
    named = _fields(model, names)
    omitted = [
        field
        for field in model._meta.concrete_fields
        if field.attname not in names and not field.primary_key
    ]
    quote = connection.ops.quote_name
    columns = ", ".join(quote(field.column) for field in [*named, *omitted])
    marks = ", ".join(["%s"] * (len(named) + len(omitted)))
    return f"INSERT INTO {quote(model._meta.db_table)} ({columns}) VALUES ({marks})", named, omitted


@functools.cache
def _update_statement(
    model: type[models.Model], names: tuple[str, ...], where: tuple[str, ...], vendor: str
) -> tuple[str, list[models.Field], list[models.Field]]:
    setting, matching = _fields(model, names), _fields(model, where)
    quote = connection.ops.quote_name
    assignments = ", ".join(f"{quote(field.column)} = %s" for field in setting)
    conditions = " AND ".join(f"{quote(field.column)} = %s" for field in matching)
    table = quote(model._meta.db_table)
    return f"UPDATE {table} SET {assignments} WHERE {conditions}", setting, matching
