"""A connect over the size the verb answers in its request becomes a job: accepted at once
(202, a job id and a status URL), loaded by a django-q2 worker, and its status says how far it
got and, at the end, what it wrote or why it wrote nothing. The load is the same as in the
request (limma/services/connect.py): the whole export checked first, then written in one
transaction, so a refused or broken-off job has written nothing.
"""

from __future__ import annotations

import json
import logging
import re
from typing import Any

from django.conf import settings
from django.utils import timezone
from django_q.tasks import async_task

from limma.database import DATABASE_LOST
from limma.errors import ApplicationError, NotFound
from limma.models import ApiKey, ConnectJob, Workspace
from limma.models.jobs import JOB_PREFIX
from limma.services.connect import connect_summary, export_connect

logger = logging.getLogger(__name__)

JOB_UNKNOWN = "No connect job with this id in the key's workspace."
LOAD_FAILED = "The load broke off before it was written: nothing was loaded."


def inline_rows() -> int:
    """The most rows a connect loads inside its request (LIMMA_CONNECT_INLINE_ROWS)."""
    return int(getattr(settings, "LIMMA_CONNECT_INLINE_ROWS", 10_000))


def inline_bytes() -> int:
    """The largest body a connect loads inside its request (LIMMA_CONNECT_INLINE_BYTES)."""
    return int(getattr(settings, "LIMMA_CONNECT_INLINE_BYTES", 1_000_000))


def export_rows(tables: dict[str, list[Any]]) -> int:
    return sum(len(rows) for rows in tables.values())


def is_long_connect(*, rows: int, body_bytes: int) -> bool:
    """Whether a connect of this size is loaded by a worker rather than in its request."""
    return rows > inline_rows() or body_bytes > inline_bytes()


def connect_job_start(
    *, workspace: Workspace, tables: Any, mapping: Any, body_bytes: int, request_id: str
) -> ConnectJob:
    """Keep the export and hand its load to the workers; the job is committed before the
    task is sent, so a worker always finds it."""
    job = ConnectJob.objects.create(
        workspace=workspace,
        request_id=request_id,
        rows_total=export_rows(tables),
        body_bytes=body_bytes,
        payload=json.dumps({"tables": tables, "mapping": mapping}),
    )
    async_task("limma.tasks.connect_job_run", job.pk)
    return job


def connect_job_run(job_pk: int) -> str:
    """Load a job's export; a job already ended is left as it is (a task run twice), one
    begun before (a worker lost mid-way: its transaction wrote nothing) is loaded again."""
    job = ConnectJob.objects.filter(pk=job_pk).select_related("workspace").first()
    if job is None or job.state in ConnectJob.ENDED:
        return job.state if job else "gone"
    _moved(job, state=ConnectJob.State.CHECKING, started_at=job.started_at or timezone.now())
    payload = json.loads(job.payload) if job.payload else {}
    try:
        loaded = export_connect(
            workspace=job.workspace,
            tables=payload.get("tables"),
            mapping=payload.get("mapping"),
            checked=lambda rows: _moved(job, state=ConnectJob.State.WRITING, rows_checked=rows),
        )
    except DATABASE_LOST:
        raise  # run again once the database is back (limma/database.py)
    except ApplicationError as refused:
        _ended(job, ConnectJob.State.REFUSED, {"status": refused.status, **refused.detail()})
    except Exception:
        logger.exception("connect job %s broke off", job.job_id)
        _ended(job, ConnectJob.State.FAILED, {"status": 500, "type": "load_failed"})
    else:
        _ended(job, ConnectJob.State.DONE, connect_summary(loaded))
    return job.state


def _moved(job: ConnectJob, **fields: Any) -> None:
    for name, value in fields.items():
        setattr(job, name, value)
    ConnectJob.objects.filter(pk=job.pk).update(**fields)


def _ended(job: ConnectJob, state: str, result: dict[str, Any]) -> None:
    if state == ConnectJob.State.FAILED:
        result = {**result, "reason": LOAD_FAILED}
    _moved(job, state=state, result=result, payload="", finished_at=timezone.now())


def is_job_id(value: str) -> bool:
    return re.fullmatch(rf"{JOB_PREFIX}[0-9a-f]{{24}}", value) is not None


def connect_job_for(key: ApiKey, job_id: str) -> ConnectJob:
    """The key's workspace's job; another workspace's is as unknown as none."""
    job = (
        ConnectJob.objects.filter(job_id=job_id, workspace_id=key.workspace_id).first()
        if is_job_id(job_id)
        else None  # never asked of the database: a NUL byte is not even a query on PostgreSQL
    )
    if job is None:
        raise NotFound("connect_job_unknown", job_id=job_id, reason=JOB_UNKNOWN)
    return job
