"""The result of a round (R26–R28) and the level ladder (R5)."""

from __future__ import annotations

from .cards import RANKS
from .config import DEFAULT_RULES, RulesConfig

LADDER = (*RANKS, "LJ", "BJ")  # R5: 2 … A, 小王, 大王
JOKER_LEVELS = ("LJ", "BJ")


def raise_level(level: str, steps: int) -> str:
    """R5: climb `steps` rungs; a rise never passes 小王 or 大王 without playing it."""
    start = LADDER.index(level)
    target = start + steps
    small_joker = LADDER.index("LJ")
    if start < small_joker < target:
        target = small_joker
    return LADDER[min(target, len(LADDER) - 1)]


def settle(score: int, rules: RulesConfig = DEFAULT_RULES) -> tuple[bool, int]:
    """R26/R27: (declarers keep the deal, levels the rising team climbs) for the attackers'
    final score. When the declarers keep, they rise; otherwise the attackers take over and
    rise (possibly by 0)."""
    if score < 0:
        raise ValueError(f"a score cannot be negative: {score}")
    if score == 0:
        return True, rules.shutout_rise
    if score <= rules.small_shutout_limit:
        return True, rules.small_shutout_rise
    if score < rules.threshold:
        return True, rules.below_threshold_rise
    return False, min(rules.max_rise, (score - rules.threshold) // rules.step)
