"""The player's settings (each bot's tier, the animation speed, the language, and switches such
as four-colour suits, sound, or being asked even with nothing to bid): their defaults,
reading them back from storage, the settings dialog's form, and the choices made in it.

Settings are stored as JSON that anyone can edit, so what is read back is checked: a value
this version does not know is refused (its default stays), and text that is not a settings
object at all (or is too long or nested too deep to be one: engine.limits.parse_json) is set
aside under another key, not lost, and the page says so. No DOM: tested on CPython.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable
from typing import Literal, TypedDict, TypeGuard, get_args

from engine.errors import GameError
from engine.limits import parse_json
from ui.logic import storage
from ui.logic.i18n import seat_name, t
from ui.logic.pacing import SPEEDS

KEY = "chaodipi.settings"
BOT_SEATS = ("1", "2", "3")  # as JSON object keys
TIERS = ("easy", "normal", "hard")
OFFERED_SPEEDS = ("slow", "normal", "fast")  # in the dialog; "instant" comes from ?speed=
LANGUAGES = (("zh", "中文"), ("en", "English"))
# On/off settings: four-colour suits (♣ green, ♦ blue), a sound on your turn and on tricks
# won, stopping to ask for a bid or snatch when none is possible, and allowing undo (悔牌:
# the player's last bid or play taken back, ui.logic.undo; such a round is marked), all off by
# default; and the single-key shortcuts (P play, H hint…), on by default (a speech-input or
# screen-reader user may need them off, WCAG 2.1.4).
Switch = Literal["four_colour", "sound", "ask_bids", "undo", "shortcuts"]
SWITCHES: tuple[Switch, ...] = get_args(Switch)
SWITCHED_ON: tuple[Switch, ...] = ("shortcuts",)
MAX_CHARS = 10_000  # the settings' JSON is about 200 characters
MAX_DEPTH = 4  # and nests 2 deep (the tiers)


class Settings(TypedDict):
    """The settings as stored (JSON) and as the page reads them."""

    tiers: dict[str, str]  # the bots' tiers, by seat ("1".."3")
    speed: str
    lang: str | None  # None: the browser's language
    four_colour: bool
    sound: bool
    ask_bids: bool
    undo: bool
    shortcuts: bool


def defaults() -> Settings:
    """Normal bots, normal speed, no language chosen (the browser's is used), switches off
    but the shortcuts."""
    return {"tiers": dict.fromkeys(BOT_SEATS, "normal"), "speed": "normal", "lang": None,
            "four_colour": False, "sound": False, "ask_bids": False, "undo": False,
            "shortcuts": True}


def parse(text: str) -> Settings:
    """Settings from their stored JSON: every known value kept, any other refused (the default
    stays). Raises a GameError (a ValueError) if the text is not a JSON settings object."""
    stored = parse_json(text, ("the settings", "设置"), MAX_CHARS, MAX_DEPTH)
    if not isinstance(stored, dict) or not isinstance(stored.get("tiers", {}), dict):
        raise GameError("the settings are not a settings object", "设置的格式不对")
    settings = defaults()
    for seat, tier in stored.get("tiers", {}).items():
        if seat in BOT_SEATS and _one_of(tier, TIERS):
            settings["tiers"][seat] = tier
    if _one_of(stored.get("speed"), SPEEDS):
        settings["speed"] = stored["speed"]
    if _one_of(stored.get("lang"), [code for code, _ in LANGUAGES]):
        settings["lang"] = stored["lang"]
    for switch in SWITCHES:
        value = stored.get(switch)
        if isinstance(value, bool):
            settings[switch] = value
    return settings


def _one_of(value: object, allowed: Iterable[str]) -> TypeGuard[str]:
    # A list or object in the JSON is no setting (and `in` would not compare it safely).
    return isinstance(value, str) and value in allowed


def load() -> Settings:
    """The stored settings, else the defaults; an unreadable copy is set aside, not lost."""
    return read()[0]


def read() -> tuple[Settings, str | None]:
    """`load()`, and the key an unreadable copy was set aside under ("-" if it could not be
    kept), else None: for the page to say so."""
    ok, text = storage.load(KEY)
    if not (ok and text):
        return defaults(), None
    try:
        return parse(text), None
    except ValueError:  # (the GameError of parse)
        return defaults(), storage.set_aside(KEY, text) or "-"


def save(settings: Settings) -> None:
    """Store the settings (where storage is refused they last as long as the page)."""
    storage.save(KEY, json.dumps(settings))


def change(settings: Settings, name: str | None, value: str | bool) -> str | None:
    """Apply a choice made in the dialog: `name` is the control's `data-setting` ("tier-1",
    "speed", "lang", or a switch, whose value is the checkbox's state). Returns which setting
    changed ("tiers", "speed", "lang" or the switch), or None (nothing changed) for a control
    or value it does not know."""
    name = name or ""
    seat = name.removeprefix("tier-")
    if name.startswith("tier-") and seat in BOT_SEATS and _one_of(value, TIERS):
        settings["tiers"][seat] = value
        return "tiers"
    if name == "speed" and _one_of(value, SPEEDS):
        settings["speed"] = value
        return "speed"
    if name == "lang" and _one_of(value, [code for code, _ in LANGUAGES]):
        settings["lang"] = value
        return "lang"
    switch = _switch(name)
    if switch is not None and isinstance(value, bool):
        settings[switch] = value
        return switch
    return None


def _switch(name: str) -> Switch | None:
    """The switch named `name`, if it is one."""
    return next((switch for switch in SWITCHES if switch == name), None)


def dialog_html(settings: Settings, lang: str, speed_override: str | None = None) -> str:
    """The settings form: a tier for each bot, the animation speed, the language. With the
    address's `?speed=` in force (`speed_override`), the speed shown is that one (offered
    for this visit if it is not otherwise) and a line below says where it comes from: the
    player's choice here ends it (ui.page.app)."""
    rows = [f"<h2>{t('settings.title', lang)}</h2>"]
    for seat in BOT_SEATS:
        label = t("settings.tier", lang, seat=seat_name(int(seat), lang))
        tiers = _options(TIERS, settings["tiers"][seat], lambda tier: t("tier." + tier, lang))
        rows.append(f'<label>{label} <select data-setting="tier-{seat}">{tiers}</select></label>')
    offered: tuple[str, ...] = OFFERED_SPEEDS
    speed = settings["speed"]
    if speed_override is not None:
        speed = speed_override
        offered += () if speed in offered else (speed,)
    speeds = _options(offered, speed, lambda s: t("speed." + s, lang))
    rows.append(f'<label>{t("settings.speed", lang)} <select data-setting="speed">{speeds}'
                f"</select></label>")
    if speed_override is not None:
        rows.append(f'<p class="note">{t("settings.speed_override", lang)}</p>')
    names = dict(LANGUAGES)
    langs = _options(names, lang, names.get)
    rows.append(f'<label>{t("settings.language", lang)} <select data-setting="lang">'
                f"{langs}</select></label>")
    for switch in SWITCHES:
        checked = " checked" if settings[switch] else ""
        rows.append(f'<label class="switch">{t("settings." + switch, lang)} <input '
                    f'type="checkbox" data-setting="{switch}"{checked}></label>')
    return "".join(rows)


def _options(values: Iterable[str], chosen: str, label: Callable[[str], str | None]) -> str:
    return "".join(f'<option value="{v}"{" selected" if v == chosen else ""}>{label(v)}</option>'
                   for v in values)
