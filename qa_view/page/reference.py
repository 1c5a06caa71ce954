"""Whether a question typed under an answer refers to that answer, or is a question of its own.

The follow-up box takes any question (docs/pages.md#a-follow-up). What decides is what the
words refer to, never which box they were typed in:

- they refer to the answer when they point into it: a place in its lists ("the second one",
  "number 2"), somebody it named ("tell me more about Greta"), people by a pronoun ("why not
  her?", "how many of them are in Germany?"), or a narrowing that has no subject of its own
  ("only those in Germany", "and in Austria?", "what about France?");
- anything else is a question of its own ("Anyone in Austria selling surgical staplers?", "How
  many people are based in Poland?"), answered exactly as if typed in the top box.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

_I = re.IGNORECASE
ORDINAL_WORDS = (
    "first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|last|1st|2nd|3rd|4th|5th"
)
# A place in a list: "the second one", "the last?", "the first of the close ones", "number 2";
# never "the second quarter" or "last year" (a time, not somebody's place in the answer).
PLACE_IN_A_LIST = re.compile(
    rf"\bthe\s+(?:{ORDINAL_WORDS})\b"
    r"(?=\s*(?:$|[?.!,;]|(?:close\s+)?(?:one|ones|person|people|expert|experts|of)\b|close\b))"
    r"|(?:\bnumber|\bno\.|#)\s*\d+\b",
    _I,
)
# People pointed at: a pronoun, or "this one", "the same", "the ones", "the close ones".
POINTED_AT = re.compile(
    r"\b(?:her|him|his|hers|she|he|them|they|their|theirs|these|this one|that one|"
    r"this person|that person|the same|the ones|the others|the rest|"
    r"the close (?:one|ones|person|people|expert|experts)|"
    r"any of|each of|all of|which of|none of)\b"
    r"|\bthose\b(?!\s+(?:who|that|which|with|having)\b)",
    _I,
)
# "those who sold staplers" opens a question of its own unless a narrowing leads it in.
NARROWING = re.compile(
    r"^(?:(?:and|but|so|ok|okay|now|then|also)\b[\s,]*)*"
    r"(?:only|just|except|excluding|without|not|what about|how about|same for|same in|"
    r"and|but|now|or)\b",
    _I,
)
# The head of a question of its own: who/which/how many/list/… with words to ask about.
OWN_HEAD = re.compile(
    r"\b(?:who|whom|whose|which|what|how many|how much|count|list|show|find|give me|anyone|"
    r"anybody|somebody|someone|everyone|everybody|people|experts|is there|are there)\b",
    _I,
)
SHORT = 5  # a narrowing of at most this many words, past its lead-in, has no subject of its own
WORD = re.compile(r"[^\W_]+(?:[-'\u2019][^\W_]+)*")


def _names_of(people: Iterable[str]) -> set[str]:
    """Every full name, and each part of it of three letters or more, folded."""
    names: set[str] = set()
    for written in people:
        name = " ".join(written.split())
        if not name:
            continue
        names.add(name.casefold())
        # "Greta", "Ostrander"; never a particle such as "van" or "der", a word of any question
        parts = WORD.findall(name)
        names.update(part.casefold() for part in parts if len(part) >= 3 and part[0].isupper())
    return names


def names_someone(question: str, people: Iterable[str]) -> bool:
    """Whether the question names somebody of the answer (a full name, given or family name)."""
    names = _names_of(people)
    folded = question.casefold()
    words = set(WORD.findall(folded))
    words |= {w.removesuffix("'s").removesuffix("\u2019s") for w in words}
    return any((name in words) if " " not in name else (name in folded) for name in names)


def refers_to_answer(question: str, *, people: Iterable[str] = ()) -> bool:
    """Whether a question typed under an answer points into it (see the module's rules).

    `people` are the names the answer listed or called close.
    """
    text = " ".join(question.split())
    if PLACE_IN_A_LIST.search(text) or POINTED_AT.search(text):
        return True
    if names_someone(text, people):
        return True
    lead = NARROWING.match(text)
    if lead is None:
        return False
    rest = WORD.findall(text[lead.end() :])
    # "only those in Germany", "and in Austria?": no subject of its own. "And who in Austria
    # sold surgical staplers through public tenders?": a question of its own after an "and".
    return len(rest) <= SHORT or not OWN_HEAD.search(text[lead.end() :])
