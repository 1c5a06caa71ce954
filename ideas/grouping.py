"""Grouping at question time: the labels in scope sorted for one idea, 25 a call.

Every label new to the idea gets its first judgment before any label gets its second, so a
label is judged twice in two different calls. A label carried by more than two parts (counted
over the caller's own documents) is judged a second time, shown a different sentence when the
caller's documents hold one; it means it only when both judgments say so, and a disagreement is
possibly, never no. Verdicts are stored under the idea's normalised words with how many
judgments they rest on; a model call is never made inside a transaction (limma/door/gate.py).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field

from django.db import IntegrityError, transaction

from ideas.budget import LABELS_PER_CALL, IdeaBudget
from ideas.models import IdeaVerdict
from ideas.scope import LabelInScope
from limma import door
from limma.door.errors import ModelCallFailed, ModelReplyInvalid, ModelUnavailable, SpendSwitchOff
from limma.models import Workspace

SECOND_JUDGMENT_OVER_PARTS = 2  # a label carried by more parts than this is judged twice
EXAMPLES_READ = 8  # sentences read to find a second example different from the first
MEANS_IT, POSSIBLY, NO = "means_it", "possibly", "no"

# sentence ids -> {id: (text, start, end)}, read under the caller's access.
SentenceReader = Callable[[list[int]], dict[int, tuple[str, int, int]]]


@dataclass(frozen=True)
class Stored:
    verdict: str
    judgments: int


@dataclass
class Grouping:
    """What one question sorted, and how each label in scope stands for the idea."""

    stored: dict[str, Stored]
    reused: int = 0
    judged_now: int = 0
    judged_twice: int = 0
    disagreed: int = 0
    calls: int = 0
    failed_calls: int = 0
    judged: set[str] = field(default_factory=set)

    def settled(self, label: LabelInScope) -> bool:
        """Sorted for the idea: judged, and twice when carried by more than two parts."""
        stored = self.stored.get(label.key)
        return stored is not None and (stored.judgments >= 2 or not needs_second(label))

    def verdict(self, label: LabelInScope) -> str | None:
        """The verdict a part under this label is filed by: a settled one, or possibly while a
        first judgment other than no waits for its second; None when nothing is filed."""
        stored = self.stored.get(label.key)
        if stored is None:
            return None
        if self.settled(label):
            return stored.verdict
        return POSSIBLY if stored.verdict != NO else None


def needs_second(label: LabelInScope) -> bool:
    return len(label.parts) > SECOND_JUDGMENT_OVER_PARTS


def combined(first: str, second: str) -> str:
    """Two judgments as one verdict: means it only when both say so; a disagreement is possibly."""
    return first if first == second else POSSIBLY


def stored_verdicts(workspace: Workspace, idea: str, keys: list[str]) -> dict[str, Stored]:
    rows = IdeaVerdict.objects.filter(workspace=workspace, idea=idea).values_list(
        "label", "verdict", "judgments"
    )
    wanted = set(keys)
    return {label: Stored(v, n) for label, v, n in rows if label in wanted}


def to_sort(labels: dict[str, LabelInScope], stored: dict[str, Stored]) -> list[LabelInScope]:
    """The labels this idea still needs a judgment of (first or second), in document order."""
    return [
        label
        for label in labels.values()
        if label.key not in stored or (stored[label.key].judgments < 2 and needs_second(label))
    ]


def chunks(items: list[LabelInScope]) -> Iterator[list[LabelInScope]]:
    for start in range(0, len(items), LABELS_PER_CALL):
        yield items[start : start + LABELS_PER_CALL]


def labels_group(
    *,
    workspace: Workspace,
    idea: str,
    idea_key: str,
    labels: dict[str, LabelInScope],
    budget: IdeaBudget,
    read_sentences: SentenceReader,
    context: door.CallContext,
) -> Grouping:
    """Sort what is new for the idea within the budget; what is left waits for the next call."""
    grouping = Grouping(stored=stored_verdicts(workspace, idea_key, list(labels)))
    grouping.reused = sum(1 for key in labels if key in grouping.stored)
    pending = to_sort(labels, grouping.stored)
    if not pending or budget.max_calls == 0 or not door.available("idea_grouper"):
        return grouping
    deadline = time.monotonic() + budget.max_seconds
    firsts = [label for label in pending if label.key not in grouping.stored]
    for batch in chunks(firsts):
        if not _may_call(grouping, budget, deadline):
            return grouping
        verdicts = _judge(idea, batch, _first_examples(batch, read_sentences), context, grouping)
        if verdicts is None:
            continue
        _store_firsts(workspace, idea_key, batch, verdicts, grouping)
    seconds = [
        label
        for label in labels.values()
        if needs_second(label)
        and label.key in grouping.stored
        and grouping.stored[label.key].judgments < 2
    ]
    for batch in chunks(seconds):
        if not _may_call(grouping, budget, deadline):
            return grouping
        verdicts = _judge(idea, batch, _second_examples(batch, read_sentences), context, grouping)
        if verdicts is None:
            continue
        _store_seconds(workspace, idea_key, batch, verdicts, grouping)
    return grouping


def _may_call(grouping: Grouping, budget: IdeaBudget, deadline: float) -> bool:
    return grouping.calls < budget.max_calls and time.monotonic() < deadline


def _first_examples(batch: list[LabelInScope], read: SentenceReader) -> dict[str, str]:
    """Each label's first sentence in document order among the caller's documents."""
    firsts = {label.key: next(iter(label.sentences)) for label in batch}
    texts = read(list(firsts.values()))
    return {key: texts[sentence][0] for key, sentence in firsts.items() if sentence in texts}


def _second_examples(batch: list[LabelInScope], read: SentenceReader) -> dict[str, str]:
    """A sentence other than the first when the caller's documents hold one, else the first."""
    candidates = {label.key: list(label.sentences)[:EXAMPLES_READ] for label in batch}
    texts = read([s for ids in candidates.values() for s in ids])
    examples = {}
    for key, ids in candidates.items():
        shown = [texts[s][0] for s in ids if s in texts]
        if shown:
            examples[key] = next((text for text in shown[1:] if text != shown[0]), shown[0])
    return examples


