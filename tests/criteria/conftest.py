"""Fixtures of the criteria API and fault tests: a small PEOPLE workspace, keys and a search.

PEOPLE here is a cut-down copy of the spec's: seven invented experts, each based in a country (one
relation, based_in) and loaded with their profiles through a connect, so constraints narrow the
candidates the way the spec's examples do. The offline provider reads them by rules; the fault
tests point the openai provider at a fake OpenAI-compatible server that answers per role.
"""

from __future__ import annotations

import json
import threading
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from criteria.offline import roles as offline
from criteria.offline.reader import read_document
from limma.door.roles import ROLES
from limma.services.connect import export_connect
from tests.factories import make_key, make_workspace
from tests.limma.door.conftest import CHAT_PATH, FakeOpenAI, Scripted, completion

# The spec's niche holds a length; whether one is granted is the rules issue's
# (criteria/reading/read.py length_of), so the tests that need a verdict ask the same niche without
# it.
SPEC_NICHE = "20+ years marketing baby formula in European markets"
NICHE = "marketing baby formula in European markets"
FACETS = [
    {"key": "function", "kind": "condition", "text": "marketing"},
    {"key": "product", "kind": "condition", "text": "baby formula"},
    {"key": "market", "kind": "condition", "text": "in European markets", "value": "Europe"},
]
SPEC_FACETS = [
    {"key": "duration", "kind": "duration", "text": "20+ years", "min_years": 20},
    *FACETS,
]
EUROPE = [{"relation": "based_in", "slot": "place", "op": "eq", "value": "Europe"}]

# entity key -> (name, country, profile or None)
EXPERTS: dict[str, tuple[str, str, str | None]] = {
    "greta_ostrander": (
        "Greta Ostrander",
        "Germany",
        "Greta Ostrander joined Quellmark Foods in 2001 as a marketing director.\n"
        "She led marketing for baby formula across Germany and Poland until 2023.\n"
        "Greta has done this work for more than 20 years.\n",
    ),
    "dario_benavente": (
        "Dario Benavente",
        "Spain",
        "Dario Benavente is a sales director at Halden Foods.\n"
        "Dario has never worked on baby formula.\n",
    ),
    "margaux_delacroix": (
        "Margaux Delacroix",
        "France",
        "Margaux Delacroix joined Nutrelle in 2002.\n"
        "She led marketing for baby formula across France and Belgium for 22 years.\n",
    ),
    "nikolai_wierzbicki": (
        "Nikolai Wierzbicki",
        "Poland",
        "Nikolai Wierzbicki joined Lumora in 2003.\n"
        "He led marketing for baby formula across Southeast Asia.\n",
    ),
    # One condition short, and the documents say nothing for it: the compact reply's close.
    "friederike_hollerer": (
        "Friederike Hollerer",
        "Austria",
        "Friederike Hollerer led marketing for baby formula at Milupa.\n",
    ),
    "xenia_bergstrom": ("Xenia Bergstrom", "Sweden", None),
    # Outside Europe: a profile that states the whole niche, never read under EUROPE.
    "yusuf_okonkwo": (
        "Yusuf Okonkwo",
        "Nigeria",
        "Yusuf Okonkwo joined Quellmark Foods in 2001 as a marketing director.\n"
        "He led marketing for baby formula across Germany and Poland until 2023.\n"
        "Yusuf has done this work for more than 20 years.\n",
    ),
}
IN_EUROPE = sorted(key for key, (_, country, _) in EXPERTS.items() if country != "Nigeria")
DOCUMENTS_IN_EUROPE = sum(1 for key in IN_EUROPE if EXPERTS[key][2] is not None)  # not Xenia


def people_export(experts: dict[str, tuple[str, str, str | None]]) -> dict[str, Any]:
    rows = [
        {"_id": key, "name": name, "country": country, "bio": bio}
        for key, (name, country, bio) in experts.items()
    ]
    return {
        "tables": {"experts": rows},
        "mapping": {
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
        },
    }


@pytest.fixture
def people_ws(db):
    """The workspace, loaded: seven experts, six in Europe, five of those with a profile."""
    workspace = make_workspace("People")
    export = people_export(EXPERTS)
    export_connect(workspace=workspace, tables=export["tables"], mapping=export["mapping"])
    return workspace


@pytest.fixture
def analyst_api(people_ws, client_for):
    return client_for(make_key(people_ws, role="analyst")[1])


