"""The admin in a real browser (Debian's headless Chromium, Playwright, the live server): a
support user makes a visitor and sees the code once, raises a ceiling, sees today's spend and is
refused a judgment; an operator finds why a named person is not a match in one search and one
click. Skipped without /usr/bin/chromium. Screenshots go to $QA_SCREENSHOTS (default /tmp)."""

from __future__ import annotations

import os
import re
from collections.abc import Iterator

import pytest
from django.contrib.auth.models import User

from qa_view.models import Visitor
from tests.browser import CHROMIUM, SHOTS, chromium_page, playwright_api
from tests.factories import (
    judged,
    make_criterion,
    make_document,
    make_judgment,
    make_ledger_entry,
    make_support_user,
    make_workspace,
    quote_of,
)

pytestmark = [
    pytest.mark.browser,
    pytest.mark.django_db(transaction=True),  # the live server reads committed rows
    pytest.mark.skipif(not CHROMIUM.exists(), reason="Debian's Chromium is not installed"),
]
os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")
CODE = re.compile(r"[a-z2-9]{4}-[a-z2-9]{4}-[a-z2-9]{4}")


@pytest.fixture
def browser(tmp_path) -> Iterator[object]:
    yield from chromium_page(tmp_path, width=1280)


def log_in(page, live_server, username: str) -> None:
    page.goto(f"{live_server.url}/admin/login/")
    page.get_by_label("Username").fill(username)
    page.get_by_label("Password").fill("pw")
    page.get_by_role("button", name="Log in").click()


def test_support_makes_a_visitor_raises_a_ceiling_and_is_refused_a_judgment(live_server, browser):
    expect, page = playwright_api.expect, browser
    workspace = make_workspace("Experts")
    criterion = make_criterion(workspace)
    judgment = make_judgment(criterion, make_document(workspace).document)
    make_support_user("sam")
    SHOTS.mkdir(parents=True, exist_ok=True)

    log_in(page, live_server, "sam")
    page.get_by_role("link", name="Visitors").click()
    page.get_by_role("link", name="Add visitor").click()
    page.get_by_label("Workspace").select_option(label=str(workspace))
    page.get_by_label("Name").fill("  Marie   Curie ")
    page.get_by_label("Ceiling (USD)").fill("3.50")
    page.get_by_role("button", name="Save", exact=True).click()

    message = page.locator(".messagelist .success").filter(has_text="Access code for")
    expect(message).to_contain_text("Access code for Marie Curie:")
    code = CODE.search(message.inner_text()).group(0)
    page.screenshot(path=str(SHOTS / "admin_visitor_made.png"), full_page=True)
    page.reload()
    assert code not in page.content()  # shown once

    # Today's spend, the ceiling and what is left, on the list; then the ceiling raised.
    visitor = Visitor.objects.get(name="Marie Curie")
    make_ledger_entry(usd="1.25", visitor=visitor.ledger_name)
    page.goto(f"{live_server.url}/admin/qa_view/visitor/")
    row = page.locator("#result_list tbody tr").filter(has_text="Marie Curie")
    expect(row.locator(".field-spent_today")).to_have_text("$1.25")
    expect(row.locator(".field-left")).to_have_text("$2.25")
    expect(page.locator(".day-spent")).to_have_text("$1.25")
    row.get_by_role("link", name="Marie Curie").click()
    page.get_by_label("Ceiling (USD)").fill("12")
    page.get_by_role("button", name="Save", exact=True).click()
    row = page.locator("#result_list tbody tr").filter(has_text="Marie Curie")
    expect(row.locator(".field-ceiling")).to_have_text("$12.00")
    expect(row.locator(".field-left")).to_have_text("$10.75")
    page.screenshot(path=str(SHOTS / "admin_visitor_list.png"), full_page=True)

    # A judgment is not support's to see.
    refused = page.goto(f"{live_server.url}/admin/criteria/judgment/{judgment.pk}/change/")
    assert refused.status == 403
    refused = page.goto(f"{live_server.url}/admin/criteria/judgment/")
    assert refused.status == 403


def test_an_operator_finds_why_a_named_person_is_not_a_match(live_server, browser):
    expect, page = playwright_api.expect, browser
    workspace = make_workspace("Experts")
    criterion = make_criterion(workspace, text="marketing baby formula in European markets")
    for name in ("Greta Ostrander", "Margaux Delacroix"):
        document = make_document(workspace, entity_name=name).document
        make_judgment(criterion, document)
    text = "Dario Benavente is a sales director.\nDario has never worked on baby formula.\n"
    dario = make_document(workspace, entity_name="Dario Benavente", text=text).document
    make_judgment(
        criterion,
        dario,
        outcome=judged(
            dario,
            missing_because={"function": "different"},
            different=(quote_of(dario, "function", "sales director", value="Sales"),),
            denials=(
                quote_of(dario, "product", "Dario has never worked on baby formula.", denies=True),
            ),
        ),
    )
    User.objects.create_superuser("olga", password="pw")
    SHOTS.mkdir(parents=True, exist_ok=True)

    log_in(page, live_server, "olga")
    page.goto(f"{live_server.url}/admin/criteria/judgment/")
    page.locator("#searchbar").fill("Dario Benavente")  # one search
    page.locator("#searchbar").press("Enter")
    rows = page.locator("#result_list tbody tr")
    expect(rows).to_have_count(1)
    expect(rows.first.locator(".field-verdict")).to_have_text("none (denied)")
    rows.first.get_by_role("link", name="Dario Benavente").click()  # one click

    why = page.locator("ul.why")
    expect(why).to_contain_text("product: denied in the person's own words")
    expect(why).to_contain_text("function: different")
    expect(page.locator(".document-text mark.denial")).to_have_text(
        "Dario has never worked on baby formula."
    )
    page.screenshot(path=str(SHOTS / "admin_judgment_why.png"), full_page=True)
