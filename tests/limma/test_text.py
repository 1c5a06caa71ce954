"""One source for every closed word list: two modules never define a list of the same name.

A rule that says "a pronoun proves nobody" means one list of pronouns (limma/text.py). A module
re-exporting a list holds the same object; a list of the same name with other words is the
fault this test names, module by module.
"""

from __future__ import annotations

import importlib
import pkgutil
from collections import defaultdict

import pytest

import criteria
from limma import text
from limma.text import (
    ARTICLES,
    DETERMINERS,
    MONTH_NUMBERS,
    MONTH_STARTS,
    MONTHS,
    PRONOUNS,
    TITLES,
    closed,
    fold,
)

# Lists of the same name that still differ, each with a different meaning in each module; a
# new list of a taken name fails the test.
STILL_APART = frozenset(
    {
        "AUXILIARIES",  # denial: verbs that open a question; name: verbs and adverbs before one
        "CONNECTORS",
        "FRAMING",
        "NEGATORS",
        "NUMBER_WORDS",  # counts to values (lengths, offline) vs a closed list (name rule)
        "ORGANISATION_WORDS",
        "PARTICLES",  # name particles (van, von) vs the prepositions a facet ends with
        "PLACE_LEADS",
        "ROLE_WORDS",
        "VERBS_OF_DOING",
    }
)


def _is_word_list(value: object) -> bool:
    if isinstance(value, frozenset | set | tuple | list | dict) and value:
        return all(isinstance(item, str) for item in value)
    return False


def _modules():
    yield text
    for found in pkgutil.walk_packages(criteria.__path__, "criteria."):
        if ".migrations" not in found.name:
            yield importlib.import_module(found.name)


def _defined_lists() -> dict[str, dict[int, list[str]]]:
    """Per upper-case name, each distinct list object bound to it and the modules holding it."""
    found: dict[str, dict[int, list[str]]] = defaultdict(dict)
    for module in _modules():
        for name, value in vars(module).items():
            if name.lstrip("_").isupper() and (_is_word_list(value) or name == "DATE"):
                found[name].setdefault(id(value), []).append(module.__name__)
    return found


def test_no_two_modules_define_a_list_of_the_same_name():
    clashes = {
        name: sorted(modules[0] for modules in objects.values())
        for name, objects in _defined_lists().items()
        if len(objects) > 1 and name not in STILL_APART
    }
    assert clashes == {}


def test_the_lists_still_apart_do_differ():
    """A name on STILL_APART that has become one list comes off it."""
    lists = _defined_lists()
    assert {name for name in STILL_APART if len(lists.get(name, {})) > 1} == STILL_APART


@pytest.mark.parametrize(
    ("module", "names"),
    [
        ("criteria.rules.denials.names", ("PRONOUNS", "POSSESSIVES", "DETERMINERS", "TITLES")),
        ("criteria.rules.lengths.lead", ("TITLES", "PERSON_PRONOUNS")),
        ("criteria.rules.lengths.count", ("DATE", "MONTH_STARTS")),
        ("criteria.rules.names.lists", ("ARTICLES", "PERSONAL_POSSESSIVES", "SUBJECT_PRONOUNS")),
        ("criteria.rules.names.named", ("SUBJECT_PRONOUNS",)),
        ("criteria.offline.roles", ("SHE_OR_HE",)),
        ("criteria.rules.names.behind", ("MONTHS",)),
    ],
)
def test_each_rule_reads_the_one_list(module, names):
    loaded = importlib.import_module(module)
    assert [getattr(loaded, name) is getattr(text, name) for name in names] == [True] * len(names)


@pytest.mark.parametrize(
    ("written", "folded"),
    [
        ("Mette Nørgaard", "mette norgaard"),
        ("Søren  Ødegård", "soren odegard"),
        ("Zoë Æbelø", "zoe aebelo"),
        ("Weiß", "weiss"),
        ("Łukasz", "lukasz"),
        ("ANNEKE VOSS", "anneke voss"),
        ("anneke voss", "anneke voss"),  # already folded: unchanged
        ("O\u2019Brien", "o'brien"),
    ],
)
def test_one_folding_case_accents_letters_and_spacing(written, folded):
    assert fold(written) == folded


def test_the_folding_keeps_different_names_apart():
    assert fold("Nørgaard") != fold("Nergaard")
    assert fold("Anneke Voss") != fold("Anneke Vos")


def test_a_pronoun_proves_nobody_and_an_article_is_a_determiner():
    assert {"she", "he", "they", "someone", "nobody"} <= PRONOUNS
    assert not {"her", "the", "anneke"} & PRONOUNS  # a possessive, an article, a name
    assert ARTICLES < DETERMINERS


def test_months_and_titles():
    assert [MONTH_NUMBERS[name] for name in ("january", "jan", "sept", "may", "dec")] == [
        1,
        1,
        9,
        5,
        12,
    ]
    assert [MONTH_STARTS.index(name[:3]) + 1 for name in ("march", "october")] == [3, 10]
    assert set(MONTH_NUMBERS) == MONTHS
    assert {"dr", "prof", "frau"} <= TITLES
    assert "doctor" not in TITLES and "dr." not in TITLES  # compared folded, without the dot


def test_closed_splits_on_any_spacing():
    assert closed("a  b\n c") == frozenset({"a", "b", "c"})
