"""Fixtures of the Q&A page's tests: a small directory, its examples read ahead, a visitor.

The directory holds eight experts under 24-hex record ids (the shape an id takes, so a test that
looks for ids in the page can fail), their roles and profiles; Greta Ostrander has two records
(one person). The example asks for a niche over Europe; it is read ahead with an analyst key,
and the visitor's page holds a viewer key, as a customer's page does.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from django.core.cache import cache
from django.test import Client

from limma.ids import new_request_id
from limma.services.connect import export_connect
from qa_view.models import Visitor
from qa_view.page.visitors import visitor_create
from search.service import search_run
from tests.factories import make_key, make_workspace

EUROPE = [{"relation": "based_in", "slot": "place", "op": "eq", "value": "Europe"}]
NICHE = "marketing baby formula in European markets"
FACETS = [
    {"key": "function", "kind": "condition", "text": "marketing", "value": "Marketing"},
    {"key": "product", "kind": "condition", "text": "baby formula"},
    {"key": "market", "kind": "condition", "text": "in European markets", "value": "Europe"},
]
EXAMPLE_QUESTION = "Who in Europe has led marketing for baby formula in European markets?"
# Anything the page must never show: a record's id (24 hex), a document's (32 hex), a
# request's, a niche's address.
AN_ID = re.compile(r"(?<![0-9A-Za-z])(?:[0-9a-f]{24}|[0-9a-f]{32})(?![0-9A-Za-z])|req_|crit_")

GRETA = "414faa227dc946d35295d3e1"
# id -> (name, country, profile, email)
EXPERTS: dict[str, tuple[str, str, str | None, str]] = {
    GRETA: (
        "Greta Ostrander",
        "Deutschland",
        "Greta Ostrander joined Quellmark Foods in 2001 as a marketing director.\n"
        "She led marketing for baby formula across Germany and Poland until 2023.\n"
        "Greta has done this work for more than 20 years.\n",
        "greta@example.org",
    ),
    # A second record of Greta, from another import: one person.
    "7c2e3a4b5d6f7a8b9c0d1e2f": ("Greta Ostrander", "Germany", None, "greta@example.org"),
    "5a0c1e2f3b4d5e6f7a8b9c0d": (
        "Margaux Delacroix",
        "France",
        "Margaux Delacroix joined Nutrelle in 2002.\n"
        "She led marketing for baby formula across France and Belgium for 22 years.\n",
        "margaux@example.org",
    ),
    "6b1d2f3a4c5e6f7a8b9c0d1e": (
        "Friederike Hollerer",
        "Austria",
        "Friederike Hollerer led marketing for baby formula at Milupa.\n",
        "friederike@example.org",
    ),
    "8d3f4b5c6e7a8b9c0d1e2f3a": (
        "Dario Benavente",
        "Spain",
        "Dario Benavente is a sales director at Halden Foods.\n"
        "Dario has never worked on baby formula.\n",
        "dario@example.org",
    ),
    "9e4a5c6d7f8a9b0c1d2e3f4a": (
        "Nikolai Wierzbicki",
        "Poland",
        "Nikolai Wierzbicki joined Lumora in 2003.\n"
        "He led marketing for baby formula across Southeast Asia.\n",
        "nikolai@example.org",
    ),
    "0f5b6d7e8a9b0c1d2e3f4a5b": ("Xenia Bergstrom", "Sweden", None, "xenia@example.org"),
    "1a6c7e8f9a0b1c2d3e4f5a6b": (
        "Yusuf Okonkwo",
        "Nigeria",
        "Yusuf Okonkwo led marketing for baby formula across Germany and Poland.\n",
        "yusuf@example.org",
    ),
}
ROLES = [
    {
        "role_id": "r1",
        "expert_id": GRETA,
        "company": "Quellmark Foods",
        "title": "Marketing Director",
        "function": "Marketing",
        "start": "2001-03",
    },
    {
        "role_id": "r2",
        "expert_id": "5a0c1e2f3b4d5e6f7a8b9c0d",
        "company": "Nutrelle",
        "title": "Head of Marketing",
        "function": "Marketing",
        "start": "2002-01",
    },
    {
        "role_id": "r3",
        "expert_id": "8d3f4b5c6e7a8b9c0d1e2f3a",
        "company": "Halden Foods",
        "title": "Sales Director",
        "function": "Sales",
        "start": "2010",
    },
]


def directory_export() -> dict[str, Any]:
    experts = [
        {"_id": key, "name": name, "country": country, "bio": bio, "email": email}
        for key, (name, country, bio, email) in EXPERTS.items()
    ]
    return {
        "tables": {"experts": experts, "roles": ROLES},
        "mapping": {
            "entities": [{"table": "experts", "id": "_id", "name": "name", "same_as": "email"}],
            "relations": [
                {
                    "relation": "based_in",
                    "table": "experts",
                    "entity": "_id",
                    "slots": {"place": "country"},
                },
                {
                    "relation": "held_role",
                    "table": "roles",
                    "entity": "expert_id",
                    "id": "role_id",
                    "slots": {
                        "company": "company",
                        "title": "title",
                        "function": "function",
                        "start": "start",
                    },
                },
            ],
            "documents": [{"table": "experts", "entity": "_id", "kind": "profile", "text": "bio"}],
        },
    }


@pytest.fixture(autouse=True)
def _fresh_cache():
    """Sign-in attempts are counted in the cache: every test starts with none."""
    cache.clear()
    yield
    cache.clear()


@pytest.fixture
def directory(db):
    workspace = make_workspace("Experts")
    export = directory_export()
    export_connect(workspace=workspace, tables=export["tables"], mapping=export["mapping"])
    return workspace


@pytest.fixture
def examples_file(tmp_path, settings):
    path = tmp_path / "qa_examples.json"
    path.write_text(
        json.dumps(
            {
                "directory": "the expert directory",
                "examples": [
                    {
                        "question": EXAMPLE_QUESTION,
                        "constraints": EUROPE,
                        "niche": NICHE,
                        "facets": FACETS,
                    }
                ],
            }
        )
    )
    settings.LIMMA_QA_EXAMPLES = str(path)
    return path


@pytest.fixture
def read_ahead(directory, examples_file):
    """The example's niche read once with an analyst key (as pre_read_examples would)."""
    key, _ = make_key(directory, role="analyst")
    outcome = search_run(
        key=key,
        workspace=directory,
        constraints=EUROPE,
        criteria=[{"text": NICHE, "facets": FACETS}],
        request_id=new_request_id(),
    )
    assert outcome.criteria is not None and outcome.criteria.status == "complete"
    return outcome


@pytest.fixture
def visitor_and_code(directory) -> tuple[Visitor, str]:
    return visitor_create(workspace=directory, name="Ada Lovelace")


@pytest.fixture
def visitor(visitor_and_code) -> Visitor:
    return visitor_and_code[0]


@pytest.fixture
def sign_in() -> Callable[..., Any]:
    def post(client: Client, name: str, code: str, **extra: Any):
        return client.post("/qa/sign-in/", {"name": name, "code": code}, **extra)

    return post


@pytest.fixture
def page(client, visitor_and_code, sign_in, examples_file) -> Client:
    """A browser's session, signed in as the visitor."""
    visitor, code = visitor_and_code
    response = sign_in(client, visitor.name, code)
    assert response.status_code == 302, response.content
    return client


@pytest.fixture
def browser_page(tmp_path) -> Iterator[object]:
    """A page of headless Chromium; playwright is imported by the browser tests alone."""
    from tests.browser import chromium_page

    yield from chromium_page(tmp_path)


def htmx(**headers: str) -> dict[str, str]:
    return {"HTTP_HX_REQUEST": "true", **headers}
