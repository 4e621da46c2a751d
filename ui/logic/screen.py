"""What the page remembers between renders: the language, and the player's choices before they
become an action (cards selected to play, cards put towards the kitty, a bid's naming).

Never game state: that is the engine's, read from seat 0's view at every render. Cards are
named by their position in the view's sorted hand, as the page's `data-i` attributes are.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from engine.bots.advice import Reason
from engine.events import Event, RoundStarted

LOG_MEMORY = 40  # events kept; the log shows the last few of those worth a sentence


@dataclass
class Screen:
    """The screen's own state beside the match: the cards picked to play or bury, the log, what
    is shown."""

    lang: str = "en"
    selected: set[int] = field(default_factory=set)  # positions in view.hand, to play
    bury: list[int] = field(default_factory=list)  # positions for the kitty, in the order chosen
    hinted: set[int] = field(default_factory=set)  # the hint's choice (marked in the kitty)
    show_last_trick: bool = False
    final_trick: bool = False  # the round is over, but its last trick is still shown
    trick_gone: bool = False  # the finished trick on the table went to its winner (motion)
    log: list[Event] = field(default_factory=list)  # recent events, for the log
    hint_reason: Reason | None = None  # why the hint chose its cards
    joker_rank: str = "2"  # naming a bid at a joker level (R13)
    joker_suit: str = "S"

    def remember(self, events: Iterable[Event]) -> None:
        """Keep the latest events for the log (a few more than it shows: some say nothing),
        from the current round's start only."""
        log = self.log + list(events)
        start = next((i for i in range(len(log) - 1, -1, -1)
                      if isinstance(log[i], RoundStarted)), 0)
        self.log = log[start:][-LOG_MEMORY:]

    def toggle(self, pos: int) -> None:
        """Select a card to play, or unselect it."""
        self.selected.symmetric_difference_update({pos})

    def add_to_bury(self, pos: int, kitty_size: int) -> None:
        """Put a card towards the kitty, unless it is there already or the kitty is full."""
        if pos not in self.bury and len(self.bury) < kitty_size:
            self.bury.append(pos)

    def take_from_bury(self, pos: int) -> None:
        """Take a card back from the kitty into the hand."""
        if pos in self.bury:
            self.bury.remove(pos)

    def choose(self, positions: list[int], burying: bool, reason: Reason | None = None) -> None:
        """Replace the choice with the hint's cards (for the kitty while burying, else to
        play), and keep its reason while they stay the choice (`hint_why`)."""
        if burying:
            self.bury = list(positions)
        else:
            self.selected = set(positions)
        self.hinted, self.hint_reason = set(positions), reason

    def hint_why(self, burying: bool) -> Reason | None:
        """The hint's reason while its cards are still the choice: a daily player changed the
        bury and still read "(5 points buried …)" beside a kitty of 20."""
        chosen = set(self.bury) if burying else self.selected
        return self.hint_reason if chosen == self.hinted else None

    def forget_choices(self) -> None:
        """After an action the hand has changed: positions chosen before mean other cards."""
        self.hint_reason = None
        self.selected.clear()
        self.bury = []
        self.hinted = set()
        self.show_last_trick = False
