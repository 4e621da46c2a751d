"""Records of a match (engine.record): match → text → match and match → code → match give the
same match; an edited, reordered or truncated record, or a garbled code, is refused with a
RecordError that says where; the code decoder never raises anything else."""

import contextlib
import datetime
import random
import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine import events as ev
from engine.actions import NextRound, Play
from engine.bots import make_bot
from engine.codec import encode_actions
from engine.config import RulesConfig
from engine.driver import next_action, play_match
from engine.errors import GameError, RecordError
from engine.match import Match, Start
from engine.phase import Phase
from engine.record import RecordInfo, read_code, read_record, record_code, record_text
from engine.save import load_match, save_match

JOKERS = Start(3, 0, ("LJ", "K"))  # the 庄家's team at 小王: a bid names a rank and suit (R13)
INFO = RecordInfo(("you", "hard", "normal", "easy"), datetime.date(2026, 11, 30))


def bots(seed, tier="random"):
    return [make_bot(tier, s, seed, bid_chance=0.3) if tier == "random"
            else make_bot(tier, s, seed) for s in range(4)]


def steps(m, n, seed=0):
    players = bots(seed)
    for _ in range(n):
        if m.is_over:
            break
        m.apply(next_action(m, players))
    return m


def rounds(seed, k, rules=None, start=None, tier="random"):
    m = Match(seed, rules or RulesConfig(), start or Start())
    play_match(m, bots(seed, tier), rounds=k)
    return m


def with_failed_throw(seed=4):
    """A round in play whose leader tried a throw that failed (R19), with a penalty."""
    m = Match(seed, RulesConfig(throw_penalty_per_card=10))
    players = bots(seed)
    while m.phase != Phase.PLAY:
        m.apply(next_action(m, players))
    for _ in range(200):
        seat = m.to_act
        if m.round.current_trick is None:
            hand = m.hand(seat)
            trump = m.round.decided_trump
            for suit in "SHCD":
                plain = sorted({c for c in hand if c.suit == suit and not trump.is_trump(c)})
                if len(plain) >= 2:
                    trial = m.clone()
                    got = trial.apply(Play(seat, (plain[0], plain[1])))
                    if any(isinstance(e, ev.ThrowFailed) for e in got):
                        m.apply(Play(seat, (plain[0], plain[1])))
                        return steps(m, 3)
        m.apply(next_action(m, players))
    raise AssertionError("no failing throw found")


def same(a, b):
    assert save_match(a) == save_match(b)
    assert a.history == b.history and a.phase == b.phase and a.levels == b.levels
    assert [a.view(s) for s in range(4)] == [b.view(s) for s in range(4)]
    assert a.round.deck == b.round.deck and a.round.kitty == b.round.kitty


MATCHES = [
    ("the start", lambda: Match(3)),
    ("in the deal, after a bid", lambda: steps(Match(8), 40, seed=8)),
    ("in the bidding turn", lambda: steps(Match(2), 3 * 0 + 60, seed=2)),
    ("in the middle of a trick", lambda: steps(Match(5), 230, seed=5)),
    ("a round over", lambda: rounds(6, 1)),
    ("three rounds, normal bots", lambda: rounds(1, 3, tier="normal")),
    ("a whole match", lambda: rounds(2, 400, tier="easy")),
    ("other rules and start", lambda: rounds(7, 2, RulesConfig(kitty_multiplier=3, threshold=100),
                                             Start(4, 1, ("5", "J")))),
    ("a failed throw with a penalty", with_failed_throw),
    ("a joker level: bids name rank and suit", lambda: rounds(28, 1, start=JOKERS)),
    ("a snatch", lambda: rounds(36, 1, start=JOKERS)),
]


@pytest.mark.parametrize(("name", "make"), MATCHES, ids=[c[0] for c in MATCHES])
def test_text_and_code_give_back_the_same_match(name, make):
    m = make()
    text = record_text(m, INFO)
    again, info = read_record(text)
    same(again, m)
    assert info == INFO
    assert record_text(again, info) == text
    code = record_code(m, INFO)
    assert re.fullmatch(r"[A-Za-z0-9._-]+", code)
    again, info = read_code(code)
    same(again, m)
    assert info == INFO


