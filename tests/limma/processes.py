"""What the process tests read of the machine: the process table from /proc, a tree's
descendants, what is left of it, a condition polled to a bound, and a clean environment."""

from __future__ import annotations

import os
import socket
import time
import urllib.error
import urllib.request
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

PROC = Path("/proc")
STOP_SECONDS = 30  # a bound, not a wait: each poll ends as soon as its condition holds


@dataclass(frozen=True)
class Proc:
    pid: int
    ppid: int
    session: int
    state: str
    started: int  # clock ticks after boot: with pid, names one process even if pids are reused


def proc_table() -> dict[int, Proc]:
    """Every process on the machine, from /proc/PID/stat."""
    table = {}
    for entry in PROC.iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
        except OSError:  # ended meanwhile
            continue
        fields = stat[stat.rindex(")") + 2 :].split()
        pid = int(entry.name)
        table[pid] = Proc(pid, int(fields[1]), int(fields[3]), fields[0], int(fields[19]))
    return table


def descendants(root: int, table: dict[int, Proc]) -> set[Proc]:
    found, frontier = set(), {root}
    while frontier:
        children = {proc for proc in table.values() if proc.ppid in frontier}
        found |= children
        frontier = {proc.pid for proc in children}
    return found


def cmdline(pid: int) -> str:
    try:
        return (PROC / str(pid) / "cmdline").read_bytes().replace(b"\0", b" ").decode()
    except OSError:
        return ""


def left_over(seen: set[Proc], *, but: int | None = None) -> list[str]:
    """What still runs of the processes seen, or of the sessions they are in (zombies ended).

    but: a pid to leave out (the terminal's shell, which outlives its job).
    """
    sessions = {proc.session for proc in seen}
    table = proc_table()
    alive = [
        proc
        for proc in table.values()
        if proc.state != "Z"
        and (proc in seen or (proc.session in sessions and proc.session != os.getsid(0)))
        and proc.pid not in (os.getpid(), but)
    ]
    return [f"{proc.pid} {cmdline(proc.pid)}" for proc in alive]


def all_gone(seen: set[Proc], *, but: int | None = None) -> None:
    """Within STOP_SECONDS, nothing of seen is left."""
    deadline = time.monotonic() + STOP_SECONDS
    while (left := left_over(seen, but=but)) and time.monotonic() < deadline:
        time.sleep(0.2)
    assert left == []


def poll(condition: Callable[[], object], *, seconds: float, what: str) -> object:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if found := condition():
            return found
        time.sleep(0.2)
    raise AssertionError(f"not within {seconds} s: {what}")


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def answers(url: str) -> bool:
    try:
        urllib.request.urlopen(url, timeout=2).close()
    except urllib.error.HTTPError:
        return True
    except OSError:
        return False
    return True


def clean_env(**more: str) -> dict[str, str]:
    base = {
        key: value
        for key, value in os.environ.items()
        if not key.startswith(("LIMMA_", "DATABASE_URL", "DJANGO_"))
    }
    return {**base, "LIMMA_WORKERS": "1", **more}
