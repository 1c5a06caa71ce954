"""Run the worker and the page as one unit that stops all it started, whatever stops it.

The supervisor (`supervise`) starts each child in a session of its own, so a Ctrl-C or a
hang-up at the terminal reaches the supervisor alone; on SIGINT, SIGTERM or SIGHUP it stops
every child the same way: SIGTERM first (for `qcluster`, django-q2's own shutdown: its main
process stops the sentinel, which lets each worker finish its task), then, after a bounded
wait or at a second signal, SIGKILL to the child's whole process group. It exits with
128 + the signal's number.

Killed outright (SIGKILL), the supervisor can stop nothing, so each child watches for its
death (`parent_watch`): the supervisor holds the only write end of a pipe whose read end every
child holds, and a thread in the child blocks reading it. However the supervisor dies, the
kernel closes the write end, the read returns end-of-file at once, and the child stops itself
in the same two steps. A pipe rather than Linux's PR_SET_PDEATHSIG (Linux only, and fired by
the death of the forking thread, not of the process) or polling os.getppid() (late by the
polling interval, and fooled when a subreaper adopts the child): it is POSIX, so it holds on
macOS too, it is immediate, and it cannot be missed, since end-of-file stays readable.

The cluster is watched, not trusted: django-q2's main process forks a sentinel, which forks the
task fetcher (pusher), the monitor and the workers, and a process of that tree killed outright
can leave the rest alive but stuck (a fetcher killed while it held the task queue's lock stops
every worker). A child marked `restarted` is watched with every process under it (read from
/proc, or `ps` where there is none): when any of them dies, or the child itself ends, the
supervisor stops the child's whole tree in the same two steps and starts it again, instead of
ending the run. Its tasks are safe to run twice and a read's claim is a lease, so nothing it held
is lost or read twice.

A child that is a program rather than a Python script (the local model's server) is run by a
watched Python wrapper (`program`) that hands it each stop signal and shares its process group,
so the same two steps reach it.

    python -m limma.processes run ADDRESS             the worker and the page (scripts/run)
    python -m limma.processes watched FD SCRIPT ...   a Python script, stopped with its parent
    python -m limma.processes program FD PATH ...     a program, stopped with its parent
"""

from __future__ import annotations

import contextlib
import os
import runpy
import select
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from types import FrameType
from typing import Any

BASE_DIR = Path(__file__).resolve().parent.parent
MANAGE = BASE_DIR / "manage.py"

# The signals that mean "stop": Ctrl-C, `kill` or a process manager, the terminal closing.
STOP_SIGNALS = (signal.SIGINT, signal.SIGTERM, signal.SIGHUP)

# How long a graceful stop may take before it is forced: each worker finishes the task it holds.
# A read cut short by force is not lost: its judgment's claim goes stale and is taken up again.
GRACE_SECONDS = 15.0

# How often the trees of the restarted children are read, and the pause before a restart (so a
# child that cannot start does not spin).
TREE_POLL_SECONDS = 0.5
RESTART_PAUSE_SECONDS = 1.0

# How a child is started: this module, watching the supervisor's pipe, runs the child's script
# (or, for a program, starts it and hands it the stop signals).
WATCHED = (sys.executable, "-m", "limma.processes", "watched")
PROGRAM = (sys.executable, "-m", "limma.processes", "program")


@dataclass(frozen=True)
class Child:
    """One supervised process: a Python script (or, with program, an executable) and its
    arguments, and where its output goes.

    stdout and stderr are passed to subprocess.Popen: None shows them, DEVNULL hides them.
    restarted: the child and every process under it are watched, and the death of any of them
    starts it again (the cluster) instead of ending the run.
    """

    name: str
    script: Path
    args: tuple[str, ...] = ()
    stdout: int | None = None
    stderr: int | None = None
    program: bool = False
    restarted: bool = False


# What the children started first must show before the rest start: the environment the rest are
# given besides the supervisor's, or None when a stop signal or a child's end came first; it
# raises NotReady when they never got ready.
Ready = Callable[["Supervisor"], Mapping[str, str] | None]


class NotReady(Exception):
    """The children started first did not get ready (the message says why)."""


