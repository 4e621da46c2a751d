"""RulesConfig (engine.config): the ranges the game can play, said once and enforced when the
rules are made; the readers of saves, records and links refuse rules outside them."""

import dataclasses
import json

import pytest

from engine.bots import make_bot
from engine.cards import DECK_SIZE
from engine.config import DEFAULT_RULES, RANGE_OF, RULE_RANGES, RuleDifference, RulesConfig
from engine.driver import play_match, play_round
from engine.errors import GameError, RecordError, RulesError, SaveError
from engine.match import Match
from engine.record import read_code, read_record, record_code, record_text
from engine.save import load_match, save_match


def with_value(name, value):
    """The default rules with `name` set to `value` (and the kitty kept in step with a hand
    size, so that only `name` is out of its range)."""
    changes = {name: value}
    if name == "hand_size" and isinstance(value, int):
        changes["kitty_size"] = DECK_SIZE - 4 * value
    return changes


def test_the_ranges_name_every_setting_in_order_and_the_defaults_lie_in_them():
    assert [r.name for r in RULE_RANGES] == [f.name for f in dataclasses.fields(RulesConfig)]
    for spec in RULE_RANGES:
        assert spec.low <= getattr(DEFAULT_RULES, spec.name) <= spec.high
        assert spec.en and spec.zh and spec.rule.startswith("R")
    assert RANGE_OF["hand_size"].high == 38 and RANGE_OF["kitty_size"].low == 10


@pytest.mark.parametrize("spec", RULE_RANGES, ids=[r.name for r in RULE_RANGES])
def test_each_setting_takes_its_range_and_nothing_else(spec):
    for value in (spec.low, spec.high):
        changes = with_value(spec.name, value)
        if spec.name == "kitty_size":  # tied to the hand size: set both
            changes["hand_size"] = (DECK_SIZE - value) // 4
        if spec.name == "small_shutout_limit":
            changes["threshold"] = value + 1
        if spec.name == "threshold" and value <= DEFAULT_RULES.small_shutout_limit:
            changes["small_shutout_limit"] = value - 1
        assert getattr(RulesConfig(**changes), spec.name) == value
    for value in (spec.low - 1, spec.high + 1, True, 1.0, "3", None, 10**5000):
        with pytest.raises(RulesError) as err:
            RulesConfig(**with_value(spec.name, value))
        assert err.value.field == spec.name
        assert spec.name in err.value.en and spec.name in err.value.zh
        assert spec.en in err.value.en and spec.zh in err.value.zh


@pytest.mark.parametrize(("changes", "field"), [
    ({"hand_size": 30}, "kitty_size"),  # 162 - 4 × 30 = 42 cards left, not 10
    ({"kitty_size": 14}, "kitty_size"),
    ({"hand_size": 37, "kitty_size": 10}, "kitty_size"),
    ({"small_shutout_limit": 120}, "small_shutout_limit"),  # at the threshold: no keep band
    ({"threshold": 50}, "small_shutout_limit"),
])
def test_settings_tied_to_each_other_are_checked_together(changes, field):
    with pytest.raises(RulesError) as err:
        RulesConfig(**changes)
    assert err.value.field == field and isinstance(err.value, GameError)


def test_replace_checks_too():
    with pytest.raises(RulesError):
        dataclasses.replace(DEFAULT_RULES, step=0)


@pytest.mark.parametrize("data", [None, [], "x", 3, {"jokers": 9}, {1: 2}, {"step": "30"},
                                  {"step": True}, {"step": 30.0}, {"step": [[[]]]},
                                  {"hand_size": 0}, {"step": 0}, {"below_threshold_rise": 0}])
def test_from_dict_refuses_anything_else_with_a_rules_error(data):
    with pytest.raises(RulesError) as err:
        RulesConfig.from_dict(data)
    assert err.value.en and err.value.zh


