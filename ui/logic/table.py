"""The table: one match between the player (seat 0) and three bots, advanced step by step.

This module holds no rule logic and touches no DOM, so it runs (and is tested) on CPython.
The page calls `step()` on a timer to deal cards and let bots act, one action at a time, and
`act()` when the player does something; both return the events to animate, as seat 0 may
see them. Bots are engine.driver's players, `choose(view) -> Action | None`, that see only
their seat's view; during the deal `None` means "no bid now".
"""

from __future__ import annotations

import json
from collections.abc import Collection, Generator, Mapping, Sequence
from dataclasses import dataclass

from engine.actions import Action, Bid, NextRound, Pass, Snatch
from engine.bidding import bid_names_rank, bid_names_suit
from engine.bots.advice import Advice, explain
from engine.cards import Card
from engine.config import RulesConfig
from engine.driver import Player, decision_steps, next_action_steps, run_steps
from engine.errors import GameError, IllegalAction, SaveError
from engine.events import Event, Passed
from engine.limits import parse_json
from engine.match import Match
from engine.phase import Phase
from engine.save import load_match, save_match
from engine.view import SeatView
from ui.logic.players import Adviser
from ui.logic.undo import can_undo, take_back

HUMAN = 0
Bots = Mapping[int, Player]  # seat -> bot, for seats 1–3


