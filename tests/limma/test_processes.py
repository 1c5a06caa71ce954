"""`make demo` and `make run` stop all they started, whatever stops them (limma/processes.py).

The real commands are started (the page and the worker both); a stop signal is sent to the
command's pid, or typed in a terminal (Ctrl-C, closing it), and the process tree read from /proc
must be empty afterwards. Each start reuses the store the one before it stopped, so every case
also shows that a second start works at once. scripts/run runs on the database the suite runs
on (a scratch one of its own on PostgreSQL); the rehearsal always makes its own SQLite store.
"""

from __future__ import annotations

import os
import select
import shutil
import signal
import sqlite3
import subprocess
import sys
import textwrap
import threading
from collections.abc import Iterator
from contextlib import closing, contextmanager
from dataclasses import dataclass
from pathlib import Path

import pytest

from tests.limma.processes import (
    PROC,
    STOP_SECONDS,
    Proc,
    all_gone,
    answers,
    clean_env,
    cmdline,
    descendants,
    free_port,
    left_over,
    poll,
    proc_table,
)
from tests.scratch_database import scratch_database

ROOT = Path(__file__).resolve().parents[2]

pytestmark = pytest.mark.skipif(not (PROC / "self" / "stat").exists(), reason="reads /proc")

# Stops signalled to the command's pid; the first leaves orphans to stop themselves, and every
# later start comes after the stop before it. With the terminal's two (Ctrl-C for make run,
# closing the window for make demo) each command meets all four, and each signal is sent by pid.
DEMO_SIGNALS = [signal.SIGKILL, signal.SIGTERM, signal.SIGINT]
RUN_SIGNALS = [signal.SIGKILL, signal.SIGTERM, signal.SIGHUP]
START_SECONDS = 120  # bounds, not waits: each poll ends as soon as its condition holds


@dataclass
class Started:
    process: subprocess.Popen[bytes]
    seen: set[Proc]
    log: Path

    def output(self) -> str:
        return self.log.read_text(errors="replace")[-4000:]


def spawned(command: list[str], env: dict[str, str], log: Path) -> subprocess.Popen[bytes]:
    """The command in a session of its own, its output in log."""
    with log.open("wb") as out:
        return subprocess.Popen(
            command, cwd=ROOT, env=env, stdout=out, stderr=subprocess.STDOUT, start_new_session=True
        )


@contextmanager
def started(process: subprocess.Popen[bytes], log: Path, url: str) -> Iterator[Started]:
    """The process, once the page under it answers and its cluster has its worker.

    Whatever of it is left at the end, test failed or not, is killed.
    """
    run = Started(process, set(), log)
    try:

        def up() -> bool:
            assert process.poll() is None, f"exited {process.returncode}:\n{run.output()}"
            tree = descendants(process.pid, proc_table())
            run.seen |= tree
            # the cluster's main process, its sentinel, and the sentinel's worker, monitor, pusher
            cluster = [proc for proc in tree if "qcluster" in cmdline(proc.pid)]
            return len(cluster) >= 5 and answers(url)

        poll(up, seconds=START_SECONDS, what=f"{' '.join(map(str, process.args))} up")
        run.seen |= descendants(process.pid, proc_table())
        run.seen.add(proc_table()[process.pid])
        yield run
    finally:
        if process.poll() is None:
            process.kill()
        process.wait()
        for proc in run.seen:
            live = proc_table().get(proc.pid)
            if live == proc:
                os.kill(proc.pid, signal.SIGKILL)


class Terminal:
    """A pseudo-terminal with an interactive bash in it, as a terminal window holds.

    What is typed reaches bash's line discipline: Ctrl-C signals the foreground job; closing
    the terminal hangs bash up, which sends SIGHUP on to its jobs.
    """

    def __init__(self, env: dict[str, str], log: Path) -> None:
        self.master, slave = os.openpty()
        self.shell = subprocess.Popen(
            # util-linux's setsid: a session of its own, the terminal on stdin its controlling one
            ["setsid", "--ctty", "bash", "--norc", "--noprofile", "-i"],
            cwd=ROOT,
            env={**env, "TERM": "dumb", "HISTFILE": "/dev/null", "PS1": "$ "},
            stdin=slave,
            stdout=slave,
            stderr=slave,
        )
        os.close(slave)
        self.hang_up = threading.Event()
        self.reader = threading.Thread(target=self._read, args=(log,), daemon=True)
        self.reader.start()

    def _read(self, log: Path) -> None:
        """What the terminal shows goes to log (read, so no writer ever blocks on a full pty)."""
        with log.open("ab") as out:
            while not self.hang_up.is_set():
                if select.select([self.master], [], [], 0.1)[0]:
                    try:
                        data = os.read(self.master, 65536)
                    except OSError:  # EIO: nothing holds the terminal any more
                        break
                    out.write(data)
                    out.flush()
        os.close(self.master)

    def type(self, keys: bytes) -> None:
        os.write(self.master, keys)

    def close(self) -> None:
        self.hang_up.set()
        self.reader.join(timeout=10)


