"""The same seed and history give the same match on CPython and under Pyodide (the page's
interpreter), run in Node.js from the npm `pyodide` package that `make test` installs."""

import os
import shutil
import subprocess
from pathlib import Path

import pytest
from test_save import played

from engine.save import save_match

ROOT = Path(__file__).resolve().parents[1]
RUNNER = ROOT / "scripts" / "run_in_pyodide.mjs"
GOLDEN = ROOT / "tests" / "golden" / "seed1_two_rounds.log"

if not (shutil.which("node") and (ROOT / "node_modules" / "pyodide").is_dir()):
    if os.environ.get("CI"):
        raise RuntimeError("CI needs node and node_modules/pyodide (make test runs npm ci)")
    pytest.skip("node or node_modules/pyodide missing: run `npm ci`", allow_module_level=True)


def pyodide(*args: str, stdin: str = "") -> str:
    done = subprocess.run(["node", str(RUNNER), *args], input=stdin, capture_output=True,
                          text=True, timeout=300, check=False)
    assert done.returncode == 0, done.stderr
    return done.stdout


def test_golden_match_is_identical_under_pyodide():
    assert pyodide("-m", "tools.log", "--seed", "1", "--rounds", "2") == GOLDEN.read_text("utf-8")


def test_a_cpython_save_replays_identically_under_pyodide():
    text = save_match(played(seed=11, steps=700))
    script = ("import sys; from engine.save import load_match, save_match; "
              "print(save_match(load_match(sys.stdin.read())))")
    assert pyodide("-c", script, stdin=text) == text + "\n"


def test_a_cpython_record_reads_back_identically_under_pyodide():
    from engine.record import record_code, record_text

    m = played(seed=12, steps=900)
    text = record_text(m)
    script = ("import sys; from engine.record import read_record, record_text, record_code; "
              "m, info = read_record(sys.stdin.read()); print(record_code(m, info)); "
              "print(record_text(m, info), end='')")
    assert pyodide("-c", script, stdin=text) == record_code(m) + "\n" + text


def test_deeply_nested_saves_are_refused_under_pyodide_without_exhausting_the_stack():
    """Issue 30: '['.repeat(10000) in storage stopped Pyodide for good (the browser's stack
    ran out inside the JSON parser); the depth is now checked before parsing."""
    script = ("import sys; from engine.save import load_match; from engine.errors import "
              "SaveError\nfor text in sys.stdin.read().split('|'):\n"
              "    try: load_match(text)\n    except SaveError as err: print(type(err).__name__)")
    stdin = "|".join(["[" * 100_000, "{\"a\":" * 100_000, "[" * 10_000 + "]" * 10_000])
    assert pyodide("-c", script, stdin=stdin) == "SaveError\n" * 3
