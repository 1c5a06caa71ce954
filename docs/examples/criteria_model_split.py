"""A model's split (docs/concepts.md#split): checked against the text, accepted.

.venv/bin/python -m docs.examples.criteria_model_split
"""

from __future__ import annotations

from docs.examples import people, scratch
from docs.examples.niche import EUROPE, search


def main() -> None:
    scratch.setup()
    client, PEOPLE = people.build_people()
    with people.scripted():
        read = search(
            client,
            PEOPLE,
            constraints=EUROPE,
            criteria=[
                {
                    "text": "Experts who led marketing for baby formula in European markets for "
                    "20+ years",
                }
            ],
        )["criteria"][0]
    print(read["decomposition"]["status"], "|", read["decomposition"]["actions"])
    for facet in read["facets"]:
        print(
            facet["key"] + ":",
            repr(facet["text"]),
            "| core:",
            facet.get("core"),
            "| carried:",
            facet.get("carried"),
        )
    print("unchecked words:", read["unchecked_words"], "| matched:", read["counts"]["matched"])
    print(
        "model calls:",
        read["usage"]["calls"],
        "= 1 split +",
        read["reads"]["done"],
        "reads +",
        read["reads"]["adjudicated"],
        "second calls +",
        read["reads"]["typed"],
        "typing calls",
    )


if __name__ == "__main__":
    main()
