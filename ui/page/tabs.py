"""One tab plays a save at a time, and no action applied in any tab is ever lost.

tabs.js says which tab holds the game (a Web Lock, or a BroadcastChannel where locks are
missing) and carries a take-over from one tab to another. This module is the page's side of
it: a tab that does not hold the game shows it as it stands, says it is open elsewhere and
offers to take it over (`data-action="take-over"`); a tab that loses it saves what it has
not saved yet, stops accepting actions and says so. `html[data-tab]` is "holding" or
"elsewhere".

Behind both, a tab never writes its save over one it did not write: before each save it
reads the stored one, and if another tab changed it, this tab has lost the game (that holds
even where neither Web Locks nor BroadcastChannel exist).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

import js
from pyodide.ffi import create_proxy, to_js

from ui.logic import storage
from ui.logic.i18n import t
from ui.logic.screen import Screen
from ui.page.dom import by_id, child, listen

if TYPE_CHECKING:
    from js import Event

HOLDING, ELSEWHERE = "holding", "elsewhere"


class Saves(Protocol):
    """What the tabs ask of the save (ui.page.saved_match.SavedMatch)."""

    def save(self) -> None: ...
    def reopen(self) -> None: ...


class WaitingDeal(Protocol):
    """A deal confirmed in this tab while another held the game (ui.page.share.Links): it
    waits for the take-over, or for the player to forget it."""

    def waiting(self) -> bool: ...
    def forget_waiting(self) -> None: ...


class Tabs:
    def __init__(self, key: str, screen: Screen, saves: Saves, deal: WaitingDeal) -> None:
        self.key = key  # the save's key in storage
        self.screen = screen  # (its language, for the box's words)
        self.saves = saves
        self.deal = deal
        self.holding = False
        self.written: str | None = None  # the save as this tab last read or wrote it
        self._lost_proxy = create_proxy(self._lost)  # kept: JS calls it later
        js.chaodipiTab.onLost = self._lost_proxy
        listen(by_id("elsewhere"), "click", self._click)

    async def claim(self) -> bool:
        """Whether this tab holds the game now (else it shows where it is)."""
        if storage.state() == storage.DENIED:  # nothing is shared: nothing to hold
            self.holding = True
        else:
            self.holding = bool(await js.chaodipiTab.claim())
        js.document.documentElement.dataset.tabLock = js.chaodipiTab.kind
        self._show()
        return self.holding

    def is_holding(self) -> bool:
        return self.holding

    # --- the save ---------------------------------------------------------------------------

    def read(self) -> tuple[bool, str | None]:
        """The save to play: after a take-over, the one the tab that let go handed over (this
        tab's storage may not show that tab's last write yet: it is stored again here), else
        the stored one."""
        handed = js.chaodipiTab.handed()  # (a JS null: nothing handed over)
        if isinstance(handed, str) and storage.save(self.key, handed):
            self.written = handed
            return True, handed
        ok, text = storage.load(self.key)
        if ok:
            self.written = text
        return ok, text

    def may_write(self) -> bool:
        """Whether this tab may write its save now: it holds the game, and the stored save is
        the one it last read or wrote (else another tab has played on: this one lost)."""
        if not self.holding:
            return False
        ok, stored = storage.load(self.key)
        if ok and stored is not None and self.written is not None and stored != self.written:
            self._stop()
            return False
        return True

    def wrote(self, text: str) -> None:
        self.written = text

    # --- losing and taking over -------------------------------------------------------------

    def _lost(self) -> None:
        """tabs.js: another tab is taking the game. Save what this one has not saved yet (it
        waits for that), then stop."""
        if self.holding:
            self.saves.save()
        self._stop(self.written if self.holding else None)

    def _stop(self, leaves: str | None = None) -> None:
        """Stop acting; `leaves`: the save to hand to the tab taking over, this tab's last
        (None where this tab found it had lost the game already: the stored one is newer)."""
        if self.holding:
            self.holding = False
            self._show()
        js.chaodipiTab.released(leaves)

    def _click(self, event: Event) -> None:
        if event.target.closest('button[data-action="forget-deal"]'):
            self.deal.forget_waiting()
            return
        button = event.target.closest('button[data-action="take-over"]')
        if button and not button.disabled:
            button.disabled = True
            js.chaodipiTab.takeOver().then(create_proxy(self._taken))

    def _taken(self, taken: object = None) -> None:
        """tabs.js has taken the game over, or lost it to a tab that took it over at the same
        moment: this tab holds it only if it holds the lock now. Then the latest save is
        opened (a deal that waited for this is then played: ui.page.share)."""
        self.holding = bool(taken) and bool(js.chaodipiTab.holding())
        if self.holding:
            self.saves.reopen()  # the latest save, as the other tab left it
        self._show()

    def _show(self) -> None:
        js.document.documentElement.dataset.tab = HOLDING if self.holding else ELSEWHERE
        box = by_id("elsewhere")
        box.hidden = self.holding
        if not self.holding:
            self.render()

    def remind(self) -> None:
        """An action tried in a tab that does not hold the game: point at why nothing moves."""
        box = by_id("elsewhere")
        box.scrollIntoView(to_js({"block": "nearest"}, dict_converter=js.Object.fromEntries))
        child(box, "button").focus()

    def render(self) -> None:
        """The words of the box, in the page's language, and while a deal from a link waits
        for the take-over, that it does, with a button to forget it."""
        lang = self.screen.lang
        box = by_id("elsewhere")
        waiting = self.deal.waiting()
        child(box, "p").textContent = t("tabs.elsewhere", lang) + (
            " " + t("tabs.deal_waiting", lang) if waiting else "")
        button = child(box, 'button[data-action="take-over"]')
        button.textContent = t("tabs.take_over", lang)
        button.disabled = False
        forget = box.querySelector('button[data-action="forget-deal"]')
        if waiting and not forget:
            forget = js.document.createElement("button")
            forget.setAttribute("type", "button")
            forget.dataset.action = "forget-deal"
            box.appendChild(forget)
        if forget:
            if waiting:
                forget.textContent = t("tabs.forget_deal", lang)
            else:
                forget.remove()
