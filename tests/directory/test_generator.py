"""The synthetic directory: deterministic per seed, plausible in its shares, its key honest."""

from __future__ import annotations

import re
from collections import Counter

import pytest

from directory import build_directory
from directory.export import export_of
from directory.generator import CASES, generate
from directory.key import build
from directory.niches import INFANT_FORMULA, NICHES, SURGICAL_STAPLERS
from directory.places import DACH, EUROPE, quotas
from limma.vocabulary import Vocabulary

N, SEED = 300, 23
CLOSED_FORM = re.compile(
    r"^(?P<who>.+?) (?:has done|did|has held) this (?:work|role) "
    r"(?:for more than \d+ years|for \d+ years|since \d{4}|from \d{4} to \d{4})\.$"
)
TURN = re.compile(
    r"^\[\d\d:\d\d:\d\d\] (?P<who>[^:]+): I have done this work for more than 20 years\.$"
)


@pytest.fixture(scope="module")
def built():
    return build_directory(N, SEED)


def test_the_same_seed_writes_the_same_export_and_another_seed_another():
    assert export_of(generate(N, SEED)) == export_of(generate(N, SEED))
    assert export_of(generate(N, SEED + 1)) != export_of(generate(N, SEED))


def test_the_key_is_the_generators_own(built):
    again = build(N, SEED)
    assert again.people.keys() == built.key.people.keys()
    assert all(
        again.verdict(pid, niche) == built.key.verdict(pid, niche)
        for pid in again.people
        for niche in NICHES
    )


def test_every_export_table_and_id_holds_together(built):
    tables = built.export["tables"]
    ids = [row["_id"] for row in tables["experts"]]
    assert len(ids) == N == len(set(ids))
    assert all(re.fullmatch(r"[0-9a-f]{24}", pid) for pid in ids)
    known = set(ids)
    for table in ("roles", "calls", "references", "notes"):
        assert {row["expert_id"] for row in tables[table]} <= known
    names = [row["name"] for row in tables["experts"]]
    assert len(set(names)) == N


def test_every_country_and_function_is_one_the_vocabulary_places(built):
    vocabulary = Vocabulary.shipped()
    for row in built.export["tables"]["experts"]:
        assert vocabulary.place(row["country"]) is not None, row["country"]
    for row in built.export["tables"]["roles"]:
        assert vocabulary.lookup(row["function"], axis="function") is not None, row["function"]


def test_countries_are_weighted_to_europe_and_some_written_natively(built):
    people = built.people
    europe = sum(person.country in EUROPE for person in people)
    assert 0.25 < europe / N < 0.45
    assert len({person.country for person in people}) > 30
    native = sum(person.country_label != person.country for person in people)
    assert 0.03 < native / N < 0.25


def test_at_3000_every_country_holds_exactly_its_quota():
    counts = quotas(3000)
    assert (counts["France"], counts["Germany"], counts["Switzerland"]) == (109, 153, 56)
    assert sum(counts[name] for name in EUROPE) == 888
    assert sum(quotas(N).values()) == N


def test_roles_run_in_order_with_months_and_documents_have_their_shares(built):
    for person in built.people:
        assert 1 <= len(person.roles) <= 4
        for role in person.roles:
            assert re.fullmatch(r"\d{4}-(0[1-9]|1[0-2])", role.start)
            assert not role.end or role.end >= role.start
    kinds = Counter(doc.kind for person in built.people for doc in person.docs)
    assert kinds["profile"] / N > 0.9
    assert 0.1 < kinds["transcript"] / N < 0.5
    assert kinds["reference"] > 0 and kinds["screening_note"] > 0


def test_transcripts_are_written_in_timestamped_turns(built):
    for person in built.people:
        for doc in person.docs:
            if doc.kind == "transcript":
                assert all(
                    re.match(r"^\[\d\d:\d\d:\d\d\] [^:]+: \S", line)
                    for line in doc.text.splitlines()
                )


def test_every_case_is_planted_and_the_niches_cases_in_plausible_shares(built):
    planted = Counter(
        verdict.case for person in built.people for verdict in person.verdicts.values()
    )
    assert set(planted) == {case.name for case in CASES}
    for niche in NICHES:
        fit, provable = built.key.fits(niche), built.key.provable(niche)
        assert set(provable) <= set(fit)
        assert 0 < len(provable) < len(fit) < 0.2 * N  # the planted cohort is fixed
    near = sum(1 for p in built.people for v in p.verdicts.values() if not v.truth)
    assert 0.05 < near / N < 0.25


def _sentences(text: str) -> list[str]:
    return [part.strip() for line in text.splitlines() for part in re.split(r"(?<=\.) ", line)]


def test_who_a_reader_can_prove_has_the_closed_form_sentence_led_by_their_own_name(built):
    for person in built.people:
        verdict = person.verdicts.get(INFANT_FORMULA)
        if verdict is None:
            continue
        led = set()
        for doc in person.docs:
            for line in doc.text.splitlines():
                form = CLOSED_FORM.match(line) or TURN.match(line)
                if form:
                    led.add(form["who"])
        own = led & {person.given, person.name}
        if verdict.provable:
            assert own, (person.name, verdict.case)
            assert any(NICHES[INFANT_FORMULA].facets[2]["text"] in doc.text for doc in person.docs)
        elif (
            verdict.truth
            and verdict.case.startswith("length_")
            and verdict.case
            not in (
                "length_two_lines_below",
                "length_since_undated",
            )
        ):
            assert not own, (person.name, verdict.case)


def test_the_staplers_provable_state_every_condition_in_the_niches_own_words(built):
    for person in built.people:
        verdict = person.verdicts.get(SURGICAL_STAPLERS)
        if verdict is None or not verdict.provable:
            continue
        text = "\n".join(doc.text for doc in person.docs)
        assert "surgical staplers" in text and "through public tenders" in text
        assert any(place in text for place in (*DACH, "DACH", "Liechtenstein"))
