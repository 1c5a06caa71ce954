"""Who the person of a document is where no load recorded a name: the reply's subject, only
where it is a name the document writes (docs/concepts.md#the-person-of-a-document)."""

from __future__ import annotations

import pytest

from criteria.reading.read import judge_document
from criteria.reading.subjects import is_a_name, person_of
from tests.criteria.niche import FACETS
from tests.criteria.reading.scripted import VOCABULARY, Script, only, reply

TEXT = (
    "Ingrid van der Valen led marketing for baby formula. Ingrid has done this work for 21 years."
)


@pytest.mark.parametrize(
    "subject",
    [
        "Ingrid Valen",
        "Ingrid van der Valen",
        "Anne-Marie Ødegård",
        "J. Smith",
        "Ida",
        "Ingrid O'Neil",
    ],
)
def test_a_few_capitalised_words_and_particles_are_a_name(subject):
    assert is_a_name(subject)


@pytest.mark.parametrize(
    "subject",
    [
        "",
        "Ingrid Valen led marketing for baby formula.",  # a whole sentence
        "Profile: Ingrid Valen",  # a label
        "Expert 42",  # a digit
        "ingrid valen",  # not capitalised
        "Ingrid and Greta",  # a lower-case word no particle
        "CURRICULUM VITAE OF THE CANDIDATE NOW",  # too many words: a header line
        "Ingrid Valen, Oslo",  # punctuation
        "Senior Marketing Director",  # words the reply states for a condition
    ],
)
def test_what_is_no_name(subject):
    assert not is_a_name(subject, stated=["marketing", "baby formula"])


def test_the_recorded_name_serves_every_document():
    assert person_of("Ingrid Valen", "Somebody Else", text=TEXT, stated=[]) == "Ingrid Valen"


def test_the_subject_serves_where_nothing_was_recorded_and_the_document_writes_it():
    assert person_of("", "Ingrid van der Valen", text=TEXT, stated=[]) == "Ingrid van der Valen"
    assert person_of(None, "Greta Holm", text=TEXT, stated=[]) is None  # not the document's words
    assert person_of(None, "Ingrid led marketing.", text=TEXT, stated=[]) is None
    assert person_of(None, None, text=TEXT, stated=[]) is None


def test_a_length_a_name_leads_is_granted_only_where_the_person_has_a_name():
    text = "Ingrid Valen led marketing across Norway.\nIngrid has done this work for 21 years.\n"
    sentences = text.strip().split("\n")
    conditions = {
        "function": ("led marketing", "marketing"),
        "duration": ("for 21 years", "21 years"),
    }
    named, unnamed = (
        only(
            judge_document(
                source_id="doc-1",
                text=text,
                facets=FACETS,
                reply=reply([(conditions, sentences)], subject=subject),
                vocabulary=VOCABULARY,
                person=None,
                asks=Script().asks(),
            )
        )
        for subject in ("Ingrid Valen", "PROFILE: Ingrid Valen")
    )
    assert "duration" in named.established
    assert "duration" not in unnamed.established
    (item,) = unnamed.lengths_not_proved
    assert "subject_not_named" in item["why"]
