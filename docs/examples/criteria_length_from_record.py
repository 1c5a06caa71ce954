"""The record check (docs/concepts.md#record-check): record_check on ON_RECORD, whose record holds
roles of twenty years and more — and the step that would read a length from it is switched off.

.venv/bin/python -m docs.examples.criteria_length_from_record
"""

from __future__ import annotations

from docs.examples import on_record, people, scratch
from docs.examples.niche import FACETS, NICHE, search


def main() -> None:
    scratch.setup()
    client, ON_RECORD = on_record.build_on_record()
    check = {"relation": "held_role", "party_slot": "company", "label_slot": "title"}
    with people.scripted():
        read = search(
            client,
            ON_RECORD,
            criteria=[{"text": NICHE, "facets": FACETS, "record_check": check}],
        )["criteria"][0]
        print(
            "status:",
            read["status"],
            "| matched:",
            [person["entity_id"] for person in read["matched"]],
        )
        print("read for a length:", read["record_check"]["length"])
        print("read for an open period:", read["record_check"]["open_period"])
        print(
            "one condition short:",
            [
                (person["entity_id"], person["missing_because"])
                for person in read["undetermined"]
                if "duration" in person["missing_because"]
            ],
        )
        without = search(client, ON_RECORD, criteria=[{"text": NICHE, "facets": FACETS}])[
            "criteria"
        ][0]
        print(
            "without the check:",
            without["record_check"],
            "|",
            [
                person["entity_id"]
                for person in without["undetermined"]
                if "duration" in person["missing_because"]
            ],
        )


if __name__ == "__main__":
    main()
