"""Who leads a denial's sentence: the person named, "I", another person, or why not.

Check 1 of the denial rule (criteria/rules/denials/rule.py): a name read off the sentence's lead and
held to the person's name as the document writes it, with the names it writes for somebody else.
"""

from __future__ import annotations

import itertools
import re
from dataclasses import dataclass

from criteria.rules.denials.context import DenialContext
from criteria.rules.denials.words import (
    A_FRAGMENT,
    A_THING_LEADS,
    AN_ORGANISATION_LEADS,
    AUXILIARIES,
    BEHIND_A_PRONOUN,
    CONJUNCTIONS,
    FRAGMENT_OPENERS,
    MORE_THAN_THE_FORM,
    NAME_NOT_PROVED,
    NO_RULE_FOR_THE_WORDS,
    ORGANISATION_WORDS,
    PARTICLES,
    POSSESSIVE,
    REPORTED_BY_ANOTHER,
    SUBJECT_NOT_NAMED,
    TOKEN,
    TWO_NAMES,
    fold,
    word_folded,
)
from limma.text import DETERMINERS, POSSESSIVES, PRONOUNS, TITLES


def _is_initial(token: str) -> bool:
    letters = token.replace(".", "")
    return (
        bool(letters)
        and letters.isalpha()
        and letters.isupper()
        and (len(letters) == 1 or (token.endswith(".") and len(letters) <= 3))
    )


def _is_possessive(token: str) -> bool:
    folded = fold(token)
    return folded.endswith("'s") or folded.endswith("s'")


def _is_title(token: str) -> bool:
    return word_folded(token) in TITLES


@dataclass(frozen=True)
class Person:
    """The person's name as parts, and the names the document writes for somebody else."""

    parts: tuple[str, ...]  # folded, titles aside: ("dario", "benavente")
    others: tuple[tuple[str, ...], ...]  # each other name, folded parts
    namesake: bool  # the given name stands in a name that is not the person's

    @property
    def shared(self) -> frozenset[str]:
        """Every part of the name, hyphenated parts apart; particles are nobody's."""
        pieces = {piece for part in self.parts for piece in (part, *part.split("-"))}
        return frozenset(pieces - PARTICLES)


def _name_parts(name: str) -> tuple[str, ...]:
    if name.count(",") == 1:  # "Benavente, Dario" is Dario Benavente
        family, given = name.split(",")
        name = f"{given} {family}"
    return tuple(
        word_folded(match.group())
        for match in TOKEN.finditer(name)
        if match.group()[0].isalpha() and not _is_title(match.group())
    )


def person_of(context: DenialContext) -> Person | None:
    if not context.person or not _name_parts(context.person):
        return None
    parts = _name_parts(context.person)
    others = tuple(
        other_parts
        for other in context.other_names
        if (other_parts := _name_parts(other)) and other_parts != parts
    )
    given = parts[0]
    namesake = any(
        given in {piece for part in other for piece in (part, *part.split("-"))} for other in others
    ) or _namesake_in_text(context.text, parts)
    return Person(parts, others, namesake)


def _namesake_in_text(text: str, parts: tuple[str, ...]) -> bool:
    """The given name followed, on the same line, by a capitalised word that is not the name's."""
    words = list(re.finditer(r"[^\W\d_]+(?:['\u2019-][^\W\d_]+)*\.?", text))
    for this, following in itertools.pairwise(words):
        if word_folded(this.group()) != parts[0] or this.group().endswith("."):
            continue
        gap = text[this.end() : following.start()]
        after = following.group()
        if gap.strip(" \t") or not after[0].isupper() or _is_initial(after):
            continue
        if word_folded(after) not in parts and word_folded(after) not in PARTICLES:
            return True
    return False


