"""The hint: the hard bot's choice for a seat's own view, and one short line on why.

`HardBot.advise_steps(view)` (engine.bots.hard) runs the hard bot's decision in slices like a
bot turn and returns an `Advice`: the action, and a `Reason` judged here from the same view —
a reason code and the seat, suit and cards it names. `Reason.text(lang, names)` words it in
English or Chinese (the page formats, never judges):

    partner is winning: add points          对家正大：送分
    East showed void in ♦: lead ♣4 instead  东家已无方块：改出♣4

The reason explains the chosen action from facts of the seat's view (who is winning the trick,
whether the outcome is certain, voids shown in earlier tricks, the pairs kept); it never looks
at hidden cards, and it never changes the action.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from ..actions import Action, Bid, Bury, Pass, Play, Snatch
from ..cards import ALL_CARDS, Card, cards_label, points_of, points_of_plays
from ..options import bid_options, follow_options
from ..phase import Phase
from ..reasons import Names
from ..rules import (
    PAIR,
    SUIT_WORDS,
    TRACTOR,
    TRUMP,
    Trump,
    check_throw,
    classify,
    playable_cards,
    trick_winner,
)
from ..seats import OTHERS, opponents_of, partner_of, same_team
from ..view import SeatView
from .certain import (
    LOST,
    certain_winner,
    fewest_points_follow,
    last_seat_facts,
    opponents_take,
    seat_could_beat,
)
from .knowledge import Memory, build_memory

# Follows.
FORCED = "forced"  # the only legal follow (R20/R21), or the last card: nothing to choose
TRICK_LOST = "trick-lost"  # the opponents take the trick whatever one plays: fewest points
#                            (the seat that takes it named, or none: only opponents to play)
FEED = "feed"  # the partner takes the trick (no opponent still to play may beat it), or the
#               seat, last to play, over the partner's winning play: add points
FEED_RISK = "feed-risk"  # the partner is winning, an opponent still to play may beat it
PARTNER_HOLDS = "partner-holds"  # the partner is winning: no points added, a small card
PARTNER_WINNING = "partner-winning"  # the partner is winning: no points added, no small card
RUFF = "ruff"  # void in the led suit: trump it
RUFF_PARTNER = "ruff-partner"  # the partner led low in a suit the seat is void in: trump it
TAKE = "take"  # win the trick (its points): nobody still to play can take it from you
TAKE_TRY = "take-try"  # winning the trick so far: an opponent still to play might beat it
PLAY_LOW = "play-low"  # an opponent is winning: the fewest points among losing plays
PLAY_FEWEST = "play-fewest"  # the same, with a card of 10 or more, a level card or a joker
#                              among them (a daily player read "play low" over ♦A ♥2 as
#                              "play your small cards"): said as the points it gives
PARTNER_LATER = "partner-later"  # an opponent is winning, partner still to play and may
# take the trick: points
OPPONENT_WINNING = "opponent-winning"  # an opponent is winning (no more is claimed)
KEEP_PAIR = "keep-pair"  # follow with a single and keep the pair
DISCARD = "discard"  # void in the led suit, not winning: the fewest points
DISCARD_TRUMP = "discard-trump"  # … with a trump among them (垫 is said of side cards only)
# Leads.
THROW = "throw"  # no unseen card of the suit beats any part of it: the throw stands (R19)
THROW_SIDE = "throw-side"  # a side suit's throw that stands in its suit: a void may trump it
THROW_RUFFABLE = "throw-ruffable"  # it stands, though an opponent showed void in the suit
THROW_TRY = "throw-try"  # a throw some unseen cards would beat (R19: it may fail)
LEAD_TRACTOR = "lead-tractor"
MASTER = "master"  # nobody can beat this lead, and points are in it or may fall into it
MASTER_BARE = "master-bare"  # nobody can beat this lead; no points can fall into it
TOP_RUFFABLE = "top-ruffable"  # the top card of its suit, but an opponent showed void in it
PARTNER_VOID = "partner-void"  # the partner showed void: lead the suit for a ruff
OPPONENT_VOID = "opponent-void"  # an opponent showed void: the lead keeps off the suit
DRAW_TRUMPS = "draw-trumps"  # long in trumps, and an opponent may hold one
LEAD_TRUMPS = "lead-trumps"  # not long in trumps; an opponent may hold one
NO_TRUMPS_OUT = "no-trumps-out"  # neither opponent can hold a trump
SHORT_SUIT = "short-suit"  # lead from the short suit to make a void
LEAD_LOW = "lead-low"  # every card of the lead is below 10
LEAD_PAIR = "lead-pair"  # a pair of 10 or more: the others must follow with a pair (R21)
LEAD_PROBE = "lead-probe"  # a single of 10 or more, not a master: draw the higher cards out
# Auction and kitty.
BID = "bid"
PASS_PARTNER = "pass-partner"  # the partner's bid stands
PASS_PARTNER_SNATCH = "pass-partner-snatch"  # … and once the partner has buried, the seat
#                                              could still snatch from them (R15)
PASS_OWN = "pass-own"  # the seat's own bid stands
PASS_WEAK = "pass-weak"  # no bid worth making (the bids it could make were weighed)
PASS_SNATCH = "pass-snatch"  # after the deal, an opponent's bid stands and the seat holds a
#                              snatch that beats it (R15: two cards or more, by R9/R13)
SNATCH = "snatch"
NO_SNATCH = "no-snatch"  # a snatch the seat could make, weighed and not made
NO_SNATCH_OWN = "no-snatch-own"  # the kitty is the seat's side's (it or its partner buried)
BURY_VOID = "bury-void"  # bury whole suits: voids to trump from
BURY_LOW = "bury-low"  # bury side cards, no pair among them; keep trumps, pairs and tractors
BURY_SPARE = "bury-spare"  # a pair or a trump buried too (named): the cards needed least

CODES = (FORCED, TRICK_LOST, FEED, FEED_RISK, PARTNER_HOLDS, PARTNER_WINNING, RUFF, RUFF_PARTNER,
         TAKE, TAKE_TRY, PLAY_LOW, PLAY_FEWEST, PARTNER_LATER, OPPONENT_WINNING, KEEP_PAIR,
         DISCARD, DISCARD_TRUMP, THROW, THROW_SIDE, THROW_RUFFABLE, THROW_TRY, LEAD_TRACTOR, MASTER,
         MASTER_BARE, TOP_RUFFABLE, PARTNER_VOID, OPPONENT_VOID, DRAW_TRUMPS, LEAD_TRUMPS,
         NO_TRUMPS_OUT, SHORT_SUIT, LEAD_LOW, LEAD_PAIR, LEAD_PROBE, BID, PASS_PARTNER,
         PASS_PARTNER_SNATCH, PASS_OWN, PASS_WEAK, PASS_SNATCH, SNATCH, NO_SNATCH, NO_SNATCH_OWN,
         BURY_VOID, BURY_LOW, BURY_SPARE)
# "Long in trumps" (DRAW_TRUMPS): at least this many trumps, and this share of the hand (and
# more than the trumps still unseen).
LONG_TRUMPS_MIN = 4
LONG_TRUMPS_SHARE = 0.45
BURY_NAMED_MOST = 4  # a bury's pair and trump cards are named when there are this many or fewer
BURIED_POINTS = (BURY_VOID, BURY_LOW, BURY_SPARE)  # these say the points they bury (R25)


@dataclass(frozen=True)
class Reason:
    """Why an action: `code` (one of CODES) and what it names — a seat, a play-suit ("S", "H",
    "C", "D" or "T"), cards, a number of points or trumps, and suits (for a bury)."""

    code: str
    seat: int | None = None
    suit: str | None = None
    cards: tuple[Card, ...] = ()
    number: int = 0
    suits: tuple[str, ...] = ()
    above: tuple[Card, ...] = ()  # a pair lead's higher cards whose pair may be out
    attacking: bool = False  # a bury's: the seat is an attacker (a snatch of theirs)
    may_trump: bool = False  # a side suit's master: an opponent out of it may still trump it
    so_far: bool = False  # partner winning: an opponent still to play may beat partner's play

    def text(self, lang: str, names: Names) -> str:
        """One short line in `lang` ("zh" or "en"), seats named by `names`."""
        zh = lang == "zh"
        words = _ZH if zh else _EN
        code = "zh" if zh else "en"
        name, whose = names(self.seat) if self.seat is not None else ("", "")
        suit = SUIT_WORDS[self.suit][1 if zh else 0] if self.suit is not None else ""
        sep = "、" if zh else ", "
        suits = sep.join(SUIT_WORDS[s][1 if zh else 0] for s in self.suits)
        key = self.code
        if key in (BID, SNATCH) and self.suit is None:  # (jokers: no-trump)
            key += "-nt"
        if key in (MASTER, MASTER_BARE) and self.suit != TRUMP:
            key += "-side"  # (a side suit's top card: a seat void in it may still trump it)
        if key == PARTNER_HOLDS and len(self.cards) > 1:
            key += "-many"  # (a daily player read "a small card" of the two it played)
        if self.so_far:  # (a daily player read "partner is winning this trick", and East,
            key += "-so-far"  # still to play, took it)
        if key == TAKE_TRY and self.seat is not None:
            key += "-void"  # (an opponent to play after, out of the suit, may trump it)
        if key == PLAY_FEWEST and not self.number:
            key += "-none"
        if key == TRICK_LOST and self.seat is None:
            key += "-team"  # (only opponents still to play: one of them takes it)
        if key == LEAD_LOW and self.number:
            key += "-points"
        if key == NO_SNATCH and not self.cards:
            key += "-none"
        if key in (TOP_RUFFABLE, THROW_RUFFABLE) and self.seat is None:
            key += "-both"  # (both opponents showed void in the suit and may trump it)
        if self.code == SNATCH and self.seat is not None:
            key += "-own"  # (the partner buried it: the snatch keeps it the side's)
        if key in (DISCARD, DISCARD_TRUMP):  # (the fewest points the seat can give, named
            # where it is not none: "垫最不值钱的牌" of ♦5 read oddly; "cards" of one card)
            key += "-points" if self.number else "-one" if len(self.cards) == 1 else ""
        if key == BURY_SPARE and len(self.cards) <= BURY_NAMED_MOST:
            key += "-named"  # (the few pair or trump cards it gives up; not a list of most)
        if key == LEAD_PAIR and self.above:
            key += "-above"  # (only a pair of a higher card can beat it: no opponent void)
        above = ("或" if zh else " or ").join(cards_label((c,), code) for c in self.above)
        line = words[key].format(name=name, whose=whose, suit=suit, suits=suits, above=above,
                                 cards=cards_label(self.cards, code), n=self.number)
        if self.code in (RUFF, RUFF_PARTNER, TAKE, TAKE_TRY) and self.number:
            line += words["points"].format(n=self.number)
        if self.may_trump:  # (a newcomer read "nothing unseen in hearts beats ♥4 ♥4: cash
            # it" in the guided hand, then saw East trump it for the round)
            line += words["may-trump"].format(suit=suit)
        if self.code in BURIED_POINTS and self.number:  # (an attacker who snatched read
            # "doubled for the attackers if they take it" of their own side)
            line += words["buried-ours" if self.attacking else "buried"].format(n=self.number)
        if self.code == TRICK_LOST:  # the points it must add, when it cannot add none
            line += words["fewest"].format(n=self.number) if self.number else words["none"]
        return line


_EN = {
    FORCED: "your only legal play",
    TRICK_LOST: "{name} takes this trick whatever you play",
    TRICK_LOST + "-team": "the opponents take this trick whatever you play",
    FEED: "partner is winning: add points",
    FEED_RISK: "partner is winning so far, {name} still to play: add points",
    PARTNER_HOLDS: "partner is winning: play a small card",
    PARTNER_HOLDS + "-many": "partner is winning: play small cards",
    PARTNER_HOLDS + "-so-far": "partner is winning so far: play a small card",
    PARTNER_HOLDS + "-many-so-far": "partner is winning so far: play small cards",
    PARTNER_WINNING: "partner is winning this trick",
    PARTNER_WINNING + "-so-far": "partner is winning this trick so far",
    RUFF: "no {suit} left: trump it",
    RUFF_PARTNER: "partner's {suit} lead is low: trump it",
    TAKE: "take the trick with {cards}",
    TAKE_TRY: "go for the trick with {cards}",
    TAKE_TRY + "-void": "go for the trick with {cards}, though {name} is out of {suit} and may "
                        "trump it",
    PLAY_LOW: "{name} is winning: play low",
    PLAY_FEWEST: "{name} is winning: give as few points as you can",
    PLAY_FEWEST + "-none": "{name} is winning: give no points",
    PARTNER_LATER: "{name} is winning, and partner plays after you: points for partner to take",
    OPPONENT_WINNING: "{name} is winning this trick",
    KEEP_PAIR: "keep the pair {cards} for later",
    DISCARD: "no {suit} left: discard your cheapest cards",
    DISCARD + "-one": "no {suit} left: discard your cheapest card",
    DISCARD + "-points": "no {suit} left, and whatever loses carries points: give the fewest, "
                         "{cards}",
    DISCARD_TRUMP: "no {suit} left, and no play of yours wins: your cheapest cards",
    DISCARD_TRUMP + "-one": "no {suit} left, and no play of yours wins: your cheapest card",
    DISCARD_TRUMP + "-points": "no {suit} left, and no play of yours wins: give the fewest "
                               "points, {cards}",
    THROW: "nothing unseen in {suit} beats any part of it: throw them together",
    THROW_SIDE: "nothing unseen in {suit} beats any part of it: throw them together (an "
                "opponent out of {suit} may still trump it)",
    THROW_RUFFABLE: "nothing unseen in {suit} beats any part of it, though {name} showed void"
                    " in {suit}",
    THROW_RUFFABLE + "-both": "nothing unseen in {suit} beats any part of it, though both "
                              "opponents showed void in {suit}",
    THROW_TRY: "throw these together: it fails if someone holds a higher card or pair",
    LEAD_TRACTOR: "lead the tractor {cards}",
    # (a lead, no points on the table yet: "take the points" read as untrue to a newcomer and
    # a daily player; the points are those the others will play to it)
    MASTER: "{cards} cannot be beaten: the points played to it are yours",
    MASTER_BARE: "{cards} cannot be beaten: cash it",
    MASTER + "-side": "nothing unseen in {suit} beats {cards}: the points played to it are "
                      "yours",
    MASTER_BARE + "-side": "nothing unseen in {suit} beats {cards}: cash it",
    TOP_RUFFABLE: "nothing unseen in {suit} beats {cards}, though {name} showed void in {suit}",
    TOP_RUFFABLE + "-both": "nothing unseen in {suit} beats {cards}, though both opponents "
                            "showed void in {suit}",
    PARTNER_VOID: "partner showed void in {suit}: lead it for a ruff",
    OPPONENT_VOID: "{name} showed void in {suit}: lead {cards} instead",
    DRAW_TRUMPS: "long in trumps: draw the opponents' trumps",
    LEAD_TRUMPS: "lead trumps: draw the opponents' trumps",
    NO_TRUMPS_OUT: "the opponents have no trumps left: lead trumps safely",
    SHORT_SUIT: "lead from your short {suit} to make a void",
    LEAD_LOW: "lead low and keep your strong cards",
    LEAD_LOW + "-points": "lead low and keep your strong cards ({n} points at stake)",
    LEAD_PAIR: "lead the pair {cards}: the others must follow with a pair if they have one",
    LEAD_PAIR + "-above": "lead the pair {cards}: only a pair of {above} beats it, and the "
                          "others must follow with a pair if they have one",
    LEAD_PROBE: "lead {cards} to draw out the higher cards",
    BID: "{n} trumps with {suit} as trump: bid",
    BID + "-nt": "{n} trumps in no-trump: bid",
    PASS_PARTNER: "partner's bid stands: pass",
    PASS_PARTNER_SNATCH: "partner's bid stands: pass; {cards} may snatch (抄底) later",
    PASS_OWN: "your bid stands: pass",
    PASS_WEAK: "no bid worth making now: pass",
    PASS_SNATCH: "pass now: once {name} has buried, {cards} can snatch the kitty (抄底); "
                 "{name} will still be dealer",
    SNATCH: "{n} trumps with {suit} as trump: snatch the kitty",
    SNATCH + "-nt": "{n} trumps in no-trump: snatch the kitty",
    SNATCH + "-own": "{n} trumps with {suit} as trump: snatch {whose} kitty; it stays your "
                     "side's, and only a bid stronger than yours can take it",
    SNATCH + "-nt-own": "{n} trumps in no-trump: snatch {whose} kitty; it stays your side's, "
                        "and only a bid stronger than yours can take it",
    NO_SNATCH: "{cards} could snatch, but the kitty is not worth it here: pass",
    NO_SNATCH + "-none": "no snatch worth making: pass",
    NO_SNATCH_OWN: "{name} buried the kitty, your side's: pass",
    BURY_VOID: "bury all your {suits}: a void to trump from",
    BURY_LOW: "bury side cards you can spare; keep trumps, pairs and tractors",
    BURY_SPARE: "bury the cards you need least",
    BURY_SPARE + "-named": "bury the cards you need least, even {cards}",
    "points": " ({n} points on the table)",
    "buried": " ({n} points buried: doubled for the attackers if they take the last trick)",
    "buried-ours": " ({n} points buried: doubled for your side if it takes the last trick)",
    "may-trump": " (an opponent out of {suit} may still trump it)",
    "none": ": give no points",
    "fewest": ": give as few points as you can ({n})",
}
_ZH = {
    FORCED: "只能这样出",
    TRICK_LOST: "{name}赢定这一轮",
    TRICK_LOST + "-team": "这一轮对方赢定",
    FEED: "对家正大：送分",
    FEED_RISK: "对家暂时正大，{name}还没出：送分",
    PARTNER_HOLDS: "对家正大：出小牌",
    PARTNER_HOLDS + "-many": "对家正大：出小牌",
    PARTNER_HOLDS + "-so-far": "对家暂时正大：出小牌",
    PARTNER_HOLDS + "-many-so-far": "对家暂时正大：出小牌",
    PARTNER_WINNING: "对家正大",
    PARTNER_WINNING + "-so-far": "对家暂时正大",
    RUFF: "{suit}已绝：用主牌毙",
    RUFF_PARTNER: "对家出的{suit}小：用主牌毙",
    TAKE: "用{cards}拿下这一轮",
    TAKE_TRY: "用{cards}争这一轮",
    TAKE_TRY + "-void": "用{cards}争这一轮，但{name}已无{suit}，可能毙",
    PLAY_LOW: "{name}正大：出小牌",
    PLAY_FEWEST: "{name}正大：尽量少送分",
    PLAY_FEWEST + "-none": "{name}正大：不送分",
    PARTNER_LATER: "{name}正大，对家在你之后出：留分给对家拿",
    OPPONENT_WINNING: "{name}正大",
    KEEP_PAIR: "留住对子{cards}",
    DISCARD: "{suit}已绝：垫最不值钱的牌",
    DISCARD + "-one": "{suit}已绝：垫最不值钱的牌",
    DISCARD + "-points": "{suit}已绝，能垫的都有分：垫分最少的{cards}",
    DISCARD_TRUMP: "{suit}已绝，也管不上：出最不值钱的牌",
    DISCARD_TRUMP + "-one": "{suit}已绝，也管不上：出最不值钱的牌",
    DISCARD_TRUMP + "-points": "{suit}已绝，也管不上：出分最少的{cards}",
    THROW: "外面的{suit}管不上其中任何一手：一起甩出",
    THROW_SIDE: "外面的{suit}管不上其中任何一手：一起甩出（对手若已无{suit}，仍可用主牌毙）",
    THROW_RUFFABLE: "外面的{suit}管不上其中任何一手，但{name}已无{suit}",
    THROW_RUFFABLE + "-both": "外面的{suit}管不上其中任何一手，但两家对手都已无{suit}",
    THROW_TRY: "一起甩出：若有人管得上则甩牌失败",
    LEAD_TRACTOR: "出拖拉机{cards}",
    MASTER: "{cards}最大，没人管得上：跟出来的分都归你",
    MASTER_BARE: "{cards}最大，没人管得上：先出",
    MASTER + "-side": "外面的{suit}管不上{cards}：跟出来的分都归你",
    MASTER_BARE + "-side": "外面的{suit}管不上{cards}：先出",
    TOP_RUFFABLE: "外面的{suit}管不上{cards}，但{name}已无{suit}",
    TOP_RUFFABLE + "-both": "外面的{suit}管不上{cards}，但两家对手都已无{suit}",
    PARTNER_VOID: "对家已无{suit}：出{suit}让对家毙",
    OPPONENT_VOID: "{name}已无{suit}：改出{cards}",
    DRAW_TRUMPS: "主牌多：先调主",
    LEAD_TRUMPS: "出主牌：调对方的主",
    NO_TRUMPS_OUT: "对方已经没有主牌：放心出主",
    SHORT_SUIT: "先出短门{suit}，做成绝门",
    LEAD_LOW: "出小牌，留住大牌",
    LEAD_LOW + "-points": "出小牌，留住大牌（带 {n} 分）",
    LEAD_PAIR: "出对子{cards}：有对子的必须跟对子",
    LEAD_PAIR + "-above": "出对子{cards}：只有一对{above}管得上，有对子的必须跟对子",
    LEAD_PROBE: "出{cards}，逼出大牌",
    BID: "叫{suit}做主有{n}张主：叫",
    BID + "-nt": "叫无主有{n}张主：叫",
    PASS_PARTNER: "对家的叫主不变：不叫",
    PASS_PARTNER_SNATCH: "对家的叫主不变：不叫；之后还可以用 {cards} 抄底",
    PASS_OWN: "你的叫主不变：不叫",
    PASS_WEAK: "现在不值得叫主：不叫",
    PASS_SNATCH: "先不叫：等{name}扣底后，可以用 {cards} 抄底；庄家仍是{name}",
    SNATCH: "以{suit}做主抄底有{n}张主：抄底",
    SNATCH + "-nt": "以无主抄底有{n}张主：抄底",
    SNATCH + "-own": "以{suit}做主抄底有{n}张主：抄{name}的底，底仍是你方的，"
                     "只有比你更强的才能再抄",
    SNATCH + "-nt-own": "以无主抄底有{n}张主：抄{name}的底，底仍是你方的，只有比你更强的才能再抄",
    NO_SNATCH: "{cards}可以抄底，但这里的底牌不值得：不抄",
    NO_SNATCH + "-none": "不值得抄底：不抄",
    NO_SNATCH_OWN: "底牌是{name}扣的，是你方的：不抄",
    BURY_VOID: "把{suits}全扣下：做成绝门可以毙",
    BURY_LOW: "扣用不上的副牌；留住主牌、对子和拖拉机",
    BURY_SPARE: "扣下最用不上的牌",
    BURY_SPARE + "-named": "扣下最用不上的牌，连 {cards} 也扣",
    "points": "（桌上{n}分）",
    "buried": "（扣下{n}分：抓分方拿到最后一轮则翻倍计分）",
    "buried-ours": "（扣下{n}分：你方拿到最后一轮则翻倍计分）",
    "may-trump": "（对手若已无{suit}，仍可用主牌毙）",
    "none": "：不要送分",
    "fewest": "：尽量少送分（{n}分）",
}
WORDS = {"en": _EN, "zh": _ZH}


@dataclass(frozen=True)
class Advice:
    """A suggested action for a seat's decision and why (see the module docstring)."""

    action: Action
    reason: Reason


