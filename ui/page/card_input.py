"""The player's hands on the cards: taps, drags and drops (mouse, pen or touch, as pointer
events), and the keyboard. Runs under PyScript (main thread).

What a gesture means depends on the moment: while the player buries, a tap or a drop on the
kitty puts a card there and a tap in the kitty takes it back; otherwise a tap selects a card
and a drop on the table plays the selection. Nothing is judged here: playing goes through the
page (`page.play_selected()`), which asks the engine.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

import js

from engine.phase import Phase
from ui.logic.render import card_html, is_trump
from ui.logic.screen import Screen
from ui.logic.settings import Settings
from ui.logic.table import HUMAN, Table
from ui.page.dialogs import Dialogs
from ui.page.dom import by_id, clear_notice, listen, position_of

if TYPE_CHECKING:
    from js import Element, Event

DRAG_THRESHOLD = 8  # px a pointer must travel before a press becomes a drag (else it is a tap)
DROP_ZONES = ("table", "kitty")


class Page(Protocol):
    """What the cards' input uses of the page (ui.page.app.App)."""

    table: Table
    screen: Screen
    settings: Settings
    dialogs: Dialogs

    def render(self) -> None: ...
    def play_selected(self) -> None: ...
    def show_hint(self) -> None: ...
    def skip_animation(self) -> None: ...
    def hurry_on(self) -> None: ...
    def undo(self) -> None: ...


class Drag:
    """A press on a card, from the moment the pointer goes down to when it comes up."""

    def __init__(self, pos: int, source: str, event: Event) -> None:
        self.pos, self.source = pos, source
        self.pointer, self.x, self.y = event.pointerId, event.clientX, event.clientY
        # the cards following the pointer, once the press has become a drag
        self.ghost: Element | None = None

    def moved_enough(self, event: Event) -> bool:
        dx, dy = event.clientX - self.x, event.clientY - self.y
        return dx * dx + dy * dy >= DRAG_THRESHOLD * DRAG_THRESHOLD


