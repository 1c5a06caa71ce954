"""Grouping at question time: 25 labels a call, the double judgment, the budget and the keys."""

from __future__ import annotations

import pytest

from ideas.models import IdeaVerdict
from tests.ideas.conftest import IDEA

pytestmark = pytest.mark.django_db

FEES = [
    "We raise our fees every spring.",
    "Suppliers may raise our fees too.",
    "Nobody will raise our fees twice.",
]


def paragraphs(sentences: list[str]) -> str:
    return "\n\n".join(sentences)


def many_labels(standin, n: int) -> list[str]:
    sentences = [f"Clause number{i} names item{i}." for i in range(n)]
    for i, sentence in enumerate(sentences):
        standin.topics[sentence] = [(f"item{i}", "misc")]
    return sentences


def test_the_distinct_labels_go_to_the_grouper_25_a_call(standin, load, ask):
    load(paragraphs(many_labels(standin, 30)))

    _, r = ask(idea=IDEA, detail="full")

    assert [len(call["labels"]) for call in standin.grouper_calls()] == [25, 5]
    assert r["idea_block"]["grouping"]["judged_now"] == 30
    assert r["complete"] is True


def test_each_label_is_shown_with_the_first_sentence_it_was_given_for(standin, load, ask):
    standin.topics.update({s: [("raise our fees", "pricing")] for s in FEES})
    load(paragraphs(FEES[:2]))

    ask(idea=IDEA)

    (call,) = standin.grouper_calls()
    assert call["labels"] == [
        {"label": "raise our fees", "broader": "pricing", "example": FEES[0]}
    ], "two parts: judged once"


def test_a_label_on_more_than_two_parts_is_judged_twice_in_two_calls_with_another_sentence(
    standin, load, ask
):
    standin.topics.update({s: [("raise our fees", "pricing")] for s in FEES})
    load(paragraphs(FEES))

    _, r = ask(idea=IDEA, detail="full")

    first, second = standin.grouper_calls()
    assert first["labels"][0]["example"] == FEES[0]
    assert second["labels"][0]["example"] == FEES[1]
    assert r["idea_block"]["grouping"]["judged_twice"] == 1
    assert IdeaVerdict.objects.get().judgments == 2
    assert r["matched"]["total"] == 3


def test_when_every_part_says_the_same_sentence_it_is_shown_again(standin, load, ask):
    standin.topics[FEES[0]] = [("raise our fees", "pricing")]
    load(paragraphs([FEES[0]] * 3))

    ask(idea=IDEA)

    assert [call["labels"][0]["example"] for call in standin.grouper_calls()] == [FEES[0]] * 2


def test_every_first_judgment_is_made_before_any_second(standin, load, ask):
    sentences = many_labels(standin, 26)
    standin.topics.update({s: [("raise our fees", "pricing")] for s in FEES})
    load(paragraphs([*FEES, *sentences]))

    ask(idea=IDEA)

    calls = standin.grouper_calls()
    assert [len(call["labels"]) for call in calls] == [25, 2, 1]
    assert calls[2]["labels"][0]["label"] == "raise our fees"


@pytest.mark.parametrize(
    ("second", "outcome"),
    [
        ("means_it", ("means_it", 3, 0)),
        ("no", ("possibly", 0, 3)),
        ("possibly", ("possibly", 0, 3)),
    ],
)
def test_a_twice_judged_label_means_it_only_when_both_agree(standin, load, ask, second, outcome):
    standin.topics.update({s: [("raise our fees", "pricing")] for s in FEES})
    answers = iter(["means_it", second])
    standin.verdicts["raise our fees"] = lambda idea, item: next(answers)
    load(paragraphs(FEES))

    _, r = ask(idea=IDEA, detail="full")

    stored = IdeaVerdict.objects.get().verdict
    assert (stored, r["matched"]["total"], r["possibly"]["total"]) == outcome
    assert r["idea_block"]["grouping"]["disagreed"] == (second != "means_it")


