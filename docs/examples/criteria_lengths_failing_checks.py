"""The closed form (docs/concepts.md#the-closed-form-for-lengths): two people of IN_DOUBT whose
sentence IS the form
and fails the first two checks (who leads it, whose "I").

.venv/bin/python -m docs.examples.criteria_lengths_failing_checks
"""

from __future__ import annotations

from docs.examples import in_doubt, people, scratch
from docs.examples.niche import FACETS, NICHE, search


def main() -> None:
    scratch.setup()
    client, IN_DOUBT = in_doubt.build_in_doubt()
    with people.scripted():
        read = search(client, IN_DOUBT, criteria=[{"text": NICHE, "facets": FACETS}])["criteria"][0]
    for who in ("gunnhild_rosvoll", "aslaug_tveiten"):
        person = next(p for p in read["undetermined"] if p["entity_id"] == who)
        (length,) = person["lengths_not_proved"]
        print(who, "| holds:", person["established"], "| short of:", person["missing_because"])
        print(
            "   ", length["why"], "|", length["bound"], length["years"], "|", repr(length["text"])
        )
    print("matched:", [p["entity_id"] for p in read["matched"]])


if __name__ == "__main__":
    main()
