"""A model's split (docs/concepts.md#split): a denial no facet can state gets no suggestion.

.venv/bin/python -m docs.examples.criteria_model_split_nothing_suggested
"""

from __future__ import annotations

from docs.examples import people, scratch
from docs.examples.niche import EUROPE, NICHE, search


def main() -> None:
    scratch.setup()
    client, PEOPLE = people.build_people()
    with people.scripted():
        stopped = search(
            client, PEOPLE, constraints=EUROPE, criteria=[{"text": NICHE + ", not in Asia"}]
        )["criteria"][0]
    print(
        stopped["status_reason"],
        "|",
        stopped["decomposition"]["incomplete"],
        "| suggested:",
        stopped["suggested"],
    )


if __name__ == "__main__":
    main()