def explain(view: SeatView, action: Action) -> Reason:
    """Why `action` is a good choice for `view`'s seat, judged from the view alone."""
    if isinstance(action, Play):
        assert view.trump is not None  # decided before the play
        trick = view.current_trick
        if trick is None or not trick.plays:
            return _explain_lead(view, view.trump, action.cards)
        return _explain_follow(view, view.trump, trick.plays, action.cards)
    if isinstance(action, Bury):
        assert view.trump is not None  # decided before the bury
        return _explain_bury(view, view.trump, action.cards)
    if isinstance(action, (Bid, Snatch)):
        n, suit = _trumps_if(view.hand, view.level, action)
        if isinstance(action, Snatch):  # (the partner's kitty named: a daily player asked why
            # snatch one's own side's; it takes a stronger snatch to take it from the side now)
            own = (view.burier if view.burier is not None and same_team(view.burier, view.seat)
                   else None)
            return Reason(SNATCH, number=n, suit=suit, seat=own)
        return Reason(BID, number=n, suit=suit)
    if isinstance(action, Pass):
        if view.phase == Phase.SNATCH:
            if view.burier is not None and same_team(view.burier, view.seat):
                return Reason(NO_SNATCH_OWN, seat=view.burier)
            standing = view.standing_bid
            could = bid_options(view.hand, standing.cards if standing else None, view.level,
                                min_cards=2)
            return Reason(NO_SNATCH, cards=could[-1] if could else ())
        standing = view.standing_bid
        if standing is not None and standing.seat == view.seat:
            return Reason(PASS_OWN, seat=standing.seat)
        # the kitty goes to the 庄家 already known (a later round's), else to the standing
        # bidder (the first round's, R10); a snatch of it ranks suits even in the first round
        # and needs two cards (R15), and any seat but the burier may make it (a partner's too:
        # the snatch hint may say so later, so the pass says it may come)
        # (with no bid at all the kitty sets trump, R12, and a later round's 庄家 still
        # buries: a newcomer holding ♣3 ♣3 ♣3 read "no bid worth making" of a pass that
        # waited to snatch)
        snatches: list[tuple[Card, ...]] = []
        taker = None
        if view.phase == Phase.BID:
            taker = (view.dealer if view.dealer is not None
                     else standing.seat if standing is not None else None)
            if taker is not None and taker != view.seat:
                snatches = bid_options(view.hand, standing.cards if standing else None,
                                       view.level, min_cards=2)
        if standing is not None and same_team(standing.seat, view.seat):
            if snatches and taker == standing.seat:
                return Reason(PASS_PARTNER_SNATCH, seat=standing.seat, cards=snatches[-1])
            return Reason(PASS_PARTNER, seat=standing.seat)
        if snatches and taker is not None and not same_team(taker, view.seat):
            return Reason(PASS_SNATCH, seat=taker, cards=snatches[-1])  # (R15: the snatch
            #          changes trump, not the 庄家: a daily player missed that cost of a pass)
        return Reason(PASS_WEAK)
    return Reason(LEAD_LOW)  # pragma: no cover - no other action is advised


