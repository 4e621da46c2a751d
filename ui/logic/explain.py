"""Words that explain what the engine decided: why a trick went as it did, why a throw failed,
what a bid would need, which cards can be played now, the trumps in order, and the round's
result in plain words. The engine judges (engine.reasons, engine.bidding, engine.rules); this
module only formats its answers. Pure functions, no DOM: tested on CPython."""

from __future__ import annotations

from collections.abc import Collection, Sequence
from typing import Protocol

from engine.bidding import bid_names_rank, bid_needed, bid_trump_suit
from engine.bots.advice import Reason
from engine.cards import SUIT_SYMBOLS, Card, cards_label
from engine.events import ThrowFailed
from engine.phase import Phase
from engine.reasons import Names, trick_reason
from engine.rules import TRUMP, Trump
from engine.seats import same_team
from engine.view import SeatView, TrickView
from ui.logic.i18n import SUIT_NAMES, seat_name, t, t_seat
from ui.logic.markup import escape


class CardHtml(Protocol):
    """ui.logic.render.card_html, passed in (render imports this module)."""

    def __call__(self, c: Card, /, *, lang: str, extra_class: str, trump: bool) -> str: ...


def names(lang: str) -> Names:
    """seat -> (name, possessive), as engine.reasons words a sentence: ("North", "North's")."""
    def name(seat: int) -> tuple[str, str]:
        if seat == 0:
            return ("你", "你的") if lang == "zh" else ("You", "Your")
        who = seat_name(seat, lang)
        return (who, f"{who}的") if lang == "zh" else (who, f"{who}'s")
    return name


def possessive(seat: int, lang: str) -> str:
    """"North's" / "对家的", lower-case "your" for the player inside a sentence."""
    whose = names(lang)(seat)[1]
    return "your" if whose == "Your" else whose


def trick_reason_text(trick: TrickView | None, trump: Trump | None, lang: str,
                      seat: int = 0) -> str | None:
    """Why a finished trick went as it did (engine.reasons), one line; None while it is on."""
    if trick is None or trick.winner is None or trump is None:
        return None
    return trick_reason(trick.plays, trump, seat).text(lang, names(lang))


def throw_failed_text(event: ThrowFailed, trump: Trump | None, lang: str) -> str:
    """Why a throw failed (R19), from the ThrowFailed event: who holds what beats its part,
    e.g. "your throw failed: North holds a higher ♥ single"."""
    suit = trump.suit_of(event.forced[0]) if trump is not None else None
    shown = (t("explain.trumps_word", lang) if suit == TRUMP
             else SUIT_SYMBOLS.get(suit or "", ""))
    key = "explain.throw_failed.you" if event.seat == 0 else "explain.throw_failed"
    why = t(key, lang, seat=seat_name(event.seat, lang),
            whose=possessive(event.seat, lang), blocker=seat_name(event.blocker, lang),
            suit=shown, kind=t(f"explain.kind.{event.forced_kind}", lang),
            forced=cards_label(event.forced, "zh" if lang == "zh" else "en"))
    if same_team(event.seat, event.blocker):  # (a newcomer asks why a partner could break it)
        why += t("explain.throw_failed.partner", lang)
    return why


def dimmed_positions(hand: Sequence[Card], usable: Collection[Card] | None) -> set[int]:
    """The positions in `hand` of the cards that cannot be used now: not in `usable` (the
    engine's playable cards, or the cards of the bids it lists); none when `usable` is None
    (nothing to choose, or a lead: every card can be led)."""
    if usable is None:
        return set()
    return {i for i, c in enumerate(hand) if c not in usable}


def bid_missing_text(view: SeatView, bids: Sequence[tuple[Card, ...]], lang: str) -> str | None:
    """When the player could bid or snatch now but the engine lists no bid for their cards,
    what would be needed (engine.bidding.bid_needed), as one line; else None."""
    mine = view.to_act == view.seat
    snatching = view.phase == Phase.SNATCH and mine
    if bids or not (view.phase == Phase.DEAL or (view.phase == Phase.BID and mine) or snatching):
        return None
    standing = view.standing_bid
    need = bid_needed(standing.cards if standing else None, view.level, view.first_round,
                      2 if snatching else 1)
    whose = possessive(standing.seat, lang) if standing else ""
    key = "explain.no_snatch" if snatching else "explain.no_bid"
    return t(key, lang, need=need.text(lang, whose))


