"""HTML for each part of the table, built from seat 0's view and the screen's own state.

Pure functions returning strings: no DOM, no rules (whatever must be judged is asked of the
engine by the caller), so they are tested on CPython. The page puts them in place.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Collection, Iterable, Sequence

from engine.bidding import bid_names_rank
from engine.cards import RANKS, SUIT_SYMBOLS, Card, points_of
from engine.config import DEFAULT_RULES, RulesConfig
from engine.errors import GameError
from engine.phase import Phase
from engine.rules import Trump, classify, trick_winner
from engine.seats import same_team
from engine.view import SeatView
from ui.logic import explain
from ui.logic.i18n import (
    GLOSSARY,
    HELP_KEYS,
    card_name,
    card_short,
    cards_short,
    count_word,
    glossary_text,
    group_name,
    help_lines,
    joker_face,
    level_name,
    listed,
    seat_name,
    t,
    t_seat,
    trump_name,
)
from ui.logic.markup import escape
from ui.logic.result import (
    ResultModel,
    deal_line,
    kitty_line,
    next_line,
    result_model,
    score_line,
    summary,
    verdict,
)
from ui.logic.screen import Screen
from ui.logic.table import positions_in

# Where each seat sits on the screen, relative to the player (R2: counter-clockwise 0→1→2→3).
POSITION = {0: "south", 1: "east", 2: "north", 3: "west"}
SUIT_COLOUR = {"H": "red", "D": "red", "S": "black", "C": "black", None: "joker"}
# A class per suit, for the four-colour option (html.four-colour: ♣ green, ♦ blue) and per joker.
SUIT_CLASS = {"S": "spades", "H": "hearts", "C": "clubs", "D": "diamonds"}
JOKER_CLASS = {"BJ": "joker-big", "LJ": "joker-small"}
JOKER_STAR = "★"  # what stands for a suit on a joker's face


def card_html(c: Card, position: int | None = None, selected: bool = False, lang: str = "en",
              extra_class: str = "", *, trump: bool = False, disabled: bool = False) -> str:
    """One card, face up: its index (rank over suit, in the top corner: what shows when cards
    overlap) and a large pip. `trump` (asked of the engine by the caller) marks it `trump`;
    `disabled`, a card that cannot be played (or bid) now, as the engine says, is dimmed.
    With a `position` it is a card of the hand (an option of its listbox), else an image
    (a generic span's aria-label is not read)."""
    kind = SUIT_CLASS[c.suit] if c.suit else JOKER_CLASS[c.rank]
    classes = " ".join(x for x in ("card", SUIT_COLOUR[c.suit], kind, "trump" if trump else "",
                                   extra_class) if x)
    attrs = [f'class="{classes}"', f'data-card="{c}"',
             f'aria-label="{escape(card_name(c, lang))}"']
    if position is not None:
        attrs += [f'data-i="{position}"', 'role="option"', 'tabindex="-1"',
                  f'aria-selected="{"true" if selected else "false"}"']
    else:  # a card shown (on the table, in the kitty): an image named as the card
        attrs.append('role="img"')
    if disabled:
        attrs.append('aria-disabled="true"')
    rank, symbol = ((c.rank, SUIT_SYMBOLS[c.suit]) if c.suit
                    else (joker_face(c.rank, lang), JOKER_STAR))
    face = (f'<span class="index"><span class="rank">{escape(rank)}</span>'
            f'<span class="suit">{symbol}</span></span>'
            f'<span class="pip" aria-hidden="true">{symbol}</span>')
    return f"<span {' '.join(attrs)}>{face}</span>"


def trump_of(view: SeatView) -> Trump | None:
    """The trump as the engine has it: decided, or while bidding as the standing bid (or the
    round's level alone) would make it; None while nothing is known."""
    return view.trump or view.sort_trump


def is_trump(view: SeatView) -> Callable[[Card], bool]:
    """`card -> bool`: whether the engine counts the card a trump now (see trump_of)."""
    trump = trump_of(view)
    return trump.is_trump if trump else (lambda c: False)


def hand_groups(view: SeatView) -> list[tuple[str, list[int]]]:
    """The hand's positions in the engine's order, cut where the play-suit changes: one group
    per play-suit ("T" for the trumps), so trumps stay together. With no trump known yet the
    cards are grouped by printed suit ("J" for jokers)."""
    return suit_groups(view.hand, trump_of(view))


def suit_groups(cards: Sequence[Card], trump: Trump | None) -> list[tuple[str, list[int]]]:
    """`cards` (in the engine's order) cut where the play-suit changes, as positions: see
    `hand_groups` (the review's hand is grouped the same way)."""
    groups: list[tuple[str, list[int]]] = []
    for i, c in enumerate(cards):
        suit = trump.suit_of(c) if trump else (c.suit or "J")
        if not groups or groups[-1][0] != suit:
            groups.append((suit, []))
        groups[-1][1].append(i)
    return groups


def hand_html(view: SeatView, screen: Screen, hidden: Collection[int] = frozenset(),
              dimmed: Collection[int] = frozenset(), marked: Collection[int] = frozenset()) -> str:
    """The player's hand, sorted by the engine, one group per play-suit (trumps together,
    marked `trump`); `hidden` positions are shown elsewhere (cards on their way to the kitty).
    While burying, the cards just taken up from the kitty are marked `taken`; `dimmed` cannot
    be played now (ui.logic.explain), `marked` are the ones the guided hand asks for."""
    taken = set(positions_in(view.hand, view.kitty_taken or ()))
    trump = is_trump(view)
    lang = screen.lang
    out = []
    for suit, positions in hand_groups(view):
        cards = "".join(
            card_html(view.hand[i], i, i in screen.selected, lang,
                      " ".join(k for k, on in (("taken", i in taken), ("expected", i in marked))
                               if on),
                      trump=trump(view.hand[i]), disabled=i in dimmed)
            for i in positions if i not in hidden)
        if cards:
            out.append(f'<div class="group" role="group" data-suit="{suit}" '
                       f'aria-label="{escape(group_name(suit, lang))}">{cards}</div>')
    return "".join(out)


def hand_counts(view: SeatView, hidden: Collection[int] = frozenset()) -> tuple[int, int]:
    """How many cards the hand shows and in how many groups: the page spreads a small hand
    wider (#hand's --n and --groups), so that each card shows more than its index."""
    shown = [[i for i in positions if i not in hidden] for _, positions in hand_groups(view)]
    return sum(map(len, shown)), sum(1 for group in shown if group)


def status_html(view: SeatView, lang: str) -> str:
    us, them = view.levels[0], view.levels[1]
    trump = view.trump or _bid_trump(view)
    parts = [
        t("status.round", lang, n=view.round_no + 1, level=level_name(view.level, lang)),
        t("status.levels", lang, us=level_name(us, lang), them=level_name(them, lang)),
    ]
    if view.dealer is not None:
        parts.append(t("status.dealer", lang, seat=seat_name(view.dealer, lang)))
    burier = view.burier
    if view.phase == Phase.PLAY and burier is not None and burier != view.dealer:
        # (after a snatch: a phone hides the kitty's zone during play, and a daily player
        # could not see who had buried it, which decides whose points it holds)
        parts.append(t("status.burier.you", lang) if burier == view.seat
                     else t("status.burier", lang, seat=seat_name(burier, lang)))
    if view.to_act is not None:
        parts.append(t("status.your_turn", lang) if view.to_act == view.seat
                     else t("status.turn", lang, seat=seat_name(view.to_act, lang)))
    red = " red" if trump is not None and SUIT_COLOUR[trump.suit] == "red" else ""  # as cards
    stats = [f'<span class="stat">{escape(p)}</span>' for p in parts]
    key = "status.trump_bid" if view.trump is None and trump is not None else "status.trump"
    stats.insert(2, f'<span class="stat trump{red}">'
                    f'{escape(t(key, lang, trump=trump_name(trump, lang)))}</span>')
    return "".join(stats) + points_html(view, lang)


def points_html(view: SeatView, lang: str) -> str:
    """The attackers' score and the point cards (5, 10, K) they have captured, so the player
    sees what was taken, not just a number; and which seats attack. Nothing before the 庄家
    is known: nobody attacks yet (a newcomer read "Attackers 0" on the first screen, before
    anything had said who attackers are)."""
    if view.declarers is None:
        return ""
    attackers = 1 - view.declarers
    seats = [seat_name(s, lang) for s in (0, 1, 2, 3) if s % 2 == attackers]
    who = t("status.attackers_are", lang, seats=" & ".join(seats))
    # whose side attacks (a small embed leaves it out: index.html)
    side = t("status.side.us" if view.seat % 2 == attackers else "status.side.them", lang)
    line = (escape(t("status.points", lang, points=view.attackers_score))
            + f'<span class="side">{escape(side)}</span>')
    chips = "".join(f'<span class="chip {SUIT_COLOUR[c.suit]}">{escape(card_short(c, lang))}'
                    f"</span>" for c in view.point_cards_won(attackers))
    # (the title: the seat boxes say each side too)
    return (f'<span class="stat points" title="{escape(who)}">{line}</span>'
            + (f'<span class="stat won">{chips}</span>' if chips else ""))


def _bid_trump(view: SeatView) -> Trump | None:
    return view.sort_trump if view.standing_bid else None


def seat_html(view: SeatView, seat: int, lang: str) -> str:
    """A bot seat's box: name, its side once the 庄家 is known (declarers or attackers), the
    dealer mark, cards held, and while the auction is on what it did last (its bid or pass)."""
    marks = []
    if view.dealer == seat:
        marks.append('<span class="mark dealer" title="庄家 dealer">庄</span>')
    if view.to_act == seat:
        marks.append('<span class="mark turn">●</span>')
    role = role_html(view, seat, lang)
    count = cards_held_html(view.hand_sizes[seat], lang)
    return (f'<div class="name">{escape(seat_name(seat, lang))} {"".join(marks)}</div>'
            f'{role}<div class="info">{count}</div>{auction_mark(view, seat, lang)}')


def cards_held_html(held: int, lang: str) -> str:
    """How many cards a seat holds, "36 cards": the number, then the word in a span of its
    own, which a narrow frame shows to screen readers only (the number stands beside a card
    back there), so that a seat's box keeps to one line."""
    unit = t("status.card_held" if held == 1 else "status.cards_held", lang)
    return f'{held}<span class="unit"> {escape(unit)}</span>'


def own_seat_html(view: SeatView, lang: str) -> str:
    """The heading of the player's own seat, above the hand: in the page's language, with the
    dealer mark and the side, as the other seats have them."""
    mark = ('<span class="mark dealer" title="庄家 dealer">庄</span>' if view.dealer == view.seat
            else "")
    return f'{escape(t("seat.own", lang))} {mark}{role_html(view, view.seat, lang, "span")}'


def role_html(view: SeatView, seat: int, lang: str, tag: str = "div") -> str:
    """Which side `seat` is on this round, once the 庄家 is known (in a `tag` element)."""
    if view.declarers is None:
        return ""
    side = "declarers" if seat % 2 == view.declarers else "attackers"
    return f'<{tag} class="role {side}">{escape(t("role." + side, lang))}</{tag}>'


def auction_mark(view: SeatView, seat: int, lang: str) -> str:
    """What `seat` did last in the auction (cards shown, or a pass), while it is on; after it,
    the bid cards it showed (they stay known, R9)."""
    if view.phase in (Phase.DEAL, Phase.BID, Phase.SNATCH):
        standing = view.standing_bid
        if standing is not None and standing.seat == seat:  # its bid stands, though it passed
            return f'<div class="shown">{escape(cards_short(standing.cards, lang))}</div>'
        last = next((e for e in reversed(view.auction) if e.seat == seat), None)
        if last is None:
            return ""
        if last.bid is None:
            key = "seat.no_snatch" if last.phase == Phase.SNATCH else "seat.pass"
            return f'<div class="shown passed">{escape(t(key, lang))}</div>'
        # overcalled since (the standing bid is another seat's): known, but not trump
        shown = t("seat.showed", lang, cards=cards_short(last.bid.cards, lang))
        return f'<div class="shown passed">{escape(shown)}</div>'
    bid = next((b for b in reversed(view.bids) if b.seat == seat), None)
    if bid is None:
        return ""
    if bid is view.standing_bid:  # the bid that made trump
        return f'<div class="shown">{escape(cards_short(bid.cards, lang))}</div>'
    # an overcalled bid: its cards stay known, but it no longer says what trump is
    shown = t("seat.showed", lang, cards=cards_short(bid.cards, lang))
    return f'<div class="shown passed">{escape(shown)}</div>'


def table_html(view: SeatView, screen: Screen) -> str:
    """What lies on the table: the round's result once it is over (after its last trick has
    been seen, and unless the player looks back at that trick), else the trick."""
    looking_back = screen.final_trick or screen.show_last_trick
    if view.phase.round_over and not looking_back:
        return result_html(view, screen.lang)
    return trick_html(view, screen)


def trick_won_html(winner: int, points: int, dealer: int | None, lang: str) -> str:
    """Who took a trick and its points, a caption's line: 'Trick to East: 25 points'; the
    declarers' side's points are ' kept from the attackers' (only the attackers' points
    count), words a short table (a blog's frame) leaves out for room (`.kept`)."""
    line = escape(t_seat("event.trick", winner, lang, points=points))
    if points and dealer is not None and same_team(winner, dealer):
        line += f'<span class="kept">{escape(t("event.trick.kept", lang))}</span>'
    return f"<p>{line}</p>"


def trick_html(view: SeatView, screen: Screen) -> str:
    """The cards on the table: the trick in progress, or the last one finished when the
    player looks back at it (captioned so)."""
    lang = screen.lang
    done = [tr for tr in view.tricks if tr.winner is not None]
    if screen.show_last_trick:
        trick = done[-1] if done else None
    else:
        trick = view.tricks[-1] if view.tricks else None
    if trick is None or (trick.winner is not None and screen.trick_gone
                         and not screen.show_last_trick):
        return ""  # (a finished trick that has gone to its winner is off the table)
    slots = []
    trump = is_trump(view)
    leading = _leading_seat(view, trick.plays) if trick.winner is None else None
    for seat, cards in trick.plays:
        won = " winner" if trick.winner == seat else " leading" if leading == seat else ""
        faces = "".join(card_html(c, lang=lang, extra_class="small", trump=trump(c))
                        for c in cards)
        slots.append(f'<div class="play {POSITION[seat]}{won}" data-seat="{seat}" '
                     f'role="group" aria-label="{escape(seat_name(seat, lang))}" '
                     f'style="--n: {len(cards)}">{faces}</div>')
    lines = []
    if screen.show_last_trick:
        lines.append(t("caption.last_trick", lang, n=len(done)))
    caption = "".join(f"<p>{escape(line)}</p>" for line in lines)
    if trick.winner is not None:
        caption += trick_won_html(trick.winner, trick.points, view.dealer, lang)
    if leading is not None:
        caption += f'<p class="leading">{escape(t_seat("caption.leading", leading, lang))}</p>'
    reason = explain.trick_reason_text(trick, view.trump, lang, view.seat)
    if reason:  # why it went so, from engine.reasons
        caption += f'<p class="reason">{escape(reason)}</p>'
    if trick.throw_failure:  # R19: what the leader tried and why it failed, below the rest
        why = explain.throw_failed_text(trick.throw_failure, view.trump, lang)
        caption += f'<p class="throw">{escape(why)}</p>'
    back = " back" if screen.show_last_trick else ""  # (small screens: the why shows there)
    return "".join(slots) + (f'<div class="caption{back}">{caption}</div>' if caption else "")


def _leading_seat(view: SeatView, plays: Sequence[tuple[int, Sequence[Card]]]) -> int | None:
    """The seat winning a trick in progress so far, by the engine (engine.rules.trick_winner),
    once a second play is down (before, the lead is simply the lead)."""
    if len(plays) < 2 or view.trump is None:
        return None
    return plays[trick_winner([tuple(p) for _, p in plays], view.trump)][0]


def result_html(view: SeatView, lang: str) -> str:
    """The round's result (ui.logic.result: the engine's settlement, from the player's side):
    the verdict large, the deal and the rise, each team's level from old to new, the score,
    the kitty turned over with its points × multiplier (R25), the attackers' point cards, the
    next 庄家, and the terms' glossary. The pictures are hidden from screen readers, which
    read the same facts in one summary."""
    model = result_model(view)
    if model is None:
        return ""
    terms = " · ".join(glossary_link(k, lang) for k in ("sides", "points", "kitty", "rise"))
    said = summary(model, lang, explain.side_line(view, lang), explain.kitty_why(view, lang))
    return (f'<div class="result {"won" if model.happy else "lost"}" role="dialog" '
            f'aria-label="{escape(t("result.title", lang))}">'
            f'<h2 class="verdict">{escape(verdict(model, lang))}</h2>'
            f'<p class="sr-only">{escape(said)}</p>'
            f'<div class="facts" aria-hidden="true">{_result_facts_html(model, view, lang)}</div>'
            f'<p class="terms">{terms}</p></div>')


def _levels_html(model: ResultModel, lang: str) -> str:
    """Each team's level, the old one struck through where it moved: "Us 2 → 3"."""
    return "".join(
        f'<span class="lv{" mine" if lv.mine else ""}{" moved" if lv.moved else ""}">'
        f'<span class="who">{escape(t("result.us" if lv.mine else "result.them", lang))}</span>'
        + (f'<span class="old">{escape(level_name(lv.before, lang))}</span>'
           f'<span class="to">→</span>' if lv.moved else "")
        + f'<span class="new">{escape(level_name(lv.after, lang))}</span></span>'
        for lv in model.levels)


def _result_facts_html(model: ResultModel, view: SeatView, lang: str) -> str:
    """The deal and the rise, the levels, the score, the kitty turned over with its sum, the
    attackers' point cards, the next 庄家."""
    trump = is_trump(view)
    kitty = "".join(card_html(c, lang=lang, extra_class="small", trump=trump(c))
                    for c in model.kitty)
    captured = "".join(f'<span class="pc"><b>{rank}</b>×{n}</span>' for rank, n in model.captured)
    won_kitty = " won" if model.kitty_multiplier else ""
    rows = (f'<p class="deal">{escape(deal_line(model, lang))}</p>'
            f'<div class="levels">{_levels_html(model, lang)}</div>'
            f'<p class="score">{escape(score_line(model, lang))}</p>'
            f'<div class="turned"><span class="label">'
            f'{escape(t("result.kitty_label", lang))}</span>'
            f'<span class="cards">{kitty}</span>'
            f'<span class="sum{won_kitty}">{escape(kitty_line(model, lang))}</span></div>'
            f'<div class="captured"><span class="label">'
            f'{escape(t("result.points_label", lang))}</span>'
            f'{captured or escape(t("result.none", lang))}'
            f'<span class="sum">= {model.trick_points}</span></div>')
    after = next_line(model, lang)
    return rows + (f'<p class="next">{escape(after)}</p>' if after else "")


def button(action: str, label: str, enabled: bool = True, data: str = "",
           primary: bool = False, minor: bool = False) -> str:
    kind = "primary" if primary else "minor" if minor else ""
    cls = f' class="{kind}"' if kind else ""
    disabled = "" if enabled else " disabled"
    extra = f' data-arg="{escape(data)}"' if data else ""
    return (f'<button type="button" data-action="{action}"{extra}{cls}{disabled}>'
            f'{escape(label)}</button>')


def bid_buttons(bids: Sequence[tuple[Card, ...]], view: SeatView, screen: Screen,
                snatch: bool = False) -> str:
    """One button per bid the player can show now (the engine lists them); the one whose
    cards are chosen in the hand (the hint's, say) stands out (`chosen_bid`)."""
    lang = screen.lang
    out = []
    chosen = chosen_bid(bids, view, screen)
    for cards in bids:
        shown = cards_short(cards, lang)
        key = "bid.snatch" if snatch else ("bid.overcall" if view.standing_bid else "bid.show")
        out.append(button("snatch" if snatch else "bid", t(key, lang, cards=shown),
                          data=" ".join(str(c) for c in cards), primary=cards == chosen))
    if bids and bid_names_rank(view.level):  # R13, as the engine has it
        out.append(joker_naming_html(screen))
    return "".join(out)


def chosen_bid(bids: Sequence[tuple[Card, ...]], view: SeatView,
               screen: Screen) -> tuple[Card, ...] | None:
    """The bid among `bids` made of exactly the cards chosen in the hand, if any."""
    chosen = sorted(view.hand[i].index for i in screen.selected if i < len(view.hand))
    return next((b for b in bids if chosen and sorted(c.index for c in b) == chosen), None)


def joker_naming_html(screen: Screen) -> str:
    """R13: at a joker level a bid names the level rank and the trump suit."""
    ranks = "".join(f'<option value="{r}"{" selected" if r == screen.joker_rank else ""}>{r}'
                    f"</option>" for r in RANKS)
    suits = "".join(f'<option value="{s}"{" selected" if s == screen.joker_suit else ""}>{sym}'
                    f"</option>" for s, sym in SUIT_SYMBOLS.items())
    lang = screen.lang
    return (f'<label>{escape(t("bid.name_rank", lang))} <select data-name="rank">{ranks}'
            f'</select></label><label>{escape(t("bid.name_suit", lang))} '
            f'<select data-name="suit">{suits}</select></label>')


def kitty_html(view: SeatView, screen: Screen) -> str:
    """The kitty zone: while the player buries, the cards put there so far (in the order
    chosen, tappable to take back); the kitty once this seat may see it; else its label."""
    lang = screen.lang
    label = t("zone.kitty", lang)
    if view.phase == Phase.BURY and view.to_act == view.seat:
        # told apart by their outlines, not by colour alone: the hint's choice dotted, the
        # cards taken up from the kitty dashed (as in the hand), the player's own plain
        trump = is_trump(view)
        taken = set(positions_in(view.hand, view.kitty_taken or ()))
        cards = "".join(card_html(view.hand[i], i, False, lang,
                                  " ".join(k for k, on in (("buried", True),
                                                           ("hinted", i in screen.hinted),
                                                           ("taken", i in taken)) if on),
                                  trump=trump(view.hand[i])) for i in screen.bury)
        count = t("prompt.bury_count", lang, n=len(screen.bury), size=view.rules.kitty_size)
        points = kitty_points((view.hand[i] for i in screen.bury), lang)
        return f'<span class="zone-label">{label} · {count}{points}</span>{cards}'
    shown = (Phase.RESULT, Phase.MATCH_OVER, Phase.SNATCH, Phase.PLAY)
    if view.kitty is not None and view.phase in shown:
        trump = is_trump(view)
        cards = "".join(card_html(c, lang=lang, extra_class="small", trump=trump(c))
                        for c in view.kitty)
        return f'<span class="zone-label">{label}{kitty_points(view.kitty, lang)}</span>{cards}'
    if view.phase in shown and view.burier is not None:  # face down, and whose it is
        whose = t("zone.kitty_of", lang, seat=seat_name(view.burier, lang))
        backs = '<span class="card back small" aria-hidden="true"></span>' \
            * view.rules.kitty_size
        return f'<span class="zone-label">{escape(whose)}</span>{backs}'
    return f'<span class="zone-label">{label}</span>'


def kitty_points(cards: Iterable[Card], lang: str) -> str:
    """"15 points", a line of the kitty's label: what it holds at stake (R25: the attackers
    may win it, doubled, with the last trick), or nothing while it holds none."""
    points = points_of(cards)
    words = escape(t("zone.kitty_points", lang, n=points))
    return f'<span class="points">{words}</span>' if points else ""


def controls_html(view: SeatView, screen: Screen, bids: Sequence[tuple[Card, ...]],
                  undo: bool = False, hinting: bool = False, learning: bool = False,
                  paused: bool = False) -> str:
    """The buttons for the decision at hand (`bids`: the bids the engine lists for the player
    now), Undo when the player may take something back (`undo`: ui.logic.undo), then the menu (new
    game, settings, statistics, help). While the hint thinks (`hinting`), its cards are on
    their way: Hint, Play and Bury wait. The guided hand's one round (`learning`) ends with
    the way back to the player's own match where the next round's button would be. A deal
    `paused` for the player's move (the guided hand's bid, or the first visit's offer) has
    nothing to skip."""
    lang = screen.lang
    mine = view.to_act == view.seat
    free = not hinting
    parts = []
    if view.phase == Phase.DEAL:  # anyone may bid while the cards are dealt (R11)
        parts.append(bid_buttons(bids, view, screen))
        if not paused:
            parts.append(button("skip", t("button.skip", lang)))
    elif view.phase == Phase.BID and mine:  # (the hint selects the bid's cards, or none)
        parts += [button("hint", t("button.hint", lang), enabled=free),
                  bid_buttons(bids, view, screen),  # (a chosen bid stands out, else Pass)
                  button("pass", t("button.pass", lang),
                         primary=chosen_bid(bids, view, screen) is None)]
    elif view.phase == Phase.BURY and mine:
        size = view.rules.kitty_size
        full = len(screen.bury) == size
        # (the count on the button by the thumb: on a phone the kitty's zone, where the cards
        # chosen go, may be scrolled away above a hand of 48 cards, and a newcomer saw the
        # cards they tapped vanish)
        label = (t("button.bury", lang) if full
                 else t("button.bury_count", lang, n=len(screen.bury), size=size))
        parts += [button("hint", t("button.hint", lang), enabled=free),
                  button("bury", label, enabled=full and free, primary=True)]
    elif view.phase == Phase.SNATCH and mine:
        parts += [button("hint", t("button.hint", lang), enabled=free),
                  bid_buttons(bids, view, screen, snatch=True),
                  button("pass", t("button.pass_snatch", lang),
                         primary=chosen_bid(bids, view, screen) is None)]
    elif view.phase == Phase.PLAY:  # on every turn: the last trick may be looked at while bots play
        done = any(tr.winner is not None for tr in view.tricks)
        chosen = [view.hand[i] for i in sorted(screen.selected) if i < len(view.hand)]
        units = throw_units(view, chosen, lang) if mine else None
        play = t("button.throw", lang, units=units) if units else t("button.play", lang)
        parts += [button("hint", t("button.hint", lang), enabled=mine and free),
                  # (the action to take once cards are chosen; before, no button stands out)
                  button("play", play, enabled=mine and free, primary=bool(chosen)),
                  button("last-trick", t("button.last_trick", lang), enabled=done)]
    elif view.phase.round_over and not screen.final_trick:
        # the result; the last trick decided 抠底 (R25): one tap away. (While the round's last
        # trick still lies on the table, before the result, only Skip: a phone's player took
        # Next round for the result and could have passed it by.)
        key = "button.result" if screen.show_last_trick else "button.last_trick"
        parts.append(button("last-trick", t(key, lang)))
        parts.append(button("review", t("button.review", lang)))  # ui.page.review
        parts.append(button("share", t("button.share", lang)))  # ui.page.share
        parts.append(button("replay-deal", t("button.replay_deal", lang)))
        if view.phase == Phase.RESULT:
            # the obvious next step: first, before the ways to look back at the round
            label = t("learn.finish" if learning else "button.next_round", lang)
            parts.insert(0, button("next-round", label, primary=True))
    else:  # a bot bids, buries or snatches
        parts.append(button("skip", t("button.skip", lang)))
    if undo:
        parts.append(button("undo", t("button.undo", lang)))
    menu = (button("learn", t("button.learn", lang), minor=True)
            + button("trumps", t("button.trumps", lang), minor=True)
            + button("new-game", t("button.new_game", lang), minor=True)
            + button("settings", t("button.settings", lang), minor=True)
            + button("stats", t("button.stats", lang), minor=True)
            + button("help", t("button.help", lang), minor=True))
    return "".join(parts) + f'<span class="menu">{menu}</span>'


def throw_units(view: SeatView, cards: Sequence[Card], lang: str = "en") -> str | None:
    """When `cards`, led now, are a throw (R19: more than one unit), its units in words as
    the engine decomposes the lead (engine.rules.classify: ♥4 ♥4 ♥4 is a pair and a single,
    a triple being no unit): "a tractor, a pair and 2 singles" / "一个拖拉机、一对和两张";
    else None (not a lead, one unit, or no lead at all: the engine refuses it on Play)."""
    trick = view.current_trick
    if view.trump is None or len(cards) < 2 or (trick is not None and trick.plays):
        return None
    try:
        units = classify(cards, view.trump)
    except GameError:
        return None
    if len(units) < 2:
        return None
    counts = Counter(u.kind for u in units)
    return listed([t(f"unit.{kind}.1", lang) if counts[kind] == 1
                   else t(f"unit.{kind}", lang, n=count_word(counts[kind], lang))
                   for kind in ("tractor", "pair", "single") if counts[kind]], lang)


def prompt_text(view: SeatView, lang: str) -> str:
    """One line that says what happens now, or what the player is to do."""
    if view.to_act is None:
        return t(f"phase.{view.phase}", lang)
    if view.to_act != view.seat:
        return t("prompt.wait", lang, seat=seat_name(view.to_act, lang))
    if view.phase in (Phase.BID, Phase.BURY, Phase.SNATCH):
        return t(f"prompt.{view.phase}", lang, size=view.rules.kitty_size)
    trick = view.current_trick
    if trick is None:
        return t("prompt.lead", lang)
    n = len(trick.plays[0][1])
    return t("prompt.follow_one" if n == 1 else "prompt.follow", lang, n=n)


def dialog_html(name: str, lang: str, settings_form: str = "",
                rules: RulesConfig = DEFAULT_RULES) -> str:
    """The dialog's content: "help" (with the numbers of `rules`, the match's), "confirm-new"
    (abandon the match?), "confirm-reset-stats" (clear the statistics?), or "settings",
    "stats", "trumps" (the form given: ui.logic.settings, ui.logic.stats, ui.logic.explain),
    with the buttons that close it."""
    close = button("close", t("button.close", lang), primary=True)
    if name == "help":
        return _dialog(help_html(lang, rules), close)
    if name in ("confirm-new", "confirm-reset-stats"):
        question = "prompt.new_game" if name == "confirm-new" else "stats.reset_prompt"
        return _dialog(f"<p>{t(question, lang)}</p>",
                       button(name, t("button.confirm", lang), primary=True)
                       + button("close", t("button.cancel", lang)))
    if name == "settings":  # (and the statistics, from here too)
        return _dialog(settings_form, close + button("stats", t("button.stats", lang)))
    return _dialog(settings_form, close)


def _dialog(body: str, buttons: str) -> str:
    """A dialog's words, which scroll when long, above its buttons, which stay in view. The
    words' box is in the Tab order, so that a keyboard can scroll it too (what it holds may
    have nothing focusable: the Trumps dialog's cards)."""
    return (f'<div class="dialog-body" tabindex="0">{body}</div>'
            f'<div class="dialog-buttons">{buttons}</div>')


def help_html(lang: str, rules: RulesConfig = DEFAULT_RULES) -> str:
    """How to play, then the glossary: one anchored entry per term (`#g-kitty` …), which the
    result and the guided hand link to; with the numbers of `rules` (the match's)."""
    items = "".join(f"<li>{escape(line)}</li>" for line in help_lines(lang, rules))
    keys = "".join(f"<dt><kbd>{escape(key)}</kbd></dt><dd>{escape(what)}</dd>" if key
                   else f'<dd class="note">{escape(what)}</dd>' for key, what in HELP_KEYS[lang])
    terms = ""
    for key in GLOSSARY:
        term, text = glossary_text(key, lang, rules)
        terms += f'<dt id="g-{key}">{escape(term)}</dt><dd>{escape(text)}</dd>'
    # (the dialog opens at its heading, not at its Close button, the first control, below)
    return (f"<h2 tabindex=\"-1\" autofocus>{escape(t('help.title', lang))}</h2><ol>{items}</ol>"
            f'<h3>{escape(t("help.keys", lang))}</h3><dl class="keys">{keys}</dl>'
            f'<h3>{escape(t("help.glossary", lang))}</h3><dl class="glossary">{terms}</dl>')


def glossary_link(key: str, lang: str) -> str:
    """A term linked to its glossary entry (the page opens the help dialog there)."""
    zh_term, _, en_term, _ = GLOSSARY[key]
    term = zh_term if lang == "zh" else en_term
    return f'<a href="#g-{key}" data-glossary="{key}">{escape(term)}</a>'
