"""A workspace's pack is validated where the workspace is created or its pack changed."""

from __future__ import annotations

import copy
import json

import pytest
from django.contrib.admin.utils import quote
from django.core.exceptions import ValidationError
from django.urls import reverse

from limma.models import Workspace
from limma.pack import DEFAULT_PACK


def _pack(**changes):
    pack = copy.deepcopy(DEFAULT_PACK)
    pack.update(changes)
    return pack


BAD_PACKS = [
    ([], ["pack:not_an_object"]),
    (_pack(entity_kinds=[]), ["entity_kinds:missing", "relations.based_in:unknown_subject",
                              "relations.held_role:unknown_subject"]),
    (_pack(document_kinds=["Profile"]), ["document_kinds:bad_name"]),
    (_pack(relations={"based_in": {"subject": "person", "slots": {"place": "city"}}}),
     ["relations.based_in.place:unknown_type"]),
    (_pack(relations={"based_in": {"subject": "company", "slots": {"place": "place"}}}),
     ["relations.based_in:unknown_subject"]),
]  # fmt: skip


@pytest.mark.django_db
@pytest.mark.parametrize(("pack", "faults"), BAD_PACKS)
def test_a_workspace_with_a_malformed_pack_is_refused_with_its_faults(pack, faults):
    with pytest.raises(ValidationError) as refused:
        Workspace.objects.create(name="Bad", pack=pack)

    assert refused.value.message_dict == {"pack": faults}
    assert not Workspace.objects.filter(name="Bad").exists()


@pytest.mark.django_db
def test_a_pack_changed_to_a_malformed_one_is_not_stored(workspace):
    workspace.pack = _pack(document_kinds=["Profile"])

    with pytest.raises(ValidationError):
        workspace.save()
    workspace.refresh_from_db()
    assert workspace.pack == DEFAULT_PACK


@pytest.mark.django_db
def test_a_valid_pack_near_a_malformed_one_is_stored():
    """Near neighbours: a new kind in lower case, a relation on a declared kind."""
    pack = _pack(
        entity_kinds=["person", "company"],
        document_kinds=["profile", "annual_report"],
        relations={"based_in": {"subject": "company", "slots": {"place": "place"}}},
    )

    workspace = Workspace.objects.create(name="Good", pack=pack)

    assert Workspace.objects.get(pk=workspace.pk).parsed_pack.relation("based_in").subject == (
        "company"
    )


@pytest.mark.django_db
def test_the_admin_form_names_the_fault_and_keeps_the_pack(admin_client, workspace):
    change = reverse("admin:limma_workspace_change", args=[quote(workspace.pk)])
    bad = _pack(document_kinds=["Profile"])

    reply = admin_client.post(change, {"name": workspace.name, "pack": json.dumps(bad)})

    assert reply.status_code == 200  # the form again, with its error; nothing saved
    assert "document_kinds:bad_name" in reply.content.decode()
    workspace.refresh_from_db()
    assert workspace.pack == DEFAULT_PACK
