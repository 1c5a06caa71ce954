"""The four lists, their counts and the compact reply's close, from hand-built judgments.

The PEOPLE cases are the spec's printed lists ("Four lists, never two", "Bounding the reply"):
each person's judgments are built to say what the spec prints of them, and the lists, the counts
and counts_detail must come out exactly as printed, order included. No database.
"""

from __future__ import annotations

import pytest

from criteria.lists.four import (
    CLOSE_CAP,
    MATCHED_CAP,
    QUOTE_CAP,
    Candidate,
    entity_verdicts,
    four_lists,
)
from criteria.types import (
    DocumentJudgment,
    ExperienceJudgment,
    Facet,
    Quote,
)
from limma.vocabulary import Vocabulary

FACETS = (
    Facet(key="duration", kind="duration", text="20+ years", min_years=20.0),
    Facet(key="function", kind="condition", text="marketing", value="Marketing", typed=True),
    Facet(key="product", kind="condition", text="baby formula"),
    Facet(key="market", kind="condition", text="in European markets", value="Europe", typed=True),
)
KEYS = [facet.key for facet in FACETS]


def quote(facet: str, text: str, source: str = "doc", **more) -> Quote:
    return Quote(
        facet=facet, text=text, source_id=source, char_start=10, char_end=10 + len(text), **more
    )


def length(text: str, why: str, bound: str, years: float | None) -> dict:
    return {
        "facet": "duration",
        "text": text,
        "char_start": 0,
        "char_end": len(text),
        "why": [why],
        "bound": bound,
        "years": years,
        "kept_as": "doubt",
    }


def experience(
    established: dict[str, str],
    because: dict[str, str] | None = None,
    different: tuple[Quote, ...] = (),
    lengths: tuple[dict, ...] = (),
    source: str = "doc",
) -> ExperienceJudgment:
    return ExperienceJudgment(
        established={
            key: quote(key, text, source, checked_by="second_call")
            for key, text in established.items()
        },
        missing_because=because or {},
        different=different,
        lengths_not_proved=lengths,
    )


def person(entity_id: str, *documents: DocumentJudgment, unread: tuple[str, ...] = ()):
    return Candidate(
        entity_id=entity_id,
        name=entity_id.replace("_", " ").title(),
        judgments=documents,
        unread=unread,
        documents=len(documents) + len(unread),
    )


STATES_ALL_BUT_LENGTH = {
    "function": "led marketing for baby formula",
    "product": "baby formula",
    "market": "across France and Belgium",
}
MARGAUX_SENTENCE = (
    "[00:00:12] Margaux: I have led marketing for baby formula at Verdane "
    "Nutrition across France and Belgium since 2001."
)


