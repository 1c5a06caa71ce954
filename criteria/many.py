"""Many ids as one query parameter: a plan's thousand judgments filtered without a thousand.

`pk__in=[...]` sends each id as a parameter of its own, and the database plans an IN list of
them on every query (a plan's polls, its claims' windows, its reply's loads). Sent as one
array (PostgreSQL) or one JSON list (SQLite), the same filter costs what a short one costs.
"""

from __future__ import annotations

import json
from collections.abc import Iterable

from django.db import connection
from django.db.models.expressions import RawSQL

# Fewer ids than this are sent as they are: an empty list is no query at all (Django knows it
# matches nothing), and a short IN list costs nothing to plan.
SHORT = 16


def among(ids: Iterable[int]) -> RawSQL | list[int]:
    """The ids for an `__in` filter (`pk__in=among(ids)`): a subquery of one parameter."""
    ids = [int(pk) for pk in ids]
    if len(ids) < SHORT:
        return ids
    if connection.vendor == "postgresql":
        return RawSQL("SELECT unnest(%s::bigint[])", (ids,))
    return RawSQL("SELECT value FROM json_each(%s)", (json.dumps(ids),))
