"""The player's statistics (ui/logic/stats.py): what a finished round and a finished match count,
read from the engine's result; counted once per round; the stored value refused when edited,
set aside and replaced; storage refused or full; reset; the dialog's table. On CPython, with a
stand-in for localStorage."""

import json
from functools import cache

import pytest

from engine.actions import NextRound
from engine.bots import make_bot
from engine.driver import play_round
from engine.match import Match, Start
from ui.logic import stats, storage
from ui.logic.players import make_players
from ui.logic.table import Table


class MemoryStorage:
    """localStorage's three calls, on a dict; `full` makes every write fail with a quota."""

    def __init__(self, full=False):
        self.items, self.full = {}, full

    def getItem(self, key):
        return self.items.get(key)

    def setItem(self, key, value):
        if self.full:
            raise RuntimeError("QuotaExceededError: the quota has been exceeded")
        self.items[key] = value

    def removeItem(self, key):
        self.items.pop(key, None)


@pytest.fixture
def backend():
    memory = MemoryStorage()
    storage.use(memory)
    yield memory
    storage.use(None)


def random_bots(seed):
    return [make_bot("random", s, seed) for s in range(4)]


@cache
def finished(declarers: int, keep: bool, levels=("2", "2")) -> tuple[int, bool]:
    """(seed, dealer) of a first round whose declarers are `declarers`' team and keep the deal
    or not, among random bots (searched with the engine, so the cases hold whatever it
    deals)."""
    for seed in range(1, 200):
        dealer = declarers  # seat 0 or 1: that team declares
        match = Match(seed, start=Start(dealer=dealer, levels=levels))
        result = play_round(match, random_bots(seed))
        if result.declarers_keep == keep:
            return seed, dealer
    raise AssertionError(f"no round with declarers {declarers} keep={keep}")


def played(declarers: int, keep: bool, levels=("2", "2")) -> Match:
    seed, dealer = finished(declarers, keep, levels)
    match = Match(seed, start=Start(dealer=dealer, levels=levels))
    play_round(match, random_bots(seed))
    return match


# (the player's side declares, the declarers keep) -> the count that goes up
@pytest.mark.parametrize(("declarers", "keep", "field"), [
    (0, True, "declared_kept"),
    (0, False, "declared_lost"),
    (1, False, "attacked_took"),
    (1, True, "attacked_not"),
])
@pytest.mark.parametrize("undo_used", [False, True])
def test_a_round_counts_by_the_side_the_player_was_on_and_its_result(declarers, keep, field,
                                                                      undo_used):
    match = played(declarers, keep)
    result = match.round.result
    statistics = stats.Statistics()
    assert statistics.count(match, "normal", undo_used)
    row = statistics.rows["normal"]
    counted, apart = ("undo", "rounds") if undo_used else ("rounds", "undo")
    levels = result.rise if result.rising_team == 0 else 0
    assert row[counted] == {**dict.fromkeys(stats.ROUND_FIELDS, 0), field: 1, "levels": levels}
    assert not any(row[apart].values()), "rounds with undo are counted apart from the others"
    assert (row["matches"], row["won"]) == (0, 0), "a round is not a match"


def test_levels_gained_are_the_rise_the_engine_gave_the_players_side():
    gained = played(0, True)  # the player's side kept the deal: it rises
    lost = played(0, False)  # the attackers took it: they rise, not the player's side
    statistics = stats.Statistics()
    statistics.count(gained, "hard")
    statistics.count(lost, "hard")
    assert gained.round.result.rising_team == 0 and lost.round.result.rising_team == 1
    assert statistics.rows["hard"]["rounds"]["levels"] == gained.round.result.rise


@pytest.mark.parametrize(("declarers", "won"), [(0, 1), (1, 0)])
def test_a_match_over_counts_as_played_and_won_by_its_winner(declarers, won):
    match = played(declarers, True, levels=("BJ", "BJ"))  # declarers at 大王 keep: R5
    assert match.winner == declarers
    statistics = stats.Statistics()
    statistics.count(match, "easy")
    assert (statistics.rows["easy"]["matches"], statistics.rows["easy"]["won"]) == (1, won)