def people() -> list[Candidate]:
    """The nine European candidates of PEOPLE, as the spec prints their verdicts."""
    greta = ExperienceJudgment(
        established={
            "duration": quote("duration", "for more than 20 years", "greta-profile"),
            "function": quote(
                "function",
                "led marketing for baby formula",
                "greta-profile",
                checked_by="vocabulary+second_call",
                value="Marketing",
            ),
            "product": quote("product", "baby formula", "greta-profile", checked_by="second_call"),
            "market": quote(
                "market",
                "across Germany and Poland",
                "greta-profile",
                checked_by="vocabulary+second_call",
                value="Europe",
            ),
        }
    )
    return [
        person("greta_ostrander", DocumentJudgment("greta-profile", experiences=(greta,))),
        person(
            "dario_benavente",
            DocumentJudgment(
                "dario-profile",
                experiences=(
                    experience(
                        {"function": "ran marketing"},
                        {"duration": "duration_unknown", "product": "silent", "market": "silent"},
                    ),
                ),
            ),
            DocumentJudgment(
                "dario-call",
                denials=(
                    quote("product", "has never worked on baby formula", "dario-call", denies=True),
                ),
            ),
        ),
        person(
            "cornelia_vantongeren",
            DocumentJudgment(
                "cornelia-profile",
                experiences=(
                    experience(
                        STATES_ALL_BUT_LENGTH,
                        {"duration": "length_not_proved"},
                        lengths=(
                            length(
                                "She has done this work for more than 20 years.",
                                "behind_a_pronoun",
                                "at_least",
                                20.0,
                            ),
                        ),
                    ),
                ),
            ),
            DocumentJudgment(
                "cornelia-call",
                denials=(
                    quote(
                        "product",
                        "Cornelia: I have never worked on baby formula myself.",
                        "cornelia-call",
                        denies=True,
                    ),
                ),
            ),
        ),
        person(
            "margaux_delacroix",
            DocumentJudgment(
                "margaux-call",
                experiences=(
                    experience(
                        STATES_ALL_BUT_LENGTH,
                        {"duration": "length_not_proved"},
                        lengths=(
                            length(MARGAUX_SENTENCE, "not_in_the_closed_form", "period", 22.25),
                        ),
                    ),
                ),
            ),
        ),
        person(
            "friederike_hollerer",
            DocumentJudgment(
                "friederike",
                experiences=(
                    experience(
                        {"function": "marketing", "product": "baby formula"},
                        {"duration": "length_not_proved", "market": "quote_not_in_document"},
                        lengths=(
                            length(
                                "Friederike marketed it for 21 years.",
                                "not_in_the_closed_form",
                                "exactly",
                                21.0,
                            ),
                        ),
                    ),
                ),
            ),
        ),
        person(
            "kasper_vandenberg",
            DocumentJudgment(
                "kasper",
                experiences=(
                    experience(
                        {"product": "baby formula", "market": "across Belgium and France"},
                        {"duration": "length_not_proved", "function": "quote_outside_experience"},
                        lengths=(
                            length(
                                "Kasper Vandenberg sold baby formula for Brightwell Nutrition "
                                "across Belgium and France for more than 20 years.",
                                "not_in_the_closed_form",
                                "at_least",
                                20.0,
                            ),
                        ),
                    ),
                ),
            ),
        ),
        person(
            "nikolai_wierzbicki",
            DocumentJudgment(
                "nikolai",
                experiences=(
                    experience(
                        {"function": "marketing", "product": "baby formula"},
                        {"duration": "length_not_proved", "market": "different"},
                        different=(quote("market", "across Southeast Asia", "nikolai"),),
                        lengths=(
                            length(
                                "Nikolai did it for 20 years.",
                                "not_in_the_closed_form",
                                "exactly",
                                20.0,
                            ),
                        ),
                    ),
                ),
            ),
        ),
        person(
            "silvio_calderoni",
            DocumentJudgment(
                "silvio",
                experiences=(
                    experience(
                        {},
                        {
                            "duration": "duration_unknown",
                            "function": "different",
                            "product": "silent",
                            "market": "silent",
                        },
                        different=(quote("function", "is a structural engineer", "silvio"),),
                    ),
                ),
            ),
        ),
        person("xenia_bergstrom"),
    ]


# "Four lists, never two": the non-matches as the spec prints them, verbatim.
PRINTED_NON_MATCHES = """\
NONE dario_benavente ['has never worked on baby formula']
UNDETERMINED cornelia_vantongeren - conflict | has: ['function', 'product', 'market'] | missing: ['duration']
    because: {'duration': 'length_not_proved'} | states instead: []
UNDETERMINED margaux_delacroix - silent | has: ['function', 'product', 'market'] | missing: ['duration']
    because: {'duration': 'length_not_proved'} | states instead: []
UNDETERMINED friederike_hollerer - silent | has: ['function', 'product'] | missing: ['duration', 'market']
    because: {'duration': 'length_not_proved', 'market': 'quote_not_in_document'} | states instead: []
UNDETERMINED kasper_vandenberg - silent | has: ['product', 'market'] | missing: ['duration', 'function']
    because: {'duration': 'length_not_proved', 'function': 'quote_outside_experience'} | states instead: []
UNDETERMINED nikolai_wierzbicki - silent | has: ['function', 'product'] | missing: ['duration', 'market']
    because: {'duration': 'length_not_proved', 'market': 'different'} | states instead: ['across Southeast Asia']
UNDETERMINED silvio_calderoni - silent | has: [] | missing: ['duration', 'function', 'product', 'market']
    because: {'duration': 'duration_unknown', 'function': 'different', 'product': 'silent', 'market': 'silent'} | states instead: ['is a structural engineer']
NOT RECORDED xenia_bergstrom - no_documents""".splitlines()  # noqa: E501


# --- the spec's printed examples ---------------------------------------------------------------