def test_a_whole_match_reads_as_the_issue_asks():
    m = rounds(2, 400, tier="easy")
    assert m.is_over
    text = record_text(m, INFO)
    lines = text.splitlines()
    assert lines[:6] == ['[Event "炒地皮 Chao Di Pi"]', '[Record "1"]', '[Seed "2"]',
                         '[Seats "South: you, East: hard, North: normal, West: easy"]',
                         '[Date "2026-11-30"]', ""]
    assert lines[6].startswith("Round 1: level 2, dealer to be decided, first card to ")
    tricks = [ln for ln in lines if ln.startswith("Trick ")]
    assert sum(t.startswith("Trick 1:") for t in tricks) == m.round.number + 1
    assert all(re.fullmatch(r"Trick \d+: (\w+ [A-Z0-9 ]+, ){3}\w+ [A-Z0-9 ]+ → \w+ wins \d+, "
                            r"attackers \d+", t) for t in tricks)
    assert sum(ln.startswith("Kitty: ") for ln in lines) == m.round.number + 1
    assert sum(ln.startswith("Result: ") for ln in lines) == m.round.number + 1
    assert any(ln.startswith("Buried: ") for ln in lines)
    assert lines[-2].startswith("Match over: ") and lines[-1] == f"End: {m.history_length} moves"


def test_joker_level_bids_and_snatches_are_written_with_what_they_name():
    lines = record_text(rounds(28, 1, start=JOKERS)).splitlines()
    assert "Bid: East BJ BJ BJ as 9" in lines  # three jokers: no-trump, no suit named
    assert any(re.fullmatch(r"Bid: \w+ LJ as [2-9JQKA]0? [SHCD]", ln) for ln in lines)
    lines = record_text(rounds(36, 1, start=JOKERS)).splitlines()
    at = next(i for i, ln in enumerate(lines) if ln.startswith("Snatch: "))
    assert lines[at] == "Snatch: West BJ BJ as 10 H"
    assert lines[at + 1] == "Trump: level 10, suit H, after West's snatch"
    assert lines[at + 2].startswith("Buried: West ")


def test_a_failed_throw_shows_what_was_tried_and_what_was_led():
    m = with_failed_throw()
    line = next(ln for ln in record_text(m).splitlines() if "throw fails" in ln)
    assert re.search(r"\w+ \S+ \S+ \(throw fails, leads \S+; penalty 10\), ", line)


def test_one_round_of_a_match_is_a_record_of_its_own():
    m = rounds(1, 3, tier="normal")
    text = record_text(m, INFO, round_no=2)
    assert '[Start "round 2, dealer ' in text and "Round 3" not in text
    again, _ = read_record(text)
    assert again.round.number == 1 and again.phase == Phase.RESULT
    assert again.round.finished_tricks == rounds(1, 2, tier="normal").round.finished_tricks
    coded, _ = read_code(record_code(m, INFO, round_no=2))
    same(coded, again)
    with pytest.raises(RecordError, match="no round 9"):
        record_text(m, round_no=9)
    # the current round is read from where the match says it began, even in a resumed save
    resumed = load_match(save_match(m))
    assert record_text(resumed, INFO, round_no=3) == record_text(m, INFO, round_no=3)
    assert resumed._earlier is not None  # (its earlier rounds were not even decoded)
    assert record_text(resumed, INFO, round_no=3) != text


@settings(max_examples=6, deadline=None)
@given(seed=st.integers(-10**9, 10**9), n=st.integers(0, 700))
def test_any_seed_and_moment_round_trips(seed, n):
    m = steps(Match(seed), n, seed=seed)
    same(read_record(record_text(m))[0], m)
    same(read_code(record_code(m))[0], m)


# --- refusals -----------------------------------------------------------------------------

def line_of(text, prefix):
    lines = text.splitlines()
    return next(i for i, ln in enumerate(lines) if ln.startswith(prefix))


def edit_line(prefix, fn):
    def edit(text):
        lines = text.splitlines()
        i = line_of(text, prefix)
        lines[i] = fn(lines[i])
        return "\n".join(lines), i + 1
    return edit


