"""A denial the reading model lists: firm, a doubt, or set aside (criteria/rules/denials/rule.py).

Every example sentence of the denial rules (docs/concepts.md#denial-rules), then each closed list
member by member with the neighbour that must NOT pass (the family name alone, an initial, an
accent, another pronoun, a namesake, one word more, the condition missing, somebody else's
turn), and a property test over random quotes. Pure: no database, no model.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from criteria.rules.denials.context import DenialContext
from criteria.rules.denials.rule import denial_verdict
from criteria.rules.denials.words import (
    A_FRAGMENT,
    A_HEADING,
    A_QUESTION,
    A_THING_LEADS,
    AN_ORGANISATION_LEADS,
    BEHIND_A_PRONOUN,
    CONDITION_NOT_IN_SENTENCE,
    DENIES_WHAT_THE_DOCUMENTS_STATE,
    DOUBT,
    FIRM,
    FIRST,
    FIRST_PERSON_NOT_PROVED,
    KEY_NOT_IN_CRITERION,
    LIMITED_DENIALS,
    MORE_THAN_THE_FORM,
    NAME_NOT_PROVED,
    NO_RULE_FOR_THE_WORDS,
    NOT_RUNNING_TEXT,
    OCCURS_MORE_THAN_ONCE,
    OUTRIGHT_DENIALS,
    PAST,
    PERFECT,
    POINTED_BACK_AT,
    POSSESSIVE,
    QUESTION_AND_ANSWER,
    QUOTE_ACROSS_SENTENCES,
    REPORTED_BY_ANOTHER,
    SET_ASIDE,
    STATES_A_LIMIT,
    SUBJECT_NOT_NAMED,
    TWO_NAMES,
    VERBS,
    WHY_WORDS,
    fold,
)
from limma.segment_sentences import sentence_spans
from tests.criteria.rules.denials.denial_contexts import (
    DARIO,
    KEYS,
    WORDS,
    context,
    kept,
    verdict,
)

# -- the spec's own examples ------------------------------------------------------------------

SPEC = [
    # (what it shows, document, the person, kind, why)
    ("firm_named_by_given_name", "Dario has never worked on baby formula.", DARIO, FIRM, None),
    ("pronoun_he_is_firm_in_no_profile", "He has never worked on baby formula.", DARIO, DOUBT,
     BEHIND_A_PRONOUN),
    ("pronoun_she_whoever_it_may_mean", "She has never worked on baby formula herself.",
     "Ingrid Valen", DOUBT, BEHIND_A_PRONOUN),
    ("set_aside_another_full_name", "Greta Holm has never worked on baby formula.",
     "Hallgerd Skarstein", SET_ASIDE, None),
    ("a_named_third_partys_report",
     "Greta Holm confirmed that Hallgerd has never worked on baby formula.",
     "Hallgerd Skarstein", DOUBT, REPORTED_BY_ANOTHER),
    ("said_she_never", "Greta Holm said she never touched baby formula.", "Hallgerd Skarstein",
     DOUBT, REPORTED_BY_ANOTHER),
    ("called_back_to_say",
     "Greta Holm called back to say Hallgerd has never worked on baby formula.",
     "Hallgerd Skarstein", DOUBT, REPORTED_BY_ANOTHER),
    ("a_possessive_and_its_noun", "Her mentor has never worked on baby formula.",
     "Hallgerd Skarstein", DOUBT, POSSESSIVE),
    ("two_names", "Tom Brandt and Greta Holm never sold baby formula.", "Hallgerd Skarstein",
     DOUBT, TWO_NAMES),
    ("a_thing_leads", "The role has never included baby formula.", "Ingrid Valen", DOUBT,
     A_THING_LEADS),
    ("a_fragment", "Never worked on baby formula.", "Ingrid Valen", DOUBT, A_FRAGMENT),
    ("the_condition_leads", "Baby formula is outside her experience.", "Ingrid Valen", DOUBT,
     A_THING_LEADS),
    ("has_yet_to", "She has yet to work on baby formula.", "Ingrid Valen", DOUBT,
     BEHIND_A_PRONOUN),
    ("has_only_ever", "She has only ever worked on pet food.", "Ingrid Valen", DOUBT,
     BEHIND_A_PRONOUN),
    ("own_named_sentence_stating_a_limit",
     "At another employer, Ingrid never worked on baby formula.", "Ingrid Valen", DOUBT,
     STATES_A_LIMIT),
    ("costs_another_value", "At another employer I was mostly on footwear.", "Ingrid Valen",
     DOUBT, STATES_A_LIMIT),
    ("costs_a_harmless_never", "She has never missed a baby formula launch.", "Ingrid Valen",
     DOUBT, BEHIND_A_PRONOUN),
    ("costs_a_limit_in_its_sentence", "Before joining she had never worked on baby formula.",
     "Ingrid Valen", DOUBT, STATES_A_LIMIT),
    ("costs_the_firm", "The firm has never sold baby formula.", "Ingrid Valen", DOUBT,
     A_THING_LEADS),
    ("cannot_see_nordic_dairy_is_a_firm", "Nordic Dairy has never worked on baby formula.",
     "Ingrid Valen", SET_ASIDE, None),
]  # fmt: skip


@pytest.mark.parametrize(
    ("text", "person", "kind", "why"),
    [pytest.param(*case[1:], id=case[0]) for case in SPEC],
)
def test_the_specs_examples(text: str, person: str, kind: str, why: str | None) -> None:
    found = verdict(text, person=person)
    assert (found.kind, found.why, found.facet) == (kind, why, "product")
    assert kept(text, found) == text


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        pytest.param("She has yet to work on baby formula.", NO_RULE_FOR_THE_WORDS, id="yet_to"),
        pytest.param("She has only ever worked on pet food.", NO_RULE_FOR_THE_WORDS,
                     id="only_ever"),
        pytest.param("She has never missed a baby formula launch.", NO_RULE_FOR_THE_WORDS,
                     id="missed"),
        pytest.param("The role has never included baby formula.", NO_RULE_FOR_THE_WORDS,
                     id="included"),
        pytest.param("Baby formula is outside her experience.", NO_RULE_FOR_THE_WORDS,
                     id="outside"),
        pytest.param("Before joining she had never worked on baby formula.", BEHIND_A_PRONOUN,
                     id="before_joining_she"),
    ],
)  # fmt: skip
def test_every_reason_that_applies_is_listed(text: str, reason: str) -> None:
    assert reason in verdict(text, person="Ingrid Valen").reasons


def test_ingrid_valen_her_call_note_keeps_the_pronoun_as_a_doubt() -> None:
    note = (
        "The role is broader than the profile says. She has never worked on baby formula herself."
    )
    quote = "She has never worked on baby formula herself."
    found = verdict(note, quote, "product", person="Ingrid Valen")
    assert (found.kind, found.facet, found.why) == (DOUBT, "product", BEHIND_A_PRONOUN)
    assert kept(note, found) == quote


def test_hallgerd_skarstein_a_reference_call_is_a_doubt_not_a_no() -> None:
    note = (
        "Reference call with Greta Holm, her former manager.\n"
        "Greta Holm confirmed that Hallgerd has never worked on baby formula."
    )
    quote = "Greta Holm confirmed that Hallgerd has never worked on baby formula."
    found = verdict(note, quote, person="Hallgerd Skarstein", other_names=("Greta Holm",))
    assert (found.kind, found.why) == (DOUBT, REPORTED_BY_ANOTHER)
    assert kept(note, found) == quote


def test_hallgerd_a_quote_of_the_named_half_is_judged_as_its_whole_sentence() -> None:
    note = "Greta Holm confirmed that Hallgerd has never worked on baby formula."
    found = verdict(note, "Hallgerd has never worked on baby formula.", person="Hallgerd Skarstein")
    assert (found.kind, found.why) == (DOUBT, REPORTED_BY_ANOTHER)
    assert kept(note, found) == note


@pytest.mark.parametrize(
    ("also", "kind", "why"),
    [
        pytest.param(("infant milks",), FIRM, None, id="with_the_name_accepted_firm"),
        pytest.param((), DOUBT, DENIES_WHAT_THE_DOCUMENTS_STATE, id="without_the_name_a_doubt"),
    ],
)
def test_oddrun_aarvik_a_denial_of_an_accepted_name(
    also: tuple[str, ...], kind: str, why: str | None
) -> None:
    note = "Oddrun has never worked on infant milks."
    words = {**WORDS, "product": ("baby formula", *also)}
    found = verdict(
        note, person="Oddrun Aarvik", words=words, stated={"product": ("sold infant milks",)}
    )
    assert (found.kind, found.why) == (kind, why)
    assert kept(note, found) == note


def test_ingrid_denying_the_words_her_profile_states_is_a_doubt() -> None:
    note = "Ingrid has never worked in Germany or France."
    found = verdict(
        note, facet="market", person="Ingrid Valen",
        stated={"market": ("across Germany and France",)},
    )  # fmt: skip
    assert (found.kind, found.facet, found.why) == (
        DOUBT,
        "market",
        DENIES_WHAT_THE_DOCUMENTS_STATE,
    )


def test_ingrid_the_same_words_with_no_document_stating_them_name_no_condition() -> None:
    found = verdict("Ingrid has never worked in Germany or France.", facet="market",
                    person="Ingrid Valen")  # fmt: skip
    assert (found.kind, found.why) == (DOUBT, CONDITION_NOT_IN_SENTENCE)


def test_a_firm_denial_of_what_another_document_also_states_stays_firm() -> None:
    """The condition's own words beside a profile that states them: firm (a conflict, later)."""
    found = verdict("Dario has never worked on baby formula.",
                    stated={"product": ("baby formula",)})  # fmt: skip
    assert found.kind == FIRM


