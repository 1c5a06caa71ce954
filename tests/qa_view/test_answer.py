"""What the page draws of a run, as pure functions over its page events
(docs/pages.md#what-the-page-says): the first line from the search's counts, the quiet line, who is
listed and who is close, a list without its niche never drawn, a failure in one sentence, no id in
the agent's text."""

from __future__ import annotations

from typing import Any

import pytest

from qa_view.answer.codes import NO_PROFILE_READ, sentence_for
from qa_view.answer.draw import answer_from
from qa_view.answer.lines import COMPLETE
from qa_view.page.visitors import follow_up_from
from tests.qa_view.helpers import niche, person, reply

EUROPE = [{"relation": "based_in", "slot": "place", "op": "eq", "value": "Europe"}]
GRETA = "414faa227dc946d35295d3e1"


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


FACETS = {
    "function": {"text": "marketing", "place": False},
    "product": {"text": "baby formula", "place": False},
    "market": {"text": "in European markets", "place": True},
    "duration": {"text": "20+ years", "place": False},
}


def short(letter: str, name: str, lacks: str, because: str = "not_stated", **more: Any) -> dict:
    """An entry of close.matches as the search makes it: `why` is every other condition."""
    why = [key for key in FACETS if key != lacks]
    entry = {"entity_id": letter * 24, "name": name, "lacks": lacks, "why": why}
    return entry | {"because": because} | more


def test_who_is_close_is_one_condition_short_with_something_of_substance():
    close = {
        "total": 13,
        "matches": [
            short("a", "Friederike Hollerer", "market"),
            short("b", "Margaux Delacroix", "duration", "stated_not_verified",
                  quote="She led marketing for baby formula for 22 years."),
        ],
    }  # fmt: skip
    counted = {"shared": 13, "unshared": []}
    answer = answer_from(events(niche(close=close)), evidence={"facets": FACETS, "close": counted})
    assert [(c.name, c.lacks, c.because) for c in answer.close] == [
        ("Friederike Hollerer", "in European markets", sentence_for("not_stated")),
        ("Margaux Delacroix", "20+ years", sentence_for("stated_not_verified")),
    ]
    assert answer.close[1].quote.startswith("She led marketing")
    assert answer.first_line == "1 person fits. 13 more are close."
    assert (answer.close_total, answer.close_next) == (13, 2)
    assert answer.unshared == ()


# A niche of one condition that is no place, and one place: who lacks the first shares only
# the place; who lacks the place has the first.
ONE_SUBSTANCE = {
    "product": {"text": "pricing of infant formula", "place": False},
    "market": {"text": "in France", "place": True},
}


def test_somebody_who_shares_only_a_place_is_counted_apart_and_never_called_close():
    close = {
        "total": 40,
        "matches": [
            {"entity_id": "c" * 24, "name": "Paula Placeonly", "lacks": "product",
             "why": ["market"], "because": "not_stated"},
            {"entity_id": "d" * 24, "name": "Ines Instead", "lacks": "market",
             "why": ["product"], "because": "not_stated"},
        ],
    }  # fmt: skip
    counted = {"shared": 4, "unshared": [{"lacks": "product", "because": "not_stated", "n": 36}]}
    said = "1 person fits. 40 more are close.\nOne condition short: Paula Placeonly, Ines Instead."
    answer = answer_from(
        events(niche(close=close), answer=said),
        evidence={"facets": ONE_SUBSTANCE, "close": counted},
    )
    assert answer.first_line == "1 person fits. 4 more are close."
    assert [c.name for c in answer.close] == ["Ines Instead"]
    assert answer.unshared == (
        "Of the profiles checked, 36 say nothing of “pricing of infant formula”.",
    )
    assert (answer.close_total, answer.close_next) == (4, 1)
    assert answer.note == ()  # its count is the first line's; it names Paula, who is withheld


