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
    assert [line.split()[0] for line in text.splitlines() if "worlds/s" in line] == [
        "before", "now"]
    assert "rollouts/s" in text.splitlines()[1]  # (this engine counts them)
    assert "speed-up" in text


def test_an_engine_before_the_driver_is_driven_to_the_same_positions(monkeypatch):
    """Issue 11's baseline has no engine.driver; the protocol it documented (deal a card, ask
    each seat from the one that got it) reaches the positions the driver reaches."""
    _, by_driver = sim_bench.positions("engine", 7, 6)
    real_import = sim_bench.importlib.import_module

    def without_driver(name: str):
        if name == "engine.driver":
            raise ModuleNotFoundError(name)
        return real_import(name)

    monkeypatch.setattr(sim_bench.importlib, "import_module", without_driver)
    _, by_protocol = sim_bench.positions("engine", 7, 6)
    assert len(by_protocol) == len(by_driver) == 6
    assert by_protocol == by_driver


def test_a_missing_engine_is_refused_with_its_path(tmp_path):
    with pytest.raises(SystemExit, match="no engine package at"):
        sim_bench.main(["--before-dir", str(tmp_path)])