class Table:
    def __init__(self, match: Match, bots: Bots, adviser: Player | None = None) -> None:
        self.match = match
        self.bots = bots
        self.adviser = adviser  # suggests the player's moves (the hint button)
        self.actions = 0  # actions applied since this table was opened (a change counter)
        self.ask_bids = False  # stop for a bid or snatch turn even with nothing to show
        self.undo_rounds: set[int] = set()  # the rounds (by number) in which undo was used
        self._undoable: tuple[tuple[int, Phase], bool] | None = None  # can_undo, cached

    @classmethod
    def new(cls, seed: int, bots: Bots, adviser: Player | None = None) -> Table:
        return cls(Match(seed), bots, adviser)

    @classmethod
    def restore(cls, save_text: str, bots: Bots, adviser: Player | None = None) -> Table:
        """Resume a saved match; raises SaveError (a ValueError) for a bad save."""
        table = cls(load_match(save_text), bots, adviser)
        table.undo_rounds = undo_rounds_of(save_text)
        return table

    # --- whose move ---------------------------------------------------------------------

    @property
    def phase(self) -> Phase:
        return self.match.phase

    @property
    def to_act(self) -> int | None:
        return self.match.to_act

    @property
    def rules(self) -> RulesConfig:
        """The match's rules (the kitty's size, ...)."""
        return self.match.rules

    @property
    def seed(self) -> int:
        """The match's seed: the bots are seeded with it too."""
        return self.match.seed

    def waiting_for_player(self) -> bool:
        """Whether nothing happens until the player acts (their turn, or a result screen). A
        turn to bid or snatch with nothing to show is no decision: the table passes for them
        (unless `ask_bids`)."""
        m = self.match
        if m.phase.round_over:
            return True
        return m.phase.has_turns and m.to_act == HUMAN and not self._passes_for_player()

    def _passes_for_player(self) -> bool:
        m = self.match
        return (not self.ask_bids and m.phase in (Phase.BID, Phase.SNATCH)
                and m.to_act == HUMAN and not m.legal_bids(HUMAN))

    def view(self) -> SeatView:
        return self.match.view(HUMAN)

    def player_has_decided(self) -> bool:
        """Whether the player made a decision in this match: any action of theirs but a pass
        with no bid to make (`no_bid_pass`), or a later round."""
        m = self.match
        mine = [a for a in m.history if getattr(a, "seat", None) == HUMAN]
        if m.round.number != m.start.round_no or any(not isinstance(a, Pass) for a in mine):
            return True
        if not mine:
            return False
        replay = Match(m.seed, m.rules, m.start)  # (a few passes: were bids listed then?)
        for action in m.history:
            if getattr(action, "seat", None) == HUMAN and not no_bid_pass(replay, action):
                return True
            replay.apply(action)
        return False

    def dealt_again(self) -> Table:
        """This match from its deal again, with the same bots and settings (its actions
        counted on: the page's data-actions only grows)."""
        m = self.match
        again = Table(Match(m.seed, m.rules, m.start), self.bots, self.adviser)
        again.ask_bids, again.actions = self.ask_bids, self.actions
        return again

    # --- automatic steps ------------------------------------------------------------------

    def step(self) -> list[Event]:
        """One automatic action (a bot's bid during the deal, the next card, a bot's move), or
        nothing when the player must act. Returns the events as seat 0 sees them."""
        return run_steps(self.step_in_slices())

    def step_in_slices(self) -> Generator[object, None, list[Event]]:
        """`step()` as a generator that yields while a searching bot thinks, so the page can
        let the browser breathe between slices; its return value is `step()`'s. Who is asked
        is engine.driver's protocol; a bot's refused answer must not stop the table, so the
        table then takes a legal action for it (the cheapest play, a pass, the next card)."""
        m = self.match
        if self.waiting_for_player() or m.phase == Phase.MATCH_OVER:
            return []
        if self._passes_for_player():  # (a table opened on such a turn, from a save)
            return self._pass_for_player()
        try:
            action = yield from next_action_steps(m, self.bots)
        except GameError:  # a bot with nothing to say in its turn
            action = m.a_legal_action()
        if not m.can_apply(action):
            action = m.a_legal_action()
        return self._apply(action)

    def run_until_player(self, limit: int = 10_000) -> list[Event]:
        """Every automatic step up to the player's next decision (skipping animation)."""
        events: list[Event] = []
        for _ in range(limit):
            if self.waiting_for_player():
                break
            events += self.step()
        return events

    # --- the player's actions -------------------------------------------------------------

    def act(self, action: Action) -> list[Event]:
        """Apply the player's action; raises a GameError (nothing changes) if it is illegal."""
        if getattr(action, "seat", HUMAN) != HUMAN:
            raise IllegalAction("you can only act for your own seat", "只能替自己出牌")
        return self._apply(action)

    def bid_choices(self) -> list[tuple[Card, ...]]:
        """The bids the player can show now (cards); at a joker level the player also names
        the rank and suit."""
        return self.match.legal_bids(HUMAN)

    def bid_action(self, cards: tuple[Card, ...], snatch: bool = False, rank: str | None = None,
                   suit: str | None = None) -> Bid | Snatch:
        """The player's bid (or snatch) showing `cards`. At a joker level the bid names `rank`
        as the level, and `suit` as trump where R13 has it named (the engine says when: not
        for three jokers, which make no-trump); at other levels the cards say it all."""
        kind = Snatch if snatch else Bid
        level = self.match.round.level
        if not bid_names_rank(level):
            return kind(HUMAN, cards)
        return kind(HUMAN, cards, rank, suit if bid_names_suit(cards, level) else None)

    def usable_cards(self) -> set[Card] | None:
        """The cards the player can use in the decision at hand, as the engine says: on their
        turn to follow, the playable cards (`Match.playable_cards`); while they may bid or
        snatch, the cards of the bids listed. None when nothing is to be told apart (a lead,
        where any card will do, or no decision of theirs)."""
        m = self.match
        if m.phase == Phase.PLAY:
            if m.to_act != HUMAN or m.round.current_trick is None:
                return None
            return m.playable_cards(HUMAN)
        bids = m.legal_bids(HUMAN)
        if m.phase == Phase.DEAL and not bids:
            return None  # the deal goes on: nothing to choose
        if m.phase in (Phase.DEAL, Phase.BID, Phase.SNATCH) and (bids or m.to_act == HUMAN):
            return {c for bid in bids for c in bid}
        return None

    def hint_steps(self) -> Generator[object, None, Advice | None]:
        """The adviser's suggestion for the player's current decision (bid, bury, snatch or
        play) with the reason for it, as a generator that yields while the adviser thinks
        (run it in slices like a bot turn: ui.logic.pacing). Its return value is an
        `engine.bots.advice.Advice` — `.action`, and `.reason` with `.text(lang, names)` for
        the line to show — or None when there is nothing to suggest. The adviser sees only
        the player's view; its reason is judged from that view too (engine.bots.advice)."""
        m = self.match
        if self.adviser is None or not self.waiting_for_player() or m.phase.round_over:
            return None
        view = m.view(HUMAN)
        if isinstance(self.adviser, Adviser):  # the hard bot: its decision and its reason
            advice = yield from self.adviser.advise_steps(view)
        else:
            action = yield from decision_steps(self.adviser, view)
            advice = None if action is None else Advice(action, explain(view, action))
        if advice is None or not m.can_apply(advice.action):
            return None
        return advice

    def hint_advice(self) -> Advice | None:
        """`hint_steps()` run to its end (at once: a searching adviser blocks meanwhile)."""
        return run_steps(self.hint_steps())

    def hint(self) -> Action | None:
        """The adviser's suggested action for the player's current decision, if any."""
        advice = self.hint_advice()
        return None if advice is None else advice.action

    def hint_positions(self, action: Action | None = None) -> list[int] | None:
        """The hint as the page shows it: the positions in the player's sorted hand
        (`view().hand`) of the cards of `action` (by default the adviser's suggestion, asked
        now) to play or bury; [] for a suggestion of no cards (a pass); None when there is no
        suggestion."""
        suggestion = self.hint() if action is None else action
        if suggestion is None:
            return None
        return positions_in(self.view().hand, getattr(suggestion, "cards", ()))

    def next_round(self) -> list[Event]:
        return self._apply(NextRound())

    # --- undo (ui.logic.undo) --------------------------------------------------------------------

    def can_undo(self) -> bool:
        """Whether the player has a decision of this round to take back (ui.logic.undo). Asked at
        every redraw: kept until the history grows (cards dealt add no decision)."""
        key = (self.match.history_length, self.match.phase)
        if self._undoable is None or self._undoable[0] != key:
            self._undoable = key, can_undo(self.match, HUMAN)
        return self._undoable[1]

    def undone(self) -> tuple[Table, Action]:
        """A new table with the match as it was before the player's last decision of this
        round, and that action; this table is left as it was (a bot still thinking on it
        finds its table replaced). Raises ui.logic.undo.NothingToUndo (a GameError) when there is
        nothing to take back. The round is marked as one with undo; `actions` goes down by
        the steps taken back."""
        done = take_back(self.match, HUMAN)
        table = Table(done.match, self.bots, self.adviser)
        table.ask_bids = self.ask_bids
        table.actions = max(0, self.actions - done.steps)
        table.undo_rounds = self.undo_rounds | {done.match.round.number}
        return table, done.action

    @property
    def undo_used_this_round(self) -> bool:
        """Whether the player took something back in the current round (for statistics)."""
        return self.match.round.number in self.undo_rounds

    # --- saving ---------------------------------------------------------------------------

    def save(self) -> str:
        """The engine's save, with the rounds that used undo (`undo_rounds`, a list of round
        numbers) when there are any; the engine's load ignores it."""
        text = save_match(self.match)
        if not self.undo_rounds:
            return text
        data = json.loads(text)
        data["undo_rounds"] = sorted(self.undo_rounds)
        return json.dumps(data, ensure_ascii=False, separators=(",", ":"))

    def _apply(self, action: Action) -> list[Event]:
        """Apply `action`; then, if that makes it the player's turn to bid or snatch with
        nothing to show, their pass too, so the page never stops on a choice there isn't."""
        events = [e.for_seat(HUMAN) for e in self.match.apply(action)]
        self.actions += 1
        if self._passes_for_player():
            events += self._pass_for_player()
        return events

    def _pass_for_player(self) -> list[Event]:
        """The player's pass, made by the table: their pass event says so (PassedForPlayer),
        so that the log can say why they were not asked."""
        standing = self.match.round.standing is not None
        return [PassedForPlayer(e.seat, e.phase, standing)
                if isinstance(e, Passed) and e.seat == HUMAN else e
                for e in self._apply(Pass(HUMAN))]


