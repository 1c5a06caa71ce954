"""What the record check withholds, and says (docs/concepts.md#record-check): Maren of IN_DOUBT,
whose "Since 2001" role the record says ended in May 2015.

.venv/bin/python -m docs.examples.criteria_record_withholds
"""

from __future__ import annotations

from docs.examples import in_doubt, people, scratch
from docs.examples.niche import FACETS, NICHE, search


def main() -> None:
    scratch.setup()
    client, IN_DOUBT = in_doubt.build_in_doubt()
    check = {"relation": "held_role", "party_slot": "company"}
    current = {
        "text": "currently marketing baby formula in European markets",
        "facets": [
            {"key": "recency", "kind": "recency", "text": "currently", "current": True},
            *FACETS[1:],
        ],
    }

    def maren(criterion, **more):
        read = search(client, IN_DOUBT, criteria=[criterion], **more)["criteria"][0]
        return next((p for p in read["undetermined"] if p["entity_id"] == "maren_hauge"), None)

    with people.scripted():
        person = maren({**current, "record_check": check}, as_of="2024-06")
        print(
            "currently | short of:",
            person["missing_because"],
            "| closed by the record at:",
            person["closed_by_record"]["end"],
            "| names the row:",
            "row" in person["closed_by_record"],
        )
        print("currently, without the check | a match:", maren(current, as_of="2024-06") is None)
        person = maren({"text": NICHE, "facets": FACETS, "record_check": check})
        (length,) = person["lengths_not_proved"]
        print(
            "20+ years | short of:",
            person["missing_because"],
            "|",
            length["why"],
            "|",
            length["years"],
            "years, counted to the record's end:",
            length["closed_by_record"]["end"],
        )
        (without,) = maren({"text": NICHE, "facets": FACETS})["lengths_not_proved"]
        print(
            "20+ years, without the check |",
            without["years"],
            "years | closed by the record:",
            "closed_by_record" in without,
        )


if __name__ == "__main__":
    main()
