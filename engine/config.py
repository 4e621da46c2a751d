"""The numbers a variant might change, in one place, with RULES.md's values as defaults."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import asdict, dataclass, fields


@dataclass(frozen=True)
class RulesConfig:
    """The rules' numbers (RULES.md's values by default), saved with every match."""

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

    def to_dict(self) -> dict[str, int]:
        return asdict(self)

    @classmethod
    def from_dict(cls, data: Mapping[str, object]) -> RulesConfig:
        if not isinstance(data, Mapping):  # parsed JSON: anything may arrive here
            raise ValueError(f"rules settings must be an object, not {data!r}")
        known = {f.name for f in fields(cls)}
        unknown = set(data) - known
        if unknown:
            raise ValueError(f"unknown rules settings: {sorted(unknown)}")
        numbers = {k: v for k, v in data.items() if isinstance(v, int) and not isinstance(v, bool)}
        if len(numbers) != len(data):
            raise ValueError("rules settings must be whole numbers")
        return cls(**numbers)


DEFAULT_RULES = RulesConfig()