def _trumps_if(hand: Sequence[Card], level: str, bid: Bid | Snatch) -> tuple[int, str | None]:
    """The trumps `hand` would hold were `bid` to set trump, and the trump suit it names
    (R9, R13: a joker level's bid names the rank and maybe the suit; jokers alone make
    no-trump: None)."""
    rank, suit = (bid.rank, bid.suit) if bid.rank is not None else (level, bid.cards[0].suit)
    trump = Trump(rank, suit)
    return sum(1 for c in hand if trump.is_trump(c)), suit


def _explain_follow(view: SeatView, trump: Trump, plays: Sequence[tuple[int, tuple[Card, ...]]],
                    cards: tuple[Card, ...]) -> Reason:
    seat = view.seat
    partner = partner_of(seat)
    lead = plays[0][1]
    led = trump.play_suits[lead[0].index]
    pts = points_of(cards)
    if _forced(view.hand, lead, trump, len(cards)):
        return Reason(FORCED, cards=cards)
    now = [p for _, p in plays]
    after = trick_winner([*now, cards], trump)
    mine = after == len(now)
    winner = seat if mine else plays[after][0]
    facts = last_seat_facts(view.hand, plays, trump, seat, [cards])
    if facts is not None and facts.outcome == LOST and pts == facts.least:
        return Reason(TRICK_LOST, seat=facts.winner, number=pts)
    mem = build_memory(view, trump)
    if facts is None:  # an earlier seat: sure of the trick only where nobody can beat it,
        # or where only opponents are still to play (then whichever of them takes it)
        sure = certain_winner(view.hand, plays, trump, seat, mem, [cards])
        least = points_of(fewest_points_follow(view.hand, lead, trump))
        if sure is not None and not same_team(sure, seat) and pts == least:
            return Reason(TRICK_LOST, seat=sure, number=pts)
        if pts == least and opponents_take(view.hand, plays, trump, seat, mem, [cards]):
            return Reason(TRICK_LOST, number=pts)
    in_suit = [c for c in view.hand if trump.play_suits[c.index] == led]
    void = not in_suit
    trick_pts = points_of_plays(now)  # the points others put on the table
    if mine and facts is not None and plays[trick_winner(now, trump)][0] == partner:
        return _partner_wins(trump, cards, partner, pts)  # (last, over partner's winning play:
        # the side's trick either way; a daily player read "trump it" of a ♣10 on partner's ♥K)
    # the opponents still to play, in turn, who could beat the trick once the play is in it
    beaters = ([o for o in OTHERS[seat][:3 - len(plays)] if not same_team(o, seat)
                and seat_could_beat([*now, cards], trump, mem, o)]
               if winner in (seat, partner) else [])
    if mine:
        if void and led != TRUMP and all(trump.play_suits[c.index] == TRUMP for c in cards):
            leader = plays[0][0]
            low_lead = all(c.value < 10 for c in lead)  # no points, nothing high
            trumped = any(trump.play_suits[c.index] == TRUMP for _, p in plays[1:] for c in p)
            if leader == partner and low_lead and not trumped:
                return Reason(RUFF_PARTNER, seat=partner, suit=led, number=trick_pts)
            return Reason(RUFF, suit=led, number=trick_pts)
        if not beaters:
            return Reason(TAKE, cards=cards, number=trick_pts)
        # (named, the first of them out of the side suit led, who may trump it: a daily
        # player read "go for the trick with ♣9" of their lowest club, East void in clubs to
        # play next, and East trumped it)
        ruffer = next((o for o in beaters if led != TRUMP and led in mem.void[o]), None)
        return Reason(TAKE_TRY, cards=cards, number=trick_pts, suit=led, seat=ruffer)
    if winner == partner:
        if pts and beaters:  # (a newcomer fed ♣5 on partner's trick "partner is winning",
            return Reason(FEED_RISK, seat=beaters[0], number=pts)  # and East took it)
        return _partner_wins(trump, cards, partner, pts, so_far=bool(beaters))
    # an opponent is winning: "low" is the fewest points among the follows that lose
    fewest = pts <= min(points_of(p) for p in _follows(view.hand, lead, trump, cards)
                        if trick_winner([*now, p], trump) != len(now))
    if void and led != TRUMP and fewest:
        losing_trumps = any(trump.play_suits[c.index] == TRUMP for c in cards)
        return Reason(DISCARD_TRUMP if losing_trumps else DISCARD, suit=led,  # (垫: no trump)
                      cards=cards, number=pts)
    kept = _kept_pair(view.hand, trump, led, cards) if len(lead) == 1 else None
    if kept is not None:
        return Reason(KEEP_PAIR, cards=(kept, kept))
    if fewest:
        small = all(c.value < 10 and c.rank != trump.level for c in cards)
        return Reason(PLAY_LOW if small else PLAY_FEWEST, seat=winner, number=pts)
    if pts and partner not in (s for s, _ in plays) and seat_could_beat(
            [*now, cards], trump, mem, partner):
        return Reason(PARTNER_LATER, seat=winner)
    return Reason(OPPONENT_WINNING, seat=winner)


