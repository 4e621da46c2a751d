"""Hard tier (placeholder while the normal tier is tuned)."""

from __future__ import annotations

from .tiers import NormalBot


class HardBot(NormalBot):
    tier = "hard"

    def __init__(self, seat: int, seed: int = 0, playouts: int = 4000,
                 budget_ms: float | None = None) -> None:
        super().__init__(seat, seed)
        self.playouts = playouts
        self.budget_ms = budget_ms
