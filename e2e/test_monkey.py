"""A monkey at the table: seeded random taps, drags, keys, settings and language changes, new
games and reloads through every phase: MONKEY_EVENTS events, and on until it has acted in a deal,
a trick and a round's result. Reproducible from its seed (MONKEY_SEEDS), it checks that
the page never errs, is never stuck (the player's next decision always comes), that
`data-actions` never goes back within a page's life but by the monkey's own undo (it may switch
"Allow undo" on in the settings, then tap Undo), and that after every reload the table is the
save. `make test` runs a short one; `make soak` a long one (MONKEY_EVENTS, MONKEY_SEEDS).
"""

from __future__ import annotations

import json
import os
import random

import pytest
from game_helpers import (
    DECISION,
    DESKTOP,
    HINT_DONE,
    PHONE,
    SAVE_KEY,
    SETTINGS_KEY,
    actions,
    data,
    hand,
)
from playwright.sync_api import Error as PlaywrightError

from engine.save import load_match

EVENTS = int(os.environ.get("MONKEY_EVENTS", "150"))
# The monkey goes on past EVENTS until it has acted in each of these phases (a round from its
# deal to its result), but no further than MAX_EVENTS: how far a number of events gets depends
# on how fast this machine and the bots are: a count alone once left a short run in the tricks
# of its first round.
EVERY_ROUND_HAS = {"deal", "play", "result"}
MAX_EVENTS = EVENTS + 1000
SEEDS = [int(s) for s in os.environ.get("MONKEY_SEEDS", "1").split(",")]
KEYS = ["h", "p", "ArrowLeft", "ArrowRight", " ", "Enter", "Tab", "Escape"]
MENU = ("settings", "help", "new-game")
# A new game now and then, not every few dozen events: a round takes the monkey a few hundred
# events, and one begun again as often as the settings are opened would never reach its result.
MENU_WEIGHTS = (45, 45, 10)
NOT_HERE = ("learn",)  # the guided hand swaps the match out: e2e/test_learn.py plays it
# The pace the monkey starts at: the fastest the settings offer, as a player may choose it (a
# stored setting, not ?speed=, so the monkey's own changes of speed in the dialog still take
# effect and last through its reloads).  Cards still move and the bots' moves still linger
# (shorter), so its taps still land mid-motion; how long each pause lasts is
# e2e/test_motion.py's and e2e/test_game.py's to check, not the monkey's.  At normal speed the
# desktop run took 460 s of `make test`.
START_SETTINGS = json.dumps({"speed": "fast"})
# Settled: no dialog open, and the player decides: a turn, a round's result or a review.
SETTLED = (f"() => !document.querySelector('dialog#dialog').open"
           f" && (document.documentElement.dataset.phase === 'review' || ({DECISION})())")


