"""Where the keyboard is: kept, or moved on to the next sensible place, when the page rebuilds
the hand, the kitty and the buttons (after every step), never dropped to <body> (where the
next Tab would start again from the top of the page)."""

from __future__ import annotations

import js

from ui.page.dom import by_id


def where_it_is() -> tuple[str, str] | None:
    """What has the keyboard, if the page is about to rebuild it: a button under the hand
    (by its action), the kitty or the hand (whose cards keep it while there are some)."""
    active = js.document.activeElement
    if not active or not getattr(active, "closest", None):  # (not every node has closest)
        return None
    button = active.closest("#controls button[data-action]")
    if button:
        return "action", str(button.getAttribute("data-action"))
    if active.closest("#kitty"):
        return "kitty", ""
    if active.closest("#hand"):
        return "hand", ""
    return None


def put_back(had: tuple[str, str] | None, acted: bool) -> None:
    """After a rebuild, the keyboard stays where it was or goes on to the next sensible
    place, never to <body> (where the next Tab starts again from the top): the same
    button if it is still there and usable (and did not just act), else a card (of the
    kitty it was in, or the hand's selected or first usable one), else the decision's
    main button (Next round), else the hand itself (empty, while cards are dealt or the
    last trick is played)."""
    if had is None:
        return
    kind, action = had
    active = js.document.activeElement
    # (a redraw leaves unchanged buttons in place: after an action, the one that acted has
    # the keyboard still, and it goes on as if the button had been rebuilt)
    lost = not active or active == js.document.body or bool(
        acted and getattr(active, "closest", None) and active.closest("#controls"))
    empty_hand = kind == "hand" and not by_id("hand").querySelector("[data-i]")
    if not (lost or empty_hand):
        return
    controls = by_id("controls")
    # (after an action applied, not the button that did it: the next decision's cards)
    same = (controls.querySelector(f'button[data-action="{action}"]')
            if action and not acted else None)
    if same and not same.disabled:
        same.focus()
        return
    hand = by_id("hand")
    card = (by_id("kitty").querySelector("[data-i]") if kind == "kitty" else None) \
        or hand.querySelector('[data-i][aria-selected="true"]') \
        or hand.querySelector('[data-i]:not([aria-disabled="true"])') \
        or hand.querySelector("[data-i]")
    target = card or controls.querySelector("button.primary:not(:disabled)")
    if target:
        target.focus()
    elif lost:
        hand.focus()
