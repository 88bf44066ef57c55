"""The package's layout tells its architecture: a folder per part, dependencies one way, no
import cycle, one public face (ARCHITECTURE.md)."""

import ast
import subprocess
import sys
from pathlib import Path

import bayestut as bt

PACKAGE = Path(bt.__file__).resolve().parent
# each part may import only the parts listed before it (and itself)
ORDER = ["errors", "checks", "paths", "shapes", "csv_file", "data", "methods", "figures", "simulation", "analysis", "reproduction"]
# the exceptions, each with its reason
ALLOWED = {
    ("reproduction", "simulation"),    # notebooks 06-07's scorecards read the simulation cache
}


def _part(module: str) -> str:
    return module.split(".")[1] if module.count(".") else "__init__"


def _imports(path: Path, typing: bool = True) -> set[str]:
    """Absolute names of the bayestut modules that ``path`` imports (at any depth); without
    ``typing``, not those imported only for the type checker (under ``if TYPE_CHECKING:``)."""
    module = ".".join(path.relative_to(PACKAGE.parent).with_suffix("").parts)
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    package = package.removesuffix(".__init__")
    tree = ast.parse(path.read_text())
    typed = {id(n) for node in ast.walk(tree) if _type_checking(node)
             for statement in node.body for n in ast.walk(statement)}
    found = set()
    for node in ast.walk(tree):
        if not typing and id(node) in typed:
            continue
        if isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")[: len(package.split(".")) - node.level + 1]
                target = ".".join(base + ([node.module] if node.module else []))
            else:
                target = node.module or ""
            if target.startswith("bayestut"):
                found.add(target)
                found.update(f"{target}.{a.name}" for a in node.names)
        elif isinstance(node, ast.Import):
            found.update(a.name for a in node.names if a.name.startswith("bayestut"))
    return found


def _type_checking(node) -> bool:
    return isinstance(node, ast.If) and getattr(node.test, "id", None) == "TYPE_CHECKING"


def test_top_level_holds_at_most_eight_modules_besides_the_parts():
    modules = [p.name for p in PACKAGE.glob("*.py")]
    assert len(modules) <= 8, modules
    parts = {p.name for p in PACKAGE.iterdir() if (p / "__init__.py").is_file()}
    assert {"methods", "figures", "analysis", "reproduction", "simulation"} <= parts


def test_dependencies_run_one_way():
    wrong = []
    for path in PACKAGE.rglob("*.py"):
        if path.parent == PACKAGE and path.name in ("__init__.py", "__main__.py"):
            continue        # the public face re-exports from every part, lazily
        rel = path.relative_to(PACKAGE.parent).with_suffix("")
        own = rel.parts[1] if len(rel.parts) > 1 else rel.parts[0]
        for target in _imports(path):
            other = _part(target)
            if other in ("__init__", "__version__", own) or other not in ORDER:
                continue
            if ORDER.index(other) > ORDER.index(own) and (own, other) not in ALLOWED:
                wrong.append(f"{rel} imports {target}")
    assert not wrong, wrong


def test_no_import_cycle_between_modules():
    """No cycle among the imports that run: a module may name another's class for the type
    checker only (``if TYPE_CHECKING:``), as a result names the fit it was made from."""
    graph = {}
    for path in PACKAGE.rglob("*.py"):
        name = ".".join(path.relative_to(PACKAGE.parent).with_suffix("").parts)
        name = name.removesuffix(".__init__")
        graph[name] = _imports(path, typing=False)
    modules = set(graph)
    edges = {m: {t for t in ts if t in modules and t != m and not m == "bayestut"}
             for m, ts in graph.items()}

    state = {}

    def visit(m, stack):
        state[m] = "open"
        for t in edges[m]:
            if t in edges and state.get(t) == "open":
                raise AssertionError("import cycle: " + " -> ".join([*stack, m, t]))
            if t in edges and t not in state:
                visit(t, [*stack, m])
        state[m] = "done"

    for m in sorted(edges):
        if m not in state and m != "bayestut":
            visit(m, [])


PUBLIC = ("compare", "compare_all", "read_results", "open_results", "Results", "load_uci", "plan",
          "save_report", "correlated_bayesian_ttest", "sign_test", "signed_rank_test",
          "hierarchical_test")


def test_the_public_face():
    assert sorted(bt.__all__) == sorted(["InputError", "__version__", *PUBLIC])
    for name in PUBLIC:
        assert callable(getattr(bt, name)), name
    assert issubclass(bt.InputError, ValueError)
    from bayestut.data import InputError
    assert InputError is bt.InputError


def test_importing_the_package_is_light():
    code = ("import sys, bayestut; print(sorted(m for m in ('numpy', 'pandas', 'matplotlib', "
            "'scipy') if m in sys.modules))")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "[]"


def test_the_lazy_names_are_visible_to_type_checkers():
    """Every lazily exported name is imported under `if TYPE_CHECKING:`, from the module that
    `__getattr__` imports it from, so that an IDE and mypy see `bt.compare`."""
    tree = ast.parse((PACKAGE / "__init__.py").read_text())
    static = {}
    for node in ast.walk(tree):
        if _type_checking(node):
            for statement in node.body:
                assert isinstance(statement, ast.ImportFrom) and statement.level == 1
                static.update({a.asname or a.name: f"bayestut.{statement.module}"
                               for a in statement.names})
    from bayestut import _PUBLIC
    assert static == _PUBLIC


def test_architecture_lists_every_module():
    architecture = PACKAGE.parent / "ARCHITECTURE.md"
    assert architecture.is_file(), f"no {architecture}: the layout is described there"
    text = architecture.read_text()
    modules = [".".join(path.relative_to(PACKAGE.parent).with_suffix("").parts)
               for path in PACKAGE.rglob("*.py") if not path.name.startswith("__")]
    missing = [name for name in modules if f"`{name}`" not in text]
    assert not missing, f"add to ARCHITECTURE.md's module table: {missing}"
