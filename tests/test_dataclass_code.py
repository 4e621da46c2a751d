"""ui/dataclass_code.py: the page takes dataclass methods compiled at build time, exactly as
`dataclasses` would compile them, and compiles anything the table does not hold."""

from __future__ import annotations

import dataclasses
import marshal
import sys

import pytest

from ui import dataclass_code


@pytest.fixture
def restored_dataclasses(monkeypatch):
    """Whatever a test installs, `dataclasses` compiles with the builtin exec afterwards."""
    monkeypatch.setattr(dataclasses, "exec", exec, raising=False)


def make_point():
    @dataclasses.dataclass(frozen=True)
    class Point:
        x: int
        y: int = 0

    return Point


def recorded_table(make_class, version: int = sys.hexversion) -> bytes:
    """A table as the build writes one: every text compiled while `make_class` runs."""
    codes = {}

    def record(source, globals=None, locals=None, /):
        code = codes[dataclass_code.key(source)] = compile(source, "<string>", "exec",
                                                           dont_inherit=True)
        exec(code, globals, locals)

    dataclasses.exec = record
    try:
        make_class()
    finally:
        dataclasses.exec = exec
    return marshal.dumps((version, codes))


def test_a_class_in_the_table_is_built_from_it_and_behaves_the_same(restored_dataclasses):
    precompiled = dataclass_code.install(recorded_table(make_point))
    assert precompiled is not None
    point = make_point()
    # one text per class (Python 3.13+) or per method (before): all from the table
    assert precompiled.used >= 1 and precompiled.compiled == 0
    assert point(1) == point(1, 0) and point(1) != point(2)
    assert repr(point(3, 4)).endswith("Point(x=3, y=4)")
    assert hash(point(1, 2)) == hash(point(1, 2))
    with pytest.raises(dataclasses.FrozenInstanceError):
        point(1).x = 2  # type: ignore[misc]


def test_a_class_the_table_lacks_is_compiled_as_before(restored_dataclasses):
    precompiled = dataclass_code.install(recorded_table(make_point))

    @dataclasses.dataclass
    class Other:
        name: str

    assert precompiled is not None
    assert precompiled.used == 0 and precompiled.compiled >= 1
    assert Other("a") == Other("a")


def test_a_table_from_another_python_is_not_used(restored_dataclasses):
    table = recorded_table(make_point, version=sys.hexversion + 1)
    assert dataclass_code.install(table) is None
    assert dataclasses.exec is exec  # nothing changed


def test_the_table_installed_already_is_kept(restored_dataclasses):
    """The page started from its snapshot: the table the build installed stays, with its counts."""
    precompiled = dataclass_code.install(recorded_table(make_point))
    make_point()
    assert dataclass_code.install_shipped() is precompiled
    assert dataclasses.exec is precompiled and precompiled.used >= 1


def test_no_table_is_shipped_beside_the_sources(restored_dataclasses):
    assert dataclass_code.install_shipped() is None
    assert dataclasses.exec is exec


def test_key_is_the_length_and_checksum_of_the_text():
    assert dataclass_code.key("def f(): pass") == dataclass_code.key("def f(): pass")
    assert dataclass_code.key("def f(): pass") != dataclass_code.key("def g(): pass")
    assert dataclass_code.key("é")[0] == 2  # bytes, as encoded


def test_without_a_built_table_nothing_is_installed(restored_dataclasses):
    """Under the tests the game runs from its sources: there is no table beside them."""
    assert dataclass_code.install_shipped() is None
    assert dataclasses.exec is exec
