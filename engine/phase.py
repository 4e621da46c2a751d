"""The phases of a round (and of the match), as one type."""

from __future__ import annotations

from enum import StrEnum


class Phase(StrEnum):
    """Where the match stands. The values are the names the page and saves use
    (`html[data-phase]`), so a Phase compares equal to its name."""

    DEAL = "deal"  # cards are dealt; any seat may bid (R9–R11)
    BID = "bid"  # the post-deal turn around the table (R11)
    BURY = "bury"  # the 庄家 (or a snatcher) buries the kitty (R14/R15)
    SNATCH = "snatch"  # 抄底: the other seats in turn may snatch the kitty (R15)
    PLAY = "play"  # tricks (R18–R25)
    RESULT = "result"  # the round is settled; the table deals the next one (R26–R28)
    MATCH_OVER = "match-over"  # a team won the match (R5)

    @property
    def has_turns(self) -> bool:
        """Whether one seat at a time acts (not the deal, not between rounds)."""
        return self in (Phase.BID, Phase.BURY, Phase.SNATCH, Phase.PLAY)

    @property
    def round_over(self) -> bool:
        return self in (Phase.RESULT, Phase.MATCH_OVER)
