"""The criteria read (docs/verbs.md#the-criteria-read): constraints narrow PEOPLE, the whole niche
read as one criterion.

.venv/bin/python -m docs.examples.criteria_sending_one
"""

from __future__ import annotations

from docs.examples import people, scratch


def main() -> None:
    scratch.setup()
    client, PEOPLE = people.build_people()
    with people.scripted():
        r = client.post(
            "/v1/public/search",
            {
                "workspace_id": PEOPLE,
                "detail": "full",
                "constraints": [
                    {"relation": "based_in", "slot": "place", "op": "eq", "value": "Europe"}
                ],
                "criteria": [{"text": "20+ years marketing baby formula in European markets"}],
            },
            format="json",
        ).json()
    read = r["criteria"][0]
    print("status:", read["status"])
    print(
        "read from:",
        read["candidates"]["entities"],
        "people,",
        read["candidates"]["documents"],
        "documents | budget:",
        read["budget"],
    )
    print(
        "split by:",
        read["decomposed_by"],
        [(f["key"], f["kind"], f["text"]) for f in read["facets"]],
    )
    print("counts:", read["counts"])
    print("matched:", r["entities"]["matched"], "| rows delivered:", r["provenance"])


if __name__ == "__main__":
    main()
