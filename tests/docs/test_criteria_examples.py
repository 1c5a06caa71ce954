"""The criteria examples' printed results, run: every example of PEOPLE, READ_EARLIER, ON_RECORD
and IN_DOUBT prints them (docs/examples/README.md).

Each module of docs/examples/ named below rebuilds the workspace its example runs on, makes its
calls against a scratch store with scripted stand-in replies, and prints; the text each must
print is written here whole. A module runs in a subprocess of its own, as
tests/docs/test_examples.py runs the others.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

PRINTED = {
    "criteria_sending_one": (
        "status: complete\n"
        "read from: 9 people, 10 documents | budget: {'max_reads': 100, 'max_usd': 0.5, "
        "'max_seconds': 40.0, 'retry_failed': False, 'max_read_seconds': 900.0}\n"
        "split by: model [('duration', 'duration', '20+ years'), ('function', 'condition', "
        "'marketing'), ('product', 'condition', 'baby formula'), ('market', 'condition', 'in "
        "European markets')]\n"
        "counts: {'matched': 1, 'none': 1, 'undetermined': 6, 'not_recorded': 1}\n"
        "matched: ['greta_ostrander'] | rows delivered: {'declared': 1, 'extracted': 1}\n"
    ),
    "criteria_four_lists": (
        "greta_ostrander\n"
        "    function: 'led marketing for baby formula' | checked by vocabulary+second_call\n"
        "    product: 'baby formula' | checked by second_call\n"
        "    market: 'across Germany and Poland' | checked by vocabulary+second_call\n"
        "    duration: 'for more than 20 years' | checked by rule\n"
    ),
    "criteria_four_lists_others": (
        "NONE dario_benavente ['has never worked on baby formula']\n"
        "UNDETERMINED cornelia_vantongeren - conflict | has: ['function', 'product', "
        "'market'] | missing: ['duration']\n"
        "    because: {'duration': 'length_not_proved'} | states instead: []\n"
        "UNDETERMINED margaux_delacroix - silent | has: ['function', 'product', 'market'] | "
        "missing: ['duration']\n"
        "    because: {'duration': 'length_not_proved'} | states instead: []\n"
        "UNDETERMINED friederike_hollerer - silent | has: ['function', 'product'] | missing: "
        "['duration', 'market']\n"
        "    because: {'duration': 'length_not_proved', 'market': 'quote_not_in_document'} | "
        "states instead: []\n"
        "UNDETERMINED kasper_vandenberg - silent | has: ['product', 'market'] | missing: "
        "['duration', 'function']\n"
        "    because: {'duration': 'length_not_proved', 'function': "
        "'quote_outside_experience'} | states instead: []\n"
        "UNDETERMINED nikolai_wierzbicki - silent | has: ['function', 'product'] | missing: "
        "['duration', 'market']\n"
        "    because: {'duration': 'length_not_proved', 'market': 'different'} | states "
        "instead: ['across Southeast Asia']\n"
        "UNDETERMINED silvio_calderoni - silent | has: [] | missing: ['duration', "
        "'function', 'product', 'market']\n"
        "    because: {'duration': 'duration_unknown', 'function': 'different', 'product': "
        "'silent', 'market': 'silent'} | states instead: ['is a structural engineer']\n"
        "NOT RECORDED xenia_bergstrom - no_documents\n"
    ),
    "criteria_checking_a_quote": ("'led marketing for baby formula' | the same bytes: True\n"),
    "criteria_cost": (
        "over_budget - max_usd | needed: 10 | read by this call: 0 | matched so far: 0\n"
        "estimate: priced | costs something: True | a role constraint would narrow it: True\n"
        "calls at most: 10 reads + 10 second calls + 10 typing calls\n"
        "complete | needed: 3 | matched: ['greta_ostrander']\n"
    ),
    "criteria_split_yourself": (
        "split by: caller | typed: [('function', 'Marketing'), ('product', None), ('market', "
        "'Europe')]\n"
        "two conditions in one facet: [(False, 'term_is_not_the_head')]\n"
        "a word no facet took: ['marketing']\n"
    ),
    "criteria_model_split": (
        "accepted | [{'action': 'carried', 'key': 'function', 'words': 'Experts who led'}, "
        "{'action': 'lead_in', 'key': 'market', 'core': 'European markets', 'words': 'in'}]\n"
        "duration: '20+ years' | core: None | carried: None\n"
        "function: 'marketing' | core: None | carried: ['Experts who led']\n"
        "product: 'baby formula' | core: None | carried: None\n"
        "market: 'in European markets' | core: European markets | carried: None\n"
        "unchecked words: [] | matched: 1\n"
        "model calls: 12 = 1 split + 10 reads + 1 second calls + 0 typing calls\n"
    ),
    "criteria_model_split_incomplete": (
        "not_run - decomposition_incomplete | documents read: 0\n"
        "left out: [{'words': 'through pharmacies', 'why': 'no_facet_states_it'}]\n"
        "suggested: [('condition', 'through pharmacies')]\n"
        "complete | split by: caller | ['20+ years', 'marketing', 'baby formula', 'in "
        "European markets', 'through pharmacies']\n"
        "counts: {'matched': 0, 'none': 1, 'undetermined': 7, 'not_recorded': 1}\n"
    ),
    "criteria_model_split_nothing_suggested": (
        "decomposition_incomplete | [{'words': 'not in Asia', 'why': "
        "'negates_or_bounds_a_condition', 'nothing_suggested': True}] | suggested: []\n"
    ),
    "criteria_asking_again": (
        "again: complete | needed: 10 | reused: 10 | model calls: 0\n"
        "other case and spacing: the same criterion: True\n"
        "a final full stop: not_run - reuse_only_criterion_unknown\n"
    ),
    "criteria_read_earlier": (
        "reuse only: over_budget | stored, not served: {'read_by_another_reader': 2}\n"
        "    {'matched': 0, 'none': 0, 'undetermined': 0, 'not_recorded': 2} | "
        "[('borghild_aasen', 'unread', ['read_by_another_reader']), ('eldrid_nesheim', "
        "'unread', ['read_by_another_reader'])]\n"
        "with a budget: complete | read again: 2 | reused: 0 | {'matched': 1, 'none': 0, "
        "'undetermined': 1, 'not_recorded': 0}\n"
        "    [('borghild_aasen', {'duration': 'length_not_proved'})]\n"
        "and again: read: 0 | reused: 2 | stored, not served: {}\n"
    ),
    "criteria_resume_loop": (
        "complete after 1 call | {'matched': 1, 'none': 1, 'undetermined': 6, 'not_recorded': 1}\n"
    ),
    "criteria_bounding": (
        "listed: {'matched': 1, 'none': 0, 'undetermined': 0, 'not_recorded': 0}\n"
        "counted: {'matched': 1, 'none': 1, 'undetermined': 6, 'not_recorded': 1}\n"
        "one condition short: 1 | conflict: 1\n"
        "open for how many: {'duration': 5, 'function': 2, 'market': 3, 'product': 1}\n"
        "and why: {'duration': {'duration_unknown': 1, 'length_not_proved': 4}, 'function': "
        "{'different': 1, 'quote_outside_experience': 1}, 'market': {'different': 1, "
        "'quote_not_in_document': 1, 'silent': 1}, 'product': {'silent': 1}}\n"
        "people handed a length to judge: 5\n"
        "not recorded: {'no_documents': 1, 'unread_causes': {}}\n"
    ),
    "criteria_lengths_handed_on": (
        "kasper_vandenberg | short of: length_not_proved\n"
        "    ['not_in_the_closed_form'] | at_least 20.0 | doubt\n"
        "    'Kasper Vandenberg sold baby formula for Brightwell Nutrition across Belgium "
        "and France for more than 20 years.'\n"
        "cornelia_vantongeren | short of: length_not_proved\n"
        "    ['behind_a_pronoun'] | at_least 20.0 | doubt\n"
        "    'She has done this work for more than 20 years.'\n"
        "margaux_delacroix | short of: length_not_proved\n"
        "    ['not_in_the_closed_form'] | period 22.25 | doubt\n"
        "    '[00:00:12] Margaux: I have led marketing for baby formula at Verdane Nutrition "
        "across France and Belgium since 2001.'\n"
    ),
    "criteria_refusals": (
        "(422, 'too_many_criteria')\n"
        "(422, 'criterion_unknown')\n"
        "(422, 'criteria_budget_invalid')\n"
        "(422, 'criterion_facets_invalid', ['duration:min_years_is_no_minimum'])\n"
        "(422, 'criterion_facets_invalid', ['duration:min_years_not_in_years'])\n"
    ),
    "criteria_stated_instead": (
        "matched: []\n"
        "product | 2 distinct | [('infant milks', 2), ('packaging for infant milks', 1)]\n"
    ),
    "criteria_accepting_a_name": (
        "ottoline_brandvold | 'her portfolio centred on infant milks' | the name: infant "
        "milks | checked by accepted_name+second_call\n"
        "ragnhild_storvik | 'launched infant milks in Poland' | the name: None | checked by "
        "second_call\n"
        "still offered: [('packaging for infant milks', 1)]\n"
        "not matched by the name: [('benedikte_ravn', {'product': 'different'})]\n"
    ),
    "criteria_names_refused": (
        "(422, ['market:also_name_outside_the_value'])\n"
        "(422, ['product:also_name_negates'])\n"
        "(422, ['product:also_name_is_another_condition'])\n"
    ),
    "criteria_denial_in_doubt": (
        "ingrid_valen - conflict | matched: []\n"
        "    function: 'led marketing for baby formula' | supports\n"
        "    product: 'baby formula' | supports\n"
        "    market: 'across Norway and Sweden' | supports\n"
        "    duration: 'for more than 20 years' | supports\n"
        "    product: 'She has never worked on baby formula herself.' | doubt\n"
        "denials: [('product', 'She has never worked on baby formula herself.')]\n"
    ),
    "criteria_denial_reported": (
        "hallgerd_skarstein - conflict\n"
        "    'baby formula' | supports\n"
        "    'Greta Holm confirmed that Hallgerd has never worked on baby formula.' | doubt\n"
    ),
    "criteria_denial_of_a_name": (
        "oddrun_aarvik - conflict | matched: []\n"
        "    'sold infant milks' | the name: infant milks | checked by "
        "accepted_name+second_call | denies: False\n"
        "    'Oddrun has never worked on infant milks.' | the name: None | checked by None | "
        "denies: True\n"
    ),
    "criteria_lengths_failing_checks": (
        "gunnhild_rosvoll | holds: ['function', 'product', 'market'] | short of: "
        "{'duration': 'length_not_proved'}\n"
        "    ['name_not_proved'] | at_least 20.0 | 'Rosvoll has done this work for more than "
        "20 years.'\n"
        "aslaug_tveiten | holds: ['function', 'product', 'market'] | short of: {'duration': "
        "'length_not_proved'}\n"
        "    ['first_person_not_proved'] | exactly 22.0 | 'I held this role for 22 years.'\n"
        "matched: []\n"
    ),
    "criteria_lengths_not_handed_on": (
        "solveig_aaberg | holds: ['function', 'product', 'market'] | short of: {'duration': "
        "'duration_unknown'}\n"
        "    handed on: []\n"
        "torunn_holmen | holds: ['function', 'product', 'market'] | short of: {'duration': "
        "'length_not_proved'}\n"
        "    handed on: [(['behind_a_pronoun', 'pointer_not_proved'], 'She did this work for "
        "more than 20 years.')]\n"
    ),
    "criteria_record_withholds": (
        "currently | short of: {'recency': 'record_says_ended'} | closed by the record at: "
        "2015-05 | names the row: True\n"
        "currently, without the check | a match: True\n"
        "20+ years | short of: {'duration': 'length_not_proved'} | "
        "['not_in_the_closed_form'] | 13.42 years, counted to the record's end: 2015-05\n"
        "20+ years, without the check | 22.25 years | closed by the record: False\n"
    ),
    "criteria_length_from_record": (
        "status: complete | matched: []\n"
        "read for a length: {'consulted': False, 'why': 'switched_off'}\n"
        "read for an open period: {'consulted': True, 'why': None}\n"
        "one condition short: [('henriette_lindqvist', {'duration': 'duration_unknown'}), "
        "('leontine_aubrecht', {'duration': 'duration_unknown'}), ('marianne_solvik', "
        "{'duration': 'length_not_proved'}), ('solveig_aaberg', {'duration': "
        "'duration_unknown'}), ('torunn_holmen', {'duration': 'length_not_proved'})]\n"
        "without the check: None | ['henriette_lindqvist', 'leontine_aubrecht', "
        "'marianne_solvik', 'solveig_aaberg', 'torunn_holmen']\n"
    ),
}

# Differences that come only from the length rule not yet wired into the read. Today:
# criteria/rules/lengths/read.py length_in_experience builds its LengthContext with employer=None,
# so every organisation a handed-on sentence names is organisation_not_proved (lengths_form
# relation_to: no employer known is "unproved") — Kasper's own employer included.
MARKS: dict[str, pytest.MarkDecorator] = {}


def run(module: str) -> subprocess.CompletedProcess[str]:
    env = {key: value for key, value in os.environ.items() if key != "DATABASE_URL"}
    return subprocess.run(
        [sys.executable, "-m", f"docs.examples.{module}"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        check=False,
        timeout=300,
    )


@pytest.mark.parametrize(
    "module",
    [pytest.param(module, marks=MARKS.get(module, ()), id=module) for module in sorted(PRINTED)],
)
def test_the_example_prints_what_the_specification_prints(module):
    printed = run(module)

    assert printed.returncode == 0, printed.stderr
    assert printed.stdout == PRINTED[module]