def assert_stopped_by(run: Started, signum: int) -> None:
    """The command exits with 128 + signum; every process it started is gone.

    After SIGKILL the command can stop nothing: its children notice and stop themselves.
    """
    os.kill(run.process.pid, signum)
    code = run.process.wait(timeout=STOP_SECONDS)
    if signum == signal.SIGKILL:
        assert code == -signal.SIGKILL
        all_gone(run.seen)
    else:
        assert code == 128 + signum, run.output()
        assert left_over(run.seen) == [], run.output()
        assert f"limma: stopping on {signal.Signals(signum).name}" in run.output()


@pytest.fixture(scope="module")
def demo_dir(tmp_path_factory) -> Path:
    """A small rehearsal store, prepared once."""
    out = tmp_path_factory.mktemp("demo")
    prepare = [sys.executable, "manage.py", "rehearse_qa", "--out", str(out), "--n", "30"]
    done = subprocess.run(
        [*prepare, "--no-serve"], cwd=ROOT, env=clean_env(), capture_output=True, check=False
    )
    assert done.returncode == 0, done.stderr
    return out


@pytest.mark.parametrize("signum", DEMO_SIGNALS, ids=[s.name for s in DEMO_SIGNALS])
def test_make_demo_stops_the_page_and_its_worker_on(signum, demo_dir, tmp_path):
    port = free_port()
    env = clean_env(LIMMA_DEMO_DIR=str(demo_dir), LIMMA_DEMO_PEOPLE="30", PORT=str(port))
    url = f"http://127.0.0.1:{port}/qa/"
    log = tmp_path / "demo.log"
    with started(spawned(["scripts/demo"], env, log), log, url) as run:
        assert "Access code: " in run.output()
        assert_stopped_by(run, signum)
    with closing(sqlite3.connect(demo_dir / "limma.sqlite3")) as store:
        assert store.execute("PRAGMA integrity_check").fetchall() == [("ok",)]


@pytest.fixture(scope="module")
def run_database(tmp_path_factory) -> Iterator[str]:
    """The database scripts/run serves: SQLite, or a scratch PostgreSQL database of its own."""
    with scratch_database(tmp_path_factory.mktemp("run") / "limma.sqlite3", "processes") as url:
        yield url


@pytest.fixture(scope="module")
def run_var(tmp_path_factory) -> Path:
    return tmp_path_factory.mktemp("run-var")


@pytest.mark.parametrize("signum", RUN_SIGNALS, ids=[s.name for s in RUN_SIGNALS])
def test_make_run_stops_the_server_and_its_worker_on(signum, run_database, run_var, tmp_path):
    port = free_port()
    env = clean_env(DATABASE_URL=run_database, LIMMA_VAR_DIR=str(run_var), PORT=str(port))
    url = f"http://127.0.0.1:{port}/"
    log = tmp_path / "run.log"
    with started(spawned(["scripts/run"], env, log), log, url) as run:
        assert_stopped_by(run, signum)


def test_ctrl_c_in_a_terminal_stops_make_run(run_database, run_var, tmp_path):
    port = free_port()
    env = clean_env(DATABASE_URL=run_database, LIMMA_VAR_DIR=str(run_var), PORT=str(port))
    log = tmp_path / "terminal.log"
    terminal = Terminal(env, log)
    try:
        terminal.type(b"make run\n")
        with started(terminal.shell, log, f"http://127.0.0.1:{port}/") as run:
            terminal.type(b"\x03")
            all_gone(run.seen, but=terminal.shell.pid)
            assert "limma: stopping on SIGINT" in run.output()
            assert terminal.shell.poll() is None  # the terminal's shell is still there
    finally:
        terminal.close()


def test_closing_the_terminal_stops_make_demo(demo_dir, tmp_path):
    port = free_port()
    env = clean_env(LIMMA_DEMO_DIR=str(demo_dir), LIMMA_DEMO_PEOPLE="30", PORT=str(port))
    log = tmp_path / "terminal.log"
    terminal = Terminal(env, log)
    try:
        terminal.type(b"make demo\n")
        with started(terminal.shell, log, f"http://127.0.0.1:{port}/qa/") as run:
            terminal.close()
            terminal.shell.wait(timeout=STOP_SECONDS)
            all_gone(run.seen)
    finally:
        terminal.close()


# The supervisor itself, with stand-in children: a stop that is refused is forced.

