"""Python bytecode for the page, compiled at build time so the page compiles nothing it imports.

Under Pyodide every module imported from source is compiled on the player's device, on every
load: Pyodide 314's standard library archive holds sources only, and compiling the ~130
modules the page imports to get ready took ~1.4 s of the ~2.8 s cold start here.  The build
compiles with the page's own Pyodide (in Node.js: scripts/compile_pyc.mjs), so the bytecode
always matches the interpreter that loads it.  The .pyc files are "unchecked hash-based"
(PEP 552): Python loads them without comparing with a source file's date, which in a zip
archive would not match anyway.

- ``game_archive``: python.zip, each module of the game as bytecode only, without docstrings
  and column ranges (compile_pyc.mjs: line numbers stay),
  stored uncompressed (the build gzips the whole archive, which packs it tighter):
  the page's own files must stay small (≤ 350 KB compressed with the font), and sources beside
  the bytecode doubled the archive.  A traceback on the page still names the file, function
  and line, which is enough to find the source in the repository at the site's version.
- ``stdlib_archive``: Pyodide's python_stdlib.zip, with the modules the page imports on its
  way to ready as bytecode in place of their sources (+0.7 MB; every other module stays as
  it was, compiled if and when something imports it).  Which modules those are is found by
  importing what the page imports, under Pyodide (scripts/boot_modules.mjs).
"""

from __future__ import annotations

import ast
import io
import json
import subprocess
import tempfile
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SCRIPTS = ROOT / "scripts"
PYODIDE_DIR = ROOT / "node_modules" / "pyodide"
STDLIB_ARCHIVE = PYODIDE_DIR / "python_stdlib.zip"
PYSCRIPT_STDLIB = ROOT / "node_modules" / "@pyscript" / "core" / "src" / "stdlib" / "pyscript"
# The game's first import, as the page runs it (ui.main also starts the game in the DOM).
GAME_ENTRY = "ui.app"
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
    """The archive the page imports the game from: each module's bytecode, no docstrings."""
    with tempfile.TemporaryDirectory() as tmp:
        compile_files(ROOT, py_files, Path(tmp), docstrings=False)
        entries = [(f"{f}c", (Path(tmp) / f"{f}c").read_bytes()) for f in py_files]
    return _zip([_entry(name, data, zipfile.ZIP_STORED) for name, data in sorted(entries)])


def pyscript_imports() -> set[str]:
    """Top-level names PyScript's own Python package imports (it runs before the game)."""
    names = set()
    for path in PYSCRIPT_STDLIB.glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                names |= {alias.name.split(".")[0] for alias in node.names}
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                names.add(node.module.split(".")[0])
    if not names:
        raise SystemExit(f"no PyScript sources in {PYSCRIPT_STDLIB}: has @pyscript/core changed?")
    return names


def boot_modules(game_zip: Path, stdlib: zipfile.ZipFile) -> tuple[str, list[str]]:
    """(the archive's path in Pyodide, the files in it the page imports to get ready)."""
    present = set(stdlib.namelist())
    in_stdlib = sorted(n for n in pyscript_imports()
                       if f"{n}.py" in present or f"{n}/__init__.py" in present)
    result = subprocess.run(
        ["node", str(SCRIPTS / "boot_modules.mjs"), str(game_zip), GAME_ENTRY, *in_stdlib],
        check=True, capture_output=True, text=True)
    found = json.loads(result.stdout)
    return found["prefix"], found["files"]


def stdlib_archive(game_zip: Path) -> bytes:
    """Pyodide's standard library with the page's boot modules as bytecode, not source."""
    with zipfile.ZipFile(STDLIB_ARCHIVE) as stdlib, tempfile.TemporaryDirectory() as tmp:
        prefix, files = boot_modules(game_zip, stdlib)
        src, out = Path(tmp, "src"), Path(tmp, "out")
        for f in files:
            (src / f).parent.mkdir(parents=True, exist_ok=True)
            (src / f).write_bytes(stdlib.read(f))
        compile_files(src, files, out, prefix)
        compiled = set(files)
        entries = []
        for info in stdlib.infolist():
            name = info.filename
            if name in compiled:
                entries.append(_entry(f"{name}c", (out / f"{name}c").read_bytes()))
            else:
                entries.append((info, stdlib.read(info)))
    return _zip(entries)
