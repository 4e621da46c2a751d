"""The one match driver: who is asked to act next, and playing rounds and matches.

Every program that runs a match with players uses this module: `python -m tools.log`, the
bot arena, the tests, and the page's table controller (which leaves out its human seat).

The protocol
============

A player is any object with `choose(view) -> Action | None` that sees only its seat's view.

- While cards are dealt (R11: anyone may bid), the seats that learnt something since they
  were last asked are asked, in turn, whether they bid now: after a card, the seat that got it
  (its hand changed); after a bid, every other seat, counter-clockwise from the bidder (the
  standing bid changed). The first bid returned is the next action; if nobody bids, the table
  deals the next card. Nobody else is asked: nothing they know has changed.
- In the turns of a round (bid, bury, snatch, play) the seat to act is asked; it must answer.
- On the result screen the table deals the next round (`NextRound`).

Seats without a player (the page's human seat) are never asked; a caller waits for them.
"""

from __future__ import annotations

from collections.abc import Callable, Generator, Mapping, Sequence
from typing import Protocol, TypeVar

from .actions import Action, Bid, Deal, NextRound
from .errors import IllegalAction
from .events import Event, RoundSettled
from .match import Match
from .phase import Phase
from .seats import others_after, seat_after
from .view import SeatView


class Player(Protocol):
    """A seat's decision maker: an action for its view, or None (no bid now, during the deal)."""

    def choose(self, view: SeatView) -> Action | None: ...


Players = Mapping[int, Player] | Sequence[Player]
Observer = Callable[[Action, list[Event]], None]
# Decisions run as generators so that a searching player can yield between slices of work
# (the page gives the browser its main thread back); the value returned is the action (or,
# as from `choose`, None for no bid now).
Steps = Generator[object, None, Action | None]


def seats_to_ask(match: Match) -> list[int]:
    """The seats that may want to bid now, during the deal, in the order they are asked: the
    seat that just received a card, or after a bid every other seat counter-clockwise from
    the bidder. Nobody else has learnt anything since they were last asked."""
    last = match.last_action
    if isinstance(last, Bid):
        return list(others_after(last.seat))
    r = match.round
    return [seat_after(r.first_seat, r.dealt - 1)] if r.dealt else []


def _player(players: Players, seat: int) -> Player | None:
    try:  # a mapping may leave seats out (the page's human); a sequence holds all four
        return players[seat]
    except (KeyError, IndexError):
        return None


def decision_steps(player: Player, view: SeatView) -> Steps:
    """A player's decision as steps: its own `choose_steps` if it thinks in slices."""
    steps: Callable[[SeatView], Steps] | None = getattr(player, "choose_steps", None)
    if steps is not None:
        action = yield from steps(view)
    else:
        action = player.choose(view)
    return action


def _table_action_steps(match: Match, players: Players) -> Generator[object, None, Action | None]:
    """The protocol outside a seat's turn: during the deal, the first bid of a seat asked
    (see `seats_to_ask`; a player may think in steps here too), else the next card; on the
    result screen, the next round. None in a turn, when the seat to act must be asked."""
    phase = match.phase
    if phase == Phase.DEAL:
        for asked in seats_to_ask(match):
            player = _player(players, asked)
            if player is None:
                continue
            bid = yield from decision_steps(player, match.view(asked))
            if bid is not None:
                return bid
        return Deal(1)
    if phase == Phase.RESULT:
        return NextRound()
    return None


def _seat_to_ask(match: Match, players: Players) -> tuple[int, Player]:
    seat = match.to_act
    if seat is None:
        raise IllegalAction("the match is over", "比赛已结束")
    player = _player(players, seat)
    if player is None:
        raise IllegalAction(f"seat {seat} has no player to ask", f"座位 {seat} 没有玩家")
    return seat, player


def _answered(seat: int, phase: Phase, action: Action | None) -> Action:
    if action is None:
        raise IllegalAction(f"seat {seat} gave no action in phase {phase}",
                            f"座位 {seat} 在{phase}阶段没有操作")
    return action


def next_action_steps(match: Match, players: Players) -> Generator[object, None, Action]:
    """`next_action` as steps (see `decision_steps`): for a caller that must keep its thread
    free while a player thinks (the page)."""
    action = yield from _table_action_steps(match, players)
    if action is not None:
        return action
    seat, player = _seat_to_ask(match, players)
    return _answered(seat, match.phase,
                     (yield from decision_steps(player, match.view(seat))))


def next_action(match: Match, players: Players) -> Action:
    """The next action by the protocol above: a player's, or the table's (a card, the next
    round). The caller applies it; `Match.apply` validates it."""
    return run_steps(next_action_steps(match, players))


_T = TypeVar("_T")


def run_steps(steps: Generator[object, None, _T]) -> _T:
    """Run steps (a decision's, or any generator's: a bot's search, the page's hint) to the
    end at once and return their value."""
    while True:
        try:
            next(steps)
        except StopIteration as done:
            return done.value  # type: ignore[no-any-return]  # StopIteration.value is Any


def play_round(match: Match, players: Players,
               observe: Observer | None = None) -> RoundSettled:
    """Play from the current position to the end of the round; returns its result."""
    start = match.round.number
    while match.round.number == start and not match.phase.round_over:
        action = next_action(match, players)
        events = match.apply(action)
        if observe:
            observe(action, events)
    result = match.round.result
    assert result is not None  # the round is over, so it is settled
    return result


def play_match(match: Match, players: Players, rounds: int = 400,
               observe: Observer | None = None) -> list[RoundSettled]:
    """Play `match` on until it is over or `rounds` rounds have been played (the match is then
    left on the last one's result); returns the results of the rounds played."""
    results: list[RoundSettled] = []
    while True:
        results.append(play_round(match, players, observe))
        if match.is_over or len(results) >= rounds:
            return results
        events = match.apply(NextRound())
        if observe:
            observe(NextRound(), events)


__all__ = ["Observer", "Player", "Players", "decision_steps", "next_action",
           "next_action_steps", "play_match", "play_round", "run_steps",
           "seats_to_ask"]
