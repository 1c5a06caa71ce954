"""The stand-in models idea_worlds.py runs the world with.

- `ScriptedWorldModel`: the harness's proof. Its script is written from the world's gold before
  anything runs: every sentence gets one topic made of its own words (its phrasing's longest
  words) with a broader term, and the grouper sorts a label `means_it` for the idea its phrasing
  was planted for (and, under the multi-idea reading, the ideas it also discusses), `no`
  otherwise. Such a model finds every planted sentence; a harness that measures it must then
  name exactly the sentences of the one fault it is given: `no_topic` (a phrasing left without
  any topic, asked alone again too: the reply must say incomplete and count them) or
  `unfitting_topic` (a phrasing given a topic that does not fit its idea: the reply still says
  complete, and only the harness can name them). A third, `disagreement`, proves the double
  judgment: one phrasing's label is sorted `means_it` when shown its first sentence in document
  order and `no` when shown any other, so its second judgment disagrees and every part under
  it must land in possibly, never in no.
  The script is JSON (`script()`), and answers each request by the sentence's text and the
  label's words, so it does not depend on the ids the store gives; the product's scripted
  provider matches whole requests, which several parts a call make unpredictable here.
- `LatencyModel`: any provider, plus a fixed latency a call, timing what it spent inside the
  model so the product's own share of a labelling run can be told apart.
"""

from __future__ import annotations

import json
import re
import threading
import time
from typing import Any

from benchmarks.scale._idea_world import IDEAS, NEAR_MISSES, PHRASINGS, PLANTED, SLOT, World
from limma.door.providers import ProviderReply

NO_TOPIC = "no_topic"
UNFITTING_TOPIC = "unfitting_topic"
DISAGREEMENT = "disagreement"
FAULTS = (NO_TOPIC, UNFITTING_TOPIC, DISAGREEMENT)
# The phrasing each fault is planted on, and the topic that does not fit.
FAULT_PHRASING = {
    NO_TOPIC: "charges_in_line_with_inflation",
    UNFITTING_TOPIC: "logs_purged",
    DISAGREEMENT: "list_prices_increase",
}
UNFITTING = ("log files", "software")

BROADER = {
    "price_increase": "pricing",
    "data_retention": "data retention",
    "termination": "contract termination",
    "late_payment": "late payment",
    "security_breach": "security",
    "remote_work": "remote work",
}
STOP_TEXT = (
    "a an and any are as at be by can for from if in is it its of on or our so the their then "
    "this to up us we will with within your after before every each more than all"
)
STOP = frozenset(STOP_TEXT.split())
WORD = re.compile(r"[A-Za-z][A-Za-z'-]+")


def topic_of(template: str, words: int = 3) -> str:
    """The template's longest words (slots aside), in the order the sentence says them."""
    found = [w for w in WORD.findall(SLOT.sub(" ", template)) if w.casefold() not in STOP]
    chosen = set(sorted(found, key=lambda w: (-len(w), found.index(w)))[:words])
    return " ".join(w.casefold() for w in found if w in chosen)


class ScriptedWorldModel:
    """part_labeller and idea_grouper answered from a script written from the world's gold."""

    name = "scripted"
    paid = False

    def __init__(self, world: World, fault: str = "") -> None:
        if fault and fault not in FAULTS:
            raise ValueError(f"fault is one of {FAULTS}")
        self.fault = fault
        self.topics: dict[str, list[tuple[str, str]]] = {}
        self.verdicts: dict[str, dict[str, str]] = {idea.question: {} for idea in IDEAS}
        by_key = {p.key: p for p in PHRASINGS + NEAR_MISSES}
        # The label judged two ways, and the one example its first judgment is shown.
        self.split: dict[str, str] = {}
        for _, sentence in world.gold():
            faulted = sentence.role == PLANTED and sentence.phrasing == FAULT_PHRASING.get(fault)
            if faulted and fault in (NO_TOPIC, UNFITTING_TOPIC):
                topics = [] if fault == NO_TOPIC else [UNFITTING]
            elif sentence.phrasing:
                phrasing = by_key[sentence.phrasing]
                broader = BROADER[phrasing.idea] if sentence.role == PLANTED else "general"
                topics = [(topic_of(phrasing.template), broader)]
            else:
                topics = [(topic_of(sentence.text, words=2), "general")]
            self.topics[sentence.text] = topics
            if faulted and fault == DISAGREEMENT:
                self.split.setdefault(topics[0][0], sentence.text)
            for label, _ in topics:
                for idea in IDEAS:
                    means = sentence.discusses(idea.key, "multi") and (label, _) != UNFITTING
                    previous = self.verdicts[idea.question].get(label)
                    if previous is not None and (previous == "means_it") != means:
                        raise ValueError(f"the script gives {label!r} two verdicts")
                    self.verdicts[idea.question][label] = "means_it" if means else "no"
        self.lock = threading.Lock()
        self.calls: dict[str, int] = {}

    def script(self) -> str:
        return json.dumps(
            {"part_labeller": self.topics, "idea_grouper": self.verdicts}, indent=1, sort_keys=True
        )

    def available(self, role: str) -> bool:
        return role in ("part_labeller", "idea_grouper")

    def complete(self, *, spec, request, model, timeout, max_retries, max_tokens) -> ProviderReply:
        data = request.model_dump(mode="json")
        with self.lock:
            self.calls[spec.name] = self.calls.get(spec.name, 0) + 1
        if spec.name == "part_labeller":
            reply: dict[str, Any] = {
                "parts": [
                    {
                        "part_id": part["part_id"],
                        "sentences": [
                            {
                                "sentence_id": s["sentence_id"],
                                "topics": [
                                    {"topic": topic, "broader": broader}
                                    for topic, broader in self.topics.get(s["text"], [])
                                ],
                            }
                            for s in part["sentences"]
                        ],
                    }
                    for part in data["parts"]
                ]
            }
        else:
            reply = {
                "verdicts": [
                    {"label": item["label"], "verdict": self.verdict(data["idea"], item)}
                    for item in data["labels"]
                ]
            }
        return ProviderReply(json.dumps(reply), tokens_in=len(json.dumps(data)) // 4, tokens_out=40)

    def verdict(self, idea: str, item: dict[str, str]) -> str:
        verdict = self.verdicts.get(idea, {}).get(item["label"], "no")
        first = self.split.get(item["label"])
        if verdict == "means_it" and first is not None and item["example"] != first:
            return "no"
        return verdict


class LatencyModel:
    """Another provider's replies, each after a fixed latency; `inside` is the time spent here."""

    def __init__(self, provider, latency: float) -> None:
        self.provider = provider
        self.latency = latency
        self.name = provider.name
        self.paid = provider.paid
        self.inside = 0.0
        self.calls = 0

    def available(self, role: str) -> bool:
        return self.provider.available(role)

    def complete(self, **kwargs) -> ProviderReply:
        started = time.perf_counter()
        reply = self.provider.complete(**kwargs)
        wait = self.latency - (time.perf_counter() - started)
        if wait > 0:
            time.sleep(wait)
        self.inside += time.perf_counter() - started
        self.calls += 1
        return reply