def test_a_niche_of_one_condition_is_not_close_for_everybody_its_documents_are_silent_on():
    silent = [
        {"entity_id": f"{n:024x}", "name": f"Person {n}", "lacks": "product", "why": [],
         "because": "not_stated"}
        for n in range(10)
    ]  # fmt: skip
    block = niche(
        close={"total": 109, "matches": silent},
        matched={"total": 0, "showing": None, "next_offset": None},
        matches=[],
        complete=False,
        incomplete_because={"criterion_silent": 109},
    )
    facets = {"product": {"text": "pricing of infant formula", "place": False}}
    counted = {"shared": 0, "unshared": [{"lacks": "product", "because": "not_stated", "n": 109}]}
    said = "Nobody fits. 109 more are close.\nOne condition short: Person 0, Person 1 and Person 2."
    answer = answer_from(events(block, answer=said), evidence={"facets": facets, "close": counted})
    assert answer.first_line == "Nobody fits."
    assert answer.close == () and answer.close_next is None
    assert answer.unshared == (
        "Of the profiles checked, 109 say nothing of “pricing of infant formula”.",
    )
    assert answer.note == ()


@pytest.mark.parametrize(
    ("n", "because", "line"),
    [
        (1, "not_stated", "Of the profiles checked, 1 says nothing of “20+ years”."),
        (3, "not_stated", "Of the profiles checked, 3 say nothing of “20+ years”."),
        (2, "stated_not_verified", "Of the profiles checked, 2 state “20+ years” only in a "
         "sentence that could not be verified, and share nothing else with the question."),
    ],
)  # fmt: skip
def test_who_shares_nothing_of_substance_is_said_by_what_they_lack(n, because, line):
    facets = {"duration": {"text": "20+ years", "place": False}}
    counted = {"shared": 0, "unshared": [{"lacks": "duration", "because": because, "n": n}]}
    block = niche(close={"total": n, "matches": []})
    answer = answer_from(events(block), evidence={"facets": facets, "close": counted})
    assert answer.unshared == (line,)


@pytest.mark.parametrize(
    ("facets", "shared"),
    [
        (FACETS, 13),  # three conditions that are no place: each close person has two
        (ONE_SUBSTANCE, 1),  # one: only the listed can be told (Ines), and only they count
        (  # two places and nothing else: nobody
            {"market": {"text": "in France", "place": True}, "product": {"place": True}},
            0,
        ),
        ({}, 13),  # nothing known of the niche: nobody is withheld on it
    ],
)
def test_a_run_kept_without_the_close_counts_is_counted_from_its_reply(facets, shared):
    close = {
        "total": 13,
        "matches": [
            {"entity_id": "c" * 24, "name": "Paula Placeonly", "lacks": "product",
             "why": ["market"], "because": "not_stated"},
            {"entity_id": "d" * 24, "name": "Ines Instead", "lacks": "market",
             "why": ["product"], "because": "not_stated"},
        ],
    }  # fmt: skip
    answer = answer_from(events(niche(close=close)), evidence={"facets": facets})
    assert answer.close_total == shared


@pytest.mark.parametrize(
    ("said", "kept"),
    [
        ("Greta Ostrander also speaks at trade fairs.", True),
        ("Paula Placeonly also speaks at trade fairs.", False),  # withheld: never named
        ("Greta and Paula Placeonly both worked at Nutrelle.", False),
        ("1 person fits.", False),
        ("Nobody else fits.", True),  # no count: it says something the first line does not
        ("13 more are close.", False),
        ("2 people are one condition short.", False),
        ("The first of them has led three launches.", True),
        ("Greta fits. She also speaks at trade fairs.", True),
    ],
)
def test_the_agents_sentences_name_nobody_the_page_withholds_and_count_nothing(said, kept):
    close = {
        "total": 2,
        "matches": [
            {"entity_id": "c" * 24, "name": "Paula Placeonly", "lacks": "product",
             "why": ["market"], "because": "not_stated"},
        ],
    }  # fmt: skip
    counted = {"shared": 1, "unshared": [{"lacks": "product", "because": "not_stated", "n": 1}]}
    answer = answer_from(
        events(niche(close=close), answer=said),
        evidence={"facets": ONE_SUBSTANCE, "close": counted},
    )
    assert bool(answer.note) is kept
    assert "Paula" not in " ".join(answer.note)


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
