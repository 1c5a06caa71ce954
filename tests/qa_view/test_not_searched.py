"""Never a list without its niche (issue 11, point 2): where a brief's niche was not read, or the
search says a part of the question was dropped, not compiled or not bound, nobody is listed
under the question; one sentence quotes the visitor's own words and says what they can do; who
the other conditions alone leave may follow, under a heading that says exactly that."""

from __future__ import annotations

import json
from typing import Any

import pytest

from limma import door
from limma.door.providers import ProviderReply
from qa_view.answer.codes import NO_PROFILE_READ, sentence_for
from qa_view.answer.draw import answer_from
from qa_view.page.visitors import visitor_create
from tests.qa_view.conftest import htmx
from tests.qa_view.helpers import FakeAgent, niche, person, reply, search_call

FRANCE = [{"relation": "based_in", "slot": "place", "op": "eq", "value": "France"}]
MANY = {"total": 109, "showing": [1, 2], "next_offset": 2}
TWO = [person("a" * 24, "Camille Rousseau", "France"), person("b" * 24, "Luc Marchand", "France")]


def sent(found: dict[str, Any], **words: Any) -> list[dict[str, Any]]:
    data = {"constraints": FRANCE, "reply": found, **words}
    return [
        {"kind": "reply", "data": data},
        {"kind": "done", "data": {"answer": "", "stop": "end_turn"}},
    ]


@pytest.mark.parametrize(
    "reasons",
    [
        {"dropped": 3},
        {"not_compiled": 1},
        {"not_bound:value_not_in_vocabulary": 1},
        {"not_bound:relation_unknown": 2, "not_recorded:based_in": 4},
        {"dropped": 1, "criterion_silent": 2},
    ],
)
def test_a_part_not_searched_lists_nobody_as_fitting(reasons):
    found = reply(matched=MANY, matches=TWO, complete=False, incomplete_because=reasons)
    answer = answer_from(sent(found, unsearched=["pricing of"]))
    assert answer.kind == "not_searched"
    assert answer.people == () and answer.close == ()
    assert answer.first_line == (
        "The directory could not search “pricing of”, so nobody is listed as fitting. "
        "Ask again with that part in other words, or without it."
    )
    assert "fit" not in answer.offered_heading.replace("fitting", "")
    assert answer.offered_heading == (
        "Not the answer: the 109 people the other conditions alone leave, "
        "not checked for “pricing of”"
    )
    assert [p.name for p in answer.offered] == ["Camille Rousseau", "Luc Marchand"]
    # Two of the 109 are drawn, and the page says so.
    assert answer.offered_showing == "Showing 2 of 109"


def test_an_offered_list_drawn_whole_says_no_showing():
    found = reply(matched={"total": 2}, matches=TWO, complete=False,
                  incomplete_because={"dropped": 1})  # fmt: skip
    answer = answer_from(sent(found, unsearched=["pricing of"]))
    assert len(answer.offered) == 2 and answer.offered_showing == ""


def test_every_unsearched_part_is_quoted_in_the_visitors_words():
    found = reply(matches=TWO, complete=False, incomplete_because={"dropped": 3})
    said = answer_from(sent(found, unsearched=["pricing of", "infant  formula", "<b>"])).first_line
    assert said.startswith(
        "The directory could not search “pricing of”, “infant formula” and “<b>”,"
    )


def test_without_the_words_the_sentence_still_says_a_part_was_not_searched():
    found = reply(complete=False, incomplete_because={"dropped": 2})
    answer = answer_from(sent(found))
    assert answer.first_line.startswith("The directory could not search part of the question,")
    assert answer.people == ()


@pytest.mark.parametrize(
    "reasons",
    [{}, {"not_recorded:based_in": 3}, {"criterion_silent": 2}, {"withheld:based_in": 1}],
)
def test_near_neighbours_that_searched_every_part_are_still_a_list(reasons):
    found = niche(complete=not reasons, incomplete_because=reasons)
    answer = answer_from(sent(found))
    assert answer.kind == "list" and [p.name for p in answer.people] == ["Greta Ostrander"]
    assert answer.offered == ()


# The verb may send the block's counts of an unread niche (every candidate not recorded).
UNREAD_COUNTS = {"matched": 0, "none": 0, "undetermined": 0, "not_recorded": 109}


