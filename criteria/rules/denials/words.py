"""The closed words of the denial rule (criteria/rules/denials/rule.py), and the folding they are
read with.

The verdicts and the closed words of why a denial is kept as a doubt, every closed list a denial's
sentence is read against (the denials, the verbs, the leads, the limits), and the plain word
helpers: folding, tokens and a condition's phrase (a text given without sentences is cut by
limma.segment_sentences, the one splitter).
"""

from __future__ import annotations

import re

from limma.text import closed, fold

# What a listed denial is: DenialVerdict.kind.
FIRM, DOUBT, SET_ASIDE = "firm", "doubt", "set_aside"

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
PREP_DET = closed("on in with of for across within into at to the a an any")
FRAGMENT_OPENERS = closed("no not never nope yes none nothing without ever")
LIMIT_OPENERS = closed(
    "at before until till since during while when apart except outside prior after besides "
    "other unlike in from between as aside previously earlier formerly originally initially "
    "back then throughout"
)
TRAILING_LIMITS = LIMIT_OPENERS | closed(
    "for with within across under there yet anymore directly personally professionally"
)
AUXILIARIES = closed("have has had do does did is are was were can could would will")
CONJUNCTIONS = frozenset({"and", "&", "or", "nor", "plus"})
PARTICLES = closed(
    "van von de der den del della di da du dos das la le ten ter af av zu bin ibn al el y"
)
# Words that end an organisation's name, never a person's (not "Dairy": the spec's own limit).
ORGANISATION_WORDS = closed(
    "as asa ab abp aps oy oyj gmbh ag sa sas spa srl bv nv ltd limited llc inc corp corporation "
    "plc co company group holding holdings foods nutrition international industries"
)
# The first word of a next sentence (same turn) that takes the denial back or points at it.
TAKE_BACK = closed("that this but however although though actually correction except until yet")


# -- folding and words ------------------------------------------------------------------------

_DASHES = re.compile(r"[-\u2010-\u2015\u2212]")
TOKEN = re.compile(
    r"""(?:[^\W\d_]\.){2,}                                    # initials: "A.P."
      | (?i:dr|prof|mr|mrs|ms|mx)\.(?=\s)                     # a title with its dot
      | [^\W\d_]\.(?=\s|$)                                    # one initial: "P."
      | [^\W\d_]+(?:['\u2019\u02bc-][^\W\d_]+)*               # a word: "O'Brien", "Anne-Marie"
      | \d+(?:[.,:]\d+)*
      | [^\w\s]""",
    re.VERBOSE,
)


# Case, accents and spacing aside, the letters NFKD keeps whole folded too ("Ødegård" is
# "odegard"): the one folding of names, limma.names.fold_name.


def tokens_of(text: str) -> list[re.Match[str]]:
    return list(TOKEN.finditer(text))


def phrase_of(text: str) -> tuple[str, ...]:
    """Words compared as a condition: folded, hyphens as spaces, leading PREP_DET aside."""
    words = [fold(match.group()) for match in TOKEN.finditer(_DASHES.sub(" ", text))]
    while words and words[0] in PREP_DET:
        words.pop(0)
    return tuple(words)


def same_phrase(first: tuple[str, ...], second: tuple[str, ...]) -> bool:
    """Equal, the last word's plural aside ("infant milk" is "infant milks")."""
    if not first or len(first) != len(second) or first[:-1] != second[:-1]:
        return False
    one, two = first[-1], second[-1]
    return one == two or one in (two + "s", two + "es") or two in (one + "s", one + "es")


def phrase_holds(words: tuple[str, ...], phrase: tuple[str, ...]) -> bool:
    """The phrase stands in the words, contiguous."""
    size = len(phrase)
    return bool(size) and any(
        same_phrase(words[at : at + size], phrase) for at in range(len(words) - size + 1)
    )


def word_folded(token: str) -> str:
    return fold(token).rstrip(".")


def condition_phrase(text: str) -> tuple[str, ...]:
    """Words compared as a condition (the public name of the rule the denial forms read)."""
    return phrase_of(text)
