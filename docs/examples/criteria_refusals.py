"""The criteria read's refusals (docs/verbs.md#the-criteria-read): 422s that read nothing.

.venv/bin/python -m docs.examples.criteria_refusals
"""

from __future__ import annotations

from docs.examples import people, scratch
from docs.examples.niche import EUROPE, NICHE


def main() -> None:
    scratch.setup()
    client, PEOPLE = people.build_people()

    def refusal(**body):
        r = client.post(
            "/v1/public/search",
            {"workspace_id": PEOPLE, "constraints": EUROPE, **body},
            format="json",
        )
        return r.status_code, r.json()["detail"]["type"]

    def length_fault(words, years):
        r = client.post(
            "/v1/public/search",
            {
                "workspace_id": PEOPLE,
                "criteria": [
                    {
                        "text": words + " marketing baby formula",
                        "facets": [
                            {
                                "key": "duration",
                                "kind": "duration",
                                "text": words,
                                "min_years": years,
                            },
                            {"key": "function", "kind": "condition", "text": "marketing"},
                            {"key": "product", "kind": "condition", "text": "baby formula"},
                        ],
                    }
                ],
            },
            format="json",
        )
        return r.status_code, r.json()["detail"]["type"], r.json()["detail"]["faults"]

    with people.scripted():
        print(refusal(criteria=[{"text": NICHE}, {"text": "ten years of harbour pilotage"}]))
        print(refusal(criteria=[{"address": "crit_0000000000000000"}]))
        print(refusal(criteria=[{"text": NICHE}], criteria_budget={"max_reads": 1_000_000}))
        print(length_fault("less than 5 years", 5))
        print(length_fault("18 months", 18))


if __name__ == "__main__":
    main()
