"""Which search a run's answer came from, read off its page events, and whether it asked a niche.

The stage after qa_view.answer.stream: it draws nothing. `origin_of` reads the events once and
hands on an `Origin`: how the run ended, the search the answer came from and what its last reply
says of itself (a part not searched, a niche left unread, one person asked about), so the
worker (qa_view.page.answering), [source] (qa_view.answer.source) and the drawing
(qa_view.answer.draw) read the same answer without reading the events again.

It reads too who of the search's close list is close (`close_read`). Close means one condition
short AND something of substance established: a condition of the niche other than a place,
which the search's own `why` names for them. The search's close list (docs/concepts.md#close:
exactly one condition open) also holds, for a niche of one condition, everyone whose documents
say nothing of it; the page counts those apart ("Of the profiles read, 109 say nothing of ...")
and calls nobody of them close. The counts are taken over the search's whole close list when the
search is made (qa_view.answer.source keeps them with the run's evidence), never over what is
listed.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from criteria.lists.four import NOT_STATED
from criteria.status import NOT_RUN, OVER_BUDGET
from search.service import DROPPED, NOT_BOUND, NOT_COMPILED

REPLY, DONE, ERROR = "reply", "done", "error"
# incomplete_because codes that say a part of the question was NOT searched: the list is then
# another question's, and nobody is listed under the question.
LIST_CHANGES = (f"{NOT_BOUND}:", DROPPED, NOT_COMPILED)
NOT_READ = frozenset({NOT_RUN, OVER_BUDGET})  # a niche with no lists (criteria/status.py)
# What the events say the answer is: still running, failed, no search came back, a part of the
# question not searched, a niche left unread, one person asked about, a list.
PENDING, FAILED, NO_SEARCH, NOT_SEARCHED, UNREAD, PERSON, LIST = (
    "pending", "failed", "no_search", "not_searched", "unread", "person", "list",
)  # fmt: skip


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
    last: dict[str, Any] = field(init=False, repr=False, compare=False)  # the last reply

    def __post_init__(self) -> None:
        object.__setattr__(self, "last", self.replies[-1] if self.replies else {})


@dataclass(frozen=True)
class Origin:
    """What a run's page events say of its answer, read once and handed on."""

    kind: str  # PENDING, FAILED, NO_SEARCH, NOT_SEARCHED, UNREAD, PERSON or LIST
    end: dict[str, Any]  # the data of the done or error event the run ended in
    wanted_niche: bool  # the run asked for a niche (then a list without one is no answer)
    search: Search | None = None
    failed_codes: tuple[str, ...] = ()  # the codes of the searches that did not come back
    counted: dict[str, Any] = field(default_factory=dict)  # the last reply, markup aside
    unsearched: dict[str, int] = field(default_factory=dict)  # parts not searched, counted
    plain: Search | None = None  # the same constraints searched without the niche
    listed: int = 0  # how many different people the search's replies list as fitting
    named: frozenset[str] = frozenset()  # every name the run's replies returned


def origin_of(events: list[dict[str, Any]], *, niche: bool = False) -> Origin:
    """Read a run's page events once (`niche`: the run asked for one)."""
    ended = [e for e in events if e.get("kind") in (DONE, ERROR)]
    if not ended:
        return Origin(PENDING, {}, niche)
    end = event_data(ended[-1])
    if ended[-1].get("kind") == ERROR:
        return Origin(FAILED, end, niche)
    wanted_niche = niche or events_asked_niche(events)
    search = answer_search(events, niche=wanted_niche)
    failed_codes = tuple(str(event_data(e)["code"]) for e in events if event_failed(e))
    if search is None:
        return Origin(NO_SEARCH, end, wanted_niche, failed_codes=failed_codes)
    counted = markup_aside(search)
    unsearched = {
        code: int(n)
        for code, n in (counted.get("incomplete_because") or {}).items()
        if code.startswith(LIST_CHANGES)
    }
    criterion = search.last.get("criterion") or {}
    full = search.last.get("detail") == "full"
    if unsearched and not full:
        kind = NOT_SEARCHED
    elif criterion.get("status") in NOT_READ and not (criterion.get("counts") or {}).get("matched"):
        kind = UNREAD
    else:
        kind = PERSON if full else LIST
    return Origin(
        kind,
        end,
        wanted_niche,
        search=search,
        failed_codes=failed_codes,
        counted=counted,
        unsearched=unsearched,
        plain=constraints_only(events, search) if kind == UNREAD else None,
        listed=len(
            {
                str(match.get("entity_id") or "")
                for reply in search.replies
                for match in reply.get("matches") or []
            }
            - {""}
        ),
        named=returned_names(events),
    )


