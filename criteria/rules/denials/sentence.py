"""One sentence a denial is quoted from, read and held to the two closed forms.

The denial rule's form (criteria/rules/denials/rule.py) for a single sentence: its body without time
stamp, turn label, bullet and end mark; the denial, the verb and the condition it says; whether the
next sentence takes it back; and the verdict of the sentence alone: firm, set aside, or a doubt.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from criteria.rules.denials.context import DenialContext
from criteria.rules.denials.names import (
    ANOTHER,
    PERSON,
    SPEAKER,
    Person,
    name_run,
    proves,
    subject_of,
)
from criteria.rules.denials.words import (
    A_HEADING,
    A_QUESTION,
    AUXILIARIES,
    BASE,
    CONDITION_NOT_IN_SENTENCE,
    CONJUNCTIONS,
    DENIES_WHAT_THE_DOCUMENTS_STATE,
    DOUBT,
    EXPERIENCE,
    FIRM,
    FIRST,
    FIRST_PERSON_NOT_PROVED,
    FRAGMENT_OPENERS,
    LIMIT_OPENERS,
    LIMITED_DENIALS,
    MORE_THAN_THE_FORM,
    NAME_NOT_PROVED,
    NO_RULE_FOR_THE_WORDS,
    NOT_RUNNING_TEXT,
    OUTRIGHT_DENIALS,
    PAST,
    PERFECT,
    POINTED_BACK_AT,
    PREP_DET,
    REFLEXIVE_FIRST,
    REFLEXIVE_NAMED,
    REPORTED_BY_ANOTHER,
    SET_ASIDE,
    STATES_A_LIMIT,
    SUBJECT_NOT_NAMED,
    TAKE_BACK,
    THIRD,
    TRAILING_LIMITS,
    VERBS,
    fold,
    phrase_holds,
    phrase_of,
    same_phrase,
    tokens_of,
    word_folded,
)
from limma.text import DETERMINERS, POSSESSIVES, PRONOUNS

_TIMESTAMP = re.compile(r"[\[(]?\d{1,2}:\d{2}(?::\d{2})?(?:[.,]\d{1,3})?[\])]?\s*")
_LABEL = re.compile(r"([^\W\d_][\w'\u2019.-]*(?:[ \t]+[^\W\d_][\w'\u2019.-]*){0,3})[ \t]*:\s+")
_BULLET = re.compile(r"(?:[-*\u2022\u00b7\u2013\u2014]|\d{1,2}[.)]|[a-z][.)])[ \t]+")
_QUOTE_MARKS = ">\"'\u201c\u201d\u2018\u2019\u00ab\u00bb\u201e"


@dataclass(frozen=True)
class Sentence:
    start: int
    end: int
    speaker: str | None


@dataclass(frozen=True)
class _Body:
    """A sentence without its time stamp, turn label, bullet and end mark."""

    text: str
    turn: str | None  # the label of the turn it stands in
    reasons: tuple[str, ...]  # where it stands, if that is not plain running text


def _label_of(speaker: str | None) -> str | None:
    if not speaker:
        return None
    label = _TIMESTAMP.sub("", speaker.strip(), count=1).strip().rstrip(":").strip()
    return label or None


def _body(context: DenialContext, sentence: Sentence, person: Person | None) -> _Body:
    text = context.text[sentence.start : sentence.end].strip()
    reasons: list[str] = []
    stamp = _TIMESTAMP.match(text)
    text = text[stamp.end() :] if stamp else text
    turn = _label_of(sentence.speaker)
    labelled = _LABEL.match(text)
    if labelled and (turn is None or fold(labelled.group(1)) == fold(turn)):
        label_words = [match.group() for match in tokens_of(labelled.group(1))]
        if turn is None and not proves(label_words, person):
            reasons.append(NOT_RUNNING_TEXT)  # "Note: …", "Rejected: …", an unknown turn
        turn = turn or labelled.group(1)
        text = text[labelled.end() :]
    bullet = _BULLET.match(text)
    if bullet:
        text = text[bullet.end() :]
    if text.startswith("#"):
        reasons.append(A_HEADING)
        text = text.lstrip("# ")
    if text[:1] in _QUOTE_MARKS or text[:1] in "[(":
        reasons.append(NOT_RUNNING_TEXT)
        closing = {"[": "]", "(": ")"}.get(text[:1])
        text = text[text.find(closing) + 1 :] if closing and closing in text else text[1:]
        text = text.lstrip(_QUOTE_MARKS + " ")
    if _under_a_colon(context.text, sentence.start, bool(bullet), turn):
        reasons.append(NOT_RUNNING_TEXT)
    text = text.rstrip()
    if text.endswith("?"):
        reasons.append(A_QUESTION)
        text = text[:-1]
    elif text.endswith(":"):
        reasons.append(A_HEADING)
        text = text[:-1]
    elif text.endswith((".", "!")):
        text = text[:-1]
    elif turn is None:
        reasons.append(A_HEADING)  # a line with no closing full stop
    return _Body(text, turn, tuple(dict.fromkeys(reasons)))


def _under_a_colon(text: str, start: int, bullet: bool, turn: str | None) -> bool:
    """An item under a line that ends in a colon ("Claims the reference check rejected:").

    In a transcript, the turn's own label on the line above ("Cornelia:") and a turn that ends
    in a colon ("Interviewer: Tell me about it:") are speech, not a heading.
    """
    lines = text[: text.rfind("\n", 0, start) + 1].split("\n")[:-1]
    for line in reversed(lines):
        stripped = _TIMESTAMP.sub("", line.strip(), count=1).strip()
        if not stripped:
            continue
        if bullet and _BULLET.match(stripped + " "):
            continue
        if turn and (fold(stripped[:-1]) == fold(turn) or _LABEL.match(stripped)):
            return False  # the turn's own label, or a turn before it: speech, not a heading
        return stripped.endswith(":")
    return False


def _denial_at(words: list[str]) -> tuple[int, tuple[str, ...], str, str, bool] | None:
    """The first denial the words hold: where, its words, its verb form, whose, outright."""
    folded = [word_folded(word) for word in words]
    known = [(each, True) for each in OUTRIGHT_DENIALS] + [
        (each, False) for each in LIMITED_DENIALS
    ]
    known.sort(key=lambda item: -len(item[0][0]))
    for at in range(len(folded)):
        for (phrase, form, whose), outright in known:
            if tuple(folded[at : at + len(phrase)]) == phrase:
                return at, phrase, form, whose, outright
    return None


def _verb_taken(tail: list[str], form: str) -> int | None:
    """How many words of the tail the verb takes, in the form the denial asks; None if none."""
    if form == EXPERIENCE:
        return 0
    first = word_folded(tail[0]) if tail else ""
    if form == PERFECT and first == "been":
        return 2 if len(tail) > 1 and word_folded(tail[1]) == "involved" else 1
    forms = {
        PAST: {past for past, _ in VERBS.values()},
        PERFECT: {participle for _, participle in VERBS.values()},
        BASE: set(VERBS),
    }[form]
    return 1 if first in forms else None


def _condition(
    rest: str, reflexives: frozenset[str], own: tuple[str, ...], stated: tuple[str, ...]
) -> str | None:
    """None when the rest is exactly one of the condition's own words; else why not."""
    words = [match.group() for match in tokens_of(rest)]
    if words and word_folded(words[-1]) in REFLEXIVE_NAMED | REFLEXIVE_FIRST:
        if word_folded(words[-1]) not in reflexives:
            return MORE_THAN_THE_FORM
        rest = rest[: tokens_of(rest)[-1].start()]
    phrase = phrase_of(rest)
    owned = [phrase_of(each) for each in own if phrase_of(each)]
    if any(same_phrase(phrase, each) for each in owned):
        return None
    for each in owned:
        if len(phrase) > len(each) and same_phrase(phrase[: len(each)], each):
            extra = phrase[len(each)]
            return STATES_A_LIMIT if extra in TRAILING_LIMITS else MORE_THAN_THE_FORM
        if phrase_holds(phrase, each):
            return MORE_THAN_THE_FORM
    content = set(phrase) - PREP_DET - CONJUNCTIONS
    if any(content & (set(phrase_of(each)) - PREP_DET - CONJUNCTIONS) for each in stated):
        return DENIES_WHAT_THE_DOCUMENTS_STATE
    return CONDITION_NOT_IN_SENTENCE