def test_nordic_dairy_named_by_the_reply_as_an_organisation_is_a_doubt() -> None:
    text = "Nordic Dairy has never worked on baby formula."
    found = verdict(text, person="Ingrid Valen", organisations=("Nordic Dairy AS",))
    assert (found.kind, found.why) == (DOUBT, AN_ORGANISATION_LEADS)


# -- who leads it: check 1, exactly as a length's ---------------------------------------------

NAMES = [
    # (what it shows, sentence, person, other names, kind, why)
    ("given_name", "Dario has never worked on baby formula.", DARIO, (), FIRM, None),
    ("full_name", "Dario Benavente has never worked on baby formula.", DARIO, (), FIRM, None),
    ("full_name_behind_a_title", "Dr. Dario Benavente has never worked on baby formula.", DARIO,
     (), FIRM, None),
    ("title_without_a_dot", "Dr Dario Benavente has never worked on baby formula.", DARIO, (),
     FIRM, None),
    ("accent_in_the_document", "Dário has never worked on baby formula.", DARIO, (), FIRM, None),
    ("accent_in_the_record", "Dario has never worked on baby formula.", "Dário Benavente", (),
     FIRM, None),
    ("letters_nfkd_keeps_whole", "Soren Odegard has never worked on baby formula.",
     "Søren Ødegård", (), FIRM, None),
    ("letters_nfkd_keeps_whole_given", "Soren has never worked on baby formula.",
     "Søren Ødegård", (), FIRM, None),
    ("case_aside", "DARIO has never worked on baby formula.", DARIO, (), FIRM, None),
    ("a_middle_initial_as_written", "Oscar P. Harper has never worked on baby formula.",
     "Oscar Harper", (), FIRM, None),
    ("given_of_a_name_with_an_initial", "Oscar has never worked on baby formula.",
     "Oscar P. Harper", (), FIRM, None),
    ("a_particle", "Cornelia van Tongeren has never worked on baby formula.",
     "Cornelia van Tongeren", (), FIRM, None),
    ("hyphenated_given_name", "Anne-Marie has never worked on baby formula.", "Anne-Marie Voss",
     (), FIRM, None),
    ("apostrophe_in_the_family_name", "Siobhan O'Brien has never worked on baby formula.",
     "Siobhan O'Brien", (), FIRM, None),
    ("record_written_family_first", "Dario has never worked on baby formula.",
     "Benavente, Dario", (), FIRM, None),
    ("another_family_name_beside_it", "Dario has never worked on baby formula.", DARIO,
     ("Henrik Benavente",), FIRM, None),
    ("full_name_beside_a_namesake", "Dario Benavente has never worked on baby formula.", DARIO,
     ("Dario Ruiz",), FIRM, None),
    # ... and the neighbours that must NOT pass.
    ("family_name_alone", "Benavente has never worked on baby formula.", DARIO, (), DOUBT,
     NAME_NOT_PROVED),
    ("family_name_alone_ostrander", "Ostrander has never worked on baby formula.",
     "Greta Ostrander", (), DOUBT, NAME_NOT_PROVED),
    ("title_before_the_family_name", "Dr. Benavente has never worked on baby formula.", DARIO, (),
     DOUBT, NAME_NOT_PROVED),
    ("title_before_the_given_name", "Dr. Dario has never worked on baby formula.", DARIO, (),
     DOUBT, NAME_NOT_PROVED),
    ("an_initial_for_the_given_name", "D. Benavente has never worked on baby formula.", DARIO, (),
     DOUBT, NAME_NOT_PROVED),
    ("initials_for_the_given_name", "D.A. Benavente has never worked on baby formula.", DARIO,
     (), DOUBT, NAME_NOT_PROVED),
    ("an_initial_for_the_family_name", "Dario B. has never worked on baby formula.", DARIO, (),
     DOUBT, NAME_NOT_PROVED),
    ("a_part_of_a_hyphenated_given_name", "Anne has never worked on baby formula.",
     "Anne-Marie Voss", (), DOUBT, NAME_NOT_PROVED),
    ("a_namesake_the_reply_names", "Dario has never worked on baby formula.", DARIO,
     ("Dario Ruiz",), DOUBT, NAME_NOT_PROVED),
    ("a_namesake_with_an_accent", "Dario has never worked on baby formula.", DARIO,
     ("Dário Ruiz",), DOUBT, NAME_NOT_PROVED),
    ("a_namesake_whose_family_name_it_is", "Dario has never worked on baby formula.", DARIO,
     ("Henrik Dario",), DOUBT, NAME_NOT_PROVED),
    ("the_given_name_in_another_full_name", "Dario Ruiz has never worked on baby formula.", DARIO,
     (), DOUBT, NAME_NOT_PROVED),
    ("a_relative_sharing_the_family_name", "Henrik Benavente has never worked on baby formula.",
     DARIO, (), DOUBT, NAME_NOT_PROVED),
    ("a_name_behind_a_relatives", "Dario's father has never worked on baby formula.", DARIO, (),
     DOUBT, POSSESSIVE),
    ("her_father_by_name", "Her father Henrik Rosvoll has never worked on baby formula.",
     "Gunnhild Rosvoll", (), DOUBT, POSSESSIVE),
    ("another_pronoun_they", "They have never worked on baby formula.", DARIO, (), DOUBT,
     BEHIND_A_PRONOUN),
    ("another_pronoun_we", "We have never worked on baby formula.", DARIO, (), DOUBT,
     BEHIND_A_PRONOUN),
    ("another_pronoun_it", "It has never worked on baby formula.", DARIO, (), DOUBT,
     BEHIND_A_PRONOUN),
    ("another_pronoun_you", "You have never worked on baby formula.", DARIO, (), DOUBT,
     BEHIND_A_PRONOUN),
    ("another_pronoun_someone", "Someone has never worked on baby formula.", DARIO, (), DOUBT,
     BEHIND_A_PRONOUN),
    ("a_first_person_in_no_turn", "I have never worked on baby formula.", DARIO, (), DOUBT,
     FIRST_PERSON_NOT_PROVED),
    ("the_candidate", "The candidate has never worked on baby formula.", DARIO, (), DOUBT,
     A_THING_LEADS),
    ("the_name_with_one_word_more", "Dario himself has never worked on baby formula.", DARIO, (),
     DOUBT, MORE_THAN_THE_FORM),
    ("the_name_with_an_aside", "Dario, 45, has never worked on baby formula.", DARIO, (), DOUBT,
     MORE_THAN_THE_FORM),
    ("the_person_and_another", "Dario and Greta Holm never sold baby formula.", DARIO, (), DOUBT,
     TWO_NAMES),
    ("no_name_recorded", "Dario has never worked on baby formula.", None, (), DOUBT,
     SUBJECT_NOT_NAMED),
    ("no_name_recorded_another_full_name", "Greta Holm has never worked on baby formula.", None,
     (), DOUBT, SUBJECT_NOT_NAMED),
]  # fmt: skip


