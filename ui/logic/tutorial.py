"""The guided first hand: a fixed deal (seed 32, the page's normal bots) in which the player
bids, becomes 庄家, buries, sees East snatch the kitty (抄底: a pair of ♠2 beats the player's
pair of ♣2 by R9's order, and spades become trump), throws, leads a tractor, sees a pair
led, tries a throw that fails, loses the kitty to 抠底 and reads the result, one move at a
time, with the page explaining.

The bots are deterministic for a seed, so the deal is scripted by the player's moves alone
(ui.logic.tutorial_script, written by tools/tutorial_script.py): each is due at a known point of
the match (its clock: actions applied, every card dealt counted). `TutorialTable` stops
there (even mid-deal, for the bid), asks for exactly that move, lights its cards, and
refuses any other: an illegal one with the engine's reason, a legal one with a friendly
word. Its progress is saved under its own key, never the main match's. The coach box's HTML
is here too; the page's part is ui.page.tutorial. No DOM: tested on CPython.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Generator, Iterable

from engine.actions import Action, Bid, Bury, Deal, Play, Snatch, action_from_json
from engine.bots.advice import Advice, Reason, explain
from engine.config import DEFAULT_RULES, RulesConfig
from engine.driver import Player
from engine.errors import GameError, IllegalAction, SaveError
from engine.events import BidMade, CardsPlayed, Event
from engine.limits import parse_json
from engine.match import Match
from engine.phase import Phase
from engine.rules import Trump, classify
from engine.save import load_match, save_match
from engine.seats import same_team
from engine.view import SeatView
from ui.logic.explain import names
from ui.logic.i18n import TEXT, cards_short, rule_values, seat_name, t
from ui.logic.markup import escape
from ui.logic.render import button, throw_units
from ui.logic.table import HUMAN, Bots, Table, positions_in
from ui.logic.tutorial_script import SCRIPT

SEED = 32
TIERS = {"1": "normal", "2": "normal", "3": "normal"}  # whatever the player's settings say
KEY = "chaodipi.tutorial"  # its own save: the main match's is never touched
RUNNING, DONE, SKIPPED = "running", "done", "skipped"

Step = tuple[int, Action, str]  # the match's clock when due, the move, its lesson


def clock(match: Match) -> int:
    """The actions applied to `match` so far, every card dealt counted (the history keeps a
    run of deals as one entry): where in the deal a scripted move is due."""
    return sum(a.count if isinstance(a, Deal) else 1 for a in match.history)


def steps(script: Iterable[tuple[int, object, str]] = SCRIPT) -> tuple[Step, ...]:
    return tuple((at, action_from_json(move), key) for at, move, key in script)


class TutorialRefusal(IllegalAction):
    """A legal move, but not the one this step of the guided hand teaches."""


def _cards(action: Action) -> list[str]:
    return sorted(str(c) for c in getattr(action, "cards", ()))


def same_move(a: Action, b: Action) -> bool:
    """Whether `a` is the move `b` (cards compared as a multiset: the order chosen to bury or
    play them does not matter)."""
    if type(a) is not type(b) or getattr(a, "seat", None) != getattr(b, "seat", None):
        return False
    if (isinstance(a, Bid | Snatch) and isinstance(b, Bid | Snatch)
            and (a.rank, a.suit) != (b.rank, b.suit)):
        return False
    return _cards(a) == _cards(b)


class TutorialTable(Table):
    """A table that waits for the scripted move whenever one is due, and takes no other."""

    def __init__(self, match: Match, bots: Bots, adviser: Player | None = None,
                 script: Iterable[Step] | None = None) -> None:
        super().__init__(match, bots, adviser)
        self.script = {at: (action, key) for at, action, key in
                       (steps() if script is None else script)}
        self.ask_bids = False  # as the script was made: no stop for a bid that cannot be

    def expected(self) -> tuple[Action, str] | None:
        """The scripted move due now and its lesson, if one is."""
        return self.script.get(clock(self.match))

    def waiting_for_player(self) -> bool:
        return self.expected() is not None or super().waiting_for_player()

    def act(self, action: Action) -> list[Event]:
        due = self.expected()
        if due is not None and not same_move(action, due[0]):
            self.match.verify(action)  # an illegal move is refused with the engine's reason
            why = explain(self.view(), due[0])
            raise TutorialRefusal(refusal(due[0], "en", action, why),
                                  refusal(due[0], "zh", action, why))
        return super().act(action)

    def hint_steps(self) -> Generator[object, None, Advice | None]:
        """The hint agrees with the guide: the move due now, with the engine's reason for it
        judged from the player's view (engine.bots.advice.explain), as the hint of a match
        gives it; where no move is due, the adviser's."""
        due = self.expected()
        if due is None:
            return (yield from super().hint_steps())
        return Advice(due[0], explain(self.view(), due[0]))

    def next_round(self) -> list[Event]:
        raise IllegalAction("the guided hand is one round", "教学只有一局")

    def marked_positions(self) -> set[int]:
        """The positions in the player's hand of the cards the due move plays or buries."""
        due = self.expected()
        if due is None or not isinstance(due[0], Play | Bury):
            return set()
        return set(positions_in(self.view().hand, due[0].cards))


