"""The denial rule's closed form word by word, each reason a doubt is kept with beside the
neighbour it is not (criteria/rules/denials/sentence.py, names.py, rule.py): what leads the
sentence, what stands between the denial and the condition, where the sentence stands, the
sentence after it, a condition's plural, and where the plain splitter ends a sentence. Pure: no
database, no model.
"""

from __future__ import annotations

import pytest

from criteria.rules.denials.names import name_run
from criteria.rules.denials.words import (
    A_HEADING,
    A_QUESTION,
    BEHIND_A_PRONOUN,
    CONDITION_NOT_IN_SENTENCE,
    DOUBT,
    FIRM,
    MORE_THAN_THE_FORM,
    NAME_NOT_PROVED,
    NO_RULE_FOR_THE_WORDS,
    NOT_RUNNING_TEXT,
    OCCURS_MORE_THAN_ONCE,
    POINTED_BACK_AT,
    REPORTED_BY_ANOTHER,
    STATES_A_LIMIT,
    same_phrase,
)
from limma.segment_sentences import sentence_spans
from tests.criteria.rules.denials.denial_contexts import verdict

DENIAL = "Dario has never worked on baby formula."
TURNS = (
    "Interviewer: Tell me.\nDario: I have never worked on baby formula{}\nInterviewer: Thanks.\n"
)


@pytest.mark.parametrize(
    ("text", "reasons"),
    [
        pytest.param(DENIAL, (), id="the_given_name_alone"),
        # What stands between the name and the denial is more than the form ...
        pytest.param(
            "Dario really has never worked on baby formula.",
            (MORE_THAN_THE_FORM,),
            id="a_word_after_the_name",
        ),
        pytest.param(
            "Dario van has never worked on baby formula.",
            (MORE_THAN_THE_FORM,),
            id="a_particle_before_no_name",
        ),
        # ... and the family name alone, or another's given name, proves nobody.
        pytest.param(
            "Benavente really has never worked on baby formula.",
            (NAME_NOT_PROVED,),
            id="a_part_of_the_name_then_a_word",
        ),
        pytest.param(
            "Greta really has never worked on baby formula.",
            (REPORTED_BY_ANOTHER,),
            id="another_name_then_a_word",
        ),
        # A limit before the name: the name after its comma is read whole.
        pytest.param(
            "At Halden, Dario Benavente never worked on baby formula.",
            (STATES_A_LIMIT,),
            id="a_limit_then_the_full_name",
        ),
        pytest.param(
            "At Halden Dario never worked on baby formula.",
            (STATES_A_LIMIT,),
            id="a_limit_with_no_comma_then_the_given_name",
        ),
        pytest.param(
            "Formerly.",
            (STATES_A_LIMIT, NAME_NOT_PROVED, NO_RULE_FOR_THE_WORDS),
            id="one_word_of_limit",
        ),
        pytest.param(
            "Have you ever worked on baby formula?",
            (A_QUESTION, BEHIND_A_PRONOUN, NO_RULE_FOR_THE_WORDS),
            id="a_question_is_led_by_who_it_asks",
        ),
        # Between the denial and the condition.
        pytest.param(
            "Dario has never really worked.", (MORE_THAN_THE_FORM,), id="a_word_before_the_verb"
        ),
        pytest.param(
            "Dario has never worked.", (CONDITION_NOT_IN_SENTENCE,), id="the_verb_and_no_condition"
        ),
        pytest.param(
            "Dario has never been involved in baby formula.", (), id="been_involved_in_it"
        ),
        # Where the sentence stands: a bracket before it is read past, to its own closing.
        pytest.param(
            "[Note] Dario has never worked on baby formula [sic].",
            (NOT_RUNNING_TEXT, MORE_THAN_THE_FORM),
            id="behind_a_bracketed_note",
        ),
    ],
)
def test_what_leads_and_what_follows_the_denial(text, reasons):
    found = verdict(text)

    assert (found.kind, found.reasons) == (DOUBT if reasons else FIRM, reasons)


def test_a_denial_naming_no_condition_is_not_of_the_words_a_document_states():
    stated = {"product": ("involved in infant nutrition",)}

    found = verdict("Dario has never been involved.", stated=stated)

    assert found.reasons == (CONDITION_NOT_IN_SENTENCE,)


