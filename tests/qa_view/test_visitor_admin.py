"""Support staff make and mind visitors in the admin: names read as sign-in reads them, ceilings
of 0 or more with two decimals, the key chosen by the product, revoking that revokes the key,
actions that say what they did and what they skipped, and spend and ceilings in view."""

from __future__ import annotations

import re
from datetime import timedelta
from decimal import Decimal

import pytest
from django.contrib.messages import get_messages
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext

from limma.models import ApiKey, LedgerEntry
from qa_view.admin import SKIPPED_NEW_CODE, SKIPPED_REVOKED
from qa_view.models import DayCeiling, Visitor
from qa_view.page.ceilings import day_ceiling_usd, start_of_utc_day
from tests.factories import (
    make_key,
    make_ledger_entry,
    make_support_user,
    make_visitor,
    make_workspace,
)

pytestmark = pytest.mark.django_db

CODE = re.compile(r"[a-z2-9]{4}-[a-z2-9]{4}-[a-z2-9]{4}")
ADD, LIST = "/admin/qa_view/visitor/add/", "/admin/qa_view/visitor/"


@pytest.fixture
def support(client, workspace):
    client.force_login(make_support_user())
    return client


def add(support, workspace, name="Marie Curie", ceiling="3.50", **extra):
    return support.post(
        ADD, {"workspace": workspace.pk, "name": name, "ceiling_usd": ceiling, **extra}
    )


def errors(reply) -> str:
    form = reply.context["adminform"].form
    return " ".join(message for messages in form.errors.values() for message in messages)


def said(reply) -> list[str]:
    return [str(message) for message in get_messages(reply.wsgi_request)]


@pytest.mark.parametrize(
    ("ceiling", "fault"),
    [
        pytest.param("-3.00", "0 or more", id="negative"),
        pytest.param("-0.01", "0 or more", id="a_cent_below_zero"),
        pytest.param("1.234", "2 decimal places", id="three_decimals"),
        pytest.param("abc", "Enter a number", id="not_a_number"),
        pytest.param("NaN", "Enter a number", id="not_a_number_at_all"),
    ],
)
def test_a_ceiling_below_zero_or_finer_than_a_cent_is_refused(support, workspace, ceiling, fault):
    reply = add(support, workspace, ceiling=ceiling)

    assert reply.status_code == 200
    assert fault in errors(reply)
    assert not Visitor.objects.exists() and not ApiKey.objects.filter(name__startswith="Q&A")


@pytest.mark.parametrize("ceiling", ["0", "0.00", "12.5", "99999999.99"])
def test_a_ceiling_of_zero_or_more_in_cents_is_kept(support, workspace, ceiling):
    assert add(support, workspace, ceiling=ceiling).status_code == 302
    assert Visitor.objects.get().ceiling_usd == Decimal(ceiling)


@pytest.mark.parametrize(
    ("typed", "kept"),
    [
        pytest.param("Bob  Smith", "Bob Smith", id="two_inner_spaces"),
        pytest.param("  Bob Smith \t", "Bob Smith", id="outer_spaces_and_a_tab"),
        pytest.param("Bob\u00a0\u00a0Smith", "Bob Smith", id="no_break_spaces"),
        pytest.param("Zoë   Ødegård", "Zoë Ødegård", id="accented_names_kept_as_typed"),
    ],
)
def test_a_name_is_kept_as_sign_in_reads_it(support, workspace, typed, kept):
    reply = add(support, workspace, name=typed)

    assert reply.status_code == 302
    visitor = Visitor.objects.get()
    assert visitor.name == kept
    code = CODE.search(" ".join(said(reply))).group(0)
    signed_in = Client().post("/qa/sign-in/", {"name": typed, "code": code})
    assert signed_in.status_code == 302


@pytest.mark.parametrize("typed", ["", "   ", "\t\n"])
def test_a_blank_name_is_refused(support, workspace, typed):
    reply = add(support, workspace, name=typed)

    assert reply.status_code == 200 and not Visitor.objects.exists()


@pytest.mark.parametrize("again", ["Bob Smith", "bob smith", "BOB   SMITH", " Bob  Smith "])
def test_two_visitors_cannot_share_one_name(support, workspace, again):
    assert add(support, workspace, name="Bob Smith").status_code == 302

    reply = add(support, workspace, name=again)

    assert reply.status_code == 200
    assert "already signs in with this name" in errors(reply)
    assert Visitor.objects.count() == 1


def test_renaming_onto_another_visitors_name_is_refused(support, workspace):
    make_visitor(workspace, name="Bob Smith")
    other, _ = make_visitor(workspace, name="Carol Jones")

    reply = support.post(
        f"/admin/qa_view/visitor/{other.pk}/change/", {"name": "bob  SMITH", "ceiling_usd": "5"}
    )

    assert reply.status_code == 200
    other.refresh_from_db()
    assert other.name == "Carol Jones"


