"""The numbers a variant might change, in one place, with RULES.md's values as defaults, and
the ranges in which the game can be played with them (said once, here: `RULE_RANGES`).

A RulesConfig out of those ranges is refused when it is made (a `RulesError` naming the
setting, in en and zh), so no match is ever begun under rules it cannot play: saves, records
and links that carry such rules are refused by their readers (SaveError, RecordError).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import asdict, dataclass, fields
from typing import NamedTuple

from .cards import DECK_SIZE, JOKERS
from .errors import RulesError, shown

MAX_RISE = 13  # R5: the ladder's 15 rungs, 2 to 大王; no rise goes further than 2 → 小王


@dataclass(frozen=True)
class RuleRange:
    """The values a setting may take (`low` to `high`, both included) and its name for a
    player. Two settings are also tied to another: the kitty is what the four hands leave of
    the deck, and a small shutout's scores lie below the threshold."""

    name: str
    low: int
    high: int
    en: str
    zh: str
    rule: str  # the rule of RULES.md the setting belongs to


# The kitty must hold a card that is not a joker (R12/R13 take trump from one when nobody
# bids): more cards than the jokers of the deck (6). With 4 hands dealt from the 162 cards,
# the kitty is 162 - 4 × hand size, so at least 10, and a hand at most 38 cards.
_MIN_KITTY = next(k for k in range(len(JOKERS) * 3 + 1, DECK_SIZE) if (DECK_SIZE - k) % 4 == 0)

RULE_RANGES: tuple[RuleRange, ...] = (
    RuleRange("hand_size", 1, (DECK_SIZE - _MIN_KITTY) // 4,
              "cards in each hand", "每人手牌张数", "R8"),
    RuleRange("kitty_size", _MIN_KITTY, DECK_SIZE - 4,
              "cards in the kitty", "底牌张数", "R8"),
    RuleRange("kitty_multiplier", 0, 10,
              "kitty points multiplier (抠底)", "抠底时底分的倍数", "R25"),
    RuleRange("throw_penalty_per_card", 0, 50,
              "penalty per card of a failed throw", "甩牌失败每张牌的罚分", "R19"),
    RuleRange("shutout_rise", 1, MAX_RISE,
              "levels the declarers rise when the attackers score 0", "大光（抓分 0）升级数",
              "R26"),
    RuleRange("small_shutout_limit", 0, 299,
              "highest attackers' score of a small shutout", "小光的抓分上限", "R26"),
    RuleRange("small_shutout_rise", 1, MAX_RISE,
              "levels the declarers rise in a small shutout", "小光升级数", "R26"),
    RuleRange("below_threshold_rise", 1, MAX_RISE,
              "levels the declarers rise when they keep the deal otherwise",
              "庄家守住时的升级数", "R26"),
    RuleRange("threshold", 1, 300,
              "attackers' score that takes the deal", "抓分方上台的分数", "R26/R27"),
    RuleRange("step", 1, 300,
              "points over that score for each level the attackers rise",
              "上台后每升一级需多抓的分数", "R26"),
    RuleRange("max_rise", 0, MAX_RISE,
              "most levels the attackers rise when they take the deal", "上台最多升级数", "R26"),
)
RANGE_OF = {r.name: r for r in RULE_RANGES}


class RuleDifference(NamedTuple):
    """A setting whose value is not the default: (field, value, default), with its name."""

    field: str
    value: int
    default: int

    def label(self, lang: str = "en") -> str:
        """The setting's name for a player: "cards in each hand", "每人手牌张数"."""
        spec = RANGE_OF[self.field]
        return spec.zh if lang.startswith("zh") else spec.en

    def text(self, lang: str = "en") -> str:
        """One line for a player: "cards in each hand: 30 (default 38)"."""
        if lang.startswith("zh"):
            return f"{self.label(lang)}：{self.value}（默认 {self.default}）"
        return f"{self.label(lang)}: {self.value} (default {self.default})"


