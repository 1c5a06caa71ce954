"""The follow-up box takes any question: what decides is what the words refer to
(docs/pages.md#a-follow-up). Near neighbours both ways: a follow-up that points into the answer,
and a question of its own that shares its words."""

from __future__ import annotations

import pytest

from qa_view.models import Run
from qa_view.page.reference import refers_to_answer
from tests.qa_view.conftest import htmx

LISTED = ["Greta Ostrander", "Margaux Delacroix", "Jan van der Berg"]

REFERS = [
    "the second one",
    "tell me more about the second one",
    "and the last one?",
    "what about number 2?",
    "the first of the close ones",
    "tell me more about the close one",
    "only those in Germany",
    "just the ones in Austria",
    "why not her?",
    "why is he not listed?",
    "how many of them are in Germany?",
    "which of these sold through distributors?",
    "and in Austria?",
    "what about France?",
    "except Germany",
    "tell me more about Greta",
    "what does Ostrander's profile say?",
    "tell me more about margaux delacroix",
    "Are any of them based in Switzerland?",
]
OWN = [
    "Anyone in Austria selling surgical stapling devices through public procurement?",
    "How many people are based in Poland?",
    "Who in Switzerland sold surgical staplers through public tenders in the DACH region?",
    "Who sold surgical staplers in the second quarter?",  # a time, not a place in a list
    "Who marketed baby formula last year?",
    "Those who sold surgical staplers through public tenders in Germany",
    "What's the capital of France?",
    "write me a poem",
    "and who in Austria sold surgical staplers through public tenders in the DACH region?",
    "List everyone based in the Netherlands",  # "van der" of a listed name is no reference
    "Who has marketed infant formula in European markets for 20+ years?",
    "Count the people based in Germany",
]


@pytest.mark.parametrize("question", REFERS)
def test_a_follow_up_that_points_into_the_answer_refers_to_it(question):
    assert refers_to_answer(question, people=LISTED)


@pytest.mark.parametrize("question", OWN)
def test_a_question_of_its_own_does_not_refer_to_the_answer(question):
    assert not refers_to_answer(question, people=LISTED)


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("question", "handed"),
    [
        ("only those in Germany", True),
        ("Who in Germany led marketing for baby formula?", False),
        ("tell me more about Greta Ostrander", True),
        ("Who is based in France?", False),
    ],
)
def test_the_follow_up_box_hands_the_answer_only_to_a_follow_up_that_refers_to_it(
    page, read_ahead, question, handed
):
    page.post("/qa/ask/", {"example": "0"}, **htmx())
    first = Run.objects.latest("id")
    page.post("/qa/ask/", {"question": question, "parent": first.pk}, **htmx())
    asked = Run.objects.latest("id")
    assert asked.parent == first  # the conversation holds it either way
    assert (asked.follow_up is not None) is handed


@pytest.mark.django_db
def test_a_new_question_in_the_follow_up_box_is_answered_as_in_the_top_box(page, read_ahead):
    question = "Who is based in France?"
    top = page.post("/qa/ask/", {"question": question}, **htmx())
    alone = Run.objects.latest("id")
    page.post("/qa/ask/", {"example": "0"}, **htmx())
    first = Run.objects.latest("id")
    page.post("/qa/ask/", {"question": question, "parent": first.pk}, **htmx())
    under = Run.objects.latest("id")
    assert top.status_code == 200
    assert under.page_events == alone.page_events
    assert under.answer == alone.answer
