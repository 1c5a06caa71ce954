"""Per-user access, a test for each sentence of the specification's two paragraphs."""

from __future__ import annotations

import json

import pytest

from ideas.models import IdeaVerdict
from tests.factories import make_key
from tests.ideas.conftest import IDEA

pytestmark = pytest.mark.django_db

OPEN = "Prices rise in spring."
HIDDEN = "The board will raise prices secretly."
HIDDEN_ONLY = "The board weighs a secret surcharge."


@pytest.fixture
def general(workspace, client_for):
    """A write key that may read the general group only."""
    return client_for(make_key(workspace, role="analyst", access_groups=["general"])[1])


@pytest.fixture
def world(standin, load):
    standin.topics.update(
        {
            OPEN: [("prices rise", "pricing")],
            HIDDEN: [("prices rise", "pricing"), ("raise prices", "pricing")],
            HIDDEN_ONLY: [("secret surcharge", "pricing")],
        }
    )
    standin.default_verdict = "means_it"
    # The hidden documents come first in document order.
    hidden = load(
        f"{HIDDEN}\n\n{HIDDEN}\n\n{HIDDEN_ONLY}", file_name="board.txt", access_group="board"
    )
    seen = load(OPEN, file_name="open.txt")
    return hidden, seen


def test_a_document_the_user_may_not_open_is_never_counted(world, ask, general):
    _, r = ask(client=general, idea=IDEA)

    assert r["counts"] == {"documents": 1, "parts": 1, "labelled": 1}
    assert r["matched"]["total"] == 1
    assert r["possibly"]["total"] == 0


@pytest.mark.parametrize("detail", ["compact", "full"])
def test_a_document_the_user_may_not_open_is_never_named_or_quoted(world, ask, general, detail):
    hidden, _ = world

    _, r = ask(client=general, idea=IDEA, detail=detail)

    body = json.dumps(r)
    for secret in (hidden.source_id, "board.txt", "board", "secret", "surcharge", "raise prices"):
        assert secret not in body


def test_neither_its_labels_nor_its_sentences_are_shown_to_the_grouping_model(
    world, ask, general, standin
):
    ask(client=general, idea=IDEA)

    shown = json.dumps(standin.grouper_calls())
    assert "secret surcharge" not in shown and "raise prices" not in shown
    assert HIDDEN not in shown and HIDDEN_ONLY not in shown


def test_the_example_under_a_label_is_read_under_the_same_restriction(world, ask, general, standin):
    ask(client=general, idea=IDEA)

    (call,) = standin.grouper_calls()
    assert call["labels"] == [{"label": "prices rise", "broader": "pricing", "example": OPEN}]


def test_the_example_is_the_first_sentence_in_document_order_the_user_may_read(world, ask, standin):
    ask(idea=IDEA)  # the admin key reads every group

    examples = {item["label"]: item["example"] for item in standin.grouper_calls()[0]["labels"]}
    assert examples["prices rise"] == HIDDEN


def test_the_parts_carrying_a_label_are_counted_over_the_user_s_own_documents(
    world, ask, general, standin
):
    # "prices rise" is on three parts in all, but on one the user may read: judged once.
    _, r = ask(client=general, idea=IDEA, detail="full")

    assert len(standin.grouper_calls()) == 1
    assert r["idea_block"]["grouping"]["judged_twice"] == 0


@pytest.fixture
def another(workspace, client_for):
    """A second write key reading the general group: another user."""
    return client_for(make_key(workspace, role="analyst", access_groups=["general"])[1])


def test_a_label_sorted_on_one_user_s_call_is_not_sorted_again_on_another_s(
    world, ask, general, standin, another
):
    ask(client=general, idea=IDEA)
    other = another

    _, r = ask(client=other, idea=IDEA, detail="full")

    assert len(standin.grouper_calls()) == 1
    assert r["idea_block"]["grouping"]["reused"] == 1


def test_a_stored_verdict_holds_no_text_only_the_idea_the_label_the_verdict_and_its_count(
    world, ask
):
    ask(idea=IDEA)

    fields = {field.name for field in IdeaVerdict._meta.concrete_fields}
    assert fields == {"id", "workspace", "idea", "label", "verdict", "judgments", "updated_at"}
    assert set(IdeaVerdict.objects.values_list("label", flat=True)) == {
        "prices rise",
        "raise prices",
        "secret surcharge",
    }
    assert set(IdeaVerdict.objects.values_list("idea", flat=True)) == {IDEA}


def test_a_verdict_judged_on_a_sentence_the_user_cannot_open_carries_at_most_its_word(
    world, ask, general
):
    ask(idea=IDEA)  # judged on the hidden sentence first

    _, r = ask(client=general, idea=IDEA, detail="full")

    (label,) = r["idea_block"]["parts"][0]["labels"]
    assert (label["label"], label["verdict"]) == ("prices rise", "means_it")
    assert HIDDEN not in json.dumps(r)


def test_a_label_only_other_documents_hold_is_never_looked_up_for_the_user(world, ask, general):
    ask(idea=IDEA)

    _, r = ask(client=general, idea=IDEA, detail="full")

    grouping = r["idea_block"]["grouping"]
    assert grouping["labels"] == 1
    assert sum(grouping["verdicts"].values()) == 1


def test_how_many_parts_carry_a_label_elsewhere_is_never_said(world, ask, general):
    ask(idea=IDEA)

    _, r = ask(client=general, idea=IDEA, detail="full")

    assert r["matched"]["total"] == 1
    assert [part["location"] for part in r["idea_block"]["parts"]] == [[0, len(OPEN)]]
