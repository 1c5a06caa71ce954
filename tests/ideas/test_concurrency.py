"""Two questions of one idea at once: each label is stored once, a second judgment counted once,
and a document handed to the labeller once — on SQLite and on PostgreSQL."""

from __future__ import annotations

import threading

import pytest
from django.db import connection

from ideas import handoff
from ideas.labelling import documents_label
from ideas.models import IdeaVerdict
from ideas.question import idea_ask
from limma import door
from limma.models import ApiKey, Part
from limma.services.ingest import document_ingest
from tests.factories import make_key
from tests.ideas.conftest import IDEA
from tests.ideas.standin import StandIn
from tests.markers import on_postgresql

pytestmark = [pytest.mark.django_db(transaction=True), on_postgresql]

FEES = [
    "We raise our fees every spring.",
    "Suppliers may raise our fees too.",
    "Nobody will raise our fees twice.",
]


class Meeting(StandIn):
    """A grouper whose calls wait for each other, so both questions judge before either stores."""

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self.barrier = threading.Barrier(2, timeout=10)

    def complete(self, **kwargs):
        if kwargs["spec"].name == "idea_grouper":
            self.barrier.wait()
        return super().complete(**kwargs)


def in_two_threads(target, results: list | None = None) -> list[BaseException]:
    errors: list[BaseException] = []

    def run() -> None:
        try:
            result = target()
            if results is not None:
                results.append(result)
        except BaseException as error:  # handed back to the test
            errors.append(error)
        finally:
            connection.close()

    threads = [threading.Thread(target=run) for _ in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(30)
    return errors


@pytest.fixture
def fees_world(workspace):
    model = Meeting(topics={s: [("raise our fees", "pricing")] for s in FEES})
    with door.use_provider(model):
        document = document_ingest(
            workspace=workspace, entity_name="N", kind="note", text="\n\n".join(FEES)
        ).document
        documents_label(document_ids=[document.pk])
        key, _ = make_key(workspace, role="analyst")
        yield model, ApiKey.objects.get(pk=key.pk)


def ask(workspace, key, budget):
    return lambda: idea_ask(key=key, workspace=workspace, idea=IDEA, budget_raw=budget)


def test_two_first_judgments_at_once_store_one_verdict(workspace, fees_world):
    model, key = fees_world

    errors = in_two_threads(ask(workspace, key, {"max_calls": 1}))

    assert errors == []
    assert len(model.grouper_calls()) == 2
    assert list(IdeaVerdict.objects.values_list("label", "judgments")) == [("raise our fees", 1)]


def test_two_second_judgments_at_once_are_counted_once(workspace, fees_world):
    model, key = fees_world
    IdeaVerdict.objects.create(
        workspace=workspace, idea=IDEA, label="raise our fees", verdict="means_it", judgments=1
    )
    answers = iter(["no", "means_it"])
    lock = threading.Lock()

    def second(idea, item):
        with lock:
            return next(answers)

    model.verdicts["raise our fees"] = second

    outcomes: list = []
    errors = in_two_threads(ask(workspace, key, None), outcomes)

    assert errors == []
    assert len(model.grouper_calls()) == 2
    assert sum(outcome.grouping.judged_twice for outcome in outcomes) == 1
    assert IdeaVerdict.objects.get().judgments == 2


def test_two_questions_at_once_hand_a_document_to_the_labeller_once(workspace, monkeypatch):
    with door.use_provider(StandIn(labeller=False)):
        document = document_ingest(
            workspace=workspace, entity_name="N", kind="note", text="A b."
        ).document
    Part.objects.filter(document=document).update(label_state=Part.LabelState.DEFERRED)
    queued: list[list[int]] = []
    monkeypatch.setattr(handoff, "async_task", lambda name, ids: queued.append(ids))
    start = threading.Barrier(2, timeout=10)

    def hand_on() -> None:
        start.wait()
        handoff.documents_hand_on(document.workspace.documents.all())

    with door.use_provider(StandIn()):
        errors = in_two_threads(hand_on)

    assert errors == []
    assert queued == [[document.pk]]
