"""The whole answer, paged: the people who fit, and those close, past what the answer listed.

"Show more" sends the search the answer came from again — its constraints, the niche by its
address under a reuse-only budget, never a brief — at the next offset, so nothing is read and
nothing is spent, and the counts stay the search's own. Who is close is paged from the
criterion's whole close list, of those who share something of substance with the question
(qa_view.answer.origin): the others are only counted.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from limma.ids import new_request_id
from limma.models import ApiKey, Workspace
from qa_view.answer.codes import sentence_for
from qa_view.answer.lines import because_lines, showing
from qa_view.answer.origin import Search, close_read, shares_substance
from qa_view.answer.people import Close, Person, close_people, listed_people
from qa_view.answer.source import REUSE_ONLY, close_whole, niche_facets, search_evidence
from search.replies import search_reply
from search.service import SearchOutcome, search_run

PAGE = 50
FITS, CLOSE = "fits", "close"
LISTS = (FITS, CLOSE)


@dataclass(frozen=True)
class Paged:
    listed: str  # fits or close
    people: tuple[Person | Close, ...]
    total: int  # the search's own count of that list
    shown: int  # how many of it are now shown, this page included
    next_offset: int | None

    @property
    def showing(self) -> str:
        return showing(self.shown, self.total)


def _outcome(key: ApiKey, workspace: Workspace, search: Search) -> SearchOutcome:
    return search_run(
        key=key,
        workspace=workspace,
        constraints=search.constraints,
        criteria=[{"address": search.criterion}] if search.criterion else None,
        criteria_budget=REUSE_ONLY if search.criterion else None,
        list_limit=PAGE,
        request_id=new_request_id(),
    )


def more_people(
    *, key: ApiKey, workspace: Workspace, search: Search, listed: str, offset: int
) -> Paged:
    """One page of a list of the answer, from `offset`, each person numbered by their place."""
    outcome = _outcome(key, workspace, search)
    if listed == FITS:
        reply = search_reply(
            outcome,
            key=key,
            detail="compact",
            limit=PAGE,
            offset=offset,
            list_limit=PAGE,
            request_id="",
        )
        evidence = search_evidence(key=key, outcome=outcome, reply=reply)
        people = listed_people(Search(search.constraints, search.criterion, (reply,)), evidence)
        total = int(reply["matched"]["total"])
        numbered = tuple(replace(p, index=offset + n, listed=FITS) for n, p in enumerate(people))
        shown = offset + len(numbered)
        return Paged(FITS, numbered, total, shown, shown if shown < total else None)
    facets = niche_facets(outcome)
    whole = [item for item in close_whole(outcome) if shares_substance(item, facets)]
    page = whole[offset : offset + PAGE]
    reply: dict[str, Any] = {"close": {"total": len(whole), "matches": page}}
    evidence = search_evidence(key=key, outcome=outcome, reply=reply)
    listed = close_read(reply, evidence).listed
    close = close_people(
        listed, evidence, start=0, because=because_lines(listed, sentence=sentence_for)
    )
    positions = {str(item.get("entity_id")): offset + n for n, item in enumerate(page)}
    numbered = tuple(replace(c, index=positions[c.entity_id], listed=CLOSE) for c in close)
    shown = offset + len(page)
    return Paged(CLOSE, numbered, len(whole), shown, shown if shown < len(whole) else None)


def paged_person(
    *, key: ApiKey, workspace: Workspace, search: Search, listed: str, position: int
) -> Person | Close | None:
    """The person at `position` of a list of the answer (for their [source])."""
    start = position - position % PAGE
    found = more_people(key=key, workspace=workspace, search=search, listed=listed, offset=start)
    return next((p for p in found.people if p.index == position), None)
