"""A caller's own split (docs/concepts.md#facet): the echo of a caller's facets, priced only.

.venv/bin/python -m docs.examples.criteria_split_yourself
"""

from __future__ import annotations

from docs.examples import people, scratch
from docs.examples.niche import EUROPE, FACETS, NICHE, search


def main() -> None:
    scratch.setup()
    client, PEOPLE = people.build_people()

    def priced(facets):
        return search(
            client,
            PEOPLE,
            constraints=EUROPE,
            criteria_budget={"max_usd": 0},
            criteria=[{"text": NICHE, "facets": facets}],
        )["criteria"][0]

    with people.scripted():
        clean = priced(FACETS)
        print(
            "split by:",
            clean["decomposed_by"],
            "| typed:",
            [(f["key"], f.get("value")) for f in clean["facets"] if f["kind"] == "condition"],
        )
        merged = priced(
            [
                FACETS[0],
                FACETS[3],
                {"key": "work", "kind": "condition", "text": "marketing baby formula"},
            ]
        )
        print(
            "two conditions in one facet:",
            [(f["typed"], f["typed_reason"]) for f in merged["facets"] if f["key"] == "work"],
        )
        left_out = priced([facet for facet in FACETS if facet["key"] != "function"])
        print("a word no facet took:", left_out["unchecked_words"])


if __name__ == "__main__":
    main()
