"""What the verbs stored is seen in the admin and never added, changed or deleted there, not even
by a superuser: judgments, criteria, labels, documents, parts, sentences, entities and their
records, relation rows, coverage gaps and the ledger. An API key's role is what it was made with."""

from __future__ import annotations

import pytest
from django.contrib import admin
from django.contrib.admin.models import LogEntry
from django.contrib.admin.utils import quote
from django.forms.models import model_to_dict

from criteria.models import Criterion, Judgment
from ideas.models import PartLabel
from limma.models import (
    ApiKey,
    CoverageGap,
    Document,
    Entity,
    ExternalId,
    LedgerEntry,
    Part,
    RelationRow,
    Sentence,
)
from tests.factories import make_key, make_workspace
from tests.limma.admin_world import add_rows, url

pytestmark = pytest.mark.django_db

STORED = [
    Criterion,
    Judgment,
    PartLabel,
    Document,
    Part,
    Sentence,
    Entity,
    ExternalId,
    RelationRow,
    CoverageGap,
    LedgerEntry,
]
STORED_PARAMS = [pytest.param(model, id=model._meta.label) for model in STORED]


@pytest.fixture
def world(db):
    workspace = make_workspace()
    add_rows(workspace, 1)
    return workspace


def stored_state(model) -> list[dict]:
    return [model_to_dict(obj) for obj in model._default_manager.order_by("pk")]


@pytest.mark.parametrize("model", STORED_PARAMS)
def test_nothing_stored_can_be_added(admin_client, world, model):
    before = model._default_manager.count()

    assert admin_client.get(url(model, "add")).status_code == 403
    assert admin_client.post(url(model, "add"), {"text": "x", "name": "x"}).status_code == 403
    assert model._default_manager.count() == before


@pytest.mark.parametrize("model", STORED_PARAMS)
def test_a_stored_row_is_shown_without_a_save_or_delete_button(admin_client, world, model):
    obj = model._default_manager.order_by("pk").first()

    reply = admin_client.get(url(model, "change", quote(obj.pk)))

    assert reply.status_code == 200
    html = reply.content.decode()
    assert 'name="_save"' not in html
    assert url(model, "delete", quote(obj.pk)) not in html


@pytest.mark.parametrize("model", STORED_PARAMS)
def test_a_stored_row_cannot_be_changed_by_a_post(admin_client, world, model):
    obj = model._default_manager.order_by("pk").first()
    before = stored_state(model)
    posted = {
        field.name: "1"
        for field in model._meta.get_fields()
        if field.concrete and not field.auto_created
    } | {"_save": "Save"}

    reply = admin_client.post(url(model, "change", quote(obj.pk)), posted)

    assert reply.status_code == 403
    assert stored_state(model) == before
    assert not LogEntry.objects.exists()  # nor "saved" in its history


@pytest.mark.parametrize("model", STORED_PARAMS)
def test_a_stored_row_cannot_be_deleted_one_by_one_or_in_bulk(admin_client, world, model):
    obj = model._default_manager.order_by("pk").first()
    delete = url(model, "delete", quote(obj.pk))

    assert admin_client.get(delete).status_code == 403
    assert admin_client.post(delete, {"post": "yes"}).status_code == 403
    changelist = admin_client.get(url(model, "changelist")).content.decode()
    assert 'value="delete_selected"' not in changelist
    admin_client.post(
        url(model, "changelist"),
        {"action": "delete_selected", "_selected_action": [obj.pk], "post": "yes"},
    )
    assert model._default_manager.filter(pk=obj.pk).exists()


def test_the_stored_models_are_all_registered(world):
    assert set(STORED) <= set(admin.site._registry)


def test_adding_a_criterion_is_refused_not_a_crash(admin_client, world):
    reply = admin_client.post(url(Criterion, "add"), {"address": "crit_x", "text": "sales"})

    assert reply.status_code == 403
    assert not Criterion.objects.filter(address="crit_x").exists()


def test_an_api_keys_role_workspace_and_groups_cannot_be_changed(admin_client, world):
    key, _ = make_key(world, role="viewer", access_groups=["general"])
    elsewhere = make_workspace("Elsewhere")

    page = admin_client.get(url(ApiKey, "change", key.pk)).content.decode()
    reply = admin_client.post(
        url(ApiKey, "change", key.pk),
        {
            "name": "renamed",
            "role": "admin",
            "workspace": elsewhere.pk,
            "access_groups": '["*"]',
            "_save": "Save",
        },
    )

    assert 'name="role"' not in page and 'name="workspace"' not in page
    assert reply.status_code == 302
    key.refresh_from_db()
    assert (key.name, key.role, key.workspace_id, key.access_groups) == (
        "renamed",
        "viewer",
        world.pk,
        ["general"],
    )


def test_a_key_is_revoked_by_the_action_and_the_message_says_what_it_skipped(admin_client, world):
    key, _ = make_key(world, role="viewer")
    changelist = url(ApiKey, "changelist")

    first = admin_client.post(
        changelist, {"action": "revoke", "_selected_action": [key.pk]}, follow=True
    )
    again = admin_client.post(
        changelist, {"action": "revoke", "_selected_action": [key.pk]}, follow=True
    )

    key.refresh_from_db()
    assert key.revoked_at is not None
    assert f"Revoked {key.name}." in first.content.decode()
    assert f"Skipped {key.name}: already revoked." in again.content.decode()