@pytest.mark.parametrize(
    ("text", "person", "other_names", "kind", "why"),
    [pytest.param(*case[1:], id=case[0]) for case in NAMES],
)
def test_who_leads_it(
    text: str, person: str | None, other_names: tuple[str, ...], kind: str, why: str | None
) -> None:
    found = verdict(text, person=person, other_names=other_names)
    assert (found.kind, found.why) == (kind, why)


@pytest.mark.parametrize(
    ("document", "quote"),
    [
        pytest.param("Dario Ruiz ran the account. Dario has never worked on baby formula.",
                     "Dario has never worked on baby formula.", id="a_namesake_earlier"),
        pytest.param("Dario has never worked on baby formula. He handed it to Dário Ruiz.",
                     "Dario has never worked on baby formula.", id="a_namesake_later"),
    ],
)  # fmt: skip
def test_a_namesake_the_document_writes_takes_the_given_name_away(
    document: str, quote: str
) -> None:
    found = verdict(document, quote)
    assert (found.kind, found.why) == (DOUBT, NAME_NOT_PROVED)
    assert kept(document, found) == quote


def test_the_given_name_with_the_family_name_after_it_is_no_namesake() -> None:
    document = "Dario Benavente ran the account. Dario has never worked on baby formula."
    assert verdict(document, "Dario has never worked on baby formula.").kind == FIRM


# -- set aside: ANOTHER person's full name, the denial and the condition — nothing else -------

