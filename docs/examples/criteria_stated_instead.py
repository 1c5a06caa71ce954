"""Stated instead (docs/concepts.md#stated-instead): what the near-misses of ON_RECORD state
instead.

.venv/bin/python -m docs.examples.criteria_stated_instead
"""

from __future__ import annotations

from docs.examples import on_record, people, scratch
from docs.examples.niche import FACETS, NICHE, search


def main() -> None:
    scratch.setup()
    client, ON_RECORD = on_record.build_on_record()
    with people.scripted():
        read = search(client, ON_RECORD, criteria=[{"text": NICHE, "facets": FACETS}])["criteria"][
            0
        ]
    print("matched:", [person["entity_id"] for person in read["matched"]])
    for facet, listed in read["stated_instead"].items():
        print(
            facet,
            "|",
            listed["distinct"],
            "distinct |",
            [(value["states"], value["people"]) for value in listed["values"]],
        )


if __name__ == "__main__":
    main()