def test_people_counts_as_the_spec_prints_them():
    lists = four_lists(people(), FACETS, list_limit=200)
    assert lists.counts == {"matched": 1, "none": 1, "undetermined": 6, "not_recorded": 1}
    assert [p["entity_id"] for p in lists.matched] == ["greta_ostrander"]


def test_people_match_evidence_is_printed_conditions_first_then_length():
    (greta,) = four_lists(people(), FACETS, list_limit=200).matched
    printed = [
        f"{q['facet']}: {q['text']!r} | checked by {q.get('checked_by', 'rule')}"
        for q in greta["evidence"]
    ]
    assert printed == [
        "function: 'led marketing for baby formula' | checked by vocabulary+second_call",
        "product: 'baby formula' | checked by second_call",
        "market: 'across Germany and Poland' | checked by vocabulary+second_call",
        "duration: 'for more than 20 years' | checked by rule",
    ]


def test_people_non_matches_print_exactly_as_the_spec_in_its_order():
    read = four_lists(people(), FACETS, list_limit=200)
    lines = [f"NONE {p['entity_id']} {[q['text'] for q in p['evidence']]}" for p in read.none]
    for p in read.undetermined:
        lines.append(
            f"UNDETERMINED {p['entity_id']} - {p['reason']} | has: {p['established']}"
            f" | missing: {p['missing']}"
        )
        lines.append(
            f"    because: {p.get('missing_because')} | states instead: "
            f"{[q['text'] for q in p.get('different', [])]}"
        )
    lines += [f"NOT RECORDED {p['entity_id']} - {p['reason']}" for p in read.not_recorded]
    assert lines == PRINTED_NON_MATCHES


def test_people_none_evidence_is_the_firm_denial_marked_denies():
    (dario,) = four_lists(people(), FACETS, list_limit=200).none
    assert [(q["facet"], q["denies"]) for q in dario["evidence"]] == [("product", True)]


def test_people_counts_detail_as_the_spec_prints_it_with_list_limit_zero():
    read = four_lists(people(), FACETS, list_limit=0)
    listed = {
        name: len(getattr(read, name))
        for name in ("matched", "none", "undetermined", "not_recorded")
    }
    assert listed == {"matched": 1, "none": 0, "undetermined": 0, "not_recorded": 0}
    assert read.counts == {"matched": 1, "none": 1, "undetermined": 6, "not_recorded": 1}
    short = read.counts_detail["undetermined"]
    assert (
        f"one condition short: {short['one_condition_short']} | conflict: {short['conflict']}"
    ) == "one condition short: 1 | conflict: 1"
    assert repr(short["missing"]) == "{'duration': 5, 'function': 2, 'market': 3, 'product': 1}"
    assert repr(short["missing_because"]) == (
        "{'duration': {'duration_unknown': 1, 'length_not_proved': 4}, "
        "'function': {'different': 1, 'quote_outside_experience': 1}, "
        "'market': {'different': 1, 'quote_not_in_document': 1, 'silent': 1}, "
        "'product': {'silent': 1}}"
    )
    assert short["lengths_not_proved"] == 5  # the conflict's handed-on sentence included
    assert repr(read.counts_detail["not_recorded"]) == "{'no_documents': 1, 'unread_causes': {}}"


def test_people_close_is_margaux_with_her_handed_on_sentence():
    read = four_lists(people(), FACETS, list_limit=0)
    assert read.close == {
        "total": 1,
        "matches": [
            {
                "entity_id": "margaux_delacroix",
                "name": "Margaux Delacroix",
                "lacks": "duration",
                "why": ["function", "product", "market"],
                "because": "stated_not_verified",
                "quote": MARGAUX_SENTENCE,
            }
        ],
    }
    assert read.cannot_tell == 5  # a conflict, three two-short, one of everything


def test_people_verdicts_name_each_candidates_list_uncut():
    verdicts = entity_verdicts(people(), FACETS)
    assert verdicts["greta_ostrander"] == "matched"
    assert verdicts["dario_benavente"] == "none"
    assert verdicts["cornelia_vantongeren"] == "undetermined"
    assert verdicts["xenia_bergstrom"] == "not_recorded"
    assert len(verdicts) == 9


# --- when a document denies the niche ----------------------------------------------------------

WHOLE = {
    "duration": "for more than 20 years",
    "function": "led marketing for baby formula",
    "product": "baby formula",
    "market": "across Norway and Sweden",
}


