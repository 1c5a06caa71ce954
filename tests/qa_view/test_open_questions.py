"""Open questions a visitor types, end to end on the offline roles (the brief compiler, the
splitter, the reader and the agent): a niche with no place, a niche nobody has, and a one-
condition niche whose silent profiles are no near misses. Each was tried on the demo directory
first; here on the small directory of tests/qa_view/conftest.py."""

from __future__ import annotations

import re

import pytest

from qa_view.models import Run
from qa_view.page.visitors import visitor_create
from tests.qa_view.conftest import htmx

pytestmark = pytest.mark.django_db


@pytest.fixture
def typing_page(client, directory, sign_in):
    visitor, code = visitor_create(workspace=directory, name="Open Visitor", key_role="analyst")
    assert sign_in(client, visitor.name, code).status_code == 302
    return client


def first_line(html: str) -> str:
    return re.search(r'<p class="first-line">(.*?)</p>', html, re.DOTALL).group(1)


def names(html: str) -> list[str]:
    return re.findall(r'<strong class="name">([^<]+)</strong>', html)


def test_a_niche_with_no_place_is_read_over_everybody(typing_page):
    html = typing_page.post("/qa/ask/", {"question": "baby formula experts"}, **htmx())
    html = html.content.decode()
    assert Run.objects.latest("id").state == Run.State.DONE
    assert re.fullmatch(r"\d+ people fit\.", first_line(html))
    assert "Greta Ostrander" in names(html) and "Nikolai Wierzbicki" in names(html)
    assert "Dario Benavente" not in names(html)  # "has never worked on baby formula"
    assert html.count("[source]") == len(names(html))


def test_a_niche_nobody_has_lists_nobody_and_says_what_their_profiles_do_not(typing_page):
    html = typing_page.post("/qa/ask/", {"question": "Who in Europe has built submarines?"})
    html = typing_page.get(html["Location"]).content.decode()
    assert first_line(html) == "Nobody fits."
    assert names(html) == [] and "Close — one condition short" not in html
    said = re.search(r"Of the profiles checked, (\d+) say nothing of “built submarines”\.", html)
    assert said is not None and int(said.group(1)) >= 5


def test_a_one_condition_niche_calls_nobody_close_and_names_nobody_withheld(typing_page):
    """Everyone the read found nothing for is one condition short of a niche of one condition:
    counted by what they lack, never "close", and the agent's own text names none of them."""
    html = typing_page.post(
        "/qa/ask/", {"question": "experts in pricing of baby formula in Europe"}, **htmx()
    ).content.decode()
    run = Run.objects.latest("id")
    [reply] = [e["data"]["reply"] for e in run.page_events if e["kind"] == "reply"]
    assert reply["close"]["total"] >= 5  # the search's own count of one condition short
    assert first_line(html) == "Nobody fits."
    assert "Close — one condition short" not in html and names(html) == []
    assert "say nothing of “pricing of baby formula”" in html
    withheld = [m["name"] for m in reply["close"]["matches"]]
    assert withheld and not any(name in html for name in withheld)


@pytest.mark.parametrize(
    "question",
    [
        "Who in Germany has led marketing for baby formula?",
        "Who in Germany led marketing for baby formula?",
        "Anyone in Germany who worked on baby formula?",
        "Who in Germany works on baby formula?",
    ],
)
def test_a_niche_that_opens_with_a_verb_of_doing_is_read(typing_page, question):
    """The brief's words of asking lead into the verb ("has led", "who worked on"): the verb is
    carried, as the specification's "Experts who led" is, and the niche is read — never refused
    for a bare leading verb."""
    html = typing_page.post("/qa/ask/", {"question": question}, **htmx()).content.decode()
    assert Run.objects.latest("id").state == Run.State.DONE
    assert "cannot tell what" not in html
    assert "Greta Ostrander" in names(html)
    assert html.count("[source]") == len(names(html))


