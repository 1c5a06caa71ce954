"""The product's import graph, read from its source with `ast`: the layers design.md draws.

- no circle of imports, counting those inside a function body (run when the function first
  runs, they close a circle all the same) and under TYPE_CHECKING (a circle of types is one);
- `limma/`, the core every verb stands on, imports no app above it — the project's URL
  configuration excepted, which is where Django includes the apps;
- a model imports nothing that reads or writes models (a service, placement): what is written
  beside a row is written by the service that writes it, never by the model's save();
- a verb (search, ideas, criteria) imports nothing of the Q&A page (`qa_view/`);
- no module imports another module's private (`_name`) function, class or constant.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PRODUCT = ("limma", "search", "ideas", "criteria", "qa_view", "directory")
ABOVE_THE_CORE = ("search", "ideas", "criteria", "qa_view", "directory")
VERBS = ("search", "ideas", "criteria")
URL_CONFIGURATION = {"limma.urls", "limma.page_urls"}


@dataclass(frozen=True)
class Import:
    importer: str
    imported: str  # the product module the statement loads
    names: tuple[str, ...]  # the names a `from ... import` takes from it
    line: int


def module_name(path: Path, root: Path) -> str:
    parts = path.relative_to(root).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def product_modules(root: Path, packages: tuple[str, ...] = PRODUCT) -> dict[str, Path]:
    modules = {}
    for package in packages:
        for path in sorted((root / package).rglob("*.py")):
            if "migrations" not in path.parts:
                modules[module_name(path, root)] = path
    return modules


def _known(dotted: str, modules: dict[str, Path]) -> str | None:
    while dotted and dotted not in modules:
        dotted = dotted.rpartition(".")[0]
    return dotted or None


def imports_of(name: str, source: str, modules: dict[str, Path], is_package: bool) -> list[Import]:
    """Every import statement of the module, at its top and inside every function body."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            for alias in node.names:
                target = _known(alias.name, modules)
                if target:
                    found.append(Import(name, target, (), node.lineno))
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                package = name if is_package else name.rpartition(".")[0]
                for _ in range(node.level - 1):
                    package = package.rpartition(".")[0]
                base = f"{package}.{base}" if base else package
            taken = []
            for alias in node.names:
                submodule = f"{base}.{alias.name}"
                if submodule in modules:  # `from criteria.lists import four`: the module itself
                    found.append(Import(name, submodule, (), node.lineno))
                else:
                    taken.append(alias.name)
            target = _known(base, modules)
            if target and taken:
                found.append(Import(name, target, tuple(taken), node.lineno))
    return found


def product_imports(root: Path = ROOT) -> list[Import]:
    modules = product_modules(root)
    found = []
    for name, path in modules.items():
        found += imports_of(name, path.read_text(), modules, path.name == "__init__.py")
    return found


def circles(imports: list[Import]) -> list[list[str]]:
    """Every strongly connected set of two or more modules over every import (Tarjan)."""
    graph: dict[str, set[str]] = {}
    for edge in imports:
        if edge.imported != edge.importer:
            graph.setdefault(edge.importer, set()).add(edge.imported)
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for nxt in sorted(graph.get(node, ())):
            if nxt not in index:
                visit(nxt)
                low[node] = min(low[node], low[nxt])
            elif nxt in on_stack:
                low[node] = min(low[node], index[nxt])
        if low[node] == index[node]:
            component = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                component.append(member)
                if member == node:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return found


def _app(module: str) -> str:
    return module.split(".", maxsplit=1)[0]


def core_upward(imports: list[Import]) -> list[str]:
    return [
        f"{edge.importer}:{edge.line} imports {edge.imported}"
        for edge in imports
        if _app(edge.importer) == "limma"
        and edge.importer not in URL_CONFIGURATION
        and _app(edge.imported) in ABOVE_THE_CORE
    ]


def _is_models(module: str) -> bool:
    parts = module.split(".")
    return len(parts) > 1 and parts[1] == "models"


def models_calling_out(imports: list[Import]) -> list[str]:
    """A models module importing a module that itself imports models: a service, placement."""
    storing = {edge.importer for edge in imports if _is_models(edge.imported)}
    return [
        f"{edge.importer}:{edge.line} imports {edge.imported}"
        for edge in imports
        if _is_models(edge.importer) and not _is_models(edge.imported) and edge.imported in storing
    ]


def verbs_on_the_page(imports: list[Import]) -> list[str]:
    return [
        f"{edge.importer}:{edge.line} imports {edge.imported}"
        for edge in imports
        if _app(edge.importer) in VERBS and _app(edge.imported) == "qa_view"
    ]


def private_taken(imports: list[Import]) -> list[str]:
    return [
        f"{edge.importer}:{edge.line} takes {edge.imported}.{name}"
        for edge in imports
        for name in edge.names
        if name.startswith("_") and not name.startswith("__")
    ]


