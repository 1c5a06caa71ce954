"""Visitors: made by support staff (the code shown once, kept hashed), signed in with a name and
an access code, wrong codes rate limited, revoked, CSRF on every post
(docs/pages.md#visitors-and-ceilings)."""

from __future__ import annotations

import re
from datetime import timedelta
from decimal import Decimal
from io import StringIO

import pytest
from django.contrib.auth.hashers import check_password
from django.contrib.messages import get_messages
from django.core.cache import cache
from django.core.management import call_command
from django.test import Client
from django.utils import timezone

from limma.models import ApiKey, LedgerEntry
from qa_view.models import Run, SignInAttempt, Visitor
from qa_view.page import visitors
from qa_view.page.visitors import (
    IP_ATTEMPTS,
    NAME_ATTEMPTS,
    NAME_IP_ATTEMPTS,
    SIGN_IN_SENTENCES,
    WINDOW_SECONDS,
    visitor_create,
    visitor_revoke,
)

pytestmark = pytest.mark.django_db

CODE = re.compile(r"[a-z2-9]{4}-[a-z2-9]{4}-[a-z2-9]{4}")


# --- signing in --------------------------------------------------------------------------------


def test_a_name_and_its_code_sign_in_and_open_the_page(client, visitor_and_code, sign_in):
    visitor, code = visitor_and_code
    response = sign_in(client, visitor.name, code)
    assert response.status_code == 302 and response["Location"] == "/qa/"
    page = client.get("/qa/")
    assert page.status_code == 200
    assert b"Ada Lovelace" in page.content and b'name="question"' in page.content


def test_the_name_is_matched_without_case_or_extra_spaces(client, visitor_and_code, sign_in):
    _, code = visitor_and_code
    assert sign_in(client, "  ada   LOVELACE ", code).status_code == 302


def test_signed_out_the_page_is_the_sign_in_page(client, directory):
    response = client.get("/qa/")
    assert response.status_code == 302 and response["Location"] == "/qa/sign-in/"
    htmx = client.get("/qa/", HTTP_HX_REQUEST="true")
    assert htmx["HX-Redirect"] == "/qa/sign-in/"


def test_a_wrong_code_is_refused_in_one_sentence(client, visitor, sign_in):
    response = sign_in(client, visitor.name, "wrong-code-here")
    assert SIGN_IN_SENTENCES["wrong"] in response.content.decode()
    assert "qa_visitor" not in client.session
    assert client.get("/qa/").status_code == 302


def test_an_unknown_name_is_refused_the_same_way(client, visitor, sign_in):
    response = sign_in(client, "Somebody Else", "abcd-efgh-jkmn")
    assert SIGN_IN_SENTENCES["wrong"] in response.content.decode()


def test_wrong_codes_from_one_address_never_lock_the_name_out_from_another(
    client, visitor_and_code, sign_in
):
    visitor, code = visitor_and_code
    for _ in range(NAME_IP_ATTEMPTS):
        assert sign_in(client, visitor.name, "nope", REMOTE_ADDR="10.0.0.1").status_code == 200
    assert sign_in(client, visitor.name, code, REMOTE_ADDR="10.0.0.1").status_code == 429

    signed_in = sign_in(Client(), visitor.name, code, REMOTE_ADDR="10.0.1.1")

    assert signed_in.status_code == 302


def test_wrong_codes_for_one_name_from_every_address_are_bounded_per_hour(
    client, visitor_and_code, sign_in
):
    visitor, code = visitor_and_code
    addresses = [f"10.1.{n // 5}.{n % 5}" for n in range(NAME_ATTEMPTS)]
    for address in addresses:  # a botnet: one wrong code from each of 100 addresses
        assert sign_in(client, visitor.name, "nope", REMOTE_ADDR=address).status_code == 200

    limited = sign_in(client, f"  {visitor.name.upper()} ", code, REMOTE_ADDR="10.2.0.1")

    assert limited.status_code == 429
    # The real wait: the oldest of the hour's wrong codes leaves the window in about an hour.
    assert "please wait 60 minutes and try again" in limited.content.decode()
    assert int(limited["Retry-After"]) > 3500
    assert SignInAttempt.objects.count() == NAME_ATTEMPTS  # what was refused is not counted


