"""The four lists (docs/concepts.md#four-lists): the matches, and what each rests on.

.venv/bin/python -m docs.examples.criteria_four_lists
"""

from __future__ import annotations

from docs.examples import people, scratch
from docs.examples.niche import EUROPE, NICHE, search


def main() -> None:
    scratch.setup()
    client, PEOPLE = people.build_people()
    with people.scripted():
        read = search(client, PEOPLE, constraints=EUROPE, criteria=[{"text": NICHE}])["criteria"][0]
    for person in read["matched"]:
        print(person["entity_id"])
        for quote in person["evidence"]:
            print(
                "   ",
                quote["facet"] + ":",
                repr(quote["text"]),
                "| checked by",
                quote.get("checked_by", "rule"),
            )


if __name__ == "__main__":
    main()
