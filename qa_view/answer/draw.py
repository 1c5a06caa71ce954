"""What the page draws of a run: pure functions over its page events, never the agent's say-so.

The first line is the search's own counts; the quiet line says whether the list is complete or
how many profiles were checked (with the reasons, each through the closed code table); then the
people, each once, and who is close. A list made without the niche the question asked for is
never drawn as the answer. The agent's own text is drawn beside it, with no id left in it.

The views call `run_answer` alone. It calls each stage before it once, in order, and hands
each what it needs as data: the events, and who of the close list is close, are read in
qa_view.answer.origin; the lines are written in qa_view.answer.lines, each code said through
qa_view.answer.codes; the rows of who fits and who is close are made in qa_view.answer.people;
this module puts them together into an Answer the template reads as it is
(docs/architecture.md#the-way-of-a-question).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from datetime import timedelta
from typing import Any

from django.conf import settings
from django.utils import timezone

from criteria.lists.block import CRITERION_PREFIX
from criteria.service import READ_NEEDS_WRITE_TYPE
from criteria.status import DECOMPOSITION_INCOMPLETE
from limma.segment_sentences import sentence_spans
from qa_view.answer.codes import AGENT_FAILED, sentence_for
from qa_view.answer.lines import (
    list_lines,
    not_read_sentence,
    not_split_sentence,
    offered_heading,
    showing,
    unsearched_sentence,
)
from qa_view.answer.origin import (
    FAILED,
    LIST_CHANGES,
    NO_SEARCH,
    NOT_SEARCHED,
    PENDING,
    PERSON,
    UNREAD,
    Origin,
    Search,
    close_read,
    origin_of,
)
from qa_view.answer.people import Close, Person, about_text, close_people, listed_people
from qa_view.models import Run
from qa_view.page.outside import OUTSIDE_SENTENCE, OUTSIDE_STOP
from search.brief import COMPILE_UNAVAILABLE_TYPE
from search.service import TOO_MANY_CRITERIA_TYPE

ID = re.compile(r"\b(?:req_[0-9a-f]{6,}|crit_[0-9a-f]{6,}|map_[0-9a-f]{6,}|[0-9a-f]{24,64})\b")
NICHE_FAILED = "niche_search_failed"  # a niche search that did not come back, said generally
SAID_AS_IS = frozenset({READ_NEEDS_WRITE_TYPE, TOO_MANY_CRITERIA_TYPE, COMPILE_UNAVAILABLE_TYPE})
NOT_SPLIT = DECOMPOSITION_INCOMPLETE  # read nothing: a part of the niche is no condition
NO_ANSWER = "This question got no answer; try asking it in other words."
MARKUP_LEFT_OUT = "The question's markup was left out; its words were searched as written."
# Words that say nothing of their own beside the list ("They are A and B.").
FILLER = frozenset(
    "a an and are as at based both but by close condition far fit fits for from has have in is "  # noqa: SIM905
    "it more nobody of on one only or people person short so the their them there these they "
    "this those to was were who with".split()
)


@dataclass(frozen=True)
class Answer:
    kind: str  # pending, list, person, text, no_niche, not_searched, failed, empty, outside
    first_line: str = ""
    quiet_line: str = ""
    reasons: tuple[str, ...] = ()
    people: tuple[Person, ...] = ()
    close: tuple[Close, ...] = ()
    # Of the search's one-condition-short, those who establish nothing of substance: counted
    # by what they lack, never named, never called close.
    unshared: tuple[str, ...] = ()
    note: tuple[str, ...] = ()
    search: Search | None = None
    # Not the answer: who the question's other conditions alone leave, under a heading that
    # says so, where the niche or a part of the question was not searched.
    offered: tuple[Person, ...] = ()
    offered_heading: str = ""
    offered_total: int = 0
    offered_showing: str = ""  # how many of the people offered are shown
    # The whole answer, paged: the search's own totals, and where "Show more" goes on from.
    fits_total: int = 0
    fits_next: int | None = None
    fits_showing: str = ""  # "Showing 50 of 109", where "Show more" goes on
    close_total: int = 0
    close_next: int | None = None
    close_showing: str = ""
    markup_line: str = ""  # markup taken out of the question, said (it is no condition)
    # Everybody with a [source] under the answer, in its numbering.
    sourced: tuple[Person | Close, ...] = field(init=False, default=())

    def __post_init__(self) -> None:
        object.__setattr__(self, "sourced", (*self.people, *self.close, *self.offered))


# --- the answer --------------------------------------------------------------------------------


def run_answer(run: Run) -> Answer:
    """What the page draws of a run: the one way into the answer's stages."""
    if not run.finished and run.started_at is not None and _stale(run):
        # Its worker stopped mid-run (a task outlives no timeout): say so, and stop polling.
        return Answer("failed", first_line=sentence_for(AGENT_FAILED))
    if run.stop == OUTSIDE_STOP:
        return Answer("outside", first_line=OUTSIDE_SENTENCE)
    ended = any(event.get("kind") == "error" for event in run.page_events)
    if run.state == Run.State.FAILED and run.error_code and not ended:
        # Refused before the agent ran (a ceiling), or a fault of ours: one sentence.
        return Answer("failed", first_line=sentence_for(run.error_code))
    return answer_from(run.page_events, niche=bool(run.niche), evidence=run.evidence)


