"""Accepting a name (docs/concepts.md#accepted-names-also): ON_RECORD, also: infant milks.

.venv/bin/python -m docs.examples.criteria_accepting_a_name
"""

from __future__ import annotations

from docs.examples import on_record, people, scratch
from docs.examples.niche import FACETS, NICHE, search


def main() -> None:
    scratch.setup()
    client, ON_RECORD = on_record.build_on_record()
    named = [
        dict(facet, also=["infant milks"]) if facet["key"] == "product" else facet
        for facet in FACETS
    ]
    with people.scripted():
        read = search(client, ON_RECORD, criteria=[{"text": NICHE, "facets": named}])["criteria"][0]
    for person in read["matched"]:
        product = next(quote for quote in person["evidence"] if quote["facet"] == "product")
        print(
            person["entity_id"],
            "|",
            repr(product["text"]),
            "| the name:",
            product.get("accepted_name"),
            "| checked by",
            product["checked_by"],
        )
    print(
        "still offered:",
        [
            (value["states"], value["people"])
            for value in read["stated_instead"]["product"]["values"]
        ],
    )
    print(
        "not matched by the name:",
        [
            (person["entity_id"], person["missing_because"])
            for person in read["undetermined"]
            if "product" in person["missing_because"]
        ],
    )


if __name__ == "__main__":
    main()
