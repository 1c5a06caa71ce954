"""Judging a sentence the reading model lists as a denial: firm, a doubt, or set aside.

The spec's "When a document denies the niche", as a pure function over the document's text. A
denial takes much less than a match: the reader KEEPS one on doubt. So the two verdicts that
are not a doubt are WHITELISTS, each one closed form of sentence, and everything else the model
lists is kept as a doubt with a closed word of why:

* FIRM — the whole sentence is the person, an outright denial and the condition: the person
  NAMED as a length's must be (check 1, "who leads it": the given name alone, or followed by the
  rest of the name as the document writes it, or the full name behind a title; accents folded;
  never the family name alone, an initial, or a part of the name the document also writes in a
  name that is not the person's) — "Dario has never worked on baby formula." — or "I" in a turn
  labelled with the person's name — "Cornelia: I have never worked on baby formula myself.".
* SET ASIDE — the mirror form only: the whole sentence is ANOTHER person's full name, the
  outright denial and the condition ("Greta Holm has never worked on baby formula.").
  A quote whose words are not in the document is set aside too: denial_verdict returns None.
* A DOUBT — everything else; `why` names the first reason (`reasons` has every one found).

The form both whitelists read, and nothing more (one word more is a doubt):

    [turn label:]  <lead>  <denial>  [<verb> ]<condition>[ <reflexive>] .

* <lead> — FIRM: the person named (above), or "I" in their own turn; SET ASIDE: a full name
  (two or more name words, no initial at either end) sharing NO part with the person's name and
  no organisation word.
* <denial> — OUTRIGHT_DENIALS (closed): "has never", "has not", "hasn't", "has no experience"
  (with/in/of — the preposition is read as the condition's), "never"; in the first person "have
  never", "have not", "haven't", "have no experience", "never". The denials in LIMITED_DENIALS
  are read and kept as a doubt, states_a_limit: "had never/had not/hadn't/had no experience"
  (before a time the sentence does not state), "did not/didn't" (a past time it does not state),
  "does not/doesn't/do not/don't" (now, not ever). Any other wording has no rule.
* <verb> — VERBS (closed), in the form the denial takes (participle after "has never", past after
  "never", none after "no experience"): work, sell, market, handle, manage, lead, run, touch, do,
  "been", "been involved".
* <condition> — exactly one of the condition's OWN words (facet_words of the facet the denial is
  held against: its text, its core, its value, the names accepted for it), compared with case,
  accents and hyphens folded, leading prepositions/determiners (PREP_DET) aside and the last
  word's plural aside.
* <reflexive> — "himself", "herself", "themselves", "themself" after a name; "myself" after "I".
* the sentence stands as plain running text: no quote mark, no bracketed mark that is no time
  stamp, no label that is not the person's turn, no heading (a line ending in ":" or "#", or no
  closing full stop outside a turn), not an item under a line that ends in a colon, and not a
  sentence the next one in the same turn takes back (TAKE_BACK: "That …", "But …", "However …").

Decisions the spec leaves open, each on the side of keeping:

* One word more is a doubt: "Dario has never really worked on baby formula." (more_than_the_form).
* The condition must be in the sentence: "Dario has never worked in Spain." under a baby formula
  facet is a doubt (condition_not_in_sentence). Words a document of the person states in place
  of the condition's own ("has never worked in Germany or France" beside "across Germany and
  France") are a doubt: denies_what_the_documents_state.
* A name sharing ANY part with the person's (folded, particles aside) is never "another person":
  "Greta Holm" in Greta Ostrander's note, "Dan Kowalski" in Daniel Kowalski's, "Henrik Voss" in
  Anneke Voss's are doubts (name_not_proved), never set aside — a nickname or a married name may
  be the person, and a set-aside is the one step that can move a person toward a match.
* A named sentence in a turn that is not the person's is somebody else's report:
  "Interviewer: Dario has never worked on baby formula." is a doubt (reported_by_another).
* A firm answer stays firm: "Cornelia: I have never worked on baby formula myself." right after
  the interviewer's question is the whole form by itself. Only an answer that is not the form
  alone ("No, never.") is kept with its question.
* A quote that stands in the document more than once is judged at every occurrence; where the
  occurrences are judged differently it is a doubt (occurs_more_than_once).

What it cannot see (the spec's own limit): a name is taken on its word. "Nordic Dairy has never
worked on baby formula." is read as another person's full name and set aside, unless
`organisations` (the reply's employer names) holds it or a word of ORGANISATION_WORDS ends it.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Mapping
from dataclasses import dataclass, field

from limma.names import name_key

FIRM, DOUBT, SET_ASIDE = "firm", "doubt", "set_aside"

# What denial_verdict says of a quote it returns None for.
QUOTE_NOT_IN_DOCUMENT = "quote_not_in_document"

# -- the closed words of why a denial is kept as a doubt ------------------------------------
# The span: the kept span then covers both sentences (question_and_answer, quote_across_...).
QUESTION_AND_ANSWER = "question_and_answer"  # a question with the answer behind it, or the reverse
QUOTE_ACROSS_SENTENCES = "quote_across_sentences"  # the quote runs across two sentences
A_QUESTION = "a_question"  # a question with nothing behind it
# Where it stands.
NOT_RUNNING_TEXT = "not_running_text"  # "> …", "[REJECTED] …", "Note: …", an item under "…:"
A_HEADING = "a_heading"  # "# …", a line ending in ":", no closing full stop outside a turn
# Who leads it.
A_FRAGMENT = "a_fragment"  # no subject: "Never worked on baby formula.", "No, never."
BEHIND_A_PRONOUN = "behind_a_pronoun"  # "She …", "He …", "They …"
FIRST_PERSON_NOT_PROVED = "first_person_not_proved"  # "I …" in no turn of the person's
POSSESSIVE = "possessive"  # "Her mentor …", "Dario's mentor …"
A_THING_LEADS = "a_thing_leads"  # "The role …", "Baby formula is …"
TWO_NAMES = "two_names"  # "Tom Brandt and Greta Holm …"
NAME_NOT_PROVED = "name_not_proved"  # "Ostrander …", "D. Benavente …", a namesake, "Greta Holm"
REPORTED_BY_ANOTHER = "reported_by_another"  # "Greta Holm confirmed that …", another's turn
AN_ORGANISATION_LEADS = "an_organisation_leads"  # "Halden Foods AS …", a reply's employer
SUBJECT_NOT_NAMED = "subject_not_named"  # a name leads, and the person is kept under none
# What it says.
NO_RULE_FOR_THE_WORDS = "no_rule_for_the_words"  # "has yet to", "has only ever", "missed"
STATES_A_LIMIT = "states_a_limit"  # "At another employer, …", "… at Nordic.", "had never"
MORE_THAN_THE_FORM = "more_than_the_form"  # "has never really worked …", "Dario himself …"
CONDITION_NOT_IN_SENTENCE = "condition_not_in_sentence"  # "Dario has never worked in Spain."
DENIES_WHAT_THE_DOCUMENTS_STATE = "denies_what_the_documents_state"  # "… in Germany or France"
# Around it.
POINTED_BACK_AT = "pointed_back_at"  # the next sentence of the turn: "That changed in 2015."
OCCURS_MORE_THAN_ONCE = "occurs_more_than_once"  # its occurrences are judged differently
KEY_NOT_IN_CRITERION = "key_not_in_criterion"  # "Product", "products", "baby formula", None

WHY_WORDS = (
    QUESTION_AND_ANSWER,
    QUOTE_ACROSS_SENTENCES,
    A_QUESTION,
    NOT_RUNNING_TEXT,
    A_HEADING,
    A_FRAGMENT,
    BEHIND_A_PRONOUN,
    FIRST_PERSON_NOT_PROVED,
    POSSESSIVE,
    A_THING_LEADS,
    TWO_NAMES,
    NAME_NOT_PROVED,
    REPORTED_BY_ANOTHER,
    AN_ORGANISATION_LEADS,
    SUBJECT_NOT_NAMED,
    NO_RULE_FOR_THE_WORDS,
    STATES_A_LIMIT,
    MORE_THAN_THE_FORM,
    CONDITION_NOT_IN_SENTENCE,
    DENIES_WHAT_THE_DOCUMENTS_STATE,
    POINTED_BACK_AT,
    OCCURS_MORE_THAN_ONCE,
    KEY_NOT_IN_CRITERION,
)

# -- the closed lists -------------------------------------------------------------------------


def _closed(words: str) -> frozenset[str]:
    return frozenset(words.split())


PERFECT, PAST, BASE, EXPERIENCE = "perfect", "past", "base", "experience"
THIRD, FIRST, EITHER = "third", "first", "either"

# (the words, the verb form they take, whose they are).
OUTRIGHT_DENIALS: tuple[tuple[tuple[str, ...], str, str], ...] = (
    (("has", "never"), PERFECT, THIRD),
    (("has", "not"), PERFECT, THIRD),
    (("hasn't",), PERFECT, THIRD),
    (("has", "no", "experience"), EXPERIENCE, THIRD),
    (("have", "never"), PERFECT, FIRST),
    (("have", "not"), PERFECT, FIRST),
    (("haven't",), PERFECT, FIRST),
    (("have", "no", "experience"), EXPERIENCE, FIRST),
    (("never",), PAST, EITHER),
)
# Denials read only to say why they are kept: each denies up to a time it does not state.
LIMITED_DENIALS: tuple[tuple[tuple[str, ...], str, str], ...] = (
    (("had", "never"), PERFECT, EITHER),
    (("had", "not"), PERFECT, EITHER),
    (("hadn't",), PERFECT, EITHER),
    (("had", "no", "experience"), EXPERIENCE, EITHER),
    (("did", "not"), BASE, EITHER),
    (("didn't",), BASE, EITHER),
    (("does", "not"), BASE, EITHER),
    (("doesn't",), BASE, EITHER),
    (("do", "not"), BASE, EITHER),
    (("don't",), BASE, EITHER),
)
# base: (past, participle).
VERBS: dict[str, tuple[str, str]] = {
    "work": ("worked", "worked"),
    "sell": ("sold", "sold"),
    "market": ("marketed", "marketed"),
    "handle": ("handled", "handled"),
    "manage": ("managed", "managed"),
    "lead": ("led", "led"),
    "run": ("ran", "run"),
    "touch": ("touched", "touched"),
    "do": ("did", "done"),
}
REFLEXIVE_NAMED = frozenset({"himself", "herself", "themselves", "themself"})
REFLEXIVE_FIRST = frozenset({"myself"})
PREP_DET = _closed("on in with of for across within into at to the a an any")
PRONOUNS = _closed("she he they it we you one someone somebody everyone everybody nobody")
POSSESSIVES = _closed("her his their its our your my whose")
DETERMINERS = _closed(
    "the a an this that these those every each any some all both neither either another such "
    "many most several few other"
)
FRAGMENT_OPENERS = _closed("no not never nope yes none nothing without ever")
LIMIT_OPENERS = _closed(
    "at before until till since during while when apart except outside prior after besides "
    "other unlike in from between as aside previously earlier formerly originally initially "
    "back then throughout"
)
TRAILING_LIMITS = LIMIT_OPENERS | _closed(
    "for with within across under there yet anymore directly personally professionally"
)
AUXILIARIES = _closed("have has had do does did is are was were can could would will")
CONJUNCTIONS = frozenset({"and", "&", "or", "nor", "plus"})
TITLES = _closed("dr prof professor mr mrs ms miss mx sir dame")
PARTICLES = _closed(
    "van von de der den del della di da du dos das la le ten ter af av zu bin ibn al el y"
)
# Words that end an organisation's name, never a person's (not "Dairy": the spec's own limit).
ORGANISATION_WORDS = _closed(
    "as asa ab abp aps oy oyj gmbh ag sa sas spa srl bv nv ltd limited llc inc corp corporation "
    "plc co company group holding holdings foods nutrition international industries"
)
# The first word of a next sentence (same turn) that takes the denial back or points at it.
TAKE_BACK = _closed("that this but however although though actually correction except until yet")

# -- the inputs and the verdict -------------------------------------------------------------


@dataclass(frozen=True)
class DenialContext:
    """What the reader knows of the document a denial is quoted from.

    facet_words[key] — the condition's OWN words: its text, its core, its value and the names
    accepted for it (`also`). What a document of the person states for the condition belongs in
    denial_verdict's `stated_elsewhere`, not here: the firm form takes the condition's own words
    only, and a denial of the words a document states in their place is a doubt (the spec's
    "has never worked in Germany or France" beside "across Germany and France"). Both are read
    to name the condition a denial filed under an unknown key is held against.
    """

    text: str  # the whole document
    sentences: tuple[tuple[int, int], ...]  # every sentence span, in order
    speakers: tuple[str | None, ...]  # each sentence's turn label (transcripts), else None
    person: str | None  # the display name a load recorded, or None
    other_names: tuple[str, ...]  # other personal names the document writes
    facet_keys: tuple[str, ...]  # the criterion's facet keys, in order
    facet_words: dict[str, tuple[str, ...]]  # per key: the condition's own words (above)
    organisations: tuple[str, ...] = ()  # organisations the reply names (employers), if known


@dataclass(frozen=True)
class DenialVerdict:
    """What one listed denial is: firm, a doubt (with why) or set aside; the span it keeps."""

    kind: str  # FIRM | DOUBT | SET_ASIDE
    facet: str  # the facet it is held against
    start: int  # the span kept: the sentence, or both sentences of a Q&A pair / a quote across two
    end: int
    why: str | None  # a doubt's first reason (WHY_WORDS); None for firm and set aside
    reasons: tuple[str, ...] = field(default=())  # a doubt's every reason, `why` first


# -- folding and words ------------------------------------------------------------------------

# Letters NFKD leaves whole: "Ødegård" is "Odegard", "Æsa" is "Aesa".
_LETTERS = str.maketrans(
    {
        "ø": "o", "Ø": "O", "æ": "ae", "Æ": "Ae", "œ": "oe", "Œ": "Oe", "ł": "l", "Ł": "L",
        "đ": "d", "Đ": "D", "ð": "d", "Ð": "D", "þ": "th", "Þ": "Th", "\u0131": "i",
        "\u2019": "'", "\u2018": "'", "\u02bc": "'",
    }
)  # fmt: skip
_DASHES = re.compile(r"[-\u2010-\u2015\u2212]")
_TOKEN = re.compile(
    r"""(?:[^\W\d_]\.){2,}                                    # initials: "A.P."
      | (?i:dr|prof|mr|mrs|ms|mx)\.(?=\s)                     # a title with its dot
      | [^\W\d_]\.(?=\s|$)                                    # one initial: "P."
      | [^\W\d_]+(?:['\u2019\u02bc-][^\W\d_]+)*               # a word: "O'Brien", "Anne-Marie"
      | \d+(?:[.,:]\d+)*
      | [^\w\s]""",
    re.VERBOSE,
)
_TIMESTAMP = re.compile(r"[\[(]?\d{1,2}:\d{2}(?::\d{2})?(?:[.,]\d{1,3})?[\])]?\s*")
_LABEL = re.compile(r"([^\W\d_][\w'\u2019.-]*(?:[ \t]+[^\W\d_][\w'\u2019.-]*){0,3})[ \t]*:\s+")
_BULLET = re.compile(r"(?:[-*\u2022\u00b7\u2013\u2014]|\d{1,2}[.)]|[a-z][.)])[ \t]+")
_QUOTE_MARKS = ">\"'\u201c\u201d\u2018\u2019\u00ab\u00bb\u201e"
_ABBREVIATIONS = frozenset({"dr", "prof", "mr", "mrs", "ms", "mx", "st"})
_SENTENCE_END = re.compile(r"\n|[.!?][\"')\u201d\u2019]*(?=\s|$)")


def fold(text: str) -> str:
    """Case, accents and spacing aside, the letters NFKD keeps whole folded too."""
    return name_key(text.translate(_LETTERS))


def _tokens(text: str) -> list[re.Match[str]]:
    return list(_TOKEN.finditer(text))


def _phrase(text: str) -> tuple[str, ...]:
    """Words compared as a condition: folded, hyphens as spaces, leading PREP_DET aside."""
    words = [fold(match.group()) for match in _TOKEN.finditer(_DASHES.sub(" ", text))]
    while words and words[0] in PREP_DET:
        words.pop(0)
    return tuple(words)


def _same_phrase(first: tuple[str, ...], second: tuple[str, ...]) -> bool:
    """Equal, the last word's plural aside ("infant milk" is "infant milks")."""
    if not first or len(first) != len(second) or first[:-1] != second[:-1]:
        return False
    one, two = first[-1], second[-1]
    return one == two or one in (two + "s", two + "es") or two in (one + "s", one + "es")


def _holds(words: tuple[str, ...], phrase: tuple[str, ...]) -> bool:
    """The phrase stands in the words, contiguous."""
    size = len(phrase)
    return bool(size) and any(
        _same_phrase(words[at : at + size], phrase) for at in range(len(words) - size + 1)
    )


def _ends_a_sentence(text: str, match: re.Match[str]) -> bool:
    """Not the dot of an initial or a title ("D. Benavente", "Dr. Anneke Voss")."""
    if not match.group().startswith("."):
        return True
    before = re.search(r"[^\W\d_]+$", text[: match.start()])
    word = before.group() if before else ""
    return not ((len(word) == 1 and word.isupper()) or word.casefold() in _ABBREVIATIONS)


def split_sentences(text: str) -> tuple[tuple[int, int], ...]:
    """A plain splitter for a context built without sentences: at a line break, or . ! ? (not
    the dot of an initial or a title)."""
    spans: list[tuple[int, int]] = []
    low = 0
    ends = [match for match in _SENTENCE_END.finditer(text) if _ends_a_sentence(text, match)]
    for match in [*ends, None]:
        high = len(text) if match is None else match.end()
        start, end = low, high
        while start < end and text[start].isspace():
            start += 1
        while end > start and text[end - 1].isspace():
            end -= 1
        if start < end:
            spans.append((start, end))
        if match is None:
            break
        low = high
    return tuple(spans)


# -- names ------------------------------------------------------------------------------------


def _word(token: str) -> str:
    return fold(token).rstrip(".")


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
    return _word(token) in TITLES


@dataclass(frozen=True)
class _Person:
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
        _word(match.group())
        for match in _TOKEN.finditer(name)
        if match.group()[0].isalpha() and not _is_title(match.group())
    )


def _person_of(context: DenialContext) -> _Person | None:
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
    return _Person(parts, others, namesake)


def _namesake_in_text(text: str, parts: tuple[str, ...]) -> bool:
    """The given name followed, on the same line, by a capitalised word that is not the name's."""
    words = list(re.finditer(r"[^\W\d_]+(?:['\u2019-][^\W\d_]+)*\.?", text))
    for this, following in itertools.pairwise(words):
        if _word(this.group()) != parts[0] or this.group().endswith("."):
            continue
        gap = text[this.end() : following.start()]
        after = following.group()
        if gap.strip(" \t") or not after[0].isupper() or _is_initial(after):
            continue
        if _word(after) not in parts and _word(after) not in PARTICLES:
            return True
    return False


def _proves(words: list[str], person: _Person | None) -> bool:
    """Check 1: the given name alone (no namesake, no title), given + the rest as written
    ending in the family name, or that full name behind a title."""
    if person is None:
        return False
    titled = bool(words) and _is_title(words[0])
    while words and _is_title(words[0]):
        words = words[1:]
    folded = tuple(_word(word) for word in words)
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


def _name_run(words: list[str]) -> int:
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
        elif _word(word) in PARTICLES and size and _particles_then_a_name(words[size:]):
            size += 1
        else:
            break
    return size


def _particles_then_a_name(words: list[str]) -> bool:
    """Particles ("van den") stand in a name only before a capitalised word ("Berg")."""
    for word in words:
        if _word(word) not in PARTICLES:
            return word[0].isalpha() and word[0].isupper()
    return False


def _organisation(words: list[str], context: DenialContext) -> bool:
    folded = tuple(_word(word) for word in words if not _is_title(word))
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
        and _word(bare[-1]) not in PARTICLES
    )


