"""The match state machine: deal, bid, bury, snatch, play, result, match over.

One entry point, `Match.apply(action)`, validates an action completely (`verify`) before it
changes anything, then applies it and returns the events it caused. A match is fully described
by its rules configuration, its seed and its action history (see engine.save).
"""

from __future__ import annotations

import copy
import random
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar

from . import events as ev
from .actions import (
    Action,
    Bid,
    Bury,
    Deal,
    NextRound,
    Pass,
    Play,
    Snatch,
    check_action,
    check_seat,
)
from .bidding import (
    bid_names_rank,
    bid_names_suit,
    bid_strength,
    bid_trump_suit,
    can_overcall,
    overcall,
)
from .cards import RANKS, SUITS, Card, full_deck, points_of
from .config import DEFAULT_RULES, RulesConfig
from .errors import ArgumentError, GameError, IllegalAction, shown
from .options import bid_options, cheap_first, follow_options, lead_options
from .phase import Phase
from .rules import (
    Trump,
    check_follow,
    check_throw,
    classify,
    playable_cards,
    throw_blocker,
)
from .scoring import JOKER_LEVELS, LADDER, band, settlement
from .seats import (
    SEATS,
    attackers_of,
    next_seat,
    others_after,
    seat_after,
    team_of,
)
from .tally import Tally
from .view import AuctionEntry, BidView, SeatView, TrickView, seat_view


@dataclass(frozen=True)
class Start:
    """Where a match begins: the number of its first round, that round's 庄家 and both teams'
    levels. The default is a real match's start (R10: both teams at 2, the bidding of round 0
    picks the 庄家); the arena and tests start at other positions."""

    round_no: int = 0
    dealer: int | None = None  # None: the first round's bidding decides (R10/R12)
    levels: tuple[str, str] = ("2", "2")

    def __post_init__(self) -> None:
        """ArgumentError (a ValueError) unless the position is one."""
        if not isinstance(self.round_no, int) or isinstance(self.round_no, bool) \
                or self.round_no < 0:
            raise ArgumentError(f"the round number must be a whole number >= 0, not "
                                f"{shown(self.round_no)}", "局数必须是不小于 0 的整数")
        if self.dealer is not None:
            check_seat(self.dealer)
        levels = self.levels
        if type(levels) not in (tuple, list) or len(levels) != 2 \
                or any(type(lv) is not str or lv not in LADDER for lv in levels):
            raise ArgumentError(f"levels must be two of {', '.join(LADDER)}, not {shown(levels)}",
                                f"级别必须是 {', '.join(LADDER)} 中的两个")
        object.__setattr__(self, "levels", (levels[0], levels[1]))  # (a list read as a pair)
        if self.dealer is None and self.levels[0] != self.levels[1]:
            raise ArgumentError("a round without a 庄家 is a match's first: both levels equal",
                                "没有庄家的一局是比赛的第一局：双方级别应相同")

    def to_dict(self) -> dict[str, object]:
        return {"round": self.round_no, "dealer": self.dealer, "levels": list(self.levels)}

    @classmethod
    def from_dict(cls, data: object) -> Start:
        if not isinstance(data, dict) or set(data) != {"round", "dealer", "levels"}:
            raise ArgumentError(f"not a start position: {shown(data)}", "不是一个开局位置")
        levels = data["levels"]
        if not isinstance(levels, list):
            raise ArgumentError(f"not a pair of levels: {shown(levels)}", "不是一对级别")
        return cls(data["round"], data["dealer"], tuple(levels))


DEFAULT_START = Start()


@dataclass
class TrickRecord:
    """A trick as it is played: the leader, each play, and once complete its winner."""

    leader: int
    plays: list[tuple[int, tuple[Card, ...]]]
    winner: int | None = None
    points: int = 0
    failed_throw: tuple[Card, ...] | None = None  # what the leader tried to throw (R19)
    throw_failure: ev.ThrowFailed | None = None  # and why it failed (public, like the throw)
    public: TrickView | None = None  # set once the trick is complete and can't change


