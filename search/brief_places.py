"""Where a brief names a place the person is based in, and a place name written with a typo.

A place of the shipped vocabulary is where the person is based when a lead says so ("in",
"from", "based in", "located in"; "in der", "en", "aus" in a brief of another language), or a
list joins it to one ("in Germany, Austria or Switzerland"), or "-based" follows it ("a
France-based ..."); and when what follows it ends the phrase: the brief's end, punctuation, a
word of the list, or a word that opens another part ("with", "who", "and"). "in Benelux
markets", "in Germany's market", "in turkey farming" name something else, and are no
constraint; but right after a subject and its lead ("who in", "anyone in"), a noun there that
is a verb's third person too, with an object behind it, is the subject's verb: "who in Germany
markets baby milk" asks who there markets it. A place written in lower case ("who in germany
sells ...") is read as a capitalised one is, unless its name is a word of the language too
(WORDS_TOO: "turkey", "china"): then only a word that ends the phrase may follow it. A negation
or exclusion before the place ("not in France", "outside Europe", "except those in Spain",
"non-EU", "isn't based in") makes it a place the person is NOT based in (`ne`), never the
place itself; in the words about the person's work only an explicit one does ("not based in",
"based outside"): "sold staplers outside the DACH region" is the work's, and the niche's.

A word in a place's position that the vocabulary does not hold is read as a place only where
the vocabulary decides it safely: one place name, and only one, within one edit of it (two for a
word of eight letters or more), the word five letters or more, capitalised (or the whole brief
written in lower case). A word that near places stand to but none safely is said, not searched.
"""

from __future__ import annotations

import functools
import re

from limma.text import BUYING_VERBS, LEADING_VERBS, MARKETING_VERBS, SELLING_VERBS
from limma.vocabulary import Term, Vocabulary
from limma.vocabulary.folding import fold

PLACE_NOT_KNOWN = "place_not_known"


def _words(text: str) -> frozenset[str]:
    return frozenset(text.split())


