"""How a length is counted: ONE form of sentence, six checks, and every other length handed on.

A length is the one condition no model confirms, so the granting side is a whitelist. A length is
GRANTED only by the sentence

    <the person> [has|have|had] done|did|held|been in|been doing|been holding|was in|worked in|
    served in  this [kind of] work|role|job|position|post|capacity|remit  [at|with|for <the
    experience's own employer>]  for <ONE count of years> | since <a date> | from <a date> to
    <a date>.

passing every one of six checks: who leads it (given name, full name, a title before the full
name; accents folded; no namesake), whose "I", what it points at (the sentence right before is one
of the experience's anchors), where it stands (plain running text), what it says (nothing more),
and when the work began (no longer than the experience's start allows) — and only where the
count bounds the length from below by at least min_years. Every other sentence is handed on with
EVERY closed word of why that applies (WHY, in the spec's order), unless it is not the person's
at all (handed_on): another person's full name leads it, its years are at another organisation,
an interviewer says it, or it writes no time.

Pure functions over the document's text; criteria.rules.lengths.lead reads who leads a sentence,
criteria.rules.lengths.form the rest of its words, and criteria.rules.lengths.count the count.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import date

from criteria.rules.lengths.count import Time, count_of, first_length, month_of, months_of
from criteria.rules.lengths.form import (
    ANOTHER,
    OWN,
    UNPROVED,
    a_career,
    earlier_before,
    form_of,
    names_the_employer,
    organisations_in,
    points_back,
    quoted_line,
    relation_to,
    standing_of,
    under_a_colon,
)
from criteria.rules.lengths.lead import (
    INTERVIEWERS,
    NOBODY,
    OTHER_PERSON,
    PROVED,
    Lead,
    fold,
    lead_of,
    prove_name,
)
from limma.segment import segment

__all__ = [
    "WHY",
    "LengthContext",
    "LengthVerdict",
    "count_of",
    "handed_on",
    "length_verdict",
    "pointing_sentences",
    "sentences_of",
]

NOT_IN_THE_CLOSED_FORM = "not_in_the_closed_form"
MORE_THAN_THE_CLOSED_FORM = "more_than_the_closed_form"
BEHIND_A_PRONOUN = "behind_a_pronoun"
NAME_NOT_PROVED = "name_not_proved"
FIRST_PERSON_NOT_PROVED = "first_person_not_proved"
SUBJECT_NOT_PROVED = "subject_not_proved"
SUBJECT_NOT_NAMED = "subject_not_named"
POINTER_NOT_PROVED = "pointer_not_proved"
NOT_RUNNING_TEXT = "not_running_text"
CONTRADICTS_ITS_START = "contradicts_its_start"
OUTSIDE_THE_EXPERIENCE = "outside_the_experience"
COUNT_NOT_BOUNDED = "count_not_bounded"
DATES_NOT_USABLE = "dates_not_usable"
THE_CAREERS = "the_careers"
OF_AN_EARLIER_TIME = "of_an_earlier_time"
ORGANISATION_NOT_PROVED = "organisation_not_proved"
# The closed words of why, in the order the spec lists them (and a verdict carries them).
WHY = (
    NOT_IN_THE_CLOSED_FORM, MORE_THAN_THE_CLOSED_FORM, BEHIND_A_PRONOUN, NAME_NOT_PROVED,
    FIRST_PERSON_NOT_PROVED, SUBJECT_NOT_PROVED, SUBJECT_NOT_NAMED, POINTER_NOT_PROVED,
    NOT_RUNNING_TEXT, CONTRADICTS_ITS_START, OUTSIDE_THE_EXPERIENCE, COUNT_NOT_BOUNDED,
    DATES_NOT_USABLE, THE_CAREERS, OF_AN_EARLIER_TIME, ORGANISATION_NOT_PROVED,
)  # fmt: skip


@dataclass(frozen=True)
class LengthContext:
    """One document, one experience of it, and who the person is: what the checks read."""

    text: str  # the whole document
    sentences: tuple[tuple[int, int], ...]  # every sentence span of the document, in order
    speakers: tuple[str | None, ...]  # the turn label of each sentence (transcripts), else None
    experience: tuple[int, ...]  # indices of the experience's sentences, as the model listed them
    anchors: tuple[int, ...]  # those that open it, quote a condition of yours, or name its employer
    employer: str | None  # the experience's own employer, as written in its sentences
    start: str | None  # the experience's start as the model reported it: "YYYY" or "YYYY-MM"
    document_date: date | None  # the document's own date (check 6 falls back on `today`)
    today: date
    person: str | None  # the display name a load recorded, or None: a person kept under no name
    other_names: tuple[str, ...]  # every OTHER personal name the document writes
    first_person_proved: bool  # outside turns, "I" is the person's (the experience opens in it)
    min_years: float
    record_end: str | None = None  # "YYYY-MM" the record ends the role (record_check only)
    voice_label: str | None = None  # the turn label proved the person's though it is no name


@dataclass(frozen=True)
class LengthVerdict:
    """Whether one sentence grants the experience a length, and if not every word of why."""

    granted: bool
    years: float | None  # the count its words write; None where nothing bounds it
    bound: str | None  # "at_least" | "exactly" | "about" | "period" | None
    why: tuple[str, ...]  # closed words (WHY), empty when granted or below the threshold
    below_threshold: bool = False  # the form, every check passed, and years < min_years
    handed_on: bool = True  # False: not the person's (see handed_on) — never listed


def sentences_of(text: str) -> tuple[tuple[tuple[int, int], ...], tuple[str | None, ...]]:
    """Every sentence span of a document and its turn label, as limma.segment cuts them."""
    spans = [sentence for part in segment(text) for sentence in part.sentences]
    return (
        tuple((span.start, span.end) for span in spans),
        tuple(span.speaker for span in spans),
    )


def length_verdict(sentence_index: int, context: LengthContext) -> LengthVerdict:
    """The verdict of one sentence reported (or found) as a length of the experience."""
    reading = _read(sentence_index, context)
    time = reading.time
    years, bound = (time.years, time.bound) if time else (None, None)
    if reading.unbounded_since:
        years, bound = None, None
    why = tuple(word for word in WHY if word in reading.why)
    if why or not reading.handed_on:
        return LengthVerdict(False, years, bound, why, handed_on=reading.handed_on)
    below = years is None or years < context.min_years
    return LengthVerdict(not below, years, bound, (), below_threshold=below)


def handed_on(sentence_index: int, context: LengthContext) -> bool:
    """False where the sentence is not the person's and is never listed as theirs: another
    person's full name leads it, its years are at ANOTHER organisation, an interviewer says it,
    or it writes no time at all."""
    return _read(sentence_index, context).handed_on


def pointing_sentences(context: LengthContext) -> tuple[int, ...]:
    """Every sentence of the document that points at a piece of work ("this role", "that work",
    "her job") and writes a time: the reader finds these itself, whatever the model reported."""
    found = []
    for index, (start, end) in enumerate(context.sentences):
        body = standing_of(context.text[start:end], _speaker(context, index)).body
        if form_of(body).pointing and first_length(body, context.document_date) is not None:
            found.append(index)
    return tuple(found)


def _speaker(context: LengthContext, index: int) -> str | None:
    return context.speakers[index] if index < len(context.speakers) else None


@dataclass
class _Reading:
    why: set[str]
    time: Time | None
    handed_on: bool = True
    unbounded_since: bool = False


def _read(index: int, context: LengthContext) -> _Reading:
    start, end = context.sentences[index]
    sentence = context.text[start:end]
    speaker = _speaker(context, index)
    standing = standing_of(sentence, speaker)
    body = standing.body
    time = first_length(body, context.document_date, context.record_end)
    reading = _Reading(set(), time)
    if time is None:
        reading.handed_on = False  # a sentence that writes no time at all
    if speaker and fold(speaker).rstrip(" 0123456789") in INTERVIEWERS:
        reading.handed_on = False  # an interviewer's sentence is nobody's length
        reading.why.add(SUBJECT_NOT_PROVED)
    _what_it_says(reading, body, context)
    _who_leads(reading, body, speaker, context)
    _where_it_stands(reading, standing.marked, index, context)
    _what_it_points_at(reading, body, index, context)
    _what_it_counts(reading, body, context)
    return reading


def _what_it_says(reading: _Reading, body: str, context: LengthContext) -> None:
    """Check 5: the form, word for word, and nothing more."""
    form = form_of(body)
    lead = lead_of(body)
    if not form.pointing:
        reading.why.add(NOT_IN_THE_CLOSED_FORM)
        return
    # A subject nobody knows ("Her predecessor", "The company") is check 1's, not more words.
    subject = form.subject or ""
    unknown = lead.kind == "nobody" and re.fullmatch(
        r"[\w'\u2019-]+(?: [\w'\u2019-]+){0,3}", subject
    )
    exact = form.shaped and lead.at == 0 and (subject == lead.words or bool(unknown))
    if not exact or (reading.time is not None and reading.time.negated):
        reading.why.add(MORE_THAN_THE_CLOSED_FORM)
    if form.shaped and form.count == "since" and form.aux not in ("has", "have"):
        reading.unbounded_since = True  # "had held this role since 1999": open until when?
    if form.shaped and form.org is not None:
        relation = relation_to(form.org, context.employer)
        if relation != OWN:
            reading.why.add(ORGANISATION_NOT_PROVED)
        if relation == ANOTHER:
            reading.handed_on = False  # this role at ANOTHER organisation


def _who_leads(reading: _Reading, body: str, speaker: str | None, context: LengthContext) -> None:
    """Checks 1 and 2: the name that leads it proves the person, or "I" is their own voice."""
    lead: Lead = lead_of(body)
    if lead.kind == "pronoun":
        reading.why.add(BEHIND_A_PRONOUN)
    elif lead.kind == "i":
        if not _own_voice(speaker, context):
            reading.why.add(FIRST_PERSON_NOT_PROVED)
    elif lead.kind == "name" and context.person is None:
        reading.why.add(SUBJECT_NOT_NAMED)
    elif lead.kind == "name":
        proof = prove_name(lead.words, context.person, context.other_names)
        if proof == OTHER_PERSON:
            reading.handed_on = False
            own = set(fold(context.person).split())
            mine = set(fold(lead.words).split())
            reading.why.add(NAME_NOT_PROVED if own & mine else SUBJECT_NOT_PROVED)
        elif proof != PROVED:
            reading.why.add(SUBJECT_NOT_PROVED if proof == NOBODY else NAME_NOT_PROVED)
    else:
        reading.why.add(SUBJECT_NOT_PROVED)


def _own_voice(speaker: str | None, context: LengthContext) -> bool:
    if speaker is None:
        return context.first_person_proved
    if context.voice_label is not None and fold(speaker) == fold(context.voice_label):
        return True
    return context.person is not None and (
        prove_name(speaker, context.person, context.other_names) == PROVED
    )


def _where_it_stands(reading: _Reading, marked: bool, index: int, context: LengthContext) -> None:
    """Check 4: plain running text."""
    start = context.sentences[index][0]
    following = index + 1 < len(context.sentences)
    if following:
        after_start, after_end = context.sentences[index + 1]
        after = _speaker(context, index + 1)
        written = context.text[after_start:after_end]
        following = points_back(written) or points_back(standing_of(written, after).body)
    text = context.text
    if marked or quoted_line(text, start) or under_a_colon(text, start) or following:
        reading.why.add(NOT_RUNNING_TEXT)


def _what_it_points_at(reading: _Reading, body: str, index: int, context: LengthContext) -> None:
    """Check 3, and where the sentence stands against the experience."""
    among = index in context.experience
    if not among and not names_the_employer(body, context.employer):
        reading.why.add(OUTSIDE_THE_EXPERIENCE)
    form = form_of(body)
    if not form.pointing:
        return
    behind_an_anchor = index > 0 and index - 1 in context.anchors
    if not (form.pointer_ok and among and behind_an_anchor):
        reading.why.add(POINTER_NOT_PROVED)


def _what_it_counts(reading: _Reading, body: str, context: LengthContext) -> None:
    """The count: bounded from below, dates usable, the experience's own, and check 6."""
    time = reading.time
    if time is None:
        return
    if time.problem == "dates_not_usable":
        reading.why.add(DATES_NOT_USABLE)
    elif time.kind != "date" and (time.years is None or reading.unbounded_since):
        reading.why.add(COUNT_NOT_BOUNDED)
    if a_career(body):
        reading.why.add(THE_CAREERS)
    if earlier_before(body, time.start):
        reading.why.add(OF_AN_EARLIER_TIME)
    for mention in organisations_in(body, context.employer):
        if mention.relation == UNPROVED:
            reading.why.add(ORGANISATION_NOT_PROVED)
        elif mention.relation == ANOTHER and _attached(body, mention.start, mention.end, time):
            reading.handed_on = False  # years at ANOTHER organisation
    if time.years is not None and _longer_than_its_start(time, context):
        reading.why.add(CONTRADICTS_ITS_START)


def _attached(body: str, start: int, end: int, time: Time) -> bool:
    """The organisation is the count's own: "22 years at X", "at X for 22 years"."""
    if start >= time.end:
        gap = body[time.end : start]
    elif end <= time.start:
        gap = body[end : time.start]
    else:
        return True
    return len(gap.split()) <= 3 and not any(mark in gap for mark in ",;()")


def _longer_than_its_start(time: Time, context: LengthContext) -> bool:
    """Check 6: longer than the time from the experience's start to the document's date."""
    if not context.start:
        return False
    begun = months_of(context.start, start=False)  # a bare year from its January: the most time
    if begun is None:
        return False
    end = month_of(context.document_date or context.today)
    closed = months_of(context.record_end, start=False) if context.record_end else None
    if closed is not None:
        end = min(end, closed)
    available = (end - begun + 1) / 12
    return (time.years or 0.0) > available + 1e-9