def drop_line(prefix):
    def edit(text):
        lines = text.splitlines()
        i = line_of(text, prefix)
        del lines[i]
        return "\n".join(lines), i + 1
    return edit


def swap_tricks(text):
    lines = text.splitlines()
    i = line_of(text, "Trick 3:")
    lines[i], lines[i + 1] = lines[i + 1], lines[i]
    return "\n".join(lines), i + 1


def change_played_card(line):
    # the first play's first card becomes one nobody may hold twice over: 大王 ×4
    return re.sub(r": (\w+) [^,]+", r": \1 BJ BJ BJ BJ", line, count=1)


def truncate(text, n):
    lines = text.splitlines()
    return "\n".join(lines[:-n]), len(lines) - n


REFUSALS = [
    ("a changed card in a trick", edit_line("Trick 2:", change_played_card),
     "cannot be replayed"),
    ("a changed card in the kitty", edit_line("Kitty: ", lambda s: s.replace(" ", " BJ ", 1)),
     "replaying the moves before it gives"),
    ("a changed winner", edit_line("Trick 5:", lambda s: re.sub(r"wins \d+", "wins 99", s)),
     "replaying it gives"),
    ("a changed result", edit_line("Result: ", lambda s: s.replace("attackers", "attackers 1")),
     "replaying the moves before it gives"),
    ("a removed trick", drop_line("Trick 4:"), "cannot be replayed"),
    ("a removed bury", drop_line("Buried: "), ""),
    ("two tricks swapped", swap_tricks, ""),
    ("a seat that is not one", edit_line("Pass: ", lambda s: "Pass: Middle"), "not a seat"),
    ("a card that is not one", edit_line("Trick 1:", lambda s: s.replace(",", " X9,", 1)),
     "not a card"),
    ("a dealt count going back", edit_line("Dealt: 152", lambda s: "Dealt: 3"),
     "dealt already"),
    ("a line that is no move", edit_line("Trick 6:", lambda s: "Hello: world"),
     "not a move"),
    ("a seed changed", edit_line('[Seed "', lambda s: '[Seed "12"]'), ""),
    ("a seat label that is not one", edit_line("[Seats", lambda s: s.replace(
        "hard", "<script>alert(1)</script>")), "header"),
    ("an unknown tag", edit_line("[Date", lambda s: '[Color "red"]'), "unknown tag"),
    ("the End line changed", edit_line("End: ", lambda s: "End: 3 moves"), "moves replayed"),
]


@pytest.mark.parametrize(("name", "corrupt", "words"), REFUSALS, ids=[c[0] for c in REFUSALS])
def test_an_edited_record_is_refused_naming_its_line(name, corrupt, words):
    text = record_text(rounds(9, 1), INFO)
    edited, line_no = corrupt(text)
    with pytest.raises(RecordError) as err:
        read_record(edited)
    message = err.value.en
    assert words in message
    if "header" not in message:
        assert re.match(r"line (\d+) ", message), message
        assert int(re.match(r"line (\d+)", message).group(1)) >= line_no  # at or after the edit
    assert err.value.zh and err.value.zh != err.value.en


def test_a_truncated_record_is_refused_at_its_last_line():
    text = record_text(rounds(9, 1), INFO)
    cut, last = truncate(text, 2)  # the Result line is what must follow
    with pytest.raises(RecordError, match=rf"line {last} .*truncated .*'Result: "):
        read_record(cut)
    cut, last = truncate(text, 3)  # the last trick: a record of less must say where it ends
    with pytest.raises(RecordError, match=rf"line {last} .*truncated .*'End: "):
        read_record(cut)
    with pytest.raises(RecordError, match="truncated"):  # at a move: no End line
        read_record("\n".join(text.splitlines()[:40]))


@pytest.mark.parametrize("garbage", ["", "hello", "[Event \"x\"]", "\x00\x01" * 50,
                                     '[Event "炒地皮 Chao Di Pi"]\n[Record "2"]\n[Seed "1"]',
                                     "Round 1: level 2"])
def test_garbage_is_not_a_record(garbage):
    with pytest.raises(RecordError):
        read_record(garbage)