# -- who leads it -----------------------------------------------------------------------------
PERSON, SPEAKER, ANOTHER = "person", "speaker", "another"  # the leads that may pass


def _subject(lead: list[str], person: _Person | None, context: DenialContext) -> str:
    """PERSON, SPEAKER ("I"), ANOTHER (a full name that is not the person's), or why not."""
    if not lead:
        return A_FRAGMENT
    first = _word(lead[0])
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
    elif any(_word(word) in CONJUNCTIONS for word in lead):
        reason = TWO_NAMES
    return reason or _named(lead, person, context)


def _named(lead: list[str], person: _Person | None, context: DenialContext) -> str:
    size = _name_run(lead)
    run, rest = lead[:size], lead[size:]
    if not run:
        return A_THING_LEADS
    if person is None:
        return SUBJECT_NOT_NAMED
    proved = _proves(run, person)
    shares = any(_word(word) in person.shared for word in run if not _is_title(word))
    if rest:
        if proved and all(_word(word) in AUXILIARIES for word in rest):
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


# -- one sentence -----------------------------------------------------------------------------


@dataclass(frozen=True)
class _Sentence:
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


def _body(context: DenialContext, sentence: _Sentence, person: _Person | None) -> _Body:
    text = context.text[sentence.start : sentence.end].strip()
    reasons: list[str] = []
    stamp = _TIMESTAMP.match(text)
    text = text[stamp.end() :] if stamp else text
    turn = _label_of(sentence.speaker)
    labelled = _LABEL.match(text)
    if labelled and (turn is None or fold(labelled.group(1)) == fold(turn)):
        label_words = [match.group() for match in _tokens(labelled.group(1))]
        if turn is None and not _proves(label_words, person):
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
    folded = [_word(word) for word in words]
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
    first = _word(tail[0]) if tail else ""
    if form == PERFECT and first == "been":
        return 2 if len(tail) > 1 and _word(tail[1]) == "involved" else 1
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
    words = [match.group() for match in _tokens(rest)]
    if words and _word(words[-1]) in REFLEXIVE_NAMED | REFLEXIVE_FIRST:
        if _word(words[-1]) not in reflexives:
            return MORE_THAN_THE_FORM
        rest = rest[: _tokens(rest)[-1].start()]
    phrase = _phrase(rest)
    owned = [_phrase(each) for each in own if _phrase(each)]
    if any(_same_phrase(phrase, each) for each in owned):
        return None
    for each in owned:
        if len(phrase) > len(each) and _same_phrase(phrase[: len(each)], each):
            extra = phrase[len(each)]
            return STATES_A_LIMIT if extra in TRAILING_LIMITS else MORE_THAN_THE_FORM
        if _holds(phrase, each):
            return MORE_THAN_THE_FORM
    content = set(phrase) - PREP_DET - CONJUNCTIONS
    if any(content & (set(_phrase(each)) - PREP_DET - CONJUNCTIONS) for each in stated):
        return DENIES_WHAT_THE_DOCUMENTS_STATE
    return CONDITION_NOT_IN_SENTENCE


