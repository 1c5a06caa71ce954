"""Who leads a length's sentence, and whether that name proves the person (check 1).

The names a sentence opens with, read past an opening time ("Since 2001, "): a name, "I", a
pronoun, a turn label, or nobody known; a name held to the person's as the document writes it;
the folding, titles, particles and initials names are compared by; and the turn labels that
are an interviewer's. Nothing here decides a verdict; criteria.rules.lengths.rule puts the checks
together, criteria.rules.lengths.form reads the rest of the sentence.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from limma.text import PERSON_PRONOUNS, TITLES, closed, fold

# Words compared by limma.text.fold: "Søren Ødegård" is "soren odegard".
PARTICLES = closed(
    "van von de der den da di du del della des la le ter ten bin ibn al el af av zu dos das do"
)  # fmt: skip
# Words that open a sentence and are nobody the reader knows: "Her predecessor", "The firm".
NOT_NAMES = closed(
    """we you it one this that these those the a an her his their my our its your each every
    someone somebody nobody no all both another other such some any there here which who whose
    what"""
)
INTERVIEWERS = closed(
    "interviewer interviewers q question host moderator analyst caller researcher"
)

_INTRO = re.compile(
    r"(?:since|for|from|in|over|during|until|after|before|between|throughout|across|at|with"
    r"|today|now|currently|previously|formerly|earlier|altogether|overall)\b[^,;:.]{0,60},\s*",
    re.IGNORECASE,
)
_LABEL = re.compile(r"[^\s:][^:]{0,40}?:\s", re.IGNORECASE)
_TOKEN = re.compile(r"\S+")


def name_tokens(name: str) -> tuple[str, ...]:
    """A name's words, folded, without a title before it: "Dr. Anneke Voss" -> anneke, voss."""
    words = [fold(word).rstrip(".,") for word in name.split()]
    while words and words[0] in TITLES:
        words = words[1:]
    return tuple(word for word in words if word)


def is_initial(word: str) -> bool:
    """An initial: "A.", "A", "A.P.", "J.-P." — a letter in the place of a name."""
    return (
        bool(re.fullmatch(r"(?:[^\W\d_]\.?-?){1,3}", word))
        and len(word.rstrip(".")) <= 3
        and ("." in word or len(word) == 1)
    )


# -- check 1: who leads it --------------------------------------------------------------------

PROVED, NOT_PROVED, OTHER_PERSON, NOBODY = "proved", "not_proved", "other_person", "nobody"


def prove_name(written: str, person: str, other_names: tuple[str, ...]) -> str:
    """Whether a name that leads a sentence proves the person (the spec's check 1).

    proved: the given name alone, or the given name followed by the rest of the name (its middle
    parts may be dropped or written as initials), or such a full name behind a title — and none
    of it a part of a name the document writes for somebody else (the person's own hyphenated
    given name written alone, "Anne-Marie", is no such name). other_person: another
    person's full name as the document writes it. not_proved: a name holding a part of the
    person's (the family name alone, a title or an initial before it). nobody: anything else.
    """
    words = written.split()
    titled = 0
    while titled < len(words) and fold(words[titled]).rstrip(".") in TITLES:
        titled += 1
    core = name_tokens(written)
    own = name_tokens(person)
    if not core or not own or len(core) != len(words) - titled:
        return NOBODY
    others = [
        tokens
        for name in other_names
        if (tokens := name_tokens(name))
        and tokens != own
        and not _own_hyphenated_given_name(name, own)
    ]
    initials = [is_initial(word) for word in words[titled:]]
    if _is_form_of(core, own, bool(titled), initials):
        clash = any(_subsequence(core, other) for other in others)
        return NOT_PROVED if clash else PROVED
    if len(core) >= 2 and core in others:
        return OTHER_PERSON
    parts = set(own) | {part for word in own for part in word.split("-")}
    mine = set(core) | {part for word in core for part in word.split("-")}
    return NOT_PROVED if parts & mine else NOBODY