STUBBORN = textwrap.dedent(
    """
    import os, signal, subprocess, sys, time
    signal.signal(signal.SIGTERM, signal.SIG_IGN)
    helper = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(60)"])
    open(sys.argv[1], "w").write(f"{os.getpid()} {helper.pid}")
    time.sleep(60)
    """
)
# Ends with status 3 once the test creates the file "end" beside it.
ENDS = textwrap.dedent(
    """
    import sys, time
    from pathlib import Path
    end = Path(sys.argv[1]).parent / "end"
    while not end.exists():
        time.sleep(0.05)
    sys.exit(3)
    """
)
SUPERVISOR = textwrap.dedent(
    """
    import sys
    from pathlib import Path
    from limma.processes import Child, supervise
    grace, *scripts = sys.argv[1:]
    children = [Child(f"child {n}", Path(s), (s + ".pid",)) for n, s in enumerate(scripts)]
    sys.exit(supervise(children, grace=float(grace)))
    """
)


def supervisor(tmp_path: Path, grace: float, *scripts: str, **popen) -> subprocess.Popen[bytes]:
    paths = []
    for n, text in enumerate(scripts):
        path = tmp_path / f"child{n}.py"
        path.write_text(text)
        paths.append(str(path))
    return subprocess.Popen(
        [sys.executable, "-c", SUPERVISOR, str(grace), *paths],
        cwd=ROOT,
        env=clean_env(),
        start_new_session=True,
        **popen,
    )


def test_a_child_that_ignores_sigterm_is_killed_with_its_group_after_the_grace(tmp_path):
    process = supervisor(tmp_path, 0.5, STUBBORN)
    pid_file = tmp_path / "child0.py.pid"
    try:
        written = poll(lambda: pid_file.exists() and pid_file.read_text(), seconds=30, what="pids")
        pids = [int(pid) for pid in str(written).split()]
        seen = {proc for proc in proc_table().values() if proc.pid in pids}
        os.kill(process.pid, signal.SIGTERM)

        assert process.wait(timeout=STOP_SECONDS) == 128 + signal.SIGTERM
        assert left_over(seen) == []
    finally:
        process.kill()
        process.wait()


def test_a_child_that_ends_stops_the_others_and_its_status_is_the_supervisors(tmp_path):
    process = supervisor(tmp_path, 5, STUBBORN.replace("signal.SIG_IGN", "signal.SIG_DFL"), ENDS)
    try:
        pid_file = tmp_path / "child0.py.pid"
        poll(lambda: pid_file.exists() and pid_file.read_text(), seconds=30, what="pids")
        seen = descendants(process.pid, proc_table())
        assert len(seen) == 3  # the two children and the first one's helper
        (tmp_path / "end").touch()

        assert process.wait(timeout=STOP_SECONDS) == 3
        assert left_over(seen) == []
    finally:
        process.kill()
        process.wait()


def test_a_second_signal_forces_the_stop_at_once(tmp_path):
    log = tmp_path / "supervisor.log"
    with log.open("wb") as err:
        process = supervisor(tmp_path, 3600, STUBBORN, stderr=err)
    pid_file = tmp_path / "child0.py.pid"
    try:
        written = poll(lambda: pid_file.exists() and pid_file.read_text(), seconds=30, what="pids")
        seen = {proc for proc in proc_table().values() if str(proc.pid) in str(written).split()}
        os.kill(process.pid, signal.SIGINT)
        poll(lambda: "stopping on SIGINT" in log.read_text(), seconds=30, what="the first stop")
        os.kill(process.pid, signal.SIGINT)

        assert process.wait(timeout=STOP_SECONDS) == 128 + signal.SIGINT
        assert left_over(seen) == []
    finally:
        process.kill()
        process.wait()


# A program (not a Python script) as a child: the local model's server is one.

SLEEP = shutil.which("sleep") or "/bin/sleep"
PROGRAM_SUPERVISOR = textwrap.dedent(
    """
    import shutil, sys
    from pathlib import Path
    from limma.processes import Child, supervise
    sleep = Path(shutil.which("sleep"))
    sys.exit(supervise([Child("a program", sleep, ("600",), program=True)], grace=5))
    """
)


@pytest.mark.parametrize("signum", [signal.SIGTERM, signal.SIGKILL], ids=["SIGTERM", "SIGKILL"])
def test_a_program_child_stops_with_its_supervisor_however_it_is_stopped(signum, tmp_path):
    process = subprocess.Popen(
        [sys.executable, "-c", PROGRAM_SUPERVISOR],
        cwd=ROOT,
        env=clean_env(),
        start_new_session=True,
    )
    try:

        def program_up() -> set[Proc]:
            tree = descendants(process.pid, proc_table())
            programs = [proc for proc in tree if cmdline(proc.pid).split()[:1] == [SLEEP]]
            return tree if programs else set()

        seen = poll(program_up, seconds=30, what="the program started")
        os.kill(process.pid, signum)

        code = process.wait(timeout=STOP_SECONDS)
        assert code == (-signal.SIGKILL if signum == signal.SIGKILL else 128 + signum)
        all_gone(seen)
    finally:
        process.kill()
        process.wait()