def _stale(run: Run) -> bool:
    timeout = int(settings.Q_CLUSTER.get("timeout") or 0)
    return bool(timeout) and timezone.now() - run.started_at > timedelta(seconds=timeout + 60)


def answer_from(
    events: list[dict[str, Any]],
    *,
    niche: bool = False,
    evidence: dict[str, Any] | None = None,
    sentence: Callable[..., str] = sentence_for,
) -> Answer:
    """What the page draws of a run's page events (`niche`: the run asked for one)."""
    evidence = evidence or {}
    origin = origin_of(events, niche=niche)
    if origin.kind == PENDING:
        return Answer("pending")
    if origin.kind == FAILED:
        return Answer("failed", first_line=sentence(origin.end.get("code") or AGENT_FAILED))
    note = tuple(scrubbed_lines(str(origin.end.get("answer") or "")))
    if origin.kind == NO_SEARCH:
        if origin.wanted_niche:
            # A list made without the niche is never the answer: one sentence, nobody listed.
            codes = origin.failed_codes
            code = codes[-1] if codes and codes[-1] in SAID_AS_IS else NICHE_FAILED
            return Answer("no_niche", first_line=sentence(code))
        return Answer("text", note=note) if note else Answer("empty", first_line=NO_ANSWER)
    assert origin.search is not None
    if origin.kind == NOT_SEARCHED:
        answer = _not_searched(origin.search, origin, evidence)
    elif origin.kind == UNREAD:
        answer = _unread(origin.search, origin, evidence, sentence)
    elif origin.kind == PERSON:
        answer = _about_one(origin.search, evidence, note, sentence)
    else:
        answer = _listed(origin.search, origin, evidence, note, sentence)
    return replace(answer, markup_line=MARKUP_LEFT_OUT) if origin.search.markup else answer


def _not_searched(search: Search, origin: Origin, evidence: dict[str, Any]) -> Answer:
    """A part of the question was not searched: the list is of another question, and offered
    only where other conditions made it (else it is everybody)."""
    offered = listed_people(search, evidence) if search.constraints else ()
    total = int((search.last.get("matched") or {}).get("total") or 0)
    return Answer(
        "not_searched",
        first_line=unsearched_sentence(search.unsearched, sum(origin.unsearched.values())),
        offered=offered,
        offered_heading=offered_heading(total, search.unsearched) if offered else "",
        offered_total=total,
        offered_showing=showing(len(offered), total),
        search=search,
    )


def _unread(
    search: Search, origin: Origin, evidence: dict[str, Any], sentence: Callable[..., str]
) -> Answer:
    """The niche came back unread: a list of the ordinary conditions alone is no answer; who
    they leave is offered under a heading that says so, where there are such conditions."""
    plain = origin.plain if origin.plain is not None and origin.plain.constraints else None
    offered = listed_people(plain, evidence) if plain is not None else ()
    criterion = search.last.get("criterion") or {}
    said = sentence(criterion.get("status_reason") or f"{CRITERION_PREFIX}{criterion['status']}")
    if criterion.get("status_reason") == NOT_SPLIT and search.not_split:
        said = not_split_sentence(search.not_split)
    unread = Answer(
        "no_niche", first_line=not_read_sentence(search.niche_words, said), search=search
    )
    if plain is None:
        return unread  # no other condition: who it leaves is everybody, no answer
    total = int((plain.last.get("matched") or {}).get("total") or 0)
    heading = offered_heading(total, [search.niche_words] if search.niche_words else [])
    return replace(
        unread,
        offered=offered,
        offered_heading=heading if offered else "",
        offered_total=total,
        offered_showing=showing(len(offered), total),
    )


def _about_one(
    search: Search, evidence: dict[str, Any], note: tuple[str, ...], sentence: Callable[..., str]
) -> Answer:
    """An answer about one person is the agent's sentences, with their [source] under them,
    whether they fit or were close (then the reply lists nobody as fitting)."""
    people = listed_people(search, evidence) or fetched(search, evidence, sentence)
    return Answer("person", people=people, note=note, search=search)


