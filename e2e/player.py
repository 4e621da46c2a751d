"""A player at the table in any engine: reads the page's hooks and answers whatever decision
the page asks for, through a ``drivers.Driver`` (clicks, taps, drags, keys).

The loop is driven by the hooks, not by a script of steps: at each moment it waits until the
page wants something from the player (``data-turn`` is the player's and a decision button is
enabled, or a round's result is shown), then looks at which buttons ``#controls`` offers (bid,
pass, snatch, bury, play, next-round) and takes that decision.  A page that skips a decision
(no bid to make), pauses after a trick, or asks in another order is played all the same.
"""

from __future__ import annotations

import json
from collections import Counter
from dataclasses import dataclass, field

from drivers import Driver, DriverError

from engine.actions import action_to_json
from engine.save import load_match

SAVE_KEY = "chaodipi.match"
NOT_SAVED = "not being saved"
CARD_STRIP = 6  # px from a card's left edge: the part of it that the next card leaves visible
MOVES = ("bid", "pass", "snatch", "bury", "hint", "play")
HINT_DONE = "document.documentElement.dataset.hint !== 'thinking'"  # the hint's search is over

# What the player is asked now, or null while the page is busy (the bots, the deal, a pause).
DECISION = """() => {
  const MOVES = MOVES_JSON;
  const d = document.documentElement.dataset;
  if (d.ready !== "1") return null;
  const buttons = [...document.querySelectorAll("#controls button[data-action]")]
    .filter((b) => !b.disabled && b.getClientRects().length).map((b) => b.dataset.action);
  const mine = d.turn === "0" && buttons.some((a) => MOVES.includes(a));
  const over = (d.phase === "result" && buttons.includes("next-round"))
               || d.phase === "match-over";
  return mine || over
    ? {phase: d.phase, turn: d.turn, actions: Number(d.actions), buttons} : null;
}""".replace("MOVES_JSON", json.dumps(list(MOVES)))

POSITION = """() => ({
  hand: [...document.querySelectorAll("#hand [data-card]")].map((e) => e.dataset.card),
  table: [...document.querySelectorAll("#table .play")].map(
    (p) => [p.dataset.seat || p.className,
            [...p.querySelectorAll("[data-card]")].map((c) => c.dataset.card)]),
  phase: document.documentElement.dataset.phase,
  turn: document.documentElement.dataset.turn,
  save: (() => { try { return localStorage.getItem(SAVE_KEY); } catch { return null; } })(),
})""".replace("SAVE_KEY", json.dumps(SAVE_KEY))


def button(action: str) -> str:
    return f'#controls button[data-action="{action}"]'


def hook(page: Driver, name: str):
    return page.eval(f"document.documentElement.dataset[{name!r}] ?? null")


def wait_ready(page: Driver) -> None:
    page.wait_for('document.documentElement.dataset.ready === "1" '
                  "|| document.documentElement.dataset.bootError !== undefined")
    error = hook(page, "bootError")
    assert error is None, f"{page.engine}: boot failed: {error}"
    # a first visit's match is dealt once the guided hand's offer is answered: declined
    if page.eval("document.querySelector('html[data-offer]:not(.embed)') !== null"):
        page.click('#coach [data-action="learn-no"]')
        page.wait_for("document.documentElement.dataset.offer === undefined")


def wait_decision(page: Driver) -> dict:
    return page.wait_for(DECISION)


def position(page: Driver) -> dict:
    return page.eval(POSITION)


def history(page: Driver) -> list:
    text = page.eval(f"localStorage.getItem({SAVE_KEY!r})")
    assert text, f"{page.engine}: the page has saved nothing"
    return [action_to_json(a) for a in load_match(text).history]  # earlier rounds are coded


def notice_kind(page: Driver) -> str | None:
    return page.eval('(() => { const n = document.querySelector("#notice");'
                     " return n && !n.hidden ? (n.dataset.kind || '') : null; })()")


def selected(page: Driver) -> list[int]:
    return page.eval('[...document.querySelectorAll(\'#hand [aria-selected="true"]\')]'
                     ".map((e) => Number(e.dataset.i))")


def hand_size(page: Driver) -> int:
    return page.eval('document.querySelectorAll("#hand [data-card]").length')


def acted(page: Driver, before: int) -> int:
    """Until the page has applied an action after `before` (its data-actions count)."""
    return page.wait_for("(n) => Number(document.documentElement.dataset.actions) > n "
                         "&& Number(document.documentElement.dataset.actions)", before)


@dataclass
class Round:
    """What a round took: the decisions by kind, in the order they came."""

    decisions: list[str] = field(default_factory=list)

    def count(self) -> Counter:
        return Counter(self.decisions)