ANOTHER = [
    ("another_full_name", "Greta Holm has never worked on baby formula.", SET_ASIDE, None),
    ("another_full_name_behind_a_title", "Dr. Greta Holm has never worked on baby formula.",
     SET_ASIDE, None),
    ("another_full_name_with_a_particle", "Kasper van den Berg has never sold baby formula.",
     SET_ASIDE, None),
    ("another_full_name_first_person_form", "Greta Holm never sold baby formula.", SET_ASIDE,
     None),
    ("another_given_name_alone", "Greta has never worked on baby formula.", DOUBT,
     NAME_NOT_PROVED),
    ("another_family_name_alone", "Holm has never worked on baby formula.", DOUBT,
     NAME_NOT_PROVED),
    ("another_initial_and_family_name", "G. Holm has never worked on baby formula.", DOUBT,
     NAME_NOT_PROVED),
    ("another_given_name_and_initial", "Greta H. has never worked on baby formula.", DOUBT,
     NAME_NOT_PROVED),
    ("sharing_the_persons_given_name", "Hallgerd Holm has never worked on baby formula.", DOUBT,
     NAME_NOT_PROVED),
    ("sharing_the_persons_family_name", "Henrik Skarstein has never worked on baby formula.",
     DOUBT, NAME_NOT_PROVED),
    ("an_organisation_by_its_legal_form", "Halden Foods AS has never sold baby formula.", DOUBT,
     AN_ORGANISATION_LEADS),
    ("an_organisation_word", "Brightwell Nutrition has never sold baby formula.", DOUBT,
     AN_ORGANISATION_LEADS),
    ("another_full_name_another_condition", "Greta Holm has never worked in Spain.", DOUBT,
     CONDITION_NOT_IN_SENTENCE),
    ("another_full_name_one_word_more", "Greta Holm has never really worked on baby formula.",
     DOUBT, MORE_THAN_THE_FORM),
    ("another_full_name_a_limited_denial", "Greta Holm had never worked on baby formula.", DOUBT,
     STATES_A_LIMIT),
    ("another_full_name_no_rule", "Greta Holm has yet to work on baby formula.", DOUBT,
     NO_RULE_FOR_THE_WORDS),
    ("another_full_name_a_limit_before_it", "At Nordic, Greta Holm never sold baby formula.",
     DOUBT, STATES_A_LIMIT),
    ("another_full_name_quoted", "> Greta Holm has never worked on baby formula.", DOUBT,
     NOT_RUNNING_TEXT),
]  # fmt: skip


@pytest.mark.parametrize(
    ("text", "kind", "why"), [pytest.param(*case[1:], id=case[0]) for case in ANOTHER]
)
def test_set_aside_only_in_the_mirror_form(text: str, kind: str, why: str | None) -> None:
    found = verdict(text, person="Hallgerd Skarstein")
    assert (found.kind, found.why) == (kind, why)


# -- the denial: a closed list, and the verbs it takes ---------------------------------------

DENIALS = [
    ("has_never", "Dario has never worked on baby formula.", FIRM, None),
    ("has_not", "Dario has not worked on baby formula.", FIRM, None),
    ("hasnt", "Dario hasn't worked on baby formula.", FIRM, None),
    ("hasnt_curly", "Dario hasn\u2019t worked on baby formula.", FIRM, None),
    ("has_no_experience_with", "Dario has no experience with baby formula.", FIRM, None),
    ("has_no_experience_in", "Dario has no experience in baby formula.", FIRM, None),
    ("has_no_experience_of", "Dario has no experience of baby formula.", FIRM, None),
    ("never_past", "Dario never worked on baby formula.", FIRM, None),
    ("had_never", "Dario had never worked on baby formula.", DOUBT, STATES_A_LIMIT),
    ("had_not", "Dario had not worked on baby formula.", DOUBT, STATES_A_LIMIT),
    ("hadnt", "Dario hadn't worked on baby formula.", DOUBT, STATES_A_LIMIT),
    ("had_no_experience", "Dario had no experience with baby formula.", DOUBT, STATES_A_LIMIT),
    ("did_not", "Dario did not work on baby formula.", DOUBT, STATES_A_LIMIT),
    ("didnt", "Dario didn't work on baby formula.", DOUBT, STATES_A_LIMIT),
    ("does_not", "Dario does not work on baby formula.", DOUBT, STATES_A_LIMIT),
    ("doesnt", "Dario doesn't work on baby formula.", DOUBT, STATES_A_LIMIT),
    ("has_yet_to", "Dario has yet to work on baby formula.", DOUBT, NO_RULE_FOR_THE_WORDS),
    ("has_only_ever", "Dario has only ever worked on pet food.", DOUBT, NO_RULE_FOR_THE_WORDS),
    ("is_not", "Dario is not in baby formula.", DOUBT, NO_RULE_FOR_THE_WORDS),
    ("was_never", "Dario was never involved in baby formula.", DOUBT, NO_RULE_FOR_THE_WORDS),
    ("avoided", "Dario avoided baby formula.", DOUBT, NO_RULE_FOR_THE_WORDS),
    ("no_longer", "Dario no longer works on baby formula.", DOUBT, NO_RULE_FOR_THE_WORDS),
    ("have_never_after_a_name", "Dario have never worked on baby formula.", DOUBT,
     NO_RULE_FOR_THE_WORDS),
    ("one_word_more_really", "Dario has never really worked on baby formula.", DOUBT,
     MORE_THAN_THE_FORM),
    ("one_word_more_once", "Dario has never once worked on baby formula.", DOUBT,
     MORE_THAN_THE_FORM),
    ("one_word_more_yet", "Dario has not yet worked on baby formula.", DOUBT, MORE_THAN_THE_FORM),
    ("one_word_more_ever", "Dario has never ever worked on baby formula.", DOUBT,
     MORE_THAN_THE_FORM),
    ("one_word_more_at_all", "Dario has never worked on baby formula at all.", DOUBT,
     STATES_A_LIMIT),
    ("one_word_less_no_verb", "Dario has never baby formula.", DOUBT, NO_RULE_FOR_THE_WORDS),
]  # fmt: skip


@pytest.mark.parametrize(
    ("text", "kind", "why"), [pytest.param(*case[1:], id=case[0]) for case in DENIALS]
)
def test_the_outright_denials(text: str, kind: str, why: str | None) -> None:
    found = verdict(text)
    assert (found.kind, found.why) == (kind, why)


