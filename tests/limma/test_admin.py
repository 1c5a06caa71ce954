"""The operators' admin: every registered model's pages answer over a loaded store; the ledger
is read-only; an API key's hashed secret is never shown."""

from __future__ import annotations

from decimal import Decimal

import pytest
from django.contrib import admin
from django.contrib.admin.utils import quote
from django.contrib.auth.models import Group
from django.db import models
from django.utils.html import escape

from limma.models import ApiKey, Document, LedgerEntry, Sentence, VocabularyTerm
from qa_view.page.ceilings import day_ceiling_set
from tests.factories import (
    make_criterion,
    make_document,
    make_judgment,
    make_key,
    make_part_label,
    make_run,
    make_visitor,
)
from tests.limma.admin_world import add_queue_rows, url
from tests.limma.exports import connect

pytestmark = pytest.mark.django_db

# A sentence an operator must see as written, not as markup.
MARKUP_TEXT = 'Tom & "Jerry" <b>O\'Brien</b> leads sales.\n\nHe lives in <Lisbon>.'

REGISTERED = [
    pytest.param(model, id=model._meta.label)
    for model in sorted(admin.site._registry, key=lambda model: model._meta.label)
]


def change_url(obj: models.Model) -> str:
    return url(type(obj), "change", quote(obj.pk))


@pytest.fixture
def loaded(api, workspace):
    """The export connected (entities, external ids, rows, gaps, documents, parts, sentences),
    a document with markup in its text, a ledger row and a vocabulary term."""
    assert connect(api, workspace).status_code == 200
    make_document(workspace, entity_name="Tom Jerry", text=MARKUP_TEXT)
    LedgerEntry.objects.create(
        role="labeller",
        provider="offline",
        model="test-model",
        tokens_in=10,
        tokens_out=5,
        usd=Decimal("0.000120"),
        seconds=0.5,
        outcome=LedgerEntry.Outcome.OK,
        workspace=workspace,
        request_id="req_test",
    )
    VocabularyTerm.objects.create(
        workspace=workspace, axis="place", name="Hamburg", broader=["Germany"], aliases=["HH"]
    )
    # Rows for the other apps' pages too, so their change pages are opened as well.
    Group.objects.create(name="operators")
    sentence = Sentence.objects.filter(document__workspace=workspace).first()
    make_part_label(sentence)
    greta = Document.objects.filter(entity__display_name="Greta Ostrander").first()
    make_judgment(make_criterion(workspace), greta)
    visitor, _ = make_visitor(workspace)
    make_run(visitor)
    day_ceiling_set(usd=Decimal("30"), set_by="test")
    add_queue_rows("loaded")
    return workspace


@pytest.mark.parametrize("model", REGISTERED)
def test_every_changelist_answers_with_data_loaded(admin_client, loaded, model):
    reply = admin_client.get(url(model, "changelist"))

    assert reply.status_code == 200
    assert reply.context["cl"].result_count >= 1, f"no {model._meta.label} row was loaded"


@pytest.mark.parametrize("model", REGISTERED)
def test_every_change_page_answers_for_one_object(admin_client, loaded, model):
    obj = admin.site._registry[model].get_queryset(None).order_by("pk").first()
    assert obj is not None, f"no {model._meta.label} row was loaded"

    reply = admin_client.get(change_url(obj))

    assert reply.status_code == 200


# What may be added by hand: workspaces and their terms, visitors and the day ceiling, admin
# users and groups, and a background schedule. Everything else was stored by a verb.
ADDABLE = {
    "auth.Group",
    "auth.User",
    "django_q.Schedule",
    "limma.VocabularyTerm",
    "limma.Workspace",
    "qa_view.DayCeiling",
    "qa_view.Visitor",
}


@pytest.mark.parametrize("model", REGISTERED)
def test_an_add_page_is_offered_only_for_what_is_made_by_hand(admin_client, loaded, model):
    reply = admin_client.get(url(model, "add"))

    assert reply.status_code == (200 if model._meta.label in ADDABLE else 403)


SEARCHABLE = [
    pytest.param(model, id=model._meta.label)
    for model in sorted(admin.site._registry, key=lambda model: model._meta.label)
    if admin.site._registry[model].search_fields
]


@pytest.mark.parametrize("model", SEARCHABLE)
def test_every_search_answers(admin_client, loaded, model):
    reply = admin_client.get(url(model, "changelist"), {"q": "Greta"})

    assert reply.status_code == 200


def _filter_params(model: type[models.Model], name: str, obj: models.Model) -> dict[str, object]:
    """The query a list_filter's link sends, for the value the object holds."""
    field = model._meta.get_field(name)
    if field.is_relation:
        value = getattr(obj, field.attname)
        return {f"{name}__{field.target_field.name}__exact": value}
    value = getattr(obj, name)
    if isinstance(field, models.BooleanField):
        return {f"{name}__exact": int(value)}
    return {f"{name}__exact": value}


FILTERED = [
    pytest.param(model, name, id=f"{model._meta.label}.{name}")
    for model in sorted(admin.site._registry, key=lambda model: model._meta.label)
    if model._meta.app_label == "limma"
    for name in admin.site._registry[model].list_filter
    if isinstance(name, str)
]


@pytest.mark.parametrize(("model", "name"), FILTERED)
def test_every_changelist_filter_answers_and_keeps_a_matching_row(
    admin_client, loaded, model, name
):
    obj = model._default_manager.order_by("pk").first()

    reply = admin_client.get(url(model, "changelist"), _filter_params(model, name, obj))

    assert reply.status_code == 200  # a lookup the admin refuses redirects with ?e=1
    assert reply.context["cl"].result_count >= 1


