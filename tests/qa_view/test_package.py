"""qa_view is a package of its concepts (docs/architecture.md#qa_view): Django's app modules and
one package per concept at its top, nothing else."""

from __future__ import annotations

from pathlib import Path

import qa_view

TOP = Path(qa_view.__file__).resolve().parent
MOST_AT_THE_TOP = 15
CONCEPTS = {"page", "answer", "agent", "console", "mcp"}
DJANGO = {"__init__", "models", "admin", "apps", "urls", "tasks", "migrations", "management"}


def top_level() -> set[str]:
    """The modules at qa_view's top: its .py files and its packages."""
    return {path.stem for path in TOP.glob("*.py")} | {
        path.parent.name for path in TOP.glob("*/__init__.py")
    }


def test_qa_views_top_holds_djangos_app_modules_and_its_concepts_alone():
    modules = top_level()

    assert len(modules) <= MOST_AT_THE_TOP
    assert modules == DJANGO | CONCEPTS