def _follows(hand: Sequence[Card], lead: Sequence[Card], trump: Trump,
             cards: tuple[Card, ...]) -> list[tuple[Card, ...]]:
    """Legal follows to weigh `cards` against: every single for a single lead, else a
    varied set (engine.options) with the one adding the fewest points."""
    if len(lead) == 1:
        return [(c,) for c in playable_cards(hand, lead, trump)]
    return [tuple(o) for o in follow_options(hand, lead, trump)] + [
        fewest_points_follow(hand, lead, trump), cards]


def _forced(hand: Sequence[Card], lead: Sequence[Card], trump: Trump, n: int) -> bool:
    """Whether the hand has one legal follow only (R20/R21), up to identical copies: its
    playable cards are exactly n, or all copies of one card."""
    playable = playable_cards(hand, lead, trump)
    return len(playable) == 1 or sum(1 for c in hand if c in playable) == n


def _low(trump: Trump, cards: Sequence[Card]) -> bool:
    """Side cards below 10 only (a level card or a joker is no small card, whatever its rank)."""
    return all(c.value < 10 and trump.play_suits[c.index] != TRUMP for c in cards)


def _partner_wins(trump: Trump, cards: tuple[Card, ...], partner: int, pts: int,
                  so_far: bool = False) -> Reason:
    """Partner is winning: points fed, or a small card, or neither; `so_far` where an
    opponent still to play could beat partner's play (said "so far")."""
    if pts:
        return Reason(FEED, seat=partner, number=pts)
    if _low(trump, cards):
        return Reason(PARTNER_HOLDS, seat=partner, cards=cards, so_far=so_far)
    return Reason(PARTNER_WINNING, seat=partner, so_far=so_far)