@pytest.mark.parametrize(
    "question",
    [
        "<b>Who</b> is based in Germany?",
        "Who is based in <i>Germany</i>?<script>alert(1)</script>",
        "<p>Who in Germany has led marketing for baby formula?</p>",
    ],
)
def test_markup_is_left_out_and_said_and_the_words_left_are_answered(typing_page, question):
    """Tags and a script are no condition of the question: they are taken out and said, and
    the words left are answered as if typed plainly — never "not searched" for a <b>."""
    html = typing_page.post("/qa/ask/", {"question": question}, **htmx()).content.decode()
    assert "The question&#x27;s markup was left out" in html
    assert re.fullmatch(r"\d+ (?:people fit|person fits)\.", first_line(html))
    assert "could not search" not in html and "Greta Ostrander" in names(html)
    assert "<script>alert" not in html


def test_markup_beside_a_part_not_searched_still_says_that_part(typing_page):
    html = typing_page.post(
        "/qa/ask/", {"question": "<b>Who</b> in Germany verkauft Babynahrung?"}, **htmx()
    ).content.decode()
    assert "The question&#x27;s markup was left out" in html
    assert "could not search “verkauft Babynahrung”" in first_line(html)
    # Who the place alone leaves may be offered, under a heading that says so: never as fitting.
    assert 'class="people"' not in html.split('class="offered"')[0]


@pytest.mark.parametrize(
    "question",
    [
        "Who has experience with baby formula?",
        "baby formula experience",
        "people with a background in baby formula",
    ],
    ids=["experience_with", "experience_behind", "a_background_in"],
)
def test_experience_is_how_the_work_is_asked_for_not_a_condition(typing_page, question):
    """ "experience with X" asks for X: the niche is read, never handed back as words the
    directory cannot tell."""
    html = typing_page.post("/qa/ask/", {"question": question}, **htmx()).content.decode()
    assert Run.objects.latest("id").state == Run.State.DONE
    assert "cannot tell what" not in html
    assert re.fullmatch(r"\d+ people fit\.", first_line(html))
    assert "Greta Ostrander" in names(html) and "Dario Benavente" not in names(html)


@pytest.mark.parametrize(
    "question",
    [
        "who in germany works on baby formula",
        "who in germany led marketing for baby formula?",
        "Who in germany works on baby formula?",
        # "markets" after "who in <place>" is the verb, never the noun of "germany markets".
        "who in germany markets baby formula, 20 years or more?",
        "Who in Germany markets baby formula?",
    ],
)
def test_a_place_typed_in_lower_case_is_the_place(typing_page, question):
    """A visitor who types without capitals asks of the same people: the place narrows the
    read, never joins the niche (which the whole directory would then be read for)."""
    html = typing_page.post("/qa/ask/", {"question": question}, **htmx()).content.decode()
    run = Run.objects.latest("id")
    assert run.state == Run.State.DONE
    assert "Greta Ostrander" in names(html)
    # Yusuf worked on baby formula across Germany, but is based in Nigeria.
    assert "Yusuf Okonkwo" not in names(html) and "Margaux Delacroix" not in names(html)
    assert "germany" not in first_line(html).lower()


@pytest.mark.parametrize(
    "question",
    [
        "who in germany markets baby milk, 20 years or more?",
        "Who in Germany has marketed baby milk for 20 years or more?",
    ],
)
def test_who_in_a_place_markets_is_asked_as_who_there_has_marketed(typing_page, question):
    """ "markets" after "who in germany" is the verb: the place narrows the read and the
    niche is read, as for "has marketed"; never "germany markets" the directory cannot tell.
    Greta's profile says "baby formula", which the page offers for "baby milk"."""
    html = typing_page.post("/qa/ask/", {"question": question}, **htmx()).content.decode()
    assert Run.objects.latest("id").state == Run.State.DONE
    assert "cannot tell what" not in html and "germany" not in first_line(html).lower()
    assert "says “baby formula” for “baby milk”, Greta Ostrander among them" in html
    assert "Yusuf Okonkwo" not in html and "Margaux Delacroix" not in html
