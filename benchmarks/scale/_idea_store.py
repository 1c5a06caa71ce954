"""A world loaded into Limma and asked idea questions, through the public verbs only.

`scratch_store()` makes a scratch SQLite store (a temporary folder, migrated; django-q2 runs its
tasks in the calling process, as a one-worker cluster would, so labelling at load happens
inside the ingest). `WorldStore` is one workspace of it: the world's documents are ingested with
`LimmaClient` over httpx's WSGI transport (in-process, no network), and `ask()` sends one idea
question with `POST /v1/public/search`, paging matches and possibly to the end; the model calls
it made are counted from the cost ledger.
"""

from __future__ import annotations

import os
import signal
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from benchmarks.scale._idea_scoring import PartKey
from benchmarks.scale._idea_world import World

BASE_URL = "http://localhost"
PAGE = 200
TRIES = 20  # calls of one question while labels are left to sort


def scratch_store(provider: str = "offline", *, migrate: bool = True) -> Path:
    """A scratch SQLite store under a temporary folder, migrated unless told not to (nothing
    is then written to it); returns the folder."""
    scratch = Path(tempfile.mkdtemp(prefix="limma-ideas-"))
    os.environ["LIMMA_VAR_DIR"] = str(scratch)
    os.environ["DATABASE_URL"] = f"sqlite:///{scratch / 'ideas.sqlite3'}"
    os.environ["DJANGO_SETTINGS_MODULE"] = "limma.settings"
    os.environ["LIMMA_PROVIDER"] = provider
    os.environ["LIMMA_SECURE"] = "0"  # plain http inside the process: no redirect
    os.environ.setdefault("LIMMA_LOG_LEVEL", "WARNING")
    stop_on_sigterm()
    import django
    from django.core.management import call_command

    django.setup()
    if migrate:
        call_command("migrate", verbosity=0)
    tasks_in_process(True)
    return scratch


def stop_on_sigterm() -> None:
    """SIGTERM raises SystemExit, so a benchmark's `finally` removes its scratch store."""

    def stop(signum: int, frame: Any) -> None:
        raise SystemExit(f"stopped by signal {signum}")

    signal.signal(signal.SIGTERM, stop)


def tasks_in_process(on: bool) -> None:
    """django-q2's tasks run where they are queued (on) or wait in the broker (off)."""
    from django_q.conf import Conf

    Conf.SYNC = on


def grouper_calls() -> int:
    from limma.models import LedgerEntry

    return LedgerEntry.objects.filter(role="idea_grouper").count()


@dataclass
class Answer:
    """One idea question, read to the end of its pages (and called again while labels wait)."""

    idea: str
    replies: list[dict[str, Any]] = field(default_factory=list)
    matches: list[dict[str, Any]] = field(default_factory=list)
    possibly: list[dict[str, Any]] = field(default_factory=list)
    calls: int = 0
    questions: int = 0
    seconds: float = 0.0
    judged_twice: int = 0  # over every call the question took
    disagreed: int = 0

    def add(self, reply: dict[str, Any]) -> None:
        """One more reply of the question; its grouping's judgments are counted."""
        self.replies.append(reply)
        grouping = (reply.get("idea_block") or {}).get("grouping") or {}
        self.judged_twice += grouping.get("judged_twice", 0)
        self.disagreed += grouping.get("disagreed", 0)

    @property
    def last(self) -> dict[str, Any]:
        return self.replies[-1]

    @property
    def complete(self) -> bool:
        return bool(self.last["complete"])

    @property
    def incomplete_because(self) -> dict[str, int]:
        return self.last.get("incomplete_because") or {}

    @property
    def grouping(self) -> dict[str, Any]:
        return ((self.last.get("idea_block") or {}).get("grouping")) or {}

    def parts(self, listed: str) -> set[PartKey]:
        return {
            (item["document"], item["location"][0], item["location"][1])
            for item in getattr(self, listed)
        }

    def verdicts(self) -> dict[str, str]:
        """Every label the listed parts carry, with its verdict (idea block, every page)."""
        found: dict[str, str] = {}
        for reply in self.replies:
            for part in (reply.get("idea_block") or {}).get("parts", []):
                for label in part["labels"]:
                    found[label["label"]] = label["verdict"] or "not sorted"
        return found