def refusal(expected: Action, lang: str, tried: Action | None = None,
            why: Reason | None = None) -> str:
    """Why another move (`tried`) is refused in the guided hand: the move due now, its cards
    named, the cards of `tried` it does not hold, and `why`, the hint's reason for the move
    (a newcomer put the big joker in the kitty and read ten cards to find what was wrong)."""
    kind = type(expected).__name__.lower()
    due = getattr(expected, "cards", ())
    line = t(f"learn.refuse.{kind}", lang, cards=cards_short(due, lang))
    wrong = Counter(getattr(tried, "cards", ())) - Counter(due)
    if wrong and due:
        line += t("learn.refuse.not", lang, cards=cards_short(sorted(wrong.elements()), lang))
    if why is not None:
        line += t("learn.refuse.why", lang, why=why.text(lang, names(lang)))
    return line


def task(due: tuple[Action, str], lang: str, rules: RulesConfig = DEFAULT_RULES) -> str:
    """What the player is asked to do now, in one line (with the numbers of the match's
    `rules`)."""
    action, key = due
    return t(f"learn.step.{key}", lang, cards=cards_short(getattr(action, "cards", ()), lang),
             **rule_values(rules, lang))


# the steps whose words teach a rule but not why these cards: the hint's reason is added
WHY_THESE = ("play", "lead", "follow", "void", "follow-trump", "pair")
EVENT_LESSONS = ("TrumpDecided", "KittyBuried", "ThrowFailed", "KittyScored", "RoundSettled")


def lessons(events: Iterable[Event], seen: set[str], trump: Trump | None = None) -> list[str]:
    """The lessons the events teach that the player has not been told yet (learn.event.*):
    trump decided, the kitty buried, a snatch (抄底, R15), the first pair and tractor led by a
    bot, the first trick won, a failed throw, 抠底 and the result."""
    found: list[str] = []
    for e in events:
        key = None
        if e.kind in EVENT_LESSONS:
            key = e.kind
        elif isinstance(e, BidMade) and e.snatch:
            key = "snatched"
        elif isinstance(e, CardsPlayed) and e.lead and e.seat != HUMAN and trump is not None:
            units = classify(e.cards, trump)
            if len(units) == 1 and units[0].kind in ("pair", "tractor"):
                key = f"{units[0].kind}-led"
        elif e.kind == "TrickWon":
            key = "TrickWon"
        if key and key not in seen:
            seen.add(key)
            found.append(key)
    return found


