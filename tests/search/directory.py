"""A deterministic synthetic directory of people, and an independent count of who a search holds.

`directory_export(n, seed)` builds a document-store export (tables and mapping, the shape
POST /v1/public/connect takes): people with a country (written as English names, native names
and codes; some a place no vocabulary knows; some withheld; some missing), a few second
locations, 0-3 roles each and a profile per person, some in the access group "restricted".

`brute_force(export, constraints, vocabulary)` says who a search must match, rule out, find
not recorded or fail to place, by a plain loop over the export's own tables. It shares no code
with the product's partition: the vocabulary is used only to place a value and to climb from a
country to a region. Each record is its own person (no same_as column here, so no merging).
"""

from __future__ import annotations

import random
from collections import Counter, defaultdict
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from itertools import accumulate
from typing import Any

from limma.vocabulary import Vocabulary

MATCHED = "matched"
RULED_OUT = "ruled_out"
NOT_RECORDED = "not_recorded"
CANNOT_BE_PLACED = "cannot_be_placed"
VERDICTS = (MATCHED, RULED_OUT, NOT_RECORDED, CANNOT_BE_PLACED)
WITHHELD = "withheld"  # one relation's verdict: the loader withheld the row; overall, cannot

UNPLACEABLE_PLACE = "Atlantis"
UNPLACEABLE_FUNCTION = "Wizardry"
RESTRICTED = "restricted"
GENERAL = "general"

# (how the export writes the country, weight). Native names and codes on purpose.
PLACES: tuple[tuple[str, int], ...] = (
    # DACH, and a neighbour that is Central Europe but not DACH
    ("Germany", 6), ("Deutschland", 3), ("DE", 1), ("Austria", 3), ("Österreich", 1),
    ("Switzerland", 3), ("Schweiz", 2), ("Suisse", 1), ("Liechtenstein", 1),
    # Nordics
    ("Sweden", 3), ("Sverige", 2), ("Norway", 2), ("Norge", 1), ("Denmark", 2),
    ("Finland", 2), ("Suomi", 1), ("Iceland", 1),
    # Benelux
    ("Belgium", 2), ("België", 1), ("Netherlands", 3), ("Nederland", 1), ("Holland", 1),
    ("Luxembourg", 1),
    # Southern Europe
    ("Spain", 3), ("España", 1), ("Italy", 3), ("Italia", 1), ("Portugal", 2), ("Greece", 1),
    # the rest of Europe
    ("France", 3), ("Poland", 2), ("United Kingdom", 3), ("Ireland", 1),
    # Southeast Asia
    ("Vietnam", 2), ("Việt Nam", 1), ("Singapore", 2), ("Thailand", 1), ("Indonesia", 1),
    ("Malaysia", 1), ("Philippines", 1),
    # the Americas
    ("United States", 5), ("USA", 2), ("Canada", 2), ("Mexico", 1), ("Brazil", 2),
    ("Brasil", 1), ("Argentina", 1),
    # elsewhere
    ("Japan", 1), ("India", 2), ("Australia", 1),
)  # fmt: skip

# (how the export writes the function, weight): names, aliases, and one no vocabulary knows.
FUNCTIONS: tuple[tuple[str, int], ...] = (
    ("Marketing", 5), ("brand management", 1), ("Sales", 5), ("account management", 1),
    ("Finance", 4), ("Operations", 4), ("General Management", 3), (UNPLACEABLE_FUNCTION, 1),
)  # fmt: skip

TITLES = ("Head of", "Director,", "VP", "Manager,", "Lead,")
COMPANIES = (
    "Quellmark Foods", "Halden Foods", "Norrvik Pharma", "Alvero Logistics", "Brightwater Bank",
    "Castellan Retail", "Dunmore Energy", "Eskerud Telecom", "Fairholt Insurance",
    "Gryphon Media", "Helvetia Instruments", "Isarwerk Chemie", "Juniper Mobility",
    "Kestrel Software", "Lindqvist Paper", "Maribel Textiles", "Nordlicht Solar",
)  # fmt: skip
FIRST_NAMES = (
    "Greta", "Dario", "Nikolai", "Xenia", "Amara", "Bastian", "Chiara", "Dmitri", "Elif",
    "Farid", "Gunnhild", "Hana", "Ines", "Jonas", "Kalani", "Lior", "Maren", "Nadia", "Oskar",
    "Priya", "Quentin", "Rosa", "Sven", "Tamsin", "Ulla", "Viktor", "Wen", "Yusuf", "Zoë",
)  # fmt: skip
LAST_NAMES = (
    "Ostrander", "Benavente", "Wierzbicki", "Bergström", "Achterberg", "Brennan", "Castellano",
    "Dahlgren", "Eriksen", "Fontaine", "Gallagher", "Haugland", "Ibáñez", "Janssen", "Kowalczyk",
    "Lindqvist", "Moreau", "Nakamura", "Oyelaran", "Petrović", "Quintero", "Rasmussen",
    "Santos", "Takahashi", "Uribe", "Vasquez", "Whitfield", "Yilmaz", "Zimmermann",
)  # fmt: skip
# Names no export of directory_export carries: people only an ingested document mentions.
OUTSIDER_FIRST = ("Aurelio", "Brunhild", "Casimir", "Delphine", "Evander", "Filippa", "Gideon")
OUTSIDER_LAST = ("Marchetti-Vale", "Oakhurst", "Pemberton-Slye", "Quarrington", "Rudbeckia")