@dataclass(frozen=True)
class _Judged:
    kind: str
    reasons: tuple[str, ...]


def _judge(
    context: DenialContext,
    *,
    sentences: list[_Sentence],
    at: int,
    own: tuple[str, ...],
    stated: tuple[str, ...],
    person: _Person | None,
) -> _Judged:
    """One sentence against the two closed forms: firm, set aside, or a doubt with why."""
    body = _body(context, sentences[at], person)
    matches = _tokens(body.text)
    words = [match.group() for match in matches]
    reasons = list(body.reasons)
    found = _denial_at(words)
    lead = words[: found[0]] if found else _virtual_lead(words, body.text, own + stated)
    if lead and _word(lead[0]) in LIMIT_OPENERS:  # "At another employer, Ingrid never …"
        reasons.append(STATES_A_LIMIT)
        commas = [index for index, word in enumerate(lead) if word == ","]
        lead = lead[commas[-1] + 1 :] if commas else lead[-1:]
    subject = _subject(lead, person, context)
    if subject == SPEAKER:
        subject = SPEAKER if _proves(_label_words(body.turn), person) else FIRST_PERSON_NOT_PROVED
    elif subject == PERSON and body.turn and not _proves(_label_words(body.turn), person):
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
    return [match.group() for match in _tokens(label or "") if match.group()[0].isalpha()]


