"""No import cycle among banker's modules, nor among the rules' but one: each module's imports, those under
``TYPE_CHECKING`` and inside functions included (grimp, which import-linter installs, reads them all), form a graph
without a loop. A cycle is how a layer starts to lean on the one above it, and the layers contract (pyproject.toml)
checks only the folders' order, not two modules of one folder.

The rules have one circle, declared: the handlers' registry. Each handler module registers with the engine
(``@handles``, ``@before_play``) and the engine imports their list (``rules.handlers``) on first use, so that importing
the engine, the state or the queries loads no handler (tests/tui/test_launch.py)."""

from __future__ import annotations

import grimp


def cycles(graph: grimp.ImportGraph, package: str) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan), each sorted, the list sorted."""
    modules = sorted(m for m in graph.modules if m == package or m.startswith(package + "."))
    inside = set(modules)
    edges = {m: sorted(graph.find_modules_directly_imported_by(m) & inside) for m in modules}
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(module: str) -> None:
        index[module] = low[module] = len(index)
        stack.append(module)
        on_stack.add(module)
        for target in edges[module]:
            if target not in index:
                visit(target)
                low[module] = min(low[module], low[target])
            elif target in on_stack:
                low[module] = min(low[module], index[target])
        if low[module] == index[module]:
            component = []
            while True:
                top = stack.pop()
                on_stack.discard(top)
                component.append(top)
                if top == module:
                    break
            if len(component) > 1 or module in edges[module]:
                found.append(sorted(component))

    for module in modules:
        if module not in index:
            visit(module)
    return sorted(found)


def test_banker_has_no_import_cycle():
    graph = grimp.build_graph("banker", "rules", cache_dir=None)
    assert cycles(graph, "banker") == []


REGISTRY = ("rules.engine", "rules.handlers")
"""The one import the rules' circle goes through: the engine loading the handler modules that register with it."""


def test_rules_have_no_import_cycle_but_the_handlers_registry():
    graph = grimp.build_graph("rules", cache_dir=None)
    importer, imported = REGISTRY
    assert graph.direct_import_exists(importer=importer, imported=imported), "the registry is declared, so it is there"
    circle = cycles(graph, "rules")
    assert len(circle) == 1 and set(REGISTRY) <= set(circle[0]), circle
    graph.remove_import(importer=importer, imported=imported)
    assert cycles(graph, "rules") == []


def test_the_cycle_finder_finds_a_cycle():
    # the test above cannot pass by finding nothing at all: three modules in a loop are one cycle
    graph = grimp.ImportGraph()
    for name in ("pkg", "pkg.a", "pkg.b", "pkg.c", "pkg.d"):
        graph.add_module(name)
    graph.add_import(importer="pkg.a", imported="pkg.b")
    graph.add_import(importer="pkg.b", imported="pkg.c")
    graph.add_import(importer="pkg.c", imported="pkg.a")
    graph.add_import(importer="pkg.d", imported="pkg.a")
    assert cycles(graph, "pkg") == [["pkg.a", "pkg.b", "pkg.c"]]
