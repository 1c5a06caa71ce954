"""The name a length's sentence opens with (criteria/rules/lengths/lead.py): where the run of
capitalised words, particles and initials stops — a possessive, a digit, an aside's comma, a
lower-case word, a particle that no capitalised name follows — beside the neighbour that goes on.
"""

from __future__ import annotations

import pytest

from criteria.rules.lengths.lead import Lead, lead_of

TAIL = " has done this work for more than 20 years."


@pytest.mark.parametrize(
    ("opening", "lead"),
    [
        pytest.param("Anneke Voss", Lead("name", "Anneke Voss", 0), id="a_full_name"),
        pytest.param("Anneke Voss's team", Lead("name", "Anneke", 0), id="stops_at_a_possessive"),
        pytest.param("Anneke Voss 2nd", Lead("name", "Anneke Voss", 0), id="stops_at_a_digit"),
        pytest.param(
            "Anneke, Head of Marketing,", Lead("name", "Anneke", 0), id="stops_at_an_aside"
        ),
        pytest.param("Anneke .NET", Lead("name", "Anneke", 0), id="stops_at_a_dot_before"),
        pytest.param("Marie LEROUX", Lead("name", "Marie LEROUX", 0), id="capitals_ending_in_x"),
        pytest.param(
            "Marie LEROUX Dubois", Lead("name", "Marie LEROUX Dubois", 0), id="capitals_then_more"
        ),
        pytest.param("Malcolm X", Lead("name", "Malcolm X", 0), id="a_one_letter_word"),
        pytest.param("marketing", Lead("nobody", "marketing", 0), id="lower_case_is_nobody"),
        pytest.param("Anneke van Voss", Lead("name", "Anneke van Voss", 0), id="a_particle"),
        pytest.param(
            "Greta van der Holm", Lead("name", "Greta van der Holm", 0), id="two_particles"
        ),
        pytest.param("Ana de la Cruz", Lead("name", "Ana de la Cruz", 0), id="de_la"),
        pytest.param("Anneke van den berg", Lead("name", "Anneke", 0), id="particles_then_lower"),
        pytest.param("Since 2001, Anneke Voss", Lead("name", "Anneke Voss", 12), id="past_intro"),
    ],
)
def test_the_name_a_sentence_opens_with(opening, lead):
    assert lead_of(opening + TAIL) == lead


@pytest.mark.parametrize(
    ("body", "lead"),
    [
        pytest.param("Anneke van", Lead("name", "Anneke", 0), id="a_particle_last"),
        pytest.param("Anneke van der", Lead("name", "Anneke", 0), id="particles_last"),
        pytest.param("Anneke van Voss.", Lead("name", "Anneke van Voss.", 0), id="a_name_last"),
    ],
)
def test_a_particle_at_the_end_of_the_words_is_no_name(body, lead):
    assert lead_of(body) == lead
