"""The game screen: renders seat 0's view, turns pointer/keyboard input into engine actions,
paces the bots' turns, and saves after every action. Runs under PyScript (main thread).

Rules are never judged here: the engine lists the bids, validates plays and refuses illegal
ones with a reason that is shown as it is.
"""

from __future__ import annotations

import asyncio
import json

import js
from pyodide.ffi import create_proxy

from engine.actions import Bid, Bury, Pass, Play, Snatch
from engine.cards import parse_cards
from engine.errors import GameError, SaveError
from engine.phase import Phase
from engine.scoring import JOKER_LEVELS

from . import render, storage
from .i18n import preferred_language, seat_name, t
from .players import make_players
from .table import HUMAN, Table

BID, BURY, DEAL, MATCH_OVER = Phase.BID, Phase.BURY, Phase.DEAL, Phase.MATCH_OVER
PLAY, RESULT, SNATCH = Phase.PLAY, Phase.RESULT, Phase.SNATCH
SAVE_KEY = "chaodipi.match"
SETTINGS_KEY = "chaodipi.settings"
DEFAULT_SETTINGS = {"tiers": {"1": "normal", "2": "normal", "3": "normal"}, "speed": "normal",
                    "lang": None}
# Pauses (ms) after events, by animation speed: the deal is quick, tricks are readable.
PAUSES = {
    "slow": {"CardDealt": 60, "BidMade": 900, "CardsPlayed": 700, "TrickWon": 1400,
             "ThrowFailed": 1800, "default": 500},
    "normal": {"CardDealt": 22, "BidMade": 600, "CardsPlayed": 420, "TrickWon": 900,
               "ThrowFailed": 1400, "default": 300},
    "fast": {"CardDealt": 6, "BidMade": 300, "CardsPlayed": 180, "TrickWon": 450,
             "ThrowFailed": 900, "default": 120},
    "instant": {"default": 0},  # ?speed=instant, for tests and the impatient
}
SLICE_MS = 20  # longest run of bot thinking before the browser gets the main thread back
DRAG_THRESHOLD = 8  # px a pointer must travel before a press becomes a drag


def by_id(name: str):
    return js.document.getElementById(name)


def url_param(name: str) -> str | None:
    """A query parameter of the page's URL (`?seed=7&speed=instant`), or None."""
    value = js.URLSearchParams.new(js.location.search).get(name)
    return str(value) if value else None  # JS null arrives as a falsy JsNull, not None