def bid_offer_text(view: SeatView, bids: Sequence[tuple[Card, ...]], lang: str) -> str | None:
    """When the engine lists bids for the player, what the strongest of them would do: make
    its suit trump (and overcall the standing bid, or snatch the kitty); else None."""
    mine = view.to_act == view.seat
    if not bids or not (view.phase == Phase.DEAL or mine):
        return None
    cards = bids[-1]
    suit = bid_trump_suit(cards) if not bid_names_rank(view.level) else None
    makes = (t("explain.makes.no_trump", lang) if suit is None and cards[0].is_joker
             and len(cards) == 3 else t("explain.makes", lang,
                                        suit=SUIT_SYMBOLS.get(suit or "", "?")))
    # the listed bids of as many cards, each of its suit: in the first round they count cards
    # only (R10; a newcomer offered ♥3 and ♠3 read only "showing ♠3 makes ♠ trump"), later
    # they all beat the bid standing (a newcomer read "♣3 ♣3 is stronger" beside the hint's
    # "diamonds as trump: bid" and its ♦3 ♦3)
    each_suit = view.phase != Phase.SNATCH and suit is not None
    equal = [b for b in bids if len(b) == len(cards) and not b[0].is_joker
             and b[0].suit != cards[0].suit] if each_suit else []
    code = "zh" if lang == "zh" else "en"
    shown = t("explain.or", lang).join(cards_label(b, code) for b in [cards, *equal[::-1]])
    if equal:
        makes = t("explain.makes.its_suit", lang)
    alt = t("explain.offer.alt.deal" if view.phase == Phase.DEAL else "explain.offer.alt.bid",
            lang)
    standing = view.standing_bid
    key = ("explain.offer.snatch" if view.phase == Phase.SNATCH and standing
           else "explain.offer.snatch_unopposed" if view.phase == Phase.SNATCH  # (R12)
           else "explain.offer.overcall" if standing else "explain.offer.bid")
    if key == "explain.offer.bid" and not view.first_round:  # later rounds (R10, R28): the
        assert view.dealer is not None                      # 庄家 is set; a bid picks trump
        return t_seat("explain.offer.bid_trump", view.dealer, lang, cards=shown, makes=makes,
                      alt=alt)
    return t(key, lang, cards=shown, makes=makes, alt=alt,
             whose=possessive(standing.seat, lang) if standing else "")


def trump_words(trump: Trump | None, lang: str) -> str:
    """Which suit is trump, in plain words."""
    if trump is None:
        return t("trumps.undecided", lang)
    level = trump.level
    if trump.suit is None:
        return t("trumps.no_suit", lang, level=level)
    zh, en = SUIT_NAMES[trump.suit]
    return t("trumps.suit", lang, suit=zh if lang == "zh" else en,
             symbol=SUIT_SYMBOLS[trump.suit], level=level)


def tied_class(group: tuple[object, ...]) -> str:
    """Equal cards share a framed line: a bare "equal" between two numbers read as about the
    next one (a newcomer's playtest)."""
    return ' class="tied"' if len(group) > 1 else ""


def trumps_html(view: SeatView, lang: str, card_html: CardHtml) -> str:
    """The trumps panel: trump in plain words, then the trumps strongest first, equal cards on
    one line (Trump.ranking()). Before the bidding closes: as the standing bid would make it
    (or the level cards and jokers, which are trumps whatever the suit)."""
    trump = view.trump or view.sort_trump
    head = f'<h2 id="trumps-title">{escape(t("trumps.title", lang))}</h2>'
    words = trump_words(view.trump, lang)
    if view.trump is None and trump is not None:
        words += " " + t("trumps.provisional", lang, trump=trump_words(trump, lang))
    lines = [f"<p>{escape(words)}</p>", f'<p>{escape(t("trumps.rule", lang))}</p>']
    if trump is not None:
        rows = "".join(
            f'<li{tied_class(group)}><span class="rank-no">{n}</span>'
            + "".join(card_html(c, lang=lang, extra_class="small", trump=True) for c in group)
            + (f' <span class="equal">{escape(t("trumps.equal", lang))}</span>'
               if len(group) > 1 else "") + "</li>"
            for n, group in enumerate(trump.ranking(), start=1))
        lines.append(f'<p>{escape(t("trumps.order", lang))}</p><ol class="trumps">{rows}</ol>')
    return head + "".join(lines)


def result_lines(view: SeatView, lang: str) -> list[str]:
    """The round's result in words, from the engine's RoundSettled breakdown: the player's
    side, the target, where the attackers' points came from (the kitty ×2 explained), whether
    the player won, and what rises."""
    res = view.result
    if res is None:
        return []
    parts = [t("explain.from_tricks", lang, points=res.trick_points), kitty_why(view, lang)]
    if res.penalty_points:
        parts.append(t("explain.penalty", lang, points=res.penalty_points))
    won = res.rising_team == view.team
    return [side_line(view, lang),
            t("explain.target", lang, target=view.rules.threshold, score=res.score),
            t("explain.sep", lang).join(parts),
            t("explain.won" if won else "explain.lost", lang)]


def side_line(view: SeatView, lang: str) -> str:
    """The player's side in the settled round and what it had to do; "" before the result."""
    res = view.result
    if res is None:
        return ""
    side = "declarers" if res.declarers == view.team else "attackers"
    return t(f"explain.side.{side}", lang, dealer=seat_name(res.dealer, lang))


def kitty_why(view: SeatView, lang: str) -> str:
    """What the kitty counted for and why (R25 抠底: who won the last trick); "" before the
    result."""
    res = view.result
    if res is None:
        return ""
    if not res.kitty_points:
        return t("explain.kitty_won_none" if res.kitty_multiplier else "explain.kitty_none",
                 lang)
    if res.kitty_multiplier:
        return t("explain.kitty_won", lang, points=res.kitty_points, mult=res.kitty_multiplier,
                 bonus=res.kitty_bonus)
    return t("explain.kitty_kept", lang, points=res.kitty_points)


def hint_line(reason: Reason | None, lang: str) -> str:
    """The hint's why (engine.bots.advice.Reason), after the prompt; "" without a hint."""
    if reason is None:
        return ""
    gap = "" if lang == "zh" else " "  # (Chinese sets its dash close: "请跟 2 张——提示：…")
    return gap + t("hint.why", lang, why=reason.text(lang, names(lang)))
