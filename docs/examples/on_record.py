"""ON_RECORD: the invented workspace the examples of accepted names
(docs/concepts.md#accepted-names-also), lengths (docs/concepts.md#the-closed-form-for-lengths) and
the record check (docs/concepts.md#record-check) run on.

Eight invented experts whose roles are on record: a country each (based_in), a profile each,
and — for three of them — a role of twenty years and more at the employer their profile names
(held_role, DECLARED by the export: the record a criterion's record_check reads). All of it is
loaded through the connect verb, as a document-store export would be (people.py).

What each profile states, and no more:

* ottoline_brandvold, ragnhild_storvik, benedikte_ravn — the function, the market and a length
  the reader grants (the closed form, directly behind a sentence of the experience); for the
  product they state something else: infant milks (twice, in two kinds of sentence) and
  packaging for infant milks. One condition short of the product alone.
* henriette_lindqvist, leontine_aubrecht — the function, the product and the market; no length.
  Their roles on record are of twenty years and more.
* marianne_solvik — the same, and a length in words that say more than the form: "… did this
  work for 18 months before moving to finance." A 25-year role is on record.
* solveig_aaberg — the same; her only years are at another employer.
* torunn_holmen — the same, and the form behind a "she" and behind a sentence that is not the
  role's own.

The reading model's stand-in replies for these documents are in scripted/*.json, keyed on their
words; people.scripted() installs them.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from docs.examples.people import connect, export

# The documents, verbatim: the spec prints their words (quotes are found in them byte for byte).
OTTOLINE = (
    "Ottoline Brandvold joined Brandvik Foods in 2001 as a marketing director.\n"
    "In Norway, her portfolio centred on infant milks.\n"
    "She led marketing across Norway and Sweden until 2023.\n"
    "Ottoline has done this work for more than 20 years.\n"
)
RAGNHILD = (
    "Ragnhild Storvik joined Wisla Foods in 2002 as a marketing director.\n"
    "She launched infant milks in Poland.\n"
    "She led marketing across Poland and Lithuania until 2023.\n"
    "Ragnhild has done this work for more than 20 years.\n"
)
BENEDIKTE = (
    "Benedikte Ravn joined Kattegat Emballage in 2001 as a marketing director.\n"
    "She led marketing of packaging for infant milks across Denmark and Sweden until 2023.\n"
    "Benedikte has done this work for more than 20 years.\n"
)
HENRIETTE = (
    "Henriette Lindqvist led marketing for baby formula at Solbacka Foods across Sweden and "
    "Finland.\n"
)
LEONTINE = (
    "Leontine Aubrecht was a marketing director at Havelmark Nutrition.\n"
    "She led marketing for baby formula across Germany and Poland.\n"
)
MARIANNE = (
    "Marianne Solvik joined Tindra Foods in 1998 as a brand manager.\n"
    "She led marketing for baby formula across Norway and Denmark.\n"
    "Marianne did this work for 18 months before moving to finance.\n"
)
SOLVEIG = (
    "Solveig Aaberg led marketing for baby formula at Granholt Foods across Norway and Sweden, "
    "having spent 22 years at a pet food company.\n"
)
TORUNN = (
    "Torunn Holmen joined Lysaker Foods in 2001 as a marketing director.\n"
    "She led marketing for baby formula across Norway and Sweden.\n"
    "The position was previously held by someone else.\n"
    "She did this work for more than 20 years.\n"
)

# entity id -> (name, where based, profile)
EXPERTS: dict[str, tuple[str, str, str | None]] = {
    "ottoline_brandvold": ("Ottoline Brandvold", "Norway", OTTOLINE),
    "ragnhild_storvik": ("Ragnhild Storvik", "Poland", RAGNHILD),
    "benedikte_ravn": ("Benedikte Ravn", "Denmark", BENEDIKTE),
    "henriette_lindqvist": ("Henriette Lindqvist", "Sweden", HENRIETTE),
    "leontine_aubrecht": ("Leontine Aubrecht", "Germany", LEONTINE),
    "marianne_solvik": ("Marianne Solvik", "Norway", MARIANNE),
    "solveig_aaberg": ("Solveig Aaberg", "Norway", SOLVEIG),
    "torunn_holmen": ("Torunn Holmen", "Norway", TORUNN),
}
# The record: roles as the export declares them —
# (role id, expert, company, title, function, start, end). Each is at the employer the
# profile names, and each is of twenty years and more.
ROLES: list[tuple[str, str, str, str, str, str, str]] = [
    (
        "role-henriette-1",
        "henriette_lindqvist",
        "Solbacka Foods",
        "Marketing Director",
        "Marketing",
        "2001-04",
        "2023-09",
    ),
    (
        "role-leontine-1",
        "leontine_aubrecht",
        "Havelmark Nutrition",
        "Marketing Director",
        "Marketing",
        "1999-02",
        "2022-06",
    ),
    (
        "role-marianne-1",
        "marianne_solvik",
        "Tindra Foods",
        "Brand Manager",
        "Marketing",
        "1998-01",
        "2023-01",
    ),
]
HELD_ROLE_SLOTS = ("company", "title", "function", "start", "end")


def export_with_roles(
    experts: dict[str, tuple[str, str, str | None]],
    roles: Sequence[tuple[str, str, str, str, str, str, str]],
    calls: Sequence[tuple[str, str, str, str, str]] = (),
    profile_dates: dict[str, str] | None = None,
) -> dict[str, Any]:
    """people.export's export and mapping, with the roles table declared as held_role, and
    each profile dated where profile_dates gives the expert a date."""
    loaded = export(experts, calls)
    dates = profile_dates or {}
    if dates:
        for row in loaded["tables"]["experts"]:
            row["bio_date"] = dates.get(row["_id"])
        for document in loaded["mapping"]["documents"]:
            if document["table"] == "experts":
                document["date"] = "bio_date"
    loaded["tables"]["roles"] = [
        {"role_id": role_id, "expert_id": expert, **dict(zip(HELD_ROLE_SLOTS, values, strict=True))}
        for role_id, expert, *values in roles
    ]
    loaded["mapping"]["relations"].append(
        {
            "relation": "held_role",
            "table": "roles",
            "entity": "expert_id",
            "entity_table": "experts",
            "id": "role_id",
            "slots": {slot: slot for slot in HELD_ROLE_SLOTS},
        }
    )
    return loaded


def build_on_record() -> tuple[Any, str]:
    """ON_RECORD in the scratch store: (an admin client, the workspace id)."""
    from docs.examples import scratch

    client, workspace_id = scratch.client_for("ON_RECORD")
    connect(client, workspace_id, export_with_roles(EXPERTS, ROLES))
    return client, workspace_id