def _own_hyphenated_given_name(name: str, own: tuple[str, ...]) -> bool:
    """The person's own hyphenated given name written alone ("Anne-Marie" in Anne-Marie
    Fontaine's profile): a name-finder reads it as a name of two words, and it is no name of
    somebody else. (A given name of one word written alone stays a namesake's, as before.)"""
    core = name_tokens(name)
    return len(core) == 1 and "-" in core[0] and core[0] == own[0] and len(name.split()) == 1


def _is_form_of(
    core: tuple[str, ...], own: tuple[str, ...], titled: bool, initials: list[bool]
) -> bool:
    """The given name alone (never behind a title), or given name ... family name, whose middle
    words are the person's own middle words, in order, or their initials."""
    if core == own:
        return True
    if core[0] != own[0] or initials[0]:
        return False
    if len(core) == 1:
        return not titled
    if len(own) < 2 or core[-1] != own[-1] or initials[-1]:
        return False
    rest = list(own[1:-1])
    for index, word in enumerate(core[1:-1], start=1):
        if word in rest:
            rest = rest[rest.index(word) + 1 :]
        elif initials[index] and not own[1:-1]:
            continue  # a middle initial the recorded name leaves out
        elif initials[index] and any(part.startswith(word[:1]) for part in rest):
            rest = rest[[part.startswith(word[:1]) for part in rest].index(True) + 1 :]
        else:
            return False
    return True


def _subsequence(short: tuple[str, ...], long: tuple[str, ...]) -> bool:
    it = iter(long)
    return all(word in it for word in short)


@dataclass(frozen=True)
class Lead:
    """What leads a sentence's body: a name, "I", a pronoun, a label, or nobody known."""

    kind: str  # "name", "i", "pronoun", "label", "nobody"
    words: str  # the leading words as written
    at: int  # where they start in the body


def lead_of(body: str) -> Lead:
    """The subject the body opens with (past an opening "Since 2001, ")."""
    if _LABEL.match(body) and not re.match(r"\d{1,2}:\d{2}", body):
        return Lead("label", body[: body.index(":")], 0)
    intro = _INTRO.match(body)
    at = intro.end() if intro else 0
    rest = body[at:]
    first = re.match(r"[^\s,;:]+", rest)
    if first is None:
        return Lead("nobody", "", at)
    word = first.group()
    if word == "I" or re.fullmatch(r"I['\u2019](?:ve|d|m|ll)", word):
        return Lead("i", word, at)
    low = fold(word)
    if low in PERSON_PRONOUNS or re.match(r"(?:he|she) or (?:she|he)\b", fold(rest[:12])):
        return Lead("pronoun", word, at)
    if low in NOT_NAMES or re.search(r"['\u2019]s?$", word):
        return Lead("nobody", word, at)
    run = _name_run(rest)
    return Lead("name", run, at) if run else Lead("nobody", word, at)


def _name_run(rest: str) -> str:
    """The capitalised words (and particles, titles, initials) a sentence opens with."""
    tokens = list(_TOKEN.finditer(rest))
    end = 0
    for index, match in enumerate(tokens):
        word = match.group()
        aside = word[-1:] in ",;:!?"
        word = word.rstrip(",;:!?")
        bare = word.rstrip(".")
        if re.search(r"['\u2019]s$|\d", word) or not word:
            break
        capital = bare[:1].isupper() and all(ch.isalpha() or ch in "'\u2019.-" for ch in word)
        particle = word in PARTICLES
        if particle and not _before_a_capital(tokens[index + 1 :]):
            break
        if not (capital or particle):
            break
        end = match.start() + len(word)
        if aside:
            break  # "Anneke, who …": the name, then an aside
    return rest[:end]


def _before_a_capital(following: list[re.Match[str]]) -> bool:
    """A particle is a name's when the first word after it that is no particle is capitalised:
    "van Holm", "van der Holm", "de la Cruz"."""
    for match in following:
        if match.group() not in PARTICLES:
            return match.group()[:1].isupper()
    return False