def test_the_limit_is_kept_in_the_database_not_in_one_process(client, visitor_and_code, sign_in):
    """Another worker process, or the same one restarted, has an empty cache of its own."""
    visitor, code = visitor_and_code
    for _ in range(NAME_IP_ATTEMPTS):
        sign_in(client, visitor.name, "nope", REMOTE_ADDR="10.3.0.1")

    cache.clear()

    assert sign_in(Client(), visitor.name, code, REMOTE_ADDR="10.3.0.1").status_code == 429


def test_the_window_passes_and_the_right_code_signs_in_again(client, visitor_and_code, sign_in):
    visitor, code = visitor_and_code
    for _ in range(NAME_IP_ATTEMPTS):
        sign_in(client, visitor.name, "nope", REMOTE_ADDR="10.4.0.1")
    SignInAttempt.objects.update(at=timezone.now() - timedelta(seconds=WINDOW_SECONDS + 1))

    assert sign_in(client, visitor.name, code, REMOTE_ADDR="10.4.0.1").status_code == 302


def test_a_limited_reply_checks_a_hash_like_a_checked_one(
    client, visitor_and_code, sign_in, monkeypatch
):
    """The limited reply takes as long as a wrong code: both run one password-hash check."""
    visitor, code = visitor_and_code
    checks = []
    real = visitors.check_password
    monkeypatch.setattr(visitors, "check_password", lambda *a: checks.append(a) or real(*a))
    for _ in range(NAME_IP_ATTEMPTS):
        sign_in(client, visitor.name, "nope", REMOTE_ADDR="10.5.0.1")
    sign_in(client, "Nobody At All", "nope", REMOTE_ADDR="10.5.0.2")
    assert len(checks) == NAME_IP_ATTEMPTS + 1

    assert sign_in(client, visitor.name, code, REMOTE_ADDR="10.5.0.1").status_code == 429

    assert len(checks) == NAME_IP_ATTEMPTS + 2
    assert checks[-1][0] == code and checks[-1][1] != visitor.code_hash


def test_addresses_of_one_ipv6_64_are_one_address(client, visitor_and_code, sign_in):
    visitor, code = visitor_and_code
    for n in range(NAME_IP_ATTEMPTS):
        sign_in(client, visitor.name, "nope", REMOTE_ADDR=f"2001:db8:1:2::{n + 1:x}")

    assert sign_in(client, visitor.name, code, REMOTE_ADDR="2001:db8:1:2::ff").status_code == 429
    assert sign_in(client, visitor.name, code, REMOTE_ADDR="2001:db8:1:3::1").status_code == 302


def test_a_right_code_is_not_counted_against_its_address(client, visitor_and_code, sign_in):
    visitor, code = visitor_and_code
    for _ in range(NAME_IP_ATTEMPTS * 2):
        assert sign_in(Client(), visitor.name, code, REMOTE_ADDR="10.6.0.1").status_code == 302

    assert not SignInAttempt.objects.exists()


def test_wrong_codes_from_one_address_are_rate_limited_across_names(
    client, visitor_and_code, sign_in
):
    visitor, code = visitor_and_code
    for n in range(IP_ATTEMPTS):
        sign_in(client, f"Guess {n}", "nope", REMOTE_ADDR="10.9.9.9")
    assert sign_in(client, visitor.name, code, REMOTE_ADDR="10.9.9.9").status_code == 429
    assert sign_in(client, visitor.name, code, REMOTE_ADDR="10.9.9.8").status_code == 302


@pytest.mark.parametrize("typos", [1, 4, 5, 6, NAME_IP_ATTEMPTS - 1])
def test_a_visitor_who_mistypes_then_types_the_right_code_gets_in(
    client, visitor_and_code, sign_in, typos
):
    visitor, code = visitor_and_code
    for _ in range(typos):
        assert sign_in(client, visitor.name, "nope").status_code == 200
    assert sign_in(client, visitor.name, code).status_code == 302
    # Their own typos are cleared with it: they start again from nothing.
    assert not SignInAttempt.objects.exists()


