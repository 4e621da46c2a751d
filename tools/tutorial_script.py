"""Write the guided first hand's script (ui/logic/tutorial_script.py) from its seed.

The player's moves are chosen as the search for the seed chose them (notes: find_tutorial):
bid the strongest bid listed once the hand holds 20 cards; once, with fewer than 30 cards,
on an empty table, a throw of the two highest singles of a side suit that another seat can
beat (it fails); otherwise the normal bot's advice. The bots are the page's normal bots,
seeded with the seed, so the deal replays identically in the page. The seed must teach what
the lessons say (teaches_everything), an opponent's snatch by suit (抄底) included. Run it
again (and review the diff) whenever the bots or the rules change; tests/test_tutorial.py
checks the script still plays out, and teaches what it promises. If it no longer does,
`--find` looks for a seed that does (then set ui.logic.tutorial.SEED).

    python -m tools.tutorial_script > s.py && mv s.py ui/logic/tutorial_script.py  # (it imports it)
    python -m tools.tutorial_script --find 1 400
"""

from __future__ import annotations

import sys

from engine.actions import Action, Bid, Play, action_to_json
from engine.bidding import SUIT
from engine.bots import make_bot
from engine.match import Match
from engine.phase import Phase
from engine.rules import check_throw, classify
from engine.seats import team_of
from ui.logic.players import make_players
from ui.logic.table import HUMAN, Table
from ui.logic.tutorial import SEED, TIERS, TutorialTable, clock

BID_AT_CARDS = 20
THROW_BEFORE_CARDS = 30


def failing_throw(m: Match) -> Play | None:
    trump, hand = m.round.decided_trump, m.hand(HUMAN)
    for suit in "SHCD":
        singles = sorted({c for c in hand if trump.suit_of(c) == suit}, key=trump.order)
        if len(singles) >= 3 and hand.count(singles[-1]) == 1:
            lead = (singles[-2], singles[-1])
            if len(classify(lead, trump)) < 2:
                continue
            if check_throw(lead, [m.hand(s) for s in (1, 2, 3)], trump) is not None:
                return Play(HUMAN, lead)
    return None


def lesson(m: Match, action: Action, seen: set[str]) -> str:
    """The lesson a scripted move teaches (its words are ui.logic.i18n's learn.step.<key>)."""
    if isinstance(action, Bid):
        return "bid"
    if not isinstance(action, Play):
        return "bury"
    trick = m.round.current_trick
    if trick is not None:
        trump, lead = m.round.decided_trump, trick.plays[0][1]
        led = trump.suit_of(lead[0])
        units = classify(lead, trump)
        if not any(trump.suit_of(c) == led for c in m.hand(HUMAN)):
            key = "void"
        elif len(units) == 1 and units[0].kind == "pair":
            key = "follow-pair"
        elif led == "T":
            key = "follow-trump"
        else:
            key = "follow"
    else:
        units = classify(action.cards, m.round.decided_trump)
        kinds = {u.kind for u in units}
        others = [m.hand(s) for s in (1, 2, 3)]
        if len(units) > 1:
            failed = check_throw(action.cards, others, m.round.decided_trump) is not None
            key = "throw-fail" if failed else "throw"
        elif "tractor" in kinds:
            key = "tractor"
        elif "pair" in kinds:
            key = "pair"
        else:
            key = "lead"
    if len(m.hand(HUMAN)) == len(action.cards):
        key = "last"
    if key in seen and key not in ("throw-fail", "last"):
        key = "play"
    seen.add(key)
    return key


def script(seed: int = SEED) -> list[tuple[int, list, str]]:
    return list(_play(seed)[0])


def _play(seed: int) -> tuple[list[tuple[int, list, str]], list, TutorialTable]:
    """The player's moves chosen as above, the events of the round, and its table."""
    bots, _ = make_players(TIERS, seed)
    adviser = make_bot("normal", HUMAN, seed)  # a bot whose advice never depends on the clock
    table = TutorialTable(Match(seed), bots, adviser, script=())
    m = table.match
    out: list[tuple[int, list, str]] = []
    events: list = []
    seen: set[str] = set()
    bid = threw = False
    while not m.phase.round_over:
        action: Action | None = None
        if (m.phase == Phase.DEAL and not bid and m.legal_bids(HUMAN)
                and len(m.hand(HUMAN)) >= BID_AT_CARDS):
            action, bid = Bid(HUMAN, m.legal_bids(HUMAN)[-1]), True
        elif Table.waiting_for_player(table):
            if (m.phase == Phase.PLAY and m.round.current_trick is None and not threw
                    and len(m.hand(HUMAN)) < THROW_BEFORE_CARDS):
                action = failing_throw(m)
                threw = action is not None
            if action is None:
                action = adviser.choose(m.view(HUMAN))
        if action is None:
            events += table.step()
            continue
        out.append((clock(m), action_to_json(action), lesson(m, action, seen)))
        events += table.act(action)
    return out, events, table


def snatched_by_suit(events: list) -> bool:
    """The snatch the lessons need (learn.event.snatched): once the player has buried, an
    opponent (East or West) snatches the kitty (抄底, R15) with a bid of as many cards as the
    player's, beating it by its suit (R9's order: the order R10 ignored in the bidding), the
    player stays 庄家, and nobody snatches after it (one snatch, one new trump to learn)."""
    snatches = [e for e in events if e.kind == "BidMade" and e.snatch]
    buried = [e.seat for e in events if e.kind == "KittyBuried"]
    if len(snatches) != 1 or buried[:1] != [HUMAN] or len(buried) != 2:
        return False
    s = snatches[0]  # (SUIT decides only between bids of as many cards)
    return (team_of(s.seat) != team_of(HUMAN) and s.beaten_seat == HUMAN and s.dealer == HUMAN
            and s.why is not None and s.why.rule == SUIT)


def teaches_everything(seed: int) -> bool:
    """Whether the round of `seed` shows what the guided hand promises (`teaches`)."""
    _, events, table = _play(seed)
    return teaches(events, table.match)


def teaches(events: list, m: Match) -> bool:
    """What the guided hand promises, in a round's events: the player overcalls and becomes
    庄家, an opponent snatches the kitty by suit (snatched_by_suit), a pair and a tractor are
    led, the player's throw fails, 抠底 scores."""
    led = [classify(e.cards, m.round.decided_trump) for e in events
           if e.kind == "CardsPlayed" and e.lead]
    return (m.round.dealer == HUMAN
            and any(e.kind == "BidMade" and e.seat == HUMAN and e.overcall for e in events)
            and snatched_by_suit(events)
            and any(len(u) == 1 and u[0].kind == "pair" for u in led)
            and any(len(u) == 1 and u[0].kind == "tractor" for u in led)
            and any(e.kind == "ThrowFailed" and e.seat == HUMAN for e in events)
            and any(e.kind == "KittyScored" and e.points > 0 for e in events))


def main() -> None:
    if sys.argv[1:2] == ["--find"]:
        for seed in range(int(sys.argv[2]), int(sys.argv[3])):
            if teaches_everything(seed):
                print(seed, flush=True)
        return
    print('"""The guided first hand\'s script, written by tools/tutorial_script.py (do not edit):')
    print("for each move of the player, the match's clock when it is due")
    print("(ui.logic.tutorial.clock), the move (engine.actions JSON) and its lesson")
    print('(ui.logic.i18n learn.step.<lesson>)."""')
    print()
    print("SCRIPT = (")
    for at, action, key in script():
        print(f"    ({at}, {action!r}, {key!r}),")
    print(")")


if __name__ == "__main__":
    main()