_I = re.IGNORECASE
_ARTICLE = r"(?:\s+(?:the|der|die|dem|den|la|le|les|el|l'))?"
EXPLICIT = r"(?:based|located|living|residing|resident|who lives?|who (?:is|are) based|lives?)"
LEAD = re.compile(
    rf"\b(?P<explicit>{EXPLICIT}\s+)?(?:in|from|within|across|out of){_ARTICLE}\s*$", _I
)
FOREIGN_LEAD = re.compile(
    rf"\b(?:in|im|aus|nach|en|au|aux|dans|à|a|em|no|na|nel|nella|i|från|fra|uit){_ARTICLE}\s*$",
    _I,
)
# A lead no English brief writes before a place: the brief is in another language.
FOREIGN_ONLY_LEAD = re.compile(
    rf"\b(?:(?:im|aus|nach|en|au|aux|dans|à|em|nel|nella|från|fra|uit){_ARTICLE}"
    r"|in\s+(?:der|dem|den))\s*$",
    _I,
)
BASED_AFTER = re.compile(r"[\s-]*based\b", _I)
LIST_JOIN = re.compile(r"\s*(?:,|/|&|\bor\b|\band\b|,\s*or\b|,\s*and\b)\s*(?:the\s+)?", _I)
# A negation just before a place's lead ("not currently in France"): no constraint, unless it
# has its own object there ("not in sales in Germany": the function is what is negated).
NEGATED = re.compile(
    r"\b(?:not|never|outside(?:\s+of)?|except|excluding|other than|apart from|besides|but not)"
    r"\s+(?!(?:in|from|within|of)\s+\S+\s+$)(?:[^\s,;:]+\s+){0,2}$",
    _I,
)
# A negation or an exclusion before a place ("not in", "outside", "except those in", "other than
# in", "isn't based in"): where the person is NOT based. The words between it and the place are
# a closed list of framing and leads.
EXCLUDING_WORDS = _words(
    "not never outside except excluding other than apart aside from besides but save for"
)
EXCLUDING = re.compile(
    r"(?:\b(?:not|never|outside|except|excluding|other than|apart from|aside from|besides"
    r"|but not|save for)|n['\u2019]t)"
    r"(?P<between>(?:\s+(?:of|for|those|people|anyone|everyone|everybody|ones|the|who|are|is|be"
    r"|based|located|living|residing|resident|live|lives|in|from|within))*)\s*$"
    r"|\bnon-\s*$",
    _I,
)
# A word that says where the person lives, in the exclusion ("not based in") or just before it
# ("based outside", "living outside of"): the exclusion is of residence, wherever it stands.
RESIDES = re.compile(r"\b(?:based|located|living|residing|resident|lives?)\b", _I)
RESIDES_BEFORE = re.compile(r"\b(?:based|located|living|residing|resident|lives?)\s+$", _I)
# Nouns a place before them makes something else than where the person is based.
PLACE_NOUNS = _words(
    """market markets region regions sector sectors industry industries area areas territory
    territories countries country side office offices subsidiary subsidiaries"""
)
# Place names that are also words of the language written in lower case ("in turkey farming",
# "china painting", "a jersey knit"): in lower case only a word that ends the phrase follows
# them. Another place written in lower case ("who in germany sells ...") is the place.
WORDS_TOO = _words(
    """turkey chad china jersey guernsey guinea georgia jordan island chile reunion panama
    japan india holland wales niger bermuda maurice"""
)
# Words after a place that end its phrase: another part of the brief opens.
ENDS_THE_PHRASE = _words(
    """and or but with who that which whose having has have had for as please only
    currently now today also too plus"""
)
_NEXT_WORD = re.compile(r"\s*([^\W_]+)")
# A subject and the lead of its place ("who in", "anyone from the"): a verb may follow the place.
_SUBJECT = (
    r"\b(?:who|whoever|anyone|anybody|someone|somebody|everyone|everybody)"
    rf"\s+(?:in|from|within){_ARTICLE}"
)
SUBJECT_LEAD = re.compile(_SUBJECT + r"\s+$", _I)
# The same, with the place's one to three words behind it, up to a word that may be its verb.
SUBJECT_LEAD_AND_PLACE = re.compile(_SUBJECT + r"\s+(?P<place>[^\W_]+(?:\s+[^\W_]+){0,2})\s+$", _I)
DOING_VERBS = SELLING_VERBS | MARKETING_VERBS | BUYING_VERBS | LEADING_VERBS
# Nouns of PLACE_NOUNS that are a verb's third person too ("who markets"): limma/text.py's verbs.
THIRD_PERSON_TOO = frozenset(word for word in PLACE_NOUNS & DOING_VERBS if word.endswith("s"))
# Words behind such a noun that make it the noun still: a verb ("who in the DACH markets sells
# ..."), or a unit the noun names ("who in the Germany markets team").
NOUN_STILL = DOING_VERBS | _words(
    """is are was were works worked team teams desk department unit division group"""
)
_OBJECT = re.compile(r"\s+([^\W_]+)")


def led(text: str, start: int, *, floor: int, explicit_only: bool, foreign: bool) -> int | None:
    """Where the lead of a place at `start` begins, or None when no lead stands before it."""
    before = text[floor:start]
    match = LEAD.search(before)
    explicit = bool(match and (match["explicit"] or not explicit_only))
    if match and explicit and not NEGATED.search(before[: match.start()]):
        return floor + match.start()
    if foreign and not explicit_only:
        match = FOREIGN_LEAD.search(before)
        if match:
            return floor + match.start()
    return None


def excluded(text: str, start: int, *, floor: int, explicit_only: bool) -> int | None:
    """Where a negation or exclusion of the place at `start` begins ("not in", "outside",
    "non-"), or None. In the words about the person's work (`explicit_only`) only an explicit
    one ("not based in", or a word of residence right before it: "based outside Europe") says
    where the person is based: "sold staplers outside DACH" is the work's. Such a word before
    it begins the exclusion, so the niche keeps none of it."""
    match = EXCLUDING.search(text, floor, start)
    if match is None:
        return None
    resides = RESIDES_BEFORE.search(text, floor, match.start())
    if explicit_only and resides is None and not RESIDES.search(match["between"] or ""):
        return None
    begins = match.start() if resides is None else resides.start()
    while begins > floor and text[begins - 1].isalpha():
        begins -= 1  # "isn't": the whole word is the negation's
    return begins


