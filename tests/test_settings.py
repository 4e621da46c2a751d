"""The player's settings (ui/logic/settings.py): read back from storage with anything unknown
refused, changed from the dialog, and the dialog's form. On CPython, with a stand-in for
localStorage."""

import json
import re

import pytest

from ui.logic import settings, storage


class MemoryStorage:
    """localStorage's three calls, on a dict."""

    def __init__(self, items=None):
        self.items = dict(items or {})

    def getItem(self, key):
        return self.items.get(key)

    def setItem(self, key, value):
        self.items[key] = value

    def removeItem(self, key):
        self.items.pop(key, None)


@pytest.fixture
def stored():
    backend = MemoryStorage()
    storage.use(backend)
    yield backend.items
    storage.use(None)


def test_defaults_are_normal_bots_normal_speed_and_the_browser_language():
    assert settings.defaults() == {"tiers": {"1": "normal", "2": "normal", "3": "normal"},
                                   "speed": "normal", "lang": None, "four_colour": False,
                                   "sound": False, "ask_bids": False, "undo": False,
                                   "shortcuts": True}
    first = settings.defaults()
    first["tiers"]["1"] = "hard"
    assert settings.defaults()["tiers"]["1"] == "normal", "each call is a fresh copy"


def test_parse_keeps_known_values():
    text = json.dumps({"tiers": {"1": "easy", "3": "hard"}, "speed": "instant", "lang": "zh"})
    assert settings.parse(text) == {"tiers": {"1": "easy", "2": "normal", "3": "hard"},
                                    "speed": "instant", "lang": "zh", "four_colour": False,
                                    "sound": False, "ask_bids": False, "undo": False,
                                    "shortcuts": True}


@pytest.mark.parametrize("stored_value", [
    {"tiers": {"1": "godlike", "0": "easy", "4": "hard"}},  # unknown tier, not a bot's seat
    {"tiers": {"2": ["hard"]}, "speed": ["fast"], "lang": {"zh": 1}},  # not even strings
    {"speed": "warp", "lang": "fr"},
    {"speed": None, "lang": None, "extra": 1},
])
def test_parse_refuses_unknown_values_and_keeps_the_defaults(stored_value):
    assert settings.parse(json.dumps(stored_value)) == settings.defaults()


@pytest.mark.parametrize("text", ["not json", "[1, 2]", '"normal"', '{"tiers": ["easy"]}',
                                  '{"tiers": null}'])
def test_parse_raises_a_value_error_for_what_is_no_settings_object(text):
    with pytest.raises(ValueError):
        settings.parse(text)


def test_load_gives_defaults_without_storage_or_stored_settings(stored):
    assert settings.load() == settings.defaults()
    storage.use(None)  # on CPython there is no browser: storage is refused
    assert settings.load() == settings.defaults()


def test_save_then_load_gives_the_same_settings(stored):
    chosen = {"tiers": {"1": "easy", "2": "hard", "3": "normal"}, "speed": "fast", "lang": "en",
              "four_colour": True, "sound": False, "ask_bids": True, "undo": True,
              "shortcuts": False}
    settings.save(chosen)
    assert json.loads(stored[settings.KEY]) == chosen
    assert settings.load() == chosen


def test_unreadable_settings_are_set_aside_not_lost(stored):
    stored[settings.KEY] = "{broken"
    assert settings.load() == settings.defaults()
    assert stored[settings.KEY + ".bad-1"] == "{broken"


def test_change_applies_known_choices_and_says_which():
    s = settings.defaults()
    assert settings.change(s, "tier-2", "hard") == "tiers" and s["tiers"]["2"] == "hard"
    assert settings.change(s, "speed", "slow") == "speed" and s["speed"] == "slow"
    assert settings.change(s, "lang", "zh") == "lang" and s["lang"] == "zh"


@pytest.mark.parametrize(("name", "value"), [
    ("tier-0", "hard"), ("tier-1", "godlike"), ("speed", "warp"), ("lang", "fr"),
    ("volume", "11"), (None, "x"), ("", "")])
def test_change_refuses_unknown_choices_and_changes_nothing(name, value):
    s = settings.defaults()
    assert settings.change(s, name, value) is None
    assert s == settings.defaults()


