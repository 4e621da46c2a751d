"""The review of a round (issue 12): step through a finished round trick by trick with all four
hands face up, the bids, the kitty before and after burying (and each 抄底), the points as they
were won, and the result.

DOM-free, so it is tested on CPython: `Review` rebuilds the round by replaying its actions
(engine.record.round_actions) on a fresh match, keeping a step at the end of the deal, one
once the kitty is buried, one per trick and one for the result; the functions below build the
HTML of each part of the table for the step shown. The page (ui.page.app) puts it in place under
`html[data-phase="review"]`.
"""

from __future__ import annotations

from collections.abc import Generator, Iterable
from dataclasses import dataclass

from engine.actions import Action, Bury, Pass, Play, Snatch
from engine.bots.advice import Advice
from engine.bots.certain import play_key
from engine.cards import Card
from engine.events import RoundSettled
from engine.match import Match
from engine.phase import Phase
from engine.record import round_actions
from engine.rules import Trump
from engine.view import AuctionEntry, SeatView, TrickView
from ui.logic import explain
from ui.logic.explain import names
from ui.logic.i18n import cards_short, group_name, seat_name, t, t_seat, trump_name
from ui.logic.markup import escape
from ui.logic.players import Adviser
from ui.logic.render import (
    POSITION,
    button,
    card_html,
    cards_held_html,
    result_html,
    role_html,
    suit_groups,
    trick_won_html,
)
from ui.logic.table import no_bid_pass

DEAL, KITTY, TRICK, RESULT = "deal", "kitty", "trick", "result"
PLAYER = 0  # the seat whose round it was: South, whose cards the page showed
REPLAY_SLICE = 16  # actions replayed between two yields of Review.hint_steps


@dataclass(frozen=True)
class Step:
    """What the table showed at one moment of the round: every hand, and the trick just
    finished (with the attackers' points once it was won)."""

    kind: str  # DEAL | KITTY | TRICK | RESULT
    hands: tuple[tuple[Card, ...], ...]  # by seat, sorted as the round's trump orders them
    trick: TrickView | None = None
    trick_no: int = 0
    points: int = 0  # the attackers' score after this step
    done: int = 0  # how many of the round's actions were applied at this step
    own_at: int | None = None  # a trick: how many actions came before the player's play in it
    # the deal's step: the trump its cards are sorted and coloured by, the standing bid's (a
    # snatch may change it later); None: the round's decided trump
    trump: Trump | None = None
    bid_stood: bool = False  # the deal's step: a bid stood then (else trump: not yet)
    # the kitty's step: how many actions came before the player's first decision about the
    # kitty (their bury as 庄家, or whether to snatch, 抄底, where they could); None: none
    kitty_at: int | None = None

    @property
    def decision_at(self) -> int | None:
        """How many actions came before the player's decision the hint is asked about here
        (their play in a trick, their bury or snatch at the kitty's); None: no decision."""
        return self.own_at if self.own_at is not None else self.kitty_at


@dataclass(frozen=True)
class KittyTurn:
    """A seat that took up the kitty (the 庄家, then each snatcher) and what it buried."""

    seat: int
    taken: tuple[Card, ...]
    buried: tuple[Card, ...]
    snatch: tuple[Card, ...] | None  # the snatch's cards, None for the 庄家's own turn