MAPPING: dict[str, Any] = {
    "entities": [{"table": "people", "id": "_id", "name": "name"}],
    "relations": [
        {
            "relation": "based_in",
            "table": "people",
            "entity": "_id",
            "slots": {"place": "country"},
            "withheld": "country_withheld",
        },
        {
            "relation": "based_in",
            "table": "offices",
            "entity": "person_id",
            "id": "office_id",
            "slots": {"place": "country"},
        },
        {
            "relation": "held_role",
            "table": "roles",
            "entity": "person_id",
            "id": "role_id",
            "slots": {
                "company": "company",
                "title": "title",
                "function": "function",
                "start": "start",
                "end": "end",
            },
        },
    ],
    "documents": [
        {
            "table": "people",
            "entity": "_id",
            "kind": "profile",
            "text": "bio",
            "access_group": "bio_group",
        }
    ],
}


def directory_export(n: int, seed: int) -> dict[str, Any]:
    """n people, the same export for the same (n, seed)."""
    whole: dict[str, list[dict[str, Any]]] = {"people": [], "offices": [], "roles": []}
    for chunk in directory_chunks(n, seed, max(n, 1)):
        for name, table in chunk["tables"].items():
            whole[name] += table
    return {"tables": whole, "mapping": MAPPING}


def directory_chunks(n: int, seed: int, size: int) -> Iterator[dict[str, Any]]:
    """directory_export(n, seed) cut into exports of `size` people each, in order, each person
    with their offices and roles: a million people need never be in memory at once."""
    rng = random.Random(seed)
    places = [place for place, _ in PLACES]
    # The weights summed once: random.choices draws the same with cum_weights, and faster.
    place_weights = list(accumulate(weight for _, weight in PLACES))
    functions = [function for function, _ in FUNCTIONS]
    function_weights = list(accumulate(weight for _, weight in FUNCTIONS))
    role_counts = list(accumulate((15, 35, 30, 20)))
    taken: set[int] = set()
    for start in range(0, n, size):
        people: list[dict[str, Any]] = []
        offices: list[dict[str, Any]] = []
        roles: list[dict[str, Any]] = []
        for _ in range(min(size, n - start)):
            bits = rng.getrandbits(96)
            while bits in taken:
                bits = rng.getrandbits(96)
            taken.add(bits)
            person_id = f"{bits:024x}"
            name = f"{rng.choice(FIRST_NAMES)} {rng.choice(LAST_NAMES)}"
            person: dict[str, Any] = {"_id": person_id, "name": name}
            draw = rng.random()
            if draw < 0.03:
                person["country"] = UNPLACEABLE_PLACE
            elif draw < 0.06:
                person["country_withheld"] = True
                if rng.random() < 0.5:  # a value the loader must not keep: the row is withheld
                    person["country"] = rng.choices(places, cum_weights=place_weights)[0]
            elif draw >= 0.09:
                person["country"] = rng.choices(places, cum_weights=place_weights)[0]
            # else: no country at all, as a document store omits a field
            if rng.random() < 0.08:
                second = (
                    UNPLACEABLE_PLACE
                    if rng.random() < 0.1
                    else rng.choices(places, cum_weights=place_weights)[0]
                )
                offices.append(
                    {"office_id": f"o-{person_id}", "person_id": person_id, "country": second}
                )
            for index in range(rng.choices((0, 1, 2, 3), cum_weights=role_counts)[0]):
                function = rng.choices(functions, cum_weights=function_weights)[0]
                roles.append(_role(rng, person_id, index, function))
            if rng.random() < 0.98:
                person["bio"] = (
                    f"{name} is an expert of this directory.\n\nThe profile says no more."
                )
                person["bio_group"] = RESTRICTED if rng.random() < 0.05 else GENERAL
            people.append(person)
        yield {"tables": {"people": people, "offices": offices, "roles": roles}, "mapping": MAPPING}


