"""A denial kept as a doubt (docs/concepts.md#denial-rules): a screening note's "She has never
worked on baby formula herself." beside a profile that states the whole niche (IN_DOUBT).

.venv/bin/python -m docs.examples.criteria_denial_in_doubt
"""

from __future__ import annotations

from docs.examples import in_doubt, people, scratch
from docs.examples.niche import FACETS, NICHE, search


def main() -> None:
    scratch.setup()
    client, IN_DOUBT = in_doubt.build_in_doubt()
    with people.scripted():
        read = search(client, IN_DOUBT, criteria=[{"text": NICHE, "facets": FACETS}])["criteria"][0]
    person = next(p for p in read["undetermined"] if p["entity_id"] == "ingrid_valen")
    print(
        person["entity_id"],
        "-",
        person["reason"],
        "| matched:",
        [p["entity_id"] for p in read["matched"]],
    )
    for quote in person["evidence"]:
        print(
            "   ", quote["facet"] + ":", repr(quote["text"]), "|", quote.get("kept_as", "supports")
        )
    print("denials:", [(denial["facet"], denial["text"]) for denial in person["denials"]])


if __name__ == "__main__":
    main()