class App:
    def __init__(self) -> None:
        self.settings = self._load_settings()
        lang = self.settings.get("lang") or preferred_language(js.navigator.languages)
        self.screen = render.Screen(lang=lang)
        self.table: Table | None = None
        self.bury: list[int] = []  # hand positions chosen for the kitty, in order
        self.wake = asyncio.Event()
        self.skip = False  # the player asked to skip the animation to their next decision
        self.drag = None
        self._proxies = []
        self._notice_kind = ""
        speed = url_param("speed")  # ?speed=instant overrides the setting, for this visit
        self.speed_override = speed if speed in PAUSES else None

    # --- start-up ---------------------------------------------------------------------

    def start(self) -> None:
        self._listen()
        self._open_match()
        self.render()
        root = js.document.documentElement
        root.dataset.storage = storage.state()
        root.lang = "zh-Hans" if self.screen.lang == "zh" else "en"
        root.dataset.ready = "1"
        self._loop = asyncio.ensure_future(self._run())

    def _open_match(self) -> None:
        ok, text = storage.load(SAVE_KEY)
        if ok and text:
            try:
                self.table = Table.restore(text, *self._players(json.loads(text)["seed"]))
            except (SaveError, ValueError, KeyError, TypeError):
                aside = storage.set_aside(SAVE_KEY, text)
                self.notice(t("notice.bad_save", self.screen.lang, key=aside or "-"), "bad-save")
        if self.table is None:
            self._new_table(url_param("seed"))
        if storage.notice():
            self.notice(storage.notice(), "storage")

    def _new_table(self, seed: str | None = None) -> None:
        """A new match: from `seed` (the page's ?seed=, for the first match only), else a
        random one, so "new game" never deals the same cards again."""
        seed = int(seed) if seed and seed.isdigit() else int(js.Math.random() * 2_147_483_647)
        applied = self.table.actions if self.table else 0
        self.table = Table.new(seed, *self._players(seed))
        self.table.actions = applied  # data-actions only grows, across new matches too
        self._save()

    def _players(self, seed: int):
        return make_players(self.settings["tiers"], seed)

    # --- settings and saves ---------------------------------------------------------------

    def _load_settings(self) -> dict:
        ok, text = storage.load(SETTINGS_KEY)
        settings = json.loads(json.dumps(DEFAULT_SETTINGS))
        if ok and text:
            try:
                stored = json.loads(text)
                settings["tiers"].update({k: v for k, v in stored.get("tiers", {}).items()
                                          if k in ("1", "2", "3")
                                          and v in ("easy", "normal", "hard")})
                if stored.get("speed") in PAUSES:
                    settings["speed"] = stored["speed"]
                if stored.get("lang") in ("zh", "en"):
                    settings["lang"] = stored["lang"]
            except (ValueError, AttributeError):
                storage.set_aside(SETTINGS_KEY, text)
        return settings

    def _save_settings(self) -> None:
        storage.save(SETTINGS_KEY, json.dumps(self.settings))

    def _save(self) -> None:
        if not storage.save(SAVE_KEY, self.table.save()) and storage.notice():
            self.notice(storage.notice(), "storage")

    # --- the loop that deals and lets bots play ----------------------------------------

    async def _run(self) -> None:
        while True:
            table = self.table
            if table.waiting_for_player() or table.phase == MATCH_OVER:
                self.skip = False
                self.wake.clear()
                await self.wake.wait()
                continue
            try:
                events = await self._step_in_slices(table)
            except Exception as err:  # a bot bug must not freeze the table: show it
                self.notice(f"{type(err).__name__}: {err}", "error")
                js.console.error(str(err))
                await asyncio.sleep(1)
                continue
            self._tell(events)
            self._save()
            self.render()
            await asyncio.sleep(self._pause(events) / 1000)

    async def _step_in_slices(self, table: Table):
        """Take the next automatic step, giving the browser the main thread back every
        SLICE_MS while a searching bot thinks (no long tasks, the page stays responsive)."""
        steps = table.step_in_slices()
        started = js.performance.now()
        while True:
            try:
                next(steps)
            except StopIteration as done:
                return done.value
            if js.performance.now() - started >= SLICE_MS:
                await asyncio.sleep(0)
                started = js.performance.now()

    def _pause(self, events) -> float:
        if self.skip:
            return 0
        pauses = PAUSES[self.speed_override or self.settings["speed"]]
        return max((pauses.get(e.kind, pauses["default"]) for e in events
                    if e.kind != "PhaseChanged"), default=0)

    def _tell(self, events) -> None:
        """Show the latest notable event in words (bids, trump, throws, tricks, kitty)."""
        lines = [line for e in events if (line := render.event_line(e, self.screen.lang))]
        if lines:
            by_id("log").textContent = " · ".join(lines)

    def _after_player_action(self, events) -> None:
        self._tell(events)
        self.screen.selected.clear()
        self.screen.show_last_trick = False
        self.bury = []
        self.clear_notice("illegal")
        self._save()
        self.render()
        self.wake.set()

    # --- rendering ------------------------------------------------------------------------

    def render(self) -> None:
        view = self.table.view()
        lang = self.screen.lang
        root = js.document.documentElement
        root.dataset.phase = view.phase
        root.dataset.turn = "" if view.to_act is None else str(view.to_act)
        root.dataset.actions = str(self.table.actions)  # grows with every applied action
        by_id("status").innerHTML = render.status_html(view, lang)
        for seat in (1, 2, 3):
            box = by_id(f"seat-{render.POSITION[seat]}")
            box.innerHTML = render.seat_html(view, seat, lang)
            box.classList.toggle("to-act", view.to_act == seat)
        by_id("seat-south").classList.toggle("to-act", view.to_act == HUMAN)
        self._render_table(view)
        self._render_kitty(view)
        focused = self._position_of(js.document.activeElement)
        by_id("hand").innerHTML = render.hand_html(view, self.screen, set(self.bury))
        if focused is not None:  # a redraw keeps the keyboard where it was
            card = by_id("hand").querySelector(f'[data-i="{focused}"]') or by_id(
                "hand").querySelector("[data-i]")
            if card:
                card.focus()
        by_id("hand").setAttribute("aria-label", t("seat.0", lang))
        by_id("controls").innerHTML = self._controls_html(view)
        by_id("prompt").textContent = self._prompt(view)

    def _render_table(self, view) -> None:
        zone = by_id("table")
        if view.phase in (RESULT, MATCH_OVER):
            zone.innerHTML = render.result_html(view, self.screen.lang)
        else:
            zone.innerHTML = render.trick_html(view, self.screen)

    def _render_kitty(self, view) -> None:
        zone = by_id("kitty")
        lang = self.screen.lang
        label = t("zone.kitty", lang)
        if view.phase == BURY and view.to_act == HUMAN:
            cards = "".join(render.card_html(view.hand[i], i, False, lang, "buried")
                            for i in self.bury)
            count = t("prompt.bury_count", lang, n=len(self.bury))
            zone.innerHTML = f'<span class="zone-label">{label} · {count}</span>{cards}'
        elif view.kitty is not None and view.phase in (RESULT, MATCH_OVER, SNATCH, PLAY):
            cards = "".join(render.card_html(c, lang=lang, extra_class="small")
                            for c in view.kitty)
            zone.innerHTML = f'<span class="zone-label">{label}</span>{cards}'
        else:
            zone.innerHTML = f'<span class="zone-label">{label}</span>'

    def _controls_html(self, view) -> str:
        lang = self.screen.lang
        b = render.button
        parts = []
        mine = view.to_act == HUMAN
        if view.phase == DEAL:
            parts.append(render.bid_buttons(self.table.bid_choices(), view, self.screen))
            parts.append(b("skip", t("button.skip", lang)))
        elif view.phase == BID and mine:
            parts.append(render.bid_buttons(self.table.bid_choices(), view, self.screen))
            parts.append(b("pass", t("button.pass", lang), primary=True))
        elif view.phase == BURY and mine:
            parts.append(b("hint", t("button.hint", lang)))
            parts.append(b("bury", t("button.bury", lang),
                           enabled=len(self.bury) == view.rules.kitty_size, primary=True))
        elif view.phase == SNATCH and mine:
            parts.append(render.bid_buttons(self.table.bid_choices(), view, self.screen,
                                            snatch=True))
            parts.append(b("pass", t("button.pass_snatch", lang), primary=True))
        elif view.phase == PLAY:
            parts.append(b("hint", t("button.hint", lang), enabled=mine))
            parts.append(b("play", t("button.play", lang), enabled=mine, primary=True))
            done = any(tr.winner is not None for tr in view.tricks)
            parts.append(b("last-trick", t("button.last_trick", lang), enabled=done))
        elif view.phase == RESULT:
            parts.append(b("next-round", t("button.next_round", lang), primary=True))
        elif view.phase not in (MATCH_OVER,):
            parts.append(b("skip", t("button.skip", lang)))
        parts.append('<span class="menu">')
        parts.append(b("new-game", t("button.new_game", lang), minor=True))
        parts.append(b("settings", t("button.settings", lang), minor=True))
        parts.append(b("help", t("button.help", lang), minor=True))
        parts.append("</span>")
        return "".join(parts)

    def _prompt(self, view) -> str:
        lang = self.screen.lang
        if view.to_act is None:
            return t(f"phase.{view.phase}", lang)
        if view.to_act != HUMAN:
            return t("prompt.wait", lang, seat=seat_name(view.to_act, lang))
        if view.phase == BID:
            return t("prompt.bid", lang)
        if view.phase == BURY:
            return t("prompt.bury", lang)
        if view.phase == SNATCH:
            return t("prompt.snatch", lang)
        trick = view.current_trick
        if trick is None:
            return t("prompt.lead", lang)
        return t("prompt.follow", lang, n=len(trick.plays[0][1]))

    # --- notices --------------------------------------------------------------------------

    def notice(self, text: str, kind: str = "") -> None:
        box = by_id("notice")
        box.textContent = text
        box.dataset.kind = kind
        box.hidden = False

    def clear_notice(self, kind: str) -> None:
        box = by_id("notice")
        if box.getAttribute("data-kind") == kind:
            box.hidden = True
            box.dataset.kind = ""

    # --- input ----------------------------------------------------------------------------

    def _on(self, target, event: str, handler) -> None:
        proxy = create_proxy(handler)
        self._proxies.append(proxy)  # keep it alive as long as the page
        target.addEventListener(event, proxy)

    def _listen(self) -> None:
        hand, kitty = by_id("hand"), by_id("kitty")
        self._on(hand, "pointerdown", self._pointer_down)
        self._on(kitty, "pointerdown", self._pointer_down)
        self._on(js.document, "pointermove", self._pointer_move)
        self._on(js.document, "pointerup", self._pointer_up)
        self._on(js.document, "pointercancel", self._pointer_cancel)
        self._on(by_id("controls"), "click", self._control_click)
        self._on(by_id("controls"), "change", self._control_change)
        self._on(by_id("board"), "click", self._board_click)
        self._on(hand, "keydown", self._hand_key)
        self._on(js.document, "keydown", self._global_key)

    def _position_of(self, element) -> int | None:
        card = element.closest("[data-i]") if element else None
        return int(card.getAttribute("data-i")) if card else None

    def _pointer_down(self, event) -> None:
        pos = self._position_of(event.target)
        if pos is None or event.button != 0:
            return
        event.preventDefault()
        source = "kitty" if event.currentTarget.id == "kitty" else "hand"
        self.drag = {"pos": pos, "x": event.clientX, "y": event.clientY, "ghost": None,
                     "source": source, "id": event.pointerId}

    def _pointer_move(self, event) -> None:
        drag = self.drag
        if drag is None or event.pointerId != drag["id"]:
            return
        dx, dy = event.clientX - drag["x"], event.clientY - drag["y"]
        if drag["ghost"] is None:
            if dx * dx + dy * dy < DRAG_THRESHOLD * DRAG_THRESHOLD or drag["source"] != "hand":
                return
            drag["ghost"] = self._make_ghost(drag["pos"])
        ghost = drag["ghost"]
        ghost.style.left = f"{event.clientX}px"
        ghost.style.top = f"{event.clientY}px"
        over = self._drop_zone(event)
        for zone in ("table", "kitty"):
            by_id(zone).classList.toggle("drop-target", over == zone)

    def _make_ghost(self, pos: int):
        view = self.table.view()
        if view.phase == PLAY and pos not in self.screen.selected:
            self.screen.selected.add(pos)
            self.render()
        positions = sorted(self.screen.selected) if view.phase == PLAY else [pos]
        ghost = js.document.createElement("div")
        ghost.className = "drag-ghost"
        ghost.innerHTML = "".join(render.card_html(view.hand[i], lang=self.screen.lang)
                                  for i in positions)
        js.document.body.appendChild(ghost)
        return ghost

    def _drop_zone(self, event) -> str | None:
        ghost = self.drag and self.drag.get("ghost")
        if ghost is not None:
            ghost.style.display = "none"
        hit = js.document.elementFromPoint(event.clientX, event.clientY)
        if ghost is not None:
            ghost.style.display = ""
        zone = hit.closest("#table, #kitty") if hit else None
        return str(zone.id) if zone else None

    def _pointer_up(self, event) -> None:
        drag, self.drag = self.drag, None
        if drag is None or event.pointerId != drag["id"]:
            return
        for zone in ("table", "kitty"):
            by_id(zone).classList.remove("drop-target")
        if drag["ghost"] is None:
            self._tap(drag["pos"], drag["source"])
            return
        drag["ghost"].remove()
        zone = self._drop_zone(event)
        phase = self.table.phase
        if zone == "table" and phase == PLAY:
            self.play_selected()
        elif zone == "kitty" and phase == BURY:
            self._add_to_bury(drag["pos"])

    def _pointer_cancel(self, event) -> None:
        if self.drag and self.drag["ghost"] is not None:
            self.drag["ghost"].remove()
        self.drag = None

    def _tap(self, pos: int, source: str) -> None:
        if self.table.phase == BURY and self.table.match.to_act == HUMAN:
            if source == "kitty":
                self.bury.remove(pos)
            else:
                self._add_to_bury(pos)
            self.render()
            return
        selected = self.screen.selected
        selected.symmetric_difference_update({pos})
        self.render()

    def _add_to_bury(self, pos: int) -> None:
        if pos not in self.bury and len(self.bury) < self.table.match.rules.kitty_size:
            self.bury.append(pos)
        self.render()

    def _board_click(self, event) -> None:
        # A tap on the table while cards are dealt skips the animation.
        if self.table.phase == DEAL and not event.target.closest("#hand, #controls"):
            self.skip = True

    def _control_change(self, event) -> None:
        name = event.target.getAttribute("data-name")
        if name == "rank":
            self.screen.joker_rank = event.target.value
        elif name == "suit":
            self.screen.joker_suit = event.target.value

    def _control_click(self, event) -> None:
        button = event.target.closest("button[data-action]")
        if not button or button.disabled:
            return
        action = button.getAttribute("data-action")
        arg = button.getAttribute("data-arg") or ""
        handler = {
            "play": lambda: self.play_selected(),
            "hint": lambda: self.show_hint(),
            "pass": lambda: self.do(Pass(HUMAN)),
            "bid": lambda: self.bid(arg, Bid),
            "snatch": lambda: self.bid(arg, Snatch),
            "bury": lambda: self.bury_selected(),
            "next-round": lambda: self.do_next_round(),
            "skip": lambda: self.skip_animation(),
            "last-trick": lambda: self.toggle_last_trick(),
            "new-game": lambda: self.ask_new_game(),
            "settings": lambda: self.open_dialog("settings"),
            "help": lambda: self.open_dialog("help"),
        }.get(action)
        if handler:
            handler()

    def _hand_key(self, event) -> None:
        """Keyboard: ←/→ move between cards, Space/Enter select, P play, H hint."""
        cards = list(by_id("hand").querySelectorAll("[data-i]"))
        if not cards:
            return
        current = js.document.activeElement
        index = next((i for i, c in enumerate(cards) if c == current), -1)
        key = event.key
        if key in ("ArrowRight", "ArrowLeft"):
            step = 1 if key == "ArrowRight" else -1
            target = cards[max(0, min(len(cards) - 1, index + step))]
            target.focus()
            event.preventDefault()
        elif key in (" ", "Enter") and index >= 0:
            pos = int(cards[index].getAttribute("data-i"))
            self._tap(pos, "hand")
            refreshed = by_id("hand").querySelector(f'[data-i="{pos}"]')
            if refreshed:
                refreshed.focus()
            event.preventDefault()

    def _global_key(self, event) -> None:
        if event.target.tagName in ("INPUT", "SELECT", "TEXTAREA"):
            return
        key = event.key.lower()
        if key == "p" and self.table.phase == PLAY:
            self.play_selected()
        elif key == "h":
            self.show_hint()

    # --- the player's actions ----------------------------------------------------------

    def do(self, action) -> bool:
        try:
            events = self.table.act(action)
        except GameError as err:
            self.notice(t("notice.illegal", self.screen.lang,
                          reason=err.message(self.screen.lang)), "illegal")
            return False
        self._after_player_action(events)
        return True

    def play_selected(self) -> None:
        view = self.table.view()
        if view.phase != PLAY or view.to_act != HUMAN:
            return
        cards = tuple(view.hand[i] for i in sorted(self.screen.selected))
        self.do(Play(HUMAN, cards))

    def bury_selected(self) -> None:
        view = self.table.view()
        self.do(Bury(HUMAN, tuple(view.hand[i] for i in self.bury)))

    def bid(self, arg: str, kind) -> None:
        cards = tuple(parse_cards(arg))
        if self.table.view().level in JOKER_LEVELS:
            suit = self.screen.joker_suit if len(cards) < 3 else None
            self.do(kind(HUMAN, cards, self.screen.joker_rank, suit))
        else:
            self.do(kind(HUMAN, cards))

    def show_hint(self) -> None:
        suggestion = self.table.hint()
        if suggestion is None:
            return
        view = self.table.view()
        cards = list(getattr(suggestion, "cards", ()))
        positions = []
        for i, c in enumerate(view.hand):
            if c in cards:
                cards.remove(c)
                positions.append(i)
        if view.phase == BURY:
            self.bury = positions
        else:
            self.screen.selected = set(positions)
        self.render()

    def do_next_round(self) -> None:
        try:
            events = self.table.next_round()
        except GameError:
            return
        self._after_player_action(events)

    def skip_animation(self) -> None:
        self.skip = True
        self.wake.set()

    def toggle_last_trick(self) -> None:
        self.screen.show_last_trick = not self.screen.show_last_trick
        self.render()

    # --- dialogs ------------------------------------------------------------------------

    def ask_new_game(self) -> None:
        self.open_dialog("confirm-new")

    def open_dialog(self, name: str) -> None:
        dialog = by_id("dialog")
        lang = self.screen.lang
        b = render.button
        if name == "help":
            body = render.help_html(lang) + b("close", t("button.close", lang), primary=True)
        elif name == "confirm-new":
            body = (f"<p>{t('prompt.new_game', lang)}</p>"
                    + b("confirm-new", t("button.confirm", lang), primary=True)
                    + b("close", t("button.cancel", lang)))
        else:
            body = self._settings_html() + b("close", t("button.close", lang), primary=True)
        dialog.innerHTML = body
        dialog.dataset.name = name
        if not dialog.open:
            dialog.showModal()

    def _settings_html(self) -> str:
        lang = self.screen.lang
        rows = [f"<h2>{t('settings.title', lang)}</h2>"]
        for seat in ("1", "2", "3"):
            options = "".join(
                f'<option value="{tier}"{" selected" if self.settings["tiers"][seat] == tier else ""}>'  # noqa: E501
                f"{t('tier.' + tier, lang)}</option>" for tier in ("easy", "normal", "hard"))
            label = t("settings.tier", lang, seat=seat_name(int(seat), lang))
            rows.append(f'<label>{label} <select data-setting="tier-{seat}">{options}'
                        f"</select></label>")
        speeds = "".join(
            f'<option value="{s}"{" selected" if self.settings["speed"] == s else ""}>'
            f"{t('speed.' + s, lang)}</option>" for s in ("slow", "normal", "fast"))
        rows.append(f'<label>{t("settings.speed", lang)} <select data-setting="speed">{speeds}'
                    f"</select></label>")
        langs = "".join(f'<option value="{code}"{" selected" if lang == code else ""}>{name}'
                        f"</option>" for code, name in (("zh", "中文"), ("en", "English")))
        rows.append(f'<label>{t("settings.language", lang)} <select data-setting="lang">'
                    f"{langs}</select></label>")
        return "".join(rows)

    def dialog_click(self, event) -> None:
        button = event.target.closest("button[data-action]")
        if not button:
            return
        dialog = by_id("dialog")
        action = button.getAttribute("data-action")
        if action == "confirm-new":
            dialog.close()
            self._new_table()
            self._after_player_action([])
        elif action == "close":
            dialog.close()

    def dialog_change(self, event) -> None:
        setting = event.target.getAttribute("data-setting")
        value = event.target.value
        if setting and setting.startswith("tier-"):
            self.settings["tiers"][setting[5:]] = value
            bots, adviser = self._players(self.table.match.seed)
            self.table.bots, self.table.adviser = bots, adviser
        elif setting == "speed":
            self.settings["speed"] = value
        elif setting == "lang":
            self.settings["lang"] = value
            self.screen.lang = value
            js.document.documentElement.lang = "zh-Hans" if value == "zh" else "en"
            self.open_dialog("settings")
        self._save_settings()
        self.render()


def main() -> App:
    app = App()
    dialog = by_id("dialog")
    app._on(dialog, "click", app.dialog_click)
    app._on(dialog, "change", app.dialog_change)
    app.start()
    return app