def _role(rng: random.Random, person_id: str, index: int, function: str) -> dict[str, Any]:
    start_year = rng.randint(1995, 2023)
    start = str(start_year) if rng.random() < 0.1 else f"{start_year}-{rng.randint(1, 12):02d}"
    role: dict[str, Any] = {
        "role_id": f"{person_id}-r{index}",
        "person_id": person_id,
        "company": rng.choice(COMPANIES),
        "title": f"{rng.choice(TITLES)} {function}",
        "function": function,
        "start": start,
    }
    open_ended = rng.random()
    if open_ended < 0.2:
        role["end"] = ""
    elif open_ended >= 0.35:
        end_year = min(start_year + rng.randint(0, 8), 2024)
        role["end"] = f"{end_year}-{rng.randint(1, 12):02d}"
        if role["end"] < start:
            role["end"] = f"{start_year}-12"
    # else: no end key at all (open-ended)
    return role


def outsider_names(export: Mapping[str, Any], count: int) -> list[str]:
    """`count` distinct names that no person of the export carries."""
    known = {person["name"].casefold() for person in export["tables"]["people"]}
    names = [
        f"{first} {last} {number}"
        for number in range(1, count + 1)
        for first, last in [
            (
                OUTSIDER_FIRST[number % len(OUTSIDER_FIRST)],
                OUTSIDER_LAST[number % len(OUTSIDER_LAST)],
            )
        ]
    ]
    assert not known & {name.casefold() for name in names}
    return names


# -- the independent count ----------------------------------------------------------------


@dataclass
class Person:
    id: str
    name: str
    rows: dict[str, list[dict[str, str]]] = field(default_factory=lambda: defaultdict(list))
    withheld: set[str] = field(default_factory=set)


def _text(value: Any) -> str:
    return "" if value is None else str(value).strip()


def people_of(export: Mapping[str, Any]) -> dict[str, Person]:
    """The export read as the record: each person's rows by relation, and what was withheld."""
    tables = export["tables"]
    people = {row["_id"]: Person(row["_id"], row["name"]) for row in tables["people"]}
    for row in tables["people"]:
        person = people[row["_id"]]
        if _text(row.get("country_withheld")).lower() in {"true", "1", "yes"}:
            person.withheld.add("based_in")
        elif _text(row.get("country")):
            person.rows["based_in"].append({"place": _text(row["country"])})
    for row in tables["offices"]:
        if _text(row.get("country")):
            people[row["person_id"]].rows["based_in"].append({"place": _text(row["country"])})
    for row in tables["roles"]:
        values = {
            slot: _text(row.get(slot))
            for slot in ("company", "title", "function", "start", "end")
            if _text(row.get(slot))
        }
        people[row["person_id"]].rows["held_role"].append(values)
    return people


AXES = {("based_in", "place"): "place", ("held_role", "function"): "function"}
TEXT_SLOTS = {("held_role", "company"), ("held_role", "title")}


def _value_meets(
    relation: str, stored: str, condition: Mapping[str, Any], vocabulary: Vocabulary
) -> bool | None:
    """Whether one stored value meets one condition; None when the value cannot be placed."""
    slot, op, value = condition["slot"], condition["op"], condition["value"]
    if op not in {"eq", "in", "ne"}:
        raise ValueError(f"the brute-force count reads no op {op!r}")
    wanted = list(value) if op == "in" else [value]
    axis = AXES.get((relation, slot))
    if axis is not None:
        term = vocabulary.lookup(stored, axis=axis)
        if term is None:
            return None
        hit = any(vocabulary.is_under(term, str(each), axis=axis) for each in wanted)
    elif (relation, slot) in TEXT_SLOTS:
        hit = any(
            " ".join(stored.casefold().split()) == " ".join(str(each).casefold().split())
            for each in wanted
        )
    else:
        raise ValueError(f"the brute-force count reads no slot {relation}.{slot}")
    return not hit if op == "ne" else hit


def running(values: Mapping[str, str], as_of: str) -> bool:
    """A row with a period runs as of a date when it started by then and had not yet ended;
    dates compare to the precision both carry ("2012" holds "2012-06")."""
    start, end = values.get("start", ""), values.get("end", "")
    if start:
        shared = min(len(start), len(as_of))
        if start[:shared] > as_of[:shared]:
            return False
    if end:
        shared = min(len(end), len(as_of))
        if end[:shared] < as_of[:shared]:
            return False
    return True


