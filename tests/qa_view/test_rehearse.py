"""manage.py rehearse_qa: the directory, the examples read ahead and a visitor, from scratch; and
the store it leaves reached as a newcomer reaches `make demo`'s, with the commands README prints
(an MCP client's stdio snippet, the console)."""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
from pathlib import Path

import anyio
import httpx
import pytest
from mcp import ClientSession, StdioServerParameters
from mcp.client.stdio import stdio_client

from qa_view.agent.tools import READ_ONLY_TOOLS
from qa_view.mcp.server import result_text

ROOT = Path(__file__).resolve().parents[2]


def outside_env(**env: str) -> dict[str, str]:
    """This process's environment without the settings the test run chose: a newcomer's shell."""
    base = {
        key: value
        for key, value in os.environ.items()
        if not key.startswith(("LIMMA_", "DATABASE_URL", "DJANGO_"))
    }
    return {**base, **env}


def rehearse(out: Path, *more: str, **env: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [
            sys.executable,
            "manage.py",
            "rehearse_qa",
            "--out",
            str(out),
            "--n",
            "300",
            "--no-serve",
            *more,
        ],
        cwd=ROOT,
        env=outside_env(**env),
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )


@pytest.fixture(scope="module")
def rehearsed(tmp_path_factory):
    """One rehearsal's store, run twice: what `make demo` leaves, and its two runs' output."""
    out = tmp_path_factory.mktemp("demo")
    first = rehearse(out)
    kept = (out / "agent_key").read_text() if first.returncode == 0 else ""
    again = rehearse(out, "--visitor-key", "viewer")
    return out, first, again, kept


def test_a_rehearsal_reads_the_examples_ahead_and_a_second_run_reuses_the_directory(rehearsed):
    out, first, again, _ = rehearsed

    assert first.returncode == 0, first.stderr
    assert "building the directory: 300 people" in first.stdout
    assert first.stdout.count("complete: ") == 4
    assert "examples read ahead with the offline provider" in first.stdout
    assert (out / "limma.sqlite3").exists()
    assert again.returncode == 0, again.stderr
    assert "reusing the directory already loaded" in again.stdout
    # The page's key: an analyst's by default (a visitor's own niche is read), a viewer's asked.
    assert "the page's key: analyst (reads a visitor's own niche" in first.stdout
    assert "the page's key: viewer (answers only from profiles already read)" in again.stdout


def test_the_outside_agents_key_is_kept_in_the_store_for_its_owner_alone(rehearsed):
    out, _, _, kept = rehearsed
    path = out / "agent_key"

    assert kept.startswith("lk_") and path.read_text() == kept  # a second run keeps it
    assert path.stat().st_mode & 0o777 == 0o600


def test_the_readmes_mcp_snippet_reaches_the_demos_store_as_printed(rehearsed):
    out, *_ = rehearsed
    readme = (ROOT / "README.md").read_text()
    section = readme.split("## The verbs as MCP tools", 1)[1]
    snippet = json.loads(section.split("```json\n", 1)[1].split("```", 1)[0])
    server = snippet["mcpServers"]["limma"]
    command = server["command"].replace("/path/to/limma", str(ROOT))
    # The demo's folder is var/demo; this test's store stands elsewhere, named as README says.
    env = outside_env(**server.get("env", {}), LIMMA_DEMO_DIR=str(out))

    async def main():
        params = StdioServerParameters(command=command, args=server["args"], env=env, cwd="/")
        async with stdio_client(params) as (read, write), ClientSession(read, write) as session:
            with anyio.fail_after(120):
                await session.initialize()
                names = [tool.name for tool in (await session.list_tools()).tools]
                places = await session.call_tool("limma_facts", {"relation": "based_in"})
                return names, places

    names, places = anyio.run(main)
    assert names == list(READ_ONLY_TOOLS)
    assert not places.isError
    assert json.loads(result_text(places))["matched"]["total"] >= 300  # one place a person


def test_on_demo_before_make_demo_says_to_run_it_first(tmp_path):
    ran = subprocess.run(
        [str(ROOT / "scripts" / "on-demo"), "mcp_server"],
        env=outside_env(LIMMA_DEMO_DIR=str(tmp_path / "none")),
        capture_output=True, text=True, timeout=60, check=False,
    )  # fmt: skip

    assert ran.returncode == 1 and ran.stdout == ""
    assert "run `make demo` once" in ran.stderr


def test_the_console_as_readme_gives_it_opens_on_the_demos_store_over_http(rehearsed):
    out, *_ = rehearsed
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    console = subprocess.Popen(
        [str(ROOT / "scripts" / "on-demo"), "console", f"127.0.0.1:{port}"],
        env=outside_env(LIMMA_DEMO_DIR=str(out)),
        stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True,
    )  # fmt: skip
    try:
        said = console.stdout.readline()  # said before the server binds
        # The transport's own retries (with their backoff) wait for runserver to bind the port.
        with httpx.Client(transport=httpx.HTTPTransport(retries=8), timeout=30) as client:
            reply = client.get(f"http://127.0.0.1:{port}/console/")
    finally:
        console.terminate()
        console.wait(timeout=30)

    assert f"http://127.0.0.1:{port}/console/" in said
    assert reply.status_code == 302
    assert reply.headers["location"].startswith("/admin/login/")


def test_a_paid_provider_without_spend_ok_says_what_it_would_spend_and_starts_nothing(tmp_path):
    ran = rehearse(
        tmp_path,
        "--max-usd",
        "1",
        LIMMA_PROVIDER="openai",
        LIMMA_BASE_URL="http://127.0.0.1:9/v1",
        LIMMA_OPENAI_API_KEY="unused",
    )

    assert ran.returncode == 0, ran.stderr
    assert ran.stdout.count("would read ") == 4
    assert "Nothing was started: pass --spend-ok" in ran.stdout
    assert "complete: " not in ran.stdout
