"""The question the Q&A view hands its agent: what the visitor typed, what came before, and how an
answer here is written.

A follow-up is handed what came before by the page that holds it: the questions so far, the
search the last answer came from (its constraints and the niche's address) and the people that
answer listed. It is bounded (the first forty people, ten close, six questions) and cleaned before
it is written in: no control characters, no bracket that could close a block early, quotes
escaped. A prepared example is handed its stated split, so no model splits it.
"""

from __future__ import annotations

import json
import re
import unicodedata
from collections.abc import Mapping
from typing import Any

MAX_PEOPLE, MAX_CLOSE, MAX_ASKED = 40, 10, 6
MAX_QUESTION = 2000  # characters, the search verb's own bound on a brief
ADDRESS = re.compile(r"crit_[0-9A-Za-z]{1,64}")
CONSTRAINT_KEYS = ("relation", "slot", "op", "value")

NOTE = """[HOW TO ANSWER IN THIS VIEW. The page shows the visitor the list itself, from the \
search; your words are read beside it (about one person, they are the answer) by a customer of the \
directory, not by an engineer. In this view these come before the answer format you were given:
- answer the question FIRST, in plain sentences;
- name a person by their name only — never by an id or an entity_id, not even beside the name;
- say "the directory"; never "workspace", "records", "reads", "criteria" or "tools", never how \
the answer was found, and never what anything cost;
- that two entries of the directory are one person, say only when you are asked.]"""

EARLIER = "[EARLIER IN THIS CONVERSATION — the visitor now asks a follow-up to it."
ASKED = "Asked before, oldest first:"
FROM_SEARCH = (
    "The last answer came from this search — send these back for whatever the follow-up keeps:"
)
CRITERION_LINE = (
    '  criterion: "{address}" (the niche\'s address: sent as criteria=[{{"address": "{address}"}}]'
    " it is the same niche, already read)"
)
FOUND = "It found {total} who fit, in the order the answer showed them:"
FOUND_NOBODY = "It found nobody who fit."
CLOSE = "It listed these as close (one condition short):"
MORE_LISTED = "  … and {more} more, not written here."
CHANGES = (
    'Where the follow-up changes who is asked for ("only those in …"), answer the WHOLE request '
    "again: compile only the new condition from a brief of its own words, then search with the "
    "constraints above, the new ones{and_criterion}."
)
ABOUT_ONE = (
    'Where it asks about someone listed ("the second one"), fetch that person: the search above '
    'with entity_ids=[<their entity_id>], detail="full"{and_budget} — their rows, quotes and '
    "receipts; it reads and spends nothing — and say what it returns in plain sentences.]"
)

EXAMPLE = "[A PREPARED EXAMPLE — its search is stated here, so nothing splits it. Search with:"
EXAMPLE_ASK = (
    'Ask reuse-only first, with criteria_budget={"max_reads": 0}: its profiles were read ahead. '
    "Only if that comes back not_run or over_budget, send the same search without "
    "criteria_budget.]"
)


def clean(text: Any, *, limit: int = 300) -> str:
    """One line of text fit to be written into a block: no control or format characters, no
    square bracket, whitespace runs as one space, at most `limit` characters."""
    text = "".join(
        " " if unicodedata.category(char) in ("Cc", "Cf", "Zl", "Zp") else char
        for char in str(text if text is not None else "")
    )
    text = text.replace("[", "(").replace("]", ")")
    return " ".join(text.split())[:limit]


def quoted(text: Any, *, limit: int = 300) -> str:
    """Cleaned, then written as a JSON string: quotes and backslashes escaped."""
    return json.dumps(clean(text, limit=limit), ensure_ascii=False)


def escaped(text: Any, *, limit: int = 300) -> str:
    """Cleaned, with quotes and backslashes escaped, unquoted (a name written in running text)."""
    return clean(text, limit=limit).replace("\\", "\\\\").replace('"', '\\"')


def _cleaned(value: Any) -> Any:
    if isinstance(value, str):
        return clean(value)
    if isinstance(value, list):
        return [_cleaned(item) for item in value[:50]]
    if isinstance(value, Mapping):
        return {clean(key, limit=64): _cleaned(item) for key, item in list(value.items())[:20]}
    if isinstance(value, bool | int | float) or value is None:
        return value
    return clean(value)


def _constraints(raw: Any) -> list[dict[str, Any]]:
    items = raw if isinstance(raw, list) else []
    return [
        {key: _cleaned(item[key]) for key in CONSTRAINT_KEYS if key in item}
        for item in items[:50]
        if isinstance(item, Mapping)
    ]


def _people(raw: Any, limit: int) -> tuple[list[str], int]:
    items = [item for item in (raw if isinstance(raw, list) else []) if isinstance(item, Mapping)]
    lines = [
        f"  {number}. {escaped(person.get('name'), limit=200)}"
        f" (entity_id {quoted(person.get('id'), limit=64)})"
        for number, person in enumerate(items[:limit], start=1)
    ]
    return lines, max(0, len(items) - limit)


def follow_up_block(follow_up: Mapping[str, Any]) -> str:
    asked = [item for item in follow_up.get("asked") or [] if isinstance(item, str)][-MAX_ASKED:]
    constraints = json.dumps(_constraints(follow_up.get("constraints")), ensure_ascii=False)
    address = follow_up.get("criterion")
    address = address if isinstance(address, str) and ADDRESS.fullmatch(address) else None
    people, more = _people(follow_up.get("people"), MAX_PEOPLE)
    close, _ = _people(follow_up.get("close"), MAX_CLOSE)
    total = follow_up.get("total")
    total = total if isinstance(total, int) and not isinstance(total, bool) else len(people) + more
    lines = [EARLIER]
    if asked:
        lines.append(ASKED)
        lines += [f"  {number}. {quoted(text)}" for number, text in enumerate(asked, start=1)]
    lines += [FROM_SEARCH, f"  constraints: {constraints}"]
    if address:
        lines.append(CRITERION_LINE.format(address=address))
    if people:
        lines += [FOUND.format(total=total), *people]
        if more:
            lines.append(MORE_LISTED.format(more=more))
    else:
        lines.append(FOUND_NOBODY)
    if close:
        lines += [CLOSE, *close]
    lines.append(CHANGES.format(and_criterion=" and the criterion above" if address else ""))
    budget = ' and criteria_budget={"max_reads": 0}' if address else ""
    lines.append(ABOUT_ONE.format(and_budget=budget))
    return "\n".join(lines)


def example_block(example: Mapping[str, Any]) -> str:
    """A prepared example's stated split: its constraints and its niche by facets."""
    criterion = {"text": clean(example.get("niche")), "facets": _cleaned(example.get("facets"))}
    constraints = json.dumps(_constraints(example.get("constraints")), ensure_ascii=False)
    criteria = json.dumps([criterion], ensure_ascii=False)
    return "\n".join(
        [EXAMPLE, f"  constraints: {constraints}", f"  criteria: {criteria}", EXAMPLE_ASK]
    )


def compose_question(
    question: str,
    follow_up: Mapping[str, Any] | None = None,
    *,
    example: Mapping[str, Any] | None = None,
) -> str:
    """The agent's user message: the question, what came before, and how to answer here."""
    blocks = [clean(question, limit=MAX_QUESTION)]
    if follow_up:
        blocks.append(follow_up_block(follow_up))
    if example and example.get("niche") and example.get("facets"):
        blocks.append(example_block(example))
    blocks.append(NOTE)
    return "\n\n".join(blocks)