def _kept_pair(hand: Sequence[Card], trump: Trump, led: str,
               cards: tuple[Card, ...]) -> Card | None:
    """The pair of the led suit a single follow kept when a lower card was in that pair; None
    where the follow breaks a pair of its own (a daily player read "keep the pair ♦2 ♦2" of
    ♦Q played from ♦Q ♦Q)."""
    if len(cards) != 1:
        return None
    counts = Counter(c for c in hand if trump.play_suits[c.index] == led)
    played = cards[0]
    if counts[played] == 2:
        return None
    below = [c for c, n in counts.items() if n >= 2 and c is not played
             and trump.strengths[c.index] < trump.strengths[played.index]]
    if not below:
        return None
    return max(below, key=lambda c: (trump.strengths[c.index], c.index))


def _explain_lead(view: SeatView, trump: Trump, cards: tuple[Card, ...]) -> Reason:
    if len(view.hand) == 1:  # the last trick's lead (a playtest read "draw trumps" there)
        return Reason(FORCED, cards=cards)
    partner = partner_of(view.seat)
    opponents = opponents_of(view.seat)
    mem = build_memory(view, trump)
    units = classify(cards, trump)
    suit = trump.play_suits[cards[0].index]
    if len(units) > 1:  # R19: it stands if no unseen cards, even all in one hand, beat it
        out = [c for c in ALL_CARDS for _ in range(mem.unseen[c.index])]
        if check_throw(cards, [out], trump, units) is not None:
            return Reason(THROW_TRY, suit=suit, cards=cards)
        ruffers = [o for o in opponents if suit != TRUMP and suit in mem.void[o]
                   and TRUMP not in mem.void[o] and view.hand_sizes[o]]
        if ruffers:
            return Reason(THROW_RUFFABLE, seat=_one_or_both(ruffers), suit=suit, cards=cards)
        if suit != TRUMP and _opponent_may_hold_trump(view, mem, trump):  # (a newcomer read
            # "nothing beats it" of a side suit, and then saw it trumped)
            return Reason(THROW_SIDE, suit=suit, cards=cards)
        return Reason(THROW, suit=suit, cards=cards)
    if units[0].kind == TRACTOR:
        return Reason(LEAD_TRACTOR, suit=suit, cards=cards)
    side_voids = [(s, v) for s in opponents for v in sorted(mem.void[s]) if v != TRUMP
                  and TRUMP not in mem.void[s]]
    if suit != TRUMP and suit in mem.void[partner] and TRUMP not in mem.void[partner] and not any(
            v == suit for _, v in side_voids):
        return Reason(PARTNER_VOID, seat=partner, suit=suit)
    # A master: no unseen card of the suit beats the lead's top card (a pair's: no unseen
    # pair, R21; a daily player read ♥K ♥K explained by the rule alone, ♥A out once at most)
    above = _above(mem, trump, cards, len(cards))
    beaten = bool(above)
    void_here = any(v == suit for _, v in side_voids)
    if not beaten and not void_here:
        code = MASTER if _points_may_fall(view, mem, trump, cards) else MASTER_BARE
        return Reason(code, suit=suit, cards=cards,
                      may_trump=suit != TRUMP and _opponent_may_hold_trump(view, mem, trump))
    held = {trump.play_suits[c.index] for c in view.hand}
    # (not where the lead goes into a shown void as well: a daily player read "West showed
    # void in ♦: lead ♠2 instead", West void in spades too)
    # (a trump lead says why trumps: a sentence checker read "East showed void in hearts: lead
    # ♦10 instead" at seven leads in a row, never why ♦10)
    away = ([(s, v) for s, v in side_voids if v != suit and v in held]
            if not void_here and suit != TRUMP else [])
    if away:
        return Reason(OPPONENT_VOID, seat=away[0][0], suit=away[0][1], cards=cards)
    if not beaten:  # the top card, but an opponent showed void in the suit (and may trump)
        ruffers = [s for s, v in side_voids if v == suit]
        return Reason(TOP_RUFFABLE, seat=_one_or_both(ruffers), suit=suit, cards=cards)
    if suit == TRUMP:
        if not _opponent_may_hold_trump(view, mem, trump):
            return Reason(NO_TRUMPS_OUT, suit=suit)
        mine = sum(1 for c in view.hand if trump.play_suits[c.index] == TRUMP)
        # (longer than all the trumps the others may hold: a daily player read "long in
        # trumps" of four, West holding the five still out)
        long = (mine >= LONG_TRUMPS_MIN and mine >= LONG_TRUMPS_SHARE * len(view.hand)
                and _unseen_trumps(mem, trump) < mine)
        return Reason(DRAW_TRUMPS if long else LEAD_TRUMPS, suit=suit)
    by_suit = Counter(trump.play_suits[c.index] for c in view.hand
                      if trump.play_suits[c.index] != TRUMP)
    # a void is worth making in the shortest of two side suits or more, while others may
    # still lead it (a player was told to "make a void" of the only side suit, of one nobody
    # else held any more, and of one all three others had shown void in: its unseen cards
    # could only lie in the kitty)
    shortest = by_suit and by_suit[suit] == min(by_suit.values()) and by_suit[suit] <= 4
    if (shortest and len(by_suit) >= 2 and _others_may_hold(view, mem, trump, suit)):
        return Reason(SHORT_SUIT, suit=suit)
    if _low(trump, cards):  # (its points named: a newcomer read "lead low" of ♦5 as against
        # the bury's "keep points back")
        return Reason(LEAD_LOW, suit=suit, number=points_of(cards))
    if units[0].kind == PAIR:
        named = () if void_here else above  # (only those pairs beat it in the suit; a
        # sentence checker read "only a pair of ♥Q or ♥K beats it" with trumps still out)
        return Reason(LEAD_PAIR, suit=suit, cards=cards, above=named, may_trump=bool(named)
                      and suit != TRUMP and _opponent_may_hold_trump(view, mem, trump))
    return Reason(LEAD_PROBE, suit=suit, cards=cards)


