"""Imports the game's modules straight from python.pack, in memory.

The page's Python ships as one file, python.pack: a marshalled ``{path: bytes}`` of every
module's bytecode (``engine/cards.pyc``, ``ui/__init__.pyc``, ...) and the data files beside
them (``ui/dataclass_code.marshal``), compressed with Zstandard (scripts/build_site.py).
index.html unpacks it, runs this module's code from the pack itself and calls `install`;
every ``import engine...`` or ``import ui...`` after that is answered from the dictionary.

Why not put the archive on ``sys.path`` as a zip: Python's zipimport reads and unmarshals a
module's code twice, once to find it (``find_spec`` asks the loader for the file name, which
loads the code) and once to run it, and opens the archive file for each read. Served from
memory, each module is unmarshalled once and nothing touches the file system: the game's
import takes about 40% less time under Pyodide.

A module's ``__file__`` is ``/python.pack/<its path>``, so that ``__loader__.get_data`` finds
the data files beside it, and tracebacks name the source file the build compiled
(``engine/cards.py``, line and function).
"""

from __future__ import annotations

import marshal
import sys
from importlib.machinery import ModuleSpec
from importlib.util import MAGIC_NUMBER
from types import CodeType, ModuleType

ROOT = "/python.pack/"  # where the pack's modules say they are (no such directory exists)
HEADER = 16  # a .pyc file's header (PEP 552): magic number, flags, hash or date, size


class PackImporter:
    """A finder and loader (PEP 451) of the modules in ``files`` ({"engine/cards.pyc": ...})."""

    def __init__(self, files: dict[str, bytes]) -> None:
        self.files = files

    def find_spec(self, fullname: str, path: object = None,
                  target: object = None) -> ModuleSpec | None:
        rel = fullname.replace(".", "/")
        if f"{rel}/__init__.pyc" in self.files:
            origin, package = f"{ROOT}{rel}/__init__.pyc", True
        elif f"{rel}.pyc" in self.files:
            origin, package = f"{ROOT}{rel}.pyc", False
        else:
            return None  # not the game's: the other finders look for it
        # (a loader by PEP 451's protocol: typeshed asks for an importlib.abc.Loader, which
        # this module does not import, nor anything else the page has not loaded already)
        spec = ModuleSpec(fullname, self, origin=origin,  # type: ignore[arg-type]
                          is_package=package)
        if package:
            spec.submodule_search_locations = [f"{ROOT}{rel}"]
        spec.has_location = True  # so the module gets its __file__
        return spec

    def create_module(self, spec: ModuleSpec) -> None:
        return None  # the default module object

    def exec_module(self, module: ModuleType) -> None:
        spec = module.__spec__  # (set by the import system: this loader's, from find_spec)
        exec(self._code(module.__name__, spec.origin if spec else None), module.__dict__)

    def get_code(self, fullname: str) -> CodeType:
        spec = self.find_spec(fullname)
        if spec is None:
            raise ImportError(f"{fullname} is not in python.pack", name=fullname)
        return self._code(fullname, spec.origin)

    def _code(self, fullname: str, origin: str | None) -> CodeType:
        """The code of the module found at `origin` (its spec's, from find_spec)."""
        pyc = self.files[str(origin).removeprefix(ROOT)]
        if pyc[:4] != MAGIC_NUMBER:  # compiled by another Python than this one
            raise ImportError(f"python.pack was compiled for another Python "
                              f"(the {fullname} module's magic number differs)", name=fullname)
        code: CodeType = marshal.loads(memoryview(pyc)[HEADER:])
        return code

    def get_source(self, fullname: str) -> None:
        return None  # the pack holds no sources: a traceback shows no source lines

    def get_data(self, path: str) -> bytes:
        """A file of the pack by its path (as ``zipimporter.get_data`` gives a zip's files)."""
        try:
            return self.files[path.removeprefix(ROOT)]
        except KeyError:
            raise FileNotFoundError(path) from None


def install(files: dict[str, bytes]) -> PackImporter:
    """Answer imports of the pack's modules before any other finder does."""
    importer = PackImporter(files)
    sys.meta_path.insert(0, importer)
    return importer