@pytest.fixture(scope="module")
def imports() -> list[Import]:
    return product_imports()


def test_the_graph_is_read(imports):
    """The reader sees the product: criteria's service takes the plan, a verb the core, and the
    store's app config, inside ready(), the receiver it connects."""
    edges = {(edge.importer, edge.imported) for edge in imports}
    assert ("criteria.service", "criteria.plan") in edges
    assert ("search.service", "limma.models") in edges
    assert ("limma.apps", "limma.services.rows") in edges


def test_no_circle_of_imports(imports):
    assert circles(imports) == []


def test_the_core_imports_no_app_above_it(imports):
    assert core_upward(imports) == []


def test_no_model_imports_what_writes_models(imports):
    assert models_calling_out(imports) == []


def test_no_verb_imports_the_page(imports):
    assert verbs_on_the_page(imports) == []


def test_no_private_name_is_imported_across_modules(imports):
    assert private_taken(imports) == []


# -- the checks themselves fail where they should ----------------------------------------------


def _tree(tmp_path: Path, files: dict[str, str]) -> list[Import]:
    for relative, text in files.items():
        path = tmp_path / relative
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)
    for package in PRODUCT:
        (tmp_path / package).mkdir(exist_ok=True)
        (tmp_path / package / "__init__.py").touch()
    return product_imports(tmp_path)


def test_a_circle_is_found_even_through_type_checking(tmp_path):
    imports = _tree(
        tmp_path,
        {
            "criteria/rules/a.py": "from criteria.rules.b import B\n",
            "criteria/rules/b.py": (
                "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n"
                "    from criteria.rules.a import A\n"
            ),
            "criteria/rules/__init__.py": "",
        },
    )
    assert circles(imports) == [["criteria.rules.a", "criteria.rules.b"]]


def test_an_import_inside_a_function_closes_a_circle(tmp_path):
    imports = _tree(
        tmp_path,
        {
            "limma/a.py": "from limma.b import B\n",
            "limma/b.py": "class B:\n    def f(self):\n        from limma.a import A\n",
        },
    )
    assert circles(imports) == [["limma.a", "limma.b"]]


def test_a_relative_circle_is_found(tmp_path):
    imports = _tree(
        tmp_path,
        {"ideas/a.py": "from . import b\n", "ideas/b.py": "from .a import thing\n"},
    )
    assert circles(imports) == [["ideas.a", "ideas.b"]]


@pytest.mark.parametrize("app", ABOVE_THE_CORE)
def test_the_core_importing_an_app_above_it_is_found_even_in_a_function(tmp_path, app):
    imports = _tree(tmp_path, {"limma/services/x.py": f"def f():\n    import {app}\n"})
    assert core_upward(imports) == [f"limma.services.x:2 imports {app}"]


def test_the_project_urls_may_include_a_verb(tmp_path):
    imports = _tree(tmp_path, {"limma/urls.py": "from search.api import SearchApi\n"})
    assert core_upward(imports) == []


@pytest.mark.parametrize("module", ["settings", "apps", "asgi"])
def test_only_the_url_configuration_may_import_an_app(tmp_path, module):
    imports = _tree(tmp_path, {f"limma/{module}.py": "def ready():\n    import qa_view\n"})
    assert core_upward(imports) == [f"limma.{module}:2 imports qa_view"]


def test_a_model_importing_a_service_is_found_even_in_a_method(tmp_path):
    imports = _tree(
        tmp_path,
        {
            "limma/models/rows.py": (
                "class Row:\n    def save(self):\n        from limma.services.facts import write\n"
            ),
            "limma/models/__init__.py": "from limma.models.rows import Row\n",
            "limma/services/facts.py": "from limma.models import Row\n",
            "limma/ids.py": "",
            "limma/models/keys.py": "from limma.ids import new_id\n",
        },
    )
    assert models_calling_out(imports) == ["limma.models.rows:3 imports limma.services.facts"]


@pytest.mark.parametrize("verb", VERBS)
def test_a_verb_importing_the_page_is_found(tmp_path, verb):
    imports = _tree(tmp_path, {f"{verb}/x.py": "from qa_view.ceilings import day_ceiling_usd\n"})
    assert verbs_on_the_page(imports) == [f"{verb}.x:1 imports qa_view"]


def test_the_page_may_import_a_verb(tmp_path):
    imports = _tree(tmp_path, {"qa_view/x.py": "from criteria.service import run\n"})
    assert verbs_on_the_page(imports) == []
    assert core_upward(imports) == []


def test_a_private_name_taken_from_a_sibling_is_found(tmp_path):
    imports = _tree(
        tmp_path,
        {
            "criteria/a.py": "from criteria.b import _Person, public\n",
            "criteria/b.py": "_Person = 1\npublic = 2\n",
            "criteria/c.py": "from criteria.b import public as _alias\n",
        },
    )
    assert private_taken(imports) == ["criteria.a:1 takes criteria.b._Person"]