def _above(mem: Memory, trump: Trump, cards: tuple[Card, ...], copies: int) -> tuple[Card, ...]:
    """The cards of the lead's play-suit above its top card with `copies` of them unseen:
    those that may beat a single (1) or a pair (2) led."""
    suit = trump.play_suits[cards[0].index]
    top = max(trump.strengths[c.index] for c in cards)
    return tuple(c for c in reversed(trump.by_suit[suit])  # (weakest first)
                 if mem.unseen[c.index] >= copies and trump.strengths[c.index] > top)


def _one_or_both(seats: Sequence[int]) -> int | None:
    """The one opponent of `seats`, or None for both (the reason's words say "both
    opponents": a daily player saw the hint name East only, West having shown void too)."""
    return seats[0] if len(seats) == 1 else None


def _others_may_hold(view: SeatView, mem: Memory, trump: Trump, suit: str) -> bool:
    """Whether another seat may still hold a card of the play-suit `suit`: one is unseen and
    some other seat has not shown void in it."""
    return (any(mem.unseen[c.index] for c in trump.by_suit[suit])
            and any(suit not in mem.void[s] for s in range(4) if s != view.seat))


def _points_may_fall(view: SeatView, mem: Memory, trump: Trump, cards: Sequence[Card]) -> bool:
    """Whether a lead of `cards` has points, or points may still fall into it: an unseen
    point card of its play-suit (a follower may have to play it), or another seat shown void
    in that play-suit (it may discard points)."""
    suit = trump.play_suits[cards[0].index]
    if points_of(cards):
        return True
    if any(mem.unseen[c.index] and c.points for c in trump.by_suit[suit]):
        return True
    return any(suit in mem.void[s] and view.hand_sizes[s] for s in range(4) if s != view.seat)