def worker_and_page(
    address: str,
    *,
    env: Mapping[str, str] | None = None,
    quiet: bool = False,
    grace: float = GRACE_SECONDS,
    first: Sequence[Child] = (),
    ready: Ready | None = None,
) -> int:
    """Run django-q2's cluster and the page on `address` until a stop signal or either ends.

    quiet hides the worker's log and the page's request log (the rehearsal prints its own).
    first and ready: what starts before them, and what it must show first (the local model).
    """
    hidden = subprocess.DEVNULL if quiet else None
    return supervise(
        [
            Child(
                "the worker", MANAGE, ("qcluster",), stdout=hidden, stderr=hidden, restarted=True
            ),
            Child("the page", MANAGE, ("runserver", "--noreload", address), stderr=hidden),
        ],
        env=env,
        grace=grace,
        first=first,
        ready=ready,
    )


def supervise(
    children: Sequence[Child],
    *,
    env: Mapping[str, str] | None = None,
    grace: float = GRACE_SECONDS,
    first: Sequence[Child] = (),
    ready: Ready | None = None,
) -> int:
    """Start the children, wait for a stop signal or for one of them to end, then stop them all.

    The `first` children start before the rest, and the rest only once `ready` (given the
    supervisor) has returned the environment they are given besides `env`.
    Returns 128 + the signal's number when a signal stopped them; else the exit status of the
    child that ended first (128 + its signal's number if a signal ended it).
    """
    with Supervisor(grace=grace) as supervisor:
        added: Mapping[str, str] | None = {}
        if first:
            supervisor.start(first, env=env)
            try:
                added = ready(supervisor) if ready is not None else {}
            except NotReady as never:
                _say(f"{never}: stopping")
                supervisor.stop()
                return 1
        base = os.environ if env is None else env
        # Nothing more starts when a stop or a child's end came first; the pipe's end is closed.
        rest = children if added is not None else ()
        supervisor.start(rest, env={**base, **added} if added else env)
        ended = supervisor.wait()
        if ended is None:
            _say(f"stopping on {signal.Signals(supervisor.stops[0]).name}")
        else:
            _say(f"{ended.name} stopped (exit status {ended.returncode}): stopping the rest")
        supervisor.stop()
        return 128 + supervisor.stops[0] if ended is None else exit_status(ended.returncode)


def exit_status(returncode: int) -> int:
    """A shell's exit status for a Popen return code: 128 + N for a process killed by signal N."""
    return 128 - returncode if returncode < 0 else returncode


@dataclass
class Ended:
    name: str
    returncode: int


