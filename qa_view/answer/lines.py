"""The answer's lines: the search's own counts, what was not searched, what was checked, why
some could not be confirmed, and how much of a list the page shows.

A stage before qa_view.answer.people and qa_view.answer.draw: each line is made from one search
reply alone, with no people and no agent's text in it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

from criteria.lists.block import (
    CRITERION_CONFLICT,
    CRITERION_NO_DOCUMENTS,
    CRITERION_NOT_READ,
    CRITERION_PREFIX,
    CRITERION_SILENT,
)
from criteria.lists.four import NOT_STATED, STATED_NOT_VERIFIED
from qa_view.answer.origin import LIST_CHANGES
from search.partition import CRITERION, reason_code

NORMAL_STOPS = frozenset({"", "end_turn", "stop"})
READ_REASONS = frozenset(
    {CRITERION_SILENT, CRITERION_CONFLICT, CRITERION_NOT_READ, CRITERION_NO_DOCUMENTS}
)
COMPLETE = "The list is complete."


def count_phrase(n: int, one: str, many: str) -> str:
    return one if n == 1 else many.format(n=n)


def _reasons(reply: dict[str, Any]) -> dict[str, int]:
    """incomplete_because, less "<why>:criterion" where the criterion's own reasons count the
    same people ("criterion_not_read" and "not_recorded:criterion" are one person)."""
    reasons = reply.get("incomplete_because") or {}
    own = any(code.startswith(CRITERION_PREFIX) for code in reasons)
    of_the_criterion = reason_code("", CRITERION)  # ":criterion"
    return {c: n for c, n in reasons.items() if not (own and c.endswith(of_the_criterion))}


def not_searched(code: str) -> bool:
    """A code that says a part of the question was NOT searched: said in the first line,
    because the answer is then another one. The rest are why some could not be confirmed."""
    if code.startswith(LIST_CHANGES):
        return True
    return code.startswith(CRITERION_PREFIX) and code not in READ_REASONS


def first_line(
    reply: dict[str, Any], *, stop: str, sentence: Callable[..., str], close: int
) -> str:
    """The search's own counts; an unfinished read, an unsearched part, an early stop.

    `close`: of the search's one condition short, those who share something of substance with
    the question (qa_view.answer.origin.close_read, over the search's whole close list)."""
    total = int((reply.get("matched") or {}).get("total") or 0)
    reading = reply.get("reading") if isinstance(reply.get("reading"), dict) else None
    so_far = " so far" if reading else ""
    fit = "Nobody fits" if total == 0 else count_phrase(total, "1 person fits", "{n} people fit")
    parts = [f"{fit}{so_far}."]
    if close:
        parts.append(
            count_phrase(close, "1 more is close.", "{n} more are close.")
            if total
            else count_phrase(close, "1 person is close.", "{n} people are close.")
        )
    if reading:
        of, done = int(reading.get("of") or 0), int(reading.get("done") or 0)
        parts.append(f"{max(of - done, 0)} of {of} profiles have not been read yet.")
    for code, count in _reasons(reply).items():
        if not_searched(code):
            parts.append(sentence(code, count))
    if stop not in NORMAL_STOPS:
        parts.append(sentence(stop))
    return " ".join(unique_lines(parts))


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
        unique_lines(
            sentence(code, count)
            for code, count in _reasons(reply).items()
            if not not_searched(code)
        )
    )
    count = checked(reply)
    line = "" if not count else count_phrase(count, "Checked 1 profile.", "Checked {n} profiles.")
    return line, reasons


def unshared_line(n: int, lacks: str, because: str) -> str:
    """People one condition short who share nothing of substance: counted by what they lack,
    never called close ("Of the profiles checked, 109 say nothing of “pricing of …”.")."""
    said = f"“{' '.join(lacks.split())}”"
    if because == STATED_NOT_VERIFIED:
        return count_phrase(
            n,
            f"Of the profiles checked, 1 states {said} only in a sentence that could not be "
            "verified, and shares nothing else with the question.",
            f"Of the profiles checked, {{n}} state {said} only in a sentence that could not be "
            "verified, and share nothing else with the question.",
        )
    return count_phrase(
        n,
        f"Of the profiles checked, 1 says nothing of {said}.",
        f"Of the profiles checked, {{n}} say nothing of {said}.",
    )