def _opponent_may_hold_trump(view: SeatView, mem: Memory, trump: Trump) -> bool:
    """Whether an opponent may still hold a trump: trumps are unseen and an opponent with
    cards has not shown void in trumps."""
    return _unseen_trumps(mem, trump) > 0 and any(
        TRUMP not in mem.void[o] and view.hand_sizes[o] for o in opponents_of(view.seat))


def _unseen_trumps(mem: Memory, trump: Trump) -> int:
    """How many trumps the seat has not seen (in the others' hands or the kitty)."""
    return sum(mem.unseen[c.index] for c in trump.by_suit[TRUMP])


def _explain_bury(view: SeatView, trump: Trump, cards: tuple[Card, ...]) -> Reason:
    before = Counter(trump.play_suits[c.index] for c in view.hand)
    left = Counter(view.hand)
    left.subtract(cards)
    after = Counter(trump.play_suits[c.index] for c, n in left.items() for _ in range(n))
    voided = tuple(s for s in ("S", "H", "C", "D") if before[s] and not after[s])
    pts = points_of(cards)
    attacking = view.dealer is not None and not same_team(view.dealer, view.seat)
    if voided:
        return Reason(BURY_VOID, suits=voided, cards=cards, number=pts, attacking=attacking)
    held = Counter(view.hand)  # a pair buried, or broken, or a trump buried: named (a
    # newcomer taught "keep your pairs" read only "the cards you need least" of ♥2 ♥2 buried)
    given_up = tuple(c for c in cards if held[c] >= 2 or trump.play_suits[c.index] == TRUMP)
    if given_up:
        return Reason(BURY_SPARE, cards=given_up, number=pts, attacking=attacking)
    return Reason(BURY_LOW, cards=cards, number=pts, attacking=attacking)


__all__ = ["CODES", "Advice", "Reason", "explain"]