def one(candidate: Candidate) -> tuple[str, dict]:
    read = four_lists([candidate], FACETS, list_limit=200)
    (listed,) = [
        name for name in ("matched", "none", "undetermined", "not_recorded") if getattr(read, name)
    ]
    return listed, getattr(read, listed)[0]


def test_a_firm_denial_alone_is_none():
    listed, entry = one(
        person(
            "dario",
            DocumentJudgment(
                "call",
                denials=(quote("product", "Dario has never worked on baby formula.", denies=True),),
            ),
        )
    )
    assert listed == "none"
    assert entry["evidence"][0]["denies"] is True


def test_a_firm_denial_beside_a_document_that_states_it_is_a_conflict_never_a_none():
    listed, entry = one(
        person(
            "oddrun",
            DocumentJudgment("profile", experiences=(experience(WHOLE, source="profile"),)),
            DocumentJudgment(
                "call",
                denials=(
                    quote(
                        "product", "Oddrun has never worked on infant milks.", "call", denies=True
                    ),
                ),
            ),
        )
    )
    assert (listed, entry["reason"]) == ("undetermined", "conflict")
    marks = [
        (q["text"], q.get("denies", False)) for q in entry["evidence"] if q["facet"] == "product"
    ]
    assert marks == [("baby formula", False), ("Oddrun has never worked on infant milks.", True)]
    assert entry["established"] == KEYS and entry["missing"] == []


def test_a_firm_denial_opposed_by_a_lesser_experience_is_a_conflict_with_that_support_in_evidence():
    _, entry = one(
        person(
            "hanne",
            DocumentJudgment(
                "profile",
                experiences=(
                    experience({"function": "marketing", "market": "in Europe"}, source="profile"),
                    experience({"product": "baby formula"}, source="profile"),
                ),
            ),
            DocumentJudgment(
                "call",
                denials=(
                    quote(
                        "product", "Hanne has never worked on baby formula.", "call", denies=True
                    ),
                ),
            ),
        )
    )
    assert entry["reason"] == "conflict"
    assert entry["established"] == ["function", "market"]  # the best experience's
    assert [q["text"] for q in entry["evidence"]] == [
        "marketing",
        "baby formula",
        "in Europe",
        "Hanne has never worked on baby formula.",
    ]


def test_a_doubt_beside_full_support_is_a_conflict_never_a_match():
    doubt = quote(
        "product", "She has never worked on baby formula herself.", "call", kept_as="doubt"
    )
    listed, entry = one(
        person(
            "ingrid",
            DocumentJudgment("profile", experiences=(experience(WHOLE, source="profile"),)),
            DocumentJudgment("call", denials=(doubt,)),
        )
    )
    assert (listed, entry["reason"]) == ("undetermined", "conflict")
    printed = [(q["facet"], q["text"], q.get("kept_as", "supports")) for q in entry["evidence"]]
    assert printed == [
        ("function", "led marketing for baby formula", "supports"),
        ("product", "baby formula", "supports"),
        ("market", "across Norway and Sweden", "supports"),
        ("duration", "for more than 20 years", "supports"),
        ("product", "She has never worked on baby formula herself.", "doubt"),
    ]
    assert [(d["facet"], d["text"]) for d in entry["denials"]] == [
        ("product", "She has never worked on baby formula herself.")
    ]


def test_a_doubt_alone_is_silent_with_the_doubt_under_denials_never_none():
    doubt = quote("product", "Oddrun has never worked on infant milks.", "call", kept_as="doubt")
    listed, entry = one(
        person(
            "oddrun",
            DocumentJudgment(
                "profile",
                experiences=(
                    experience(
                        {k: v for k, v in WHOLE.items() if k != "product"}, {"product": "different"}
                    ),
                ),
            ),
            DocumentJudgment("call", denials=(doubt,)),
        )
    )
    assert (listed, entry["reason"]) == ("undetermined", "silent")
    assert entry["denials"] == [doubt.as_json()]
    assert "evidence" not in entry


def test_a_doubt_keeps_a_one_short_person_out_of_close():
    doubt = quote("product", "She has never worked on baby formula.", kept_as="doubt")
    read = four_lists(
        [
            person(
                "ylva",
                DocumentJudgment(
                    "p",
                    experiences=(
                        experience(
                            {k: v for k, v in WHOLE.items() if k != "product"},
                            {"product": "silent"},
                        ),
                    ),
                    denials=(doubt,),
                ),
            )
        ],
        FACETS,
        list_limit=10,
    )
    assert read.close == {"total": 0, "matches": []} and read.cannot_tell == 1


