"""A golden seeded match: its full log must stay identical unless a rule changes (say which
in the commit that regenerates it: `python -m tools.log --seed 1 --rounds 2 > tests/golden/...`).
tests/test_pyodide.py checks the same log under Pyodide."""

from pathlib import Path

from tools.log import match_log

GOLDEN = Path(__file__).parent / "golden" / "seed1_two_rounds.log"


def test_golden_match_log_is_unchanged():
    assert "\n".join(match_log(seed=1, max_rounds=2)) + "\n" == GOLDEN.read_text(encoding="utf-8")