@pytest.mark.parametrize(
    ("model", "query", "expected"),
    [
        pytest.param(Document, {"kind__exact": "profile"}, 3, id="document_kind"),
        pytest.param(Document, {"origin__exact": "connect"}, 3, id="document_origin"),
        pytest.param(Document, {"access_group__exact": "calls"}, 1, id="document_access_group"),
        pytest.param(LedgerEntry, {"outcome__exact": "ok"}, 1, id="ledger_outcome_ok"),
        pytest.param(LedgerEntry, {"outcome__exact": "failed"}, 0, id="ledger_outcome_failed"),
        pytest.param(LedgerEntry, {"role__exact": "labeller"}, 1, id="ledger_role"),
    ],
)
def test_named_filters_count_what_they_match(admin_client, loaded, model, query, expected):
    reply = admin_client.get(url(model, "changelist"), query)

    assert reply.status_code == 200
    assert reply.context["cl"].result_count == expected


def test_the_ledger_date_hierarchy_answers(admin_client, loaded):
    entry = LedgerEntry.objects.get()

    reply = admin_client.get(
        url(LedgerEntry, "changelist"),
        {"created_at__year": entry.created_at.year, "created_at__month": entry.created_at.month},
    )

    assert reply.status_code == 200
    assert reply.context["cl"].result_count == 1


# Documents: their parts and sentences, as the segmenter cut them, escaped.
def test_the_document_page_shows_its_parts_and_sentences(admin_client, loaded):
    document = Document.objects.get(kind="profile", entity__display_name="Greta Ostrander")

    html = admin_client.get(change_url(document)).content.decode()

    parts = list(document.parts.all())
    assert parts
    assert f'name="parts-TOTAL_FORMS" value="{len(parts)}"' in html
    for part in parts:
        for line in part.text.splitlines():
            assert escape(line) in html
    sentences = list(document.sentences.all())
    assert sentences
    for sentence in sentences:
        said = document.text[sentence.char_start : sentence.char_end]
        assert f"<code>[{sentence.char_start}:{sentence.char_end}]</code>" in html
        assert escape(said) in html


def test_a_sentence_with_markup_is_shown_escaped(admin_client, loaded):
    document = Document.objects.get(entity__display_name="Tom Jerry")
    sentences = list(document.sentences.all())
    assert sentences

    html = admin_client.get(change_url(document)).content.decode()

    for sentence in sentences:
        said = document.text[sentence.char_start : sentence.char_end].strip()
        if said:
            assert escape(said) in html
    assert "<b>O'Brien</b>" not in html
    assert "<Lisbon>" not in html
    assert "&lt;b&gt;O&#x27;Brien&lt;/b&gt;" in html


# The ledger is the only place spend is read from: nobody edits it here.
def test_the_ledger_has_no_add_page(admin_client, loaded):
    assert admin_client.get(url(LedgerEntry, "add")).status_code == 403
    assert admin_client.post(url(LedgerEntry, "add"), {"role": "x"}).status_code == 403
    assert LedgerEntry.objects.count() == 1


def test_a_ledger_row_is_shown_without_a_save_button(admin_client, loaded):
    entry = LedgerEntry.objects.get()

    reply = admin_client.get(change_url(entry))

    assert reply.status_code == 200
    html = reply.content.decode()
    assert "test-model" in html
    assert 'name="_save"' not in html
    assert 'name="_continue"' not in html
    assert url(LedgerEntry, "delete", quote(entry.pk)) not in html


def test_a_ledger_row_cannot_be_changed_by_a_post(admin_client, loaded):
    entry = LedgerEntry.objects.get()
    posted = {
        field.name: "1"
        for field in LedgerEntry._meta.get_fields()
        if field.concrete and not field.auto_created
    }
    posted |= {"model": "rewritten", "usd": "999", "outcome": "failed", "_save": "Save"}

    reply = admin_client.post(change_url(entry), posted)

    assert reply.status_code == 403
    entry.refresh_from_db()
    assert (entry.model, entry.usd, entry.outcome) == ("test-model", Decimal("0.000120"), "ok")


def test_a_ledger_row_cannot_be_deleted(admin_client, loaded):
    entry = LedgerEntry.objects.get()
    delete = url(LedgerEntry, "delete", quote(entry.pk))

    assert admin_client.get(delete).status_code == 403
    assert admin_client.post(delete, {"post": "yes"}).status_code == 403
    assert LedgerEntry.objects.filter(pk=entry.pk).exists()


def test_the_ledger_changelist_offers_no_bulk_delete(admin_client, loaded):
    entry = LedgerEntry.objects.get()
    changelist = url(LedgerEntry, "changelist")

    assert 'value="delete_selected"' not in admin_client.get(changelist).content.decode()
    admin_client.post(
        changelist, {"action": "delete_selected", "_selected_action": [entry.pk], "post": "yes"}
    )
    assert LedgerEntry.objects.filter(pk=entry.pk).exists()


# API keys: made by `manage.py create_api_key`, never here; the secret's hash is never shown.
def test_an_api_key_has_no_add_page(admin_client, loaded):
    before = ApiKey.objects.count()

    assert admin_client.get(url(ApiKey, "add")).status_code == 403
    assert admin_client.post(url(ApiKey, "add"), {"name": "x", "role": "admin"}).status_code == 403
    assert ApiKey.objects.count() == before


def test_an_api_key_page_never_shows_its_secret(admin_client, loaded):
    key, token = make_key(loaded, role="viewer")
    secret = token.split(".", 1)[1]

    reply = admin_client.get(change_url(key))

    assert reply.status_code == 200
    html = reply.content.decode()
    assert key.prefix in html
    assert key.hashed_secret not in html
    assert "hashed_secret" not in html
    assert secret not in html
    assert key.hashed_secret not in admin_client.get(url(ApiKey, "changelist")).content.decode()