class Review:
    """A finished round of `match` (its current round by default, or `round_no` counted from
    1), rebuilt by replay, and the step being looked at."""

    def __init__(self, match: Match, round_no: int | None = None) -> None:
        start, actions = round_actions(match, round_no)
        self._from = (match.seed, match.rules, start, actions)  # to rebuild any moment of it
        replay = Match(match.seed, match.rules, start)
        own_at: int | None = None
        self.hints: dict[int, Advice | None] = {}  # by step: what the hint would have played
        self.steps: list[Step] = []
        self.turns: list[KittyTurn] = []
        self.kitty_dealt: tuple[Card, ...] = ()
        pending_snatch: tuple[Card, ...] | None = None
        kitty_at: int | None = None
        # the player's passes the table made for them (no bid to make: ui.logic.table), by
        # their place in the round's auction
        self.no_bid_passes: set[int] = set()
        for done, action in enumerate(actions, start=1):
            if kitty_at is None and _kitty_choice(replay, action):
                kitty_at = done - 1
            if no_bid_pass(replay, action):
                self.no_bid_passes.add(len(replay.round.auction))
            events = replay.apply(action)
            r = replay.round
            if replay.phase == Phase.BID and not self.steps:  # the last card was dealt
                self.kitty_dealt = tuple(r.kitty)
                self.steps.append(Step(DEAL, self._hands(replay), done=done,
                                       trump=replay.provisional_trump(),
                                       bid_stood=r.standing is not None))
            if isinstance(action, Snatch):
                pending_snatch = tuple(action.cards)
            elif isinstance(action, Bury):
                self.turns.append(KittyTurn(action.seat, r.taken, tuple(action.cards),
                                            pending_snatch))
                pending_snatch = None
            if replay.phase == Phase.PLAY and not r.tricks:
                self.steps.append(Step(KITTY, self._hands(replay), done=done,
                                       kitty_at=kitty_at))
            if isinstance(action, Play) and action.seat == PLAYER:
                own_at = done - 1
            if isinstance(action, Play) and r.tricks and r.tricks[-1].winner is not None:
                self.steps.append(Step(TRICK, self._hands(replay), r.finished_tricks[-1],
                                       len(r.tricks), self._points(replay), done, own_at))
                own_at = None
            if any(isinstance(e, RoundSettled) for e in events):
                self.steps.append(Step(RESULT, self._hands(replay), None, len(r.tricks),
                                       r.attackers_score(), done))
        if not replay.phase.round_over:
            raise ValueError("only a finished round can be reviewed")
        self.round_no = replay.round.number
        self.auction: tuple[AuctionEntry, ...] = tuple(replay.round.auction)
        self.trump: Trump = replay.round.decided_trump
        self.dealer: int = replay.round.dealer or 0
        self.tricks = len(replay.round.tricks)
        self.final_view: SeatView = replay.view(0)  # the result, as the player saw it
        self.at = 0
        # the match's rounds that can be reviewed (numbered from 0): all that are finished
        last = match.round.number - (0 if match.phase.round_over else 1)
        self.rounds = range(match.start.round_no, last + 1)

    def _hands(self, replay: Match) -> tuple[tuple[Card, ...], ...]:
        r = replay.round
        trump = replay.provisional_trump() if r.trump is None else r.trump
        key = trump.sort_key if trump is not None else (lambda c: c.index)
        return tuple(tuple(sorted(hand, key=key)) for hand in r.hands)

    @staticmethod
    def _points(replay: Match) -> int:
        return replay.round.attackers_score()

    # --- stepping ----------------------------------------------------------------------

    @property
    def step(self) -> Step:
        return self.steps[self.at]

    def go(self, delta: int) -> bool:
        """Move `delta` steps (kept within the round); whether the step changed."""
        at = max(0, min(len(self.steps) - 1, self.at + delta))
        moved = at != self.at
        self.at = at
        return moved

    def take_over_at(self) -> int | None:
        """How many of the round's actions lead up to the step shown, to play on from there
        ("what if"): the end of the deal, the first trick's lead once the kitty is buried, the
        lead of the trick shown (to play it otherwise); None on the result."""
        step = self.step
        if step.kind == RESULT:
            return None
        return self.steps[self.at - 1].done if step.kind == TRICK else step.done

    # --- what the hint would have played --------------------------------------------------

    def hint_wanted(self) -> bool:
        """Whether the step shown holds a decision of the player's (a trick's play, a bury or
        snatch) whose hint is still to be asked."""
        return self.step.decision_at is not None and self.at not in self.hints

    def hint_steps(self, adviser: Adviser) -> Generator[object, None, Advice | None]:
        """What `adviser` (the hint button's bot, engine.bots.hard) would have done for the
        player at the step shown (their play in its trick, their bury or snatch), from the
        player's view just before their decision; kept in `hints`. A generator that yields
        while it rebuilds that moment and while the adviser thinks, to be run in slices
        (ui.logic.pacing). The step is the one shown when this is called: the player may step
        on before the generator first runs."""
        at = self.at
        own_at = self.steps[at].decision_at
        assert own_at is not None
        return self._hint_steps(adviser, at, own_at)

    def _hint_steps(self, adviser: Adviser, at: int,
                    own_at: int) -> Generator[object, None, Advice | None]:
        seed, rules, start, actions = self._from
        replay = Match(seed, rules, start)
        for k, action in enumerate(actions[:own_at]):
            replay.apply(action)
            if k % REPLAY_SLICE == 0:
                yield k
        advice = yield from adviser.advise_steps(replay.view(PLAYER))
        self.hints[at] = advice
        return advice

    def action(self, k: int) -> Action:
        """The round's `k`-th action (from 0)."""
        action: Action = self._from[3][k]
        return action

    @property
    def shown_trump(self) -> Trump:
        """The trump the step shown sorts and colours its cards by."""
        return self.step.trump or self.trump

    def hands(self) -> tuple[tuple[Card, ...], ...]:
        """The hands at the step shown: the deal's hands on the first step (the kitty still
        apart), after burying on the next, then as the tricks took them."""
        return self.step.hands