@dataclass(frozen=True)
class RulesConfig:
    """The rules' numbers (RULES.md's values by default), saved with every match. Made only
    within `RULE_RANGES` (and with the kitty what the hands leave of the deck, a small
    shutout below the threshold): anything else raises RulesError."""

    hand_size: int = 38  # R8
    kitty_size: int = 10  # R8
    kitty_multiplier: int = 2  # R25: 抠底 doubles the kitty's points
    throw_penalty_per_card: int = 0  # R19: points to the other team per card taken back
    shutout_rise: int = 6  # R26: S = 0 (大光)
    small_shutout_limit: int = 60  # R26: 0 < S <= 60 (小光)
    small_shutout_rise: int = 3
    below_threshold_rise: int = 1  # R26 [decision]: 60 < S < 120
    threshold: int = 120  # R26/R27: the attackers take over at this score
    step: int = 30  # R26: one level per full step over the threshold
    max_rise: int = 6

    def __post_init__(self) -> None:
        self._check()

    def _check(self) -> None:
        """RulesError, naming the setting, unless the game can be played under these rules:
        every setting a whole number in its range (RULE_RANGES); the four hands and the kitty
        make the deck; a small shutout's scores lie below the threshold. Every rise of the
        declarers is at least 1, so a team that keeps the deal climbs and a match can end."""
        for spec in RULE_RANGES:
            value = getattr(self, spec.name)
            if type(value) is not int:  # (not a bool, not a float: a count of cards, points)
                raise _refusal(spec.name, f"must be a whole number, not {shown(value)}",
                               f"必须是整数，不能是 {shown(value, 'zh')}")
            if not spec.low <= value <= spec.high:
                raise _refusal(spec.name, f"must be {spec.low}–{spec.high}, not {shown(value)}",
                               f"必须在 {spec.low}–{spec.high} 之间，不能是 {shown(value, 'zh')}")
        kitty = DECK_SIZE - 4 * self.hand_size
        if self.kitty_size != kitty:
            raise _refusal("kitty_size", f"must be {kitty} (what the {DECK_SIZE} cards leave "
                           f"after four hands of {self.hand_size}), not {self.kitty_size}",
                           f"必须是 {kitty}（{DECK_SIZE} 张牌发完四家各 {self.hand_size} 张后"
                           f"所余），不能是 {self.kitty_size}")
        if self.small_shutout_limit >= self.threshold:
            raise _refusal("small_shutout_limit",
                           f"must be below the score that takes the deal ({self.threshold}), "
                           f"not {self.small_shutout_limit}",
                           f"必须小于上台的分数 {self.threshold}，"
                           f"不能是 {self.small_shutout_limit}")

    def to_dict(self) -> dict[str, int]:
        return asdict(self)

    @classmethod
    def from_dict(cls, data: Mapping[str, object]) -> RulesConfig:
        """The rules from their dict (`to_dict`; settings left out keep their default), as
        parsed JSON gives them: anything else raises RulesError."""
        if not isinstance(data, Mapping):  # parsed JSON: anything may arrive here
            raise RulesError("", f"the rules settings must be an object, not {shown(data)}",
                             f"规则设置必须是一个对象，不能是 {shown(data, 'zh')}")
        known = {f.name for f in fields(cls)}
        unknown = [k for k in data if k not in known]
        if unknown:
            named = ", ".join(sorted(shown(k) for k in unknown)[:5])
            raise RulesError(unknown[0] if isinstance(unknown[0], str) else "",
                             f"unknown rules settings: {named}", f"未知的规则设置：{named}")
        values: dict[str, int] = {}
        for key, value in data.items():
            if type(value) is not int:  # checked here too: `cls(**values)` is typed
                raise _refusal(key, f"must be a whole number, not {shown(value)}",
                               f"必须是整数，不能是 {shown(value, 'zh')}")
            values[key] = value
        return cls(**values)

    def differences(self) -> list[RuleDifference]:
        """The settings that are not the default, in the order of RULE_RANGES: (field, value,
        default) each, with `label(lang)` and `text(lang)` for a player."""
        return [RuleDifference(spec.name, getattr(self, spec.name),
                               getattr(DEFAULT_RULES, spec.name))
                for spec in RULE_RANGES
                if getattr(self, spec.name) != getattr(DEFAULT_RULES, spec.name)]


def _refusal(field: str, en: str, zh: str) -> RulesError:
    spec = RANGE_OF[field]
    return RulesError(field, f"the rules cannot be played: {spec.en} ({field}) {en}",
                      f"规则无法进行：{spec.zh}（{field}）{zh}")


DEFAULT_RULES = RulesConfig()