class Supervisor:
    """The children started, the stop signals received, and the pipes that wake and watch.

    A context manager: on entry it takes SIGINT, SIGTERM, SIGHUP (recorded) and SIGCHLD (a
    wake-up); on exit it kills what is still running (an error on the way) and gives the
    signals back.
    """

    def __init__(self, *, grace: float) -> None:
        self.grace = grace
        self.stops: list[int] = []
        self.running: dict[str, subprocess.Popen[bytes]] = {}
        self.previous: dict[int, Any] = {}
        self.children: dict[str, tuple[Child, Mapping[str, str] | None]] = {}
        self.trees: dict[str, set[Proc]] = {}  # every process seen under a restarted child

    def __enter__(self) -> Supervisor:
        # A signal with a Python handler writes a byte to the wake-up pipe, so select() wakes
        # for it at once: SIGCHLD when a child ends, a stop signal when one arrives.
        self.wake_read, self.wake_write = os.pipe()
        os.set_blocking(self.wake_read, False)
        os.set_blocking(self.wake_write, False)
        self.previous_wakeup = signal.set_wakeup_fd(self.wake_write)
        for signum in (*STOP_SIGNALS, signal.SIGCHLD):
            self.previous[signum] = signal.signal(signum, self._received)
        # The write end stays here alone (os.pipe's ends are not inherited unless passed on).
        self.watch_read, self.watch_write = os.pipe()
        return self

    def __exit__(self, *exc_info: object) -> None:
        self._stop(grace=0)
        os.close(self.watch_write)
        os.close(self.watch_read)
        for signum, handler in self.previous.items():
            signal.signal(signum, handler)
        signal.set_wakeup_fd(self.previous_wakeup)
        os.close(self.wake_read)
        os.close(self.wake_write)

    def _received(self, signum: int, frame: FrameType | None) -> None:
        if signum != signal.SIGCHLD:
            self.stops.append(signum)

    def start(self, children: Sequence[Child], *, env: Mapping[str, str] | None) -> None:
        """Each child in a session of its own, holding the read end of the watched pipe (kept
        here too, for a child started again: only the write end's closing counts)."""
        for child in children:
            if self.stops:
                break
            self.children[child.name] = (child, env)
            self._spawn(child, env)

    def _spawn(self, child: Child, env: Mapping[str, str] | None) -> None:
        runner = PROGRAM if child.program else WATCHED
        self.running[child.name] = subprocess.Popen(
            [*runner, str(self.watch_read), str(child.script), *child.args],
            cwd=BASE_DIR,
            env=None if env is None else dict(env),
            pass_fds=(self.watch_read,),
            start_new_session=True,
            stdout=child.stdout,
            stderr=child.stderr,
        )
        self.trees[child.name] = set()

    def ended(self) -> Ended | None:
        """A child that has ended (which one, and how), or None while all run."""
        for name, process in self.running.items():
            if process.poll() is not None:
                return Ended(name, process.returncode)
        return None

    def wait(self) -> Ended | None:
        """Until a stop signal (None) or the end of a child (which one, and how); a restarted
        child whose tree lost a process, or which ended, is started again meanwhile."""
        while not self.stops:
            ended = self.ended()
            if ended is not None and not self._restarted(ended.name):
                return ended
            if ended is not None:
                self.restart(ended.name, f"it ended (exit status {exit_status(ended.returncode)})")
                continue
            if died := self.tree_died():
                self.restart(*died)
                continue
            self._sleep(TREE_POLL_SECONDS if self._watching() else None)
        return None

    def _restarted(self, name: str) -> bool:
        return self.children[name][0].restarted if name in self.children else False

    def _watching(self) -> bool:
        return any(self._restarted(name) for name in self.running)

    def tree_died(self) -> tuple[str, str] | None:
        """A restarted child one of whose processes died since the last look: (its name, which
        process), or None. A process that has ended but is not reaped yet counts as dead."""
        if not self._watching():
            return None
        table = process_table()
        for name, process in self.running.items():
            if not self._restarted(name):
                continue
            alive = {proc for proc in tree_of(process.pid, table) if proc.state != "Z"}
            seen = self.trees.setdefault(name, set())
            gone = seen - alive
            if alive - seen and not gone:
                _say(f"{name}: processes watched: {len(seen | alive)}")
            seen |= alive
            if gone:
                return name, f"its process {min(gone).pid} died"
        return None

    def restart(self, name: str, why: str) -> None:
        """Stop the child's whole tree (SIGTERM, then SIGKILL to its group after the grace) and
        start it again; a stop signal meanwhile cuts it short and starts nothing."""
        child, env = self.children[name]
        _say(f"{child.name}: {why}: starting it again")
        process = self.running.pop(name)
        self.trees.pop(name, None)
        if process.poll() is None:
            _signal(process.pid, signal.SIGTERM)
        deadline = time.monotonic() + self.grace
        while not self.stops and process.poll() is None and time.monotonic() < deadline:
            self._sleep(min(TREE_POLL_SECONDS, max(0.0, deadline - time.monotonic())))
        _signal(-process.pid, signal.SIGKILL)
        process.wait()
        deadline = time.monotonic() + RESTART_PAUSE_SECONDS
        while not self.stops and (left := deadline - time.monotonic()) > 0:
            self._sleep(left)
        if not self.stops:
            self._spawn(child, env)

    def pause(self, seconds: float) -> None:
        """Until a signal arrives (a stop, a child's end) or `seconds` pass."""
        self._sleep(seconds)

    def stop(self) -> None:
        self._stop(grace=self.grace)

    def _stop(self, *, grace: float) -> None:
        """SIGTERM to each child still running; SIGKILL to the groups of those left at the end.

        A stop signal besides the one that began the stop (a second Ctrl-C) cuts the wait short.
        """
        signalled = min(len(self.stops), 1)
        for process in self.running.values():
            if process.poll() is None:
                _signal(process.pid, signal.SIGTERM)
        deadline = time.monotonic() + grace
        while len(self.stops) <= signalled and self._any_running():
            left = deadline - time.monotonic()
            if left <= 0:
                break
            self._sleep(left)
        for process in self.running.values():
            if process.poll() is None:
                _signal(-process.pid, signal.SIGKILL)
                process.wait()
            # Whatever of its group outlived its main process goes too. Reaped, the leader's
            # pid stays the group's id while any member lives, so it names no one else.
            _signal(-process.pid, signal.SIGKILL)
        self.running.clear()

    def _any_running(self) -> bool:
        return any(process.poll() is None for process in self.running.values())

    def _sleep(self, timeout: float | None) -> None:
        """Until a signal arrives (or timeout seconds pass)."""
        select.select([self.wake_read], [], [], timeout)
        with contextlib.suppress(BlockingIOError):  # drained
            while os.read(self.wake_read, 512):
                pass


