"""A model's split left incomplete (docs/concepts.md#split): a piece no facet states reads nothing;
the suggested facet sent back as the caller's own is read as a fifth condition.

.venv/bin/python -m docs.examples.criteria_model_split_incomplete
"""

from __future__ import annotations

from docs.examples import people, scratch
from docs.examples.niche import EUROPE, NICHE, search


def main() -> None:
    scratch.setup()
    client, PEOPLE = people.build_people()
    with people.scripted():
        text = NICHE + " through pharmacies"
        stopped = search(client, PEOPLE, constraints=EUROPE, criteria=[{"text": text}])["criteria"][
            0
        ]
        print(
            stopped["status"],
            "-",
            stopped["status_reason"],
            "| documents read:",
            stopped["reads"]["done"],
        )
        print("left out:", stopped["decomposition"]["incomplete"])
        print("suggested:", [(facet["kind"], facet["text"]) for facet in stopped["suggested"]])

        mine = stopped["facets"] + stopped["suggested"]  # ONE reading of every piece: yours now
        read = search(
            client, PEOPLE, constraints=EUROPE, criteria=[{"text": text, "facets": mine}]
        )["criteria"][0]
        print(
            read["status"],
            "| split by:",
            read["decomposed_by"],
            "|",
            [facet["text"] for facet in read["facets"]],
        )
        print("counts:", read["counts"])


if __name__ == "__main__":
    main()