@dataclass(frozen=True)
class PassedForPlayer(Passed):
    """A pass the table made for the player: they had no bid or snatch to show (R11, R15;
    `standing`: over the bid that stood then). Its `kind` is a pass's, so it is paced and
    told as one."""

    standing: bool = True

    @property
    def kind(self) -> str:
        return "Passed"


def no_bid_pass(match: Match, action: Action) -> bool:
    """Whether `action`, about to be applied to `match`, is the player's pass with no bid or
    snatch to make: one the table makes for them (`Table._passes_for_player`) unless they
    asked to be stopped there."""
    return isinstance(action, Pass) and action.seat == HUMAN and not match.legal_bids(HUMAN)


def undo_rounds_of(save_text: str) -> set[int]:
    """The rounds a save marks as played with undo (none in a save from before undo);
    SaveError if the mark is not a list of round numbers."""
    try:  # (bounded, as the engine reads a save: engine.limits)
        data = parse_json(save_text, ("the save", "存档"))
    except GameError as err:
        raise SaveError(err.en, err.zh) from err
    marks = data.get("undo_rounds", []) if isinstance(data, dict) else None
    if not isinstance(marks, list) or not all(
            isinstance(n, int) and not isinstance(n, bool) and n >= 0 for n in marks):
        raise SaveError(f"the save's undo marks are not round numbers: {str(marks)[:80]}",
                        "存档中的悔牌记录不是局数")
    return set(marks)


def positions_in(hand: Sequence[Card], cards: Collection[Card]) -> list[int]:
    """The positions of `cards` in `hand`, each card matched once and first copies first (a
    hand may hold three copies of a card: R1's three decks)."""
    wanted = list(cards)
    positions = []
    for i, c in enumerate(hand):
        if c in wanted:
            wanted.remove(c)
            positions.append(i)
    return positions