def markup_aside(search: Search) -> dict[str, Any]:
    """The last reply with the markup taken out of the question no longer counted as a part
    dropped: it is no condition, so the words left are the whole question (it is said apart)."""
    reasons = dict(search.last.get("incomplete_because") or {})
    if not search.markup or "dropped" not in reasons:
        return search.last
    reasons["dropped"] = int(reasons["dropped"]) - len(search.markup)
    if reasons["dropped"] <= 0:
        del reasons["dropped"]
    return {**search.last, "incomplete_because": reasons}


def returned_names(events: list[dict[str, Any]]) -> frozenset[str]:
    """The names of everybody the run's searches returned: who fits and who is close."""
    known: set[str] = set()
    for event in events:
        reply = _reply(event)
        if reply is None:
            continue
        close = reply.get("close") if isinstance(reply.get("close"), dict) else {}
        for listed in (reply.get("matches") or [], close.get("matches") or []):
            known |= {str(m["name"]) for m in listed if isinstance(m, dict) and m.get("name")}
    return frozenset(known)


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


# --- who is close ------------------------------------------------------------------------------


@dataclass(frozen=True)
class CloseRead:
    """Who of a search's close list is close, read once: how many of the whole list share
    something of substance, the others counted by what they lack, and the entries of the last
    reply that are close, each with what they lack in the niche's words."""

    shared: int
    unshared: tuple[tuple[int, str, str], ...]  # (how many, what they lack, the code of why)
    listed: tuple[dict[str, Any], ...]


def close_read(reply: dict[str, Any], evidence: dict[str, Any]) -> CloseRead:
    """Who of a reply's close list is close, with the counts the run's evidence kept."""
    facets = evidence.get("facets") or {}
    counted = close_of(reply, evidence)
    block = reply.get("close") if isinstance(reply.get("close"), dict) else {}
    listed = tuple(
        {**match, "lacks": facet_text(facets, str(match.get("lacks") or ""))}
        for match in block.get("matches") or []
        if isinstance(match, dict) and shares_substance(match, facets)
    )
    unshared = tuple(
        (int(item["n"]), facet_text(facets, item["lacks"]), item["because"])
        for item in counted["unshared"]
        if item.get("n")
    )
    return CloseRead(int(counted["shared"]), unshared, listed)


def shares_substance(item: dict[str, Any], facets: dict[str, Any]) -> bool:
    """A close entry whose documents establish a condition that is not a place: its `why` (the
    conditions the documents do establish) names one. A facet the evidence does not describe
    is taken as substance: the page withholds nobody on what it does not know."""
    return any(not (facets.get(str(key)) or {}).get("place") for key in item.get("why") or [])


def close_counts(whole: Iterable[dict[str, Any]], facets: dict[str, Any]) -> dict[str, Any]:
    """Over the search's whole close list: how many share something of substance, and the
    rest by the condition they lack and why (kept with a run's evidence)."""
    shared = 0
    unshared: dict[tuple[str, str], int] = {}
    for item in whole:
        if shares_substance(item, facets):
            shared += 1
            continue
        said = (str(item.get("lacks") or ""), str(item.get("because") or NOT_STATED))
        unshared[said] = unshared.get(said, 0) + 1
    return {
        "shared": shared,
        "unshared": [
            {"lacks": lacks, "because": because, "n": n} for (lacks, because), n in unshared.items()
        ],
    }


def facet_text(facets: dict[str, Any], key: str) -> str:
    return str((facets.get(key) or {}).get("text") or key.replace("_", " "))


def close_of(reply: dict[str, Any], evidence: dict[str, Any]) -> dict[str, Any]:
    """The close counts of an answer's last reply, as the run's evidence kept them. A run kept
    without them is counted from the reply alone: where the niche has two conditions or more
    that are no place, everyone one condition short establishes one of them; else only the
    listed can be told, and only they are counted."""
    kept = evidence.get("close")
    if isinstance(kept, dict) and isinstance(kept.get("shared"), int):
        return kept
    block = reply.get("close") if isinstance(reply.get("close"), dict) else {}
    facets = evidence.get("facets") or {}
    substance = [key for key, facet in facets.items() if not (facet or {}).get("place")]
    if not facets or len(substance) >= 2:
        return {"shared": int(block.get("total") or 0), "unshared": []}
    return close_counts([m for m in block.get("matches") or [] if isinstance(m, dict)], facets)
