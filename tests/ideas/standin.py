"""A stand-in model for the two idea roles: topics by sentence, verdicts by label, every request
kept so a test can read what the model was shown."""

from __future__ import annotations

import json
from collections.abc import Callable

from limma.door.providers import ProviderReply

Verdict = str | Callable[[str, dict], str]  # a verdict, or (idea, label item) -> verdict


class StandIn:
    name = "scripted"
    paid = False

    def __init__(
        self,
        *,
        topics: dict[str, list[tuple[str, str]]] | None = None,
        verdicts: dict[str, Verdict] | None = None,
        default_verdict: str = "no",
        labeller: bool = True,
        grouper: bool = True,
    ) -> None:
        self.topics = topics or {}
        self.verdicts = verdicts or {}
        self.default_verdict = default_verdict
        self.roles = {
            role for role, on in (("part_labeller", labeller), ("idea_grouper", grouper)) if on
        }
        self.requests: dict[str, list[dict]] = {"part_labeller": [], "idea_grouper": []}

    def available(self, role: str) -> bool:
        return role in self.roles

    def grouper_calls(self) -> list[dict]:
        return self.requests["idea_grouper"]

    def complete(self, *, spec, request, model, timeout, max_retries, max_tokens) -> ProviderReply:
        data = request.model_dump(mode="json")
        self.requests[spec.name].append(data)
        if spec.name == "part_labeller":
            reply = {"parts": [self._part(part) for part in data["parts"]]}
        else:
            reply = {
                "verdicts": [
                    {"label": item["label"], "verdict": self._verdict(data["idea"], item)}
                    for item in data["labels"]
                ]
            }
        return ProviderReply(json.dumps(reply), tokens_in=10, tokens_out=5)

    def _part(self, part: dict) -> dict:
        return {
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

    def _verdict(self, idea: str, item: dict) -> str:
        verdict = self.verdicts.get(item["label"], self.default_verdict)
        return verdict(idea, item) if callable(verdict) else verdict
