"""Rows of every model the admin registers, made in batches, and the address of an admin page:
the admin's tests open every page over them, and count a list's queries at two sizes."""

from __future__ import annotations

import secrets
from datetime import timedelta

from django.contrib.auth.models import Group, User
from django.db import models
from django.urls import reverse
from django.utils import timezone
from django_q.models import OrmQ, Schedule, Task
from django_q.signing import SignedPackage

from limma.models import ExternalId, RelationRow, VocabularyTerm, Workspace
from limma.services.rows import gap_create, row_create
from qa_view.page.ceilings import day_ceiling_set
from tests.factories import (
    make_criterion,
    make_document,
    make_judgment,
    make_key,
    make_ledger_entry,
    make_part_label,
    make_run,
    make_visitor,
    make_workspace,
)


def add_rows(workspace: Workspace, count: int) -> None:
    """count more rows of every registered model (names made unique per batch)."""
    batch = secrets.token_hex(3)
    criterion = make_criterion(workspace, text=f"marketing baby formula {batch}")
    for n in range(count):
        tag = f"{batch}{n}"
        other = make_workspace(f"Other {tag}")
        person = f"Person {tag}"
        ingested = make_document(
            workspace, entity_name=person, text=f"{person} leads marketing for baby formula."
        )
        document = ingested.document
        entity = document.entity
        sentence = document.sentences.first()
        make_part_label(sentence, label=f"marketing {tag}")
        make_judgment(criterion, document)
        ExternalId.objects.create(workspace=workspace, entity=entity, table="experts", value=tag)
        row_create(
            workspace=workspace,
            entity=entity,
            relation="based_in",
            values={"place": "Germany"},
            origin=RelationRow.Origin.DECLARED,
            source_table="experts",
            record_id=tag,
        )
        gap_create(
            workspace=workspace,
            entity=entity,
            relation="based_in",
            reason="withheld",
            record_id=tag,
        )
        VocabularyTerm.objects.create(workspace=other, axis="place", name=f"Place {tag}")
        make_key(workspace, role="viewer")
        make_ledger_entry(workspace=workspace, request_id=f"req_{tag}")
        visitor, _ = make_visitor(workspace, name=f"Visitor {tag}")
        make_run(visitor)
        day_ceiling_set(usd=n + 1, set_by="test")
        Group.objects.create(name=f"group {tag}")
        User.objects.create_user(f"user{tag}", password="pw")
        add_queue_rows(tag)


def add_queue_rows(tag: str) -> None:
    """One row of each of the background worker's models: a schedule, a success, a failure and
    a queued task."""
    Schedule.objects.create(name=f"schedule {tag}", func="math.floor", args="1")
    now = timezone.now()
    for success in (True, False):
        Task.objects.create(
            id=secrets.token_hex(16),
            name=f"task {tag} {success}",
            func="math.floor",
            started=now - timedelta(seconds=1),
            stopped=now,
            success=success,
        )
    OrmQ.objects.create(
        key="limma",
        payload=SignedPackage.dumps(
            {"id": secrets.token_hex(16), "name": f"queued {tag}", "func": "math.floor"}
        ),
    )


def url(model: type[models.Model], view: str, *args: object) -> str:
    """The admin page `view` of the model ("changelist", "change", "add" ...)."""
    return reverse(f"admin:{model._meta.app_label}_{model._meta.model_name}_{view}", args=args)
