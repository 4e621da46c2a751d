"""The build's slow steps, kept by what they are made from, so that a second build of the same
sources (the e2e tests' after the unit tests', `make site` after an edit of the page's CSS)
takes seconds instead of minutes.

A step's result is stored in .cache/build/ under a hash of everything it is made from: its
own inputs (sources, file lists, bytes), the build's own tools (every file of scripts/) and
the runtime they run (package-lock.json pins Pyodide and PyScript).  A change to any of those
makes another key, so a stale result is never used; old entries are left for `make clean`-like
removal by hand (rm -r .cache/build) and cost only disk.  BUILD_CACHE=0 turns it off.
"""

from __future__ import annotations

import hashlib
import marshal
import os
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

ROOT = Path(__file__).resolve().parent.parent
CACHE = ROOT / ".cache" / "build"
TOOLS = (ROOT / "scripts", ROOT / "package-lock.json")

T = TypeVar("T", bytes, dict)


def _tools_hash() -> bytes:
    digest = hashlib.sha256()
    for tool in TOOLS:
        files = sorted(tool.rglob("*")) if tool.is_dir() else [tool]
        for f in files:
            if f.is_file() and "__pycache__" not in f.parts:
                digest.update(f.relative_to(ROOT).as_posix().encode() + b"\0")
                digest.update(hashlib.sha256(f.read_bytes()).digest())
    return digest.digest()


def key(step: str, *inputs: bytes | str) -> str:
    """The name a step's result is kept under, for these inputs."""
    digest = hashlib.sha256(step.encode() + b"\0" + _tools_hash())
    for part in inputs:
        data = part.encode() if isinstance(part, str) else part
        digest.update(len(data).to_bytes(8, "big") + data)
    return f"{step}-{digest.hexdigest()[:40]}"


def cached(step: str, inputs: tuple[bytes | str, ...], make: Callable[[], T]) -> T:
    """make()'s result (bytes, or a dict of str to bytes), from the cache when these inputs
    made it before."""
    if os.environ.get("BUILD_CACHE") == "0":
        return make()
    path = CACHE / key(step, *inputs)
    if path.exists():
        return marshal.loads(path.read_bytes())
    result = make()
    CACHE.mkdir(parents=True, exist_ok=True)
    # written whole, then renamed: a build running beside this one never reads half of it
    with tempfile.NamedTemporaryFile(dir=CACHE, delete=False) as part:
        part.write(marshal.dumps(result))
    os.replace(part.name, path)
    return result


def file_inputs(paths: list[Path]) -> tuple[bytes, ...]:
    """Each file's path and contents, as inputs of a step."""
    return tuple(p.as_posix().encode() + b"\0" + p.read_bytes() for p in paths)
