"""The support group the product ships: exactly what support staff need (visitors: add, change,
revoke, a new access code, their spend; the day ceiling) and nothing else. A support user is
refused every other admin page with a 403."""

from __future__ import annotations

import pytest
from django.contrib import admin
from django.contrib.admin.utils import quote
from django.contrib.auth.models import Group

from qa_view.models import DayCeiling, Visitor
from tests.factories import make_support_user, make_workspace
from tests.limma.admin_world import add_rows
from tests.limma.test_admin import url

pytestmark = pytest.mark.django_db

SUPPORT_PERMISSIONS = {
    "qa_view.view_visitor",
    "qa_view.add_visitor",
    "qa_view.change_visitor",
    "qa_view.revoke_visitor",
    "qa_view.reset_visitor_code",
    "qa_view.view_dayceiling",
    "qa_view.add_dayceiling",
}
SUPPORTED = {Visitor, DayCeiling}
OTHERS = [
    pytest.param(model, id=model._meta.label)
    for model in sorted(admin.site._registry, key=lambda model: model._meta.label)
    if model not in SUPPORTED
]


@pytest.fixture
def world(db):
    workspace = make_workspace()
    add_rows(workspace, 1)
    return workspace


@pytest.fixture
def support(client, world):
    client.force_login(make_support_user())
    return client


def test_the_support_group_is_shipped_with_exactly_its_permissions(db):
    group = Group.objects.get(name="support")

    granted = {
        f"{app}.{codename}"
        for app, codename in group.permissions.values_list("content_type__app_label", "codename")
    }

    assert granted == SUPPORT_PERMISSIONS


def test_a_support_user_holds_those_permissions_and_no_other(world):
    user = make_support_user()

    assert user.get_all_permissions() == SUPPORT_PERMISSIONS


@pytest.mark.parametrize("model", OTHERS)
def test_every_other_admin_page_is_a_403_to_support(support, model):
    obj = admin.site._registry[model].get_queryset(None).order_by("pk").first()
    assert obj is not None, model._meta.label
    pages = [
        url(model, "changelist"),
        url(model, "add"),
        url(model, "change", quote(obj.pk)),
        url(model, "delete", quote(obj.pk)),
        url(model, "history", quote(obj.pk)),
    ]

    answers = {page: support.get(page).status_code for page in pages}

    assert answers == dict.fromkeys(pages, 403)
    assert support.post(url(model, "change", quote(obj.pk)), {"_save": "1"}).status_code == 403


def test_the_support_index_lists_the_page_and_nothing_else(support):
    reply = support.get("/admin/")

    assert reply.status_code == 200
    listed = {model["object_name"] for app in reply.context["app_list"] for model in app["models"]}
    assert listed == {"Visitor", "DayCeiling"}


def test_support_sees_visitors_and_the_day_ceiling(support, world):
    visitor = Visitor.objects.first()

    assert support.get(url(Visitor, "changelist")).status_code == 200
    assert support.get(url(Visitor, "add")).status_code == 200
    assert support.get(url(Visitor, "change", visitor.pk)).status_code == 200
    assert support.get(url(DayCeiling, "changelist")).status_code == 200
    assert support.get(url(DayCeiling, "add")).status_code == 200


def test_support_may_not_delete_a_visitor(support, world):
    visitor = Visitor.objects.first()

    assert support.get(url(Visitor, "delete", visitor.pk)).status_code == 403
    assert Visitor.objects.filter(pk=visitor.pk).exists()
