"""The SQL both ways of asking a partition share: the row codes, a relation's verdict from the
per-person columns, the overall verdict, and the small ORM expressions that give them.

The codes are the pure partition's three-valued answer of a row (search/partition.py): MET when
every constraint holds, UNPLACED when none fails and one cannot be placed, UNMET otherwise.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.db import connection
from django.db.models import Case, IntegerField, Q, Value, When
from django.db.models.lookups import In, IsNull

from search.partition import CANNOT_BE_PLACED, MATCHED, NOT_RECORDED, RULED_OUT, WITHHELD

MET, UNPLACED, UNMET = 2, 1, 0
# What one relation's verdict is, from the per-person columns (best, withheld, declared).
RELATION_VERDICT = (
    f"CASE WHEN p.best_{{i}} = {MET} THEN '{MATCHED}'"
    f" WHEN p.best_{{i}} = {UNPLACED} THEN '{CANNOT_BE_PLACED}'"
    f" WHEN p.withheld_{{i}} = 1 THEN '{WITHHELD}' WHEN p.declared_{{i}} = 1 THEN '{RULED_OUT}'"
    f" ELSE '{NOT_RECORDED}' END"
)


def code_of(result: bool | None) -> int:
    """The code of the pure partition's answer: True, False or None (cannot be placed)."""
    return MET if result is True else UNMET if result is False else UNPLACED


def coded(text: Any, decided: Mapping[Any, int], *, null: int | None = None) -> Case:
    """A Case giving each listed value its code: the two rarer codes listed, the commonest the
    default, so a constraint most values meet does not send them all."""
    by_code: dict[int, list[Any]] = {MET: [], UNPLACED: [], UNMET: []}
    for value, code in decided.items():
        if value is not None:
            by_code[code].append(value)
    commonest = max(by_code, key=lambda code: (len(by_code[code]), code == UNMET))
    whens = []
    if null is not None:
        whens.append(When(IsNull(text, True), then=Value(null)))
    whens += [
        When(In(text, sorted(values, key=str)), then=Value(code))
        for code, values in by_code.items()
        if code != commonest and values
    ]
    return Case(*whens, default=Value(commonest), output_field=IntegerField())


def holds(facts: str, codes: list[str]) -> Q:
    """Whether a set of facts holds any of the codes: one code is a key's own lookup (`?`),
    cheaper to ask of every set than a list of one (`?|`)."""
    if len(codes) == 1:
        return Q(**{f"{facts}__has_key": codes[0]})
    return Q(**{f"{facts}__has_any_keys": codes})


def verdicts_sql(inner: str, relations: int) -> str:
    """Each person of `inner` with each relation's verdict (v_i) and its met row (row_i)."""
    columns = ["p.id", "p.name_key", "p.key"]
    for i in range(relations):
        columns += [f"{RELATION_VERDICT.format(i=i)} AS v_{i}", f"p.row_{i}"]
    return f"SELECT {', '.join(columns)} FROM ({inner}) p"


def overall_sql(relations: int, alias: str) -> str:
    """partition's overall verdict of one person, from the relations' verdicts (v_i of the
    table at `alias`)."""
    if not relations:
        return f"'{MATCHED}'"
    each = [f"{alias}.v_{i}" for i in range(relations)]
    ruled = " OR ".join(f"{v} = '{RULED_OUT}'" for v in each)
    unplaced = " OR ".join(f"{v} IN ('{CANNOT_BE_PLACED}', '{WITHHELD}')" for v in each)
    missing = " OR ".join(f"{v} = '{NOT_RECORDED}'" for v in each)
    return (
        f"CASE WHEN {ruled} THEN '{RULED_OUT}' WHEN {unplaced} THEN '{CANNOT_BE_PLACED}'"
        f" WHEN {missing} THEN '{NOT_RECORDED}' ELSE '{MATCHED}' END"
    )


def is_sqlite() -> bool:
    return connection.vendor == "sqlite"
