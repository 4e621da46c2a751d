"""The result of a round (R26–R28) and the level ladder (R5)."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from .cards import RANKS
from .config import DEFAULT_RULES, RulesConfig
from .errors import ArgumentError, shown
from .seats import next_seat, other_team, partner_of, team_of

LADDER = (*RANKS, "LJ", "BJ")  # R5: 2 … A, 小王, 大王
JOKER_LEVELS = ("LJ", "BJ")


def raise_level(level: str, steps: int) -> str:
    """R5: climb `steps` rungs (0 or more); a rise never passes 小王 or 大王 without playing
    it. ArgumentError for a level off the ladder or steps that are not a whole number >= 0."""
    if type(level) is not str or level not in LADDER:
        raise ArgumentError(f"not a level: {shown(level)} (the ladder is {', '.join(LADDER)})",
                            f"不是级别：{shown(level, 'zh')}")
    if not isinstance(steps, int) or isinstance(steps, bool) or steps < 0:
        raise ArgumentError(f"a rise is a whole number of levels >= 0, not {shown(steps)}",
                            f"升级数必须是不小于 0 的整数，不能是 {shown(steps, 'zh')}")
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
    """The R26 band of the attackers' final score (ArgumentError unless it is a whole number
    >= 0, under a RulesConfig)."""
    if not isinstance(score, int) or isinstance(score, bool) or score < 0:
        raise ArgumentError(f"a score is a whole number >= 0, not {shown(score)}",
                            f"分数必须是不小于 0 的整数，不能是 {shown(score, 'zh')}")
    if not isinstance(rules, RulesConfig):
        raise ArgumentError(f"the rules must be a RulesConfig, not {shown(rules)}",
                            "规则必须是 RulesConfig")
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


@dataclass(frozen=True)
class Settlement:
    """A round settled (R26–R28): whether the declarers keep the deal, the rising team and
    its rise, both teams' levels after it, and the next 庄家."""

    keep: bool
    rising: int
    rise: int
    levels: tuple[str, str]
    next_dealer: int


def settlement(score: int, dealer: int, levels: tuple[str, str],
               rules: RulesConfig = DEFAULT_RULES) -> Settlement:
    """The settlement of a round dealt by `dealer` with the teams at `levels`, for the
    attackers' final `score`: R26/R27 (`settle`), R5's stops (`raise_level`), and R28: the
    deal passes to the 庄家's partner when the declarers keep it, else to the next seat
    counter-clockwise."""
    keep, rise = settle(score, rules)
    declarers = team_of(dealer)
    rising = declarers if keep else other_team(declarers)
    after = list(levels)
    after[rising] = raise_level(levels[rising], rise)
    return Settlement(keep, rising, rise, (after[0], after[1]),
                      partner_of(dealer) if keep else next_seat(dealer))
