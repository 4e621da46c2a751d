"""Nothing the page reads can stop the game from starting (issue 30, item 2, the page's side).

The page reads the match's save, its settings, its statistics and the guided hand's save
from storage, and the link and query of its address: text anyone can edit. Hypothesis feeds
10,500 of them (real ones mutated: characters flipped, inserted, deleted, doubled, cut short,
deep nesting, huge numbers, unicode digits; JSON values replaced; and random text) to the
DOM-free readers the page calls (ui.logic). Each is read, or refused with the engine's own
error (a GameError, with words in zh and en), or set aside under another key and said
(settings, statistics): no other exception, no RecursionError, in bounded time.
"""

from __future__ import annotations

import functools
import json
import math
from urllib.parse import parse_qsl, quote

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.actions import NextRound
from engine.bots import make_bot
from engine.driver import play_round
from engine.errors import GameError
from engine.match import Match
from engine.record import RecordInfo, record_code
from ui.logic import settings as page_settings
from ui.logic import share, stats, storage
from ui.logic.players import make_players
from ui.logic.saved_match import Query, read_query, read_save, seed_of
from ui.logic.table import Table
from ui.logic.tutorial import SEED, TIERS, Tutorial, saved_state

# Examples by reader: 10,500 in all.
EXAMPLES = {"save": 2000, "save fields": 500, "settings": 2000, "stats": 1800,
            "tutorial": 1500, "link": 1700, "query": 1000}
FUZZ = functools.partial(settings, deadline=None, derandomize=True,
                         suppress_health_check=[HealthCheck.too_slow,
                                                HealthCheck.data_too_large])
BOTS = {"1": "normal", "2": "easy", "3": "hard"}


class Memory:
    """localStorage's three calls, on a dict."""

    def __init__(self, items: dict[str, str] | None = None) -> None:
        self.items = dict(items or {})

    def getItem(self, key):
        return self.items.get(key)

    def setItem(self, key, value):
        self.items[key] = value

    def removeItem(self, key):
        self.items.pop(key, None)


@pytest.fixture(autouse=True)
def no_storage():
    yield
    storage.use(None)


# --- what the page really stores and is given -----------------------------------------------

@functools.cache
def played() -> tuple[Match, Match]:
    """A match in its third round, and one at the end of its first round."""
    def bots(seed):
        return [make_bot("random", s, seed, bid_chance=0.3) for s in range(4)]

    later = Match(31)
    for _ in range(2):
        play_round(later, bots(31))
        later.apply(NextRound())
    for _ in range(30):
        later.apply(later.a_legal_action())
    done = Match(32)
    play_round(done, bots(32))
    return later, done


@functools.cache
def saves() -> tuple[str, ...]:
    later, done = played()
    table = Table(later, {})
    table.undo_rounds = {1, 2}
    return (table.save(), Table(done, {}).save())


@functools.cache
def settings_texts() -> tuple[str, ...]:
    chosen = page_settings.defaults()
    chosen.update(speed="fast", lang="zh", undo=True)
    chosen["tiers"]["2"] = "hard"
    return (json.dumps(chosen), json.dumps(page_settings.defaults()), '{"lang": "en"}')


@functools.cache
def stats_texts() -> tuple[str, ...]:
    _, done = played()
    counted = stats.Statistics()
    counted.count(done, "normal")
    counted.count(done, "hard", undo_used=True)
    return (counted.to_json(), stats.Statistics().to_json())


@functools.cache
def tutorial_texts() -> tuple[str, ...]:
    tutorial = Tutorial.new(*make_players(TIERS, SEED))
    for _ in range(60):
        if tutorial.table.waiting_for_player():
            break
        tutorial.table.step()
    tutorial.seen = {"welcome", "TrumpDecided"}
    return (tutorial.save(), '{"state": "skipped"}', '{"state": "done"}')


@functools.cache
def fragments() -> tuple[str, ...]:
    _, done = played()
    info = RecordInfo(("you", "hard", "normal", "easy"))
    deal = record_code(Match(done.seed, done.rules, done.start), info)
    return ("#replay=" + record_code(done, info), "#deal=" + deal, "#deal=" + record_code(done))


QUERIES = ("?seed=5&speed=instant", "?speed=fast", "?embed=1", "?seed=123456789012345678",
           "?seed=-7&embed=1&speed=slow", "?utm_source=blog&seed=3")

# --- mutations --------------------------------------------------------------------------------

SPECIAL = ["[" * 10_000, "{\"a\":" * 5000, "[" * 100_000, "[" * 30 + "]" * 30, "1" * 5000,
           "9" * 400, "-1", "0", "1e999", "NaN", "-Infinity", "true", "null", '"', "\\",
           "\\u0000", "²", "١٢", "一", "\x00", "\ud800", "..", "_", "-", "m", "x", "c1", "=",
           "&", "%", "%00", "%ZZ", "+", "#", "eNoDAAAAAAE", "0-0", "9-0", " ", "\n",
           "<script>", "\u202e"]