@pytest.fixture
def viewer_api(people_ws, client_for):
    return client_for(make_key(people_ws, role="viewer")[1])


@pytest.fixture
def search_post(people_ws) -> Callable[..., Any]:
    """search_post(client, **body) -> the response; detail full unless the body says otherwise."""

    def post(client, **body):
        body = {"workspace_id": people_ws.id, "detail": "full", **body}
        return client.post("/v1/public/search", body, format="json")

    return post


# --- a fake OpenAI-compatible server that answers per role ---------------------------------


def role_of(request: dict[str, Any]) -> str:
    """Which role a chat-completions request is for: the response_format's schema name."""
    return request["json"]["response_format"]["json_schema"]["name"]


def asked(request: dict[str, Any]) -> dict[str, Any]:
    """The role's request JSON, as the user message carries it."""
    user = next(m for m in request["json"]["messages"] if m["role"] == "user")
    return json.loads(user["content"])


class RoleServer(FakeOpenAI):
    """FakeOpenAI whose answer is computed per request: `rules[role](request) -> Scripted`.

    A role without a rule is answered by the offline rules (valid replies, real quotes), so a
    test changes only the role it injects faults into. Every request is recorded.
    """

    def __init__(self) -> None:
        super().__init__()
        self.rules: dict[str, Callable[[dict[str, Any]], Scripted]] = {}

    def next_response(self, request: dict[str, Any]) -> Scripted:
        with self.lock:
            self.requests.append(request)
        if request["path"] != CHAT_PATH:
            return Scripted(404, {"error": {"message": "no route"}})
        role = role_of(request)
        rule = self.rules.get(role)
        if rule is not None:
            return rule(request)
        return offline_answer(role, request)

    def calls(self, role: str | None = None) -> int:
        with self.lock:
            return sum(1 for r in self.requests if role is None or role_of(r) == role)


def offline_answer(role: str, request: dict[str, Any]) -> Scripted:
    """A 200 carrying what the offline rules answer for this role's request."""
    handler = OFFLINE[role]
    reply = handler(ROLES[role].request_model.model_validate(asked(request)))
    return Scripted(200, completion(json.dumps(reply), tokens_in=1000, tokens_out=200))


def reader_by_rules(request: Any) -> dict[str, Any]:
    """The offline reader's rules alone: the fake server answers from its own thread, which
    must not open the test's database (the embedded model's proposals read stored vectors)."""
    return read_document(
        text=request.document.text,
        facets=[facet.model_dump() for facet in request.facets],
        person=request.person,
        propose=None,
    )


OFFLINE: dict[str, Callable[[Any], dict[str, Any]]] = {
    "criteria_splitter": offline.criteria_splitter,
    "reader": reader_by_rules,
    "second_call": offline.second_call,
    "typing_call": offline.typing_call,
}


@pytest.fixture
def fake_model() -> Iterator[RoleServer]:
    fake = RoleServer()
    fake.start()
    yield fake
    fake.stop()


@pytest.fixture
def paid_model(settings, fake_model):
    """LIMMA on the openai provider pointed at the role server; returns a setter for more keys."""

    def configure(**more: Any) -> dict[str, Any]:
        limma = {
            "PROVIDER": "openai",
            "BASE_URL": fake_model.url,
            "API_KEY": "k",
            "MAX_RETRIES": 2,
            "TIMEOUT_SECONDS": 5,
            **more,
        }
        settings.LIMMA = limma
        return limma

    configure()
    return configure


class Clock:
    """The monotonic clock of criteria.service, moved by the test: a call's wall with no sleep.

    `sleep` advances it (the wait loop of a background read ends at once at its deadline), and a
    fake server's rule may `advance` it to make a model call "take" that long.
    """

    def __init__(self) -> None:
        self.now = 1_000.0
        self.lock = threading.Lock()

    def monotonic(self) -> float:
        with self.lock:
            return self.now

    def sleep(self, seconds: float) -> None:
        self.advance(seconds)

    def advance(self, seconds: float) -> None:
        with self.lock:
            self.now += seconds


@pytest.fixture
def service_clock(monkeypatch) -> Clock:
    """criteria.service's `time` replaced by a Clock (only there: HTTP timeouts stay real)."""
    fake = Clock()
    monkeypatch.setattr("criteria.service.time", fake)
    return fake