def test_the_refusal_says_the_real_wait_of_the_limit_that_holds(client, visitor_and_code, sign_in):
    visitor, code = visitor_and_code
    for _ in range(NAME_IP_ATTEMPTS):
        sign_in(client, visitor.name, "nope", REMOTE_ADDR="10.7.0.1")
    SignInAttempt.objects.update(at=timezone.now() - timedelta(seconds=WINDOW_SECONDS - 150))
    limited = sign_in(client, visitor.name, code, REMOTE_ADDR="10.7.0.1")
    assert limited.status_code == 429
    assert "please wait 3 minutes and try again" in limited.content.decode()
    assert 140 <= int(limited["Retry-After"]) <= 150


def test_a_browser_that_signed_in_before_is_never_held_by_the_per_name_limit(
    client, visitor_and_code, sign_in
):
    visitor, code = visitor_and_code
    assert sign_in(client, visitor.name, code, REMOTE_ADDR="10.8.0.1").status_code == 302
    client.post("/qa/sign-out/")
    for n in range(NAME_ATTEMPTS):  # others guess the name from a hundred addresses
        sign_in(Client(), visitor.name, "nope", REMOTE_ADDR=f"10.8.{1 + n // 5}.{n % 5}")
    assert sign_in(Client(), visitor.name, code, REMOTE_ADDR="10.8.200.1").status_code == 429

    # The visitor's own browser, from a new address too, carries its signed cookie: it gets in.
    assert sign_in(client, visitor.name, code, REMOTE_ADDR="10.8.0.1").status_code == 302
    client.post("/qa/sign-out/")
    assert sign_in(client, visitor.name, code, REMOTE_ADDR="10.8.201.1").status_code == 302


@pytest.mark.parametrize("cookie", ["forged", "other-name"])
def test_a_forged_or_another_names_cookie_does_not_lift_the_per_name_limit(
    client, visitor_and_code, sign_in, directory, cookie
):
    visitor, code = visitor_and_code
    other, other_code = visitor_create(workspace=directory, name="Grace Hopper")
    if cookie == "forged":
        client.cookies[visitors.KNOWN_COOKIE] = visitors.name_key(visitor.name)
    else:
        assert sign_in(client, other.name, other_code).status_code == 302
        assert client.cookies[visitors.KNOWN_COOKIE].value  # signed in as Grace Hopper
    for n in range(NAME_ATTEMPTS):
        sign_in(Client(), visitor.name, "nope", REMOTE_ADDR=f"10.10.{n // 5}.{n % 5}")
    assert sign_in(client, visitor.name, code, REMOTE_ADDR="10.11.0.1").status_code == 429


def test_a_revoked_visitor_cannot_sign_in(client, visitor_and_code, sign_in):
    visitor, code = visitor_and_code
    visitor_revoke(visitor=visitor)
    response = sign_in(client, visitor.name, code)
    assert response.status_code == 403
    assert SIGN_IN_SENTENCES["revoked"] in response.content.decode()
    assert "qa_visitor" not in client.session


def test_revoking_closes_a_page_already_signed_in(page, visitor):
    assert page.get("/qa/").status_code == 200
    visitor_revoke(visitor=visitor)
    assert page.get("/qa/")["Location"] == "/qa/sign-in/"
    assert page.post("/qa/ask/", {"question": "anyone?"}).status_code == 302
    assert not Run.objects.exists()


def test_signing_out_ends_the_session(page):
    assert page.post("/qa/sign-out/")["Location"] == "/qa/sign-in/"
    assert page.get("/qa/").status_code == 302


def test_csrf_is_enforced_on_every_post(visitor_and_code, examples_file):
    visitor, code = visitor_and_code
    browser = Client(enforce_csrf_checks=True)
    refused = browser.post("/qa/sign-in/", {"name": visitor.name, "code": code})
    assert refused.status_code == 403
    token = browser.get("/qa/sign-in/").cookies["csrftoken"].value
    signed = browser.post(
        "/qa/sign-in/", {"name": visitor.name, "code": code, "csrfmiddlewaretoken": token}
    )
    assert signed.status_code == 302
    assert browser.post("/qa/ask/", {"question": "Who is in Germany?"}).status_code == 403
    assert browser.post("/qa/sign-out/").status_code == 403
    assert not Run.objects.exists()
    page = browser.get("/qa/").content.decode()
    # HTMX posts carry the token in a header set on <body>.
    header = re.search(r"hx-headers='\{\"X-CSRFToken\": \"([^\"]+)\"\}'", page)
    assert header is not None
    asked = browser.post("/qa/sign-out/", HTTP_X_CSRFTOKEN=header.group(1), HTTP_HX_REQUEST="true")
    assert asked.status_code == 200 and asked["HX-Redirect"] == "/qa/sign-in/"


