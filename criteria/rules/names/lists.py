"""The closed words of a stated name's reading (criteria/rules/names/rule.py): its fates, the closed
word that says why, and the word lists the forms before and behind the name are read by.

A module of its own so that criteria/rules/names/words.py, criteria/rules/names/forms.py and
criteria/rules/names/behind.py read one list each, the same; criteria/rules/names/rule.py re-exports
the ones its callers read.
"""

from __future__ import annotations

from dataclasses import dataclass

from limma.text import ARTICLES, PERSONAL_POSSESSIVES, SUBJECT_PRONOUNS, closed

SETTLED, VOTE, REFUSED = "settled", "vote", "refused"
FATES = (SETTLED, VOTE, REFUSED)
ACCEPTED_NAME_AND_SECOND_CALL = "accepted_name+second_call"
SECOND_CALL = "second_call"
MAX_NAME_WORDS = 6  # the 422 rule of criteria/criterion/facets.py: six words a name

# Why, in one closed word each. Settled:
PERSON_THEN_VERB = "person_then_verb"
WORK_AS_A_THING = "work_as_a_thing"
OWN_WORK_AS_SUBJECT = "own_work_as_subject"
# Refused:
DENIED_IN_ITS_SENTENCE = "denied_in_its_sentence"
EXCLUDED_RIGHT_BEFORE = "excluded_right_before"
COMPLEMENT_OF_ANOTHER_THING = "complement_of_another_thing"
# A vote:
NOT_LED_BY_THE_PERSON = "not_led_by_the_person"
VERB_NOT_LISTED = "verb_not_listed"
WORD_BETWEEN_NOT_WORK = "word_between_not_work"
PREPOSITION_STATES_NO_WORK = "preposition_states_no_work"
BEHIND_THE_NAME_NOT_PLACED = "behind_the_name_not_placed"
MEANS_NOT_PLACED = "means_not_placed"
OR_NOT_AND = "or_not_and"


# Words that may stand before the stated words of a name and are set aside ("across the …").
PREPOSITIONS_ASIDE = closed(
    "in across throughout within on of for at to into from with by around among over inside "
    "through via"
)
AUXILIARIES = closed(
    "has have had was were is are been be also personally directly successfully previously "
    "subsequently later then"
)
COPULAS_AND_HAVE = closed("has have had was were is are been be")
VERBS_OF_DOING = closed(
    "sell sells sold selling lead leads led leading run runs ran running manage manages managed "
    "managing market markets marketed marketing handle handles handled handling oversee "
    "oversees oversaw overseen overseeing head heads headed heading work works worked working "
    "do does did done doing direct directs directed directing"
)
# Verbs that name the work only through the thing behind them ("took charge of", "spent … on").
THING_VERBS = closed(
    "take takes took taken taking hold holds held holding spend spends spent spending assume "
    "assumes assumed assuming carry carries carried carrying bear bears bore borne gain gains "
    "gained gaining bring brings brought bringing own owns owned owning"
)
# A noun right behind one of these is the spec's "word between the verb and the name" (a vote),
# never the head of a complement (refused).
FRAME_VERBS = VERBS_OF_DOING | THING_VERBS | closed("serve serves served serving")
VERB_PREPS = closed("on in across throughout within")
WORK_PREPS = closed("of for on in with across throughout within")
WORK_WORDS = closed(
    "charge responsibility responsibilities responsible launch launches relaunch relaunches "
    "portfolio portfolios experience remit range ranges work oversight ownership leadership "
    "management category categories account accounts brief mandate focus expertise specialism "
    "specialty speciality development"
)
WORK_SUBJECTS = closed(
    "portfolio portfolios remit range ranges role responsibility responsibilities brief focus "
    "mandate work job territory category categories specialism specialty speciality expertise "
    "experience accounts"
)
SUBJECT_VERBS = closed(
    "centred centered centres centers focused focussed focuses covered covers included includes "
    "spanned spans comprised comprises encompassed encompasses consisted consists was is were "
    "are been"
)
SUBJECT_PREPS = closed("on around of in")
DENIALS = closed("not no never nor neither none nobody nothing without cannot")
EXCLUSIONS: tuple[tuple[str, ...], ...] = tuple(
    tuple(phrase.split())
    for phrase in (
        "excluded", "excluding", "excludes", "exclude", "except", "except for", "excepting",
        "with the exception of", "apart from", "aside from", "other than", "rather than",
        "instead of", "as opposed to", "unlike", "versus", "vs", "lost", "outside", "outside of",
    )
)  # fmt: skip
# Between an exclusion and the name: "excluded all infant milks", "lost its infant milks".
EXCLUSION_GAP = ARTICLES | closed("all any its her his their")
COMPLEMENT_PREPS = closed("of for to from in on at with about")
# After the name.
PLACE_PREPS = closed("in across throughout within")
TIME_PREPS = closed("since from until till in during between before after")
LENGTH_PREPS = closed("for over")
MEANS_PREPS = closed("through via")
TIME_JOINS = closed("and to until till through the early mid late present today now date")
RANK_WORDS = closed(
    "head director manager lead leader chief officer vice president vp svp evp ceo cmo cfo coo "
    "cto cco md managing general senior junior associate assistant deputy executive global "
    "regional country area national key account brand category product partner principal "
    "consultant specialist coordinator supervisor owner"
)
TITLE_JOINS = closed("of and &")
LENGTH_MODIFIERS = closed(
    "more than over nearly almost about around some at least the past last well roughly "
    "approximately just"
)
LENGTH_COUNTS = closed("a an several many few couple")
LENGTH_UNITS = closed("year years month months decade decades week weeks")
NUMBER_WORDS = closed(
    "one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen "
    "sixteen seventeen eighteen nineteen twenty thirty forty fifty"
)
OTHER_PREPOSITIONS = closed(
    "into onto towards toward through via over under about after before since until during "
    "among between against upon per as like"
)
LIST_STOP = (
    SUBJECT_PRONOUNS
    | PERSONAL_POSSESSIVES
    | AUXILIARIES
    | VERBS_OF_DOING
    | THING_VERBS
    | PREPOSITIONS_ASIDE
    | OTHER_PREPOSITIONS
    | DENIALS
    | closed("the a an this that these those it its we our you your them him us me or but so")
    | closed("which who whom that where when while then also to not lost tried")
)
IRREGULAR_PLURALS = {
    "child": "children", "person": "people", "man": "men", "woman": "women", "foot": "feet",
    "tooth": "teeth", "mouse": "mice", "goose": "geese", "leaf": "leaves", "knife": "knives",
    "shelf": "shelves", "life": "lives", "wife": "wives", "half": "halves", "calf": "calves",
    "loaf": "loaves",
}  # fmt: skip


@dataclass(frozen=True)
class NameFate:
    """What a stated name becomes by its own sentence: fate (settled / vote / refused), and
    why, in one closed word."""

    fate: str
    why: str
