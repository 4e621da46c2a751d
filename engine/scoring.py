"""The result of a round (R26–R28) and the level ladder (R5)."""

from __future__ import annotations

from enum import StrEnum

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


class Band(StrEnum):
    """R26's bands of the attackers' final score S."""

    SHUTOUT = "shutout"  # S = 0 (大光): the declarers rise 6
    SMALL_SHUTOUT = "small-shutout"  # 0 < S <= 60 (小光): they rise 3
    KEEP = "keep"  # 60 < S < 120: they rise 1 [decision]
    TAKE_OVER = "take-over"  # S >= 120: the attackers take the deal (R27)


def band(score: int, rules: RulesConfig = DEFAULT_RULES) -> Band:
    """The R26 band of the attackers' final score."""
    if score < 0:
        raise ValueError(f"a score cannot be negative: {score}")
    if score == 0:
        return Band.SHUTOUT
    if score <= rules.small_shutout_limit:
        return Band.SMALL_SHUTOUT
    if score < rules.threshold:
        return Band.KEEP
    return Band.TAKE_OVER


def settle(score: int, rules: RulesConfig = DEFAULT_RULES) -> tuple[bool, int]:
    """R26/R27: (declarers keep the deal, levels the rising team climbs) for the attackers'
    final score. When the declarers keep, they rise; otherwise the attackers take over and
    rise (possibly by 0)."""
    kind = band(score, rules)
    if kind == Band.TAKE_OVER:
        return False, min(rules.max_rise, (score - rules.threshold) // rules.step)
    # (tests, not a dict by band: the hard bot settles a few scores for every rollout, and
    # an Enum hashes in Python)
    if kind == Band.SHUTOUT:
        return True, rules.shutout_rise
    if kind == Band.SMALL_SHUTOUT:
        return True, rules.small_shutout_rise
    return True, rules.below_threshold_rise