def _kitty_choice(replay: Match, action: object) -> bool:
    """Whether `action`, about to be applied to `replay`, is a decision of the player's about
    the kitty: their bury, their snatch, or their pass where the engine listed a snatch for
    them (a pass with none to make was the table's, not theirs)."""
    if isinstance(action, Bury):
        return action.seat == PLAYER
    if replay.phase != Phase.SNATCH or not isinstance(action, (Snatch, Pass)):
        return False
    return action.seat == PLAYER and not no_bid_pass(replay, action)


# --- HTML ----------------------------------------------------------------------------------

def _cards(cards: Iterable[Card], trump: Trump, lang: str) -> str:
    return "".join(card_html(c, lang=lang, extra_class="small", trump=trump.is_trump(c))
                   for c in cards)


def seat_html(review: Review, seat: int, lang: str) -> str:
    """A seat's box in the review: its name and side, and its cards face up."""
    hand = review.hands()[seat]
    count = cards_held_html(len(hand), lang)
    return (f'<div class="name">{escape(seat_name(seat, lang))}</div>'
            f'{role_html(review.final_view, seat, lang)}<div class="info">{count}</div>'
            f'<div class="review-hand">{_cards(hand, review.shown_trump, lang)}</div>')


def hand_html(review: Review, lang: str) -> str:
    """The player's own cards at the step shown (to look at: none can be chosen)."""
    hand, trump = review.hands()[0], review.shown_trump
    out = []
    for suit, positions in suit_groups(hand, trump):  # as in play: a group a suit
        cards = "".join(card_html(hand[i], lang=lang, trump=trump.is_trump(hand[i]))
                        .replace('<span class="card',
                                 '<span role="option" aria-selected="false" class="card', 1)
                        for i in positions)
        out.append(f'<div class="group" role="group" data-suit="{suit}" '
                   f'aria-label="{escape(group_name(suit, lang))}">{cards}</div>')
    return "".join(out)


def hand_counts(review: Review) -> tuple[int, int]:
    """How many cards `hand_html` shows and in how many groups (#hand's --n and --groups, as
    in play: render.hand_counts)."""
    hand = review.hands()[0]
    return len(hand), len(suit_groups(hand, review.shown_trump))


def _auction_line(entry: AuctionEntry, lang: str, no_bid: bool = False) -> str:
    """A turn of the auction in words; `no_bid`: a pass the table made for the player, who
    had no bid to make (they were not asked)."""
    seat = seat_name(entry.seat, lang)
    if entry.bid is None:
        return t("review.pass_no_bid" if no_bid else "review.pass", lang, seat=seat)
    key = "review.snatch" if entry.bid.snatch else "review.bid"
    return t(key, lang, seat=seat, cards=cards_short(entry.bid.cards, lang))


