"""Undo (悔牌): take back the player's last own decision of the current round against the bots,
by rebuilding the match from its save without that action and everything after it (the
bots' replies). No DOM and no rule judged here: the engine replays the shorter history with
the same validation as any save (engine.save), so what comes back is a match that could have
been played. Runs (and is tested) on CPython.

What counts as a decision: a bid, a snatch (抄底), a pass that had a bid to choose instead,
a bury and a play. A pass with no bid possible is none (the table passes for the player,
ui.logic.table), so undo goes past it to the decision before. Burying counts: it is the player's
own choice of ten cards, made alone and seen by nobody, and leaving it out would make the
undo after the first lead jump past it to a bid (undoing the bury with it anyway).

Nothing is taken back across rounds: once a round is settled its result stands (and the
next round's deal depends on it), so at a result, or with no own decision yet in this
round, undo is refused with a reason.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from engine.actions import Action, Bid, Bury, Deal, Pass, Play, Snatch
from engine.cards import Card
from engine.errors import GameError
from engine.events import Event
from engine.match import Match
from engine.save import load_match, save_match

DECISIONS = (Bid, Snatch, Pass, Bury, Play)


class NothingToUndo(GameError):
    """Undo refused: the round is over, or the player has no decision of this round yet."""


@dataclass(frozen=True)
class Undone:
    """The rebuilt match, the action taken back, and how many applied steps it removed
    (that action and the bots' and table's after it; each card dealt is one step)."""

    match: Match
    action: Action
    steps: int


def last_decision(match: Match, seat: int) -> int:
    """The index in the current round's history (`match.history_since(round_start)`) of
    `seat`'s last decision; raises NothingToUndo with the reason when there is none."""
    if match.phase.round_over:
        raise NothingToUndo("the round is over: its result stands", "这一局已结束，结果不能悔")
    actions = match.history_since(match.round_start[0])
    mine = [i for i, a in enumerate(actions)
            if isinstance(a, DECISIONS) and getattr(a, "seat", None) == seat]
    passes = [i for i in mine if isinstance(actions[i], Pass)]
    chosen: set[int] | None = None  # (a replay of the bidding: only when a pass is reached)
    for i in reversed(mine):
        if not isinstance(actions[i], Pass):
            return i
        if chosen is None:
            chosen = _chosen_passes(match, actions, seat, passes)
        if i in chosen:
            return i
    raise NothingToUndo("nothing of yours to take back in this round yet",
                        "这一局你还没有可以悔的牌")


def can_undo(match: Match, seat: int) -> bool:
    try:
        last_decision(match, seat)
    except NothingToUndo:
        return False
    return True


def take_back(match: Match, seat: int) -> Undone:
    """The match as it was just before `seat`'s last decision of this round (see module
    docstring); the given match is left untouched. Raises NothingToUndo when there is none."""
    index = last_decision(match, seat)
    actions = match.history_since(match.round_start[0])
    removed = actions[index:]
    rebuilt = _round_start_save(match)
    rebuilt["history"] = rebuilt["history"][:index]
    steps = sum(a.count if isinstance(a, Deal) else 1 for a in removed)
    return Undone(load_match(json.dumps(rebuilt, ensure_ascii=False)), removed[0], steps)


def _round_start_save(match: Match) -> dict[str, Any]:
    # Any: parsed JSON, the engine's own save (engine.save), of which only "history" is changed
    data: dict[str, Any] = json.loads(save_match(match))
    return data


def _chosen_passes(match: Match, actions: list[Action], seat: int,
                   passes: list[int]) -> set[int]:
    """Which of `seat`'s passes (indices in the round's `actions`) were choices: the engine
    listed a bid or snatch the seat could have shown instead. Replays the round up to the last
    of them (the bidding only: passes come before the tricks)."""
    data = _round_start_save(match)
    data["history"] = []
    replay = load_match(json.dumps(data, ensure_ascii=False))
    chosen = set()
    for i, action in enumerate(actions[:passes[-1] + 1]):
        if i in passes and replay.legal_bids(seat):
            chosen.add(i)
        replay.apply(action)
    return chosen


@dataclass(frozen=True)
class TakenBack(Event):
    """What the log says of an undo (ui.logic.log.event_line), an event of the page's own (the
    engine has none: undo rebuilds the match): the kind of decision taken back ("bid",
    "snatch", "pass", "bury", "play") and its cards (none for a bury: only the player saw
    them, and the log is for what happened at the table)."""

    what: str
    cards: tuple[Card, ...] = ()

    @classmethod
    def of(cls, action: Action) -> TakenBack:
        what = type(action).__name__.lower()
        return cls(what, () if isinstance(action, Bury) else getattr(action, "cards", ()))
