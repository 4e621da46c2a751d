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
  now". The table deals one card at a time (`Deal(1)`); after each card the UI should ask
  every bot seat (`bot.choose(view)` or the alias `bot.decide_bid_during_deal(view)`) and
  apply any bid it returns before dealing on.
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
(`playouts`, default 2500), so its choices are reproducible: `make_bot("hard", seat, seed)`.
For the browser it also takes a wall-clock cap: `make_bot("hard", seat, seed, budget_ms=250)`.
The search is anytime: it checks the clock after each whole sampled world, stops once the cap
is spent and decides on the worlds completed (at least one), so a decision takes about
`budget_ms` plus one world at most. With a time cap the result can depend on the machine's
speed; tests and the arena use the play count alone.

In the browser, per decision: after each `Deal(1)` ask every bot seat in turn (the seat that
just got the card first, then counter-clockwise) and apply a returned `Bid` before dealing on;
in the other phases ask the bot whose seat is `match.to_act`. A bot object may be reused for
the whole match or made anew for each decision; both give the same choices.

`play_match(tiers_by_seat, seed)` drives a whole match (or `rounds=1` a single round) with
bots in all four seats; the arena (engine.arena) and the tests use it.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..actions import Bid, Deal, NextRound
from ..match import Match
from .base import Bot
from .hard import HardBot
from .tiers import EasyBot, NormalBot, RandomBot

TIERS = {"random": RandomBot, "easy": EasyBot, "normal": NormalBot, "hard": HardBot}


def make_bot(tier: str, seat: int, seed: int = 0, **options) -> Bot:
    """A bot of `tier` for `seat`. Options: the hard tier takes `playouts` (simulated card
    plays per decision, the deterministic budget) and `budget_ms` (a wall-clock cap)."""
    try:
        cls = TIERS[tier]
    except KeyError:
        raise ValueError(f"unknown bot tier {tier!r}; choose from {sorted(TIERS)}") from None
    return cls(seat, seed, **options)


@dataclass
class RoundRecord:
    """One round of a bot match: who declared at what level, and how it ended."""

    number: int
    dealer: int
    level: str
    trump_level: str
    trump_suit: str | None
    score: int  # the attackers' final score
    declarers_keep: bool
    rising_team: int
    rise: int
    levels_after: tuple[str, str]


@dataclass
class MatchRecord:
    """A bot match: its seed, its rounds, the winning team, and the match itself."""

    seed: int
    rounds: list[RoundRecord] = field(default_factory=list)
    winner: int | None = None
    match: Match | None = None


def play_round(m: Match, bots: list[Bot], check: bool = False) -> RoundRecord:
    """Play the round in progress to its result with `bots` (one per seat). With `check`,
    every action is also verified by `Match.verify` first (apply verifies anyway)."""
    while m.phase == "deal":
        m.apply(Deal(1))
        if m.phase != "deal":
            break
        for k in range(4):
            seat = (m.round.first_seat + m.round.dealt - 1 + k) % 4
            act = bots[seat].choose(m.view(seat))
            if act is not None:
                if not isinstance(act, Bid):
                    raise AssertionError(f"seat {seat} returned {act!r} during the deal")
                m.apply(act)
    while m.phase not in ("result", "match-over"):
        seat = m.to_act
        act = bots[seat].choose(m.view(seat))
        if act is None:
            raise AssertionError(f"seat {seat} returned no action in phase {m.phase}")
        if check:
            m.verify(act)
        m.apply(act)
    r = m.round
    res = r.result
    return RoundRecord(r.number, r.dealer, r.level, r.trump.level, r.trump.suit, res.score,
                       res.declarers_keep, res.rising_team, res.rise, res.levels)


def play_match(tiers_by_seat, seed: int, rounds: int | None = None, bot_seed: int | None = None,
               max_rounds: int = 200, match: Match | None = None, **options) -> MatchRecord:
    """Play a match (or its first `rounds` rounds) with bots. `tiers_by_seat` is a list of
    four tier names or bots; bots get `bot_seed` (default: the match seed) and `options`."""
    m = match if match is not None else Match(seed)
    bseed = seed if bot_seed is None else bot_seed
    bots = [t if not isinstance(t, str) else make_bot(t, s, bseed, **options)
            for s, t in enumerate(tiers_by_seat)]
    rec = MatchRecord(seed)
    limit = rounds if rounds is not None else max_rounds
    while len(rec.rounds) < limit:
        rec.rounds.append(play_round(m, bots))
        if m.phase == "match-over":
            break
        if len(rec.rounds) < limit:
            m.apply(NextRound())
    rec.winner = m.winner
    rec.match = m
    return rec


__all__ = ["TIERS", "Bot", "MatchRecord", "RoundRecord", "make_bot", "play_match", "play_round"]