def test_from_dict_reads_to_dict_and_leaves_out_settings_at_their_default():
    rules = RulesConfig(hand_size=30, kitty_size=42, threshold=100)
    assert RulesConfig.from_dict(rules.to_dict()) == rules
    assert RulesConfig.from_dict({"threshold": 100}) == RulesConfig(threshold=100)


def test_differences_list_the_settings_off_their_default_with_names_for_a_player():
    assert DEFAULT_RULES.differences() == []
    rules = RulesConfig(hand_size=30, kitty_size=42, kitty_multiplier=3)
    diffs = rules.differences()
    assert diffs == [("hand_size", 30, 38), ("kitty_size", 42, 10), ("kitty_multiplier", 3, 2)]
    assert all(isinstance(d, RuleDifference) for d in diffs)
    field, value, default = diffs[0]
    assert (field, value, default) == ("hand_size", 30, 38)
    assert diffs[0].label("en") == "cards in each hand" and diffs[0].label("zh") == "每人手牌张数"
    assert diffs[0].text("en") == "cards in each hand: 30 (default 38)"
    assert diffs[2].text("zh") == "抠底时底分的倍数：3（默认 2）"


def extremes(end):
    """Every setting at the low (or high) end of its range, the tied ones kept in step."""
    values = {r.name: getattr(r, end) for r in RULE_RANGES}
    values["kitty_size"] = DECK_SIZE - 4 * values["hand_size"]
    values["small_shutout_limit"] = min(values["small_shutout_limit"], values["threshold"] - 1)
    return RulesConfig(**values)


@pytest.mark.parametrize("rules", [extremes("low"), extremes("high"),
                                   RulesConfig(hand_size=20, kitty_size=82)],
                         ids=["lows", "highs", "20 cards"])
def test_rounds_play_save_and_record_at_the_ends_of_the_ranges(rules):
    m = Match(4, rules)
    players = [make_bot(tier, s, 4) for s, tier in enumerate(("random", "easy", "normal",
                                                               "random"))]
    play_match(m, players, rounds=3)
    assert load_match(save_match(m)).history == m.history
    assert read_code(record_code(m))[0].history == m.history
    assert read_record(record_text(m))[0].history == m.history


def test_the_hard_bot_plays_a_round_with_a_small_hand():
    rules = RulesConfig(hand_size=5, kitty_size=142)
    m = Match(2, rules)
    play_round(m, [make_bot("hard", s, 2, playouts=100) for s in range(4)])
    assert m.phase in ("result", "match-over")


@pytest.mark.parametrize("rules_part", ["0-999999", "0-0", "0-39", "1-0", "9-0", "8-0",
                                        "4-0", "10-99", "2-11"])
def test_a_code_with_unplayable_rules_is_refused(rules_part):
    with pytest.raises(RecordError) as err:
        read_code(f"c1.7..{rules_part}.0444.20261130.eNoDAAAAAAE")
    assert "rules cannot be played" in err.value.en and "规则无法进行" in err.value.zh


@pytest.mark.parametrize("changes", [{"hand_size": 0}, {"hand_size": 39}, {"step": 0},
                                     {"kitty_size": 0}, {"shutout_rise": 0},
                                     {"kitty_multiplier": -1}, {"threshold": 10**40}])
def test_a_save_or_record_with_unplayable_rules_is_refused(changes):
    m = Match(3)
    for _ in range(20):
        m.apply(m.a_legal_action())
    data = json.loads(save_match(m))
    data["rules"].update(changes)
    with pytest.raises(SaveError) as err:
        load_match(json.dumps(data))
    assert "rules cannot be played" in err.value.en and "规则无法进行" in err.value.zh
    text = record_text(Match(3, RulesConfig(threshold=100)))
    key, value = next(iter(changes.items()))
    edited = text.replace('[Rules "threshold=100"]', f'[Rules "threshold=100 {key}={value}"]')
    with pytest.raises(RecordError):
        read_record(edited)
