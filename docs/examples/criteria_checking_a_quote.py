"""Checking a quote (docs/concepts.md#quote-checked-byte-for-byte): the region verb re-reads its
bytes.

.venv/bin/python -m docs.examples.criteria_checking_a_quote
"""

from __future__ import annotations

from docs.examples import people, scratch
from docs.examples.niche import EUROPE, NICHE, search


def main() -> None:
    scratch.setup()
    client, PEOPLE = people.build_people()
    with people.scripted():
        read = search(client, PEOPLE, constraints=EUROPE, criteria=[{"text": NICHE}])["criteria"][0]
    quote = read["matched"][0]["evidence"][0]
    stored = client.get(
        "/v1/public/region",
        {
            "workspace_id": PEOPLE,
            "source_id": quote["source_id"],
            "start": quote["char_start"],
            "end": quote["char_end"],
        },
    ).json()
    print(repr(stored["text"]), "| the same bytes:", stored["text"] == quote["text"])


if __name__ == "__main__":
    main()