FIRST_PERSON = [
    ("have_never", "Dario: I have never worked on baby formula.", FIRM, None),
    ("have_not", "Dario: I have not worked on baby formula.", FIRM, None),
    ("havent", "Dario: I haven't worked on baby formula.", FIRM, None),
    ("have_no_experience", "Dario: I have no experience with baby formula.", FIRM, None),
    ("never", "Dario: I never worked on baby formula.", FIRM, None),
    ("myself", "Dario: I have never worked on baby formula myself.", FIRM, None),
    ("do_not", "Dario: I do not work on baby formula.", DOUBT, STATES_A_LIMIT),
    ("dont", "Dario: I don't work on baby formula.", DOUBT, STATES_A_LIMIT),
    ("had_never", "Dario: I had never worked on baby formula.", DOUBT, STATES_A_LIMIT),
    ("has_never_after_i", "Dario: I has never worked on baby formula.", DOUBT,
     NO_RULE_FOR_THE_WORDS),
    ("himself_after_i", "Dario: I have never worked on baby formula himself.", DOUBT,
     MORE_THAN_THE_FORM),
    ("i_myself", "Dario: I myself have never worked on baby formula.", DOUBT,
     MORE_THAN_THE_FORM),
    ("not_the_condition", "Dario: I have never worked in Spain.", DOUBT,
     CONDITION_NOT_IN_SENTENCE),
]  # fmt: skip


@pytest.mark.parametrize(
    ("text", "kind", "why"), [pytest.param(*case[1:], id=case[0]) for case in FIRST_PERSON]
)
def test_the_first_person_denials_in_a_turn_of_theirs(
    text: str, kind: str, why: str | None
) -> None:
    found = verdict(text, transcript=True)
    assert (found.kind, found.why) == (kind, why)


@pytest.mark.parametrize(
    ("text", "facet"),
    [
        ("Dario has never worked on baby formula.", "product"),
        ("Dario has never sold baby formula.", "product"),
        ("Dario has never marketed baby formula.", "product"),
        ("Dario has never handled baby formula.", "product"),
        ("Dario has never managed baby formula.", "product"),
        ("Dario has never led baby formula.", "product"),
        ("Dario has never run baby formula.", "product"),
        ("Dario has never touched baby formula.", "product"),
        ("Dario has never done marketing.", "function"),
        ("Dario has never been in baby formula.", "product"),
        ("Dario has never been involved in baby formula.", "product"),
        ("Dario never sold baby formula.", "product"),
        ("Dario never ran baby formula.", "product"),
        ("Dario has not marketed baby formula.", "product"),
    ],
)
def test_a_denial_in_the_words_a_profile_writes_is_firm(text: str, facet: str) -> None:
    assert verdict(text, facet=facet).kind == FIRM


@pytest.mark.parametrize(
    ("past", "participle"), [pytest.param(*forms, id=base) for base, forms in VERBS.items()]
)
@pytest.mark.parametrize(
    "written", ["Dario has never {participle} baby formula.", "Dario never {past} baby formula."]
)
def test_every_verb_of_the_closed_list_in_each_of_its_forms(
    written: str, past: str, participle: str
) -> None:
    assert verdict(written.format(past=past, participle=participle)).kind == FIRM


# Verbs off the closed list, base: (past, participle).
OFF_THE_LIST = {"eat": ("ate", "eaten"), "like": ("liked", "liked"), "buy": ("bought", "bought"),
                "see": ("saw", "seen")}  # fmt: skip
# Every outright denial a named person's sentence opens with a verb (a speaker's aside).
NAMED_OPENINGS = [
    pytest.param(words, form, id=" ".join(words))
    for words, form, whose in OUTRIGHT_DENIALS
    if form in (PERFECT, PAST) and whose != FIRST
]


@pytest.mark.parametrize(
    ("past", "participle"), [pytest.param(*forms, id=base) for base, forms in OFF_THE_LIST.items()]
)
@pytest.mark.parametrize(("words", "form"), NAMED_OPENINGS)
def test_a_verb_not_on_the_closed_list_is_no_firm_denial(
    words: tuple[str, ...], form: str, past: str, participle: str
) -> None:
    verb = participle if form == PERFECT else past
    found = verdict(f"Dario {' '.join(words)} {verb} baby formula.")

    assert not {past, participle} & {form for forms in VERBS.values() for form in forms}
    assert (found.kind, found.why) == (DOUBT, NO_RULE_FOR_THE_WORDS)


def test_had_never_denies_only_up_to_a_time():
    assert ("had", "never") in {words for words, _, _ in LIMITED_DENIALS}
    assert ("had", "never") not in {words for words, _, _ in OUTRIGHT_DENIALS}


@pytest.mark.parametrize(
    "text",
    [
        pytest.param("Dario has never stopped working on baby formula.", id="a_positive_stopped"),
        pytest.param("Dario has never missed a baby formula launch.", id="a_harmless_never"),
        pytest.param("Dario has never hated baby formula.", id="another_verb"),
        pytest.param("Dario has never ran baby formula.", id="the_wrong_form_ran"),
        pytest.param("Dario never work on baby formula.", id="the_wrong_form_work"),
        pytest.param("Dario has never been a fan of baby formula.", id="been_a_fan_of"),
    ],
)
def test_a_verb_off_the_list_is_a_doubt(text: str) -> None:
    assert verdict(text).kind == DOUBT


# -- the condition: the condition's own words, whole ------------------------------------------

CONDITIONS = [
    ("the_conditions_words", "Dario has never worked on baby formula.", "product", FIRM, None),
    ("case_aside", "Dario has never worked on Baby Formula.", "product", FIRM, None),
    ("a_hyphen_aside", "Dario has never worked on baby-formula.", "product", FIRM, None),
    ("the_last_words_plural", "Dario has never worked on baby formulas.", "product", FIRM, None),
    ("a_determiner_aside", "Dario has never sold any baby formula.", "product", FIRM, None),
    ("the_conditions_text", "Dario has never worked in European markets.", "market", FIRM, None),
    ("the_value", "Dario has never worked in Europe.", "market", FIRM, None),
    ("the_function", "Dario has never worked in marketing.", "function", FIRM, None),
    ("herself", "Dario has never worked on baby formula herself.", "product", FIRM, None),
    ("himself", "Dario has never worked on baby formula himself.", "product", FIRM, None),
    ("myself_after_a_name", "Dario has never worked on baby formula myself.", "product", DOUBT,
     MORE_THAN_THE_FORM),
    ("the_condition_missing", "Dario has never worked in Spain.", "product", DOUBT,
     CONDITION_NOT_IN_SENTENCE),
    ("no_condition_at_all", "Dario has never worked.", "product", DOUBT,
     CONDITION_NOT_IN_SENTENCE),
    ("another_facets_condition", "Dario has never worked in marketing.", "product", DOUBT,
     CONDITION_NOT_IN_SENTENCE),
    ("a_near_word", "Dario has never worked on baby food.", "product", DOUBT,
     CONDITION_NOT_IN_SENTENCE),
    ("a_part_of_the_condition", "Dario has never worked on formula.", "product", DOUBT,
     CONDITION_NOT_IN_SENTENCE),
    ("a_market_limits_it", "Dario has never worked on baby formula in Europe.", "product", DOUBT,
     STATES_A_LIMIT),
    ("an_employer_limits_it", "Dario has never worked on baby formula at Nordic.", "product",
     DOUBT, STATES_A_LIMIT),
    ("a_second_thing", "Dario has never worked on baby formula and cereals.", "product", DOUBT,
     MORE_THAN_THE_FORM),
    ("a_word_inside", "Dario has never worked on organic baby formula.", "product", DOUBT,
     MORE_THAN_THE_FORM),
    ("a_comma_inside", "Dario has never worked on baby, formula.", "product", DOUBT,
     CONDITION_NOT_IN_SENTENCE),
]  # fmt: skip