@dataclass
class RoundState:
    """Everything about the round in progress. Only the Match mutates it."""

    number: int
    level: str
    first_round: bool
    dealer: int | None
    first_seat: int
    deck: list[Card]
    dealt: int = 0
    hands: list[list[Card]] = field(default_factory=lambda: [[], [], [], []])
    kitty: list[Card] = field(default_factory=list)
    standing: BidView | None = None  # the bid (or snatch) that stands so far
    bids: list[BidView] = field(default_factory=list)
    auction: list[AuctionEntry] = field(default_factory=list)  # bids, snatches and passes
    turn: int | None = None
    passes: set[int] = field(default_factory=set)
    burier: int | None = None
    buried_by: dict[int, tuple[Card, ...]] = field(default_factory=dict)
    taken: tuple[Card, ...] = ()  # the kitty as the last burier took it up
    trump: Trump | None = None
    tricks: list[TrickRecord] = field(default_factory=list)
    finished_tricks: tuple[TrickView, ...] = ()  # every complete trick, as all seats see it
    tally: Tally = field(default_factory=Tally)  # the points, penalties and 抠底 so far
    result: ev.RoundSettled | None = None

    @property
    def declarers(self) -> int | None:
        return None if self.dealer is None else team_of(self.dealer)

    @property
    def attackers(self) -> int | None:
        return None if self.dealer is None else attackers_of(self.dealer)

    @property
    def current_trick(self) -> TrickRecord | None:
        if self.tricks and self.tricks[-1].winner is None:
            return self.tricks[-1]
        return None

    @property
    def decided_trump(self) -> Trump:
        """The round's trump, for the phases after the bidding (bury, snatch, play)."""
        assert self.trump is not None, "trump is decided when the bidding closes"
        return self.trump

    def attackers_score(self) -> int:
        """R24/R25 (and R19's optional penalty): the score that settles the round."""
        a = self.attackers
        return 0 if a is None else self.tally.attackers_score(a)


def _rebuild(hand: Sequence[Card], cards: Sequence[Card]) -> list[Card]:
    """`hand` less `cards`, keeping the hand's order."""
    out = list(hand)
    for c in cards:
        out.remove(c)
    return out


def _passes_since_bid(view: SeatView) -> set[int]:
    """The seats that passed in the post-deal bidding since its last bid (R11: a bid there
    starts the passes again; a bid during the deal does not)."""
    passes: set[int] = set()
    for entry in view.auction:
        if entry.phase != Phase.BID:
            continue
        if entry.bid is None:
            passes.add(entry.seat)
        else:
            passes = set()
    return passes


