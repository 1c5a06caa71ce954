"""The closed word lists and small pure helpers the offline roles share (criteria/offline/roles.py).

Nothing here reads a document or a model: word lists, counts in years, dates, who
leads a sentence, the clause of a turn a quote stands in, a sentence that turns to earlier
work, and what governs a function word ("with the marketing team", "ran the brand team").
Every list is closed and deliberately short; a word not on it is not read.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from criteria.rules.lengths.count import NUMBER
from limma.names import fold_name
from limma.segment_sentences import sentence_spans
from limma.text import MONTH_NUMBERS, TITLES_WITH_DOTS, closed
from limma.vocabulary.folding import fold

# A word as written: letters or digits, with inner hyphens, apostrophes, dots and ampersands.
WORD = re.compile(r"[^\W_]+(?:[-'\u2019.&][^\W_]+)*")


# A count as written: digits ("20", "2.5") or number words ("twenty", "twenty-five"), read as
# the length rule reads them (criteria.rules.lengths.count); "a" and "zero" are no count here.
NUM = rf"(?:(?!(?:a|an|zero)\b){NUMBER})"

_DATE_PARTS = re.compile(r"(?:(?P<month>[^\W\d_]+)\.?\s+)?(?P<year>\d{4})")

# Words that open a sentence without naming anybody ("The", "She", "In 2001").
SENTENCE_OPENERS = closed(
    """a an the this that these those she he they it i we you her his their its our my your
    in at on for from since after before during as when while then there here however also
    both each every all some many most one two three today now later earlier previously
    currently recently about profile summary biography bio experience notes note call
    transcript interview meet background career education"""
)
# Words that end an organisation's name more often than a person's.
ORGANISATION_WORDS = closed(
    """foods food nutrition group gmbh ag sa sas nv bv ab as asa oy inc inc. ltd ltd. llc plc
    co co. corp corp. company holding holdings international partners labs laboratories
    pharma pharmaceuticals medical health healthcare bank capital systems solutions
    technologies industries consulting"""
)


def as_years(count: float, unit: str) -> int | float:
    """A count of years or decades in years, as an int where it is whole."""
    years = count * (10 if unit.casefold().startswith("decade") else 1)
    return int(years) if float(years).is_integer() else years


def date_of(written: str) -> str:
    """A written date as YYYY or YYYY-MM: "March 2001" is "2001-03"."""
    match = _DATE_PARTS.search(written)
    if match is None:
        return written
    month = MONTH_NUMBERS.get((match["month"] or "").casefold().rstrip("."))
    return f"{match['year']}-{month:02d}" if month else match["year"]


@dataclass(frozen=True)
class Lead:
    """What opens a sentence: the turn label (if any) and the first words of its body."""

    label: str | None
    words: tuple[str, ...]


_TIMESTAMP = re.compile(r"\s*[\[(]?\d{1,2}:\d{2}(?::\d{2})?(?:[.,]\d{1,3})?[\])]?\s*")
_LABEL = re.compile(r"(?P<label>[^\W\d_][\w'\u2019.-]*(?: [^\W\d_][\w'\u2019.-]*){0,3}):\s")
_MARKS = re.compile(r"[\s\-*\u2022>\"'\u201c\u2018(]*")
# An opening time before the subject ("Since 2001, ", "From 2001 to 2015, ", "Currently, "):
# the sentence is still led by whoever follows it.
_TIME_INTRO = re.compile(
    r"(?:(?:since|in|from|until|between|by|during)\s[^,;:.]{0,30}?\b(?:19|20)\d{2}\b[^,;:.]{0,20}"
    r"|currently|today|now|presently),\s+",
    re.IGNORECASE,
)


def lead_of(sentence: str) -> Lead:
    """The turn label and first words of a sentence ("[00:00:12] Margaux: I have ...").

    Not the length rule's criteria.rules.lengths.lead.lead_of, on purpose: that one says what
    kind of subject leads a body whose label is already taken off (a name, "I", a pronoun); the
    offline roles need the label itself and the first words as written, to tell whose turn a
    quote stands in and whether the person's name leads it (led_by_person)."""
    rest = sentence
    stamp = _TIMESTAMP.match(rest)
    if stamp:
        rest = rest[stamp.end() :]
    label = None
    labelled = _LABEL.match(rest)
    if labelled and all(word[:1].isupper() for word in labelled["label"].split()):
        label, rest = labelled["label"], rest[labelled.end() :]
    rest = rest[_MARKS.match(rest).end() :]
    intro = _TIME_INTRO.match(rest)
    if intro and label is None:
        rest = rest[intro.end() :]
    return Lead(label, tuple(match.group() for match in WORD.finditer(rest[:200]))[:6])


