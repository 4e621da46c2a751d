"""The standard library the page ships holds what the game imports (scripts/stdlib_closure.py
finds it: the part of Pyodide's library the page can import, 130 of its 560 modules).

Under Pyodide in Node, with only that library: every module of engine/ and ui/ imports
(PyScript's package stood in for by an empty module: it is JavaScript's, not the library's),
and the engine's work runs through the paths the page takes (a match played by bots, saved and
loaded, an older version's save loaded, recorded and read back as text and as a link's
code).  A module the build left out fails here, not on a player's page; the e2e tests then
play every screen of the page on the same library.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "scripts"))
import build_site  # noqa: E402
import bytecode  # noqa: E402

RUNNER = ROOT / "scripts" / "run_in_pyodide.mjs"

if not (shutil.which("node") and (ROOT / "node_modules" / "pyodide").is_dir()):
    pytest.skip("node or node_modules/pyodide missing: run `npm ci`", allow_module_level=True)

EVERY_MODULE = """
import importlib, json, sys, types
from pathlib import Path

class _PyScript(types.ModuleType):  # PyScript's package: JavaScript's, not the library's
    def __getattr__(self, name):
        if name.startswith("__"):
            raise AttributeError(name)
        return lambda *args, **kwargs: (lambda function: function)

sys.modules["pyscript"] = _PyScript("pyscript")
names = sorted(str(p.with_suffix("")).replace("/", ".").removesuffix(".__init__")
               for package in ("engine", "ui") for p in Path(".").glob(f"{package}/**/*.py"))
failed = {}
for name in names:
    if name == "ui.main":  # it runs the page's game
        continue
    try:
        importlib.import_module(name)
    except Exception as error:
        failed[name] = f"{type(error).__name__}: {error}"
library = sorted(m for m, module in sys.modules.items()
                 if "python314.zip" in (getattr(module, "__file__", "") or ""))
print(json.dumps({"imported": len(names) - len(failed), "failed": failed,
                  "library": len(library)}))
"""

THE_ENGINE_S_WORK = """
import json
from engine.actions import NextRound, action_to_json
from engine.bots import make_bot
from engine.driver import play_round
from engine.match import Match
from engine.record import RecordInfo, read_code, read_record, record_code, record_text
from engine.save import load_match, save_match

match = Match(5)
bots = [make_bot(tier, seat, seed=seat) for seat, tier in enumerate(
    ("hard", "normal", "easy", "random"))]
play_round(match, bots)
match.apply(NextRound())
play_round(match, bots)
again = load_match(save_match(match))
v1 = json.dumps({"format": "chaodipi-match", "version": 1, "rules": match.rules.to_dict(),
                 "seed": match.seed, "history": [action_to_json(a) for a in match.history]})
older = load_match(v1)
info = RecordInfo(seats=("you", "hard", "normal", "easy"))
from_text, _ = read_record(record_text(match, info))
from_code, _ = read_code(record_code(match, info, 2))
print(json.dumps([save_match(again) == save_match(match), older.history == match.history,
                  from_text.history == match.history, len(from_code.history) > 0]))
"""


@pytest.fixture(scope="module")
def shipped_library(tmp_path_factory) -> Path:
    """The standard library archive the build ships, built as the build builds it."""
    page = build_site.PAGE_PYTHON.search((ROOT / "index.html").read_text(encoding="utf-8"))
    assert page is not None
    archive = tmp_path_factory.mktemp("stdlib") / "python_stdlib.zip"
    archive.write_bytes(bytecode.stdlib_archive(build_site.stdlib_sources(page["code"])))
    return archive


def under_pyodide(library: Path, code: str) -> str:
    done = subprocess.run(["node", str(RUNNER), "--ui", "--stdlib", str(library), "-c", code],
                          capture_output=True, text=True, timeout=600, check=False)
    assert done.returncode == 0, done.stderr[-4000:]
    return done.stdout


def test_every_module_of_the_game_imports_with_the_shipped_library(shipped_library):
    result = json.loads(under_pyodide(shipped_library, EVERY_MODULE).splitlines()[-1])
    assert result["failed"] == {}
    assert result["imported"] >= 50
    print(f"{result['imported']} modules imported, {result['library']} from the library")


def test_the_engine_s_work_runs_with_the_shipped_library(shipped_library):
    assert json.loads(under_pyodide(shipped_library, THE_ENGINE_S_WORK).splitlines()[-1]) == [
        True, True, True, True]
