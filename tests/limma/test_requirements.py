"""Every package the code imports is pinned: the application's in requirements.txt, the tests'
and tools' in requirements-dev.txt, and nothing for development in the production install."""

from __future__ import annotations

import ast
import importlib.metadata
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
APPLICATION = ("limma", "criteria", "search", "qa_view", "ideas", "directory")
DEVELOPMENT = ("tests", "benchmarks", "docs", "scripts")
PIN = re.compile(r"^([A-Za-z0-9_.-]+)(?:\[[^\]]*\])?==\S+$")


def _pinned(file: str) -> set[str]:
    names = set()
    for line in (ROOT / file).read_text().splitlines():
        found = PIN.match(line.strip())
        if found:
            names.add(found.group(1).lower().replace("_", "-"))
    return names


def _imported(folders: tuple[str, ...]) -> set[str]:
    """The distributions behind every third-party top-level import under the folders."""
    local = {path.name for path in ROOT.iterdir() if path.is_dir()}
    distributions = importlib.metadata.packages_distributions()
    modules: set[str] = set()
    for folder in folders:
        for path in (ROOT / folder).rglob("*.py"):
            for node in ast.walk(ast.parse(path.read_text())):
                if isinstance(node, ast.Import):
                    modules |= {alias.name.split(".")[0] for alias in node.names}
                elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
                    modules.add(node.module.split(".")[0])
    third_party = modules - set(sys.stdlib_module_names) - local
    return {
        name.lower().replace("_", "-")
        for module in third_party
        for name in distributions.get(module, [module])
    }


def test_every_package_the_application_imports_is_a_runtime_requirement():
    """Or an optional one of the benchmarks' file: the console's BM25 baseline imports bm25s
    only when it is installed."""
    pinned = _pinned("requirements.txt") | _pinned("requirements-bench.txt")
    assert _imported(APPLICATION) - pinned == set()
    assert _imported(APPLICATION) & _pinned("requirements-dev.txt") == set()


def test_every_package_the_tests_and_tools_import_is_pinned():
    pinned = _pinned("requirements.txt") | _pinned("requirements-dev.txt")
    pinned |= _pinned("requirements-bench.txt")
    assert _imported(DEVELOPMENT) - pinned == set()


def test_the_runtime_install_holds_no_test_tool():
    assert _pinned("requirements.txt") & {"pytest", "pytest-django", "ruff", "playwright"} == set()
    assert "-r requirements.txt" in (ROOT / "requirements-dev.txt").read_text()
