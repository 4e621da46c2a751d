"""tools.sim_bench compares hard's simulator with an earlier engine on the same positions."""

import io
from pathlib import Path

import pytest

from tools import sim_bench

ROOT = Path(__file__).resolve().parents[1]


def test_the_same_engine_decides_the_same_and_is_timed():
    sim_bench.load_before(ROOT / "engine")  # this engine, loaded a second time
    out = io.StringIO()
    sim_bench.run([5], 2, out)
    text = out.getvalue()
    assert "in 2 of 2 positions" in text
    assert text.count("plays/s") == 2


def test_a_missing_engine_is_refused_with_its_path(tmp_path):
    with pytest.raises(SystemExit, match="no engine package at"):
        sim_bench.main(["--before-dir", str(tmp_path)])
