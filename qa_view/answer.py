"""What the page draws of a run: pure functions over its page events, never the agent's say-so.

The first line is the search's own counts; the quiet line says whether the list is complete or
how many profiles were checked (with the reasons, each through the closed code table); then the
people, each once, and who is close. A list made without the niche the question asked for is
never drawn as the answer. The agent's own text is drawn beside it, with no id left in it.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass, replace
from typing import Any

from qa_view.codes import sentence_for

REPLY, DONE, ERROR = "reply", "done", "error"
NORMAL_STOPS = frozenset({"", "end_turn", "stop"})
# incomplete_because codes that say a part of the question was NOT searched: said in the first
# line, because the answer is then another one. The rest are why some could not be confirmed.
NOT_SEARCHED_PREFIXES = ("not_bound:", "dropped", "not_compiled")
READ_REASONS = frozenset(
    {"criterion_silent", "criterion_conflict", "criterion_not_read", "criterion_no_documents"}
)
ID = re.compile(r"\b(?:req_[0-9a-f]{6,}|crit_[0-9a-f]{6,}|map_[0-9a-f]{6,}|[0-9a-f]{24,64})\b")
NICHE_FAILED = "niche_search_failed"  # a niche search that did not come back, said generally
SAID_AS_IS = frozenset({"criteria_read_needs_write", "too_many_criteria", "compile_unavailable"})
NOT_READ = frozenset({"not_run", "over_budget", "failed"})  # a niche with no lists
NO_ANSWER = "This question got no answer; try asking it in other words."
FAILED = "agent_failed"
# Words that say nothing of their own beside the list ("They are A and B.").
FILLER = frozenset(
    "a an and are as at based both but by close condition far fit fits for from has have in is "  # noqa: SIM905
    "it more nobody of on one only or people person short so the their them there these they "
    "this those to was were who with".split()
)


@dataclass(frozen=True)
class Person:
    index: int  # its [source] number in this answer; the page shows no id
    entity_id: str  # the server's handle for [source]: never drawn
    name: str
    about: str
    words: tuple[str, ...] = ()
    record: tuple[str, ...] = ()  # a value the question asked for, where the lines lack it


@dataclass(frozen=True)
class Close:
    index: int
    entity_id: str
    name: str
    about: str
    lacks: str
    because: str
    quote: str = ""


@dataclass(frozen=True)
class Search:
    """The search an answer came from: what [source] and a follow-up send again."""

    constraints: list[dict[str, Any]]
    criterion: str | None
    replies: tuple[dict[str, Any], ...]

    @property
    def last(self) -> dict[str, Any]:
        return self.replies[-1]


@dataclass(frozen=True)
class Answer:
    kind: str  # pending, list, person, text, no_niche, failed, empty
    first_line: str = ""
    quiet_line: str = ""
    reasons: tuple[str, ...] = ()
    people: tuple[Person, ...] = ()
    close: tuple[Close, ...] = ()
    close_place_only: int = 0
    close_not_listed: int = 0
    note: tuple[str, ...] = ()
    search: Search | None = None

    @property
    def sourced(self) -> tuple[Person | Close, ...]:
        return (*self.people, *self.close)

    @property
    def close_notes(self) -> tuple[str, ...]:
        """Who is close and not listed: counted, never named."""
        counted = ((self.close_place_only, PLACE_ONLY), (self.close_not_listed, NOT_LISTED))
        return tuple(_count(n, *said) for n, said in counted if n)


COMPLETE = "The list is complete."
PLACE_ONLY = (
    "1 more is one condition short, but their documents share only a place with the question, "
    "so they are not listed.",
    "{n} more are one condition short, but their documents share only a place with the "
    "question, so they are not listed.",
)
NOT_LISTED = ("1 more is close and not listed here.", "{n} more are close and not listed here.")


# --- reading the events ------------------------------------------------------------------------


def _data(event: dict[str, Any]) -> dict[str, Any]:
    data = event.get("data")
    return data if isinstance(data, dict) else {}


def _reply(event: dict[str, Any]) -> dict[str, Any] | None:
    reply = _data(event).get("reply")
    return reply if event.get("kind") == REPLY and isinstance(reply, dict) else None


def _failed_search(event: dict[str, Any]) -> bool:
    """A search that did not come back (refused, or failed): a code, and whether it had a niche."""
    data = _data(event)
    return event.get("kind") not in (DONE, ERROR) and "code" in data and "reply" not in data


def _address(reply: dict[str, Any]) -> str | None:
    criterion = reply.get("criterion")
    return criterion.get("address") if isinstance(criterion, dict) else None


def asked_a_niche(events: Iterable[dict[str, Any]]) -> bool:
    for event in events:
        reply = _reply(event)
        if (reply is not None and "criterion" in reply) or (
            _failed_search(event) and _data(event).get("niche")
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
    constraints = _data(event).get("constraints") or []

    def same(item: tuple[dict[str, Any], dict[str, Any]]) -> bool:
        other, reply = item
        return _key(_data(other).get("constraints") or []) == _key(constraints) and (
            _address(reply) == _address(last) and reply.get("detail") == last.get("detail")
        )

    return Search(constraints, _address(last), tuple(r for e, r in replies if same((e, r))))


def _key(constraints: Any) -> str:
    return json.dumps(constraints, sort_keys=True)


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
        return Answer("failed", first_line=sentence(_data(ended[-1]).get("code") or FAILED))
    done = _data(ended[-1])
    wanted_niche = niche or asked_a_niche(events)
    search = answer_search(events, niche=wanted_niche)
    note = tuple(scrubbed_lines(str(done.get("answer") or "")))
    if search is None:
        if wanted_niche:
            # A list made without the niche is never the answer: one sentence, nobody listed.
            codes = [str(_data(e)["code"]) for e in events if _failed_search(e)]
            code = codes[-1] if codes and codes[-1] in SAID_AS_IS else NICHE_FAILED
            return Answer("no_niche", first_line=sentence(code))
        return Answer("text", note=note) if note else Answer("empty", first_line=NO_ANSWER)
    criterion = search.last.get("criterion") or {}
    if criterion.get("counts") is None and criterion.get("status") in NOT_READ:
        # The niche came back unread: a list of the ordinary conditions alone is no answer.
        said = criterion.get("status_reason") or f"criterion_{criterion['status']}"
        return Answer("no_niche", first_line=sentence(said), search=search)
    people = _people(search, evidence)
    if search.last.get("detail") == "full":
        # An answer about one person is the agent's sentences, with their [source] under them.
        return Answer("person", people=people, note=note, search=search)
    close, place_only, not_listed = _close(
        search.last, evidence, start=len(people), sentence=sentence
    )
    quiet, reasons = quiet_line(search.last, listed=len(people), sentence=sentence)
    answer = Answer(
        "list",
        first_line=first_line(search.last, stop=str(done.get("stop") or ""), sentence=sentence),
        quiet_line=quiet,
        reasons=reasons,
        people=people,
        close=close,
        close_place_only=place_only,
        close_not_listed=not_listed,
        search=search,
    )
    drawn = _tokens(" ".join(_drawn(answer)))
    return replace(answer, note=tuple(line for line in note if _tokens(line) - drawn - FILLER))


def _count(n: int, one: str, many: str) -> str:
    return one if n == 1 else many.format(n=n)


def _reasons(reply: dict[str, Any]) -> dict[str, int]:
    """incomplete_because, less "<why>:criterion" where the criterion's own reasons count the
    same people ("criterion_not_read" and "not_recorded:criterion" are one person)."""
    reasons = reply.get("incomplete_because") or {}
    own = any(code.startswith("criterion_") for code in reasons)
    return {c: n for c, n in reasons.items() if not (own and c.endswith(":criterion"))}


def not_searched(code: str) -> bool:
    if code.startswith(NOT_SEARCHED_PREFIXES):
        return True
    return code.startswith("criterion_") and code not in READ_REASONS


def first_line(reply: dict[str, Any], *, stop: str, sentence: Callable[..., str]) -> str:
    """The search's own counts; an unfinished read, an unsearched part, an early stop."""
    total = int((reply.get("matched") or {}).get("total") or 0)
    close = int((reply.get("close") or {}).get("total") or 0)
    reading = reply.get("reading") if isinstance(reply.get("reading"), dict) else None
    so_far = " so far" if reading else ""
    fit = "Nobody fits" if total == 0 else _count(total, "1 person fits", "{n} people fit")
    parts = [f"{fit}{so_far}."]
    if close:
        parts.append(
            _count(close, "1 more is close.", "{n} more are close.")
            if total
            else _count(close, "1 person is close.", "{n} people are close.")
        )
    if reading:
        of, done = int(reading.get("of") or 0), int(reading.get("done") or 0)
        parts.append(f"{max(of - done, 0)} of {of} profiles have not been read yet.")
    for code, count in _reasons(reply).items():
        if not_searched(code):
            parts.append(sentence(code, count))
    if stop not in NORMAL_STOPS:
        parts.append(sentence(stop))
    return " ".join(_unique(parts))