def test_a_name_with_a_particle_before_its_family_name_proves_the_person():
    assert verdict("Dario van O'Neill has never worked on baby formula.",
                   person="Dario van O'Neill").kind == FIRM  # fmt: skip


@pytest.mark.parametrize(
    ("words", "size"),
    [
        pytest.param(["Anneke", "van", "Berg"], 3, id="particle_then_a_name"),
        pytest.param(["Anneke", "van", "O'Neill"], 3, id="particle_then_a_name_with_an_apostrophe"),
        pytest.param(["Anneke", "van", "der"], 1, id="particles_then_nothing"),
        pytest.param(["Anneke", "van", "berg"], 1, id="particle_then_a_lower_case_word"),
        pytest.param(["Dario", "really", "Benavente"], 1, id="a_word_in_lower_case_ends_it"),
        pytest.param(["Dario", "Benavente", "really"], 2, id="two_names_then_a_word"),
        pytest.param(["Dr", "Dario", "Benavente"], 3, id="a_title_then_the_name"),
        pytest.param(["Dr", "med", "Dario"], 1, id="a_title_then_a_word_in_lower_case"),
    ],
)
def test_a_name_runs_over_capitalised_words_and_particles_before_a_name(words, size):
    assert name_run(words) == size


@pytest.mark.parametrize(
    ("ending", "kind", "reasons"),
    [
        pytest.param(".", FIRM, (), id="a_full_stop"),
        pytest.param(":", DOUBT, (A_HEADING,), id="a_colon_heads_what_follows"),
    ],
)
def test_a_turn_ending_in_a_colon_heads_what_follows(ending, kind, reasons):
    text = TURNS.format(ending)

    found = verdict(text, f"I have never worked on baby formula{ending}", transcript=True)

    assert (found.kind, found.reasons) == (kind, reasons)


@pytest.mark.parametrize(
    ("text", "reasons"),
    [
        pytest.param(
            f"Dario sells toys. {DENIAL} That changed in 2015.",
            (POINTED_BACK_AT,),
            id="the_sentence_after_takes_it_back",
        ),
        pytest.param(f"That changed. {DENIAL}", (), id="the_sentence_before_takes_nothing_back"),
        pytest.param(f"Dario sells toys. {DENIAL} He sells toys.", (), id="the_next_goes_on"),
    ],
)
def test_only_the_next_sentence_takes_a_denial_back(text, reasons):
    found = verdict(text, DENIAL)

    assert found.reasons == reasons


def test_a_quote_standing_twice_judged_differently_stays_under_its_condition():
    found = verdict(f"{DENIAL} Ana: {DENIAL}", DENIAL, facet="product")

    assert found.kind == DOUBT and found.why == OCCURS_MORE_THAN_ONCE
    assert found.facet == "product"


@pytest.mark.parametrize(
    ("first", "second", "same"),
    [
        pytest.param(("baby", "formula"), ("baby", "formulas"), True, id="the_plural_second"),
        pytest.param(("baby", "formulas"), ("baby", "formula"), True, id="the_plural_first"),
        pytest.param(("box",), ("boxes",), True, id="an_es_plural"),
        pytest.param(("baby", "formula"), ("baby", "formulae"), False, id="another_ending"),
        pytest.param(("baby", "formula"), ("infant", "formula"), False, id="another_first_word"),
    ],
)
def test_a_condition_is_the_same_with_its_last_word_plural(first, second, same):
    assert same_phrase(first, second) is same


@pytest.mark.parametrize(
    ("text", "sentences"),
    [
        pytest.param(
            f"Dario sold it in the USA. {DENIAL}",
            ["Dario sold it in the USA.", DENIAL],
            id="an_acronym_ends_a_sentence",
        ),
        pytest.param(
            f"Dario sold it in plan b. {DENIAL}",
            ["Dario sold it in plan b.", DENIAL],
            id="a_letter_in_lower_case_ends_a_sentence",
        ),
        pytest.param(
            "D. Benavente has never worked on baby formula.",
            ["D. Benavente has never worked on baby formula."],
            id="an_initial_ends_none",
        ),
    ],
)
def test_the_plain_splitter_ends_a_sentence_at_a_dot_of_no_initial(text, sentences):
    assert [text[start:end] for start, end in sentence_spans(text)] == sentences
