"""The cluster is watched, not trusted (limma/processes.py): `make run`'s supervisor starts the
django-q2 cluster again when any process of it dies — its main process, the sentinel, the task
fetcher (pusher), the monitor or a worker — and the cluster started again takes tasks.

Real processes, killed with SIGKILL; every wait is a poll with a deadline.
"""

from __future__ import annotations

import os
import re
import signal
import sqlite3
import subprocess
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from limma.processes import process_table, tree_of

ROOT = Path(__file__).resolve().parents[2]
PORT = 8624
BOUND = 120  # seconds: each poll ends as soon as its condition holds

pytestmark = pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads /proc")

KINDS = ["pusher", "monitor", "worker", "sentinel", "main"]
WATCHED = re.compile(r"the worker: processes watched: (\d+)")
SAID = {
    "worker": re.compile(r"ready for work at (\d+)"),
    "monitor": re.compile(r"monitoring at (\d+)"),
    "pusher": re.compile(r"pushing tasks at (\d+)"),
}


def cmdline(pid: int) -> str:
    try:
        return Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ").decode()
    except OSError:
        return ""


@dataclass
class Run:
    process: subprocess.Popen[bytes]
    log: Path
    database: Path
    env: dict[str, str]

    def output(self) -> str:
        return self.log.read_text(errors="replace")

    def cluster(self) -> dict[str, int] | None:
        """The pid of each kind of the running cluster, once it is whole and the supervisor has
        said it watches every process of it; else None."""
        since_start = self.output().rsplit("starting it again", 1)[-1]
        watched = [int(count) for count in WATCHED.findall(since_start)]
        if not watched or watched[-1] < len(KINDS):
            return None
        table = process_table()
        tree = tree_of(self.process.pid, table)
        mains = [
            proc
            for proc in tree
            if proc.ppid == self.process.pid and "qcluster" in cmdline(proc.pid)
        ]
        if len(mains) != 1:
            return None
        main = mains[0].pid
        sentinels = [proc.pid for proc in tree if proc.ppid == main]
        if len(sentinels) != 1:
            return None
        under = {proc.pid for proc in tree if proc.ppid == sentinels[0] and proc.state != "Z"}
        said = self.output()
        found = {"main": main, "sentinel": sentinels[0]}
        for kind, pattern in SAID.items():
            pids = [int(pid) for pid in pattern.findall(said) if int(pid) in under]
            if not pids:
                return None
            found[kind] = pids[-1]
        return found


def poll(condition, *, what: str, run: Run):
    deadline = time.monotonic() + BOUND
    while time.monotonic() < deadline:
        assert run.process.poll() is None, f"the supervisor ended:\n{run.output()[-3000:]}"
        if found := condition():
            return found
        time.sleep(0.2)
    raise AssertionError(f"not within {BOUND} s: {what}\n{run.output()[-3000:]}")


@pytest.fixture(scope="module")
def run(tmp_path_factory) -> Iterator[Run]:
    """`python -m limma.processes run`, as scripts/run starts it, on a SQLite store of its own."""
    var = tmp_path_factory.mktemp("watched")
    database = var / "limma.sqlite3"
    env = {
        **{
            key: value
            for key, value in os.environ.items()
            if not key.startswith(("LIMMA_", "DATABASE_URL", "DJANGO_"))
        },
        "DATABASE_URL": f"sqlite:///{database}",
        "LIMMA_VAR_DIR": str(var),
        "LIMMA_SECURE": "0",
        "LIMMA_WORKERS": "1",
    }
    subprocess.run(
        [sys.executable, "manage.py", "migrate", "-v0"], cwd=ROOT, env=env, check=True, timeout=300
    )
    log = var / "run.log"
    with log.open("wb") as out:
        process = subprocess.Popen(
            [sys.executable, "-m", "limma.processes", "run", f"127.0.0.1:{PORT}"],
            cwd=ROOT, env=env, stdout=out, stderr=subprocess.STDOUT, start_new_session=True,
        )  # fmt: skip
    started = Run(process, log, database, env)
    try:
        poll(started.cluster, what="the cluster is whole", run=started)
        yield started
    finally:
        if process.poll() is None:
            os.kill(process.pid, signal.SIGTERM)
            try:
                process.wait(timeout=BOUND)
            except subprocess.TimeoutExpired:
                os.killpg(process.pid, signal.SIGKILL)
                process.wait()


def failed_tasks(database: Path) -> int:
    with sqlite3.connect(database) as db:
        return db.execute("SELECT count(*) FROM django_q_task WHERE success = 0").fetchone()[0]


def hand_a_task(run: Run) -> None:
    """A task that fails (failures are kept by the cluster): proof that it was taken."""
    code = "from django_q.tasks import async_task; async_task('math.sqrt', -1)"
    subprocess.run(
        [sys.executable, "manage.py", "shell", "-c", code],
        cwd=ROOT, env=run.env, check=True, timeout=BOUND,
    )  # fmt: skip


@pytest.mark.parametrize("kind", KINDS)
def test_the_cluster_is_started_again_when_any_of_its_processes_dies(run, kind):
    before = run.cluster()
    assert before is not None
    page = [
        proc.pid
        for proc in tree_of(run.process.pid, process_table())
        if "runserver" in cmdline(proc.pid)
    ]
    said = run.output().count("starting it again")

    os.kill(before[kind], signal.SIGKILL)

    poll(
        lambda: run.output().count("starting it again") > said,
        what=f"the supervisor sees the {kind} die",
        run=run,
    )
    after = poll(
        lambda: (found := run.cluster()) and found["main"] != before["main"] and found,
        what="a new cluster, whole",
        run=run,
    )
    assert not set(after.values()) & set(before.values())
    # The page is left alone.
    assert [
        proc.pid
        for proc in tree_of(run.process.pid, process_table())
        if "runserver" in cmdline(proc.pid)
    ] == page
    taken = failed_tasks(run.database)
    hand_a_task(run)
    poll(lambda: failed_tasks(run.database) > taken, what="the new cluster takes a task", run=run)


@pytest.mark.parametrize("source", ["/proc", "ps"])
def test_the_process_table_names_this_process_and_its_parent(source, tmp_path):
    table = process_table(Path(source) if source == "/proc" else tmp_path / "no-proc")

    me = table[os.getpid()]
    assert me.ppid == os.getppid()
    assert me.state != "Z"
    assert table[os.getppid()] in tree_of(os.getppid(), table)
    assert me in tree_of(os.getppid(), table)
    assert me not in tree_of(me.pid, table) - {me}  # a process is not its own descendant
