"""Bounding the reply (docs/concepts.md#counts-and-counts_detail): list_limit 0 lists nobody but
the matches; counts whole.

.venv/bin/python -m docs.examples.criteria_bounding
"""

from __future__ import annotations

from docs.examples import people, scratch
from docs.examples.niche import EUROPE, NICHE, search


def main() -> None:
    scratch.setup()
    client, PEOPLE = people.build_people()
    with people.scripted():
        read = search(client, PEOPLE, constraints=EUROPE, criteria=[{"text": NICHE}], list_limit=0)[
            "criteria"
        ][0]
    print(
        "listed:",
        {name: len(read[name]) for name in ("matched", "none", "undetermined", "not_recorded")},
    )
    print("counted:", read["counts"])
    short = read["counts_detail"]["undetermined"]
    print("one condition short:", short["one_condition_short"], "| conflict:", short["conflict"])
    print("open for how many:", short["missing"])
    print("and why:", short["missing_because"])
    print("people handed a length to judge:", short["lengths_not_proved"])
    print("not recorded:", read["counts_detail"]["not_recorded"])


if __name__ == "__main__":
    main()