@dataclass(frozen=True)
class _Judged:
    kind: str
    reasons: tuple[str, ...]


def sentence_judge(
    context: DenialContext,
    *,
    sentences: list[Sentence],
    at: int,
    own: tuple[str, ...],
    stated: tuple[str, ...],
    person: Person | None,
) -> _Judged:
    """One sentence against the two closed forms: firm, set aside, or a doubt with why."""
    body = _body(context, sentences[at], person)
    matches = tokens_of(body.text)
    words = [match.group() for match in matches]
    reasons = list(body.reasons)
    found = _denial_at(words)
    lead = words[: found[0]] if found else _virtual_lead(words, body.text, own + stated)
    if lead and word_folded(lead[0]) in LIMIT_OPENERS:  # "At another employer, Ingrid never …"
        reasons.append(STATES_A_LIMIT)
        commas = [index for index, word in enumerate(lead) if word == ","]
        lead = lead[commas[-1] + 1 :] if commas else lead[-1:]
    subject = subject_of(lead, person, context)
    if subject == SPEAKER:
        subject = SPEAKER if proves(_label_words(body.turn), person) else FIRST_PERSON_NOT_PROVED
    elif subject == PERSON and body.turn and not proves(_label_words(body.turn), person):
        subject = REPORTED_BY_ANOTHER  # a named sentence in somebody else's turn
    if subject not in (PERSON, SPEAKER, ANOTHER):
        reasons.append(subject)
    reasons.extend(
        _what_it_says(
            found,
            words=words,
            matches=matches,
            text=body.text,
            subject=subject,
            own=own,
            stated=stated,
        )
    )
    if _taken_back(context, sentences, at):
        reasons.append(POINTED_BACK_AT)
    reasons = list(dict.fromkeys(reasons))
    if not reasons and subject in (PERSON, SPEAKER):
        return _Judged(FIRM, ())
    if not reasons and subject == ANOTHER:
        return _Judged(SET_ASIDE, ())
    return _Judged(DOUBT, tuple(reasons))


