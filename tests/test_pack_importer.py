"""ui/pack_importer.py: the page imports the game's modules from python.pack's dictionary of
bytecode, in memory, as Python would import them from files; the build's pack reads back
to exactly the files of its zip (scripts/bytecode.py)."""

from __future__ import annotations

import importlib.util
import io
import marshal
import sys
import traceback
import zipfile

import pytest

from ui import pack_importer

PACKAGE = "packdemo"  # a package no test imports otherwise
SOURCES = {
    f"{PACKAGE}/__init__.py": "NAME = 'pack demo'\n",
    f"{PACKAGE}/cards.py": ("from . import rules\n"
                            "def parse(text):\n"
                            "    return rules.check(text)\n"),
    f"{PACKAGE}/rules.py": ("def check(text):\n"
                            "    if text != 'S6':\n"
                            "        raise ValueError('not a card: ' + text)\n"
                            "    return text\n"),
    f"{PACKAGE}/sub/__init__.py": "",
    f"{PACKAGE}/sub/deep.py": "import os\nwhere = os.path.dirname(__file__)\n",
}


def pyc(path: str, source: str, magic: bytes = importlib.util.MAGIC_NUMBER) -> bytes:
    """A .pyc as the build writes it: header, then the code, named by its source path."""
    code = compile(source, path, "exec", dont_inherit=True)
    return magic + (0).to_bytes(4, "little") + bytes(8) + marshal.dumps(code)


def demo_files(**overrides: bytes) -> dict[str, bytes]:
    files = {f"{path}c": pyc(path, text) for path, text in SOURCES.items()}
    files[f"{PACKAGE}/table.marshal"] = b"\x00data beside the modules"
    files.update(overrides)
    return files


@pytest.fixture
def installed():
    """Installs an importer for the given files; afterwards removes it and its modules."""
    importers = []

    def install(files: dict[str, bytes]) -> pack_importer.PackImporter:
        importers.append(pack_importer.install(files))
        return importers[-1]

    yield install
    for importer in importers:
        sys.meta_path.remove(importer)
    for name in [n for n in sys.modules if n.split(".")[0] == PACKAGE]:
        del sys.modules[name]


def test_modules_and_packages_import_from_the_pack(installed):
    importer = installed(demo_files())
    from packdemo import cards
    from packdemo.sub import deep

    assert cards.parse("S6") == "S6"  # (it imported packdemo.rules from the pack too)
    assert sys.modules[PACKAGE].NAME == "pack demo"
    assert cards.__loader__ is importer and cards.__spec__.origin == cards.__file__
    assert cards.__file__ == f"{pack_importer.ROOT}{PACKAGE}/cards.pyc"
    assert sys.modules[PACKAGE].__path__ == [f"{pack_importer.ROOT}{PACKAGE}"]
    assert deep.where == f"{pack_importer.ROOT}{PACKAGE}/sub"


def test_data_files_are_read_beside_their_module(installed):
    importer = installed(demo_files())
    import packdemo

    beside = packdemo.__file__.rsplit("/", 1)[0] + "/table.marshal"
    assert packdemo.__loader__.get_data(beside) == b"\x00data beside the modules"
    with pytest.raises(OSError):  # as a missing file in a zip: dataclass_code falls back
        importer.get_data(f"{pack_importer.ROOT}{PACKAGE}/missing.marshal")


def test_a_name_the_pack_lacks_is_left_to_the_other_finders(installed):
    importer = installed(demo_files())
    assert importer.find_spec("json") is None and importer.find_spec(f"{PACKAGE}.nope") is None
    import json  # still the standard library's

    assert json.__spec__.loader is not importer
    with pytest.raises(ModuleNotFoundError):
        import packdemo.nope  # noqa: F401


def test_a_traceback_names_the_source_file_line_and_function(installed):
    installed(demo_files())
    from packdemo import cards

    with pytest.raises(ValueError) as caught:
        cards.parse("zz")
    frames = traceback.extract_tb(caught.value.__traceback__)
    assert [(f.filename, f.lineno, f.name) for f in frames[-2:]] == [
        (f"{PACKAGE}/cards.py", 3, "parse"), (f"{PACKAGE}/rules.py", 3, "check")]


def test_bytecode_of_another_python_is_refused_with_a_reason(installed):
    stale = pyc(f"{PACKAGE}/cards.py", "X = 1\n", magic=b"\x00\x00\r\n")
    installed(demo_files(**{f"{PACKAGE}/cards.pyc": stale}))
    with pytest.raises(ImportError, match="compiled for another Python"):
        import packdemo.cards  # noqa: F401
    assert f"{PACKAGE}.cards" not in sys.modules


def test_the_build_packs_every_file_of_its_zip():
    from scripts import bytecode

    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        for name, data in sorted(demo_files().items(), reverse=True):
            archive.writestr(name, data)
    packed = marshal.loads(bytecode.game_pack_files(buffer.getvalue()))
    assert packed == demo_files() and list(packed) == sorted(packed)
