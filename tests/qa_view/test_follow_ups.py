"""Follow-ups about anyone listed, close people included (issue 11, point 5): "the second one",
"the second close one", a name; each answered from that person's own rows, with their [source]."""

from __future__ import annotations

import pytest
from django.utils.html import escape

from qa_view.agent.offline.roles import nobody_there, person_asked
from qa_view.models import Run
from tests.qa_view.conftest import htmx

PEOPLE = [{"id": "p1", "name": "Camille Rousseau"}, {"id": "p2", "name": "Luc Marchand"}]
CLOSE = [{"id": "c1", "name": "Greta Ostrander"}, {"id": "c2", "name": "Dario Benavente"}]


@pytest.mark.parametrize(
    ("question", "people", "close", "wanted"),
    [
        ("tell me more about the second one", PEOPLE, CLOSE, "p2"),
        ("Tell me more about the first one", PEOPLE, CLOSE, "p1"),
        ("and the last one?", PEOPLE, CLOSE, "p2"),
        ("tell me more about the second close one", PEOPLE, CLOSE, "c2"),
        ("the first of the close ones", PEOPLE, CLOSE, "c1"),
        ("what about number 2 of those close?", PEOPLE, CLOSE, "c2"),
        ("tell me more about Dario Benavente", PEOPLE, CLOSE, "c2"),
        ("what does Ostrander's profile say?", PEOPLE, CLOSE, "c1"),
        ("tell me more about luc marchand", PEOPLE, CLOSE, "p2"),
        ("tell me more about Greta", PEOPLE, CLOSE, "c1"),  # a first name alone
        ("what about Camille?", PEOPLE, CLOSE, "p1"),
        # Nobody fit: "the second one" is the second of those close.
        ("tell me more about the second one", [], CLOSE, "c2"),
        ("tell me about the close one", PEOPLE, CLOSE[:1], "c1"),
    ],
)
def test_a_follow_up_names_who_of_the_last_answer_it_is_about(question, people, close, wanted):
    found = person_asked(question, {"people": people, "close": close})
    assert found is not None and found["id"] == wanted


@pytest.mark.parametrize(
    ("question", "people", "close"),
    [
        ("only those in Germany", PEOPLE, CLOSE),
        ("who else is close to Berlin?", PEOPLE, CLOSE),
        ("tell me more about the third one", PEOPLE, []),
        ("tell me more about the third close one", PEOPLE, CLOSE),
        ("tell me about the close one", PEOPLE, CLOSE),  # two are close: which one?
        ("people named Luca", PEOPLE, CLOSE),
        # A time, not a place in a list.
        ("only those who launched a brand last year", PEOPLE, CLOSE),
        ("who led it in the first quarter of the year?", PEOPLE, CLOSE),
        ("those with first-hand tender experience", PEOPLE, CLOSE),
    ],
)
def test_a_follow_up_about_nobody_listed_is_a_new_search(question, people, close):
    assert person_asked(question, {"people": people, "close": close}) is None


@pytest.mark.parametrize(
    ("question", "people", "close", "said"),
    [
        ("tell me more about the fifth close one", PEOPLE, CLOSE,
         "The last answer listed 2 people as close, Greta Ostrander and Dario Benavente."),
        ("tell me more about the first close one", PEOPLE, [],
         "The last answer listed nobody as close."),
        ("tell me more about the first one", [], [], "The last answer listed nobody."),
        ("and the third one?", PEOPLE, CLOSE,
         "The last answer listed 2 people who fit, Camille Rousseau and Luc Marchand."),
        ("the second one", [], CLOSE[:1],
         "The last answer listed 1 person as close, Greta Ostrander."),
        ("tell me about the close one", PEOPLE, CLOSE,  # two are close: which one?
         "The last answer listed 2 people as close, Greta Ostrander and Dario Benavente."),
        # A name nobody listed answers to, or that two answer to.
        ("tell me more about Bastien Mercier", PEOPLE, CLOSE,
         "Nobody called Bastien Mercier was listed in the last answer; ask about a name on its "
         "list, or ask a new question."),
        ("who is Mathilde?", PEOPLE, CLOSE,
         "Nobody called Mathilde was listed in the last answer; ask about a name on its list, or "
         "ask a new question."),
        ("tell me more about Camille", [*PEOPLE, {"id": "p3", "name": "Camille Duval"}], CLOSE,
         "Camille Rousseau and Camille Duval were listed in the last answer; ask about one of "
         "them by their whole name."),
        # A place or a function asked about is no person: the agent searches.
        ("tell me more about Germany", PEOPLE, CLOSE, None),
        ("tell me more about Sales", PEOPLE, CLOSE, None),
        ("tell me more about pricing experts in Spain", PEOPLE, CLOSE, None),
        # Somebody stands there, or no place in a list is asked: None, and the agent searches.
        ("tell me more about the second one", PEOPLE, CLOSE, None),
        ("only those in Germany", PEOPLE, CLOSE, None),
        ("only those who launched a brand last year", PEOPLE, CLOSE, None),
    ],
)  # fmt: skip
def test_a_place_in_a_list_where_nobody_stands_is_said_and_nothing_searched(
    question, people, close, said
):
    assert nobody_there(question, {"people": people, "close": close}) == said