# --- not recorded -------------------------------------------------------------------------------


def test_a_failed_read_is_not_recorded_unread_failed_even_beside_a_full_match():
    read = four_lists(
        [
            person(
                "greta",
                DocumentJudgment("profile", experiences=(experience(WHOLE),)),
                DocumentJudgment("call", failed="timeout"),
            )
        ],
        FACETS,
        list_limit=10,
    )
    assert read.counts["matched"] == 0
    (entry,) = read.not_recorded
    assert (entry["reason"], entry["causes"]) == ("unread", ["failed"])
    assert read.counts_detail["not_recorded"] == {"no_documents": 0, "unread_causes": {"failed": 1}}


def test_unread_causes_are_sorted_unique_on_the_entry_and_counted_per_document():
    candidates = [
        person("borghild", unread=("read_by_another_reader",)),
        person("eldrid", unread=("read_by_another_reader", "budget", "read_by_another_reader")),
    ]
    read = four_lists(candidates, FACETS, list_limit=10)
    assert [(p["entity_id"], p["reason"], p["causes"]) for p in read.not_recorded] == [
        ("borghild", "unread", ["read_by_another_reader"]),
        ("eldrid", "unread", ["budget", "read_by_another_reader"]),
    ]
    assert read.counts_detail["not_recorded"]["unread_causes"] == {
        "budget": 1,
        "read_by_another_reader": 3,
    }


def test_a_document_no_judgment_or_cause_accounts_for_is_unread_not_read():
    candidate = Candidate(
        "ada",
        "Ada",
        judgments=(DocumentJudgment("p", experiences=(experience(WHOLE),)),),
        documents=2,
    )
    listed, entry = one(candidate)
    assert (listed, entry["causes"]) == ("not_recorded", ["not_read"])


# --- the reader's account: missing vs open ------------------------------------------------------


def test_a_length_read_while_a_condition_is_open_is_listed_missing_but_not_open():
    # The length is read in the form; the market is silent. One condition short, not two.
    read = four_lists([short_of("ada", "market", "silent")], FACETS, list_limit=10)
    (entry,) = read.undetermined
    assert entry["established"] == ["function", "product"]
    assert entry["missing"] == ["duration", "market"]
    assert entry["missing_because"] == {"market": "silent"}
    assert read.counts_detail["undetermined"]["one_condition_short"] == 1
    assert read.counts_detail["undetermined"]["missing"] == {"market": 1}
    assert read.close["matches"] == [
        {
            "entity_id": "ada",
            "name": "Ada",
            "lacks": "market",
            "why": ["duration", "function", "product"],
            "because": "not_stated",
        }
    ]


def test_a_person_whose_documents_hold_no_experience_is_open_on_everything():
    _, entry = one(person("bo", DocumentJudgment("p")))
    assert entry["missing_because"] == {
        "duration": "duration_unknown",
        "function": "silent",
        "product": "silent",
        "market": "silent",
    }


def test_the_best_experience_is_the_one_establishing_most_ties_to_the_earlier():
    first = experience({"function": "a"}, {"market": "silent"}, source="one")
    second = experience({"product": "b"}, {"market": "different"}, source="two")
    third = experience({"product": "b", "market": "c"}, {"function": "silent"}, source="two")
    _, entry = one(
        person(
            "cy",
            DocumentJudgment("one", experiences=(first,)),
            DocumentJudgment("two", experiences=(second, third)),
        )
    )
    assert entry["established"] == ["product", "market"]
    _, entry = one(
        person(
            "cy",
            DocumentJudgment("one", experiences=(first,)),
            DocumentJudgment("two", experiences=(second,)),
        )
    )
    assert entry["established"] == ["function"]


# --- close and the cut --------------------------------------------------------------------------


def short_of(entity_id: str, key: str, reason: str, lengths: tuple[dict, ...] = ()) -> Candidate:
    established = {k: v for k, v in WHOLE.items() if k != key}
    return person(
        entity_id,
        DocumentJudgment(
            "p", experiences=(experience(established, {key: reason}, lengths=lengths),)
        ),
    )