def checked(reply: dict[str, Any]) -> int | None:
    """How many profiles THIS question checked: with a niche, the profiles it is read for;
    without one, everybody the search placed. None where the reply does not hold it."""
    if "criterion" in reply:
        candidates = reply.get("candidates")
        return candidates if isinstance(candidates, int) else None
    others = reply.get("others")
    total = (reply.get("matched") or {}).get("total")
    if not isinstance(others, dict) or not isinstance(total, int):
        return None
    return total + sum(v for v in others.values() if isinstance(v, int))


def quiet_line(
    reply: dict[str, Any], *, listed: int, sentence: Callable[..., str]
) -> tuple[str, tuple[str, ...]]:
    """ "The list is complete." only where licensed and all of it is listed; else what was
    checked, and the reasons some could not be confirmed (drawn in a <details>)."""
    total = int((reply.get("matched") or {}).get("total") or 0)
    if reply.get("complete") is True and listed >= total:
        return COMPLETE, ()
    reasons = tuple(
        _unique(
            sentence(code, count)
            for code, count in _reasons(reply).items()
            if not not_searched(code)
        )
    )
    count = checked(reply)
    line = "" if not count else _count(count, "Checked 1 profile.", "Checked {n} profiles.")
    return line, reasons


def _unique(items: Iterable[str]) -> list[str]:
    return list(dict.fromkeys(item for item in items if item))


