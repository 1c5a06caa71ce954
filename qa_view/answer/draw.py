"""What the page draws of a run: pure functions over its page events, never the agent's say-so.

The first line is the search's own counts; the quiet line says whether the list is complete or
how many profiles were checked (with the reasons, each through the closed code table); then the
people, each once, and who is close. A list made without the niche the question asked for is
never drawn as the answer. The agent's own text is drawn beside it, with no id left in it.

The events are read in qa_view.answer.origin, the two lines written in qa_view.answer.lines,
the people and who is close found in qa_view.answer.people; this module puts them together.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any

from limma.segment_sentences import sentence_spans
from qa_view.answer.codes import sentence_for
from qa_view.answer.lines import (
    LIST_CHANGES,
    first_line,
    not_read_sentence,
    not_split_sentence,
    offered_heading,
    quiet_line,
    showing,
    unsearched_sentence,
    unshared_line,
)
from qa_view.answer.origin import (
    DONE,
    ERROR,
    Search,
    answer_search,
    constraints_only,
    event_data,
    event_failed,
    events_asked_niche,
)
from qa_view.answer.people import (
    Close,
    Person,
    about_text,
    close_of,
    close_people,
    facet_text,
    listed_people,
)

ID = re.compile(r"\b(?:req_[0-9a-f]{6,}|crit_[0-9a-f]{6,}|map_[0-9a-f]{6,}|[0-9a-f]{24,64})\b")
NICHE_FAILED = "niche_search_failed"  # a niche search that did not come back, said generally
SAID_AS_IS = frozenset({"criteria_read_needs_write", "too_many_criteria", "compile_unavailable"})
NOT_READ = frozenset({"not_run", "over_budget", "failed"})  # a niche with no lists
NOT_SPLIT = "decomposition_incomplete"  # read nothing: a part of the niche is no condition
NO_ANSWER = "This question got no answer; try asking it in other words."
MARKUP_LEFT_OUT = "The question's markup was left out; its words were searched as written."
FAILED = "agent_failed"
# Words that say nothing of their own beside the list ("They are A and B.").
FILLER = frozenset(
    "a an and are as at based both but by close condition far fit fits for from has have in is "  # noqa: SIM905
    "it more nobody of on one only or people person short so the their them there these they "
    "this those to was were who with".split()
)


@dataclass(frozen=True)
class Answer:
    kind: str  # pending, list, person, text, no_niche, not_searched, failed, empty
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
    # The whole answer, paged: the search's own totals, and where "Show more" goes on from.
    fits_total: int = 0
    fits_next: int | None = None
    close_total: int = 0
    close_next: int | None = None
    markup_line: str = ""  # markup taken out of the question, said (it is no condition)

    @property
    def fits_showing(self) -> str:
        return showing(len(self.people), self.fits_total) if self.fits_next is not None else ""

    @property
    def offered_showing(self) -> str:
        """How many of the people offered are shown (the heading says what they are)."""
        return showing(len(self.offered), self.offered_total)

    @property
    def close_showing(self) -> str:
        return showing(self.close_next or 0, self.close_total) if self.close_next else ""

    @property
    def sourced(self) -> tuple[Person | Close, ...]:
        return (*self.people, *self.close, *self.offered)


# --- the answer --------------------------------------------------------------------------------


def answer_from(
    events: list[dict[str, Any]],
    *,
    niche: bool = False,
    evidence: dict[str, Any] | None = None,
    sentence: Callable[..., str] = sentence_for,
) -> Answer:
    """What the page draws of a run's page events (`niche`: the run asked for one)."""
    evidence = evidence or {}
    ended = [e for e in events if e.get("kind") in (DONE, ERROR)]
    if not ended:
        return Answer("pending")
    if ended[-1].get("kind") == ERROR:
        return Answer("failed", first_line=sentence(event_data(ended[-1]).get("code") or FAILED))
    done = event_data(ended[-1])
    wanted_niche = niche or events_asked_niche(events)
    search = answer_search(events, niche=wanted_niche)
    note = tuple(scrubbed_lines(str(done.get("answer") or "")))
    if search is None:
        if wanted_niche:
            # A list made without the niche is never the answer: one sentence, nobody listed.
            codes = [str(event_data(e)["code"]) for e in events if event_failed(e)]
            code = codes[-1] if codes and codes[-1] in SAID_AS_IS else NICHE_FAILED
            return Answer("no_niche", first_line=sentence(code))
        return Answer("text", note=note) if note else Answer("empty", first_line=NO_ANSWER)
    answer = _answered(
        events,
        done,
        search,
        wanted_niche=wanted_niche,
        note=note,
        evidence=evidence,
        sentence=sentence,
    )
    return replace(answer, markup_line=MARKUP_LEFT_OUT) if search.markup else answer