# --- making visitors ---------------------------------------------------------------------------


def test_a_visitor_gets_a_viewer_key_and_a_hashed_code(directory):
    visitor, code = visitor_create(workspace=directory, name="Grace Hopper")
    assert CODE.fullmatch(code)
    assert code not in visitor.code_hash and check_password(code, visitor.code_hash)
    assert visitor.api_key.role == ApiKey.Role.VIEWER
    assert visitor.api_key.workspace == directory
    assert visitor.ceiling_usd == Decimal("5")


def test_two_visitors_cannot_share_a_name(directory, visitor):
    from django.core.exceptions import ValidationError

    with pytest.raises(ValidationError):
        visitor_create(workspace=directory, name="ADA LOVELACE")


def test_support_staff_create_a_visitor_in_the_admin_and_see_the_code_once(
    admin_client, directory, sign_in
):
    response = admin_client.post(
        "/admin/qa_view/visitor/add/",
        {"workspace": directory.pk, "name": "Marie Curie", "ceiling_usd": "3.50", "api_key": ""},
    )
    assert response.status_code == 302, response.content.decode()
    shown = [str(m) for m in get_messages(response.wsgi_request)]
    codes = [found.group(0) for text in shown if (found := CODE.search(text))]
    assert len(codes) == 1
    visitor = Visitor.objects.get(name="Marie Curie")
    assert visitor.ceiling_usd == Decimal("3.50")
    assert visitor.api_key.role == ApiKey.Role.VIEWER
    change = f"/admin/qa_view/visitor/{visitor.pk}/change/"
    assert codes[0] in admin_client.get(change).content.decode()  # the page after the add
    assert codes[0] not in admin_client.get(change).content.decode()  # and never again
    assert sign_in(Client(), "Marie Curie", codes[0]).status_code == 302


def test_support_staff_see_what_each_visitor_spent_and_revoke_them(admin_client, visitor):
    LedgerEntry.objects.create(
        role="agent", provider="openai", model="m", usd=Decimal("1.25"), outcome="ok",
        visitor=visitor.ledger_name,
    )  # fmt: skip
    listing = admin_client.get("/admin/qa_view/visitor/").content.decode()
    assert "1.25" in listing
    admin_client.post(
        "/admin/qa_view/visitor/",
        {"action": "revoke", "_selected_action": [visitor.pk]},
    )
    visitor.refresh_from_db()
    assert visitor.revoked


def test_support_staff_set_a_visitors_ceiling(admin_client, visitor):
    response = admin_client.post(
        f"/admin/qa_view/visitor/{visitor.pk}/change/",
        {"name": visitor.name, "ceiling_usd": "12", "api_key": visitor.api_key_id},
    )
    assert response.status_code == 302, response.content.decode()
    visitor.refresh_from_db()
    assert visitor.ceiling_usd == Decimal("12")


def test_runs_are_read_only_in_the_admin(admin_client, visitor):
    run = Run.objects.create(visitor=visitor, question="Who?")
    assert admin_client.get("/admin/qa_view/run/").status_code == 200
    assert admin_client.get("/admin/qa_view/run/add/").status_code == 403
    view = admin_client.get(f"/admin/qa_view/run/{run.pk}/change/")
    assert view.status_code == 200 and b'name="question"' not in view.content


def test_create_visitor_prints_the_code_once(directory, sign_in):
    out, err = StringIO(), StringIO()
    call_command("create_visitor", directory.id, "Emmy Noether", stdout=out, stderr=err)
    code = CODE.search(out.getvalue()).group(0)
    assert "shown this once" in err.getvalue()
    assert sign_in(Client(), "Emmy Noether", code).status_code == 302
