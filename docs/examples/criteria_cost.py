"""What a read costs (docs/concepts.md#plan-and-price): priced before anything is read; narrowed.

.venv/bin/python -m docs.examples.criteria_cost
"""

from __future__ import annotations

from docs.examples import people, scratch
from docs.examples.niche import EUROPE, FACETS, NICHE, search


def main() -> None:
    scratch.setup()
    client, PEOPLE = people.build_people()
    with people.scripted():
        mine = {"text": NICHE, "facets": FACETS}
        plan = search(
            client, PEOPLE, constraints=EUROPE, criteria=[mine], criteria_budget={"max_usd": 0}
        )["criteria"][0]
        print(
            plan["status"],
            "-",
            plan["status_reason"],
            "| needed:",
            plan["reads"]["needed"],
            "| read by this call:",
            plan["reads"]["done"],
            "| matched so far:",
            plan["counts"]["matched"],
        )
        print(
            "estimate:",
            plan["estimate"]["cost_basis"],
            "| costs something:",
            plan["estimate"]["cost_usd"] > 0,
            "| a role constraint would narrow it:",
            "held_role" in plan["unconstrained_relations"],
        )
        print(
            "calls at most:",
            plan["estimate"]["reads"],
            "reads +",
            plan["estimate"]["adjudication"]["calls_at_most"],
            "second calls +",
            plan["estimate"]["typing"]["calls_at_most"],
            "typing calls",
        )

        two_countries = [
            {"relation": "based_in", "slot": "place", "op": "in", "value": ["Germany", "France"]}
        ]
        narrowed = search(
            client,
            PEOPLE,
            constraints=two_countries,
            criteria=[{"address": plan["address"]}],
            criteria_budget={"max_reads": 3},
        )
        print(
            narrowed["criteria"][0]["status"],
            "| needed:",
            narrowed["criteria"][0]["reads"]["needed"],
            "| matched:",
            narrowed["entities"]["matched"],
        )


if __name__ == "__main__":
    main()