def _judge(
    idea: str,
    batch: list[LabelInScope],
    examples: dict[str, str],
    context: door.CallContext,
    grouping: Grouping,
) -> dict[str, str] | None:
    """One idea_grouper call; the verdicts it gave each label of the batch, exactly one each."""
    asked = [label for label in batch if label.key in examples]
    if not asked:
        return None
    request = {
        "idea": idea,
        "labels": [
            {"label": label.label, "broader": label.broader, "example": examples[label.key]}
            for label in asked
        ],
    }
    grouping.calls += 1
    try:
        reply = door.call("idea_grouper", request, context=context)
    except (ModelUnavailable, SpendSwitchOff, ModelCallFailed, ModelReplyInvalid):
        grouping.failed_calls += 1
        return None
    given: dict[str, list[str]] = {}
    for verdict in reply.verdicts:
        given.setdefault(verdict.label, []).append(verdict.verdict)
    # A label answered twice, or not at all, is left for the next call.
    return {
        label.key: given[label.label][0]
        for label in asked
        if len(set(given.get(label.label, []))) == 1
    }


def _store_firsts(
    workspace: Workspace,
    idea_key: str,
    batch: list[LabelInScope],
    verdicts: dict[str, str],
    grouping: Grouping,
) -> None:
    for label in batch:
        if label.key not in verdicts:
            continue
        try:
            with transaction.atomic():
                row, created = IdeaVerdict.objects.get_or_create(
                    workspace=workspace,
                    idea=idea_key,
                    label=label.key,
                    defaults={"verdict": verdicts[label.key], "judgments": 1},
                )
        except IntegrityError:  # another question stored it first: theirs stands
            row, created = (
                IdeaVerdict.objects.get(workspace=workspace, idea=idea_key, label=label.key),
                False,
            )
        grouping.stored[label.key] = Stored(row.verdict, row.judgments)
        if created:
            grouping.judged_now += 1
            grouping.judged.add(label.key)


def _store_seconds(
    workspace: Workspace,
    idea_key: str,
    batch: list[LabelInScope],
    verdicts: dict[str, str],
    grouping: Grouping,
) -> None:
    keys = [label.key for label in batch if label.key in verdicts]
    with transaction.atomic():
        rows = IdeaVerdict.objects.select_for_update().filter(
            workspace=workspace, idea=idea_key, label__in=keys
        )
        for row in rows:
            if row.judgments < 2:
                second = verdicts[row.label]
                if second != row.verdict:
                    grouping.disagreed += 1
                row.verdict, row.judgments = combined(row.verdict, second), 2
                row.save(update_fields=["verdict", "judgments", "updated_at"])
                grouping.judged_twice += 1
                if row.label not in grouping.judged:
                    grouping.judged_now += 1
                    grouping.judged.add(row.label)
            grouping.stored[row.label] = Stored(row.verdict, row.judgments)