def selected_in_each_select(html: str) -> dict:
    """{data-setting: the value of its selected option (None if none is)} for each <select>."""
    out = {}
    for select in re.findall(r"<select.*?</select>", html):
        name = re.search(r'data-setting="([^"]+)"', select)[1]
        chosen = re.findall(r'<option value="([^"]+)" selected>', select)
        assert len(chosen) <= 1
        out[name] = chosen[0] if chosen else None
    return out


def test_dialog_shows_each_setting_with_the_current_choice_selected():
    s = {**settings.defaults(), "tiers": {"1": "easy", "2": "normal", "3": "hard"},
         "speed": "fast", "lang": "en"}
    html = settings.dialog_html(s, "en")
    assert html.startswith("<h2>Settings</h2>")
    assert selected_in_each_select(html) == {"tier-1": "easy", "tier-2": "normal",
                                             "tier-3": "hard", "speed": "fast", "lang": "en"}
    assert "East: bot strength" in html and "Hard</option>" in html
    assert 'value="instant"' not in html, "instant is for tests (?speed=instant), not offered"
    zh = settings.dialog_html(s, "zh")
    assert zh.startswith("<h2>设置</h2>") and "右家：电脑水平" in zh
    assert selected_in_each_select(zh)["lang"] == "zh", "the language shown is the one chosen"


def test_switches_are_read_back_only_as_booleans_and_changed_by_their_checkbox():
    text = json.dumps({"four_colour": True, "sound": "yes", "ask_bids": 1})
    got = settings.parse(text)
    assert got["four_colour"] is True
    assert got["sound"] is False and got["ask_bids"] is False, "only true booleans count"
    assert settings.change(got, "sound", True) == "sound" and got["sound"] is True
    assert settings.change(got, "sound", "on") is None and got["sound"] is True
    form = settings.dialog_html(got, "en")
    assert 'data-setting="four_colour" checked' in form
    assert 'data-setting="ask_bids">' in form


def test_the_single_key_shortcuts_are_on_until_switched_off_and_remembered(stored):
    s = settings.defaults()
    assert s["shortcuts"] is True
    assert settings.change(s, "shortcuts", False) == "shortcuts" and s["shortcuts"] is False
    settings.save(s)
    assert settings.load()["shortcuts"] is False
    assert settings.parse('{"shortcuts": "no"}')["shortcuts"] is True  # not a bool: refused
    form = settings.dialog_html(s, "en")
    assert 'data-setting="shortcuts"' in form and "Single-key shortcuts" in form
    assert 'data-setting="shortcuts" checked' not in form


def test_undo_is_off_until_allowed_and_remembered(stored):
    s = settings.defaults()
    assert s["undo"] is False
    assert 'data-setting="undo">' in settings.dialog_html(s, "en")
    assert "Allow undo" in settings.dialog_html(s, "en")
    assert "允许悔牌" in settings.dialog_html(s, "zh")
    assert settings.change(s, "undo", True) == "undo" and s["undo"] is True
    settings.save(s)
    assert settings.load()["undo"] is True
    assert 'data-setting="undo" checked' in settings.dialog_html(s, "en")
    assert settings.parse('{"undo": 1}')["undo"] is False  # not a bool: refused


def test_the_address_speed_is_the_one_shown_and_said_to_come_from_the_address():
    s = {**settings.defaults(), "speed": "slow", "lang": "en"}
    plain = settings.dialog_html(s, "en")
    assert "?speed=" not in plain and selected_in_each_select(plain)["speed"] == "slow"
    for override in ("instant", "fast"):
        html = settings.dialog_html(s, "en", override)
        assert selected_in_each_select(html)["speed"] == override, "the speed playing is shown"
        assert html.count(f'value="{override}"') == 1
        assert "comes from the address (?speed=), for this visit only" in html
        assert "这个速度来自网址" in settings.dialog_html(s, "zh", override)
    assert "Instant</option>" in settings.dialog_html(s, "en", "instant")
    assert "瞬间</option>" in settings.dialog_html(s, "zh", "instant")