@pytest.mark.parametrize(
    ("text", "facet", "kind", "why"), [pytest.param(*case[1:], id=case[0]) for case in CONDITIONS]
)
def test_the_condition_whole(text: str, facet: str, kind: str, why: str | None) -> None:
    found = verdict(text, facet=facet)
    assert (found.kind, found.why, found.facet) == (kind, why, facet)


# -- where it stands --------------------------------------------------------------------------

PLACES = [
    ("plain_running_text", "Profile\n\nDario has never worked on baby formula.", FIRM, None),
    ("a_bullet_under_no_heading", "- Dario has never worked on baby formula.", FIRM, None),
    ("a_following_sentence_of_its_own",
     "Dario has never worked on baby formula. He prefers cereals.", FIRM, None),
    ("behind_a_quote_mark", "> Dario has never worked on baby formula.", DOUBT, NOT_RUNNING_TEXT),
    ("in_quotation_marks", "\u201cDario has never worked on baby formula.\u201d", DOUBT,
     NOT_RUNNING_TEXT),
    ("behind_a_bracketed_mark", "[REJECTED] Dario has never worked on baby formula.", DOUBT,
     NOT_RUNNING_TEXT),
    ("behind_a_label", "Note: Dario has never worked on baby formula.", DOUBT, NOT_RUNNING_TEXT),
    ("an_item_under_a_colon", "Claims the reference check rejected:\n"
     "Dario has never worked on baby formula.", DOUBT, NOT_RUNNING_TEXT),
    ("a_bullet_under_a_colon", "Claims the reference check rejected:\n- Sold cereals.\n"
     "- Dario has never worked on baby formula.", DOUBT, NOT_RUNNING_TEXT),
    ("a_heading_mark", "# Dario has never worked on baby formula", DOUBT, A_HEADING),
    ("no_closing_full_stop", "Dario has never worked on baby formula", DOUBT, A_HEADING),
    ("taken_back_that", "Dario has never worked on baby formula. That changed in 2015.", DOUBT,
     POINTED_BACK_AT),
    ("taken_back_but", "Dario has never worked on baby formula. But his team did.", DOUBT,
     POINTED_BACK_AT),
    ("taken_back_actually", "Dario has never worked on baby formula. Actually, he did once.",
     DOUBT, POINTED_BACK_AT),
]  # fmt: skip


@pytest.mark.parametrize(
    ("document", "kind", "why"), [pytest.param(*case[1:], id=case[0]) for case in PLACES]
)
def test_where_it_stands(document: str, kind: str, why: str | None) -> None:
    quote = "Dario has never worked on baby formula"
    found = verdict(document, quote)
    assert (found.kind, found.why) == (kind, why)
    assert quote in kept(document, found)


# -- turns: "I" is theirs only in a turn labelled with their name ----------------------------

TURNS = [
    ("their_own_turn", "Cornelia: I have never worked on baby formula myself.",
     "I have never worked on baby formula myself.", FIRM, None),
    ("their_turn_by_full_name", "Cornelia van Tongeren: I have never worked on baby formula.",
     "I have never worked on baby formula.", FIRM, None),
    ("their_turn_behind_a_time_stamp",
     "[00:00:12] Cornelia: I have never worked on baby formula.",
     "I have never worked on baby formula.", FIRM, None),
    ("their_turn_second_sentence",
     "Cornelia: Thanks for asking. I have never worked on baby formula.",
     "I have never worked on baby formula.", FIRM, None),
    ("their_label_on_its_own_line", "Cornelia:\nI have never worked on baby formula.",
     "I have never worked on baby formula.", FIRM, None),
    ("after_a_turn_ending_in_a_colon", "Interviewer: Tell me about your experience:\n"
     "Cornelia: I have never worked on baby formula.", "I have never worked on baby formula.",
     FIRM, None),
    ("the_interviewers_turn", "Interviewer: I have never worked on baby formula.",
     "I have never worked on baby formula.", DOUBT, FIRST_PERSON_NOT_PROVED),
    ("another_persons_turn", "Greta Holm: I have never worked on baby formula.",
     "I have never worked on baby formula.", DOUBT, FIRST_PERSON_NOT_PROVED),
    ("a_turn_by_family_name", "Van Tongeren: I have never worked on baby formula.",
     "I have never worked on baby formula.", DOUBT, FIRST_PERSON_NOT_PROVED),
    ("a_named_sentence_in_anothers_turn",
     "Interviewer: Cornelia has never worked on baby formula.",
     "Cornelia has never worked on baby formula.", DOUBT, REPORTED_BY_ANOTHER),
    ("a_pronoun_in_their_turn", "Cornelia: She has never worked on baby formula.",
     "She has never worked on baby formula.", DOUBT, BEHIND_A_PRONOUN),
]  # fmt: skip


@pytest.mark.parametrize(
    ("document", "quote", "kind", "why"), [pytest.param(*case[1:], id=case[0]) for case in TURNS]
)
def test_whose_turn(document: str, quote: str, kind: str, why: str | None) -> None:
    found = verdict(document, quote, person="Cornelia van Tongeren", transcript=True)
    assert (found.kind, found.why) == (kind, why)
    assert quote in kept(document, found)


