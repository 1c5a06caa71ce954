"""The sign-in limits hold across processes: they live in the database
(docs/pages.md#visitors-and-ceilings). Each step below is its own Python process on one scratch
database (SQLite, or a PostgreSQL database of its own when DATABASE_URL names a server)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from qa_view.page.visitors import NAME_IP_ATTEMPTS
from tests.scratch_database import scratch_database

ROOT = Path(__file__).resolve().parents[2]
# One step in a process of its own: sign in (or make the visitor), print what came of it.
STEP = """
import json, sys
import django
django.setup()
from qa_view.page import visitors
from limma.models import Workspace
step, args = sys.argv[1], json.loads(sys.argv[2])
if step == "make":
    from django.core.management import call_command
    call_command("migrate", verbosity=0)
    workspace = Workspace.objects.create(name="Sign-in")
    _, code = visitors.visitor_create(workspace=workspace, name="Ada Lovelace")
    print(json.dumps(code))
else:
    came = []
    for code in args["codes"]:
        try:
            visitors.visitor_sign_in(name="Ada Lovelace", code=code, ip=args["ip"])
            came.append("in")
        except visitors.SignInRefused as refused:
            came.append(refused.reason)
    print(json.dumps(came))
"""


@pytest.fixture
def sign_in_database(tmp_path) -> Iterator[str]:
    with scratch_database(tmp_path / "sign-in.sqlite3", "sign_in") as url:
        yield url


def in_a_process(database: str, step: str, **args: object) -> object:
    env = {**os.environ, "DATABASE_URL": database, "DJANGO_SETTINGS_MODULE": "limma.test_settings"}
    done = subprocess.run(
        [sys.executable, "-c", STEP, step, json.dumps(args)],
        cwd=ROOT, env=env, capture_output=True, text=True, timeout=300, check=False,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr[-2000:]
    return json.loads(done.stdout.strip().splitlines()[-1])


def test_the_sign_in_limits_hold_across_two_processes(sign_in_database):
    code = in_a_process(sign_in_database, "make")

    # Five typos in one process, the right code in another: the visitor gets in.
    assert in_a_process(sign_in_database, "try", ip="10.0.0.3", codes=["nope"] * 5) == ["wrong"] * 5
    assert in_a_process(sign_in_database, "try", ip="10.0.0.3", codes=[code]) == ["in"]

    # A guesser's wrong codes in one process hold that address in the next one, not another.
    guesses = ["nope"] * NAME_IP_ATTEMPTS
    assert (
        in_a_process(sign_in_database, "try", ip="10.0.0.1", codes=guesses)
        == ["wrong"] * NAME_IP_ATTEMPTS
    )
    assert in_a_process(sign_in_database, "try", ip="10.0.0.1", codes=[code]) == ["limited"]
    assert in_a_process(sign_in_database, "try", ip="10.0.0.2", codes=[code]) == ["in"]
