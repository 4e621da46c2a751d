"""The round's result as the page shows it: a model of the facts the engine settled
(engine.events.RoundSettled, and the seat's view of the round), seen from the player's side,
and the words that say them (the same facts, for screen readers too).

Nothing here judges a rule: who won, who keeps the deal, the rise, the levels before and
after, the kitty's points and multiplier (R25 抠底), the score and the next 庄家 are the
engine's; this module only picks them out and words them. Pure, no DOM: tested on CPython
(tests/test_result.py)."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from engine.cards import RANKS, Card
from engine.scoring import Band
from engine.view import SeatView
from ui.logic.i18n import cards_spoken, level_name, list_sep, rise_key, seat_name, t


@dataclass(frozen=True)
class Levels:
    """One team's level as the round was played and after it (the engine's)."""

    mine: bool  # the player's team
    before: str
    after: str

    @property
    def moved(self) -> bool:
        return self.before != self.after


@dataclass(frozen=True)
class ResultModel:
    won: bool  # the player's side is the one that rises (or takes the deal at exactly the target)
    declaring: bool  # the player's side declared this round
    kept: bool  # the declarers keep the deal (R27)
    rise: int  # levels the rising side goes up (R26, R5's stops applied)
    levels: tuple[Levels, Levels]  # the player's team first
    score: int  # the attackers' final score (R24 + R25 + R19's penalties)
    target: int  # the score at which the attackers take the deal (the rules')
    trick_points: int
    penalty_points: int
    kitty: tuple[Card, ...]  # the final kitty, turned over for everyone once the round ends
    kitty_points: int
    kitty_multiplier: int  # R25: the rules' multiplier when an attacker won the last trick, else 0
    kitty_bonus: int  # what the kitty added to the score
    captured: tuple[tuple[str, int], ...]  # the attackers' point cards: (rank, how many), 5 10 K
    band: Band
    dealer: int  # this round's 庄家
    next_dealer: int | None  # None: the match is over
    match_won: bool | None  # None while the match goes on

    @property
    def happy(self) -> bool:
        """Good news for the player: the match won, or while it goes on, the round."""
        return self.won if self.match_won is None else self.match_won

    @property
    def deal(self) -> str:
        """The deal from the player's side: "kept" (theirs, kept), "lost" (theirs, taken),
        "held" (the other side's, kept), "taken" (the other side's, taken by the player's)."""
        if self.declaring:
            return "kept" if self.kept else "lost"
        return "held" if self.kept else "taken"


def result_model(view: SeatView) -> ResultModel | None:
    """The model of the round's result, from the engine's settlement; None before it."""
    res = view.result
    if res is None:
        return None
    mine = view.team
    theirs = 1 - mine
    counts = Counter(c.rank for c in view.point_cards_won(res.attackers))  # (R4's, the view's)
    captured = tuple((rank, counts[rank]) for rank in RANKS if counts[rank])
    return ResultModel(
        won=res.rising_team == mine, declaring=res.declarers == mine, kept=res.declarers_keep,
        rise=res.rise,
        levels=(Levels(True, res.levels_before[mine], res.levels[mine]),
                Levels(False, res.levels_before[theirs], res.levels[theirs])),
        score=res.score, target=view.rules.threshold, trick_points=res.trick_points,
        penalty_points=res.penalty_points, kitty=view.kitty or (),
        kitty_points=res.kitty_points, kitty_multiplier=res.kitty_multiplier,
        kitty_bonus=res.kitty_bonus, captured=captured, band=res.band, dealer=res.dealer,
        next_dealer=None if view.winner is not None else res.next_dealer,
        match_won=None if view.winner is None else view.winner == mine)


def verdict(model: ResultModel, lang: str) -> str:
    """The headline: the match won or lost, else the round."""
    if model.match_won is not None:
        return t("result.match_won" if model.match_won else "result.match_lost", lang)
    return t("explain.won" if model.won else "explain.lost", lang)


def deal_line(model: ResultModel, lang: str) -> str:
    """Who has the deal now and how far they rise, from the player's side."""
    return t(rise_key(f"result.deal.{model.deal}", model.rise), lang, n=model.rise)


def level_line(levels: Levels, lang: str) -> str:
    """"Us: 2 → 4" (or "Them: 3, unchanged")."""
    who = t("result.us" if levels.mine else "result.them", lang)
    if levels.moved:
        return t("result.level_moved", lang, who=who, before=level_name(levels.before, lang),
                 after=level_name(levels.after, lang))
    return t("result.level_same", lang, who=who, level=level_name(levels.after, lang))


def kitty_line(model: ResultModel, lang: str) -> str:
    """The kitty's points and what they counted for (R25)."""
    if not model.kitty_points:
        return t("result.kitty_none", lang)
    if model.kitty_multiplier:
        return t("result.kitty_won", lang, points=model.kitty_points,
                 mult=model.kitty_multiplier, bonus=model.kitty_bonus)
    return t("result.kitty_kept", lang, points=model.kitty_points)


def captured_line(model: ResultModel, lang: str) -> str:
    """The attackers' point cards by rank, and what tricks gave them."""
    cards = list_sep(lang).join(t("result.count", lang, rank=rank, n=n)
                                for rank, n in model.captured)
    return t("result.captured", lang, cards=cards or t("result.none", lang),
             points=model.trick_points)


def score_line(model: ResultModel, lang: str) -> str:
    line = t("result.score_of", lang, score=model.score, target=model.target)
    if model.penalty_points:
        line += t("explain.sep", lang) + t("explain.penalty", lang, points=model.penalty_points)
    if model.band in (Band.SHUTOUT, Band.SMALL_SHUTOUT):
        line += t("explain.sep", lang) + t(f"result.band.{model.band}", lang)
    return line


def next_line(model: ResultModel, lang: str) -> str:
    if model.next_dealer is None:
        return ""
    return t("result.next_dealer", lang, seat=seat_name(model.next_dealer, lang))


def summary(model: ResultModel, lang: str, side: str, kitty_why: str) -> str:
    """The same facts in sentences, each once, for a screen reader (the page's pictures of
    them are hidden from it; the verdict is the heading before it): the deal and the rise,
    both levels, the player's side (`side`: ui.logic.explain.side_line), the score against
    its target, what the kitty counted for and why (`kitty_why`: explain.kitty_why), the
    kitty's cards (a joker by its name), the attackers' point cards and what tricks gave
    them, the next 庄家."""
    us, them = model.levels
    kitty = (t("result.kitty_label", lang) + t("result.kitty_cards", lang, cards=cards_spoken(
        model.kitty, lang))) if model.kitty else ""
    parts = [deal_line(model, lang),
             t("result.levels", lang, us=level_name(us.after, lang),
               them=level_name(them.after, lang)),
             t("result.levels_were", lang, us=level_name(us.before, lang),
               them=level_name(them.before, lang)),
             side, score_line(model, lang), kitty_why, kitty, captured_line(model, lang),
             next_line(model, lang)]
    end = "。" if lang == "zh" else ". "
    sentences = (p[:1].upper() + p[1:].rstrip("!！。.") for p in parts if p)  # (kitty_why is
    return end.join(sentences) + end.strip()                                # a clause)
