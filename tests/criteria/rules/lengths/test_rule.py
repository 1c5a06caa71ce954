"""The length rule's verdicts beside the neighbours that read otherwise: whose name leads the
sentence, whose organisation its count is at, and what the turn behind it says
(criteria/rules/lengths/rule.py)."""

from __future__ import annotations

import pytest

from criteria.rules.lengths.rule import (
    NAME_NOT_PROVED,
    NOT_RUNNING_TEXT,
    SUBJECT_NOT_PROVED,
    length_verdict,
)
from tests.criteria.rules.lengths.length_contexts import context, judge

FORM = "has done this work for more than 20 years."


@pytest.mark.parametrize(
    ("name", "why"),
    [
        # somebody else's full name that shares no word of hers proves nobody she is
        pytest.param("Greta Holm", SUBJECT_NOT_PROVED, id="another_person"),
        # one that shares her given name is a name that does not prove her
        pytest.param("Anneke Brandt", NAME_NOT_PROVED, id="a_namesake"),
    ],
)
def test_another_person_s_full_name_is_not_handed_on_and_says_which_it_is(name, why):
    verdict = judge(f"{name} {FORM}", other_names=(name,))
    assert (verdict.granted, verdict.handed_on, verdict.why) == (False, False, (why,))


@pytest.mark.parametrize(
    ("sentence", "handed_on"),
    [
        # the organisation stands inside the count's own words ("Years at X: 22")
        pytest.param("Years at Qvistmark: 22.", False, id="another_employer_inside_the_count"),
        pytest.param("Years at Halden Foods AS: 22.", True, id="her_own_employer"),
    ],
)
def test_a_count_at_another_organisation_is_not_handed_on(sentence, handed_on):
    verdict = judge(sentence)
    assert (verdict.granted, verdict.years, verdict.handed_on) == (False, 22.0, handed_on)


TURNS = (
    "Interviewer: Tell me about your work at Halden Foods AS.\n"
    "Anneke Voss: I lead marketing for baby formula at Halden Foods AS.\n"
    "Anneke Voss: I have done this work for more than 20 years.\n"
)


@pytest.mark.parametrize(
    ("reply", "granted", "why"),
    [
        # the next turn, its label aside, takes the length back: no plain running text
        pytest.param("Interviewer: Not true.", False, (NOT_RUNNING_TEXT,), id="taken_back"),
        pytest.param("Interviewer: Thank you.", True, (), id="a_reply_that_takes_nothing_back"),
    ],
)
def test_a_turn_behind_the_length_is_read_without_its_label(reply, granted, why):
    built = context(TURNS + reply + "\n", anchors=(1,))
    verdict = length_verdict(2, built)
    assert (verdict.granted, verdict.why) == (granted, why)