@pytest.mark.parametrize("counts", [None, UNREAD_COUNTS])
@pytest.mark.parametrize(("status", "reason"), [("over_budget", "max_reads"), ("not_run", None)])
def test_a_niche_not_read_lists_nobody_and_names_the_niche(status, reason, counts):
    criterion = {"address": "crit_0123456789abcdef", "status": status, "counts": counts}
    criterion["status_reason"] = reason
    found = niche(criterion=criterion, matched={"total": 0}, matches=[])
    answer = answer_from(sent(found, niche_words="pricing of infant formula"))
    assert answer.kind == "no_niche" and answer.people == () and answer.offered == ()
    assert answer.first_line.startswith(
        "No profile was read for “pricing of infant formula”, so nobody is listed."
    )


def test_the_constraints_people_are_offered_under_a_heading_never_as_fit():
    plain = reply(matched=MANY, matches=TWO, complete=True)
    criterion = {"address": "crit_0123456789abcdef", "status": "over_budget", "counts": None}
    unread = niche(criterion=criterion, matched={"total": 0}, matches=[])
    events = [
        {"kind": "reply", "data": {"constraints": FRANCE, "reply": plain}},
        {"kind": "reply", "data": {"constraints": FRANCE, "reply": unread, "niche_words": "x y"}},
        {"kind": "done", "data": {"answer": "109 people fit.", "stop": "end_turn"}},
    ]
    answer = answer_from(events)
    assert answer.kind == "no_niche" and answer.people == ()
    assert answer.offered_heading.startswith("Not the answer: the 109 people")
    assert len(answer.offered) == 2


def test_a_viewer_keys_refusal_keeps_its_sentence():
    events = [
        {"kind": "reply", "data": {"code": "criteria_read_needs_write", "niche": True}},
        {"kind": "done", "data": {"answer": "", "stop": "end_turn"}},
    ]
    answer = answer_from(events)
    assert answer.kind == "no_niche" and answer.first_line == NO_PROFILE_READ


def test_a_place_the_directory_does_not_know_is_not_a_list_of_everybody():
    found = reply(
        matched={"total": 3000},
        matches=TWO,
        complete=False,
        incomplete_because={"not_bound:value_not_in_vocabulary": 1},
    )
    answer = answer_from(sent(found, unsearched=["Atlantis"]))
    assert answer.people == () and "“Atlantis”" in answer.first_line


def test_with_no_other_condition_nobody_is_offered_for_a_part_not_searched():
    """Who "the other conditions alone leave" is everybody when there are none: no list."""
    found = reply(matched={"total": 3000}, matches=TWO, complete=False,
                  incomplete_because={"dropped": 1})  # fmt: skip
    events = [
        {"kind": "reply", "data": {"constraints": [], "reply": found, "unsearched": ["x y"]}},
        {"kind": "done", "data": {"answer": "", "stop": "end_turn"}},
    ]
    answer = answer_from(events)
    assert answer.kind == "not_searched" and answer.first_line.startswith(
        "The directory could not search “x y”"
    )
    assert answer.offered == () and answer.offered_heading == ""
    # The neighbour with a condition still offers who it leaves.
    assert len(answer_from(sent(found, unsearched=["x y"])).offered) == 2


def test_with_no_other_condition_nobody_is_offered_for_a_niche_not_read():
    plain = reply(matched={"total": 3000}, matches=TWO, complete=True)
    criterion = {"address": "crit_0123456789abcdef", "status": "over_budget", "counts": None}
    unread = niche(criterion=criterion, matched={"total": 0}, matches=[])
    events = [
        {"kind": "reply", "data": {"constraints": [], "reply": plain}},
        {"kind": "reply", "data": {"constraints": [], "reply": unread, "niche_words": "x y"}},
        {"kind": "done", "data": {"answer": "", "stop": "end_turn"}},
    ]
    answer = answer_from(events)
    assert answer.kind == "no_niche" and answer.people == ()
    assert answer.offered == () and answer.offered_heading == ""
    assert answer.first_line.startswith("No profile was read for “x y”")


# --- on the page, through the search verb, with stand-in replies ------------------------------


