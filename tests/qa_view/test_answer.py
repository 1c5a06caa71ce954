"""What the page draws of a run, as pure functions over its page events (qa-view.txt, "What the
page says"): the first line from the search's counts, the quiet line, who is listed and who is
close, a list without its niche never drawn, a failure in one sentence, no id in the agent's
text."""

from __future__ import annotations

from typing import Any

import pytest

from qa_view.answer import answer_from
from qa_view.answer_lines import COMPLETE
from qa_view.codes import NO_PROFILE_READ, sentence_for
from qa_view.visitors import follow_up_from

EUROPE = [{"relation": "based_in", "slot": "place", "op": "eq", "value": "Europe"}]
GRETA = "414faa227dc946d35295d3e1"


def person(entity_id: str, name: str, place: str = "Germany") -> dict[str, Any]:
    about = {"title": "Marketing Director", "company": "Quellmark Foods", "place": place}
    return {"entity_id": entity_id, "name": name, "about": about, "why": []}


def reply(**fields: Any) -> dict[str, Any]:
    base: dict[str, Any] = {
        "detail": "compact",
        "matched": {"total": 1, "showing": [1, 1], "next_offset": None},
        "matches": [person(GRETA, "Greta Ostrander")],
        "others": {"ruled_out": 3, "not_recorded": 0, "cannot_be_placed": 0, "cannot_tell": 0},
        "complete": True,
        "incomplete_because": {},
    }
    return base | fields


def niche(**fields: Any) -> dict[str, Any]:
    counts = {"matched": 1, "none": 0, "undetermined": 0, "not_recorded": 0}
    criterion = {"address": "crit_0123456789abcdef", "status": "complete", "counts": counts}
    return reply(**({"criterion": criterion, "candidates": 120, "close": {"total": 0}} | fields))


def events(*replies: dict[str, Any], answer: str = "", stop: str = "end_turn") -> list[dict]:
    sent = [{"kind": "reply", "data": {"constraints": EUROPE, "reply": r}} for r in replies]
    return [*sent, {"kind": "done", "data": {"answer": answer, "stop": stop}}]


def test_a_run_still_going_is_pending():
    assert answer_from(events(reply())[:-1]).kind == "pending"


@pytest.mark.parametrize(
    ("total", "close", "line"),
    [
        (7, 2, "7 people fit. 2 more are close."),
        (1, 1, "1 person fits. 1 more is close."),
        (1, 0, "1 person fits."),
        (0, 3, "Nobody fits. 3 people are close."),
    ],
)
def test_the_first_line_is_the_searchs_own_counts_never_the_page_length(total, close, line):
    found = niche(
        matched={"total": total, "showing": [1, 1], "next_offset": None},
        close={"total": close, "matches": []},
    )
    assert answer_from(events(found)).first_line == line


def test_an_unfinished_read_says_so_far_and_how_many_are_unread():
    found = niche(
        matched={"total": 7, "showing": [1, 1], "next_offset": None},
        reading={"done": 80, "of": 120, "status": "partial"},
    )
    assert answer_from(events(found)).first_line == (
        "7 people fit so far. 40 of 120 profiles have not been read yet."
    )


def test_words_of_the_niche_not_checked_and_an_early_stop_are_said_in_the_first_line():
    reasons = {"criterion_partially_decomposed": 1, "not_recorded:based_in": 2}
    found = niche(complete=False, incomplete_because=reasons)
    answer = answer_from(events(found, stop="max_turns"))
    assert answer.first_line == " ".join(
        [
            "1 person fits.",
            sentence_for("criterion_partially_decomposed", 1),
            sentence_for("max_turns"),
        ]
    )
    assert answer.reasons == (sentence_for("not_recorded:based_in", 2),)


def test_the_list_is_complete_only_where_licensed_and_every_page_is_listed():
    assert answer_from(events(niche())).quiet_line == COMPLETE
    two = niche(matched={"total": 2, "showing": [1, 1], "next_offset": 1})
    assert answer_from(events(two)).quiet_line == "Checked 120 profiles."
    second = niche(
        matched={"total": 2, "showing": [2, 2], "next_offset": None},
        matches=[person("5a0c1e2f3b4d5e6f7a8b9c0d", "Margaux Delacroix", "France")],
    )
    both = answer_from(events(two, second))
    assert both.quiet_line == COMPLETE
    assert [p.name for p in both.people] == ["Greta Ostrander", "Margaux Delacroix"]


def test_checked_is_the_niches_candidates_or_everybody_the_search_placed():
    unread = {"criterion_silent": 6}
    assert answer_from(events(niche(complete=False, incomplete_because=unread))).quiet_line == (
        "Checked 120 profiles."
    )
    placed = reply(complete=False, incomplete_because={"not_recorded:based_in": 2})
    answer = answer_from(events(placed))
    assert answer.quiet_line == "Checked 4 profiles."  # 1 matched + 3 ruled out
    assert answer.reasons == (sentence_for("not_recorded:based_in", 2),)


