"""Reader identity (docs/concepts.md#reader-identity): READ_EARLIER, whose judgments an earlier
reader stored.

.venv/bin/python -m docs.examples.criteria_read_earlier
"""

from __future__ import annotations

from docs.examples import people, scratch
from docs.examples.niche import FACETS, NICHE, search


def main() -> None:
    scratch.setup()
    client, READ_EARLIER = people.build_read_earlier()
    with people.scripted():
        mine = {"text": NICHE, "facets": FACETS}
        reuse = search(client, READ_EARLIER, criteria=[mine], criteria_budget={"max_reads": 0})[
            "criteria"
        ][0]
        print(
            "reuse only:",
            reuse["status"],
            "| stored, not served:",
            reuse["reads"]["stored_not_served"],
        )
        print(
            "   ",
            reuse["counts"],
            "|",
            [(p["entity_id"], p["reason"], p["causes"]) for p in reuse["not_recorded"]],
        )
        read = search(client, READ_EARLIER, criteria=[mine])["criteria"][0]
        print(
            "with a budget:",
            read["status"],
            "| read again:",
            read["reads"]["done"],
            "| reused:",
            read["reads"]["reused"],
            "|",
            read["counts"],
        )
        print("   ", [(p["entity_id"], p["missing_because"]) for p in read["undetermined"]])
        again = search(client, READ_EARLIER, criteria=[mine])["criteria"][0]
        print(
            "and again: read:",
            again["reads"]["done"],
            "| reused:",
            again["reads"]["reused"],
            "| stored, not served:",
            again["reads"]["stored_not_served"],
        )


if __name__ == "__main__":
    main()
