"""Builders for tests: `build_*` returns unsaved objects, `make_*` saved ones."""

from __future__ import annotations

import secrets
from decimal import Decimal
from typing import Any

from django.apps import apps as django_apps
from django.contrib.auth.models import Group, User

from criteria.models import Criterion, Judgment
from criteria.types import DocumentJudgment, ExperienceJudgment, Quote
from ideas.models import PartLabel
from limma.models import ApiKey, Document, LedgerEntry, Sentence, Workspace
from limma.services.ingest import Ingested, document_ingest
from limma.services.keys import api_key_create
from qa_view.models import Run, Visitor
from qa_view.page.support import SUPPORT, support_group_make
from qa_view.page.visitors import visitor_code_set, visitor_create, visitor_key_default


def build_workspace(name: str = "People") -> Workspace:
    return Workspace(name=name)


def make_workspace(name: str = "People") -> Workspace:
    workspace = build_workspace(name)
    workspace.save()
    return workspace


def make_key(
    workspace: Workspace, *, role: str = "admin", access_groups: list[str] | None = None
) -> tuple[ApiKey, str]:
    return api_key_create(
        workspace=workspace, name=f"{role} key", role=role, access_groups=access_groups
    )


def make_document(
    workspace: Workspace,
    *,
    entity_name: str = "Greta Ostrander",
    kind: str = "profile",
    text: str = "Greta Ostrander leads marketing for baby formula.",
    access_group: str = "general",
) -> Ingested:
    return document_ingest(
        workspace=workspace,
        entity_name=entity_name,
        kind=kind,
        text=text,
        access_group=access_group,
    )


# --- criteria ------------------------------------------------------------------------------

NICHE_FACETS = [
    {"key": "function", "kind": "condition", "text": "marketing", "value": "Marketing"},
    {"key": "product", "kind": "condition", "text": "baby formula"},
]


def build_criterion(
    workspace: Workspace,
    *,
    text: str = "marketing baby formula",
    facets: list[dict[str, Any]] | None = None,
    address: str | None = None,
) -> Criterion:
    return Criterion(
        workspace=workspace,
        address=address or f"crit_{secrets.token_hex(8)}",
        text=text,
        facets=[dict(facet) for facet in (facets or NICHE_FACETS)],
        decomposed_by=Criterion.SplitBy.CALLER,
        reader_version="test",
    )


def make_criterion(workspace: Workspace, **fields: Any) -> Criterion:
    criterion = build_criterion(workspace, **fields)
    criterion.save()
    return criterion


def quote_of(document: Document, facet: str, words: str, **extra: Any) -> Quote:
    """The document's own words as a quote for a facet (the words must be in its text)."""
    start = document.text.index(words)
    return Quote(
        facet=facet,
        text=words,
        source_id=document.source_id,
        char_start=start,
        char_end=start + len(words),
        **extra,
    )


def judged(
    document: Document,
    *,
    established: dict[str, Quote] | None = None,
    missing_because: dict[str, str] | None = None,
    different: tuple[Quote, ...] = (),
    lengths_not_proved: tuple[dict[str, Any], ...] = (),
    denials: tuple[Quote, ...] = (),
) -> dict[str, Any]:
    """A stored outcome (DocumentJudgment.to_json) of one experience of the document."""
    experience = ExperienceJudgment(
        established=established or {},
        missing_because=missing_because or {},
        different=different,
        lengths_not_proved=lengths_not_proved,
    )
    return DocumentJudgment(
        source_id=document.source_id, experiences=(experience,), denials=denials
    ).to_json()


def build_judgment(
    criterion: Criterion,
    document: Document,
    *,
    outcome: dict[str, Any] | None = None,
    state: str = Judgment.State.DONE,
    failure: str = "",
) -> Judgment:
    return Judgment(
        criterion=criterion,
        document=document,
        reader_identity="test",
        state=state,
        outcome=outcome
        if outcome is not None or state != Judgment.State.DONE
        else judged(document),
        failure=failure,
    )


def make_judgment(criterion: Criterion, document: Document, **fields: Any) -> Judgment:
    judgment = build_judgment(criterion, document, **fields)
    judgment.save()
    return judgment


# --- the ledger, labels --------------------------------------------------------------------


def build_ledger_entry(
    *,
    usd: str | Decimal = "0.000120",
    workspace: Workspace | None = None,
    visitor: str = "",
    request_id: str = "req_test",
    role: str = "labeller",
) -> LedgerEntry:
    return LedgerEntry(
        role=role,
        provider="offline",
        model="test-model",
        tokens_in=10,
        tokens_out=5,
        usd=Decimal(str(usd)),
        seconds=0.5,
        outcome=LedgerEntry.Outcome.OK,
        workspace=workspace,
        visitor=visitor,
        request_id=request_id,
    )


def make_ledger_entry(**fields: Any) -> LedgerEntry:
    entry = build_ledger_entry(**fields)
    entry.save()
    return entry


def build_part_label(sentence: Sentence, *, label: str = "marketing") -> PartLabel:
    return PartLabel(part=sentence.part, sentence=sentence, label=label, broader="function")


def make_part_label(sentence: Sentence, **fields: Any) -> PartLabel:
    label = build_part_label(sentence, **fields)
    label.save()
    return label


# --- the Q&A page ---------------------------------------------------------------------------


def build_visitor(
    workspace: Workspace, *, name: str = "Ada Lovelace", ceiling_usd: str | Decimal = "5"
) -> Visitor:
    """An unsaved visitor with a key of its workspace (made: a key is saved to be pointed at)."""
    visitor = Visitor(workspace=workspace, name=name, ceiling_usd=Decimal(str(ceiling_usd)))
    visitor_code_set(visitor=visitor)
    visitor.api_key = visitor_key_default(workspace=workspace, name=name)
    return visitor


def make_visitor(workspace: Workspace, **fields: Any) -> tuple[Visitor, str]:
    """A saved visitor and its access code, made the way support makes one."""
    ceiling = fields.pop("ceiling_usd", None)
    return visitor_create(
        workspace=workspace,
        name=fields.pop("name", "Ada Lovelace"),
        ceiling_usd=Decimal(str(ceiling)) if ceiling is not None else None,
        **fields,
    )


def build_run(visitor: Visitor, *, question: str = "Who is based in Germany?") -> Run:
    return Run(visitor=visitor, question=question, state=Run.State.DONE)


def make_run(visitor: Visitor, **fields: Any) -> Run:
    run = build_run(visitor, **fields)
    run.save()
    return run


# --- admin users ----------------------------------------------------------------------------


def make_staff_user(username: str = "sam", *, groups: tuple[str, ...] = ()) -> User:
    """A staff user (password "pw") in the named groups, with no permission of their own."""
    user = User.objects.create_user(username, password="pw", is_staff=True)
    user.groups.set([Group.objects.get(name=name) for name in groups])
    return user


def make_support_user(username: str = "sam") -> User:
    """A user of the shipped support group (made again if a transactional test's flush took it)."""
    if not Group.objects.filter(name=SUPPORT).exists():
        support_group_make(django_apps)
    return make_staff_user(username, groups=(SUPPORT,))
