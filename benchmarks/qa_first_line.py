"""Click-to-first-line of the Q&A page's four "Try:" examples: the fixed 2 s poll the page had
beside its schedule now (every 250 ms while a run is young, qa_view/page/polling.py), side by side.

    .venv/bin/python benchmarks/qa_first_line.py [--n 1000] [--runs 5] [--out DIR]

What it does, by itself, and undoes at the end (also on an error or Ctrl-C):

1. A scratch SQLite store in a temporary directory (or --out, kept), migrated; the synthetic
   expert directory of --n people loaded through connect, the four examples read ahead with
   the offline provider (nothing spent), and one visitor — the rehearsal's own preparation
   (qa_view/page/rehearsal.py).
2. Starts `manage.py qcluster` on that store (the ORM broker, as `make demo` runs it).
3. Signs the visitor in with Django's test client and, per run and per example, clicks the
   example under each poll schedule, the two in alternating order: the HTMX POST the button
   sends, then the polls the page asks for — each after the interval its last reply's
   hx-trigger names, as htmx waits — until a reply holds the first line. The time is from
   the click to that reply.
4. Prints per example the min and median of each schedule and the ratio of the medians, and
   stops the cluster (SIGTERM to its main process, then its group).
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from decimal import Decimal
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
EXAMPLES = ROOT / "directory" / "qa_examples.json"  # the demo directory's four, as make demo
FIXED = ((float("inf"), "2s"),)  # the page before: one poll every 2 s
POLL = re.compile(r'hx-get="(?P<url>/qa/runs/\d+/)"\s+hx-trigger="every (?P<n>\d+)(?P<unit>ms|s)"')
FIRST_LINE = 'class="first-line"'
GIVE_UP_S = 120


def _arguments() -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--n", type=int, default=1000, help="people in the directory")
    parser.add_argument("--runs", type=int, default=5, help="clicks per example and schedule")
    parser.add_argument("--out", default="", help="keep the scratch store here")
    return parser.parse_args()


def _environment(out: Path) -> None:
    os.environ.update(
        {
            "DJANGO_SETTINGS_MODULE": "limma.settings",
            "DATABASE_URL": f"sqlite:///{out / 'limma.sqlite3'}",
            "LIMMA_VAR_DIR": str(out),
            "LIMMA_SECURE": "0",
            "LIMMA_PROVIDER": "offline",
            # Read ahead inside the call (no worker yet); the worker's runs read in the background.
            "LIMMA_CRITERIA_BACKGROUND": "0",
            "LIMMA_LOG_LEVEL": "WARNING",
            "LIMMA_QA_EXAMPLES": str(EXAMPLES),
        }
    )
    sys.path.insert(0, str(ROOT))


def _first_line(client, example: int) -> float:
    """Seconds from the click on an example to the reply that holds its first line."""
    hx = {"HTTP_HX_REQUEST": "true"}
    clicked = time.perf_counter()
    html = client.post("/qa/ask/", {"example": str(example)}, **hx).content.decode()
    while FIRST_LINE not in html:
        poll = POLL.search(html)
        if poll is None:
            raise RuntimeError(f"the page neither answered nor asked to be polled: {html[:300]}")
        wait = int(poll["n"]) / (1000 if poll["unit"] == "ms" else 1)
        time.sleep(wait)
        html = client.get(poll["url"], **hx).content.decode()
        if time.perf_counter() - clicked > GIVE_UP_S:
            raise RuntimeError("no first line within two minutes")
    return time.perf_counter() - clicked


def _stop(worker: subprocess.Popen) -> None:
    if worker.poll() is None:
        worker.send_signal(signal.SIGTERM)
        try:
            worker.wait(timeout=30)
        except subprocess.TimeoutExpired:
            os.killpg(worker.pid, signal.SIGKILL)
            worker.wait()


def main() -> None:
    args = _arguments()
    scratch = Path(args.out).resolve() if args.out else Path(tempfile.mkdtemp(prefix="qa-bench-"))
    scratch.mkdir(parents=True, exist_ok=True)
    _environment(scratch)
    import django

    django.setup()
    from django.core.management import call_command
    from django.test import Client
    from django.test.utils import setup_test_environment

    from qa_view.page import polling
    from qa_view.page.examples import load_examples
    from qa_view.page.rehearsal import rehearsal_prepare

    setup_test_environment()  # the test client's host is allowed
    call_command("migrate", verbosity=0)
    prepared = rehearsal_prepare(
        n=args.n, seed=23, examples=str(EXAMPLES), max_usd=Decimal("1"), spend=True,
        say=print, visitor_key="viewer",
    )  # fmt: skip
    assert prepared is not None
    questions = [e.question for e in load_examples(EXAMPLES).examples]
    worker = subprocess.Popen(
        [sys.executable, str(ROOT / "manage.py"), "qcluster"],
        cwd=ROOT,
        env={**os.environ, "LIMMA_CRITERIA_BACKGROUND": "1"},
        start_new_session=True,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    schedules = {"fixed 2 s": FIXED, "young-fast": polling.SCHEDULE}
    times: dict[tuple[int, str], list[float]] = {}
    try:
        client = Client()
        signed = client.post("/qa/sign-in/", prepared)
        assert signed.status_code == 302, signed.content
        _first_line(client, 0)  # warm: the worker up, the caches filled
        for run in range(args.runs):
            order = list(schedules) if run % 2 == 0 else list(reversed(schedules))
            for example in range(len(questions)):
                for label in order:
                    polling.SCHEDULE = schedules[label]
                    seconds = _first_line(client, example)
                    times.setdefault((example, label), []).append(seconds)
    finally:
        _stop(worker)
        if not args.out:
            shutil.rmtree(scratch, ignore_errors=True)
    print(f"\nclick to first line, seconds ({args.runs} clicks each, {args.n:,} people)")
    print(f"{'example':<72} {'fixed 2 s min/med':>18} {'young-fast min/med':>19} {'ratio':>6}")
    for example, question in enumerate(questions):
        before, after = times[(example, "fixed 2 s")], times[(example, "young-fast")]
        ratio = statistics.median(before) / statistics.median(after)
        print(
            f"{question[:72]:<72} {min(before):8.2f} {statistics.median(before):8.2f}  "
            f"{min(after):8.2f} {statistics.median(after):8.2f}  {ratio:5.1f}x"
        )


if __name__ == "__main__":
    main()
