"""IN_DOUBT: the invented workspace the examples of denials (docs/concepts.md#denial-rules), lengths
(docs/concepts.md#the-closed-form-for-lengths) and the record check
(docs/concepts.md#record-check) run on.

Six invented experts, a country each (based_in), and their profiles, call notes and a
reference — loaded through the connect verb, as a document-store export would be (people.py).
What each document states, and no more:

* ingrid_valen — a profile that states the whole niche (its length in the closed form), and a
  note of a screening call: "The role is broader than the profile says. She has never worked on
  baby formula herself."
* hallgerd_skarstein — the same kind of profile, and a note of a reference call: "Greta Holm
  confirmed that Hallgerd has never worked on baby formula."
* oddrun_aarvik — a profile that states the function, the market and a length the reader
  grants, and for the product "She sold infant milks."; her call note: "Oddrun has never worked
  on infant milks."
* gunnhild_rosvoll — a profile that states the function, the product and the market, names her
  father Henrik Rosvoll, and writes the form behind the family name alone.
* aslaug_tveiten — a reference written by her former manager, no profile: it states the
  function, the product and the market, and "I held this role for 22 years."
* maren_hauge — a profile dated March 2024: "Since 2001, Maren has led marketing for baby
  formula …" (a bare start year counts from its December: 22.25 years to March 2024); her
  record DECLARES her role at that employer ended in May 2015.

The reading model's stand-in replies for these documents are in scripted/*.json, keyed on their
words; people.scripted() installs them.
"""

from __future__ import annotations

from typing import Any

from docs.examples.on_record import export_with_roles
from docs.examples.people import connect

# The documents, verbatim: the spec prints their words (quotes are found in them byte for byte).
INGRID_PROFILE = (
    "Ingrid Valen joined Nordlys Foods in 2001 as a marketing director.\n"
    "She led marketing for baby formula across Norway and Sweden until 2023.\n"
    "Ingrid has done this work for more than 20 years.\n"
)
INGRID_SCREENING_NOTE = (
    "The role is broader than the profile says. She has never worked on baby formula herself.\n"
)
HALLGERD_PROFILE = (
    "Hallgerd Skarstein joined Fjellbu Meieri in 2002 as a brand manager.\n"
    "She led marketing for baby formula across Denmark and Finland until 2023.\n"
    "Hallgerd has done this work for more than 20 years.\n"
)
HALLGERD_REFERENCE_NOTE = "Greta Holm confirmed that Hallgerd has never worked on baby formula.\n"
ODDRUN_PROFILE = (
    "Oddrun Aarvik joined Havbris Foods in 2001 as a marketing director.\n"
    "She sold infant milks.\n"
    "She led marketing across Norway and Finland until 2023.\n"
    "Oddrun has done this work for more than 20 years.\n"
)
ODDRUN_CALL_NOTE = "Oddrun has never worked on infant milks.\n"
GUNNHILD = (
    "Gunnhild Rosvoll joined Nordkapp Meieri in 2001 as a marketing manager.\n"
    "Her father Henrik Rosvoll ran the dairy until 2021.\n"
    "She led marketing for baby formula across Norway and Finland.\n"
    "Rosvoll has done this work for more than 20 years.\n"
)
ASLAUG_REFERENCE = (
    "Reference for Aslaug Tveiten, written by her former manager.\n"
    "Aslaug Tveiten joined Fjordvik Foods in 2001 as a marketing manager.\n"
    "She led marketing for baby formula across Norway and Denmark.\n"
    "I held this role for 22 years.\n"
)
MAREN = (
    "Since 2001, Maren has led marketing for baby formula at Solstrand Foods across Norway and "
    "Sweden.\n"
)

# entity id -> (name, where based, profile or None)
EXPERTS: dict[str, tuple[str, str, str | None]] = {
    "ingrid_valen": ("Ingrid Valen", "Norway", INGRID_PROFILE),
    "hallgerd_skarstein": ("Hallgerd Skarstein", "Denmark", HALLGERD_PROFILE),
    "oddrun_aarvik": ("Oddrun Aarvik", "Norway", ODDRUN_PROFILE),
    "gunnhild_rosvoll": ("Gunnhild Rosvoll", "Norway", GUNNHILD),
    "aslaug_tveiten": ("Aslaug Tveiten", "Norway", None),
    "maren_hauge": ("Maren Hauge", "Norway", MAREN),
}
# Calls and the reference: (id, expert, date, kind, text).
CALLS: list[tuple[str, str, str, str, str]] = [
    ("call-ingrid-1", "ingrid_valen", "2024-04-09", "screening_note", INGRID_SCREENING_NOTE),
    ("call-hallgerd-1", "hallgerd_skarstein", "2024-02-21", "note", HALLGERD_REFERENCE_NOTE),
    ("call-oddrun-1", "oddrun_aarvik", "2024-05-14", "note", ODDRUN_CALL_NOTE),
    ("reference-aslaug-1", "aslaug_tveiten", "2024-05-06", "reference", ASLAUG_REFERENCE),
]
# "Since 2001" counts to the profile's own date: from December 2001 to March 2024, 22.25 years.
PROFILE_DATES = {"maren_hauge": "2024-03-15"}
# The record: Maren's role at the employer her profile names ended in May 2015 —
# (role id, expert, company, title, function, start, end).
ROLES: list[tuple[str, str, str, str, str, str, str]] = [
    (
        "role-maren-1",
        "maren_hauge",
        "Solstrand Foods",
        "Marketing Manager",
        "Marketing",
        "2001-12",
        "2015-05",
    ),
]


def build_in_doubt() -> tuple[Any, str]:
    """IN_DOUBT in the scratch store: (an admin client, the workspace id)."""
    from docs.examples import scratch

    client, workspace_id = scratch.client_for("IN_DOUBT")
    connect(client, workspace_id, export_with_roles(EXPERTS, ROLES, CALLS, PROFILE_DATES))
    return client, workspace_id
