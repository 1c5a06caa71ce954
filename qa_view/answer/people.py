"""The people an answer lists and who is close, as rows of the page: each person once, with who
they are and the words their line rests on; somebody close with the condition they lack and why.

Who of the search's close list is close (shares something of substance) is read in
qa_view.answer.origin, and why each condition is open is said by qa_view.answer.lines; this stage
makes the rows. A stage after qa_view.answer.lines and before qa_view.answer.draw: the people
come from every page of the search and the run's evidence, not from the counts the lines are
made of.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from criteria.lists.four import NOT_STATED, STATED_NOT_VERIFIED
from qa_view.answer.origin import Search


@dataclass(frozen=True)
class Person:
    index: int  # its [source] number in this answer; the page shows no id
    entity_id: str  # the server's handle for [source]: never drawn
    name: str
    about: str
    words: tuple[str, ...] = ()
    record: tuple[str, ...] = ()  # a value the question asked for, where the lines lack it
    listed: str = ""  # "fits" on a page shown by "Show more" (index is then its place there)


@dataclass(frozen=True)
class Close:
    index: int
    entity_id: str
    name: str
    about: str
    lacks: str
    because: str
    quote: str = ""
    listed: str = ""  # "close" on a page shown by "Show more" (index is then its place there)


# --- the people --------------------------------------------------------------------------------


def about_text(about: Any) -> str:
    """Who somebody is now: the role they hold and where, as the compact reply says it."""
    if not isinstance(about, dict):
        return ""
    title, company = about.get("title"), about.get("company")
    role = " at ".join(str(part) for part in (title or about.get("function"), company) if part)
    return ", ".join(str(part) for part in (role, about.get("place")) if part)


def listed_people(search: Search, evidence: dict[str, Any]) -> tuple[Person, ...]:
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
    unique = list(dict.fromkeys(said for said in (" ".join(str(t).split()) for t in texts) if said))
    return tuple(t for t in unique if not any(t != o and t in o for o in unique))


def _record(match: dict[str, Any], *, said: str) -> tuple[str, ...]:
    values = []
    for why in match.get("why") or []:
        value = why.get("term") or why.get("value")
        if value is not None and str(value).casefold() not in said:
            values.append(str(value))
    return tuple(dict.fromkeys(values))


def close_people(
    listed: Iterable[dict[str, Any]],
    evidence: dict[str, Any],
    *,
    start: int,
    because: Mapping[str, str],
) -> tuple[Close, ...]:
    """Who is close, as the page lists them: the close entries that share something of
    substance (qa_view.answer.origin.close_read, each with what they lack in the niche's
    words), with who they are and why the condition is open (`because`: each code's sentence,
    said by qa_view.answer.lines)."""
    found = evidence.get("people") or {}
    people: list[Close] = []
    for match in listed:
        entity_id = str(match.get("entity_id") or "")
        code = str(match.get("because") or NOT_STATED)
        about = about_text((found.get(entity_id) or {}).get("about"))
        quote = str(match.get("quote") or "") if code == STATED_NOT_VERIFIED else ""
        name = str(match.get("name") or "")
        lacks, said = str(match.get("lacks") or ""), because[code]
        people.append(Close(start + len(people), entity_id, name, about, lacks, said, quote))
    return tuple(people)
