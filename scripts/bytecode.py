"""Python bytecode for the page, compiled at build time so the page compiles nothing it imports.

Under Pyodide every module imported from source is compiled on the player's device, on every
load: Pyodide 314's standard library archive holds sources only, and compiling the ~130
modules the page imports to get ready took ~1.4 s of the ~2.8 s cold start here.  The build
compiles with the page's own Pyodide (in Node.js: scripts/compile_pyc.mjs), so the bytecode
always matches the interpreter that loads it.  The .pyc files are "unchecked hash-based"
(PEP 552): Python loads them without comparing with a source file's date, which in a zip
archive would not match anyway.

- ``game_archive``: python.zip, each module of the game as bytecode only, without the
  docstrings of modules and functions (a class keeps its own: see compile_pyc.mjs) and column
  ranges (compile_pyc.mjs: line numbers stay),
  stored uncompressed (the build gzips the whole archive, which packs it tighter):
  the page's own files must stay small (≤ 350 KB compressed with the font), and sources beside
  the bytecode doubled the archive.  A traceback on the page still names the file, function
  and line, which is enough to find the source in the repository at the site's version.
- ``game_pack_files``: the same files as one marshalled dictionary, the form python.pack
  holds (ui/pack_importer.py imports from it in memory: no zipimport, whose finder loads
  each module's code a second time).
- ``stdlib_archive``: the part of Pyodide's python_stdlib.zip that the page can import (found
  by scripts/stdlib_closure.py: 130 of its 560 modules), as bytecode without docstrings: a
  quarter of the archive's bytes, and nothing to compile on the device.
- ``dataclass_table``: the methods ``@dataclass`` writes for the game's classes, compiled
  (scripts/dataclass_code.mjs), shipped in python.zip for ui/dataclass_code.py: compiling
  them was half of the game's import on a cold start.
"""

from __future__ import annotations

import ast
import functools
import io
import json
import marshal
import subprocess
import tempfile
import zipfile
from pathlib import Path

import build_cache

ROOT = Path(__file__).resolve().parent.parent
SCRIPTS = ROOT / "scripts"
PYODIDE_DIR = ROOT / "node_modules" / "pyodide"
STDLIB_ARCHIVE = PYODIDE_DIR / "python_stdlib.zip"
# The game's first import, as the page runs it (ui.main also starts the game in the DOM).
GAME_ENTRY = "ui.page.app"
DATACLASS_TABLE = "ui/dataclass_code.marshal"  # ui.dataclass_code.TABLE_NAME, in its package
# A fixed date for new archive entries, so that the same sources make the same bytes.
ZIP_DATE = (1980, 1, 1, 0, 0, 0)


def compile_files(src: Path, files: list[str], out: Path, prefix: str = "",
                  docstrings: bool = True) -> None:
    """Write out/<file>c for each file under src; code objects name it prefix + file."""
    command = ["node", str(SCRIPTS / "compile_pyc.mjs")]
    if prefix:
        command += ["--prefix", prefix]
    if not docstrings:
        command.append("--no-docstrings")
    subprocess.run([*command, str(src), str(out), *files], check=True)


def _zip(entries: list[tuple[zipfile.ZipInfo, bytes]]) -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        for info, data in entries:
            archive.writestr(info, data)
    return buffer.getvalue()


def _entry(name: str, data: bytes, compress_type: int = zipfile.ZIP_DEFLATED,
           ) -> tuple[zipfile.ZipInfo, bytes]:
    info = zipfile.ZipInfo(name, ZIP_DATE)
    info.compress_type = compress_type
    return info, data


def game_archive(py_files: list[str]) -> bytes:
    """The archive the page imports the game from: each module's bytecode (no module or
    function docstrings), and the table of its dataclasses' methods (kept by the build's
    cache: scripts/build_cache.py)."""
    return build_cache.cached("game", build_cache.file_inputs([ROOT / f for f in py_files]),
                              lambda: _game_archive(py_files))


def _game_archive(py_files: list[str]) -> bytes:
    with tempfile.TemporaryDirectory() as tmp:
        compile_files(ROOT, py_files, Path(tmp), docstrings=False)
        entries = [(f"{f}c", (Path(tmp) / f"{f}c").read_bytes()) for f in py_files]
        code_only = Path(tmp, "code.zip")
        code_only.write_bytes(_zip([_entry(n, d, zipfile.ZIP_STORED) for n, d in entries]))
        entries.append((DATACLASS_TABLE, dataclass_table(code_only, py_files)))
    return _zip([_entry(name, data, zipfile.ZIP_STORED) for name, data in sorted(entries)])