@dataclass(frozen=True)
class ListLines:
    """The lines over a list: its first and quiet lines, the reasons behind the quiet one, and
    who one condition short is only counted."""

    first: str
    quiet: str
    reasons: tuple[str, ...]
    unshared: tuple[str, ...]
    because: dict[str, str]  # why a condition of someone close is open, by its code


def list_lines(
    reply: dict[str, Any],
    *,
    listed: int,
    close: int,
    close_listed: Iterable[dict[str, Any]],
    unshared: Iterable[tuple[int, str, str]],
    stop: str,
    sentence: Callable[..., str],
) -> ListLines:
    """Every line over a list, from its reply (markup aside), how many it lists, how many are
    close and the close entries it lists, and those only counted as (how many, what they
    lack, why)."""
    quiet, reasons = quiet_line(reply, listed=listed, sentence=sentence)
    return ListLines(
        first=first_line(reply, stop=stop, sentence=sentence, close=close),
        quiet=quiet,
        reasons=reasons,
        unshared=tuple(unshared_line(n, lacks, because) for n, lacks, because in unshared),
        because=because_lines(close_listed, sentence=sentence),
    )


def because_lines(
    close: Iterable[dict[str, Any]], *, sentence: Callable[..., str]
) -> dict[str, str]:
    """Why the condition of each close entry is open, said once per code."""
    codes = dict.fromkeys(str(entry.get("because") or NOT_STATED) for entry in close)
    return {code: sentence(code) for code in codes}


def unique_lines(items: Iterable[str]) -> list[str]:
    return list(dict.fromkeys(item for item in items if item))


def quoted_words(words: Iterable[str]) -> str:
    """“a”, “b” and “c”: the visitor's own words, each in quotes."""
    said = [f"“{word}”" for word in unique_lines(" ".join(str(w).split()) for w in words)]
    return said[0] if len(said) == 1 else ", ".join(said[:-1]) + " and " + said[-1]


def unsearched_sentence(words: Iterable[str], parts: int) -> str:
    """What was not searched, in the visitor's words, and what they can do."""
    words = list(words)
    if words:
        what = quoted_words(words)
    else:
        what = "one part of the question" if parts == 1 else "part of the question"
    return (
        f"The directory could not search {what}, so nobody is listed as fitting. "
        "Ask again with that part in other words, or without it."
    )


def not_read_sentence(niche: str, reason: str) -> str:
    """A niche nobody's profile was read for: what it was, why, and what the visitor can do."""
    if not niche or reason.startswith("No profile"):
        return reason
    return f"No profile was read for “{' '.join(niche.split())}”, so nobody is listed. {reason}"


def not_split_sentence(words: Iterable[str]) -> str:
    """Words of the niche the directory could not take as a condition to check, and what the
    visitor can do (the sentence after "No profile was read for ...")."""
    words = list(words)
    asks, them = ("asks", "it") if len(words) == 1 else ("ask", "them")
    return (
        f"The directory cannot tell what {quoted_words(words)} {asks} of a profile; ask again "
        f"without {them}, or say in other words what the person has done."
    )


def offered_heading(total: int, words: Iterable[str]) -> str:
    """The heading of a list that is not the answer: it says exactly what the list is."""
    words = list(words)
    people = count_phrase(total, "1 person", "{n} people")
    unchecked = f", not checked for {quoted_words(words)}" if words else ""
    return f"Not the answer: the {people} the other conditions alone leave{unchecked}"


def showing(shown: int, total: int) -> str:
    """ "Showing 50 of 109": said only where the page does not hold everyone."""
    return f"Showing {shown} of {total}" if 0 < shown < total else ""