class Tutorial:
    """The guided hand's state: its table, what the player has been told, and its save."""

    def __init__(self, table: TutorialTable, state: str = RUNNING,
                 seen: set[str] | None = None, notes: list[str] | None = None) -> None:
        self.table = table
        self.state = state
        self.seen = set() if seen is None else seen
        # the lessons told last (learn.event.<note>): saved, so a reload right after the
        # snatch still shows why it happened
        self.notes: list[str] = ["welcome"] if notes is None else notes

    @classmethod
    def new(cls, bots: Bots, adviser: Player | None) -> Tutorial:
        return cls(TutorialTable(Match(SEED), bots, adviser))

    @classmethod
    def restore(cls, text: str, bots: Bots, adviser: Player | None) -> Tutorial:
        """The saved guided hand; a SaveError (a GameError) if it is unreadable, or has no
        hand to resume (`{"state": "done"}`)."""
        state, match_text, seen, notes = _read(text)
        if match_text is None:
            raise SaveError("the guided hand's save holds no hand", "教学存档中没有牌局")
        table = TutorialTable(load_match(match_text), bots, adviser)
        if table.match.seed != SEED:
            raise SaveError("the guided hand's save is of another deal", "教学存档是另一副牌的")
        return cls(table, state, seen, notes)

    @classmethod
    def resume(cls, text: str, bots: Bots, adviser: Player | None) -> Tutorial | None:
        """The guided hand saved as `text`, to play on (it was running, or skipped: the menu
        resumes it); None if it holds no hand to play on (done, or declined before it
        began); a SaveError if the save is unreadable."""
        state, match_text, _, _ = _read(text)
        if state == DONE or match_text is None:
            return None
        tutorial = cls.restore(text, bots, adviser)
        tutorial.state = RUNNING
        return tutorial

    def save(self) -> str:
        return json.dumps({"state": self.state, "match": save_match(self.table.match),
                           "seen": sorted(self.seen), "notes": self.notes})

    def observe(self, events: Iterable[Event]) -> None:
        """Note the lessons these events teach (the latest one is shown)."""
        new = lessons(events, self.seen, self.table.match.round.trump)
        if new:
            self.notes = new

    def player_acted(self) -> None:
        """The player made a move: the lessons shown were about the moment before it, read
        by now, and would be stale beside the next task (a trick won three tricks ago)."""
        self.notes = []

    def finished(self) -> bool:
        return self.table.phase.round_over


MAX_CHARS = 1_000_000  # the guided hand's save: a round's save (a few thousand characters)
MAX_DEPTH = 4  # in JSON nesting 2 deep (the save of its match is a string in it)


def _read(text: object) -> tuple[str, str | None, set[str], list[str]]:
    """A guided hand's save read as JSON, bounded (engine.limits.parse_json), and checked for
    form: its state, the save of its match if it has a hand to resume, the lessons seen, the
    lessons shown last (only those that have words; none in an older save); a SaveError if it
    is not one."""
    try:
        data = parse_json(text, ("the guided hand's save", "教学存档"), MAX_CHARS, MAX_DEPTH)
    except GameError as err:
        raise SaveError(err.en, err.zh) from err
    state = data.get("state") if isinstance(data, dict) else None
    if not isinstance(data, dict) or not isinstance(state, str) or state not in (
            RUNNING, DONE, SKIPPED):
        raise SaveError("not a guided hand's save", "不是教学存档")
    match_text, seen, notes = data.get("match"), data.get("seen", []), data.get("notes", [])
    if (not (match_text is None or isinstance(match_text, str)) or not isinstance(seen, list)
            or not isinstance(notes, list)):
        raise SaveError("the guided hand's save is not of its form", "教学存档的格式不对")
    told = [n for n in notes if isinstance(n, str) and f"learn.event.{n}" in TEXT]
    return state, match_text, {s for s in seen if isinstance(s, str)}, told


def saved_state(text: str) -> str:
    """The state (RUNNING, DONE, SKIPPED) a guided hand's save says it was left in; a
    SaveError if the save is not one (its hand is replayed only when it is resumed)."""
    return _read(text)[0]