class Match:
    """A whole match: levels, rounds and the phases of each round (see module docstring)."""

    def __init__(self, seed: int = 0, rules: RulesConfig = DEFAULT_RULES,
                 start: Start = DEFAULT_START) -> None:
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise ArgumentError(f"the seed must be a whole number, not {shown(seed)}",
                                "种子必须是整数")
        if not isinstance(rules, RulesConfig):
            raise ArgumentError(f"the rules must be a RulesConfig, not {shown(rules)}",
                                "规则必须是 RulesConfig")
        if not isinstance(start, Start):
            raise ArgumentError(f"the start must be a Start, not {shown(start)}",
                                "开局位置必须是 Start")
        self.seed = seed
        self.rules = rules
        self.start = start
        self.levels = list(start.levels)  # by team (R5)
        # The history is `_actions`, after the earlier rounds of a resumed save (`_earlier`:
        # their count and how to decode them) until something reads them (see `history`).
        self._actions: list[Action] = []
        self._earlier: tuple[int, Callable[[], list[Action]]] | None = None
        self.winner: int | None = None
        self.phase = Phase.DEAL
        self.round = self._new_round(start.round_no, dealer=start.dealer)
        # Where the current round began: its first action's index in `history`, and the
        # position it was dealt from (what a save needs to resume without the earlier rounds).
        self.round_start: tuple[int, Start] = (0, start)

    @classmethod
    def resume(cls, seed: int, rules: RulesConfig, start: Start, checkpoint: Start,
               earlier_count: int, earlier: Callable[[], list[Action]]) -> Match:
        """A match whose first `earlier_count` actions (from `start`) led to a round dealt from
        `checkpoint`, rebuilt at that round without replaying them; `earlier()` gives them
        when they are first read. The caller vouches for them, or checks them later by
        replaying the whole history (engine.save.verify_steps)."""
        match = cls(seed, rules, checkpoint)
        match.start = start
        match._earlier = (earlier_count, earlier)
        match.round_start = (earlier_count, checkpoint)
        return match

    @classmethod
    def in_auction(cls, view: SeatView, hands: Sequence[Sequence[Card]],
                   undealt: Sequence[Card]) -> Match:
        """The deal or the post-deal bidding (R11) as `view` shows it, with the cards `view`
        cannot see as given: `hands` (all four, as dealt so far) and `undealt`, the rest of
        the deck in the order it will be dealt, the kitty last (after the deal: the kitty).
        A searching bot plays its sampled worlds on from here by the rules: the rest of the
        deal and the bids, the bury, 抄底. The match has no history (nothing before this
        position can be replayed or saved)."""
        if view.phase not in (Phase.DEAL, Phase.BID):
            raise ValueError(f"a match in the auction needs a view of the deal or the "
                             f"bidding, not {view.phase}")
        if Counter(hands[view.seat]) != Counter(view.hand):
            raise ValueError(f"seat {view.seat}'s hand is not the one its view shows")
        if tuple(len(h) for h in hands) != view.hand_sizes:
            raise ValueError("the hands' sizes are not the ones the view shows")
        left = view.cards_left_to_deal + view.rules.kitty_size
        if len(undealt) != left:
            raise ValueError(f"{len(undealt)} cards left in the deck, not {left}")
        dealt = [c for hand in hands for c in hand]  # (their order in the deck: unused)
        in_bidding = view.phase == Phase.BID
        match = cls(rules=view.rules)
        match.levels = list(view.levels)
        match.phase = view.phase
        match.round = RoundState(
            number=view.round_no, level=view.level, first_round=view.first_round,
            dealer=view.dealer, first_seat=view.first_seat, deck=[*dealt, *undealt],
            dealt=len(dealt), hands=[list(h) for h in hands],
            kitty=list(undealt) if in_bidding else [], standing=view.standing_bid,
            bids=list(view.bids), auction=list(view.auction), turn=view.to_act,
            passes=_passes_since_bid(view))
        return match

    # --- the history --------------------------------------------------------------------

    @property
    def history(self) -> list[Action]:
        """Every action applied since the match's start, consecutive deals as one. Reading
        it decodes the earlier rounds of a resumed match (ValueError if they are not what
        they claim to be); `history_length`, `last_action` and `history_since` do not."""
        if self._earlier is not None:
            count, decode = self._earlier
            earlier = decode()
            if len(earlier) != count:
                raise ValueError(f"the earlier rounds hold {len(earlier)} actions, not {count}")
            self._actions[:0] = earlier
            self._earlier = None
        return self._actions

    @property
    def history_length(self) -> int:
        return self._packed_count() + len(self._actions)

    @property
    def last_action(self) -> Action | None:
        if self._actions:
            return self._actions[-1]
        return NextRound() if self._earlier else None  # a resumed match resumes at a new round

    def history_since(self, index: int) -> list[Action]:
        """The actions from `index` on (the current round's: `history_since(round_start[0])`);
        ArgumentError unless `index` is a whole number >= 0."""
        if not isinstance(index, int) or isinstance(index, bool) or index < 0:
            raise ArgumentError(f"a place in the history is a whole number >= 0, not "
                                f"{shown(index)}", "历史记录中的位置必须是不小于 0 的整数")
        packed = self._packed_count()
        if index < packed:
            return self.history[index:]
        return self._actions[index - packed:]

    def _packed_count(self) -> int:
        return self._earlier[0] if self._earlier else 0

    # --- reading the state --------------------------------------------------------------

    @property
    def to_act(self) -> int | None:
        """The seat whose turn it is, or None while cards are dealt or between rounds."""
        r = self.round
        if self.phase in (Phase.BID, Phase.SNATCH):
            return r.turn
        if self.phase == Phase.BURY:
            return r.burier
        if self.phase == Phase.PLAY:
            trick = r.current_trick
            return r.dealer if not r.tricks else (
                next_seat(trick.plays[-1][0]) if trick else r.tricks[-1].winner)
        return None

    @property
    def is_over(self) -> bool:
        return self.phase == Phase.MATCH_OVER

    @property
    def trump(self) -> Trump | None:
        return self.round.trump

    def provisional_trump(self) -> Trump | None:
        """The trump the standing bid would make (to sort a hand while bidding goes on)."""
        r = self.round
        if r.trump is not None:
            return r.trump
        if r.standing is not None:
            return Trump(r.standing.level_rank, r.standing.trump_suit)
        return None if r.level in JOKER_LEVELS else Trump(r.level, None)

    def hand(self, seat: int) -> list[Card]:
        return list(self.round.hands[check_seat(seat)])

    def returns(self) -> tuple[int, int]:
        """OpenSpiel-style outcome by team: +1 for the winner, -1 for the loser, 0 if not over."""
        if self.winner is None:
            return (0, 0)
        return (1, -1) if self.winner == 0 else (-1, 1)

    def view(self, seat: int) -> SeatView:
        """What `seat` may know now (DESIGN principle 3)."""
        return seat_view(self, seat)

    # --- listing choices ----------------------------------------------------------------

    def legal_bids(self, seat: int) -> list[tuple[Card, ...]]:
        """The bids (cards to show) `seat` may make now: during the deal, on its post-deal
        turn, or as a snatch (two or more cards). At a joker level the rank and suit are
        still to be named (R13)."""
        check_seat(seat)
        r = self.round
        if self.phase == Phase.DEAL or (self.phase == Phase.BID and self.to_act == seat):
            first_round, min_cards = r.first_round, 1
        elif self.phase == Phase.SNATCH and self.to_act == seat:
            first_round, min_cards = False, 2
        else:
            return []
        standing = r.standing.cards if r.standing else None
        return bid_options(r.hands[seat], standing, r.level, first_round, min_cards)

    def only_play(self, seat: int) -> tuple[Card, ...] | None:
        """`seat`'s one legal play where its hand leaves no choice: its last card to lead, or
        a hand of as many cards as the lead (R20: all of them follow); else None (and None if
        not its turn)."""
        if self.phase != Phase.PLAY or self.to_act != check_seat(seat):
            return None
        hand = self.round.hands[seat]
        trick = self.round.current_trick
        need = len(trick.plays[0][1]) if trick is not None and trick.plays else 1
        return tuple(hand) if len(hand) == need else None

    def play_options(self, seat: int) -> list[tuple[Card, ...]]:
        """Legal plays for `seat` now: every single, pair and tractor when leading; a varied
        set of legal follows otherwise (see engine.options). Empty if not its turn."""
        if self.phase != Phase.PLAY or self.to_act != check_seat(seat):
            return []
        r = self.round
        trick = r.current_trick
        if trick is None:
            return [u.cards for u in lead_options(r.hands[seat], r.decided_trump)]
        lead = trick.plays[0][1]
        return [tuple(p) for p in follow_options(r.hands[seat], lead, r.decided_trump)]

    def playable_cards(self, seat: int) -> set[Card]:
        """The cards `seat` could play now as part of some legal play (R18–R21): all of them
        when leading; empty if it is not the seat's turn to play."""
        if self.phase != Phase.PLAY or self.to_act != check_seat(seat):
            return set()
        r = self.round
        trick = r.current_trick
        lead = trick.plays[0][1] if trick is not None else None
        return playable_cards(r.hands[seat], lead, r.decided_trump)

    def a_legal_action(self) -> Action:
        """One legal action for whoever must act now (never stuck): the next card to deal, a
        pass, the cheapest bury or play, or the next round."""
        if self.phase == Phase.DEAL:
            return Deal(1)
        if self.phase == Phase.RESULT:
            return NextRound()
        seat = self.to_act
        if seat is None:  # a seat has the turn in every other phase, so the match is over
            raise IllegalAction("the match is over", "比赛已结束")
        if self.phase in (Phase.BID, Phase.SNATCH):
            return Pass(seat)
        if self.phase == Phase.BURY:
            hand = sorted(self.round.hands[seat], key=cheap_first(self.round.decided_trump))
            return Bury(seat, tuple(hand[:self.rules.kitty_size]))
        return Play(seat, self.play_options(seat)[0])

    def clone(self) -> Match:
        """An independent copy (cards are shared immutable values)."""
        other = copy.copy(self)
        other.levels = list(self.levels)
        other._actions = list(self._actions)
        other.round = copy.deepcopy(self.round)
        return other

    # --- the one entry point -----------------------------------------------------------------

    def verify(self, action: Action) -> None:
        """Raise a GameError (IllegalAction or IllegalPlay) if `action` cannot be applied now:
        not an action with fields of their types (`check_action`), or not allowed now."""
        check_action(action)
        self._VERIFY[type(action)](self, action)

    def can_apply(self, action: Action) -> bool:
        try:
            self.verify(action)
        except GameError:
            return False
        return True

    def apply(self, action: Action) -> list[ev.Event]:
        """Validate `action` and apply it completely, or raise leaving the match untouched."""
        self.verify(action)
        events = self._APPLY[type(action)](self, action)
        self._record(action)
        if isinstance(action, NextRound):
            r = self.round
            self.round_start = (self.history_length, Start(r.number, r.dealer,
                                                         (self.levels[0], self.levels[1])))
        return events

    def _record(self, action: Action) -> None:
        # Consecutive deals are one history entry, so a save stays short and replays the same.
        last = self._actions[-1] if self._actions else None
        if isinstance(action, Deal) and isinstance(last, Deal):
            self._actions[-1] = Deal(last.count + action.count)
        else:
            self._actions.append(action)

    # --- common checks ------------------------------------------------------------------

    def _require_phase(self, *phases: str) -> None:
        if self.phase not in phases:
            raise IllegalAction(f"not allowed now (phase: {self.phase})",
                                f"现在不能这样做（阶段：{self.phase}）")

    def _require_turn(self, seat: int) -> None:
        if seat not in SEATS:
            raise IllegalAction(f"no seat {seat!r}", f"没有座位 {seat!r}")
        if self.to_act != seat:
            raise IllegalAction("it is not your turn", "还没轮到你")

    def _require_held(self, seat: int, cards: Sequence[Card]) -> None:
        if not cards:
            raise IllegalAction("choose some cards first", "请先选牌")
        left = Counter(self.round.hands[seat])
        left.subtract(cards)
        if any(n < 0 for n in left.values()):
            raise IllegalAction("those cards are not in your hand", "手中没有这些牌")

    # --- dealing (R8) -------------------------------------------------------------------

    def _new_round(self, number: int, dealer: int | None) -> RoundState:
        rng = random.Random(f"chaodipi/{self.seed}/{number}")  # R8: seed + round number
        first_seat = rng.randrange(4) if dealer is None else dealer
        deck = full_deck()
        rng.shuffle(deck)
        level = self.levels[team_of(dealer)] if dealer is not None else self.levels[0]
        return RoundState(number=number, level=level, first_round=dealer is None,
                          dealer=dealer, first_seat=first_seat, deck=deck)

    def _cards_to_deal(self) -> int:
        return 4 * self.rules.hand_size - self.round.dealt

    def _verify_deal(self, action: Deal) -> None:
        self._require_phase(Phase.DEAL)
        if not isinstance(action.count, int) or not 1 <= action.count <= self._cards_to_deal():
            raise IllegalAction(f"cannot deal {action.count!r} cards", "发牌张数不对")

    def _apply_deal(self, action: Deal) -> list[ev.Event]:
        r = self.round
        out: list[ev.Event] = []
        for _ in range(action.count):
            seat = seat_after(r.first_seat, r.dealt)
            c = r.deck[r.dealt]
            r.hands[seat].append(c)
            r.dealt += 1
            out.append(ev.CardDealt(seat, c, self._cards_to_deal(), private_to=seat))
        if self._cards_to_deal() == 0:
            r.kitty = r.deck[r.dealt:]
            self.phase, r.turn, r.passes = Phase.BID, r.first_seat, set()
            out.append(ev.PhaseChanged(Phase.BID, r.turn))
        return out

    # --- bidding (R9–R13) ---------------------------------------------------------------

    def _bid_naming(self, cards: Sequence[Card], rank: str | None,
                    suit: str | None) -> tuple[str, str | None]:
        """(level rank, trump suit) a bid makes; checks R13's naming at a joker level."""
        level = self.round.level
        if not bid_names_rank(level):
            if rank is not None or suit is not None:
                raise IllegalAction("only a joker-level bid names a rank and suit",
                                    "只有打王时叫主才需指定级牌和花色")
            return level, bid_trump_suit(cards)
        if rank not in RANKS:
            raise IllegalAction("name the level rank (2–A) for this round", "请指定本局级牌（2–A）")
        if bid_names_suit(cards, level):
            if suit not in SUITS:
                raise IllegalAction("name the trump suit", "请指定主花色")
        elif suit is not None:
            raise IllegalAction("three jokers make no-trump: name no suit",
                                "三张王为无主，不指定花色")
        return rank, bid_trump_suit(cards, suit)

    def _check_bid(self, seat: int, cards: Sequence[Card], first_round: bool,
                   min_cards: int = 1) -> None:
        r = self.round
        self._require_held(seat, cards)
        standing = r.standing.cards if r.standing else None
        if bid_strength(cards, r.level, first_round) is None or len(cards) < min_cards:
            raise IllegalAction("that is not a bid: show level cards or jokers",
                                "这不是合法的亮主：请亮级牌或王")
        if not can_overcall(cards, standing, r.level, first_round):
            raise IllegalAction("that bid does not beat the standing bid", "亮主不够大，不能反主")

    def _verify_bid(self, action: Bid) -> None:
        self._require_phase(Phase.DEAL, Phase.BID)
        if self.phase == Phase.BID:
            self._require_turn(action.seat)
        elif action.seat not in SEATS:
            raise IllegalAction(f"no seat {action.seat!r}", f"没有座位 {action.seat!r}")
        self._check_bid(action.seat, action.cards, self.round.first_round)
        self._bid_naming(action.cards, action.rank, action.suit)

    def _apply_bid(self, action: Bid) -> list[ev.Event]:
        r = self.round
        rank, suit = self._bid_naming(action.cards, action.rank, action.suit)
        beaten = r.standing
        why = None if beaten is None else overcall(action.cards, beaten.cards, r.level,
                                                   r.first_round)
        r.standing = BidView(action.seat, tuple(action.cards), rank, suit)
        r.bids.append(r.standing)
        r.auction.append(AuctionEntry(action.seat, self.phase, r.standing))
        out: list[ev.Event] = [ev.BidMade(action.seat, tuple(action.cards), suit, rank,
                                          overcall=beaten is not None, why=why,
                                          beaten_seat=None if beaten is None else beaten.seat)]
        if self.phase == Phase.BID:
            r.passes = set()
            r.turn = next_seat(action.seat)
            out.append(ev.PhaseChanged(Phase.BID, r.turn))
        return out

    def _verify_pass(self, action: Pass) -> None:
        self._require_phase(Phase.BID, Phase.SNATCH)
        self._require_turn(action.seat)

    def _apply_pass(self, action: Pass) -> list[ev.Event]:
        r = self.round
        out: list[ev.Event] = [ev.Passed(action.seat, self.phase)]
        r.auction.append(AuctionEntry(action.seat, self.phase, None))
        r.passes.add(action.seat)
        r.turn = next_seat(action.seat)
        if self.phase == Phase.BID:
            bidder = r.standing.seat if r.standing else None
            if r.passes >= {s for s in SEATS if s != bidder}:
                out += self._close_bidding()
            else:
                out.append(ev.PhaseChanged(Phase.BID, r.turn))
        elif r.passes >= {s for s in SEATS if s != r.burier}:
            out += self._start_play()
        else:
            out.append(ev.PhaseChanged(Phase.SNATCH, r.turn))
        return out

    def _trump_from_kitty(self) -> tuple[str, str | None, Card]:
        """R12/R13: nobody bid, so a kitty card (in dealt order) sets trump (and rank)."""
        r = self.round
        suited = [c for c in r.kitty if not c.is_joker]
        if r.level in JOKER_LEVELS:
            return suited[0].rank, suited[0].suit, suited[0]
        level_cards = [c for c in suited if c.rank == r.level]
        if level_cards:
            return r.level, level_cards[0].suit, level_cards[0]
        top = max(c.value for c in suited)
        chosen = next(c for c in suited if c.value == top)
        return r.level, chosen.suit, chosen

    def _close_bidding(self) -> list[ev.Event]:
        r = self.round
        kitty_card = None
        if r.standing is not None:
            rank, suit = r.standing.level_rank, r.standing.trump_suit
            if r.first_round:
                r.dealer = r.standing.seat  # R10: 亮主方坐庄
        else:
            rank, suit, kitty_card = self._trump_from_kitty()
            if r.first_round:
                r.dealer = r.first_seat  # R12
        r.trump = Trump(rank, suit)
        dealer = r.dealer
        assert dealer is not None  # set above in a first round, when it began in any other
        out: list[ev.Event] = [ev.TrumpDecided(dealer, rank, suit, r.standing is None,
                                               kitty_card)]
        return out + self._take_kitty(dealer)

    # --- kitty and 抄底 (R14/R15) ---------------------------------------------------------

    def _take_kitty(self, seat: int) -> list[ev.Event]:
        r = self.round
        taken = r.taken = tuple(r.kitty)
        r.hands[seat].extend(taken)
        r.kitty = []
        r.burier = seat
        self.phase = Phase.BURY
        return [ev.KittyTaken(seat, taken, private_to=seat), ev.PhaseChanged(Phase.BURY, seat)]

    def _verify_bury(self, action: Bury) -> None:
        self._require_phase(Phase.BURY)
        self._require_turn(action.seat)
        size = self.rules.kitty_size
        if len(action.cards) != size:
            raise IllegalAction(f"bury exactly {size} cards", f"必须扣 {size} 张底牌")
        self._require_held(action.seat, action.cards)

    def _apply_bury(self, action: Bury) -> list[ev.Event]:
        r = self.round
        r.hands[action.seat] = _rebuild(r.hands[action.seat], action.cards)
        r.kitty = list(action.cards)
        r.buried_by[action.seat] = tuple(action.cards)
        self.phase, r.turn, r.passes = Phase.SNATCH, next_seat(action.seat), set()
        return [ev.KittyBuried(action.seat, tuple(action.cards), private_to=action.seat),
                ev.PhaseChanged(Phase.SNATCH, r.turn)]

    def _verify_snatch(self, action: Snatch) -> None:
        self._require_phase(Phase.SNATCH)
        self._require_turn(action.seat)
        if len(action.cards) < 2:
            raise IllegalAction("a snatch needs at least two cards", "至少要两张级牌才能抄底")
        # R15 names R9/R13 (not R10): suits rank for snatches even in the first round.
        self._check_bid(action.seat, action.cards, first_round=False, min_cards=2)
        self._bid_naming(action.cards, action.rank, action.suit)

    def _apply_snatch(self, action: Snatch) -> list[ev.Event]:
        r = self.round
        rank, suit = self._bid_naming(action.cards, action.rank, action.suit)
        beaten = r.standing  # None after R12 (nobody bid): any bid of two cards snatches
        why = None if beaten is None else overcall(action.cards, beaten.cards, r.level)
        r.standing = BidView(action.seat, tuple(action.cards), rank, suit, snatch=True)
        r.bids.append(r.standing)
        r.auction.append(AuctionEntry(action.seat, Phase.SNATCH, r.standing))
        r.trump = Trump(rank, suit)  # 视同反主: trump changes; the 庄家 does not
        out: list[ev.Event] = [ev.BidMade(action.seat, tuple(action.cards), suit, rank,
                                          snatch=True, overcall=beaten is not None, why=why,
                                          beaten_seat=None if beaten is None else beaten.seat,
                                          dealer=r.dealer)]
        return out + self._take_kitty(action.seat)

    # --- play (R18–R25) -----------------------------------------------------------------

    def _start_play(self) -> list[ev.Event]:
        self.phase = Phase.PLAY
        return [ev.PhaseChanged(Phase.PLAY, self.round.dealer)]

    def _verify_play(self, action: Play) -> None:
        self._require_phase(Phase.PLAY)
        self._require_turn(action.seat)
        self._require_held(action.seat, action.cards)
        r = self.round
        trick = r.current_trick
        if trick is None:
            classify(action.cards, r.decided_trump)  # a lead is units of one play-suit (R18)
        else:
            check_follow(r.hands[action.seat], trick.plays[0][1], action.cards,
                         r.decided_trump)

    def _apply_play(self, action: Play) -> list[ev.Event]:
        r = self.round
        seat, cards = action.seat, tuple(action.cards)
        trick = r.current_trick
        out: list[ev.Event] = []
        if trick is None:
            trick = TrickRecord(leader=seat, plays=[])
            r.tricks.append(trick)
            order = others_after(seat)
            others = [r.hands[s] for s in order]
            forced = check_throw(cards, others, r.decided_trump)
            if forced is not None:  # R19: shown to all, one beatable unit is led instead
                penalty = r.tally.throw_failed(seat, len(cards), len(forced), self.rules)
                trick.failed_throw = cards
                blocker = order[throw_blocker(forced, others, r.decided_trump)]
                kind = classify(forced, r.decided_trump)[0].kind
                trick.throw_failure = ev.ThrowFailed(seat, cards, tuple(forced), penalty,
                                                     blocker, kind)
                out.append(trick.throw_failure)
                cards = tuple(forced)
        r.hands[seat] = _rebuild(r.hands[seat], cards)
        trick.plays.append((seat, cards))
        out.append(ev.CardsPlayed(seat, cards, len(r.tricks), lead=len(trick.plays) == 1))
        if len(trick.plays) == 4:
            out += self._finish_trick(trick)
        return out

    def _finish_trick(self, trick: TrickRecord) -> list[ev.Event]:
        r = self.round
        trick.winner, trick.points = r.tally.trick_won(trick.plays, r.decided_trump)
        trick.public = TrickView(trick.leader, tuple(trick.plays), trick.winner, trick.points,
                                 trick.failed_throw, trick.throw_failure)
        r.finished_tricks += (trick.public,)
        out: list[ev.Event] = [ev.TrickWon(trick.winner, len(r.tricks), trick.points,
                                           r.attackers_score())]
        if any(r.hands):
            return out
        assert r.attackers is not None  # a round in play has its 庄家
        if r.tally.last_trick_won(trick.winner, r.attackers, r.kitty, self.rules):  # 抠底
            out.append(ev.KittyScored(tuple(r.kitty), points_of(r.kitty),
                                      r.tally.kitty_multiplier))
        return out + self._settle_round()

    # --- the end of a round and of the match (R26–R28, R5) --------------------------------

    def _settle_round(self) -> list[ev.Event]:
        r = self.round
        assert r.dealer is not None and r.declarers is not None and r.attackers is not None
        assert r.trump is not None
        score = r.attackers_score()
        before = (self.levels[0], self.levels[1])
        settled = settlement(score, r.dealer, before, self.rules)  # R26–R28
        keep = settled.keep
        self.levels[:] = settled.levels
        r.result = ev.RoundSettled(
            score=score, declarers_keep=keep, rising_team=settled.rising, rise=settled.rise,
            levels=settled.levels, levels_before=before, next_dealer=settled.next_dealer,
            round_no=r.number, dealer=r.dealer, level=r.level,
            trump_rank=r.trump.level, trump_suit=r.trump.suit,
            trick_points=r.tally.points[r.attackers], kitty_points=points_of(r.kitty),
            kitty_multiplier=r.tally.kitty_multiplier,
            penalty_points=r.tally.penalties[r.attackers], band=band(score, self.rules))
        out: list[ev.Event] = [r.result]
        if keep and r.level == "BJ":  # R5: declarers at 大王 keep the deal and win
            self.winner = r.declarers
            self.phase = Phase.MATCH_OVER
            out += [ev.MatchOver(self.winner), ev.PhaseChanged(Phase.MATCH_OVER, None)]
        else:
            self.phase = Phase.RESULT
            out.append(ev.PhaseChanged(Phase.RESULT, None))
        return out

    def _verify_next_round(self, action: NextRound) -> None:
        self._require_phase(Phase.RESULT)

    def _apply_next_round(self, action: NextRound) -> list[ev.Event]:
        r = self.round
        assert r.result is not None  # the phase is RESULT: the round is settled
        self.round = self._new_round(r.number + 1, r.result.next_dealer)
        self.phase = Phase.DEAL
        return [self.round_started_event(), ev.PhaseChanged(Phase.DEAL, None)]

    def round_started_event(self) -> ev.RoundStarted:
        r = self.round
        return ev.RoundStarted(r.number, r.level, r.dealer, r.first_seat,
                               (self.levels[0], self.levels[1]))

    # The checks and the handlers by action class. Each takes an action of its key's class,
    # which one dict type cannot say key by key: hence `Any` for the action.
    _VERIFY: ClassVar[dict[type[Action], Callable[[Match, Any], None]]] = {
        Deal: _verify_deal, Bid: _verify_bid, Pass: _verify_pass, Bury: _verify_bury,
        Snatch: _verify_snatch, Play: _verify_play, NextRound: _verify_next_round}
    _APPLY: ClassVar[dict[type[Action], Callable[[Match, Any], list[ev.Event]]]] = {
        Deal: _apply_deal, Bid: _apply_bid, Pass: _apply_pass, Bury: _apply_bury,
        Snatch: _apply_snatch, Play: _apply_play, NextRound: _apply_next_round}
