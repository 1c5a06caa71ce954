"""A PostgreSQL server of the test's own, which the test stops and starts: the database going
away and coming back. initdb and pg_ctl run as the current user, or as `postgres` under root
(PostgreSQL refuses to run as root); a test skips, saying why, when neither can."""

from __future__ import annotations

import glob
import os
import shutil
import subprocess
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest


def postgres_bin() -> Path | None:
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/pg_ctl"))
    if found:
        return Path(found[-1]).parent
    on_path = shutil.which("pg_ctl")
    return Path(on_path).parent if on_path else None


def as_user() -> list[str]:
    """The prefix a command runs under: nothing, or runuser to postgres under root."""
    if os.geteuid() != 0:
        return []
    runuser = shutil.which("runuser")
    if runuser is None:
        pytest.skip("PostgreSQL does not run as root and runuser is missing")
    try:
        import pwd

        pwd.getpwnam("postgres")
    except KeyError:
        pytest.skip("PostgreSQL does not run as root and there is no postgres user")
    return [runuser, "-u", "postgres", "--"]


class ThrowawayPostgres:
    """One cluster in a temporary directory, on a loopback port, trusting local connections."""

    def __init__(self, port: int) -> None:
        bin_dir = postgres_bin()
        if bin_dir is None:
            pytest.skip("no PostgreSQL server binaries (initdb, pg_ctl)")
        self.bin = bin_dir
        self.port = port
        self.prefix = as_user()
        self.root = Path(tempfile.mkdtemp(prefix="limma-pg-"))
        self.data = self.root / "data"
        if self.prefix:
            shutil.chown(self.root, "postgres")
        self.user = "postgres" if self.prefix else os.environ.get("USER", "postgres")

    @property
    def url(self) -> str:
        return f"postgres://{self.user}@127.0.0.1:{self.port}/postgres"

    def _run(self, *command: str) -> None:
        done = subprocess.run(
            [*self.prefix, *command], capture_output=True, text=True, timeout=120, check=False
        )
        if done.returncode != 0:
            raise RuntimeError(f"{command[0]} failed: {done.stdout}{done.stderr}")

    def create(self) -> None:
        self._run(
            str(self.bin / "initdb"), "-D", str(self.data), "-U", self.user, "--auth=trust", "-N"
        )

    def start(self) -> None:
        options = f"-p {self.port} -k {self.root} -c listen_addresses=127.0.0.1 -c fsync=off"
        self._run(
            str(self.bin / "pg_ctl"), "-D", str(self.data), "-o", options, "-w", "-t", "60",
            "-l", str(self.root / "server.log"), "start",
        )  # fmt: skip

    def stop(self) -> None:
        """A fast shutdown: every open connection is cut, as a restart cuts them."""
        self._run(str(self.bin / "pg_ctl"), "-D", str(self.data), "-m", "fast", "-w", "stop")

    def remove(self) -> None:
        subprocess.run(
            [*self.prefix, str(self.bin / "pg_ctl"), "-D", str(self.data), "-m", "immediate",
             "stop"],
            capture_output=True, check=False,
        )  # fmt: skip
        shutil.rmtree(self.root, ignore_errors=True)


@contextmanager
def throwaway_postgres(port: int) -> Iterator[ThrowawayPostgres]:
    server = ThrowawayPostgres(port)
    try:
        server.create()
        server.start()
        yield server
    finally:
        server.remove()


def poll(condition, *, seconds: float, what: str):
    """condition() until it is true, at most `seconds`: a bound, never a wait."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if found := condition():
            return found
        time.sleep(0.1)
    raise AssertionError(f"not within {seconds} s: {what}")
