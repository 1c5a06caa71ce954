"""Labelling at load, in the background: topics kept by rule, gaps recorded, safe to run twice."""

from __future__ import annotations

import json

import pytest

from ideas.models import PartLabel
from ideas.tasks import document_label
from ideas.topics import topic_fault
from limma import door
from limma.door.providers import ProviderReply
from limma.models import CoverageGap, LedgerEntry, Part, Sentence
from tests.factories import make_document

MEMO = (
    "Pricing\n"
    "We reserve the right to raise our fees once a year.\n\n"
    "The price list is attached.\n\n"
    "Thanks for reading."
)


class RuleLabeller:
    """A stand-in labeller: the first two words of each sentence, except sentences it skips."""

    name = "scripted"
    paid = False

    def __init__(self, *, skip: str = "") -> None:
        self.skip = skip
        self.requests: list[dict] = []

    def available(self, role: str) -> bool:
        return role == "part_labeller"

    def complete(self, *, spec, request, model, timeout, max_retries, max_tokens) -> ProviderReply:
        data = request.model_dump(mode="json")
        self.requests.append(data)
        parts = [
            {
                "part_id": part["part_id"],
                "sentences": [
                    {
                        "sentence_id": s["sentence_id"],
                        "topics": []
                        if self.skip and self.skip in s["text"]
                        else [{"topic": " ".join(s["text"].split()[:2]), "broader": "business"}],
                    }
                    for s in part["sentences"]
                ],
            }
            for part in data["parts"]
        ]
        return ProviderReply(json.dumps({"parts": parts}), tokens_in=100, tokens_out=20)


@pytest.mark.parametrize(
    ("topic", "broader", "fault"),
    [
        pytest.param("raise our fees", "pricing", None, id="short_and_from_its_part"),
        pytest.param(
            "tariff hike", "pricing", "topic_uses_no_word_of_its_part", id="no_word_of_part"
        ),
        pytest.param("we reserve the right to raise", "pricing", "topic_too_long", id="six_words"),
        pytest.param("", "pricing", "topic_empty", id="empty"),
        pytest.param("fees", "", "broader_missing", id="no_broader"),
        pytest.param(
            "We may raise our fees", "pricing", "topic_restates_its_sentence", id="restates"
        ),
        pytest.param("Ráise", "pricing", None, id="accents_aside"),
        pytest.param(
            "We  may RAISE our fees!", "pricing", "topic_restates_its_sentence", id="case"
        ),
    ],
)
def test_which_topics_are_kept(topic, broader, fault):
    sentence = "We may raise our fees."
    part = "Pricing. We may raise our fees."

    assert topic_fault(topic, broader, sentence=sentence, part=part) == fault


@pytest.mark.django_db
def test_ingest_with_a_labeller_labels_every_sentence_in_the_background(
    workspace, django_capture_on_commit_callbacks
):
    labeller = RuleLabeller()
    with door.use_provider(labeller), django_capture_on_commit_callbacks(execute=True):
        ingested = make_document(workspace, kind="note", text=MEMO)

    document = ingested.document
    assert set(document.parts.values_list("label_state", flat=True)) == {"labelled"}
    labels = {
        (label.label, MEMO[label.sentence.char_start : label.sentence.char_end])
        for label in PartLabel.objects.select_related("sentence")
    }
    assert ("We reserve", "We reserve the right to raise our fees once a year.") in labels
    assert LedgerEntry.objects.filter(role="part_labeller", outcome="ok").count() == 1


@pytest.mark.django_db
def test_a_sentence_left_without_a_topic_is_asked_again_then_recorded(
    workspace, django_capture_on_commit_callbacks
):
    labeller = RuleLabeller(skip="price list")
    with door.use_provider(labeller), django_capture_on_commit_callbacks(execute=True):
        document = make_document(workspace, kind="note", text=MEMO).document

    skipped = Sentence.objects.get(document=document, unlabelled=True)
    assert MEMO[skipped.char_start : skipped.char_end] == "The price list is attached."
    assert len(labeller.requests) == 2, "the whole batch, then the one sentence alone"
    assert len(labeller.requests[1]["parts"][0]["sentences"]) == 1
    gap = CoverageGap.objects.get(part=skipped.part)
    assert (gap.relation, gap.reason) == ("part_label", "sentence_not_labelled")


