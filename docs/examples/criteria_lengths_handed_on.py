"""Lengths handed on (docs/concepts.md#the-closed-form-for-lengths): three people of PEOPLE, one
for each way a true
length is commonly written, each handed the sentence the reader did not take a length from.

.venv/bin/python -m docs.examples.criteria_lengths_handed_on
"""

from __future__ import annotations

from docs.examples import people, scratch
from docs.examples.niche import EUROPE, NICHE, search


def main() -> None:
    scratch.setup()
    client, PEOPLE = people.build_people()
    with people.scripted():
        read = search(client, PEOPLE, constraints=EUROPE, criteria=[{"text": NICHE}])["criteria"][0]
    for who in ("kasper_vandenberg", "cornelia_vantongeren", "margaux_delacroix"):
        person = next(p for p in read["undetermined"] if p["entity_id"] == who)
        print(who, "| short of:", person["missing_because"]["duration"])
        for length in person["lengths_not_proved"]:
            print(
                "   ", length["why"], "|", length["bound"], length["years"], "|", length["kept_as"]
            )
            print("   ", repr(length["text"]))


if __name__ == "__main__":
    main()