def test_the_key_is_the_products_never_the_one_support_types(support, workspace):
    elsewhere = make_workspace("Elsewhere")
    admin_key, _ = make_key(workspace, role="admin")
    foreign_key, _ = make_key(elsewhere, role="viewer")

    page = support.get(ADD).content.decode()
    reply = add(support, workspace, api_key=str(admin_key.pk))
    add(support, workspace, name="Second Person", api_key=str(foreign_key.pk))

    assert 'name="api_key"' not in page
    assert reply.status_code == 302
    for visitor in Visitor.objects.select_related("api_key"):
        assert visitor.api_key_id not in {admin_key.pk, foreign_key.pk}
        assert visitor.api_key.workspace_id == workspace.pk
        assert visitor.api_key.role == ApiKey.Role.VIEWER
        assert visitor.api_key.revoked_at is None


def test_a_visitor_is_never_saved_under_an_admin_or_another_workspaces_key(workspace):
    from django.core.exceptions import ValidationError

    visitor, _ = make_visitor(workspace)
    for key in (
        make_key(workspace, role="admin")[0],
        make_key(make_workspace("B"), role="viewer")[0],
    ):
        visitor.api_key = key
        with pytest.raises(ValidationError):
            visitor.full_clean()


def test_the_code_is_shown_once_and_the_key_is_shown_on_the_visitors_page(support, workspace):
    reply = add(support, workspace)
    visitor = Visitor.objects.get()
    codes = CODE.findall(" ".join(said(reply)))

    page = support.get(f"/admin/qa_view/visitor/{visitor.pk}/change/").content.decode()

    assert len(codes) == 1
    assert codes[0] in page  # the page after the add shows the message once
    assert (
        codes[0] not in support.get(f"/admin/qa_view/visitor/{visitor.pk}/change/").content.decode()
    )
    assert f"{visitor.api_key.prefix}… (viewer, active)" in page


def act(support, action: str, *visitors: Visitor):
    return support.post(
        LIST, {"action": action, "_selected_action": [v.pk for v in visitors]}, follow=True
    )


def test_revoking_revokes_the_visitor_and_their_key_and_says_what_it_skipped(support, workspace):
    ada, code = make_visitor(workspace, name="Ada Lovelace")
    bob, _ = make_visitor(workspace, name="Bob Smith")
    act(support, "revoke", bob)

    reply = act(support, "revoke", ada, bob)

    text = " ".join(said(reply))
    assert "Revoked Ada Lovelace and the key each page ran under." in text
    assert SKIPPED_REVOKED.format(names="Bob Smith") in text
    ada.refresh_from_db()
    ada.api_key.refresh_from_db()
    assert ada.revoked and ada.api_key.revoked_at is not None
    assert Client().post("/qa/sign-in/", {"name": "Ada Lovelace", "code": code}).status_code != 302


def test_a_new_code_replaces_the_old_and_a_revoked_visitor_is_skipped_out_loud(support, workspace):
    ada, old = make_visitor(workspace, name="Ada Lovelace")
    bob, _ = make_visitor(workspace, name="Bob Smith")
    act(support, "revoke", bob)
    bob.refresh_from_db()
    hash_before = bob.code_hash

    reply = act(support, "new_code", ada, bob)

    text = " ".join(said(reply))
    new = CODE.findall(text)
    assert len(new) == 1 and new[0] != old
    assert "Made a new access code for Ada Lovelace" in text
    assert SKIPPED_NEW_CODE.format(names="Bob Smith") in text
    bob.refresh_from_db()
    assert bob.code_hash == hash_before
    assert Client().post("/qa/sign-in/", {"name": "Ada Lovelace", "code": old}).status_code == 200
    assert (
        Client().post("/qa/sign-in/", {"name": "Ada Lovelace", "code": new[0]}).status_code == 302
    )


def test_each_visitor_shows_spent_today_the_ceiling_and_what_is_left(support, workspace):
    ada, _ = make_visitor(workspace, name="Ada Lovelace", ceiling_usd="10")
    make_ledger_entry(usd="1.25", visitor=ada.ledger_name)
    yesterday = make_ledger_entry(usd="2.00", visitor=ada.ledger_name)
    LedgerEntry.objects.filter(pk=yesterday.pk).update(
        created_at=start_of_utc_day() - timedelta(minutes=1)
    )
    make_ledger_entry(usd="4.00", visitor="visitor-999999")  # somebody else's

    listing = support.get(LIST)
    page = support.get(f"/admin/qa_view/visitor/{ada.pk}/change/").content.decode()

    row = listing.context["cl"].result_list[0]
    assert (row.spent_today_usd, row.spent_usd) == (Decimal("1.25"), Decimal("3.25"))
    html = listing.content.decode()
    for shown in ("$10.00", "$3.25", "$6.75", "$1.25"):
        assert shown in html
    for shown in ('name="ceiling_usd" value="10.00"', "$3.25", "$6.75", "$1.25"):
        assert shown in page


