"""The methods `@dataclass` writes for the game's classes, compiled at build time.

`@dataclass` writes each class's methods (`__init__`, `__repr__`, `__eq__` …) as Python source
and compiles it as the class is created.  Under Pyodide that compiling was half of the game's
import on a cold start (55 classes: 100–400 ms on this machine), on the player's device at
every load.  The build (scripts/bytecode.py, scripts/dataclass_code.mjs) imports the game
under the page's own Pyodide, keeps the code of every text `dataclasses` compiles, and ships
it in python.zip as `ui/dataclass_code.marshal`: ``(sys.hexversion, {key(text): code})``.

`install()`, called before the game's first import, makes `dataclasses` take the code for a
text from there instead of compiling it.  The archive and this table are built together from
the same sources; even so a text is looked up by its length and checksum, so a class whose
text differs is compiled as before, and a table from another Python version is not used.
Nothing changes on CPython (the tests import the game from its sources: no table there).
"""

from __future__ import annotations

import dataclasses
import marshal
import os
import sys
import zlib
from types import CodeType

TABLE_NAME = "dataclass_code.marshal"


def key(source: str) -> tuple[int, int]:
    """How a text is looked up: its length and CRC-32 (zlib is loaded already at start)."""
    data = source.encode()
    return len(data), zlib.crc32(data)


class Precompiled:
    """`exec` for the dataclasses module: the table's code for a known text, else compile."""

    def __init__(self, codes: dict[tuple[int, int], CodeType]) -> None:
        self.codes = codes
        self.used = 0  # texts found in the table
        self.compiled = 0  # texts compiled as usual

    def __call__(self, source: object, globals: dict[str, object] | None = None,
                 locals: dict[str, object] | None = None, /) -> None:
        code = self.codes.get(key(source)) if isinstance(source, str) else None
        if code is None:
            self.compiled += 1
            exec(source, globals, locals)  # type: ignore[arg-type]
        else:
            self.used += 1
            exec(code, globals, locals)


def install(table: bytes) -> Precompiled | None:
    """Let `dataclasses` use `table`; None (nothing changed) if it is for another Python."""
    version, codes = marshal.loads(table)
    if version != sys.hexversion:
        return None
    precompiled = Precompiled(codes)
    dataclasses.exec = precompiled  # type: ignore[attr-defined]
    return precompiled


def install_shipped() -> Precompiled | None:
    """Install the table shipped beside this module in the page's python.pack, if any.  Where
    one is installed already, that one: the page started from python.snapshot, taken after the
    build ran this and imported the engine (interpreter.mjs); its counts go on from there."""
    installed = getattr(dataclasses, "exec", None)
    if isinstance(installed, Precompiled):
        return installed
    loader = globals()["__loader__"]  # what imported this module: the pack's, or the sources'
    try:
        table = loader.get_data(os.path.join(os.path.dirname(__file__), TABLE_NAME))
    except OSError:
        return None  # not built (the sources run as they are, as under the tests)
    return install(table)
