"""The people an answer lists and who is close: each person once, and somebody close who shares
only a place with the question counted, never named.

Kept apart from qa_view.answer because the people come from every page of the search and the
run's evidence, not from the counts the lines are made of.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

from qa_view.answer_events import Search
from qa_view.answer_lines import unique_lines
from qa_view.codes import sentence_for


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
    unique = unique_lines(" ".join(str(text).split()) for text in texts)
    return tuple(t for t in unique if not any(t != o and t in o for o in unique))


def _record(match: dict[str, Any], *, said: str) -> tuple[str, ...]:
    values = []
    for why in match.get("why") or []:
        value = why.get("term") or why.get("value")
        if value is not None and str(value).casefold() not in said:
            values.append(str(value))
    return tuple(unique_lines(values))


def close_people(
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