class CardInput:
    def __init__(self, page: Page) -> None:
        self.page = page
        self.drag: Drag | None = None

    def listen(self) -> None:
        hand, kitty = by_id("hand"), by_id("kitty")
        listen(hand, "pointerdown", self._pointer_down)
        listen(kitty, "pointerdown", self._pointer_down)
        # on the document: a drag goes on (and ends) wherever the pointer goes
        listen(js.document, "pointermove", self._pointer_move)
        listen(js.document, "pointerup", self._pointer_up)
        listen(js.document, "pointercancel", self._pointer_cancel)
        listen(by_id("board"), "click", self._board_click)
        listen(hand, "keydown", lambda event: self._zone_key(event, "hand"))
        listen(kitty, "keydown", lambda event: self._zone_key(event, "kitty"))
        listen(js.document, "keydown", self._global_key)

    # --- pointer: a press is a tap, unless it travels: then it is a drag ----------------------

    def _pointer_down(self, event: Event) -> None:
        pos = position_of(event.target)
        if pos is None or event.button != 0:
            return
        event.preventDefault()
        source = "kitty" if event.currentTarget.id == "kitty" else "hand"
        self.drag = Drag(pos, source, event)

    def _pointer_move(self, event: Event) -> None:
        drag = self.drag
        if drag is None or event.pointerId != drag.pointer:
            return
        if drag.ghost is None:
            # cards in the kitty are only tapped (back to the hand), never dragged
            if drag.source != "hand" or not drag.moved_enough(event):
                return
            drag.ghost = self._make_ghost(drag.pos)
        drag.ghost.style.left = f"{event.clientX}px"
        drag.ghost.style.top = f"{event.clientY}px"
        over = self._drop_zone(event)
        for zone in DROP_ZONES:
            by_id(zone).classList.toggle("drop-target", over == zone)

    def _make_ghost(self, pos: int) -> Element:
        ghost = js.document.createElement("div")
        ghost.className = "drag-ghost"
        ghost.innerHTML = self._dragged_cards_html(pos)
        js.document.body.appendChild(ghost)
        return ghost

    def _drop_zone(self, event: Event) -> str | None:
        """The drop zone under the pointer (looking through the ghost, which is under it)."""
        ghost = self.drag.ghost if self.drag else None
        if ghost is not None:
            ghost.style.display = "none"
        hit = js.document.elementFromPoint(event.clientX, event.clientY)
        if ghost is not None:
            ghost.style.display = ""
        zone = hit.closest("#table, #kitty") if hit else None
        return str(zone.id) if zone else None

    def _pointer_up(self, event: Event) -> None:
        drag, self.drag = self.drag, None
        if drag is None or event.pointerId != drag.pointer:
            return
        for zone in DROP_ZONES:
            by_id(zone).classList.remove("drop-target")
        if drag.ghost is None:
            self._tap(drag.pos, drag.source)
            return
        drag.ghost.remove()
        dropped = self._drop_zone(event)
        if dropped == "table" and self.page.table.phase == Phase.PLAY:
            self.page.play_selected()
        elif dropped == "kitty" and self._burying():
            self._put_in_kitty(drag.pos)

    def _pointer_cancel(self, event: Event) -> None:
        if self.drag and self.drag.ghost is not None:
            self.drag.ghost.remove()
        self.drag = None

    def _board_click(self, event: Event) -> None:
        # A tap on the table while the cards are dealt skips to the player's next decision;
        # at any other time it ends the pause on what just happened (a finished trick).
        if event.target.closest("#hand, #controls"):
            return
        if self.page.table.phase == Phase.DEAL:
            self.page.skip_animation()
        else:
            self.page.hurry_on()

    # --- what a tap or a drag means now -------------------------------------------------------

    def _burying(self) -> bool:
        table = self.page.table
        return table.phase == Phase.BURY and table.to_act == HUMAN

    def _tap(self, pos: int, source: str) -> None:
        clear_notice("illegal")  # (a refusal was about the cards chosen before)
        if not self._burying():
            self.page.screen.toggle(pos)
        elif source == "kitty":
            self.page.screen.take_from_bury(pos)
        else:
            self.page.screen.add_to_bury(pos, self.page.table.rules.kitty_size)
        self.page.render()

    def _put_in_kitty(self, pos: int) -> None:
        clear_notice("illegal")
        self.page.screen.add_to_bury(pos, self.page.table.rules.kitty_size)
        self.page.render()

    def _dragged_cards_html(self, pos: int) -> str:
        """In play a drag carries the whole selection (the dragged card joins it); else the
        one card."""
        view, screen = self.page.table.view(), self.page.screen
        if view.phase == Phase.PLAY and pos not in screen.selected:
            screen.selected.add(pos)
            self.page.render()
        positions = sorted(screen.selected) if view.phase == Phase.PLAY else [pos]
        trump = is_trump(view)
        return "".join(card_html(view.hand[i], lang=screen.lang, trump=trump(view.hand[i]))
                       for i in positions)

    # --- keyboard ---------------------------------------------------------------------------

    def _zone_key(self, event: Event, zone: str) -> None:
        """In the hand, or in the kitty while burying: ←/→ (↑/↓, Home, End) move between
        cards, Space/Enter act on one as a tap does (select it; while burying, put it in the
        kitty, or there take it back to the hand)."""
        cards = list(by_id(zone).querySelectorAll("[data-i]"))
        if not cards:
            return
        current = js.document.activeElement
        index = next((i for i, c in enumerate(cards) if c == current), -1)
        key = event.key
        moves = {"ArrowRight": index + 1, "ArrowDown": index + 1, "ArrowLeft": index - 1,
                 "ArrowUp": index - 1, "Home": 0, "End": len(cards) - 1}
        if key in moves:
            cards[max(0, min(len(cards) - 1, moves[key]))].focus()
            event.preventDefault()
        elif key in (" ", "Enter") and index >= 0:
            pos = int(str(cards[index].getAttribute("data-i")))  # (found by it: it has one)
            self._tap(pos, zone)
            # the tap redrew the cards: the keyboard stays on the same card, or where it was
            # when the card left for the kitty (or back to the hand); from an emptied kitty,
            # on that card in the hand
            refreshed = by_id(zone).querySelector(f'[data-i="{pos}"]')
            left = list(by_id(zone).querySelectorAll("[data-i]"))
            if not refreshed and left:
                refreshed = left[min(index, len(left) - 1)]
            if not refreshed:
                refreshed = by_id("hand").querySelector(f'[data-i="{pos}"]')
            if refreshed:
                refreshed.focus()
            event.preventDefault()

    def _global_key(self, event: Event) -> None:
        """P plays the selected cards, H asks for the hint, L shows the last trick (or the
        table again), U takes back the last decision (when undo is allowed): anywhere but in a
        form field, never while a dialog is open (the page behind it is not the player's), and
        not when switched off in the settings."""
        if (event.target.tagName in ("INPUT", "SELECT", "TEXTAREA") or self.page.dialogs.is_open()
                or not self.page.settings["shortcuts"] or event.ctrlKey or event.altKey
                or event.metaKey):
            return
        key = event.key.lower()
        if key == "p":
            self.page.play_selected()
        elif key == "h":
            self.page.show_hint()
        elif key == "u":
            self.page.undo()
        elif key == "l":
            button = by_id("controls").querySelector('button[data-action="last-trick"]')
            if button and not button.disabled:
                button.click()