def test_a_round_is_counted_once_even_after_a_reload():
    match = played(0, True)
    statistics = stats.Statistics()
    assert statistics.count(match, "normal")
    assert not statistics.count(match, "normal"), "the same result shown twice"
    reloaded = stats.Statistics.from_json(statistics.to_json())
    assert not reloaded.count(match, "normal"), "the page reloaded on the result screen"
    assert reloaded.rows == statistics.rows
    match.apply(NextRound())  # the next round is another round
    assert not reloaded.count(match, "normal"), "a round not finished counts nothing"
    play_round(match, random_bots(match.seed))
    assert reloaded.count(match, "normal")
    assert sum(reloaded.total()["rounds"][f] for f in stats.ROUND_FIELDS[:4]) == 2


def test_round_keys_tell_matches_and_rounds_apart_and_the_kept_keys_are_bounded():
    first, other = played(0, True), played(0, False)
    assert stats.round_key(first) != stats.round_key(other)
    statistics = stats.Statistics(seen=[f"k{i}" for i in range(stats.SEEN_LIMIT)])
    assert statistics.count(first, "normal")
    assert len(statistics.seen) == stats.SEEN_LIMIT
    assert statistics.seen[-1] == stats.round_key(first) and "k0" not in statistics.seen


@pytest.mark.parametrize(("tiers", "row"), [
    ({"1": "normal", "2": "normal", "3": "normal"}, "normal"),
    ({"1": "hard", "2": "hard", "3": "hard"}, "hard"),
    ({"1": "easy", "2": "easy", "3": "easy"}, "easy"),
    ({"1": "easy", "2": "hard", "3": "easy"}, "mixed"),
])
def test_the_row_is_the_tier_all_three_bots_share_else_mixed(tiers, row):
    bots, _ = make_players(tiers, 7)
    assert stats.tier_of(bots) == row


def test_bots_of_no_settings_tier_count_as_mixed():
    assert stats.tier_of({s: make_bot("random", s, 1) for s in (1, 2, 3)}) == "mixed"
    assert stats.tier_of({}) == "mixed"


def valid() -> dict:
    statistics = stats.Statistics()
    statistics.count(played(0, True), "normal")
    return json.loads(statistics.to_json())


def edited(change) -> str:
    data = valid()
    change(data)
    return json.dumps(data)


@pytest.mark.parametrize("text", [
    "not json",
    "[]",
    '{"version": 1}',
    edited(lambda d: d.update(version=2)),
    edited(lambda d: d.update(extra=1)),
    edited(lambda d: d["rows"].update(godlike=d["rows"]["normal"])),
    edited(lambda d: d["rows"]["normal"].update(won=1)),  # more won than played
    edited(lambda d: d["rows"]["normal"].update(matches=-1)),
    edited(lambda d: d["rows"]["normal"].update(matches=True)),
    edited(lambda d: d["rows"]["normal"].update(matches=1.5)),
    edited(lambda d: d["rows"]["normal"]["rounds"].update(declared_kept="3")),
    edited(lambda d: d["rows"]["normal"]["undo"].pop("levels")),
    edited(lambda d: d.update(seen="abc")),
    edited(lambda d: d.update(seen=[1])),
    edited(lambda d: d.update(seen=["k"] * (stats.SEEN_LIMIT + 1))),
])
def test_an_edited_or_broken_entry_is_refused_with_a_reason(text):
    with pytest.raises(stats.StatsError) as refused:
        stats.Statistics.from_json(text)
    assert str(refused.value)


def test_record_stores_the_counts_and_reads_them_back(backend):
    match = played(1, False)
    outcome = stats.record(match, "hard")
    assert outcome.kept and outcome.aside is None
    again = stats.load()
    assert again.stats.rows == outcome.stats.rows
    assert again.stats.rows["hard"]["rounds"]["attacked_took"] == 1
    stats.record(match, "hard")  # shown again: nothing changes
    assert stats.load().stats.rows == outcome.stats.rows
    assert json.loads(backend.items[stats.KEY])["version"] == stats.VERSION