class StandIn(FakeAgent):
    """The agent and the brief compiler answered by stand-in replies; every other role offline."""

    def __init__(self, steps, compiled: dict[str, Any]) -> None:
        super().__init__(steps)
        self.compiled = compiled

    def available(self, role: str) -> bool:
        return role in ("agent", "brief_compiler") or self.offline.available(role)

    def complete(self, *, spec, request, model, timeout, max_retries, max_tokens) -> ProviderReply:
        if spec.name == "brief_compiler":
            return ProviderReply(content=json.dumps(self.compiled))
        return super().complete(
            spec=spec,
            request=request,
            model=model,
            timeout=timeout,
            max_retries=max_retries,
            max_tokens=max_tokens,
        )


GERMANY = {"relation": "based_in", "slot": "place", "op": "eq", "value": "Germany"}


@pytest.mark.django_db
def test_the_page_lists_nobody_under_a_question_with_a_part_not_searched(page, directory):
    question = "experts in pricing of baby formula in Germany"

    def steps(turn: int) -> dict[str, Any]:
        if turn == 1:
            return search_call(1, brief=question)
        return {"content": "1 person fits: Greta Ostrander.", "tool_calls": []}

    compiled = {
        "constraints": [GERMANY],
        "criterion": None,
        "dropped": [{"words": "pricing of baby formula", "why": "not_compiled"}],
    }
    with door.use_provider(StandIn(steps, compiled)):
        html = page.post("/qa/ask/", {"question": question}, **htmx()).content.decode()
    first = html[html.index('<p class="first-line">') :]
    first = first[: first.index("</p>")]
    assert "could not search “pricing of baby formula”, so nobody is listed as fitting" in first
    assert "fits" not in html and "1 person fits" not in html
    assert 'class="people"' in html  # only under the heading that says what the list is
    offered = html[html.index('class="offered"') :]
    assert "Not the answer: the 1 person the other conditions alone leave" in offered
    assert "Greta Ostrander" in offered and "Greta Ostrander" not in html[
        : html.index('class="offered"')
    ].replace(question, "")
    assert "[source]" in offered


@pytest.mark.parametrize(
    ("not_split", "said"),
    [
        (["experience"], "The directory cannot tell what “experience” asks of a profile; ask "
         "again without it, or say in other words what the person has done."),
        (["sold", "directors"], "The directory cannot tell what “sold” and “directors” ask of a "
         "profile; ask again without them, or say in other words what the person has done."),
        # Nothing handed back: the code's own sentence.
        ([], sentence_for("decomposition_incomplete")),
    ],
)  # fmt: skip
def test_a_niche_its_split_left_words_of_is_said_with_those_words(not_split, said):
    criterion = {"address": None, "status": "not_run", "counts": None,
                 "status_reason": "decomposition_incomplete"}  # fmt: skip
    found = niche(criterion=criterion, matched={"total": 0}, matches=[])
    words = {"niche_words": "experience with baby formula", "not_split": not_split}
    answer = answer_from(sent(found, **words))
    assert answer.kind == "no_niche" and answer.people == ()
    assert answer.first_line == (
        f"No profile was read for “experience with baby formula”, so nobody is listed. {said}"
    )


@pytest.mark.django_db
def test_a_typed_question_whose_split_leaves_a_word_says_that_word(directory, sign_in, client):
    """End to end on the offline roles: the brief compiler takes the function and the place,
    and hands on "directors", which the split cannot take as a condition (the pack holds no
    seniority); the page says so in the visitor's word."""
    visitor, code = visitor_create(
        workspace=directory, name="Splitting Visitor", key_role="analyst"
    )
    assert sign_in(client, visitor.name, code).status_code == 302
    html = client.post(
        "/qa/ask/", {"question": "Marketing directors in Europe"}, **htmx()
    ).content.decode()
    assert "No profile was read for “directors”, so nobody is listed." in html
    assert "The directory cannot tell what “directors” asks of a profile" in html
    # Who the place alone leaves is offered under a heading that says so, never as fitting.
    assert "fits" not in html.replace("Marketing directors in Europe", "")
    offered = html[html.index('class="offered"') :]
    assert "the other conditions alone leave, not checked for “directors”" in offered
    assert html.count('class="people"') == offered.count('class="people"') == 1
    assert "Greta Ostrander" in offered
