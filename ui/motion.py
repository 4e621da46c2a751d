"""Motion from the engine's events: cards travel from their seat to the table, a won trick
gathers toward its winner, dealt cards arrive. (To be built: for now nothing moves.)

The page calls `before()` just before it redraws, `after(events, speed)` just after, and
awaits `gather(winner, speed)` when a finished trick leaves the table. Everything follows the
speed setting and `prefers-reduced-motion`, and never holds the main thread.
"""

from __future__ import annotations


class Motion:
    def before(self) -> None:
        """Note where things are before the page redraws (for cards that move)."""

    def after(self, events, speed: str) -> None:
        """Animate what `events` did, now that the page shows their result."""

    async def gather(self, winner: int, speed: str) -> None:
        """A finished trick leaves the table toward `winner`'s seat."""