payloads = st.one_of(
    st.sampled_from(SPECIAL),
    st.text(alphabet=st.sampled_from(list('[]{}",:\\0123456789-.eE²١ aAzZ_=m&%\n')),
            max_size=12),
    st.text(max_size=8),
)


@st.composite
def mutated(draw, texts):
    """One of `texts`, changed one to three times: a character replaced, text inserted, a
    piece deleted or doubled, or the text cut short."""
    text = draw(st.sampled_from(texts))
    for _ in range(draw(st.integers(1, 3))):
        kind = draw(st.sampled_from(["replace", "insert", "delete", "double", "cut"]))
        at = draw(st.integers(0, len(text)))
        size = draw(st.integers(1, 40))
        if kind == "replace":
            text = text[:at] + draw(payloads) + text[at + 1:]
        elif kind == "insert":
            text = text[:at] + draw(payloads) + text[at:]
        elif kind == "delete":
            text = text[:at] + text[at + size:]
        elif kind == "double":
            text = text[:at + size] + text[at:]
        else:
            text = text[:at]
    return text


def any_text(texts):
    """A mutated real text, a random one, or a hostile one as it is."""
    return st.one_of(mutated(texts), mutated(texts), mutated(texts), st.text(max_size=200),
                     st.sampled_from(SPECIAL))


json_values = st.recursive(
    st.one_of(st.none(), st.booleans(), st.integers(), st.integers(-3, 200),
              st.sampled_from([10**100, -10**40, 2**63, 4.0, 1.5, math.inf, math.nan, "²",
                               "", "normal", "hard", "instant", "zh", "running", "skipped",
                               "done", "rounds", "undo", "mixed"]),
              st.text(max_size=6)),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=5), inner,
                                                               max_size=3),
    max_leaves=8)


def paths(node, here=()):
    """Every place in parsed JSON: the path of keys and indexes to it."""
    yield here
    if isinstance(node, dict):
        for key, value in node.items():
            yield from paths(value, (*here, key))
    elif isinstance(node, list):
        for index, value in enumerate(node):
            yield from paths(value, (*here, index))


@st.composite
def edited(draw, texts, keys):
    """A JSON text with one to three of its values replaced, removed, or added (under one
    of `keys`)."""
    data = json.loads(draw(st.sampled_from(texts)))
    for _ in range(draw(st.integers(1, 3))):
        path = draw(st.sampled_from(list(paths(data))))
        value = draw(json_values)
        if not path:
            data = value
            continue
        parent = data
        for step in path[:-1]:
            parent = parent[step]
        kind = draw(st.sampled_from(["set", "set", "remove", "add"]))
        if kind == "set":
            parent[path[-1]] = value
        elif kind == "remove":
            del parent[path[-1]]
        elif isinstance(parent, dict):
            parent[draw(st.sampled_from(keys))] = value
        else:
            parent.insert(path[-1], value)
        if not isinstance(data, dict | list):
            break
    return json.dumps(data)


# --- the properties -----------------------------------------------------------------------------

def refused(err: GameError) -> None:
    assert isinstance(err, GameError) and err.en and err.zh


@FUZZ(max_examples=EXAMPLES["save"])
@given(st.one_of(any_text(saves()),
                 edited(saves(), ["seed", "rules", "undo_rounds", "earlier", "history",
                                  "hand_size", "step", "version"])))
def test_a_save_is_resumed_or_refused_with_the_engines_error(text):
    try:
        table = read_save(text, BOTS)
    except GameError as err:
        refused(err)
        return
    assert isinstance(table, Table)
    assert read_save(table.save(), BOTS).match.history_length == table.match.history_length


@FUZZ(max_examples=EXAMPLES["save fields"])
@given(edited(saves(), ["seed", "rules", "undo_rounds", "start", "format"]))
def test_a_save_with_values_of_other_types_is_resumed_or_refused(text):
    try:
        read_save(text, BOTS)
    except GameError as err:
        refused(err)


@FUZZ(max_examples=EXAMPLES["settings"])
@given(st.one_of(any_text(settings_texts()),
                 edited(settings_texts(), ["tiers", "speed", "lang", "undo", "1", "sound"])))
def test_settings_are_read_or_set_aside_and_said(text):
    memory = Memory({page_settings.KEY: text})
    storage.use(memory)
    try:
        parsed = page_settings.parse(text)
    except GameError as err:
        refused(err)
        parsed = None
    got, aside = page_settings.read()
    if text and parsed is None:  # set aside (kept, for the page to say where), defaults used
        assert got == page_settings.defaults() and memory.items[aside] == text
    else:
        assert aside is None and got == (parsed or page_settings.defaults())
        assert page_settings.parse(json.dumps(got)) == got


