"""scripts/build_site.py: which of the game's modules go into python.snapshot.  Pyodide cannot
snapshot a JavaScript object, so a module that imports js, pyodide or pyscript when it runs,
or imports a module that does, stays out; the page imports it after the restore."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "scripts"))
import build_site
import bytecode

CASES = {  # module file: (its source, in the snapshot?)
    "game/__init__.py": ("", True),
    "game/rules.py": ("import random\n", True),
    "game/table.py": ("from game import rules\n", True),
    "game/page.py": ("import js\n", False),
    "game/screen.py": ("from game import page\n", False),  # through another module
    "game/deep.py": ("import game.screen\n", False),  # two steps away
    "game/lazy.py": ("def draw():\n    import js\n", True),  # only when called
    "game/guarded.py": ("try:\n    from pyodide.ffi import create_proxy\n"
                        "except ImportError:\n    pass\n", False),
    "game/ring_a.py": ("from game import ring_b\n", False),  # a cycle that reaches js
    "game/ring_b.py": ("import game.ring_a\nimport pyscript\n", False),
    "game/loop_a.py": ("import game.loop_b\n", True),  # a cycle that does not
    "game/loop_b.py": ("from game import loop_a\n", True),
}


@pytest.fixture
def tree(tmp_path):
    for path, (source, _) in CASES.items():
        (tmp_path / path).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / path).write_text(source, encoding="utf-8")
    return tmp_path


def test_a_module_is_snapshotted_unless_it_reaches_the_browser(tree):
    chosen = build_site.snapshot_modules(list(CASES), root=tree)
    expected = [bytecode.module_name(path) for path, (_, kept) in CASES.items() if kept]
    assert chosen == expected


def test_the_whole_engine_and_ui_logic_and_no_page_module_is_snapshotted():
    files = build_site.python_files()
    chosen = set(build_site.snapshot_modules(files))
    dom_free = {bytecode.module_name(f) for f in files if f.startswith(("engine/", "ui/logic/"))}
    assert dom_free <= chosen
    page = {bytecode.module_name(f) for f in files
            if f.startswith("ui/page/") and not f.endswith("/__init__.py")}
    assert not (page | {"ui.main"}) & chosen
