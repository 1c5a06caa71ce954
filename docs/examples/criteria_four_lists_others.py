"""The four lists (docs/concepts.md#four-lists): everyone who is not a match, three different
facts.

.venv/bin/python -m docs.examples.criteria_four_lists_others
"""

from __future__ import annotations

from docs.examples import people, scratch
from docs.examples.niche import EUROPE, NICHE, search


def main() -> None:
    scratch.setup()
    client, PEOPLE = people.build_people()
    with people.scripted():
        read = search(client, PEOPLE, constraints=EUROPE, criteria=[{"text": NICHE}])["criteria"][0]
    for person in read["none"]:
        print("NONE", person["entity_id"], [quote["text"] for quote in person["evidence"]])
    for person in read["undetermined"]:
        print(
            "UNDETERMINED",
            person["entity_id"],
            "-",
            person["reason"],
            "| has:",
            person["established"],
            "| missing:",
            person["missing"],
        )
        print(
            "    because:",
            person.get("missing_because"),
            "| states instead:",
            [quote["text"] for quote in person.get("different", [])],
        )
    for person in read["not_recorded"]:
        print("NOT RECORDED", person["entity_id"], "-", person["reason"])


if __name__ == "__main__":
    main()
