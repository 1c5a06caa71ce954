"""PEOPLE and READ_EARLIER: the invented workspaces most criteria examples run on
(docs/concepts.md#niche).

PEOPLE is ten invented experts, a country each (one relation, based_in) and eleven profiles,
call transcripts and a call note registered as documents about them — all loaded through the
connect verb, as a document-store export would be (the export's own `_id` is the entity id).
Nine are based in Europe; the tenth is never a candidate under EUROPE.

READ_EARLIER is two experts whose profiles an EARLIER reader judged: the same reader version
with its record step switched on, so another reader identity (criteria/criterion/address.py). Its
stored judgments are written here as that reader left them: both were matches.

Where a model would answer, a scripted stand-in reply does (docs/examples/scripted/*.json,
format in docs/model-roles.md): `scripted()` installs them, and prices plans as a paid
deployment would, so the examples run offline and spend nothing.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any

SCRIPTED = Path(__file__).resolve().parent / "scripted"

# The documents, verbatim: the spec prints their words (quotes are found in them byte for byte).
GRETA = (
    "Greta Ostrander joined Quellmark Foods in 2001 as a marketing director.\n"
    "She led marketing for baby formula across Germany and Poland until 2023.\n"
    "Greta has done this work for more than 20 years.\n"
)
DARIO = (
    "Dario Benavente is a sales director at Halden Foods in Madrid.\n"
    "Dario has never worked on baby formula.\n"
)
CORNELIA_PROFILE = (
    "Cornelia Vantongeren joined Nordvale Foods in 2002 as a brand manager.\n"
    "She led marketing for baby formula across the Netherlands and Belgium.\n"
    "She has done this work for more than 20 years.\n"
)
CORNELIA_CALL_NOTE = (
    "[00:00:04] Interviewer: Have you worked on baby formula yourself?\n"
    "[00:00:09] Cornelia: I have never worked on baby formula myself.\n"
    "[00:00:15] Interviewer: Thank you, that is all we need.\n"
)
MARGAUX_PROFILE = (
    "Margaux Delacroix is a brand consultant based in Lyon.\n"
    "She speaks French, English and Dutch.\n"
)
MARGAUX_TRANSCRIPT = (
    "[00:00:05] Interviewer: Which products have you worked on, and where?\n"
    "[00:00:12] Margaux: I have led marketing for baby formula at Verdane Nutrition across "
    "France and Belgium since 2001.\n"
    "[00:00:29] Interviewer: Thank you.\n"
)
FRIEDERIKE = (
    "Friederike Hollerer led marketing for baby formula at Alpenmilch in Austria and "
    "Switzerland for 21 years.\n"
)
KASPER = (
    "Kasper Vandenberg sold baby formula for Brightwell Nutrition across Belgium and France "
    "for more than 20 years.\n"
    "In 2021 he joined Corvan Pet Foods, where he leads marketing for pet food.\n"
)
NIKOLAI = (
    "Nikolai Wierzbicki led marketing for baby formula across Southeast Asia for 22 years.\n"
    "He now lives in Gdansk.\n"
)
SILVIO = "Silvio Calderoni is a structural engineer at Ponte Ingegneria in Milan.\n"
YUSUF = (
    "Yusuf Okonkwo joined Quellmark Foods in 2001 as a marketing director.\n"
    "He led marketing for baby formula across Nigeria and Ghana until 2023.\n"
    "Yusuf has done this work for more than 20 years.\n"
)

# entity id -> (name, where based, profile or None)
EXPERTS: dict[str, tuple[str, str, str | None]] = {
    "greta_ostrander": ("Greta Ostrander", "Germany", GRETA),
    "dario_benavente": ("Dario Benavente", "Spain", DARIO),
    "cornelia_vantongeren": ("Cornelia Vantongeren", "Netherlands", CORNELIA_PROFILE),
    "margaux_delacroix": ("Margaux Delacroix", "France", MARGAUX_PROFILE),
    "friederike_hollerer": ("Friederike Hollerer", "Austria", FRIEDERIKE),
    "kasper_vandenberg": ("Kasper Vandenberg", "Belgium", KASPER),
    "nikolai_wierzbicki": ("Nikolai Wierzbicki", "Poland", NIKOLAI),
    "silvio_calderoni": ("Silvio Calderoni", "Italy", SILVIO),
    "xenia_bergstrom": ("Xenia Bergstrom", "Sweden", None),
    # The tenth, outside Europe: never a candidate under EUROPE, so never read.
    "yusuf_okonkwo": ("Yusuf Okonkwo", "Nigeria", YUSUF),
}
# Calls: (call id, expert, date, kind, text). "since 2001" counts to the document's own date:
# a bare start year from its December to March 2024 is 22.25 years.
CALLS: list[tuple[str, str, str, str, str]] = [
    ("call-margaux-1", "margaux_delacroix", "2024-03-15", "transcript", MARGAUX_TRANSCRIPT),
    ("call-cornelia-1", "cornelia_vantongeren", "2024-03-12", "note", CORNELIA_CALL_NOTE),
]

BORGHILD = (
    "Borghild Aasen joined Fjordmelk in 2001 as a brand manager.\n"
    "She led marketing for baby formula across Norway and Denmark until 2023.\n"
    "She has done this work for more than 20 years.\n"
)
ELDRID = (
    "Eldrid Nesheim joined Norrhavn Foods in 2002 as a marketing manager.\n"
    "She led marketing for baby formula across Sweden and Finland until 2023.\n"
    "Eldrid has done this work for more than 20 years.\n"
)
EARLIER: dict[str, tuple[str, str, str | None]] = {
    "borghild_aasen": ("Borghild Aasen", "Norway", BORGHILD),
    "eldrid_nesheim": ("Eldrid Nesheim", "Sweden", ELDRID),
}
# What the earlier reader quoted for each of them: both were matches then.
EARLIER_QUOTES: dict[str, dict[str, str]] = {
    "borghild_aasen": {
        "function": "led marketing for baby formula",
        "product": "baby formula",
        "market": "across Norway and Denmark",
        "duration": "for more than 20 years",
    },
    "eldrid_nesheim": {
        "function": "led marketing for baby formula",
        "product": "baby formula",
        "market": "across Sweden and Finland",
        "duration": "for more than 20 years",
    },
}


def export(
    experts: dict[str, tuple[str, str, str | None]],
    calls: Sequence[tuple[str, str, str, str, str]] = (),
) -> dict[str, Any]:
    """The document-store export and its mapping: experts with a country and a bio, and calls."""
    tables: dict[str, list[dict[str, Any]]] = {
        "experts": [
            {"_id": key, "name": name, "country": country, "bio": bio}
            for key, (name, country, bio) in experts.items()
        ]
    }
    mapping: dict[str, Any] = {
        "entities": [{"table": "experts", "id": "_id", "name": "name"}],
        "relations": [
            {
                "relation": "based_in",
                "table": "experts",
                "entity": "_id",
                "slots": {"place": "country"},
            }
        ],
        "documents": [{"table": "experts", "entity": "_id", "kind": "profile", "text": "bio"}],
    }
    for kind in sorted({call[3] for call in calls}):
        table = f"calls_{kind}"
        tables[table] = [
            {"call_id": call_id, "expert_id": expert, "date": date, "text": text}
            for call_id, expert, date, each, text in calls
            if each == kind
        ]
        mapping["documents"].append(
            {
                "table": table,
                "entity": "expert_id",
                "entity_table": "experts",
                "kind": kind,
                "text": "text",
                "id": "call_id",
                "date": "date",
            }
        )
    return {"tables": tables, "mapping": mapping}


def connect(client, workspace_id: str, loaded: dict[str, Any]) -> None:
    """Load an export through the connect verb, as a document-store export is loaded."""
    reply = client.post(
        "/v1/public/connect", {"workspace_id": workspace_id, **loaded}, format="json"
    )
    if reply.status_code != 200:
        raise RuntimeError(f"connect refused: {reply.status_code} {reply.json()}")


def build_people() -> tuple[Any, str]:
    """PEOPLE in the scratch store: (an admin client, the workspace id)."""
    from docs.examples import scratch
    from limma.models import VocabularyTerm

    client, workspace_id = scratch.client_for("PEOPLE")
    connect(client, workspace_id, export(EXPERTS, CALLS))
    # PEOPLE's own vocabulary: the shipped function axis holds no job titles, and this
    # directory places a structural engineer under Engineering — so a profile that says so
    # states ANOTHER function than marketing (different), not words nobody can place.
    VocabularyTerm.objects.create(
        workspace_id=workspace_id,
        axis="function",
        name="Engineering",
        aliases=["structural engineer"],
    )
    return client, workspace_id


def build_read_earlier() -> tuple[Any, str]:
    """READ_EARLIER in the scratch store, with the earlier reader's judgments stored."""
    from criteria.criterion.resolve import criterion_resolve
    from docs.examples import scratch
    from docs.examples.niche import FACETS, NICHE
    from limma import door
    from limma.models import Workspace

    client, workspace_id = scratch.client_for("READ_EARLIER")
    connect(client, workspace_id, export(EARLIER))
    workspace = Workspace.objects.get(pk=workspace_id)
    # The criterion as this deployment mints it (no model call: the caller's facets).
    context = door.CallContext(workspace_id=workspace_id, api_key_id=None, request_id="earlier")
    criterion = criterion_resolve(
        workspace=workspace, raw={"text": NICHE, "facets": FACETS}, context=context
    ).criterion
    _earlier_judgments(criterion)
    return client, workspace_id