def ends_the_phrase(text: str, start: int, end: int, limit: int, *, known: bool = False) -> bool:
    """What follows the place text[start:end] (up to `limit`) closes its phrase: not a
    possessive, not a noun of PLACE_NOUNS, and, for a word written in lower case that is a
    word of the language too (WORDS_TOO) or no place the vocabulary holds as written (a
    typo's, "in sedan sales"), no word but one of ENDS_THE_PHRASE ("in turkey farming" names
    no place). `known`: the words are a place's name or alias as written."""
    rest = text[end:limit]
    if not rest.strip() or BASED_AFTER.match(rest):
        return True
    if rest[:1] in ("'", "\u2019"):
        return False  # "Germany's market"
    if re.match(r"\s*[^\w\s'\u2019]", rest):
        return True  # punctuation: a comma, a bracket, a stop
    word = _NEXT_WORD.match(rest)
    if word is None:
        return True
    following = fold(word.group(1))
    if following in ENDS_THE_PHRASE:
        return True
    written = text[start:end]
    strict = written.islower() and (not known or fold(written) in WORDS_TOO)
    if strict:
        return False
    return following not in PLACE_NOUNS or verb_after_place(text, start, end, limit)


def verb_after_place(text: str, start: int, end: int, limit: int) -> bool:
    """The word after the place text[start:end] is the verb of a subject before it: "who in
    Germany markets baby milk". Only where "who", "anyone", "someone" ... and the place's lead
    stand right before it, the word is a verb's third person (THIRD_PERSON_TOO), and an object
    follows it, not punctuation, a word that ends the phrase, or a word that keeps it the
    noun (NOUN_STILL)."""
    if not SUBJECT_LEAD.search(text, 0, start):
        return False
    verb = _NEXT_WORD.match(text, end, limit)
    if verb is None or fold(verb.group(1)) not in THIRD_PERSON_TOO:
        return False
    thing = _OBJECT.match(text, verb.end(), limit)
    return thing is not None and fold(thing.group(1)) not in ENDS_THE_PHRASE | NOUN_STILL


def verb_behind_a_place(text: str, at: int, floor: int, limit: int) -> bool:
    """The word at `at` is the verb of "who in <place>" before it (verb_after_place), the place
    being the one to three words between the lead and it."""
    word = _NEXT_WORD.match(text, at, limit)
    if word is None or fold(word.group(1)) not in THIRD_PERSON_TOO:
        return False
    before = SUBJECT_LEAD_AND_PLACE.search(text, floor, at)
    return before is not None and verb_after_place(
        text, before.start("place"), before.end("place"), limit
    )


@functools.cache
def _surfaces() -> dict[str, tuple[Term, ...]]:
    """Every one-word place name and alias, folded, with the terms it names."""
    vocabulary = Vocabulary.shipped()
    found: dict[str, list[Term]] = {}
    for term in vocabulary.terms("place"):
        for surface in (term.name, *term.aliases):
            folded = fold(surface)
            if folded.isalpha() and len(folded) >= 4:
                found.setdefault(folded, [])
                if term not in found[folded]:
                    found[folded].append(term)
    return {surface: tuple(terms) for surface, terms in found.items()}


def edits(first: str, second: str, ceiling: int) -> int:
    """The optimal-string-alignment distance (a swap of two letters is one edit), or
    ceiling + 1 as soon as it must exceed `ceiling`."""
    if abs(len(first) - len(second)) > ceiling:
        return ceiling + 1
    previous2: list[int] = []
    previous = list(range(len(second) + 1))
    for i, a in enumerate(first, 1):
        current = [i] + [0] * len(second)
        for j, b in enumerate(second, 1):
            cost = 0 if a == b else 1
            current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
            if i > 1 and j > 1 and a == second[j - 2] and first[i - 2] == b:
                current[j] = min(current[j], previous2[j - 2] + 1)
        if min(current) > ceiling:
            return ceiling + 1
        previous2, previous = previous, current
    return previous[-1]


@functools.lru_cache(maxsize=4096)
def typo_of(word: str) -> Term | str | None:
    """The place a misspelt word names when the vocabulary decides it safely; PLACE_NOT_KNOWN
    when places stand near it but none safely; None when it is no place's typo."""
    folded = fold(word)
    if len(folded) < 5 or not folded.isalpha():
        return None
    ceiling = 2 if len(folded) >= 8 else 1
    near: dict[int, set[str]] = {}
    terms: dict[str, Term] = {}
    for surface, named in _surfaces().items():
        distance = edits(folded, surface, ceiling + 1)
        if distance <= ceiling + 1:
            for term in named:
                near.setdefault(distance, set()).add(term.name)
                terms[term.name] = term
    if not near:
        return None
    best = min(near)
    if best <= ceiling and len(near[best]) == 1 and not near.get(best + 1, set()) - near[best]:
        return terms[next(iter(near[best]))]
    return PLACE_NOT_KNOWN if best <= ceiling else None
