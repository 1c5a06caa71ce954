"""A reported denial (docs/concepts.md#denial-rules): a named third party's report of a denial
beside a profile that states the whole niche (IN_DOUBT).

.venv/bin/python -m docs.examples.criteria_denial_reported
"""

from __future__ import annotations

from docs.examples import in_doubt, people, scratch
from docs.examples.niche import FACETS, NICHE, search


def main() -> None:
    scratch.setup()
    client, IN_DOUBT = in_doubt.build_in_doubt()
    with people.scripted():
        read = search(client, IN_DOUBT, criteria=[{"text": NICHE, "facets": FACETS}])["criteria"][0]
    person = next(p for p in read["undetermined"] if p["entity_id"] == "hallgerd_skarstein")
    print(person["entity_id"], "-", person["reason"])
    for quote in person["evidence"]:
        if quote["facet"] == "product":
            print(
                "   ",
                repr(quote["text"]),
                "|",
                "denies" if quote.get("denies") else quote.get("kept_as", "supports"),
            )


if __name__ == "__main__":
    main()
