"""Accepted names (docs/concepts.md#accepted-names-also): one the reader can tell is wrong is a 422.

.venv/bin/python -m docs.examples.criteria_names_refused
"""

from __future__ import annotations

from docs.examples import on_record, people, scratch
from docs.examples.niche import FACETS, NICHE


def main() -> None:
    scratch.setup()
    client, ON_RECORD = on_record.build_on_record()

    def refused(key, name):
        facets = [dict(facet, also=[name]) if facet["key"] == key else facet for facet in FACETS]
        r = client.post(
            "/v1/public/search",
            {"workspace_id": ON_RECORD, "criteria": [{"text": NICHE, "facets": facets}]},
            format="json",
        )
        return r.status_code, r.json()["detail"]["faults"]

    with people.scripted():
        print(refused("market", "Southeast Asia"))
        print(refused("product", "not baby formula"))
        print(refused("product", "marketing"))


if __name__ == "__main__":
    main()