def test_close_lists_one_open_entries_by_how_the_condition_is_open():
    long = "Anneke " + "led marketing for baby formula across the Nordics, " * 5 + "for 22 years."
    candidates = [
        short_of("a_silent", "product", "silent"),
        short_of("b_unknown", "duration", "duration_unknown"),
        short_of(
            "c_stated",
            "duration",
            "length_not_proved",
            (
                length(long, "not_in_the_closed_form", "exactly", 22.0),
                length("second", "behind_a_pronoun", "at_least", 20.0),
            ),
        ),
        short_of("d_different", "market", "different"),
        short_of("e_below", "duration", "duration_below_threshold"),
        short_of("f_unconfirmed", "function", "second_call:role_different"),
    ]
    read = four_lists(candidates, FACETS, list_limit=10)
    assert [(m["entity_id"], m["lacks"], m["because"]) for m in read.close["matches"]] == [
        ("a_silent", "product", "not_stated"),
        ("b_unknown", "duration", "not_stated"),
        ("c_stated", "duration", "stated_not_verified"),
    ]
    assert "quote" not in read.close["matches"][0]
    quoted = read.close["matches"][2]["quote"]
    assert len(long) > QUOTE_CAP and len(quoted) == QUOTE_CAP
    assert quoted == long[: QUOTE_CAP - 1] + "…"
    assert (read.close["total"], read.cannot_tell) == (3, 3)


def test_close_holds_ten_nearest_and_total_counts_them_all():
    candidates = [short_of(f"p{n:02d}", "product", "silent") for n in range(14, 0, -1)]
    candidates.append(short_of("z_two", "product", "silent"))
    read = four_lists(candidates, FACETS, list_limit=0)
    assert read.close["total"] == 15 and len(read.close["matches"]) == CLOSE_CAP
    assert [m["entity_id"] for m in read.close["matches"]][:2] == ["p01", "p02"]
    assert read.cannot_tell == 0


def test_list_limit_cuts_every_non_match_list_and_never_the_matches():
    matches = [
        person(f"m{n}", DocumentJudgment("p", experiences=(experience(WHOLE),))) for n in range(3)
    ]
    others = [short_of(f"u{n}", "product", "silent") for n in range(4)] + [
        person(f"x{n}") for n in range(4)
    ]
    read = four_lists(matches + others, FACETS, list_limit=2)
    assert (len(read.matched), len(read.undetermined), len(read.not_recorded)) == (3, 2, 2)
    assert read.counts == {"matched": 3, "none": 0, "undetermined": 4, "not_recorded": 4}


def test_the_matched_list_holds_at_most_its_cap_and_counts_stay_whole():
    matches = [
        person(f"m{n:03d}", DocumentJudgment("p", experiences=(experience(WHOLE),)))
        for n in range(MATCHED_CAP + 5)
    ]
    read = four_lists(matches, FACETS, list_limit=0)
    assert len(read.matched) == MATCHED_CAP and read.counts["matched"] == MATCHED_CAP + 5


@pytest.mark.parametrize("limit", [-1, 201])
def test_a_list_limit_outside_0_to_200_is_refused(limit):
    with pytest.raises(ValueError):
        four_lists([], FACETS, list_limit=limit)


# --- what the near-misses state instead -------------------------------------------------------


def one_short_of_product(entity_id: str, states: str) -> Candidate:
    """Function, market and a length held; the product stated in other words."""
    held = {"function": "led marketing", "market": "across Norway", "duration": "for 21 years"}
    other = quote("product", states, states=states)
    judged = experience(held, {"product": "different"}, different=(other,))
    return person(entity_id, DocumentJudgment(source_id=entity_id, experiences=(judged,)))


def test_stated_instead_counts_people_one_condition_short_over_the_whole_list():
    candidates = [
        one_short_of_product("ottoline_brandvold", "infant milks"),
        one_short_of_product("ragnhild_storvik", "infant milks"),
        one_short_of_product("benedikte_ravn", "packaging for infant milks"),
    ]
    lists = four_lists(candidates, FACETS, list_limit=1, vocabulary=Vocabulary.shipped())
    assert len(lists.undetermined) == 1  # the list is cut; what they state is counted whole
    assert lists.stated_instead == {
        "product": {"distinct": 2, "values": [{"states": "infant milks", "people": 2}]}
    }
    assert four_lists(candidates, FACETS, list_limit=1).stated_instead == {}
