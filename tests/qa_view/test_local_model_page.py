"""The page end to end on the real local model (issue 31): a visitor's typed niche answered by
the page's agent, compiled, split, read and confirmed by SmolLM2 through llama-server, over the
small directory of the page's tests. Skipped, with the reason, where `make local-model` has not
prepared it (CI does not build it).

What it holds whatever the small model says: the page answers (no 500, the run ends done or
with a code of its own), nobody the directory's documents rule out is listed as fitting (the
reader's own checks), and every call is in the ledger under the served model at $0.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from decimal import Decimal
from pathlib import Path

import pytest

from limma.local_model import ServerInfo, free_port, not_prepared_reason, server_info
from limma.models import LedgerEntry
from qa_view.models import Run
from qa_view.page.visitors import visitor_create
from tests.qa_view.conftest import EXPERTS, htmx

ROOT = Path(__file__).resolve().parents[2]
NOT_PREPARED = not_prepared_reason()

pytestmark = [
    pytest.mark.django_db,
    pytest.mark.skipif(NOT_PREPARED is not None, reason=str(NOT_PREPARED)),
]

QUESTION = "Who led marketing for baby formula in European markets?"
# Their documents say otherwise: never worked on baby formula; Southeast Asia; no document.
RULED_OUT = ("Dario Benavente", "Nikolai Wierzbicki", "Xenia Bergstrom")


@pytest.fixture(scope="module")
def local_model() -> Iterator[ServerInfo]:
    """The local model's server, alone (`python -m limma.local_model serve`), while it answers."""
    port = free_port()
    url = f"http://127.0.0.1:{port}/v1"
    server = subprocess.Popen(
        [sys.executable, "-m", "limma.local_model", "serve", "--port", str(port)],
        cwd=ROOT,
        start_new_session=True,
        stdout=subprocess.DEVNULL,
    )
    try:
        deadline = time.monotonic() + 120
        while True:
            try:
                yield server_info(url, timeout=2)
                break
            except OSError:
                assert server.poll() is None, f"the server ended ({server.returncode})"
                assert time.monotonic() < deadline, "the local model did not answer in 120 s"
                time.sleep(0.5)
    finally:
        os.killpg(server.pid, signal.SIGTERM)
        server.wait(timeout=30)


@pytest.fixture
def on_local_model(settings, local_model):
    settings.LIMMA = {
        "PROVIDER": "openai",
        "BASE_URL": local_model.base_url,
        "API_KEY": "local",
        "MODEL": local_model.model,
        "PRICES": {local_model.model: {"in": "0", "out": "0"}},
        "TIMEOUT_SECONDS": 300,
    }
    return local_model


def test_a_typed_niche_is_answered_on_the_local_model_and_its_checks_hold(
    client, directory, sign_in, examples_file, on_local_model
):
    visitor, code = visitor_create(workspace=directory, name="Local Visitor", key_role="analyst")
    assert sign_in(client, visitor.name, code).status_code == 302

    response = client.post("/qa/ask/", {"question": QUESTION}, **htmx())

    assert response.status_code == 200
    run = Run.objects.latest("id")
    assert run.state in (Run.State.DONE, Run.State.FAILED)
    fitting = listed_as_fitting(response.content.decode(), run.pk)
    assert set(fitting) <= EXPERTS_NAMES - set(RULED_OUT)
    rows = LedgerEntry.objects.all()
    assert rows.filter(role="agent").exists()
    assert set(rows.values_list("provider", "model")) == {("openai", on_local_model.model)}
    assert sum(row.usd for row in rows) == Decimal(0)


EXPERTS_NAMES = {name for name, *_ in EXPERTS.values()}


def listed_as_fitting(html: str, run_pk: int) -> list[str]:
    """The names of the answer's list of who fits (none when it lists nobody)."""
    start = html.find(f'id="list-{run_pk}-fits"')
    if start < 0:
        return []
    fits = html[start : html.index("</ol>", start)]
    marker = '<strong class="name">'
    return [part.split("</strong>")[0] for part in fits.split(marker)[1:]]