def _answered(
    events: list[dict[str, Any]],
    done: dict[str, Any],
    search: Search,
    *,
    wanted_niche: bool,
    note: tuple[str, ...],
    evidence: dict[str, Any],
    sentence: Callable[..., str],
) -> Answer:
    """The answer of a run whose search came back."""
    unsearched = unsearched_parts(search)
    if unsearched and search.last.get("detail") != "full":
        # A part of the question was not searched: the list is of another question, and
        # offered only where other conditions made it (else it is everybody).
        offered = listed_people(search, evidence) if search.constraints else ()
        total = int((search.last.get("matched") or {}).get("total") or 0)
        return Answer(
            "not_searched",
            first_line=unsearched_sentence(search.unsearched, sum(unsearched.values())),
            offered=offered,
            offered_heading=offered_heading(total, search.unsearched) if offered else "",
            offered_total=total,
            search=search,
        )
    criterion = search.last.get("criterion") or {}
    if criterion.get("status") in NOT_READ and not (criterion.get("counts") or {}).get("matched"):
        # The niche came back unread: a list of the ordinary conditions alone is no answer.
        said = sentence(criterion.get("status_reason") or f"criterion_{criterion['status']}")
        if criterion.get("status_reason") == NOT_SPLIT and search.not_split:
            said = not_split_sentence(search.not_split)
        unread = Answer(
            "no_niche", first_line=not_read_sentence(search.niche_words, said), search=search
        )
        plain = constraints_only(events, search)
        if plain is None or not plain.constraints:
            return unread  # no other condition: who it leaves is everybody, no answer
        offered = listed_people(plain, evidence)
        total = int((plain.last.get("matched") or {}).get("total") or 0)
        heading = offered_heading(total, [search.niche_words] if search.niche_words else [])
        return replace(
            unread,
            offered=offered,
            offered_heading=heading if offered else "",
            offered_total=total,
        )
    people = listed_people(search, evidence)
    if search.last.get("detail") == "full":
        # An answer about one person is the agent's sentences, with their [source] under them,
        # whether they fit or were close (then the reply lists nobody as fitting).
        return Answer(
            "person", people=people or fetched(search, evidence, sentence), note=note, search=search
        )
    close = close_people(search.last, evidence, start=len(people), sentence=sentence)
    counted = close_of(search.last, evidence)
    facets = evidence.get("facets") or {}
    unshared = tuple(
        unshared_line(int(item["n"]), facet_text(facets, item["lacks"]), item["because"])
        for item in counted["unshared"]
        if item.get("n")
    )
    counted_reply = markup_aside(search)
    quiet, reasons = quiet_line(counted_reply, listed=len(people), sentence=sentence)
    fits_total = int((search.last.get("matched") or {}).get("total") or 0)
    offsets = [(r.get("matched") or {}).get("next_offset") for r in search.replies]
    fits_next = max((o for o in offsets if isinstance(o, int)), default=None)
    close_total = int(counted["shared"])
    stop = str(done.get("stop") or "")
    answer = Answer(
        "list",
        first_line=first_line(counted_reply, stop=stop, sentence=sentence, close=close_total),
        quiet_line=quiet,
        reasons=reasons,
        people=people,
        close=close,
        unshared=unshared,
        search=search,
        fits_total=fits_total,
        fits_next=fits_next if fits_next is not None and len(people) < fits_total else None,
        close_total=close_total,
        close_next=len(close) if len(close) < close_total else None,
    )
    # What was not searched is the page's to say, from the reply: the agent's own count of it
    # (which would count the markup taken out of the question) is never drawn beside it.
    restated = {
        sentence(code, int(n))
        for code, n in (search.last.get("incomplete_because") or {}).items()
        if code.startswith(LIST_CHANGES)
    }
    note = tuple(line for line in note if line not in restated)
    return replace(answer, note=added_lines(note, answer, withheld=_withheld(events, answer)))


def unsearched_parts(search: Search) -> dict[str, int]:
    """What the last reply says was not searched, each with its count."""
    return {
        code: int(n)
        for code, n in (markup_aside(search).get("incomplete_because") or {}).items()
        if code.startswith(LIST_CHANGES)
    }


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


def fetched(
    search: Search, evidence: dict[str, Any], sentence: Callable[..., str] = sentence_for
) -> tuple[Person | Close, ...]:
    """The people a fetch asked about, by the names the page knows them by; somebody one
    condition short with the condition they lack."""
    found = evidence.get("people") or {}
    people: list[Person | Close] = []
    for asked in search.fetched:
        entity_id, name = asked["entity_id"], asked.get("name") or ""
        if not name:
            continue
        about = about_text((found.get(entity_id) or {}).get("about"))
        if asked.get("lacks"):
            because = sentence(asked["because"]) if asked.get("because") else ""
            people.append(Close(len(people), entity_id, name, about, asked["lacks"], because))
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


def _withheld(events: list[dict[str, Any]], answer: Answer) -> set[str]:
    """The names of people the run's searches returned and the page does not draw: somebody
    one condition short who shares nothing of substance, a first call's people."""
    known: set[str] = set()
    for event in events:
        reply = event_data(event).get("reply")
        if event.get("kind") != "reply" or not isinstance(reply, dict):
            continue
        close = reply.get("close") if isinstance(reply.get("close"), dict) else {}
        for listed in (reply.get("matches") or [], close.get("matches") or []):
            known |= {str(m["name"]) for m in listed if isinstance(m, dict) and m.get("name")}
    drawn = {person.name for person in answer.sourced}
    return {name for name in known - drawn if name.strip()}


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