def _virtual_lead(words: list[str], text: str, conditions: tuple[str, ...]) -> list[str]:
    """With no denial read: the words that lead the sentence, to say whose it may be."""
    if not words:
        return []
    opening = _phrase(text)
    if any((phrase := _phrase(each)) and opening[: len(phrase)] == phrase for each in conditions):
        return ["The"]  # the condition's own words lead: a thing
    if _word(words[0]) in PRONOUNS | POSSESSIVES | DETERMINERS | FRAGMENT_OPENERS:
        return words[:1]
    if _word(words[0]) in LIMIT_OPENERS or words[0] == "I":
        return words[:1]
    if _word(words[0]) in AUXILIARIES:  # a question: "Have you ever worked on …?"
        return _virtual_lead(words[1:], "", ())
    return words[: max(_name_run(words), 1)]


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


def _taken_back(context: DenialContext, sentences: list[_Sentence], at: int) -> bool:
    """The next sentence of the same turn opens by taking it back ("That changed in 2015.")."""
    if at + 1 >= len(sentences) or sentences[at + 1].speaker != sentences[at].speaker:
        return False
    following = _body(context, sentences[at + 1], None).text
    first = next(iter(_tokens(following)), None)
    return first is not None and _word(first.group()) in TAKE_BACK


# -- which facet ------------------------------------------------------------------------------


