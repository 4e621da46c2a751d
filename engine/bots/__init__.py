"""Bots for 炒地皮: three tiers (easy, normal, hard) plus a random-legal floor.

The interface
=============

    from engine.bots import make_bot
    bot = make_bot("normal", seat=1, seed=1234)           # "random" | "easy" | "normal" | "hard"
    action = bot.choose(match.view(1))                    # an engine Action, or None
    if action is not None:
        match.apply(action)

`choose(view)` takes ONLY the seat's `SeatView` (engine.view) and returns that seat's action:

- phase "deal": a `Bid` to make now with the cards dealt so far (R11), or None for "no bid
  now". The driver (engine.driver) asks the seats that learnt something since they were last
  asked: the seat that just got a card, and everybody after a bid.
- phase "bid" (post-deal turn), "bury", "snatch", "play": when `view.to_act == seat`, a `Bid`
  or `Pass`, a `Bury`, a `Snatch` or `Pass`, a `Play`. When it is not the seat's turn: None.
- phases "result" / "match-over": None (the table sends `NextRound`).

Every action returned is legal for the view it was given. Bots keep no hidden state: all
their card memory (cards played, voids, masters, failed throws, shown bid cards, the kitty
they buried) is rebuilt from the view, so a bot can be made fresh for any position, e.g.
after loading a save. Decisions are deterministic for a given (tier, seat, seed, view):
randomness comes from `random.Random` seeded with the bot's seed and the decision's public
context, never from hidden cards, the clock or global state.

The hard tier searches (engine.bots.hard). Its effort is counted in simulated card plays
(`playouts`, default 2500), so its choices are reproducible: `make_bot("hard", seat, seed)`;
with `settle_k` a card play's search stops sooner once its choice is settled (also a count
of worlds, not of time; off by default). For the browser it also takes a wall-clock cap:
`make_bot("hard", seat, seed, budget_ms=250)` (`clock="cpu"`: the cap read on the process's
CPU time, as the arena reads it on a shared machine).
The search is anytime: it checks the clock after each whole sampled world, stops once the cap
is spent and decides on the worlds completed (at least one), so a decision takes about
`budget_ms` plus one world at most. With a time cap the result can depend on the machine's
speed; tests and the arena use the play count alone.

Matches with bots are driven by engine.driver (the one protocol for bids during the deal,
used by the arena, the tests, `python -m tools.log` and the page): `play_round(match, bots)`.
"""

from __future__ import annotations

from typing import Any

from .base import Bot
from .hard import HardBot
from .tiers import EasyBot, NormalBot, RandomBot

TIERS: dict[str, type[Bot]] = {"random": RandomBot, "easy": EasyBot, "normal": NormalBot,
                               "hard": HardBot}


def make_bot(tier: str, seat: int, seed: int = 0, **options: Any) -> Bot:
    """A bot of `tier` for `seat`. Options: the hard tier takes `playouts` (simulated card
    plays per decision, the deterministic budget) and `budget_ms` (a wall-clock cap)."""
    # Any: each tier's constructor takes its own options (and refuses others).
    try:
        cls = TIERS[tier]
    except KeyError:
        raise ValueError(f"unknown bot tier {tier!r}; choose from {sorted(TIERS)}") from None
    return cls(seat, seed, **options)


__all__ = ["TIERS", "Bot", "make_bot"]