def _listed(
    search: Search,
    origin: Origin,
    evidence: dict[str, Any],
    note: tuple[str, ...],
    sentence: Callable[..., str],
) -> Answer:
    """A list: who is close and the counts (origin), the lines over it with each code said
    (lines, codes), then who fits and who is close as rows (people), and the agent's sentences
    that add something to them."""
    closeness = close_read(search.last, evidence)
    fits_total = int((search.last.get("matched") or {}).get("total") or 0)
    offsets = [(r.get("matched") or {}).get("next_offset") for r in search.replies]
    fits_next = max((o for o in offsets if isinstance(o, int)), default=None)
    fits_next = fits_next if fits_next is not None and origin.listed < fits_total else None
    close_total = closeness.shared
    close_listed = len(closeness.listed)
    close_next = close_listed if close_listed < close_total else None
    fits_showing = showing(origin.listed, fits_total) if fits_next is not None else ""
    close_showing = showing(close_next or 0, close_total) if close_next else ""
    lines = list_lines(
        origin.counted,
        listed=origin.listed,
        close=close_total,
        close_listed=closeness.listed,
        unshared=closeness.unshared,
        stop=str(origin.end.get("stop") or ""),
        sentence=sentence,
    )
    # What was not searched is the page's to say, from the reply: the agent's own count of it
    # (which would count the markup taken out of the question) is never drawn beside it.
    restated = {
        sentence(code, int(n))
        for code, n in (search.last.get("incomplete_because") or {}).items()
        if code.startswith(LIST_CHANGES)
    }
    people = listed_people(search, evidence)
    close = close_people(closeness.listed, evidence, start=len(people), because=lines.because)
    answer = Answer(
        "list",
        first_line=lines.first,
        quiet_line=lines.quiet,
        reasons=lines.reasons,
        people=people,
        close=close,
        unshared=lines.unshared,
        search=search,
        fits_total=fits_total,
        fits_next=fits_next,
        fits_showing=fits_showing,
        close_total=close_total,
        close_next=close_next,
        close_showing=close_showing,
    )
    note = tuple(line for line in note if line not in restated)
    withheld = {name for name in origin.named - {p.name for p in answer.sourced} if name.strip()}
    return replace(answer, note=added_lines(note, answer, withheld=withheld))


def fetched(
    search: Search, evidence: dict[str, Any], sentence: Callable[..., str] = sentence_for
) -> tuple[Person | Close, ...]:
    """The people a fetch asked about, by the names the page knows them by; somebody one
    condition short with the condition they lack."""
    found = evidence.get("people") or {}
    asked = [a for a in search.fetched if a.get("name")]
    abouts = [about_text((found.get(a["entity_id"]) or {}).get("about")) for a in asked]
    people: list[Person | Close] = []
    for a, about in zip(asked, abouts, strict=True):
        entity_id, name = a["entity_id"], a["name"]
        if a.get("lacks"):
            because = sentence(a["because"]) if a.get("because") else ""
            people.append(Close(len(people), entity_id, name, about, a["lacks"], because))
        else:
            people.append(Person(len(people), entity_id, name, about))
    return tuple(people)


# --- the agent's text --------------------------------------------------------------------------


def _tokens(text: str) -> set[str]:
    return set(re.findall(r"[^\W_]+", text.casefold()))


def _drawn(answer: Answer) -> list[str]:
    """Everything the page draws of a list answer, for telling what the agent adds to it."""
    people = [" ".join([p.name, p.about, *p.words, *p.record]) for p in answer.people]
    close = [" ".join([c.name, c.about, c.lacks, c.because, c.quote]) for c in answer.close]
    drawn = [answer.first_line, answer.quiet_line, *answer.reasons, *answer.unshared]
    return [*drawn, *people, *close]


# A sentence that says how many fit or are close: the first line says it, from the search.
COUNTING = re.compile(
    r"^\W*(?:nobody|no one|no-one|none|\d[\d,]*(?:\s+(?:more|other|others|of them))?"
    r"(?:\s+(?:people|persons?|experts?|profiles?|candidates?))?)\s+"
    r"(?:(?:fits?|matche?s?)\b|(?:is|are)\s+(?:close|one condition short)\b)",
    re.IGNORECASE,
)


def added_lines(note: tuple[str, ...], answer: Answer, *, withheld: set[str]) -> tuple[str, ...]:
    """The agent's lines the page draws beside a list: each sentence that adds something the
    page does not say — not a count of who fits or is close (the first line's, from the
    search), never a sentence naming somebody the page withholds, nothing of filler alone."""
    drawn = _tokens(" ".join(_drawn(answer)))
    names = [re.compile(rf"(?<!\w){re.escape(name.casefold())}(?!\w)") for name in withheld]
    kept = []
    for line in note:
        said = [
            sentence
            for sentence in (line[start:end] for start, end in sentence_spans(line))
            if not COUNTING.search(sentence)
            and not any(name.search(sentence.casefold()) for name in names)
        ]
        text = " ".join(said).strip()
        if text and _tokens(text) - drawn - FILLER:
            kept.append(text)
    return tuple(kept)


def scrubbed_lines(text: str) -> list[str]:
    """The agent's lines as the page draws them. The stream already wrote each id it knows as
    the person's name; an id left in a line is dropped here all the same, and markdown marks
    are taken out (the page is not markdown)."""
    lines = []
    for raw in text.splitlines():
        line = ID.sub("", raw)
        line = re.sub(r"\(\s*[,;:]?\s*\)", "", line)
        line = re.sub(r"\*\*|__|`", "", line)
        line = re.sub(r"^\s*(?:[-*•]|#+)\s+", "", line)
        line = re.sub(r"\s+([,.;:!?])", r"\1", re.sub(r"\s{2,}", " ", line)).strip()
        if line:
            lines.append(line)
    return lines