def test_a_bad_entry_is_set_aside_and_counting_starts_afresh(backend):
    backend.items[stats.KEY] = '{"version": 1, "rows": {"normal": "lots"}, "seen": []}'
    outcome = stats.record(played(0, True), "normal")
    assert outcome.aside == stats.KEY + ".bad-1"
    assert backend.items[outcome.aside] == '{"version": 1, "rows": {"normal": "lots"}, "seen": []}'
    assert outcome.kept
    assert stats.load().stats.rows["normal"]["rounds"]["declared_kept"] == 1
    assert stats.load().aside is None, "told once: the fresh entry replaced the bad one"


def test_a_bad_entry_that_cannot_be_set_aside_is_never_overwritten(backend):
    backend.items[stats.KEY] = "garbage"
    backend.full = True
    outcome = stats.record(played(0, True), "normal")
    assert (outcome.kept, outcome.aside) == (False, "-")
    assert backend.items == {stats.KEY: "garbage"}


def test_full_storage_reads_but_keeps_nothing(backend):
    stats.record(played(0, True), "normal")
    before = dict(backend.items)
    backend.full = True
    outcome = stats.record(played(0, False), "normal")
    assert not outcome.kept
    assert backend.items == before
    assert storage.state() == storage.FULL


def test_refused_storage_keeps_nothing_and_the_game_goes_on():
    storage.use(None)  # on CPython there is no browser: storage is refused
    outcome = stats.record(played(0, True), "normal")
    assert not outcome.kept and outcome.aside is None
    assert not stats.reset()


def test_reset_clears_the_counts_but_not_the_rounds_counted(backend):
    match = played(0, True)
    stats.record(match, "normal")
    assert stats.reset()
    assert stats.load().stats.rows == {}
    stats.record(match, "normal")  # its result still on the screen: not counted again
    assert stats.load().stats.rows == {}


def test_the_dialog_shows_a_row_per_tier_the_total_and_percentages():
    statistics = stats.Statistics()
    statistics.count(played(0, True), "easy")
    statistics.count(played(0, False), "hard")
    statistics.count(played(1, False), "hard", undo_used=True)
    html = stats.dialog_html(stats.Outcome(statistics, True), "en")
    rounds, undo = html.split('data-part="undo"')
    assert rounds.count('<th scope="row">') == 3  # easy, hard, total
    assert "Easy" in rounds and "Hard" in rounds and "Normal" not in rounds
    assert "<td>1/1<br><small>100%</small></td>" in rounds  # easy: kept as 庄家
    assert "<td>0/1<br><small>0%</small></td>" in rounds  # hard: lost as 庄家
    assert "<td>1/2<br><small>50%</small></td>" in rounds  # total: one kept of two
    assert "<td>0/0<br><small>–</small></td>" in rounds  # no match played to its end
    assert "Rounds where you used undo or played on from a review" in undo
    assert undo.count('<th scope="row">') == 2
    assert 'data-action="reset-stats"' in html
    assert "not being kept" not in html


def test_the_dialog_says_when_nothing_is_counted_or_kept_in_both_languages():
    fresh = stats.Outcome(stats.Statistics(), False)
    html = stats.dialog_html(fresh, "zh", "统计不会被保存")
    assert "统计" in html and "还没有打完的局" in html and "统计不会被保存" in html
    assert 'data-part="undo"' not in html
    english = stats.dialog_html(fresh, "en", "<b>")
    assert "No round finished yet" in english and "&lt;b&gt;" in english


def test_the_table_s_undo_flag_starts_false_and_a_new_round_clears_it():
    table = Table(played(0, True), {})
    assert table.undo_used_this_round is False
    table.undo_rounds.add(table.match.round.number)  # (as Table.undone marks it: ui.logic.undo)
    assert table.undo_used_this_round is True
    table.next_round()
    assert table.undo_used_this_round is False