def test_a_label_judged_once_is_judged_again_once_it_is_carried_by_more_than_two_parts(
    standin, load, ask
):
    standin.topics.update({s: [("raise our fees", "pricing")] for s in FEES})
    load(paragraphs(FEES[:2]))
    ask(idea=IDEA)
    assert IdeaVerdict.objects.get().judgments == 1

    load(FEES[2], file_name="later.txt")
    _, r = ask(idea=IDEA, detail="full")

    assert len(standin.grouper_calls()) == 2
    assert standin.grouper_calls()[1]["labels"][0]["example"] == FEES[1]
    assert IdeaVerdict.objects.get().judgments == 2
    assert r["idea_block"]["grouping"]["judged_twice"] == 1


def test_what_the_budget_leaves_is_counted_and_sorted_by_the_next_call(standin, load, ask):
    load(paragraphs(many_labels(standin, 30)))

    _, first = ask(idea=IDEA, idea_budget={"max_calls": 1})
    _, second = ask(idea=IDEA, idea_budget={"max_calls": 1})

    assert first["complete"] is False
    assert first["incomplete_because"] == {"labels_not_grouped": 5}, "in parts"
    assert (second["complete"], len(standin.grouper_calls())) == (True, 2)


def test_a_first_judgment_left_without_its_second_is_kept_and_counted_not_grouped(
    standin, load, ask
):
    standin.topics.update({s: [("raise our fees", "pricing")] for s in FEES})
    load(paragraphs(FEES))

    _, r = ask(idea=IDEA, idea_budget={"max_calls": 1}, detail="full")

    assert IdeaVerdict.objects.get().judgments == 1
    assert r["incomplete_because"] == {"labels_not_grouped": 3}
    assert r["matched"]["total"] == 0, "means it needs both judgments"
    assert r["possibly"]["total"] == 3
    assert r["idea_block"]["grouping"]["not_grouped"] == 1


def test_max_seconds_zero_sorts_nothing(standin, load, ask):
    load(paragraphs(many_labels(standin, 3)))

    _, r = ask(idea=IDEA, idea_budget={"max_seconds": 0})

    assert standin.grouper_calls() == []
    assert r["incomplete_because"] == {"labels_not_grouped": 3}


def test_a_read_only_key_is_served_stored_verdicts_only(standin, load, ask, viewer):
    load(paragraphs(many_labels(standin, 3)))
    ask(idea=IDEA)
    standin.topics["Clause number9 names item9."] = [("item9", "misc")]
    load("Clause number9 names item9.", file_name="new.txt")

    status, r = ask(client=viewer, idea=IDEA, idea_budget={"max_calls": 0})

    assert status == 200
    assert len(standin.grouper_calls()) == 1
    assert r["incomplete_because"] == {"labels_not_grouped": 1}


def test_a_read_only_key_asking_to_sort_is_refused_with_a_named_403(standin, load, ask, viewer):
    load(paragraphs(many_labels(standin, 3)))

    status, r = ask(client=viewer, idea=IDEA)

    assert status == 403
    assert r["detail"]["type"] == "idea_sort_needs_write"
    assert standin.grouper_calls() == []
    assert IdeaVerdict.objects.count() == 0


def test_a_read_only_key_with_nothing_new_to_sort_is_answered(standin, load, ask, viewer):
    load(paragraphs(many_labels(standin, 3)))
    ask(idea=IDEA)

    status, r = ask(client=viewer, idea=IDEA)

    assert (status, r["complete"]) == (200, True)


def test_a_failed_grouping_call_leaves_its_labels_for_the_next(standin, load, ask):
    load(paragraphs(many_labels(standin, 2)))
    standin.verdicts["item0"] = "maybe"  # not a verdict: the reply does not validate

    _, r = ask(idea=IDEA)

    assert r["incomplete_because"] == {"labels_not_grouped": 2}
    assert IdeaVerdict.objects.count() == 0