class Player:
    """Plays seat 0 with `how` = "click" (mouse) or "tap" (touch); on a mouse the first play
    of a round is a drag onto the table."""

    def __init__(self, page: Driver, how: str = "click"):
        assert how in ("click", "tap"), how
        self.page = page
        self.how = how
        self.has_bid = False
        self.dragged = False

    def press(self, selector: str, at: float | None = None) -> None:
        (self.page.tap if self.how == "tap" else self.page.click)(selector, at)

    def press_card(self, zone: str, i: int) -> None:
        self.press(f'{zone} [data-i="{i}"]', CARD_STRIP)

    def decide(self, decision: dict) -> str:
        """Take the decision the page asks for; returns its kind."""
        page, buttons, before = self.page, decision["buttons"], decision["actions"]
        phase = decision["phase"]
        if phase in ("result", "match-over"):
            return phase
        if "bury" in buttons or (phase == "bury" and "hint" in buttons):
            self.bury()
            kind = "bury"
        elif "play" in buttons:
            self.play()
            kind = "play"
        elif "bid" in buttons and not self.has_bid:
            self.has_bid = True  # the first bid offered, once a round: to become dealer
            self.press(f'{button("bid")}:not([disabled])')
            kind = "bid"
        elif "pass" in buttons:
            self.press(button("pass"))
            kind = f"pass-{phase}"
        elif "snatch" in buttons:
            self.press(f'{button("snatch")}:not([disabled])')
            kind = "snatch"
        else:
            raise DriverError(f"{page.engine}: no decision to take among {buttons} "
                              f"in phase {phase}")
        acted(page, before)
        kind_shown = notice_kind(page)
        assert kind_shown != "illegal", f"{page.engine}: the page refused the {kind}"
        return kind

    def bury(self) -> None:
        """Hint (the page picks 10 cards), one taken back from the kitty and another put in
        from the hand, by pointer; then Bury."""
        page = self.page
        self.press(button("hint"))
        page.wait_for(HINT_DONE)
        size = page.wait_for('document.querySelectorAll("#kitty [data-i]").length')
        first = page.eval('Number(document.querySelector("#kitty [data-i]").dataset.i)')
        self.press_card("#kitty", first)
        page.wait_for("(n) => document.querySelectorAll('#kitty [data-i]').length === n",
                      size - 1)
        assert page.eval(f'!!document.querySelector(\'{button("bury")}[disabled]\')'), \
            f"{page.engine}: Bury is offered with {size - 1} cards"
        last = page.eval("Math.max(...[...document.querySelectorAll('#hand [data-i]')]"
                         ".map((e) => Number(e.dataset.i)))")
        self.press_card("#hand", last)
        page.wait_for("(n) => document.querySelectorAll('#kitty [data-i]').length === n", size)
        self.press(button("bury"))

    def play(self) -> None:
        """Hint; the last hinted card pressed off and on again; then Play (or, on a mouse,
        the first play of the round dragged onto the table). Checks the cards left the hand."""
        page = self.page
        before = hand_size(page)
        self.press(button("hint"))
        page.wait_for(HINT_DONE)
        chosen = page.wait_for('[...document.querySelectorAll(\'#hand [aria-selected="true"]\')]'
                               ".map((e) => Number(e.dataset.i))")
        last = chosen[-1]
        self.press_card("#hand", last)
        page.wait_for('(i) => document.querySelector(`#hand [data-i="${i}"]`)'
                      '.getAttribute("aria-selected") === "false"', last)
        if self.how == "click" and not self.dragged:
            self.dragged = True  # the drag adds the pressed card to the selection, and plays
            page.drag(f'#hand [data-i="{last}"]', "#table", CARD_STRIP)
        else:
            self.press_card("#hand", last)
            page.wait_for('(i) => document.querySelector(`#hand [data-i="${i}"]`)'
                          '.getAttribute("aria-selected") === "true"', last)
            assert selected(page) == chosen, f"{page.engine}: the selection changed"
            self.press(button("play"))
        page.wait_for("(n) => document.querySelectorAll('#hand [data-card]').length === n",
                      before - len(chosen))

    def round(self, limit: int = 400) -> Round:
        """Decide until the round's result is shown."""
        done = Round()
        for _ in range(limit):
            kind = self.decide(wait_decision(self.page))
            if kind in ("result", "match-over"):
                return done
            done.decisions.append(kind)
        raise DriverError(f"{self.page.engine}: no result after {limit} decisions: "
                          f"{done.count()}")

    def until(self, wanted, limit: int = 200) -> dict:
        """Decide until wanted(decision) holds for the decision asked; return it (not taken)."""
        for _ in range(limit):
            decision = wait_decision(self.page)
            if wanted(decision):
                return decision
            if self.decide(decision) in ("result", "match-over"):
                raise DriverError(f"{self.page.engine}: the round ended first")
        raise DriverError(f"{self.page.engine}: never reached the decision wanted")