def test_a_namesake_takes_the_turn_label_away_too() -> None:
    document = "Cornelia: I have never worked on baby formula."
    found = verdict(document, person="Cornelia van Tongeren", transcript=True,
                    other_names=("Cornelia Brandt",))  # fmt: skip
    assert (found.kind, found.why) == (DOUBT, FIRST_PERSON_NOT_PROVED)


def test_a_turn_label_in_a_document_with_no_turns_is_read_when_it_names_the_person() -> None:
    document = "Cornelia: I have never worked on baby formula myself."
    assert verdict(document, person="Cornelia van Tongeren").kind == FIRM


def test_no_name_recorded_proves_no_turn() -> None:
    document = "Cornelia: I have never worked on baby formula."
    found = verdict(document, person=None, transcript=True)
    assert (found.kind, found.why) == (DOUBT, FIRST_PERSON_NOT_PROVED)


# -- an answer with its question; words across two sentences ----------------------------------

CALL = "Interviewer: Have you ever worked on baby formula yourself?\nCornelia: No, never."


@pytest.mark.parametrize(
    "quote",
    [
        pytest.param("No, never.", id="the_answer"),
        pytest.param("Have you ever worked on baby formula yourself?", id="the_question"),
        pytest.param("baby formula yourself?\nCornelia: No", id="words_across_both"),
    ],
)
def test_an_answer_is_kept_with_its_question(quote: str) -> None:
    found = verdict(CALL, quote, person="Cornelia van Tongeren", transcript=True)
    assert (found.kind, found.why, found.facet) == (DOUBT, QUESTION_AND_ANSWER, "product")
    assert kept(CALL, found) == CALL  # both sentences, byte for byte
    assert found.start == 0 and found.end == len(CALL)


def test_a_question_and_answer_in_running_text_span_both() -> None:
    note = (
        "She was asked: Have you ever worked on baby formula yourself? No, never. Then we moved on."
    )
    found = verdict(note, "No, never.", person="Ingrid Valen")
    assert (found.kind, found.why) == (DOUBT, QUESTION_AND_ANSWER)
    assert (
        kept(note, found)
        == "She was asked: Have you ever worked on baby formula yourself? No, never."
    )


def test_a_question_only_is_a_doubt() -> None:
    call = "Cornelia: I ran the cereals side.\nInterviewer: Have you ever worked on baby formula?"
    found = verdict(call, "Have you ever worked on baby formula?",
                    person="Cornelia van Tongeren", transcript=True)  # fmt: skip
    assert (found.kind, found.why) == (DOUBT, A_QUESTION)
    assert kept(call, found) == "Interviewer: Have you ever worked on baby formula?"


def test_an_answer_that_is_the_whole_form_by_itself_stays_firm() -> None:
    call = (
        "Interviewer: Have you ever worked on baby formula yourself?\n"
        "Cornelia: I have never worked on baby formula myself."
    )
    found = verdict(call, "I have never worked on baby formula myself.",
                    person="Cornelia van Tongeren", transcript=True)  # fmt: skip
    assert found.kind == FIRM
    assert kept(call, found) == "Cornelia: I have never worked on baby formula myself."


def test_quoted_words_across_two_sentences() -> None:
    call = "Interviewer: Tell me about the dairy years.\nCornelia: No. I ran the cereals side."
    found = verdict(call, "No. I ran the cereals side.", person="Cornelia van Tongeren",
                    transcript=True)  # fmt: skip
    assert (found.kind, found.why) == (DOUBT, QUOTE_ACROSS_SENTENCES)
    assert kept(call, found) == "Cornelia: No. I ran the cereals side."  # whole sentences


def test_a_firm_sentence_quoted_with_the_next_is_a_doubt() -> None:
    note = "Dario has never worked on baby formula. He ran cereals."
    found = verdict(note, note)
    assert (found.kind, found.why) == (DOUBT, QUOTE_ACROSS_SENTENCES)
    assert kept(note, found) == note


# -- the key it is filed under ----------------------------------------------------------------

KEYED = [
    ("the_criterions_key", "Dario has never worked on baby formula.", "product", FIRM, "product",
     None),
    ("a_capital", "Dario has never worked on baby formula.", "Product", DOUBT, "product",
     KEY_NOT_IN_CRITERION),
    ("all_capitals", "Dario has never worked in Europe.", "MARKET", DOUBT, "market",
     KEY_NOT_IN_CRITERION),
    ("a_plural", "Dario has never worked on baby formula.", "products", DOUBT, "product",
     KEY_NOT_IN_CRITERION),
    ("the_conditions_words", "Dario has never worked on baby formula.", "baby formula", DOUBT,
     "product", KEY_NOT_IN_CRITERION),
    ("the_conditions_value", "Dario has never worked in Europe.", "Europe", DOUBT, "market",
     KEY_NOT_IN_CRITERION),
    ("nothing_at_all_the_sentence_names_it", "Dario has never worked in Europe.", None, DOUBT,
     "market", KEY_NOT_IN_CRITERION),
    ("an_unknown_key_the_sentence_names_it", "Dario has never worked on baby formula.",
     "exclusion", DOUBT, "product", KEY_NOT_IN_CRITERION),
    ("nothing_named_the_first", "Dario has never worked in Spain.", "exclusion", DOUBT,
     "duration", CONDITION_NOT_IN_SENTENCE),
    ("a_pronoun_under_a_capital", "She has never worked on baby formula.", "Product", DOUBT,
     "product", BEHIND_A_PRONOUN),
    ("a_set_aside_under_a_capital", "Greta Holm has never worked on baby formula.", "Product",
     DOUBT, "product", KEY_NOT_IN_CRITERION),
]  # fmt: skip


@pytest.mark.parametrize(
    ("text", "key", "kind", "facet", "why"), [pytest.param(*case[1:], id=case[0]) for case in KEYED]
)
def test_the_key_it_is_filed_under(
    text: str, key: str | None, kind: str, facet: str, why: str | None
) -> None:
    found = verdict(text, facet=key)
    assert (found.kind, found.facet, found.why) == (kind, facet, why)
    if key not in KEYS:
        assert KEY_NOT_IN_CRITERION in found.reasons