def _label_words(label: str | None) -> list[str]:
    return [match.group() for match in tokens_of(label or "") if match.group()[0].isalpha()]


def _virtual_lead(words: list[str], text: str, conditions: tuple[str, ...]) -> list[str]:
    """With no denial read: the words that lead the sentence, to say whose it may be."""
    if not words:
        return []
    opening = phrase_of(text)
    if any((phrase := phrase_of(each)) and opening[: len(phrase)] == phrase for each in conditions):
        return ["The"]  # the condition's own words lead: a thing
    if word_folded(words[0]) in PRONOUNS | POSSESSIVES | DETERMINERS | FRAGMENT_OPENERS:
        return words[:1]
    if word_folded(words[0]) in LIMIT_OPENERS or words[0] == "I":
        return words[:1]
    if word_folded(words[0]) in AUXILIARIES:  # a question: "Have you ever worked on …?"
        return _virtual_lead(words[1:], "", ())
    return words[: max(name_run(words), 1)]


def _what_it_says(
    found: tuple[int, tuple[str, ...], str, str, bool] | None,
    *,
    words: list[str],
    matches: list[re.Match[str]],
    text: str,
    subject: str,
    own: tuple[str, ...],
    stated: tuple[str, ...],
) -> list[str]:
    """The denial, the verb and the condition: the reasons they are not the closed form."""
    if found is None:
        return [NO_RULE_FOR_THE_WORDS]
    at, phrase, form, whose, outright = found
    reasons = [] if outright else [STATES_A_LIMIT]
    speaker = subject in (SPEAKER, FIRST_PERSON_NOT_PROVED)
    named = subject in (PERSON, ANOTHER, NAME_NOT_PROVED, SUBJECT_NOT_NAMED)
    if (speaker and whose == THIRD) or (named and whose == FIRST):
        reasons.append(NO_RULE_FOR_THE_WORDS)
    tail_at = at + len(phrase)
    tail = words[tail_at:]
    taken = _verb_taken(tail, form)
    if taken is None:
        moved = _verb_taken(tail[1:], form) if len(tail) > 1 else None
        reasons.append(MORE_THAN_THE_FORM if moved is not None else NO_RULE_FOR_THE_WORDS)
        return reasons
    if tail_at + taken >= len(words):
        reasons.append(CONDITION_NOT_IN_SENTENCE)
        return reasons
    rest = text[matches[tail_at + taken].start() :]
    reflexives = REFLEXIVE_FIRST if speaker else REFLEXIVE_NAMED
    why = _condition(rest, reflexives, own, stated)
    if why:
        reasons.append(why)
    return reasons


def _taken_back(context: DenialContext, sentences: list[Sentence], at: int) -> bool:
    """The next sentence of the same turn opens by taking it back ("That changed in 2015.")."""
    if at + 1 >= len(sentences) or sentences[at + 1].speaker != sentences[at].speaker:
        return False
    following = _body(context, sentences[at + 1], None).text
    first = next(iter(tokens_of(following)), None)
    return first is not None and word_folded(first.group()) in TAKE_BACK
