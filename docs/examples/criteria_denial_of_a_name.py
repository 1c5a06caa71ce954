"""A denial of an accepted name (docs/concepts.md#denial-rules): a denial of a name you accepted
blocks like a denial of the condition's own words (IN_DOUBT, also: infant milks).

.venv/bin/python -m docs.examples.criteria_denial_of_a_name
"""

from __future__ import annotations

from docs.examples import in_doubt, people, scratch
from docs.examples.niche import FACETS, NICHE, search


def main() -> None:
    scratch.setup()
    client, IN_DOUBT = in_doubt.build_in_doubt()
    named = [
        dict(facet, also=["infant milks"]) if facet["key"] == "product" else facet
        for facet in FACETS
    ]
    with people.scripted():
        read = search(client, IN_DOUBT, criteria=[{"text": NICHE, "facets": named}])["criteria"][0]
    person = next(p for p in read["undetermined"] if p["entity_id"] == "oddrun_aarvik")
    print(
        person["entity_id"],
        "-",
        person["reason"],
        "| matched:",
        [p["entity_id"] for p in read["matched"]],
    )
    for quote in person["evidence"]:
        if quote["facet"] == "product":
            print(
                "   ",
                repr(quote["text"]),
                "| the name:",
                quote.get("accepted_name"),
                "| checked by",
                quote.get("checked_by"),
                "| denies:",
                quote.get("denies", False),
            )


if __name__ == "__main__":
    main()