def capitalised(word: str) -> bool:
    return word[:1].isupper()


# Nouns that follow a place in a market's own words ("the DACH Region", "Nordic Markets").
PLACE_NOUNS = closed("market markets region regions country countries area areas territories")
_NEXT_WORD = re.compile(r"[ \t]+([^\W_]+)")


def opens_an_organisation(text: str, end: int, person: str | None = None) -> bool:
    """The place word ending at `end` is the first word of an organisation's name: another
    capitalised word follows it in the same name ("for Helvetia Surgical", "Alpina Foods"), or
    a word that ends organisations' names does ("Helvetia medical"). Such a name is an employer,
    never a market, so the place it holds states nothing about where the person worked. The
    person's own name is no part of it ("In Austria Wiebke sold ...")."""
    following = _NEXT_WORD.match(text, end)
    if following is None:
        return False
    word = following.group(1)
    folded = fold(word)
    if folded in ORGANISATION_WORDS:
        return True
    own = {fold_name(part) for part in name_parts(person)}
    return capitalised(word) and folded not in PLACE_NOUNS and fold_name(word) not in own


def name_parts(person: str | None) -> tuple[str, ...]:
    """A person's name as words, titles left off: "Dr. Anneke Voss" is ("Anneke", "Voss")."""
    if not person:
        return ()
    return tuple(word for word in WORD.findall(person) if fold(word) not in TITLES_WITH_DOTS)


def words_without_title(words: tuple[str, ...]) -> tuple[str, ...]:
    """The words with the titles they open with left off ("Dr Anneke Voss" -> Anneke Voss)."""
    at = 0
    while at < len(words) and (
        fold(words[at]) in TITLES_WITH_DOTS or fold(words[at]) + "." in TITLES_WITH_DOTS
    ):
        at += 1
    return words[at:]


def led_by_person(words: tuple[str, ...], person: str | None) -> bool:
    """The words open with the person's full name, or their given name not behind another."""
    parts = name_parts(person)
    words = words_without_title(words)
    if not parts or not words or fold_name(words[0]) != fold_name(parts[0]):
        return False
    if len(words) == 1 or not capitalised(words[1]):
        return True
    # "Greta Ostrander ..." is her; "Greta Holm ..." is somebody else.
    return len(parts) > 1 and fold_name(words[1]) == fold_name(parts[1])


def led_by_another_name(words: tuple[str, ...], person: str | None) -> bool:
    """The words open with a capitalised full name that is not the person's own."""
    words = words_without_title(words)
    if len(words) < 2 or not (capitalised(words[0]) and capitalised(words[1])):
        return False
    first, second = fold_name(words[0]), fold_name(words[1])
    if first in SENTENCE_OPENERS or second in ORGANISATION_WORDS or second in SENTENCE_OPENERS:
        return False
    if not (words[0].isalpha() and words[1].replace("-", "").replace("'", "").isalpha()):
        return False
    parts = tuple(fold_name(part) for part in name_parts(person))
    if parts and first == parts[0]:
        # "Greta Holm ..." in Greta Ostrander's profile is somebody else.
        return len(parts) > 1 and second != parts[1]
    # The person's family name alone leading ("Rosvoll ran ...") proves nothing either way;
    # another given name before it ("Henrik Rosvoll ran ...") is somebody else.
    return first not in parts


# Title words that name a function the vocabulary has no name for ("ran the brand team"); and
# the one verb whose work is a function by itself: who sold a thing did the work of Sales.
TITLE_WORDS: tuple[tuple[re.Pattern[str], str], ...] = tuple(
    (re.compile(pattern, flags), term)
    for pattern, flags, term in (
        (r"\bbrand\b", re.IGNORECASE, "Marketing"),
        (r"\b(?:sold|sells|selling)\b", re.IGNORECASE, "Sales"),
        (r"\b(?:account|commercial)\b", re.IGNORECASE, "Sales"),
        (r"\bcontroller\b", re.IGNORECASE, "Finance"),
        (r"\bCFO\b", 0, "Finance"),
        (r"\bCEO\b", 0, "General Management"),
        (r"\b(?:managing director|general manager)\b", re.IGNORECASE, "General Management"),
        (r"\b(?:plant|logistics)\b", re.IGNORECASE, "Operations"),
    )
)
TITLE_VERBS = closed(
    """ran runs running led leads leading headed heads heading managed manages managing
    was is became served serves joined oversaw"""
)
TITLE_NOUNS = closed(
    """team teams manager managers director directors lead leads head function department
    unit group officer"""
)