class WorldStore:
    """One workspace holding one world (or several, ingested one after the other)."""

    def __init__(self, name: str) -> None:
        import httpx

        from limma.client import LimmaClient
        from limma.models import Workspace
        from limma.services.keys import api_key_create

        self.workspace = Workspace.objects.create(name=name)
        _, token = api_key_create(workspace=self.workspace, name="bench", role="admin")
        from django.core.wsgi import get_wsgi_application

        self.client = LimmaClient(
            BASE_URL,
            token,
            workspace_id=self.workspace.id,
            transport=httpx.WSGITransport(app=get_wsgi_application()),
        )
        self.source_ids: dict[str, str] = {}  # source_id -> file name
        self.ingest_seconds = 0.0

    def ingest(self, world: World, start: int = 0) -> None:
        started = time.perf_counter()
        for document in world.documents[start:]:
            reply = self.client.ingest(
                entity_name=document.entity_name,
                document_kind=document.kind,
                text=document.text,
                file_name=document.file_name,
            )
            self.source_ids[reply["source_id"]] = document.file_name
        self.ingest_seconds += time.perf_counter() - started

    def search(self, **fields: Any) -> dict[str, Any]:
        return self.client.search(**fields)

    def ask(self, idea: str, *, detail: str = "full", budget: dict | None = None) -> Answer:
        """The question's first page, called again (up to TRIES) while labels are left to
        sort, then its other pages from the verdicts now stored (`max_calls` 0), so every page
        reads the same state."""
        answer = Answer(idea)
        before = grouper_calls()
        started = time.perf_counter()
        fields: dict[str, Any] = {"idea": idea, "detail": detail, "limit": PAGE}
        for _ in range(TRIES):
            answer.questions += 1
            reply = self.search(**fields, **({"idea_budget": budget} if budget is not None else {}))
            answer.add(reply)
            waiting = "labels_not_grouped" in (reply.get("incomplete_because") or {})
            if not waiting or budget is not None:
                break
        answer.replies = answer.replies[-1:]
        answer.matches, answer.possibly = list(reply["matches"]), list(reply["possibly"]["matches"])
        offset = reply["matched"]["next_offset"] or reply["possibly"]["next_offset"]
        while offset is not None:
            reply = self.search(**fields, offset=offset, idea_budget={"max_calls": 0})
            answer.add(reply)
            answer.matches += reply["matches"]
            answer.possibly += reply["possibly"]["matches"]
            offset = reply["matched"]["next_offset"] or reply["possibly"]["next_offset"]
        answer.seconds = time.perf_counter() - started
        answer.calls = grouper_calls() - before
        return answer

    def labels(self) -> dict[tuple[str, int], list[str]]:
        """(file name, sentence start) -> its labels "label (broader)", from facts part_label."""
        found: dict[tuple[str, int], list[str]] = {}
        offset: int | None = 0
        while offset is not None:
            reply = self.client.facts(
                relation_query={"relation": "part_label"}, limit=PAGE, offset=offset
            )
            for row in reply["rows"]:
                receipt = row["receipt"]
                where = (self.source_ids[receipt["source_id"]], receipt["char_start"])
                values = row["values"]
                found.setdefault(where, []).append(f"{values['label']} ({values['broader']})")
            offset = reply["matched"]["next_offset"]
        return found

    def labelling(self) -> dict[str, dict[str, Any]]:
        """Each document's labelling state, by file name, from the documents verb."""
        found: dict[str, dict[str, Any]] = {}
        offset: int | None = 0
        while offset is not None:
            reply = self.client.documents(limit=PAGE, offset=offset)
            for item in reply["documents"]:
                found[item["file_name"]] = item.get("labelling") or {}
            offset = reply["matched"]["next_offset"]
        return found

    def close(self) -> None:
        self.client.close()
