"""Every code a reply carries goes through one closed table to a plain sentence; a code the
table does not hold is said with a general sentence, never printed."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from criteria.lists.four import NO_DOCUMENTS, NOT_STATED, STATED_NOT_VERIFIED, UNREAD
from limma.door.errors import ModelCallFailed, ModelReplyInvalid, ModelUnavailable, SpendSwitchOff
from qa_view.agent.loop import MAX_TURNS
from qa_view.answer.codes import GENERAL, PRODUCT_CODES, failure_code, known, sentence_for
from qa_view.answer.draw import NICHE_FAILED, SAID_AS_IS
from qa_view.page.ceilings import DAY_CEILING, VISITOR_CEILING
from search.constraints import UNBOUND_REASONS

DOCS = Path(__file__).resolve().parents[2] / "docs"


def niche_statuses() -> list[str]:
    """A niche read's statuses and their reasons, read from the closed list docs/concepts.md
    prints: the statuses in bold, the reasons in backticks (field names aside)."""
    text = (DOCS / "concepts.md").read_text()
    section = text.split("### Statuses\n", 1)[1].split("\n###", 1)[0]
    statuses = re.findall(r"\*\*([a-z_]+)\*\*", section)
    reasons = re.findall(r"`([a-z_]+)`", section)
    return sorted({*statuses, *reasons} - {"status", "status_reason"})


# The codes the product's replies carry, read from the modules that write them where they name
# them; the rest as the product writes them.
USED = [
    # incomplete_because, by relation of the default pack and the niche
    "not_recorded:based_in", "withheld:based_in", "cannot_be_placed:based_in",
    "not_recorded:held_role", "not_recorded:criterion", "not_run:criterion",
    *(f"not_bound:{reason}" for reason in UNBOUND_REASONS),  # read from the search itself
    "dropped", "not_compiled",
    "criterion_silent", "criterion_conflict", "criterion_not_read", "criterion_not_run",
    "criterion_partially_decomposed",
    # a niche's status and status_reason
    *niche_statuses(),
    # close.because and a person's unread documents
    NOT_STATED, STATED_NOT_VERIFIED, NO_DOCUMENTS, UNREAD, "being_read", "not_read",
    "read_by_another_reader", "failed",
    # failures
    ModelUnavailable.type, SpendSwitchOff.type, ModelReplyInvalid.type, VISITOR_CEILING,
    DAY_CEILING, *SAID_AS_IS, NICHE_FAILED, MAX_TURNS, "search_failed",
]  # fmt: skip


def test_the_niche_statuses_are_read_from_the_docs():
    assert {"complete", "partial", "over_budget_during_read", "provider_refused"} <= set(
        niche_statuses()
    )


@pytest.mark.parametrize("code", USED)
def test_every_code_the_product_uses_has_its_own_sentence(code):
    said = sentence_for(code, 3)

    assert known(code)
    assert said != GENERAL and said[0].isupper() and said.endswith(".")
    assert code not in said and "_" not in said


@pytest.mark.parametrize("code", PRODUCT_CODES)
def test_every_code_in_the_table_is_a_plain_sentence_with_or_without_a_count(code):
    for count in (None, 1, 6):
        said = sentence_for(code, count)
        assert "{" not in said and "_" not in said and said.endswith(".")


def test_a_count_is_said_in_the_sentence():
    assert sentence_for("criterion_silent", 6) == (
        "The documents of 6 people do not say enough to tell."
    )
    assert sentence_for("criterion_silent", 1) == (
        "The documents of 1 person do not say enough to tell."
    )
    assert sentence_for("not_recorded:based_in", 2) == (
        "For 2 people, the directory records nothing about their location."
    )


def test_a_viewer_keys_refusal_is_the_specs_sentence():
    assert sentence_for("criteria_read_needs_write") == (
        "No profile has been read for this question, and this demo answers only from profiles "
        "already read."
    )


def test_a_niches_coverage_entry_is_said_without_its_address():
    said = sentence_for("criterion_silent:crit_0123456789abcdef", 2)

    assert said == "The documents of 2 people do not say enough to tell."


@pytest.mark.parametrize("code", ["brand_new_code", "not_a_family:x", "", "criterion_xyz"])
def test_an_unknown_code_gets_the_general_sentence_never_the_code(code):
    assert not known(code)
    assert sentence_for(code) == GENERAL
    assert code not in sentence_for(code, 4) or not code
    assert sentence_for(code, 4) == "For 4 people, the answer could not be settled either way."


def test_an_unknown_relation_is_said_as_a_condition():
    assert sentence_for("withheld:salary_band", 1) == (
        "For 1 person, the directory withholds one of the conditions."
    )


@pytest.mark.parametrize(
    ("error", "code"),
    [
        (ModelUnavailable(role="agent", provider="scripted"), "model_unavailable"),
        (SpendSwitchOff(role="agent"), "spend_switch_off"),
        (ModelCallFailed(role="agent", cause="server_error"), "model_unavailable"),
        (ModelCallFailed(role="agent", cause="timeout"), "model_unavailable"),
        (ModelReplyInvalid(role="agent", faults=["content:missing"]), "model_reply_invalid"),
        (RuntimeError("a bug"), "agent_failed"),
    ],
)
def test_a_run_failure_has_a_code_of_the_table(error, code):
    assert failure_code(error) == code
    assert known(code)
