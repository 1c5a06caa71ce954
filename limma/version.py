"""Limma's own version, as pyproject.toml declares it (the project is run from its checkout, not
installed, so the package metadata holds none)."""

from __future__ import annotations

import tomllib
from functools import lru_cache
from pathlib import Path

PYPROJECT = Path(__file__).resolve().parent.parent / "pyproject.toml"


@lru_cache(maxsize=1)
def limma_version() -> str:
    with PYPROJECT.open("rb") as file:
        return str(tomllib.load(file)["project"]["version"])
