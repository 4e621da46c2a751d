"""Which files of Pyodide's standard library the page can import: run under the page's own
Pyodide (scripts/stdlib_files.mjs), which has just started, with the whole library.

    {"sources": {name: Python source}}  on stdin   ->   {"prefix": ..., "files": [...]}

The page ships these files only (scripts/bytecode.py: stdlib_archive), so a module left out
is an ImportError for a player: the set errs on the side of too much.  It is the union of

- what Pyodide imports from its library while it starts (read from sys.modules here), and
- every module the given sources (the game's, PyScript's Python package, the page's own)
  import anywhere, in a function or not, and, inside the library, every module those import
  when they run (module level), transitively.

Inside the library only module-level imports are followed: an import inside a function runs
only when that function does (pdb, doctest and the like, behind rarely used paths), and
following them would ship most of the library.  The tests run every screen of the game under
Pyodide against the shipped library (tests/test_pyodide.py), so such an import taken by the
game fails `make test`, not a player.  Branches that cannot run under Pyodide are not
followed either:
- `if` tests that Pyodide decides at import (`sys.platform == "win32"`, `os.name == "nt"`),
  evaluated here, where the page would evaluate them; `if __name__ == "__main__"` and
  `if TYPE_CHECKING`;
- the `except ImportError` fallback of a `try` whose imports all exist (a C accelerator
  built into Pyodide, with its pure-Python copy as the fallback).
Modules built into Pyodide or frozen into it are not files and are not shipped.
"""

from __future__ import annotations

import _imp
import ast
import json
import os
import sys
import zipfile

PREFIX = f"/lib/python{sys.version_info[0]}{sys.version_info[1]}.zip/"
NEVER = {"__main__"}  # the tests `if __name__ == "__main__"` compares with
IMPORT_ERRORS = {"ImportError", "ModuleNotFoundError"}


class Library:
    """Pyodide's standard library archive: which module is which file."""

    def __init__(self, archive: zipfile.ZipFile) -> None:
        self.archive = archive
        self.names = set(archive.namelist())

    def file(self, module: str) -> str | None:
        path = module.replace(".", "/")
        for candidate in (f"{path}.py", f"{path}/__init__.py"):
            if candidate in self.names:
                return candidate
        return None

    def exists(self, module: str) -> bool:
        """Importable under Pyodide: built in, frozen, a file, or a name in one."""
        if in_binary(module) or self.file(module):
            return True
        parent = module.rpartition(".")[0]
        return bool(parent) and self.exists(parent)

    def source(self, path: str) -> str:
        return self.archive.read(path).decode("utf-8")


def origin(module: object) -> str:
    return getattr(getattr(module, "__spec__", None), "origin", None) or ""


def in_binary(module: str) -> bool:
    """Built into Pyodide or frozen into it (importlib's bootstrap is, under another name)."""
    if module in sys.builtin_module_names or _imp.is_frozen(module):
        return True
    loaded = sys.modules.get(module)
    return loaded is not None and origin(loaded) in ("built-in", "frozen")


def decided_here(test: ast.expr) -> bool | None:
    """The value of an `if` test that Pyodide decides at import, else None."""
    text = ast.unparse(test)
    if "__name__" in text or "TYPE_CHECKING" in text:
        return False
    try:
        value = eval(compile(ast.Expression(test), "<if>", "eval"),
                     {"__builtins__": {}, "sys": sys, "_sys": sys, "os": os, "_os": os})
    except Exception:
        return None  # depends on more than the platform: both branches may run
    return value if isinstance(value, bool) else None


def imported_names(node: ast.Import | ast.ImportFrom, module: str, is_package: bool) -> list[str]:
    """The modules an import statement may load: `from p import n` may load p.n."""
    if isinstance(node, ast.Import):
        return [alias.name for alias in node.names]
    base = node.module or ""
    if node.level:
        parts = module.split(".") if is_package else module.split(".")[:-1]
        parts = parts[: len(parts) - (node.level - 1)]
        base = ".".join([*parts, *([node.module] if node.module else [])])
    return [base, *(f"{base}.{alias.name}" for alias in node.names if alias.name != "*")]


def is_import_fallback(node: ast.Try) -> bool:
    return any(handler.type is not None
               and {n.id for n in ast.walk(handler.type) if isinstance(n, ast.Name)} & IMPORT_ERRORS
               for handler in node.handlers)


def module_level_imports(body: list[ast.stmt], module: str, is_package: bool,
                         library: Library) -> list[str]:
    """What a module's body imports when it runs under Pyodide (see the module docstring)."""
    found: list[str] = []
    for node in body:
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            found += imported_names(node, module, is_package)
        elif isinstance(node, ast.If):
            value = decided_here(node.test)
            blocks = [node.body, node.orelse] if value is None else [
                node.body if value else node.orelse]
            for block in blocks:
                found += module_level_imports(block, module, is_package, library)
        elif isinstance(node, ast.Try):
            tried = module_level_imports(node.body, module, is_package, library)
            found += tried
            fallback_dead = is_import_fallback(node) and bool(tried) and all(
                library.exists(name) for name in tried)
            blocks = [node.orelse, node.finalbody]
            if not fallback_dead:
                blocks += [handler.body for handler in node.handlers]
            for block in blocks:
                found += module_level_imports(block, module, is_package, library)
        elif isinstance(node, ast.With):
            found += module_level_imports(node.body, module, is_package, library)
    return found


def every_import(source: str) -> list[str]:
    """Every absolute import anywhere in a source (the page's own code)."""
    found: list[str] = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, (ast.Import, ast.ImportFrom)) and not getattr(node, "level", 0):
            found += imported_names(node, "", False)
    return found


def closure(roots: list[str], library: Library) -> set[str]:
    """The library's files that importing `roots` may load."""
    files: set[str] = set()
    seen: set[str] = set()
    todo = list(roots)
    while todo:
        name = todo.pop()
        parts = name.split(".")
        for depth in range(1, len(parts) + 1):  # importing a.b.c imports a and a.b first
            module = ".".join(parts[:depth])
            if module in seen:
                continue
            seen.add(module)
            path = library.file(module)
            if path is None:
                continue
            if not in_binary(module):
                files.add(path)
            tree = ast.parse(library.source(path))
            todo += module_level_imports(tree.body, module, path.endswith("/__init__.py"),
                                         library)
    return files


def started_with() -> list[str]:
    """The library's modules Pyodide imported while it started (by where they were loaded
    from: importlib names its frozen bootstrap with a file of the archive it never reads)."""
    return [name for name, module in list(sys.modules.items())
            if origin(module).startswith(PREFIX)]


def main(request: dict[str, dict[str, str]]) -> dict[str, object]:
    library = Library(zipfile.ZipFile(PREFIX.rstrip("/")))
    roots = started_with()
    for source in request["sources"].values():
        roots += every_import(source)
    files = closure(roots, library)
    return {"prefix": PREFIX, "files": sorted(files)}


if __name__ == "__main__":
    print(json.dumps(main(json.load(sys.stdin))))
