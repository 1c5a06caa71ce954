"""A directory of people whose profiles all state the niche the same way: what the read tests
that count a read's cost load; and the export of such a table of people, whatever their
profiles say."""

from __future__ import annotations


def people(count: int) -> dict:
    """count people in Germany, each with a profile that states the niche the same way."""
    return profiles_export(
        [
            {
                "_id": f"p{index:04d}",
                "name": f"Greta Ostrander {index:04d}",
                "country": "Germany",
                "bio": (
                    f"Greta Ostrander {index:04d} led marketing for baby formula across Poland.\n"
                ),
            }
            for index in range(count)
        ]
    )


def profiles_export(rows: list[dict]) -> dict:
    """An export of one table of people (_id, name, country, bio): each based in their country,
    with their bio as their one profile."""
    return {
        "tables": {"people": rows},
        "mapping": {
            "entities": [{"table": "people", "id": "_id", "name": "name"}],
            "relations": [
                {
                    "relation": "based_in",
                    "table": "people",
                    "entity": "_id",
                    "slots": {"place": "country"},
                }
            ],
            "documents": [{"table": "people", "entity": "_id", "kind": "profile", "text": "bio"}],
        },
    }