def test_the_words_a_document_states_name_the_condition_for_an_unknown_key() -> None:
    found = verdict("Ingrid has never worked in Germany.", facet=None, person="Ingrid Valen",
                    stated={"market": ("across Germany and France",)})  # fmt: skip
    assert (found.kind, found.facet) == (DOUBT, "market")
    assert DENIES_WHAT_THE_DOCUMENTS_STATE in found.reasons


# -- the quote itself -------------------------------------------------------------------------


@pytest.mark.parametrize(
    "quote",
    [
        pytest.param("Dario has never worked on infant milks.", id="other_words"),
        pytest.param("", id="nothing"),
        pytest.param("   ", id="white_space"),
        pytest.param("Dario  has never worked on baby formula.", id="one_space_more"),
        pytest.param("dario has never worked on baby formula.", id="another_case"),
        pytest.param("Da\u0301rio has never worked", id="an_accent_in_other_characters"),
    ],
)
def test_a_quote_not_in_the_document_is_set_aside_as_none(quote: str) -> None:
    document = (
        "D\u00e1rio has never worked on baby formula. Dario has never worked on baby formula."
    )
    assert denial_verdict(quote, "product", context(document)) is None


def test_outer_white_space_is_not_the_models_evidence() -> None:
    found = verdict("Dario has never worked on baby formula.",
                    "  Dario has never worked on baby formula.\n")  # fmt: skip
    assert found.kind == FIRM


def test_a_quote_of_part_of_a_sentence_is_judged_and_kept_as_the_whole_sentence() -> None:
    note = "Summary follows. Dario has never worked on baby formula. He ran cereals."
    found = verdict(note, "never worked on baby formula")
    assert found.kind == FIRM
    assert kept(note, found) == "Dario has never worked on baby formula."


def test_a_quote_that_stands_twice_and_is_judged_differently_is_a_doubt() -> None:
    call = (
        "Interviewer: I have never worked on baby formula.\n"
        "Cornelia: I have never worked on baby formula."
    )
    found = verdict(call, "I have never worked on baby formula.",
                    person="Cornelia van Tongeren", transcript=True)  # fmt: skip
    assert (found.kind, found.why) == (DOUBT, OCCURS_MORE_THAN_ONCE)
    assert FIRST_PERSON_NOT_PROVED in found.reasons


def test_a_quote_that_stands_twice_alike_keeps_the_first() -> None:
    note = "Dario has never worked on baby formula. Dario has never worked on baby formula."
    found = verdict(note, "Dario has never worked on baby formula.")
    assert (found.kind, found.start, found.end) == (FIRM, 0, 39)


def test_the_sentences_given_are_the_sentences_read() -> None:
    """A caller's split is used as given: one sentence holding two of the plain splitter's."""
    text = "Dario has never worked on baby formula. That was in Spain."
    one = DenialContext(text, ((0, len(text)),), (None,), DARIO, (), KEYS, WORDS)
    found = denial_verdict("Dario has never worked on baby formula.", "product", one)
    assert found is not None and found.kind == DOUBT
    assert (found.start, found.end) == (0, len(text))


def test_words_outside_every_sentence_given_are_read_in_the_texts_own_sentence() -> None:
    text = "Header line\nDario has never worked on baby formula."
    gap = DenialContext(text, ((0, 11),), (None,), DARIO, (), KEYS, WORDS)
    found = denial_verdict("Dario has never worked on baby formula.", "product", gap)
    assert found is not None and found.kind == FIRM
    assert text[found.start : found.end] == "Dario has never worked on baby formula."


def test_fold_keeps_names_comparable() -> None:
    assert fold("Søren  Ødegård") == fold("soren odegard") == "soren odegard"
    assert fold("Zoë") == "zoe"


@pytest.mark.parametrize(
    ("text", "spans"),
    [
        ("Dr. Anneke Voss has done this. D. Benavente too.", ((0, 30), (31, 48))),
        ("One.\nTwo\n\nThree? Four!", ((0, 4), (5, 8), (10, 16), (17, 22))),
    ],
)
def test_the_plain_splitter(text: str, spans: tuple[tuple[int, int], ...]) -> None:
    assert sentence_spans(text) == spans


# -- a property: whatever the model quotes ----------------------------------------------------

POOL = [
    "Dario has never worked on baby formula.",
    "She has never worked on baby formula herself.",
    "Greta Holm has never worked on baby formula.",
    "Greta Holm confirmed that Dario has never worked on baby formula.",
    "Interviewer: Have you ever worked on baby formula yourself?",
    "Dario: No, never.",
    "Dario: I have never worked on baby formula myself.",
    "Interviewer: I have never sold baby formula.",
    "Benavente has never worked in Europe.",
    "Dario Ruiz never sold baby formula.",
    "> Dario has never worked on baby formula.",
    "The role has never included baby formula.",
    "Dario led marketing for baby formula across Germany and France.",
]
REPLY_KEYS = [*KEYS, "Product", "products", "baby formula", None, "exclusion"]


@settings(max_examples=300, deadline=None)
@given(
    lines=st.lists(st.sampled_from(POOL), min_size=1, max_size=5),
    cut=st.tuples(st.integers(0, 400), st.integers(0, 400)),
    key=st.sampled_from(REPLY_KEYS),
    transcript=st.booleans(),
    invented=st.booleans(),
)
def test_property_whatever_the_model_quotes(lines, cut, key, transcript, invented) -> None:
    text = "\n".join(lines)
    low, high = sorted(cut)
    quote = "Dario has never worked on pet food." if invented else text[low:high]
    found = denial_verdict(quote, key, context(text, transcript=transcript))
    if not quote.strip() or quote.strip() not in text:
        assert found is None
        return
    assert found is not None
    assert 0 <= found.start < found.end <= len(text)
    assert quote.strip() in text[found.start : found.end]  # the span re-reads the quote
    assert found.facet in KEYS
    if found.kind == DOUBT:
        assert found.why == found.reasons[0] and set(found.reasons) <= set(WHY_WORDS)
        return
    assert found.why is None and key in KEYS  # only a key the criterion has decides
    sentence = fold(text[found.start : found.end])
    if found.kind == FIRM:
        assert "dario" in sentence and "ruiz" not in sentence and "holm" not in sentence
        assert not sentence.startswith((">", "she", "interviewer", "the "))
    else:
        assert sentence.startswith("greta holm has never") and "dario" not in sentence