def _facet(
    reply_facet: str | None,
    context: DenialContext,
    span_text: str,
    stated: Mapping[str, tuple[str, ...]],
) -> tuple[str, bool]:
    """The facet a denial is held against, and whether the reply named it exactly.

    The reply's key when the criterion has it; else the key it matches with case ignored; else
    the condition the key names (a key's plural, or a condition's words); else the condition the
    sentence names (the first, in the criterion's order, whose own words it holds; else whose
    stated words it shares a word with); else the first facet.
    """
    keys = context.facet_keys
    if reply_facet is not None and reply_facet in keys:
        return reply_facet, True
    if not keys:
        return reply_facet or "", False
    named = reply_facet or ""
    for key in keys:
        if fold(key) == fold(named):
            return key, False
    asked = _phrase(named)
    for key in keys:
        words = (key, *context.facet_words.get(key, ()), *stated.get(key, ()))
        if asked and any(_same_phrase(asked, _phrase(each)) for each in words):
            return key, False
    sentence = _phrase(span_text)
    for key in keys:
        own = context.facet_words.get(key, ())
        if any(_holds(sentence, phrase) for each in own if (phrase := _phrase(each))):
            return key, False
    content = set(sentence) - PREP_DET - CONJUNCTIONS
    for key in keys:
        if any(
            content & (set(_phrase(each)) - PREP_DET - CONJUNCTIONS) for each in stated.get(key, ())
        ):
            return key, False
    return keys[0], False


