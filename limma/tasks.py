"""django-q2 entry points of the store: thin, by id, safe to run twice."""

from __future__ import annotations

from limma.database import survives_lost_database
from limma.services.connect_job import connect_job_run as run_connect_job
from limma.services.vectors import documents_embed as embed


@survives_lost_database
def documents_embed(document_ids: list[int]) -> int:
    """Embed the sentences and parts of documents just written; a second run embeds none."""
    return embed(document_ids=document_ids).sentences


@survives_lost_database
def connect_job_run(job_pk: int) -> str:
    """Load a connect job's export; a second run finds the job ended and does nothing."""
    return run_connect_job(job_pk)