def test_a_record_written_by_hand_in_other_spacing_still_reads():
    m = rounds(9, 1)
    text = record_text(m).replace(": ", ":   ").replace("\n", "\r\n\n")
    same(read_record(text)[0], m)


# --- the code -------------------------------------------------------------------------------

def with_part(code, index, part):
    """The code with its section `index` (0 the version ... 6 the moves) replaced."""
    parts = code.split(".")
    parts[index] = part
    return ".".join(parts)


CODE_REFUSALS = [
    ("truncated", lambda c: c[:-9], "unreadable"),
    ("cut at a section", lambda c: c.rsplit(".", 1)[0], "not a record code"),
    ("another version", lambda c: "c9" + c[2:], "not a record code"),
    ("a seed that is not one", lambda c: c.replace("c1.9.", "c1.x9.", 1), "seed"),
    ("seats out of range", lambda c: with_part(c, 4, "0179"), "seats"),
    ("a day that is not one", lambda c: with_part(c, 5, "20261340"), "settings"),
    ("moves of another round", lambda c: with_part(c, 6, encode_actions(rounds(10, 1).history)),
     "cannot be replayed"),
]


@pytest.mark.parametrize(("name", "corrupt", "words"), CODE_REFUSALS,
                         ids=[c[0] for c in CODE_REFUSALS])
def test_an_edited_code_is_refused(name, corrupt, words):
    code = record_code(rounds(9, 1), INFO)
    with pytest.raises(RecordError, match=words):
        read_code(corrupt(code))


def test_the_code_decoder_raises_only_record_errors_on_random_and_mutated_codes():
    good = record_code(steps(Match(11), 260, seed=11), INFO)
    rng = random.Random(12)
    alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_.~=+/ %\x00é"
    tried = refused = 0
    for n in range(400):
        if n % 4 == 0:
            code = "".join(rng.choice(alphabet) for _ in range(rng.randrange(60)))
            if n % 8 == 0:
                code = "c1." + code
        else:
            chars = list(good)
            for _ in range(rng.randrange(1, 4)):
                at = rng.randrange(len(chars))
                kind = rng.randrange(3)
                if kind == 0:
                    chars[at] = rng.choice(alphabet)
                elif kind == 1:
                    del chars[at]
                else:
                    chars.insert(at, rng.choice(alphabet))
            code = "".join(chars)
        tried += 1
        try:
            read_code(code)
        except RecordError as err:
            assert err.en and err.zh
            refused += 1
        except Exception as err:  # anything else is a defect of the decoder
            raise AssertionError(f"{type(err).__name__} for {code!r}: {err}") from err
    assert refused > tried * 0.9  # nearly every mutation breaks the code


@settings(max_examples=60, deadline=None)
@given(st.text(max_size=80) | st.binary(max_size=80).map(lambda b: "c1.1....." + b.hex()))
def test_the_decoders_raise_only_record_errors_on_any_text(text):
    for reader in (read_code, read_record):
        with contextlib.suppress(RecordError):
            reader(text)


def test_errors_are_game_errors():
    assert issubclass(RecordError, GameError) and issubclass(RecordError, ValueError)


def test_next_round_lines_deal_the_next_round():
    m = rounds(1, 2, tier="normal")
    text = record_text(m)
    assert text.count("\nRound ") == 2
    assert sum(isinstance(a, NextRound) for a in read_record(text)[0].history) == 1


def test_the_command_prints_a_record_that_reads_back(capsys, tmp_path):
    from tools import record as tool

    assert tool.main(["--seed", "3", "--rounds", "1", "--date", "2026-01-02"]) == 0
    text = capsys.readouterr().out
    match, info = read_record(text)
    assert match.seed == 3 and match.phase == Phase.RESULT and match.round.number == 0
    assert info == RecordInfo(("normal",) * 4, datetime.date(2026, 1, 2))
    assert tool.main(["--seed", "3", "--rounds", "1", "--date", "", "--code"]) == 0
    coded, _ = read_code(capsys.readouterr().out.strip())
    same(coded, match)
    path = tmp_path / "edited.txt"
    path.write_text(text.replace("Trick 3:", "Trick 3: North SA,"), encoding="utf-8")
    assert tool.main(["--read", str(path)]) == 1
    assert "refused: line " in capsys.readouterr().err