# -- the verdict ------------------------------------------------------------------------------


def _sentences(context: DenialContext) -> list[_Sentence]:
    spans = context.sentences or split_sentences(context.text)
    speakers = context.speakers if context.sentences else ()
    return [
        _Sentence(start, end, speakers[index] if index < len(speakers) else None)
        for index, (start, end) in enumerate(spans)
    ]


def _occurrences(text: str, words: str) -> list[tuple[int, int]]:
    found, at = [], text.find(words)
    while at != -1:
        found.append((at, at + len(words)))
        at = text.find(words, at + 1)
    return found


def _covered(sentences: list[_Sentence], start: int, end: int) -> list[int]:
    return [
        index
        for index, sentence in enumerate(sentences)
        if sentence.start < end and start < sentence.end
    ]


def _asks(context: DenialContext, sentence: _Sentence) -> bool:
    return context.text[sentence.start : sentence.end].rstrip().endswith("?")


def _one(
    context: DenialContext,
    *,
    sentences: list[_Sentence],
    span: tuple[int, int],
    reply_facet: str | None,
    stated: Mapping[str, tuple[str, ...]],
    person: _Person | None,
) -> DenialVerdict:
    covered = _covered(sentences, *span)
    if not covered:  # the words stand between the sentences given: judge them by the text's own
        sentences = [_Sentence(start, end, None) for start, end in split_sentences(context.text)]
        covered = _covered(sentences, *span)
    first, last = sentences[covered[0]], sentences[covered[-1]]
    facet, exact = _facet(reply_facet, context, context.text[first.start : last.end], stated)
    key = () if exact else (KEY_NOT_IN_CRITERION,)
    if len(covered) > 1:
        asks = any(_asks(context, sentences[index]) for index in covered[:-1])
        why = QUESTION_AND_ANSWER if asks else QUOTE_ACROSS_SENTENCES
        return _doubt(facet, first.start, last.end, (why, *key))
    at = covered[0]
    judged = _judge(
        context,
        sentences=sentences,
        at=at,
        own=context.facet_words.get(facet, ()),
        stated=stated.get(facet, ()),
        person=person,
    )
    if judged.kind != DOUBT and exact:
        return DenialVerdict(judged.kind, facet, first.start, first.end, None)
    reasons = tuple(each for each in judged.reasons if each != A_QUESTION) + key
    if A_QUESTION in judged.reasons and at + 1 < len(sentences):
        return _doubt(facet, first.start, sentences[at + 1].end, (QUESTION_AND_ANSWER, *reasons))
    if A_QUESTION in judged.reasons:
        return _doubt(facet, first.start, first.end, (A_QUESTION, *reasons))
    if at > 0 and _asks(context, sentences[at - 1]):
        before = sentences[at - 1]
        return _doubt(facet, before.start, first.end, (QUESTION_AND_ANSWER, *reasons))
    return _doubt(facet, first.start, first.end, reasons or key)