def game_pack_files(game_zip: bytes) -> bytes:
    """The game's archive as the page reads it: every file of ``game_zip`` in one marshalled
    ``{path: bytes}`` (sorted by path), which ui/pack_importer.py imports from in memory.
    (The build's other steps, which put the zip on ``sys.path`` under Pyodide in Node, keep
    the zip.)  marshal's format 4 of a dict of str and bytes reads the same in every Python
    3 since 3.4."""
    with zipfile.ZipFile(io.BytesIO(game_zip)) as archive:
        files = {name: archive.read(name) for name in sorted(archive.namelist())}
    return marshal.dumps(files, 4)


def module_name(path: str) -> str:
    """The module a source file is imported as: ``engine/bots/__init__.py`` is ``engine.bots``."""
    return path.removesuffix(".py").removesuffix("/__init__").replace("/", ".")


def dataclass_table(game_zip: Path, py_files: list[str]) -> bytes:
    """The code of every dataclass method the game's modules generate (ui/dataclass_code.py)."""
    # (not ui.main: it starts the game in a page)
    modules = [module_name(f) for f in py_files if f != "ui/main.py"]
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp, "table")
        subprocess.run(["node", str(SCRIPTS / "dataclass_code.mjs"), str(game_zip), str(out),
                        *modules], check=True)
        return out.read_bytes()


def module_level_imports(body: list[ast.stmt], members: bool = False) -> list[str]:
    """The modules a module's body imports when it runs (not inside functions); with
    `members`, also `package.name` for each `from package import name` (which may be a
    submodule)."""
    names = []
    for node in body:
        if isinstance(node, ast.Import):
            names += [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names.append(node.module)
            if members:
                names += [f"{node.module}.{alias.name}" for alias in node.names]
        elif isinstance(node, (ast.If, ast.Try)):
            for block in (node.body, node.orelse, *(h.body for h in getattr(node, "handlers", []))):
                names += module_level_imports(block, members)
    return names


@functools.cache
def pyscript_sources() -> dict[str, str]:
    """{file name: source} of PyScript's package as PyScript writes it at start (the
    bundle's minified sources: scripts/pyscript_sources.mjs)."""
    result = subprocess.run(["node", str(SCRIPTS / "pyscript_sources.mjs")],
                            check=True, capture_output=True, text=True)
    return json.loads(result.stdout)


def stdlib_files(sources: dict[str, str]) -> tuple[str, list[str]]:
    """(the archive's path in Pyodide, the files of its standard library that code importing
    what `sources` import can load: scripts/stdlib_closure.py)."""
    result = subprocess.run(["node", str(SCRIPTS / "stdlib_files.mjs")],
                            input=json.dumps({"sources": sources}),
                            check=True, capture_output=True, text=True)
    found = json.loads(result.stdout)
    return found["prefix"], found["files"]


def stdlib_archive(sources: dict[str, str]) -> bytes:
    """The standard library the page ships: the files that `sources` (the page's Python, the
    game's and PyScript's) can load from Pyodide's archive (stdlib_files), as bytecode without
    the docstrings of modules and functions, stored uncompressed (the site compresses the
    whole archive: scripts/build_site.py).  Kept by the build's cache."""
    return build_cache.cached("stdlib", (json.dumps(sources, sort_keys=True),),
                              lambda: _stdlib_archive(sources))


def _stdlib_archive(sources: dict[str, str]) -> bytes:
    with zipfile.ZipFile(STDLIB_ARCHIVE) as stdlib, tempfile.TemporaryDirectory() as tmp:
        prefix, files = stdlib_files(sources)
        src, out = Path(tmp, "src"), Path(tmp, "out")
        for f in files:
            (src / f).parent.mkdir(parents=True, exist_ok=True)
            (src / f).write_bytes(stdlib.read(f))
        compile_files(src, files, out, prefix, docstrings=False)
        entries = [_entry(f"{f}c", (out / f"{f}c").read_bytes(), zipfile.ZIP_STORED)
                   for f in files]
    return _zip(entries)