def proves(words: list[str], person: Person | None) -> bool:
    """Check 1: the given name alone (no namesake, no title), given + the rest as written
    ending in the family name, or that full name behind a title."""
    if person is None:
        return False
    titled = bool(words) and _is_title(words[0])
    while words and _is_title(words[0]):
        words = words[1:]
    folded = tuple(word_folded(word) for word in words)
    if not folded or folded[0] != person.parts[0]:
        return False
    if len(folded) == 1:
        return not titled and not person.namesake
    if len(person.parts) < 2 or folded[-1] != person.parts[-1] or folded in person.others:
        return False
    middle = iter(person.parts[1:-1])
    return all(
        _is_initial(word) or any(part == fold_ for part in middle)
        for word, fold_ in zip(words[1:-1], folded[1:-1], strict=True)
    )


def name_run(words: list[str]) -> int:
    """How many of the words open as a name: titles, capitalised words, initials, particles."""
    size = 0
    while size < len(words):
        word = words[size]
        if _is_title(word) and not any(not _is_title(each) for each in words[:size]):
            size += 1
        elif _is_initial(word) or (word[0].isalpha() and word[0].isupper()):
            if _is_possessive(word):
                break
            size += 1
        elif word_folded(word) in PARTICLES and size and _particles_then_a_name(words[size:]):
            size += 1
        else:
            break
    return size


def _particles_then_a_name(words: list[str]) -> bool:
    """Particles ("van den") stand in a name only before a capitalised word ("Berg")."""
    for word in words:
        if word_folded(word) not in PARTICLES:
            return word[0].isalpha() and word[0].isupper()
    return False


def _organisation(words: list[str], context: DenialContext) -> bool:
    folded = tuple(word_folded(word) for word in words if not _is_title(word))
    if any(word in ORGANISATION_WORDS for word in folded[1:]):
        return True
    for organisation in context.organisations:
        named = _name_parts(organisation)
        if named and named[: len(folded)] == folded:
            return True
    return False


def _full_name(words: list[str]) -> bool:
    bare = [word for word in words if not _is_title(word)]
    return (
        len(bare) >= 2
        and not _is_initial(bare[0])
        and not _is_initial(bare[-1])
        and word_folded(bare[-1]) not in PARTICLES
    )


# -- who leads it -----------------------------------------------------------------------------
PERSON, SPEAKER, ANOTHER = "person", "speaker", "another"  # the leads that may pass


def subject_of(lead: list[str], person: Person | None, context: DenialContext) -> str:
    """PERSON, SPEAKER ("I"), ANOTHER (a full name that is not the person's), or why not."""
    if not lead:
        return A_FRAGMENT
    first = word_folded(lead[0])
    reason = None
    if first in FRAGMENT_OPENERS:
        reason = A_FRAGMENT
    elif lead == ["I"]:
        return SPEAKER
    elif first in PRONOUNS or first == "i":
        reason = BEHIND_A_PRONOUN if first != "i" else MORE_THAN_THE_FORM
    elif first in POSSESSIVES or any(_is_possessive(word) for word in lead):
        reason = POSSESSIVE
    elif first in DETERMINERS:
        reason = A_THING_LEADS
    elif any(word_folded(word) in CONJUNCTIONS for word in lead):
        reason = TWO_NAMES
    return reason or _named(lead, person, context)


def _named(lead: list[str], person: Person | None, context: DenialContext) -> str:
    size = name_run(lead)
    run, rest = lead[:size], lead[size:]
    if not run:
        return A_THING_LEADS
    if person is None:
        return SUBJECT_NOT_NAMED
    proved = proves(run, person)
    shares = any(word_folded(word) in person.shared for word in run if not _is_title(word))
    if rest:
        if proved and all(word_folded(word) in AUXILIARIES for word in rest):
            return NO_RULE_FOR_THE_WORDS  # "Dario was never …": a denial off the list
        if proved:
            return MORE_THAN_THE_FORM
        return NAME_NOT_PROVED if shares else REPORTED_BY_ANOTHER
    if proved:
        return PERSON
    if _organisation(run, context):
        return AN_ORGANISATION_LEADS
    if not shares and _full_name(run):
        return ANOTHER
    return NAME_NOT_PROVED