def _relation_verdict(
    person: Person,
    relation: str,
    conditions: list[Mapping[str, Any]],
    vocabulary: Vocabulary,
    as_of: str,
) -> str:
    declared = person.rows.get(relation, [])
    could_be = False
    for values in declared:
        if as_of and not running(values, as_of):
            continue  # meets nothing as of the date, but it still says "no"
        results = []
        for condition in conditions:
            slot = condition["slot"]
            if slot in values:
                results.append(_value_meets(relation, values[slot], condition, vocabulary))
            else:
                results.append(condition["op"] == "ne")  # no value is unequal to anything
        if all(result is True for result in results):
            return MATCHED  # every condition held in this ONE row
        if False not in results:
            could_be = True  # no condition failed, one could not be placed
    if could_be:
        return CANNOT_BE_PLACED
    if relation in person.withheld:
        return WITHHELD
    if declared:
        return RULED_OUT
    return NOT_RECORDED


def _relation_verdicts(
    export: Mapping[str, Any],
    constraints: Iterable[Mapping[str, Any]],
    vocabulary: Vocabulary,
    as_of: str,
    outsiders: Iterable[str],
) -> dict[str, dict[str, str]]:
    """Each person's verdict on each relation the constraints name."""
    people = people_of(export)
    for outsider in outsiders:
        people[outsider] = Person(outsider, "")
    by_relation: dict[str, list[Mapping[str, Any]]] = defaultdict(list)
    for constraint in constraints:
        by_relation[constraint["relation"]].append(constraint)
    return {
        person.id: {
            relation: _relation_verdict(person, relation, conditions, vocabulary, as_of)
            for relation, conditions in by_relation.items()
        }
        for person in people.values()
    }


def _overall(verdicts: Iterable[str]) -> str:
    found = set(verdicts)
    if found <= {MATCHED}:
        return MATCHED
    if RULED_OUT in found:
        return RULED_OUT
    if found & {CANNOT_BE_PLACED, WITHHELD}:
        return CANNOT_BE_PLACED
    return NOT_RECORDED


def brute_force(
    export: Mapping[str, Any],
    constraints: Iterable[Mapping[str, Any]],
    vocabulary: Vocabulary,
    *,
    as_of: str = "",
    outsiders: Iterable[str] = (),
) -> dict[str, set[str]]:
    """Entity ids by verdict. `outsiders` are ids in scope that the export does not hold
    (people only documents mention): they have no rows."""
    found: dict[str, set[str]] = {verdict: set() for verdict in VERDICTS}
    verdicts = _relation_verdicts(export, constraints, vocabulary, as_of, outsiders)
    for person, by_relation in verdicts.items():
        found[_overall(by_relation.values())].add(person)
    return found


def incomplete_reasons(
    export: Mapping[str, Any],
    constraints: Iterable[Mapping[str, Any]],
    vocabulary: Vocabulary,
    *,
    as_of: str = "",
    outsiders: Iterable[str] = (),
) -> dict[str, int]:
    """What keeps the set from being whole: for each person neither matched nor ruled out,
    each relation that is not recorded, cannot be placed or was withheld, counted as
    "<why>:<relation>"."""
    reasons: Counter[str] = Counter()
    verdicts = _relation_verdicts(export, constraints, vocabulary, as_of, outsiders)
    for by_relation in verdicts.values():
        if _overall(by_relation.values()) in {NOT_RECORDED, CANNOT_BE_PLACED}:
            for relation, verdict in by_relation.items():
                if verdict != MATCHED:
                    reasons[f"{verdict}:{relation}"] += 1
    return dict(sorted(reasons.items()))


def places_of(export: Mapping[str, Any]) -> dict[str, list[str]]:
    """Each person's declared (not withheld) places, as the export writes them."""
    return {
        person.id: [values["place"] for values in person.rows.get("based_in", [])]
        for person in people_of(export).values()
    }


# The searches the bulk loader is checked with against connect (its test and the benchmark's
# proof): two constraints, a negation, a list of regions and a slot no vocabulary places.
EUROPE_MARKETING = [
    {"relation": "based_in", "slot": "place", "op": "eq", "value": "Europe"},
    {"relation": "held_role", "slot": "function", "op": "eq", "value": "Marketing"},
]
LOADER_CHECKS = [
    EUROPE_MARKETING,
    [{"relation": "based_in", "slot": "place", "op": "ne", "value": "Germany"}],
    [{"relation": "based_in", "slot": "place", "op": "in", "value": ["DACH", "Southeast Asia"]}],
    [{"relation": "held_role", "slot": "company", "op": "eq", "value": "Halden Foods"}],
]