@FUZZ(max_examples=EXAMPLES["stats"])
@given(st.one_of(any_text(stats_texts()),
                 edited(stats_texts(), ["rows", "seen", "version", "normal", "matches"])))
def test_statistics_are_read_or_set_aside_and_said(text):
    memory = Memory({stats.KEY: text})
    storage.use(memory)
    outcome = stats.load()
    if outcome.aside is None:
        assert text == "" or stats.Statistics.from_json(text) == outcome.stats
    else:
        assert memory.items[outcome.aside] == text and outcome.stats == stats.Statistics()
        assert json.loads(memory.items[stats.KEY]) == json.loads(stats.Statistics().to_json())


@FUZZ(max_examples=EXAMPLES["tutorial"])
@given(st.one_of(any_text(tutorial_texts()),
                 edited(tutorial_texts(), ["state", "match", "seen"])))
def test_a_guided_hand_is_resumed_or_refused_with_the_engines_error(text):
    try:
        state = saved_state(text)
    except GameError as err:
        refused(err)
        state = None
    try:
        tutorial = Tutorial.resume(text, *make_players(TIERS, SEED))
    except GameError as err:
        refused(err)
        return
    assert state is not None  # (what resumes has a state)
    if tutorial is not None:
        assert tutorial.table.match.seed == SEED and tutorial.state == "running"


@FUZZ(max_examples=EXAMPLES["link"])
@given(st.one_of(any_text(fragments()), st.sampled_from(fragments()).map(lambda f: f[:9])))
def test_a_link_is_opened_or_refused_with_the_engines_error(fragment):
    try:
        link = share.read_link(fragment)
    except GameError as err:
        refused(err)
        return
    if link is not None:
        assert link.kind in share.KINDS and (link.kind == share.DEAL
                                             or link.match.phase.round_over)
        share.deal_of_link(link, BOTS).match()  # (a deal link's deal begins a match)


@FUZZ(max_examples=EXAMPLES["query"])
@given(st.one_of(any_text(QUERIES),
                 st.builds(lambda seed, speed: f"?seed={quote(seed)}&speed={quote(speed)}",
                           st.text(max_size=30), st.text(max_size=10))))
def test_a_query_is_read_and_what_cannot_be_used_is_left_out_and_said(query):
    params = dict(parse_qsl(query.lstrip("?"), keep_blank_values=True))  # as URLSearchParams
    read = read_query(params)
    assert isinstance(read, Query)
    refused_names = {name for name, en, zh in read.refused}
    assert all(en and zh for _, en, zh in read.refused)
    if "seed" in refused_names:
        assert read.seed is None
        with pytest.raises(GameError):
            seed_of(params["seed"])
    elif params.get("seed"):
        assert read.seed == int(params["seed"])
        Match(read.seed)  # (a seed the page takes begins a match)
    assert read.speed is None or read.speed == params.get("speed")


# --- the cases of the issue, by name --------------------------------------------------------------

@pytest.mark.parametrize("text", ["[" * 10_000, "[" * 100_000, '{"a":' * 100_000,
                                  '{"state": "running", "match": ' + "[" * 100_000])
def test_deep_nesting_in_any_stored_key_is_refused_without_recursion(text):
    with pytest.raises(GameError):
        read_save(text, BOTS)
    with pytest.raises(GameError):
        page_settings.parse(text)
    with pytest.raises(stats.StatsError):
        stats.Statistics.from_json(text)
    with pytest.raises(GameError):
        saved_state(text)
    with pytest.raises(GameError):
        Tutorial.resume(text, *make_players(TIERS, SEED))


@pytest.mark.parametrize("seed", ["²", "١٢", "9" * 5000, "1" * 19, "5a", " 5", "5.0", "+5",
                                  "0x10", "--1", "\ud800"])
def test_a_seed_the_page_cannot_use_is_refused_and_said(seed):
    with pytest.raises(GameError) as refusal:
        seed_of(seed)
    assert "²" not in seed or "²" in refusal.value.en
    read = read_query({"seed": seed, "speed": "instant"})
    assert read.seed is None and read.speed == "instant"
    assert [name for name, _, _ in read.refused] == ["seed"]
    assert len(read.refused[0][1]) < 200  # (a 5,000-digit seed is shown cut short)


def test_a_seed_of_ascii_digits_is_taken():
    assert seed_of("5") == 5 and seed_of("-7") == -7 and seed_of(None) is None
    assert seed_of("9" * 18) == int("9" * 18) and seed_of("") is None
    assert read_query({"speed": "warp"}).refused[0][0] == "speed"
    assert read_query({}) == Query()


def test_a_save_with_unplayable_rules_is_refused():
    data = json.loads(saves()[1])
    for rules in ({"hand_size": 0}, {"step": 0}, {"hand_size": 30}, {"kitty_size": 999999}):
        data["rules"] = {**data["rules"], **rules}
        with pytest.raises(GameError):
            read_save(json.dumps(data), BOTS)