@dataclass(frozen=True, order=True)
class Proc:
    """One process: its pid, its parent's, its state (Z: ended, not reaped) and when it started
    (with the pid, it names one process even if pids are reused)."""

    pid: int
    ppid: int = field(compare=False)
    state: str = field(compare=False)
    started: str


def process_table(proc: Path = Path("/proc")) -> dict[int, Proc]:
    """Every process on the machine: from /proc, or from `ps` where there is none (macOS)."""
    if (proc / "self" / "stat").exists():
        table = {}
        for entry in proc.iterdir():
            if not entry.name.isdigit():
                continue
            try:
                stat = (entry / "stat").read_text()
            except OSError:  # ended meanwhile
                continue
            fields = stat[stat.rindex(")") + 2 :].split()
            pid = int(entry.name)
            table[pid] = Proc(pid, int(fields[1]), fields[0], fields[19])
        return table
    listed = subprocess.run(
        ["ps", "-A", "-o", "pid=,ppid=,stat=,lstart="], capture_output=True, text=True, check=False
    ).stdout
    table = {}
    for line in listed.splitlines():
        pid, ppid, state, *started = line.split()
        table[int(pid)] = Proc(int(pid), int(ppid), state[:1], " ".join(started))
    return table


def tree_of(root: int, table: dict[int, Proc]) -> set[Proc]:
    """The process and every process under it."""
    found = {table[root]} if root in table else set()
    frontier = {root}
    while frontier:
        children = {proc for proc in table.values() if proc.ppid in frontier}
        found |= children
        frontier = {proc.pid for proc in children} - frontier
    return found


def _signal(pid: int, signum: int) -> None:
    """os.kill, where a negative pid names a process group; gone already is fine."""
    with contextlib.suppress(ProcessLookupError, PermissionError):
        os.kill(pid, signum)


def _say(text: str) -> None:
    """One line to stderr; a terminal already hung up (SIGHUP) must not stop the stopping."""
    with contextlib.suppress(OSError):
        print(f"limma: {text}", file=sys.stderr, flush=True)


def parent_watch(fd: int, *, grace: float = GRACE_SECONDS) -> threading.Thread:
    """Stop this process when whoever holds the write end of the pipe `fd` reads from is gone.

    SIGTERM to itself first (qcluster stops the way django-q2 does on SIGTERM), then after
    `grace` SIGKILL to its process group (its own, started in a session of its own: the
    cluster's sentinel and workers) or to itself alone. The thread blocks in read() holding no
    lock, so the forks qcluster makes meanwhile are safe.
    """

    def watch() -> None:
        while os.read(fd, 64):  # nothing is ever written: only end-of-file counts
            pass
        os.kill(os.getpid(), signal.SIGTERM)
        time.sleep(grace)
        os.kill(-os.getpgrp() if os.getpgrp() == os.getpid() else os.getpid(), signal.SIGKILL)

    thread = threading.Thread(target=watch, name="parent-watch", daemon=True)
    thread.start()
    return thread


def run_program(command: Sequence[str]) -> int:
    """Run a program as this process's child, handing it every stop signal this process gets,
    and return its exit status. It stays in this process's group, so the group's SIGKILL that
    ends a stop reaches it too."""
    process = subprocess.Popen(list(command))

    def hand_on(signum: int, frame: FrameType | None) -> None:
        _signal(process.pid, signum)

    for signum in STOP_SIGNALS:
        signal.signal(signum, hand_on)
    return exit_status(process.wait())


def main(argv: Sequence[str]) -> int:
    if len(argv) == 2 and argv[0] == "run":
        return worker_and_page(argv[1])
    if len(argv) >= 3 and argv[0] == "program":
        parent_watch(int(argv[1]))
        return run_program(argv[2:])
    if len(argv) >= 3 and argv[0] == "watched":
        parent_watch(int(argv[1]))
        script = argv[2]
        sys.argv = [script, *argv[3:]]
        sys.path[0] = str(Path(script).resolve().parent)
        runpy.run_path(script, run_name="__main__")
        return 0
    print(__doc__, file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