def ready_text(table: Table, move: Play | Bury, lang: str) -> str:
    """What is left once the cards asked for are chosen: the button, named as it reads (cards
    that form a throw put "Throw: a pair and a single" on it, not "Play")."""
    if isinstance(move, Play):
        units = throw_units(table.view(), move.cards, lang)
        if units:
            return t("learn.ready.throw", lang, units=units)
    return t(f"learn.ready.{type(move).__name__.lower()}", lang, **rule_values(table.rules, lang))


def lesson_text(view: SeatView, note: str, lang: str) -> str:
    """A lesson of what just happened (learn.event.<note>) in `lang`, with the rules' numbers
    and the attackers' score (the result's lesson names it)."""
    text = t(f"learn.event.{note}", lang, **rule_values(view.rules, lang),
             score=view.attackers_score)
    if (note == "KittyScored" and view.kitty_bonus and view.burier is not None
            and view.dealer is not None and not same_team(view.burier, view.dealer)):
        # a newcomer lost two levels to a snatcher's kitty and was never told that an
        # attacker who snatches buries for the attackers (R15, R25)
        text += "\n" + t("learn.event.KittyScored.attacker", lang,
                          seat=seat_name(view.burier, lang),
                          points=view.kitty_bonus // view.rules.kitty_multiplier,
                          **rule_values(view.rules, lang))
    return text


def coach_html(tutorial: Tutorial | None, offer: bool, lang: str, chosen: bool = False) -> str:
    """The coach box (#coach): the offer on a first visit; while the guided hand runs, what to
    do now (first: a small frame shows only the top of the box) and what just happened (its
    lessons), with a way out. Once the player has `chosen` the very cards asked for, what is
    left is the button: that comes first, and the move's lesson below it."""
    if tutorial is None:
        if not offer:
            return ""
        return (f'<p>{escape(t("learn.offer", lang))}</p>'
                + button("learn", t("learn.start", lang), primary=True)
                + button("learn-no", t("learn.no_thanks", lang)))
    table = tutorial.table
    view = table.view()
    notes = "".join(_paragraphs(lesson_text(view, n, lang)) for n in tutorial.notes)
    due = table.expected()
    if due is not None:
        todo = task(due, lang, table.rules)
        move = due[0]
        if isinstance(move, Play) and due[1] in WHY_THESE:
            # the hint's reason for these very cards (a newcomer read "Play the lit ♣J" and
            # "Lead ♣9" and learnt nothing of why)
            why = explain(view, move).text(lang, names(lang))
            cards = cards_short(move.cards, lang)
            todo = (t("learn.step.play_why", lang, cards=cards, why=why) if due[1] == "play"
                    else f'{todo} {t("learn.why", lang, cards=cards, why=why)}')
        if chosen and isinstance(due[0], Play | Bury):
            press = ready_text(table, due[0], lang)
            notes = f"<p>{escape(todo)}</p>{notes}"
            todo = press
    elif tutorial.finished():
        todo = ""
    else:
        watch = {Phase.DEAL: "learn.watch.deal", Phase.BID: "learn.watch.bid"}
        todo = t(watch.get(table.phase, "learn.watch"), lang)
    doing = f'<p class="task">{escape(todo)}</p>' if todo else ""
    # (at the end, the way back is the result's first button, "Back to my game", where the
    # next round's would be: a newcomer saw two of them)
    # (first, beside the words: at its own foot it took a line of a phone's screen, where a
    # newcomer lost the table's top to the lesson)
    way_out = ("" if tutorial.finished() else
               f'<div class="coach-buttons">{button("learn-skip", t("learn.skip", lang))}</div>')
    return f'<h2>{escape(t("learn.title", lang))}</h2>{way_out}{doing}{notes}'


def _paragraphs(text: str) -> str:
    """A lesson's paragraphs (its lines), each its own <p class="note">: a newcomer met the
    snatch's lesson as one long paragraph."""
    return "".join(f'<p class="note">{escape(line)}</p>' for line in text.split("\n"))