def table_html(review: Review, lang: str) -> str:
    """The middle of the table at the step shown: the bids; the kitty's turns; a trick with
    its winner and points; or the result."""
    step = review.step
    if step.kind == RESULT:
        return result_html(review.final_view, lang)
    if step.kind == TRICK and step.trick is not None:
        return _trick_html(review, step, lang)
    if step.kind == DEAL:
        title = t("review.deal", lang)
        bidding = [(k, e) for k, e in enumerate(review.auction) if e.phase != Phase.SNATCH]
        lines = [_auction_line(e, lang, k in review.no_bid_passes) for k, e in bidding]
        if all(e.bid is None for _, e in bidding):
            lines.append(t("review.no_bids", lang))
    else:
        title = t("review.kitty", lang)
        lines = [t("review.trump", lang, trump=trump_name(review.trump, lang),
                   seat=seat_name(review.dealer, lang))]
        for turn in review.turns:
            seat = seat_name(turn.seat, lang)
            if turn.snatch is not None:
                lines.append(t("review.snatch", lang, seat=seat,
                           cards=cards_short(turn.snatch, lang)))
            lines.append(t("review.took", lang, seat=seat,
                           cards=cards_short(turn.taken, lang)))
            lines.append(t("review.buried", lang, seat=seat,
                           cards=cards_short(turn.buried, lang)))
    items = "".join(f"<li>{escape(line)}</li>" for line in lines)
    hint = _kitty_hint_html(review, lang) if step.kind == KITTY else ""
    return f'<div class="review-info"><h2>{escape(title)}</h2><ol>{items}</ol>{hint}</div>'


def _kitty_hint_html(review: Review, lang: str) -> str:
    """Where the player buried or could snatch: what they did and what the hint would have
    done (its reason too where they differ); nothing while it is asked."""
    at, kitty_at = review.at, review.step.kitty_at
    advice = review.hints.get(at)
    if kitty_at is None or advice is None:
        return ""
    mine, hinted = review.action(kitty_at), advice.action
    if isinstance(mine, Bury):
        did = t("review.you_buried", lang, cards=cards_short(mine.cards, lang))
        other = "review.bury_hint_other"
    elif isinstance(mine, Snatch):
        did = t("review.you_snatched", lang, cards=cards_short(mine.cards, lang))
        other = "review.snatch_hint_snatch" if isinstance(hinted, Snatch) else (
            "review.snatch_hint_pass")
    else:
        did, other = t("review.you_passed_snatch", lang), "review.snatch_hint_snatch"
    if type(hinted) is type(mine) and _same_cards(hinted, mine):
        return f'<p class="hint-line">{escape(did + t("review.kitty_hint_same", lang))}</p>'
    line = did + t(other, lang, cards=cards_short(getattr(hinted, "cards", ()), lang),
                   why=advice.reason.text(lang, names(lang)))
    return f'<p class="hint-line">{escape(line)}</p>'


def _same_cards(a: Action, b: Action) -> bool:
    """Whether two actions show the same cards (a pass shows none)."""
    return play_key(getattr(a, "cards", ())) == play_key(getattr(b, "cards", ()))


