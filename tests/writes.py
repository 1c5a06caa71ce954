"""The writes a block of code asks of the ORM, by model and by the fields it sets: what a test
counts to say a row is written once, without reading the SQL sent."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any
from unittest import mock

from django.db import models

from limma import one_row


@dataclass(frozen=True)
class Write:
    """One write: the model, how (update, insert, delete, save), the values it sets and how
    many rows it wrote (an update or delete that matched nothing wrote none)."""

    model: type[models.Model]
    how: str
    values: dict[str, Any] = field(default_factory=dict)
    rows: int = 1


@dataclass
class Writes:
    """Every write asked inside the block, in order."""

    made: list[Write] = field(default_factory=list)

    def rows_written(self) -> int:
        """The rows every write of the block wrote, together."""
        return sum(write.rows for write in self.made)

    def of(self, model: type[models.Model], how: str, **values: Any) -> list[Write]:
        """The writes of `model` made `how` that set each of `values` as given."""
        return [
            write
            for write in self.made
            if write.model is model
            and write.how == how
            and all(write.values.get(name) == value for name, value in values.items())
        ]


@contextmanager
def writes_counted() -> Iterator[Writes]:
    """Count the writes of the block: QuerySet.update, bulk_create, bulk_update and delete,
    Model.save and delete (create saves), and one_row's insert and update, each still made."""
    counted = Writes()
    update, bulk_create = models.QuerySet.update, models.QuerySet.bulk_create
    bulk_update, delete = models.QuerySet.bulk_update, models.QuerySet.delete
    save, delete_one = models.Model.save, models.Model.delete
    row_insert, rows_update = one_row.row_insert, one_row.rows_update

    def updated(queryset: models.QuerySet, **values: Any) -> int:
        rows = update(queryset, **values)
        counted.made.append(Write(queryset.model, "update", values, rows))
        return rows

    def inserted(queryset: models.QuerySet, objs: Any, *args: Any, **kwargs: Any) -> Any:
        objs = list(objs)
        counted.made.append(Write(queryset.model, "insert", rows=len(objs)))
        return bulk_create(queryset, objs, *args, **kwargs)

    def bulk_updated(queryset: models.QuerySet, objs: Any, *args: Any, **kwargs: Any) -> Any:
        objs = list(objs)
        counted.made.append(Write(queryset.model, "update", rows=len(objs)))
        return bulk_update(queryset, objs, *args, **kwargs)

    def deleted(queryset: models.QuerySet) -> Any:
        rows, by_model = delete(queryset)
        counted.made.append(Write(queryset.model, "delete", rows=rows))
        return rows, by_model

    def saved(instance: models.Model, *args: Any, **kwargs: Any) -> None:
        counted.made.append(Write(type(instance), "save"))
        return save(instance, *args, **kwargs)

    def deleted_one(instance: models.Model, *args: Any, **kwargs: Any) -> Any:
        rows, by_model = delete_one(instance, *args, **kwargs)
        counted.made.append(Write(type(instance), "delete", rows=rows))
        return rows, by_model

    def row_inserted(model: type[models.Model], values: dict[str, Any]) -> None:
        counted.made.append(Write(model, "insert", rows=1))
        row_insert(model, values)

    def row_updated(
        model: type[models.Model], where: dict[str, Any], values: dict[str, Any]
    ) -> int:
        rows = rows_update(model, where, values)
        counted.made.append(Write(model, "update", values, rows))
        return rows

    with (
        mock.patch.object(one_row, "row_insert", row_inserted),
        mock.patch.object(one_row, "rows_update", row_updated),
        mock.patch.object(models.QuerySet, "update", updated),
        mock.patch.object(models.QuerySet, "bulk_create", inserted),
        mock.patch.object(models.QuerySet, "bulk_update", bulk_updated),
        mock.patch.object(models.QuerySet, "delete", deleted),
        mock.patch.object(models.Model, "save", saved),
        mock.patch.object(models.Model, "delete", deleted_one),
    ):
        yield counted
