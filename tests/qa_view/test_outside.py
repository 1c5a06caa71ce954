"""A question about nothing the directory holds is said to be outside it at once: nothing read,
no model called, no judgment written; never a niche the documents state, in their words or
others (docs/pages.md#a-question-about-nothing-the-directory-holds)."""

from __future__ import annotations

import pytest
from django.utils.html import escape

from criteria.models import Judgment
from limma.models import LedgerEntry
from qa_view.models import Run
from qa_view.page.outside import OUTSIDE_SENTENCE, asks_for_people, outside_the_directory
from tests.qa_view.conftest import htmx

pytestmark = pytest.mark.django_db

OUTSIDE = [
    "What's the capital of France?",
    "write me a poem",
    "what time is it in Tokyo",
    "tell me a joke",
    "What is the weather in Paris today?",
    "How do I bake bread?",
]
INSIDE = [
    "baby formula marketing in Europe",  # a niche without a word for people, in their words
    "infant milk brand management across Europe",  # and in other words
    "marketing of infant nutrition in Poland for twenty years",
    "Who in Germany led marketing for baby formula?",
    "How many people are based in France?",
    "experts in Austria",
    "Who won the World Cup in 2014?",  # asks for people: searched, never said to be outside
]


@pytest.mark.parametrize("question", OUTSIDE)
def test_a_question_about_nothing_the_directory_holds_is_outside(directory, visitor, question):
    assert outside_the_directory(question, key=visitor.api_key)


@pytest.mark.parametrize("question", INSIDE)
def test_a_niche_or_a_question_for_people_is_never_outside(directory, visitor, question):
    assert not outside_the_directory(question, key=visitor.api_key)


@pytest.mark.parametrize(
    ("question", "people"),
    [
        ("Who sold staplers?", True),
        ("Which marketers of infant milk work in the Benelux?", True),
        ("How many are based in Poland?", True),
        ("List everyone in Austria", True),
        ("What is the weather in Paris?", False),
        ("write me a poem", False),
        ("infant formula in European markets", False),
        ("Wer in Deutschland hat Babynahrung vermarktet?", True),
        ("Qui a vendu des agrafeuses chirurgicales en Suisse ?", True),
    ],
)
def test_whether_a_question_asks_for_people(question, people):
    assert asks_for_people(question) is people


def test_the_page_says_so_at_once_and_reads_nothing(page, read_ahead):
    judgments, ledger = Judgment.objects.count(), LedgerEntry.objects.count()
    html = page.post("/qa/ask/", {"question": "what time is it in Tokyo"}, **htmx()).content
    run = Run.objects.latest("id")
    assert escape(OUTSIDE_SENTENCE) in html.decode()
    assert run.state == Run.State.DONE and run.page_events == []
    assert Judgment.objects.count() == judgments and LedgerEntry.objects.count() == ledger


def test_a_workspace_with_no_documents_decides_nothing(db):
    from qa_view.page.visitors import visitor_create
    from tests.factories import make_workspace

    empty, _ = visitor_create(workspace=make_workspace("Empty"), name="Nobody Yet")
    assert not outside_the_directory("write me a poem", key=empty.api_key)
