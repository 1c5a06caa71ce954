"""A synthetic expert directory with its answer key, deterministic per seed.

    from directory import build_directory
    built = build_directory(3000, 23)   # people, the export connect loads, the answer key

Modules: places (countries and quotas), names (name pools, employers), people (a person and
their career), documents and prose (how people write), niches (the two niches and what counts),
infant_formula and staplers (the planted cases), generator, export (tables and mapping), key
(the answer key), examples (an examples file checked against the key), load (connect, Django).
Everything but load is plain Python over the shipped vocabulary.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from directory.export import export_of
from directory.generator import generate
from directory.key import Key, build, key_of
from directory.niches import NICHES
from directory.people import Person


@dataclass(frozen=True)
class Directory:
    n: int
    seed: int
    people: list[Person]
    export: dict[str, Any]
    key: Key


def build_directory(n: int, seed: int) -> Directory:
    people = generate(n, seed)
    return Directory(n, seed, people, export_of(people), key_of(n, seed, people))


__all__ = ["NICHES", "Directory", "Key", "build", "build_directory"]