def ask(page, question: str, parent: Run | None = None) -> str:
    asked = (
        {"question": question} if parent is None else {"question": question, "parent": parent.pk}
    )
    return page.post("/qa/ask/", asked, **htmx()).content.decode()


def last_run_html(html: str, run: Run) -> str:
    return html[html.index(f'id="run-{run.pk}"') :]


@pytest.mark.django_db
def test_a_follow_up_on_a_close_person_answers_from_their_rows_with_their_source(page, read_ahead):
    page.post("/qa/ask/", {"example": "0"}, **htmx())
    first = Run.objects.latest("id")
    html = ask(page, "tell me more about the close one", parent=first)
    second = Run.objects.latest("id")
    answer = last_run_html(html, second)
    [fetch] = [e for e in second.page_events if e["kind"] == "reply"]
    assert fetch["data"]["reply"]["detail"] == "full"
    assert '<div class="sentences">' in answer and "Friederike Hollerer" in answer
    assert "in European markets" in answer  # the condition her documents leave open
    assert "2 people fit" not in answer and "[source]" in answer
    source = page.get(f"/qa/runs/{second.pk}/source/0/", **htmx()).content.decode()
    assert "Friederike Hollerer" in source and "led marketing for baby formula at Milupa" in source


@pytest.mark.django_db
def test_a_closeperson_asked_by_name_is_answered_about_them_not_as_a_list(page, read_ahead):
    page.post("/qa/ask/", {"example": "0"}, **htmx())
    first = Run.objects.latest("id")
    html = ask(page, "tell me more about Friederike Hollerer", parent=first)
    second = Run.objects.latest("id")
    answer = last_run_html(html, second)
    assert "Friederike Hollerer" in answer and escape("could not search") not in answer
    assert 'class="first-line"' not in answer  # sentences about one person, not a list again


@pytest.mark.django_db
def test_a_follow_up_about_a_place_nobody_stands_at_is_one_sentence_and_searches_nothing(
    page, read_ahead
):
    page.post("/qa/ask/", {"example": "0"}, **htmx())
    first = Run.objects.latest("id")
    html = ask(page, "tell me more about the third close one", parent=first)
    second = Run.objects.latest("id")
    answer = last_run_html(html, second)
    assert "The last answer listed 1 person as close, Friederike Hollerer." in answer
    assert [e for e in second.page_events if e["kind"] == "reply"] == []  # nothing searched
    assert 'class="first-line"' not in answer


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("question", "words"),
    [
        ("only those at Quellmark Foods", "Quellmark Foods"),
        ("only the ones who sold through tenders", "sold through tenders"),
    ],
)
def test_a_follow_up_whose_new_words_are_a_niche_of_their_own_says_them_not_searched(
    page, read_ahead, question, words
):
    """The last answer's niche is read by its address; a niche the follow-up's own words make
    is not read beside it, and the answer says so instead of listing the last answer again as
    if it answered the follow-up."""
    page.post("/qa/ask/", {"example": "0"}, **htmx())
    first = Run.objects.latest("id")
    html = ask(page, question, parent=first)
    answer = last_run_html(html, Run.objects.latest("id"))
    assert escape(f"could not search “{words}”") in answer
    assert "people fit." not in answer.split('class="offered"')[0]