def earlier_reader_identity() -> str:
    """The reader that stored READ_EARLIER's judgments: this version, its record step on."""
    from criteria.criterion.address import READER_SWITCHES, reader_identity

    return reader_identity(switches={**READER_SWITCHES, "length_from_record": True})


def _earlier_judgments(criterion) -> None:
    from criteria.models import Judgment
    from criteria.types import DocumentJudgment, ExperienceJudgment, Quote
    from limma.models import Document

    for document in Document.objects.filter(workspace=criterion.workspace).select_related("entity"):
        established = {}
        for facet, words in EARLIER_QUOTES[document.entity.key].items():
            start = document.text.index(words)
            checked_by = None if facet == "duration" else "second_call"
            established[facet] = Quote(
                facet, words, document.source_id, start, start + len(words), checked_by=checked_by
            )
        judged = DocumentJudgment(
            source_id=document.source_id,
            experiences=(ExperienceJudgment(established=established),),
            subject=document.entity.display_name,
        )
        Judgment.objects.create(
            criterion=criterion,
            document=document,
            reader_identity=earlier_reader_identity(),
            state=Judgment.State.DONE,
            outcome=judged.to_json(),
            calls=4,
            adjudicated=True,
            reported=True,
        )


@contextmanager
def scripted() -> Iterator[None]:
    """The scripted stand-in replies answer every model call, and plans are priced.

    The provider is installed with door.use_provider; LIMMA names the scripted provider too,
    because a plan's estimate is priced at the deployment's model prices for every provider
    but the offline one (criteria/plan.py estimate), as a deployment that reads would be.
    """
    from django.test import override_settings

    from limma import door

    with (
        override_settings(LIMMA={"PROVIDER": "scripted", "SCRIPTED_DIR": str(SCRIPTED)}),
        door.use_provider(door.ScriptedProvider(directory=str(SCRIPTED))),
    ):
        yield