def test_the_list_shows_the_days_total_against_the_day_ceiling(support, workspace):
    ada, _ = make_visitor(workspace, name="Ada Lovelace")
    bob, _ = make_visitor(workspace, name="Bob Smith")
    make_ledger_entry(usd="1.50", visitor=ada.ledger_name)
    make_ledger_entry(usd="2.25", visitor=bob.ledger_name)
    make_ledger_entry(usd="9.00", visitor="")  # a call of no visitor: not the page's spend
    support.post("/admin/qa_view/dayceiling/add/", {"usd": "20"})

    html = support.get(LIST).content.decode()

    day = re.search(r'<p class="day-totals".*?</p>', html, re.S).group(0)
    assert '<strong class="day-spent">$3.75</strong>' in day
    assert '<strong class="day-ceiling">$20.00</strong>' in day
    assert '<strong class="day-left">$16.25</strong>' in day


def test_the_visitor_list_reads_spend_in_one_query_whatever_the_number(support, workspace):
    def queries() -> int:
        with CaptureQueriesContext(connection) as captured:
            assert support.get(LIST).status_code == 200
        return len(captured)

    for n in range(3):
        visitor, _ = make_visitor(workspace, name=f"Visitor {n}")
        make_ledger_entry(usd="0.10", visitor=visitor.ledger_name)
    few = queries()
    for n in range(3, 9):
        visitor, _ = make_visitor(workspace, name=f"Visitor {n}")
        make_ledger_entry(usd="0.10", visitor=visitor.ledger_name)

    assert queries() == few


def test_support_raises_the_day_ceiling_and_the_history_is_kept(support, workspace, settings):
    settings.LIMMA_QA_CAP_DAY_USD = "20"
    assert day_ceiling_usd() == Decimal("20")

    first = support.post("/admin/qa_view/dayceiling/add/", {"usd": "35.50"}, follow=True)
    support.post("/admin/qa_view/dayceiling/add/", {"usd": "40"})

    assert "The day ceiling is $35.50 from now on (it was $20.00)." in " ".join(said(first))
    assert day_ceiling_usd() == Decimal("40")
    assert list(DayCeiling.objects.values_list("usd", "set_by")) == [
        (Decimal("40"), "sam"),
        (Decimal("35.50"), "sam"),
    ]
    history = support.get("/admin/qa_view/dayceiling/").content.decode()
    assert "35.50" in history and "40.00" in history


@pytest.mark.parametrize("usd", ["-1", "2.001", "x"])
def test_a_bad_day_ceiling_is_refused(support, workspace, usd):
    reply = support.post("/admin/qa_view/dayceiling/add/", {"usd": usd})

    assert reply.status_code == 200 and not DayCeiling.objects.exists()


def test_a_day_ceiling_once_set_is_never_changed_or_deleted(admin_client, workspace):
    admin_client.post("/admin/qa_view/dayceiling/add/", {"usd": "30"})
    ceiling = DayCeiling.objects.get()

    changed = admin_client.post(f"/admin/qa_view/dayceiling/{ceiling.pk}/change/", {"usd": "1"})
    deleted = admin_client.post(f"/admin/qa_view/dayceiling/{ceiling.pk}/delete/", {"post": "yes"})

    assert (changed.status_code, deleted.status_code) == (403, 403)
    ceiling.refresh_from_db()
    assert ceiling.usd == Decimal("30")


def test_the_day_ceiling_set_in_the_admin_is_what_the_page_refuses_at(page, visitor, directory):
    from qa_view.page.ceilings import DAY_CEILING, ceiling_reached, day_ceiling_set

    make_ledger_entry(usd="3.00", visitor=visitor.ledger_name)
    assert ceiling_reached(visitor) is None
    day_ceiling_set(usd=Decimal("3"), set_by="test")
    assert ceiling_reached(visitor) == DAY_CEILING


def test_raising_a_ceiling_says_what_it_was_and_what_it_is(support, workspace):
    visitor, _ = make_visitor(workspace, ceiling_usd="3.50")

    reply = support.post(
        f"/admin/qa_view/visitor/{visitor.pk}/change/",
        {"name": visitor.name, "ceiling_usd": "12"},
        follow=True,
    )

    assert "Ada Lovelace's ceiling is $12.00 from now on (it was $3.50)." in " ".join(said(reply))
    visitor.refresh_from_db()
    assert visitor.ceiling_usd == Decimal("12")


@pytest.mark.parametrize(("access", "who"), [("active", ["Ada Lovelace"]), ("revoked", ["Bob"])])
def test_the_list_is_filtered_by_access(support, workspace, access, who):
    make_visitor(workspace, name="Ada Lovelace")
    bob, _ = make_visitor(workspace, name="Bob")
    act(support, "revoke", bob)

    reply = support.get(LIST, {"access": access})

    assert [v.name for v in reply.context["cl"].result_list] == who
