"""The people an answer lists and who is close: each person once, and somebody one condition
short who establishes nothing of substance (only a place, or nothing at all) neither named nor
called close.

Close means one condition short AND something of substance established: a condition of the niche
other than a place, which the search's own `why` names for them. The search's close list
(docs/concepts.md#close: exactly one condition open) also holds, for a niche of one condition,
everyone whose documents say nothing of it; the page counts those apart ("Of the profiles read, 109
say nothing of ...") and calls nobody of them close. The counts are taken over the search's whole
close list (qa_view.answer.source keeps them), never over what is listed.

A stage after qa_view.answer.lines and before qa_view.answer.draw: the people come from every
page of the search and the run's evidence, not from the counts the lines are made of.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

from qa_view.answer.codes import sentence_for
from qa_view.answer.lines import unique_lines
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
    unique = unique_lines(" ".join(str(text).split()) for text in texts)
    return tuple(t for t in unique if not any(t != o and t in o for o in unique))


def _record(match: dict[str, Any], *, said: str) -> tuple[str, ...]:
    values = []
    for why in match.get("why") or []:
        value = why.get("term") or why.get("value")
        if value is not None and str(value).casefold() not in said:
            values.append(str(value))
    return tuple(unique_lines(values))


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
        said = (str(item.get("lacks") or ""), str(item.get("because") or "not_stated"))
        unshared[said] = unshared.get(said, 0) + 1
    return {
        "shared": shared,
        "unshared": [
            {"lacks": lacks, "because": because, "n": n} for (lacks, because), n in unshared.items()
        ],
    }


def facet_text(facets: dict[str, Any], key: str) -> str:
    return str((facets.get(key) or {}).get("text") or key.replace("_", " "))


def close_people(
    reply: dict[str, Any],
    evidence: dict[str, Any],
    *,
    start: int,
    sentence: Callable[..., str] = sentence_for,
) -> tuple[Close, ...]:
    """Who of a close list is close: those who share something of substance, each with the
    condition they lack; the others are only counted (close_counts)."""
    facets = evidence.get("facets") or {}
    found = evidence.get("people") or {}
    block = reply.get("close") if isinstance(reply.get("close"), dict) else {}
    matches = [m for m in block.get("matches") or [] if isinstance(m, dict)]
    listed: list[Close] = []
    for match in matches:
        if not shares_substance(match, facets):
            continue
        entity_id = str(match.get("entity_id") or "")
        lacks = facet_text(facets, str(match.get("lacks") or ""))
        because = sentence(str(match.get("because") or "not_stated"))
        stated = match.get("because") == "stated_not_verified"
        about = about_text((found.get(entity_id) or {}).get("about"))
        quote = str(match.get("quote") or "") if stated else ""
        name = str(match.get("name") or "")
        listed.append(Close(start + len(listed), entity_id, name, about, lacks, because, quote))
    return tuple(listed)


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
