"""examples_key: the shipped examples each return people; an example nobody fits fails."""

from __future__ import annotations

import json

import pytest
from django.core.management import call_command

from directory.examples import DEFAULT_EXAMPLES, FITS_NOBODY, check, load_examples
from directory.key import build
from directory.niches import NICHES, SURGICAL_STAPLERS

N, SEED = 300, 23


@pytest.fixture(scope="module")
def key():
    return build(N, SEED)


def test_the_shipped_file_holds_four_prepared_examples_over_two_niches():
    shipped = load_examples(DEFAULT_EXAMPLES)
    assert len(shipped.examples) >= 4
    assert all(example.prepared for example in shipped.examples)
    assert {example.niche for example in shipped.examples} == {n.text for n in NICHES.values()}
    assert all(
        any(c["relation"] == "based_in" for c in example.constraints)
        for example in shipped.examples
    )


def test_every_shipped_example_returns_people(key):
    entries = check(load_examples(DEFAULT_EXAMPLES), key)
    assert [entry["status"] for entry in entries] == ["returns_people"] * len(entries)
    assert all(0 < e["findable"] <= e["fits"] <= e["candidates"] for e in entries)


def test_the_command_prints_each_example_and_exits_0_for_the_shipped_file(capsys):
    call_command("examples_key", "--n", str(N), "--seed", str(SEED))
    out = capsys.readouterr().out
    assert out.count("returns_people: ") == 4
    assert "profiles — Who in France has 20+ years marketing infant formula" in out


def test_at_3000_the_shipped_file_prints_who_a_reader_can_prove(capsys):
    """The specification prints 2 of each for a file that accepted no name; the shipped file
    accepts the names the directory means (`also`: "baby formula", "public procurement", ...),
    so the people who state those are provable too."""
    call_command("examples_key", "--n", "3000", "--seed", "23")
    heads = [line for line in capsys.readouterr().out.splitlines() if not line.startswith(" ")]
    assert [line.split(" — ")[0] for line in heads] == [
        "returns_people: 3 of 109 profiles",
        "returns_people: 3 of 56 profiles",
        "returns_people: 7 of 209 profiles",
        "returns_people: 7 of 888 profiles",
    ]


def _nobody(tmp_path):
    niche = NICHES[SURGICAL_STAPLERS]
    examples = {
        "directory": "the expert directory",
        "examples": [
            {
                "question": f"Who in Japan has {niche.text}?",
                "constraints": [
                    {"relation": "based_in", "slot": "place", "op": "eq", "value": "Japan"}
                ],
                "niche": niche.text,
                "facets": list(niche.facets),
            }
        ],
    }
    path = tmp_path / "nobody.json"
    path.write_text(json.dumps(examples))
    return path


def test_an_example_that_fits_nobody_says_so_and_exits_1(tmp_path, capsys):
    path = _nobody(tmp_path)
    assert check(load_examples(path), build(N, SEED))[0]["status"] == FITS_NOBODY
    with pytest.raises(SystemExit) as stopped:
        call_command("examples_key", "--n", str(N), "--seed", str(SEED), "--examples", str(path))
    assert stopped.value.code == 1
    assert "fits_nobody: 0 of" in capsys.readouterr().out


def test_a_name_the_example_accepts_makes_its_people_findable(key):
    shipped = load_examples(DEFAULT_EXAMPLES).examples[1]
    assert any(f.get("also") for f in shipped.facets)  # the shipped file accepts its names
    bare = [{k: v for k, v in f.items() if k != "also"} for f in shipped.facets]
    plain = type(shipped)(shipped.question, shipped.constraints, shipped.niche, bare)
    examples = type(load_examples(DEFAULT_EXAMPLES))("d", [plain])
    assert (
        check(load_examples(DEFAULT_EXAMPLES), key)[1]["findable"]
        > (check(examples, key)[0]["findable"])
    )
