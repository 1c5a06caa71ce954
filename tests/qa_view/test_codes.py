"""Every code a reply carries goes through one closed table to a plain sentence; a code the
table does not hold is said with a general sentence, never printed."""

from __future__ import annotations

from pathlib import Path

import pytest

from criteria.lists.block import CRITERION_PREFIX, NARROWED_BY
from criteria.lists.four import NO_DOCUMENTS, NOT_STATED, STATED_NOT_VERIFIED, UNREAD
from criteria.lists.gather import UNREAD_CAUSES
from criteria.service import READ_NEEDS_WRITE_TYPE
from criteria.status import NOT_RUN, STATUS_REASONS, STATUSES
from limma.door.errors import ModelCallFailed, ModelReplyInvalid, ModelUnavailable, SpendSwitchOff
from limma.errors import InvalidRequest
from limma.pack import DEFAULT_PACK
from qa_view.agent.loop import MAX_TURNS
from qa_view.answer.codes import (
    AGENT_FAILED,
    GENERAL,
    PRODUCT_CODES,
    SEARCH_FAILED,
    failure_code,
    known,
    sentence_for,
)
from qa_view.answer.draw import NICHE_FAILED
from qa_view.page.ceilings import DAY_CEILING, VISITOR_CEILING
from search.brief import COMPILE_UNAVAILABLE_TYPE
from search.constraints import UNBOUND_REASONS
from search.partition import REASON_VERDICTS, reason_code
from search.service import DROPPED, NOT_BOUND, NOT_COMPILED, TOO_MANY_CRITERIA_TYPE

DOCS = Path(__file__).resolve().parents[2] / "docs"

# The codes the product's replies carry, each read from the module that writes it; the
# relations are the default pack's, as a new workspace holds them.
USED = [
    # incomplete_because: a relation's verdict, by relation, and the niche's own
    *(reason_code(verdict, relation) for verdict in REASON_VERDICTS
      for relation in DEFAULT_PACK["relations"]),
    *(f"{NOT_BOUND}:{reason}" for reason in UNBOUND_REASONS),
    DROPPED, NOT_COMPILED,
    *NARROWED_BY, f"{CRITERION_PREFIX}{NOT_RUN}",
    # a niche's status and status_reason
    *STATUSES, *STATUS_REASONS,
    # close.because and a person's unread documents
    NOT_STATED, STATED_NOT_VERIFIED, NO_DOCUMENTS, UNREAD, *UNREAD_CAUSES,
    # failures
    ModelUnavailable.type, SpendSwitchOff.type, ModelReplyInvalid.type, VISITOR_CEILING,
    DAY_CEILING, READ_NEEDS_WRITE_TYPE, TOO_MANY_CRITERIA_TYPE, COMPILE_UNAVAILABLE_TYPE,
    InvalidRequest.type, NICHE_FAILED, MAX_TURNS, SEARCH_FAILED, AGENT_FAILED,
]  # fmt: skip


def test_the_concepts_page_names_every_status_and_reason():
    text = (DOCS / "concepts.md").read_text()
    section = text.split("### Statuses\n", 1)[1].split("\n###", 1)[0]

    for code in STATUSES:
        assert f"**{code}**" in section
    for code in STATUS_REASONS:
        assert f"`{code}`" in section


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
    assert sentence_for(READ_NEEDS_WRITE_TYPE) == (
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
        (ModelUnavailable(role="agent", provider="scripted"), ModelUnavailable.type),
        (SpendSwitchOff(role="agent"), SpendSwitchOff.type),
        (ModelCallFailed(role="agent", cause="server_error"), ModelUnavailable.type),
        (ModelCallFailed(role="agent", cause="timeout"), ModelUnavailable.type),
        (ModelReplyInvalid(role="agent", faults=["content:missing"]), ModelReplyInvalid.type),
        (RuntimeError("a bug"), AGENT_FAILED),
    ],
)
def test_a_run_failure_has_a_code_of_the_table(error, code):
    assert failure_code(error) == code
    assert known(code)