def _doubt(facet: str, start: int, end: int, reasons: tuple[str, ...]) -> DenialVerdict:
    reasons = tuple(dict.fromkeys(reasons))
    return DenialVerdict(DOUBT, facet, start, end, reasons[0], reasons)


def denial_verdict(
    quote: str,
    reply_facet: str | None,
    context: DenialContext,
    *,
    stated_elsewhere: dict[str, tuple[str, ...]] | None = None,
) -> DenialVerdict | None:
    """What one denial the reading model listed is: FIRM, a DOUBT, or SET_ASIDE.

    Returns None when the quote's words (outer white space aside) are not in the document, byte
    for byte: the spec sets such a quote aside as "quote not in the document"
    (QUOTE_NOT_IN_DOCUMENT). Otherwise the verdict keeps a span of the document itself —
    text[start:end] is the sentence the quote stands in, or both sentences of a question and its
    answer, or every sentence a quote runs across.

    `stated_elsewhere[key]`: what the person's documents state for each condition (the quotes
    that establish it). A named denial of those words in place of the condition's own is a
    doubt, denies_what_the_documents_state.
    """
    words = quote.strip()
    spans = _occurrences(context.text, words) if words else []
    if not spans:
        return None
    stated = stated_elsewhere or {}
    person = _person_of(context)
    sentences = _sentences(context)
    verdicts = [
        _one(
            context,
            sentences=sentences,
            span=span,
            reply_facet=reply_facet,
            stated=stated,
            person=person,
        )
        for span in spans
    ]
    if len({(verdict.kind, verdict.facet) for verdict in verdicts}) == 1:
        return verdicts[0]
    kept = next((verdict for verdict in verdicts if verdict.kind == DOUBT), verdicts[0])
    return _doubt(kept.facet, kept.start, kept.end, (OCCURS_MORE_THAN_ONCE, *kept.reasons))