# --- the people --------------------------------------------------------------------------------


def about_text(about: Any) -> str:
    """Who somebody is now: the role they hold and where, as the compact reply says it."""
    if not isinstance(about, dict):
        return ""
    title, company = about.get("title"), about.get("company")
    role = " at ".join(str(part) for part in (title or about.get("function"), company) if part)
    return ", ".join(str(part) for part in (role, about.get("place")) if part)


def _people(search: Search, evidence: dict[str, Any]) -> tuple[Person, ...]:
    seen: dict[str, Person] = {}
    found = evidence.get("people") or {}
    for reply in search.replies:
        for match in reply.get("matches") or []:
            entity_id = str(match.get("entity_id") or "")
            if not entity_id or entity_id in seen:
                continue
            extra = found.get(entity_id) or {}
            about = about_text(match.get("about")) or about_text(extra.get("about"))
            words = _words([*extra.get("words", []), *_receipt_words(match)])
            record = _record(match, said=" ".join([about, *words]).casefold())
            name = str(match.get("name") or extra.get("name") or "")
            seen[entity_id] = Person(len(seen), entity_id, name, about, words, record)
    return tuple(seen.values())


def _receipt_words(match: dict[str, Any]) -> list[str]:
    """Words of a document an extracted row of the line rests on."""
    return [
        str(why["receipt"]["text"])
        for why in match.get("why") or []
        if isinstance(why.get("receipt"), dict) and why["receipt"].get("text")
    ]


def _words(texts: Iterable[str]) -> tuple[str, ...]:
    """Each quote once; a quote inside a longer one is already said by it."""
    unique = _unique(" ".join(str(text).split()) for text in texts)
    return tuple(t for t in unique if not any(t != o and t in o for o in unique))


def _record(match: dict[str, Any], *, said: str) -> tuple[str, ...]:
    values = []
    for why in match.get("why") or []:
        value = why.get("term") or why.get("value")
        if value is not None and str(value).casefold() not in said:
            values.append(str(value))
    return tuple(_unique(values))


def _close(
    reply: dict[str, Any],
    evidence: dict[str, Any],
    *,
    start: int,
    sentence: Callable[..., str] = sentence_for,
) -> tuple[tuple[Close, ...], int, int]:
    """Who is close and shares something of substance; place-only people are only counted."""
    facets = evidence.get("facets") or {}
    found = evidence.get("people") or {}
    block = reply.get("close") if isinstance(reply.get("close"), dict) else {}
    matches = [m for m in block.get("matches") or [] if isinstance(m, dict)]
    listed: list[Close] = []
    place_only = 0
    for match in matches:
        shared = [key for key in match.get("why") or [] if not (facets.get(key) or {}).get("place")]
        if not shared:
            place_only += 1
            continue
        entity_id = str(match.get("entity_id") or "")
        lacks_key = str(match.get("lacks") or "")
        lacks = str((facets.get(lacks_key) or {}).get("text") or lacks_key.replace("_", " "))
        because = sentence(str(match.get("because") or "not_stated"))
        stated = match.get("because") == "stated_not_verified"
        about = about_text((found.get(entity_id) or {}).get("about"))
        quote = str(match.get("quote") or "") if stated else ""
        name = str(match.get("name") or "")
        listed.append(Close(start + len(listed), entity_id, name, about, lacks, because, quote))
    not_listed = max(int(block.get("total") or 0) - len(matches), 0)
    return tuple(listed), place_only, not_listed


# --- the agent's text --------------------------------------------------------------------------


def _tokens(text: str) -> set[str]:
    return set(re.findall(r"[^\W_]+", text.casefold()))


def _drawn(answer: Answer) -> list[str]:
    """Everything the page draws of a list answer, for telling what the agent adds to it."""
    people = [" ".join([p.name, p.about, *p.words, *p.record]) for p in answer.people]
    close = [" ".join([c.name, c.about, c.lacks, c.because, c.quote]) for c in answer.close]
    drawn = [answer.first_line, answer.quiet_line, *answer.reasons, *answer.close_notes]
    return [*drawn, *people, *close]


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
