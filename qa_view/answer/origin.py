"""Which search a run's answer came from, read off its page events, and whether it asked a niche.

The stage after qa_view.answer.stream: it draws nothing, so [source] (qa_view.answer.source)
reads the Search here without how the page draws the answer.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

REPLY, DONE, ERROR = "reply", "done", "error"


@dataclass(frozen=True)
class Search:
    """The search an answer came from: what [source] and a follow-up send again."""

    constraints: list[dict[str, Any]]
    criterion: str | None
    replies: tuple[dict[str, Any], ...]
    unsearched: tuple[str, ...] = ()  # the visitor's words the last reply left unsearched
    niche_words: str = ""  # the niche it asked for, in its words
    not_split: tuple[str, ...] = ()  # words of the niche its split took as no condition
    markup: tuple[str, ...] = ()  # markup taken out of the question: no condition of it
    # One person asked about: {entity_id, name, and lacks/because when one condition short}.
    fetched: tuple[dict[str, str], ...] = ()

    @property
    def last(self) -> dict[str, Any]:
        return self.replies[-1]


# --- reading the events ------------------------------------------------------------------------


def event_data(event: dict[str, Any]) -> dict[str, Any]:
    data = event.get("data")
    return data if isinstance(data, dict) else {}


def _reply(event: dict[str, Any]) -> dict[str, Any] | None:
    reply = event_data(event).get("reply")
    return reply if event.get("kind") == REPLY and isinstance(reply, dict) else None


def event_failed(event: dict[str, Any]) -> bool:
    """A search that did not come back (refused, or failed): a code, and whether it had a niche."""
    data = event_data(event)
    return event.get("kind") not in (DONE, ERROR) and "code" in data and "reply" not in data


def _address(reply: dict[str, Any]) -> str | None:
    criterion = reply.get("criterion")
    return criterion.get("address") if isinstance(criterion, dict) else None


def events_asked_niche(events: Iterable[dict[str, Any]]) -> bool:
    for event in events:
        reply = _reply(event)
        if (reply is not None and "criterion" in reply) or (
            event_failed(event) and event_data(event).get("niche")
        ):
            return True
    return False


def answer_search(events: list[dict[str, Any]], *, niche: bool = False) -> Search | None:
    """The last search that came back (with a niche, when one was asked), with all its pages."""
    replies = [(e, r) for e in events if (r := _reply(e)) is not None]
    if niche:
        replies = [(e, r) for e, r in replies if "criterion" in r]
    if not replies:
        return None
    event, last = replies[-1]
    constraints = event_data(event).get("constraints") or []

    def same(item: tuple[dict[str, Any], dict[str, Any]]) -> bool:
        other, reply = item
        return _key(event_data(other).get("constraints") or []) == _key(constraints) and (
            _address(reply) == _address(last) and reply.get("detail") == last.get("detail")
        )

    data = event_data(event)
    unsearched = data.get("unsearched")
    return Search(
        constraints,
        _address(last),
        tuple(r for e, r in replies if same((e, r))),
        unsearched=tuple(str(w) for w in unsearched) if isinstance(unsearched, list) else (),
        niche_words=str(data.get("niche_words") or ""),
        not_split=tuple(str(w) for w in data.get("not_split") or [] if isinstance(w, str)),
        markup=tuple(str(w) for w in data.get("markup") or [] if isinstance(w, str)),
        fetched=tuple(
            {k: str(v) for k, v in f.items() if isinstance(v, str)}
            for f in data.get("fetched") or []
            if isinstance(f, dict) and f.get("entity_id")
        ),
    )


def constraints_only(events: list[dict[str, Any]], search: Search) -> Search | None:
    """The last search of the same constraints made without a niche: who they alone leave."""
    wanted = _key(search.constraints)
    replies = tuple(
        reply
        for event in events
        if (reply := _reply(event)) is not None
        and "criterion" not in reply
        and _key(event_data(event).get("constraints") or []) == wanted
    )
    return Search(search.constraints, None, replies) if replies else None


def _key(constraints: Any) -> str:
    return json.dumps(constraints, sort_keys=True)