def _trick_html(review: Review, step: Step, lang: str) -> str:
    trick = step.trick
    assert trick is not None and trick.winner is not None  # a finished trick
    slots = []
    for seat, cards in trick.plays:
        won = " winner" if trick.winner == seat else ""
        slots.append(f'<div class="play {POSITION[seat]}{won}" data-seat="{seat}" '
                     f'style="--n: {len(cards)}">{_cards(cards, review.trump, lang)}</div>')
    caption = (f'<p>{escape(t("review.trick", lang, n=step.trick_no, total=review.tricks))}</p>'
               + trick_won_html(trick.winner, trick.points, review.dealer, lang)
               + f'<p>{escape(t("status.points", lang, points=step.points))}</p>')
    reason = explain.trick_reason_text(trick, review.trump, lang, PLAYER)
    if reason:  # why it went so, as the live table says it (engine.reasons)
        caption += f'<p class="reason">{escape(reason)}</p>'
    if trick.throw_failure:  # R19: what the leader tried and why it failed
        why = explain.throw_failed_text(trick.throw_failure, review.trump, lang)
        caption += f'<p class="throw">{escape(why)}</p>'
    caption += _hint_html(review, trick, lang)
    return "".join(slots) + f'<div class="caption">{caption}</div>'


def _hint_html(review: Review, trick: TrickView, lang: str) -> str:
    """The hint's play for this trick where it differs from the player's, with its reason;
    a word that it agrees; nothing while it is asked."""
    if review.at not in review.hints or review.hints[review.at] is None:
        return ""
    advice = review.hints[review.at]
    assert advice is not None
    played = next(cards for seat, cards in trick.plays if seat == PLAYER)
    hinted = getattr(advice.action, "cards", ())
    if _same_cards(advice.action, Play(PLAYER, played)):
        return f'<p class="hint-line">{escape(t("review.hint_same", lang))}</p>'
    line = t("review.hint_other", lang, cards=cards_short(hinted, lang),
             why=advice.reason.text(lang, names(lang)))
    return f'<p class="hint-line">{escape(line)}</p>'


def kitty_html(review: Review, lang: str) -> str:
    """The kitty as dealt on the first step, afterwards as buried (the last burier's)."""
    if review.step.kind == DEAL or not review.turns:
        label, cards = t("review.kitty_dealt", lang), review.kitty_dealt
    else:
        last = review.turns[-1]
        label = t_seat("review.kitty_buried", last.seat, lang)
        cards = last.buried
    return (f'<span class="zone-label">{escape(label)}</span>'
            f'{_cards(cards, review.shown_trump, lang)}')


def status_html(review: Review, lang: str, shared: bool = False) -> str:
    """The review's bar: which round (of a shared link's match, when `shared`: a reader who
    opened someone's link sees at once that it is not a round of their own), the step, the
    trump and the dealer."""
    title = "review.title_shared" if shared else "review.title"
    trump = t("status.trump", lang, trump=trump_name(review.trump, lang))
    step = review.step
    if step.kind == DEAL:  # the trump as the bids stood then (none: not yet), not the one a
        shown = step.trump if step.bid_stood else None  # snatch set later
        trump = t("status.trump_bid", lang, trump=trump_name(shown, lang))
    parts = [t(title, lang, n=review.round_no + 1),
             t("review.step", lang, k=review.at + 1, total=len(review.steps)), trump,
             t("status.dealer", lang, seat=seat_name(review.dealer, lang))]
    return "".join(f'<span class="stat">{escape(p)}</span>' for p in parts)


def controls_html(review: Review, lang: str, closable: bool = True, more: str = "") -> str:
    """Step back, step on, and back to the result (unless not `closable`: the embedded
    viewer); then a menu of smaller buttons, as in play (a phone keeps it to one row): in a
    match of several rounds, the round before and after the one shown, and `more` (the
    review's links: ui.logic.share.review_buttons)."""
    last = len(review.steps) - 1
    main = (button("prev", t("button.prev", lang), enabled=review.at > 0)
            + button("next", t("button.next", lang), enabled=review.at < last, primary=True)
            + (button("close-review", t("button.back_result", lang)) if closable else ""))
    rounds = ""
    if len(review.rounds) > 1:
        rounds = (button("review-earlier", t("button.review_earlier", lang),
                         enabled=review.round_no > review.rounds[0], minor=True)
                  + button("review-later", t("button.review_later", lang),
                           enabled=review.round_no < review.rounds[-1], minor=True))
    menu = rounds + more
    return main + (f'<span class="menu">{menu}</span>' if menu else "")