def test_each_reason_is_one_plain_sentence_with_its_count_and_no_code():
    because = {"criterion_silent": 6, "criterion_not_read": 1, "not_recorded:criterion": 1}
    answer = answer_from(events(niche(complete=False, incomplete_because=because)))
    assert answer.reasons == (
        sentence_for("criterion_silent", 6),
        sentence_for("criterion_not_read", 1),
    )
    assert "The documents of 6 people do not say enough to tell." in answer.reasons


def test_a_person_with_two_records_is_listed_once():
    twice = niche(
        matched={"total": 1, "showing": [1, 2], "next_offset": None},
        matches=[person(GRETA, "Greta Ostrander"), person(GRETA, "Greta Ostrander")],
    )
    assert [p.name for p in answer_from(events(twice, twice)).people] == ["Greta Ostrander"]


def test_who_is_close_and_who_is_only_counted():
    close = {
        "total": 13,
        "matches": [
            {"entity_id": "a" * 24, "name": "Friederike Hollerer", "lacks": "market",
             "why": ["function", "product"], "because": "not_stated"},
            {"entity_id": "b" * 24, "name": "Margaux Delacroix", "lacks": "duration",
             "why": ["function", "market"], "because": "stated_not_verified",
             "quote": "She led marketing for baby formula for 22 years."},
            {"entity_id": "c" * 24, "name": "Paula Placeonly", "lacks": "product",
             "why": ["market"], "because": "not_stated"},
        ],
    }  # fmt: skip
    facets = {
        "function": {"text": "marketing", "place": False},
        "product": {"text": "baby formula", "place": False},
        "market": {"text": "in European markets", "place": True},
        "duration": {"text": "20+ years", "place": False},
    }
    answer = answer_from(events(niche(close=close)), evidence={"facets": facets})
    assert [(c.name, c.lacks, c.because) for c in answer.close] == [
        ("Friederike Hollerer", "in European markets", sentence_for("not_stated")),
        ("Margaux Delacroix", "20+ years", sentence_for("stated_not_verified")),
    ]
    assert answer.close[1].quote.startswith("She led marketing")
    assert answer.close_place_only == 1 and answer.close_not_listed == 10
    assert "Paula Placeonly" not in " ".join(answer.close_notes)
    assert answer.first_line == "1 person fits. 13 more are close."


def test_a_list_made_without_the_niche_is_never_the_answer():
    ordinary = reply(matches=[person(GRETA, "Greta Ostrander")])
    refused = {"kind": "reply", "data": {"code": "criteria_read_needs_write", "niche": True}}
    run = [*events(ordinary)[:-1], refused, {"kind": "done", "data": {"answer": "", "stop": ""}}]
    answer = answer_from(run)
    assert answer.kind == "no_niche" and answer.first_line == NO_PROFILE_READ
    assert answer.people == ()
    failed = {"kind": "reply", "data": {"code": "search_failed", "niche": True}}
    run = [*events(ordinary)[:-1], failed, {"kind": "done", "data": {"answer": "", "stop": ""}}]
    assert answer_from(run).first_line == sentence_for("niche_search_failed")


def test_a_prepared_examples_niche_counts_even_if_the_agent_never_asked_for_it():
    answer = answer_from(events(reply()), niche=True)
    assert answer.kind == "no_niche" and answer.people == ()


def test_a_niche_that_came_back_unread_lists_nobody():
    unread = reply(
        criterion={"address": None, "status": "not_run", "status_reason": "decomposition_failed",
                   "counts": None},
        matched={"total": 0, "showing": None, "next_offset": None}, matches=[],
    )  # fmt: skip
    answer = answer_from(events(unread))
    assert answer.kind == "no_niche"
    assert answer.first_line == sentence_for("decomposition_failed")


def test_a_failure_is_one_sentence():
    answer = answer_from([{"kind": "error", "data": {"code": "model_unavailable"}}])
    assert answer.kind == "failed" and answer.first_line == sentence_for("model_unavailable")


def test_the_agents_text_is_drawn_only_where_it_adds_something_and_with_no_id():
    said = (
        "**1 person fits.**\n"
        "It is Greta Ostrander.\n"
        f"- Greta Ostrander ({GRETA}) also speaks at trade fairs (req_0123456789abcdef)."
    )
    answer = answer_from(events(niche(), answer=said))
    assert answer.note == ("Greta Ostrander also speaks at trade fairs.",)


def test_an_answer_about_one_person_is_the_agents_sentences_with_their_source():
    fetched = niche(detail="full")
    answer = answer_from(events(fetched, answer="Greta Ostrander leads marketing at Quellmark."))
    assert answer.kind == "person"
    assert answer.note == ("Greta Ostrander leads marketing at Quellmark.",)
    assert [p.name for p in answer.people] == ["Greta Ostrander"]


def test_a_follow_up_is_handed_the_search_and_who_it_listed():
    answer = answer_from(events(niche()))
    handed = follow_up_from(answer, asked=[f"q{n}" for n in range(8)])
    assert handed == {
        "asked": ["q2", "q3", "q4", "q5", "q6", "q7"],
        "constraints": EUROPE,
        "criterion": "crit_0123456789abcdef",
        "total": 1,
        "people": [{"id": GRETA, "name": "Greta Ostrander"}],
        "close": [],
    }