@pytest.mark.django_db
def test_the_labelling_task_run_twice_writes_nothing_twice(
    workspace, django_capture_on_commit_callbacks
):
    labeller = RuleLabeller()
    with door.use_provider(labeller):
        with django_capture_on_commit_callbacks(execute=True):
            document = make_document(workspace, kind="note", text=MEMO).document
        labels = PartLabel.objects.count()
        Part.objects.filter(document=document).update(label_state="queued")
        document_label(document.pk)

    assert PartLabel.objects.count() == labels


@pytest.mark.django_db
def test_a_failed_labelling_call_marks_the_parts_failed(
    workspace, django_capture_on_commit_callbacks
):
    with (
        door.scripted_replies("part_labeller", [{"when": {}, "raw": "not json"}]),
        django_capture_on_commit_callbacks(execute=True),
    ):
        document = make_document(workspace, kind="note", text=MEMO).document

    assert set(document.parts.values_list("label_state", flat=True)) == {"failed"}
    assert LedgerEntry.objects.get().outcome == "invalid_reply"


class FailingAlone(RuleLabeller):
    """Labels the first call's sentences but the price list; the call asking it alone fails."""

    def complete(self, *, spec, request, model, timeout, max_retries, max_tokens) -> ProviderReply:
        if len(self.requests) == 1:
            self.requests.append(request.model_dump(mode="json"))
            return ProviderReply("not json", tokens_in=1, tokens_out=1)
        return super().complete(
            spec=spec,
            request=request,
            model=model,
            timeout=timeout,
            max_retries=max_retries,
            max_tokens=max_tokens,
        )


@pytest.mark.django_db
def test_a_sentence_asked_again_alone_is_told_why(workspace, django_capture_on_commit_callbacks):
    labeller = RuleLabeller(skip="price list")
    with door.use_provider(labeller), django_capture_on_commit_callbacks(execute=True):
        make_document(workspace, kind="note", text=MEMO)

    first, alone = labeller.requests
    assert all(s.get("why") is None for p in first["parts"] for s in p["sentences"])
    assert alone["parts"][0]["sentences"][0]["why"] == "No topic was given for this sentence."


@pytest.mark.django_db
def test_a_failed_second_call_leaves_its_part_failed_and_a_later_labelling_closes_the_gap(
    workspace, django_capture_on_commit_callbacks
):
    with door.use_provider(FailingAlone(skip="price list")):
        with django_capture_on_commit_callbacks(execute=True):
            document = make_document(workspace, kind="note", text=MEMO).document
        price_list = Sentence.objects.get(document=document, char_start=MEMO.index("The price"))
        assert price_list.part.label_state == "failed"
        assert not price_list.unlabelled, "a failed call is not a sentence given no topic"

    Part.objects.filter(pk=price_list.part_id).update(label_state="queued")
    with door.use_provider(RuleLabeller()):
        document_label(document.pk)

    price_list.refresh_from_db()
    assert price_list.part.label_state == "labelled"
    assert PartLabel.objects.filter(sentence=price_list).exists()
    assert not CoverageGap.objects.filter(part=price_list.part).exists()


@pytest.mark.django_db
def test_a_sentence_labelled_on_a_later_try_closes_its_gap(
    workspace, django_capture_on_commit_callbacks
):
    with (
        door.use_provider(RuleLabeller(skip="price list")),
        django_capture_on_commit_callbacks(execute=True),
    ):
        document = make_document(workspace, kind="note", text=MEMO).document
    skipped = Sentence.objects.get(document=document, unlabelled=True)
    assert CoverageGap.objects.filter(part=skipped.part).exists()

    Part.objects.filter(pk=skipped.part_id).update(label_state="queued")
    with door.use_provider(RuleLabeller()):
        document_label(document.pk)

    skipped.refresh_from_db()
    assert not skipped.unlabelled
    assert not CoverageGap.objects.filter(part=skipped.part).exists()
