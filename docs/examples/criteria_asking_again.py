"""Asking again (docs/concepts.md#reuse): stored judgments answer by address; the text's identity.

.venv/bin/python -m docs.examples.criteria_asking_again
"""

from __future__ import annotations

from docs.examples import people, scratch
from docs.examples.niche import EUROPE, NICHE, search


def main() -> None:
    scratch.setup()
    client, PEOPLE = people.build_people()
    with people.scripted():
        first = search(client, PEOPLE, constraints=EUROPE, criteria=[{"text": NICHE}])["criteria"][
            0
        ]
        again = search(
            client, PEOPLE, constraints=EUROPE, criteria=[{"address": first["address"]}]
        )["criteria"][0]
        print(
            "again:",
            again["status"],
            "| needed:",
            again["reads"]["needed"],
            "| reused:",
            again["reads"]["reused"],
            "| model calls:",
            again["usage"]["calls"],
        )
        spaced = search(
            client,
            PEOPLE,
            constraints=EUROPE,
            criteria_budget={"max_reads": 0},
            criteria=[{"text": NICHE.upper().replace(" ", "  ")}],
        )["criteria"][0]
        stopped = search(
            client,
            PEOPLE,
            constraints=EUROPE,
            criteria_budget={"max_reads": 0},
            criteria=[{"text": NICHE + "."}],
        )["criteria"][0]
    print("other case and spacing: the same criterion:", spaced["address"] == first["address"])
    print("a final full stop:", stopped["status"], "-", stopped["status_reason"])


if __name__ == "__main__":
    main()