class Monkey:
    def __init__(self, page, rng: random.Random, touch: bool) -> None:
        self.page, self.rng, self.touch = page, rng, touch
        self.errors: list[str] = []
        self.seen_actions = 0
        self.undid = False  # the last event tapped Undo: data-actions may go back once
        self.reloads = 0
        self.phases: set[str] = set()
        page.on("pageerror", lambda err: self.errors.append(f"page error: {err}"))
        page.on("console", lambda msg: msg.type == "error" and self.errors.append(
            f"console: {msg.text}"))

    # --- what the monkey does ------------------------------------------------------------

    def poke(self, locator, how: str = "click") -> bool:
        """Tap, click or drag `locator`; False if it went away first (the page moved on:
        the skip button once the deal is over, a card just played or hidden), which is no
        failure (an error of the page itself is caught by the page's own error events)."""
        try:
            if how == "drag":
                locator.drag_to(self.page.locator("#table"), timeout=1500, force=True)
            else:
                getattr(locator, "tap" if self.touch and how == "click" else how)(
                    timeout=1500, force=True)
        except PlaywrightError:  # timed out, not visible, detached: the page moved on
            return False
        return True

    def act(self) -> str:
        if self.page.locator("dialog#dialog[open]").count():
            return self.in_dialog()
        kind = self.rng.choices(
            ["card", "control", "drag", "key", "hint_and_go", "table", "menu", "reload"],
            weights=[22, 25, 6, 15, 22, 4, 4, 2])[0]
        return getattr(self, kind)()

    def card(self) -> str:
        cards = self.page.locator("#hand [data-card]")
        n = cards.count()
        if not n:
            return "card: none"
        return "card" if self.poke(cards.nth(self.rng.randrange(n))) else "card: gone"

    def control(self) -> str:
        names = self.page.locator("#controls button[data-action]:not([disabled])").evaluate_all(
            "els => els.map(e => e.dataset.action)")
        names = [n for n in names if n not in MENU + NOT_HERE]
        if not names:
            return "control: none"
        name = self.rng.choice(names)
        self.undid = name == "undo"
        button = self.page.locator(f'#controls button[data-action="{name}"]').first
        return f"control {name}" if self.poke(button) else f"control {name}: gone"

    def drag(self) -> str:
        cards = self.page.locator("#hand [data-card]")
        if not cards.count() or self.touch:
            return self.card()
        card = cards.nth(self.rng.randrange(cards.count()))
        return "drag" if self.poke(card, "drag") else "drag: gone"

    def key(self) -> str:
        key = self.rng.choice(KEYS)
        focused = self.page.evaluate("document.activeElement?.dataset?.action ?? ''")
        if key in ("Enter", " ") and focused in NOT_HERE:  # Tab reached it: pass it by
            key = "Tab"
        self.page.keyboard.press(key)
        return f"key {key!r}"

    def hint_and_go(self) -> str:
        """As a player does, wait for the turn, then H and the control that acts on the hint
        (so that the monkey gets somewhere: pressed while the bots play, it seldom would).
        At the first result it reaches it stays (its next events land there, and are what
        the run waits for) instead of going on to the next round at once: that left the
        run playing another round, or more, until a random event came at a result (747
        events, 415 s at the desktop size, once)."""
        self.settle()
        self.page.keyboard.press("h")
        self.page.wait_for_function(HINT_DONE, timeout=30_000)  # Play waits for the hint
        if data(self.page, "phase") == "result" and "result" not in self.phases:
            return "hint at the first result"
        for name in ("play", "bury", "next-round", "pass"):
            button = self.page.locator(f'#controls button[data-action="{name}"]:not([disabled])')
            if button.count() and self.poke(button.first):
                return f"hint and {name}"
        return "hint"

    def table(self) -> str:
        self.poke(self.page.locator("#table"))
        return "table"

    def menu(self) -> str:
        name = self.rng.choices(MENU, weights=MENU_WEIGHTS)[0]
        button = self.page.locator(f'button[data-action="{name}"]').first
        return f"menu {name}" if self.poke(button) else f"menu {name}: gone"

    def in_dialog(self) -> str:
        dialog = self.page.locator("dialog#dialog")
        selects = dialog.locator("select")
        switches = dialog.locator("input[type=checkbox]")
        choice = self.rng.random()
        if choice < 0.3 and selects.count():
            select = selects.nth(self.rng.randrange(selects.count()))
            values = select.locator("option").evaluate_all("os => os.map(o => o.value)")
            select.select_option(self.rng.choice(values))
            return "dialog: select"
        if choice < 0.45 and switches.count():
            switches.nth(self.rng.randrange(switches.count())).click()
            return "dialog: switch"
        buttons = dialog.locator("button[data-action]")
        if choice < 0.9 and buttons.count():
            buttons.nth(self.rng.randrange(buttons.count())).click()
            return "dialog: button"
        self.page.keyboard.press("Escape")
        return "dialog: escape"

    def reload(self) -> str:
        """At a settled moment (nothing moves while the player thinks), reload: the table
        that comes back is the save, and the save is unchanged."""
        self.settle()
        before = self.page.evaluate(f"localStorage.getItem({SAVE_KEY!r})")
        self.page.reload()
        self.page.wait_for_function("document.documentElement.dataset.ready === '1'")
        self.seen_actions = 0
        self.reloads += 1
        self.settle()
        after = self.page.evaluate(f"localStorage.getItem({SAVE_KEY!r})")
        assert json.loads(after) == json.loads(before), "a reload changed the save"
        match = load_match(after)
        assert sorted(hand(self.page)) == sorted(str(c) for c in match.hand(0)), \
            "after a reload the table is not the save"
        return "reload"

    # --- what must always hold -----------------------------------------------------------

    def settle(self) -> None:
        """Close any dialog, then the player's next decision must come (never stuck)."""
        for _ in range(3):
            if not self.page.locator("dialog#dialog[open]").count():
                break
            self.page.keyboard.press("Escape")
        self.page.wait_for_function(SETTLED, timeout=60_000)
        if data(self.page, "phase") == "match-over":
            self.page.locator('button[data-action="new-game"]').first.click()
            self.page.locator('dialog#dialog button[data-action="confirm-new"]').click()
            self.page.wait_for_function(SETTLED, timeout=60_000)

    def check(self, done: str) -> None:
        assert not self.errors, (done, self.errors)
        now = actions(self.page)
        undid, self.undid = self.undid, False
        assert now >= self.seen_actions or undid, f"data-actions went back after {done}"
        self.seen_actions = now
        self.phases.add(data(self.page, "phase"))


# Its reloads are a returning player's, who starts from the device's snapshot once the page has
# made it (and a fresh start each would cost it more than making the snapshot once).
@pytest.mark.device_snapshot
@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize("device", ["desktop", "phone"])
def test_a_monkey_at_the_table_never_breaks_the_game(new_context, site_url, wait_ready,
                                                     seed, device):
    touch = device == "phone"
    options = ({"viewport": PHONE, "has_touch": True, "is_mobile": True} if touch
               else {"viewport": DESKTOP})
    context = new_context(**options)
    context.add_init_script(f"localStorage.getItem('{SETTINGS_KEY}') || "
                            f"localStorage.setItem('{SETTINGS_KEY}', '{START_SETTINGS}')")
    page = context.new_page()
    page.goto(f"{site_url}?seed={seed}")  # at the fast pace, which the monkey may change
    wait_ready(page)
    rng = random.Random(f"{seed}-{device}")
    monkey = Monkey(page, rng, touch)
    log: list[str] = []
    while len(log) < EVENTS or (not monkey.phases >= EVERY_ROUND_HAS and len(log) < MAX_EVENTS):
        done = monkey.act()
        log.append(done)
        monkey.check(f"event {len(log) - 1} ({done}); the last ones: {log[-8:]}")
        if len(log) % 25 == 0:
            monkey.settle()
    monkey.settle()
    monkey.check("the end")
    print(f"monkey {device} seed {seed}: {len(log)} events, {monkey.reloads} reloads, "
          f"phases {sorted(monkey.phases)}, {actions(page)} actions since the last load")
    assert monkey.phases >= EVERY_ROUND_HAS, \
        f"in {len(log)} events the monkey acted only in {sorted(monkey.phases)}"
