"""Lengths not handed on (docs/concepts.md#the-closed-form-for-lengths): two profiles of ON_RECORD
— years at another
employer are not handed on; the form behind a "she" and a sentence not the role's own is.

.venv/bin/python -m docs.examples.criteria_lengths_not_handed_on
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
    for who in ("solveig_aaberg", "torunn_holmen"):
        person = next(p for p in read["undetermined"] if p["entity_id"] == who)
        print(who, "| holds:", person["established"], "| short of:", person["missing_because"])
        print(
            "    handed on:",
            [(length["why"], length["text"]) for length in person.get("lengths_not_proved", [])],
        )


if __name__ == "__main__":
    main()
