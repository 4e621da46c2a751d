"""ui/ is two rooms: ui/logic/ (no DOM: it runs, and is tested, on CPython) and ui/page/ (the
only code that touches the browser). A page module is named as its logic counterpart."""

from __future__ import annotations

import ast
from pathlib import Path

UI = Path(__file__).resolve().parent.parent / "ui"
BROWSER = ("js", "pyodide", "pyscript")


def imports(path: Path) -> set[str]:
    """Every module `path` imports, wherever in it (inside functions too), absolute names."""
    package = ".".join(path.relative_to(UI.parent).parent.parts)
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom):
            base = package.rsplit(".", node.level - 1)[0] if node.level else ""
            module = ".".join(part for part in (base, node.module or "") if part)
            found |= {module} | {f"{module}.{alias.name}" for alias in node.names}
    return found


def modules(room: str) -> dict[str, set[str]]:
    return {path.name: imports(path) for path in sorted((UI / room).glob("*.py"))}


def reaches(names: set[str], prefixes: tuple[str, ...]) -> set[str]:
    return {name for name in names if name.split(".")[0] in prefixes
            or any(name.startswith(f"{prefix}.") for prefix in prefixes)}


def test_only_the_page_imports_the_browser():
    outside = {path.relative_to(UI).as_posix(): reaches(imports(path), BROWSER)
               for path in sorted(UI.rglob("*.py")) if path.parent.name != "page"}
    assert {name: found for name, found in outside.items() if found} == {}


def test_the_logic_never_imports_the_page():
    found = {name: reaches(names, ("ui.page", "ui.main"))
             for name, names in modules("logic").items()}
    assert {name: page for name, page in found.items() if page} == {}


def test_what_sits_in_the_page_touches_it():
    """A page module uses the browser, itself or through another page module (DOM-free code
    belongs in ui/logic/, where CPython tests it)."""
    page = modules("page")
    assert not [name for name, names in page.items()
                if name != "__init__.py" and not reaches(names, (*BROWSER, "ui.page"))]


def test_a_page_module_and_its_logic_counterpart_share_a_name():
    """Each idea with a DOM-free part and a page part is one name in both rooms."""
    logic, page = set(modules("logic")), set(modules("page"))
    for name in ("review.py", "share.py", "stats.py", "undo.py", "tutorial.py", "motion.py",
                 "sound.py", "storage.py", "log.py"):
        assert name in logic and name in page, name