def titles_in(sentence: str) -> list[tuple[int, int, str]]:
    """Every title word of the table in the sentence, widened to the verb before it and the
    noun after it ("ran the brand team"), with the function it names; in text order."""
    found = []
    for pattern, term in TITLE_WORDS:
        for match in pattern.finditer(sentence):
            start, end = match.span()
            for word in list(WORD.finditer(sentence, 0, start))[-3:]:
                if fold(word.group()) in TITLE_VERBS:
                    start = word.start()
                    break
            after = WORD.match(sentence, end + 1) if sentence[end : end + 1] == " " else None
            if after and fold(after.group()) in TITLE_NOUNS:
                end = after.end()
            found.append((start, end, term))
    return sorted(found)


# A mark between two words that breaks the phrase they stand in (a comma, a stop, a bracket).
PUNCTUATION = re.compile(r"[^\s\w'\u2019-]")


# -- whose turn, and which clause of it ------------------------------------------------------

# "I" as it opens a clause, its contractions included ("I'm a sales manager", "I've led ...").
FIRST_PERSON = closed("i i'm i've i'd i'll")


def clause_at(sentence: str, position: int) -> str:
    """The clause of a sentence (a transcript turn holds several: "Sure. I lead ...") that holds
    the character at `position`: the turn cut as limma.segment_sentences cuts any text."""
    spans = sentence_spans(sentence) or ((0, 0),)
    low, high = next((span for span in reversed(spans) if span[0] <= position), spans[0])
    return sentence[low:high]


# -- a sentence that opens an earlier experience ---------------------------------------------

EARLIER_OPENERS: tuple[tuple[str, ...], ...] = (
    ("earlier",),
    ("previously",),
    ("formerly",),
    ("before", "that"),
    ("prior", "to", "that"),
)


def opens_earlier_work(sentence: str) -> bool:
    """The sentence opens with a word that turns to earlier work ("Earlier, Chiara spent ...")."""
    words = tuple(fold(word) for word in lead_of(sentence).words)
    return any(words[: len(opener)] == opener for opener in EARLIER_OPENERS)


# -- a team beside the person: "works closely with the marketing team" -----------------------

# Words that put the person beside the work that follows: they are with it, not doing it.
BESIDE_LEADS = closed(
    """with alongside beside supports support supporting supported assists assist assisting
    assisted helps help helping helped"""
)
# Nouns that make a function somebody's unit: the person leads it, or works beside it.
TEAM_NOUNS = closed(
    """team teams department departments colleague colleagues agency agencies unit units
    function staff"""
)
# Verbs that make a team the person's own work: they lead it ("ran the brand team").
TEAM_LEADS = closed(
    """led leads lead leading ran runs run running headed heads head heading managed manages
    manage managing directed directs direct directing oversaw oversees oversee overseeing
    built builds build building founded founds"""
)
# Words that make the person a member of the team, or nothing the rule can tell: a doubt.
GOVERNOR_STOPS = closed(
    """in on of at to into from for by as and or but is was are were be been has have had
    joined joins join joining who which that"""
)
# Words passed over between a governor and what it governs ("with the marketing team").
GOVERNOR_GAP = closed(
    """the a an our their its his her my your this these those closely directly
    local regional global central national international internal external wider whole
    entire company's"""
)
BESIDE, LEADING, DOUBT = "beside", "leading", "doubt"


def governor_of(sentence: str, position: int, reach: int = 4) -> str | None:
    """What governs the words at `position`, read back over at most `reach` words (determiners
    and a few adjectives passed over): BESIDE (with, alongside, supports ...), LEADING (led,
    heads, ran ...), DOUBT (a preposition, a copula, "joined", or punctuation first), or None
    when nothing in reach says."""
    before = list(WORD.finditer(sentence, 0, position))
    end, counted = position, 0
    for word in reversed(before):
        if PUNCTUATION.search(sentence, word.end(), end):
            return DOUBT
        folded = fold(word.group())
        if folded in BESIDE_LEADS:
            return BESIDE
        if folded in TEAM_LEADS:
            return LEADING
        if folded in GOVERNOR_STOPS:
            return DOUBT
        if folded not in GOVERNOR_GAP:
            counted += 1
            if counted > reach:
                return None
        end = word.start()
    return DOUBT
