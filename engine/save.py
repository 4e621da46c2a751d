"""Saves: a match is its rules configuration, its seed and its action history (DESIGN
principle 4). Loading replays the history through the same validation as live play, so an
edited, truncated or reordered save is refused with a clear message, never half-loaded.

Version 2 keeps the current round's actions as readable JSON and the earlier rounds in the
compact code (engine.codec; one or more codes joined by ".", a new one appended each round)
with the position the current round was dealt from. Loading replays the current round only
and leaves the earlier rounds in their code until they are read, so resuming costs about the
same at round 1 and round 60, and a save grows by a few hundred bytes a round. The earlier
rounds are checked by `verify_steps`, which replays the whole match in slices (the page runs
it once the table is ready); a save whose earlier rounds do not lead where it resumes is
refused there. Version 1 saves (the whole history as JSON) still load, by replaying it all.
"""

from __future__ import annotations

import json
import re
import weakref
from collections.abc import Generator
from typing import Any

from .actions import Action, NextRound, action_from_json, action_to_json
from .codec import CodeError, decode_actions, encode_actions
from .config import RulesConfig
from .errors import ArgumentError, GameError, SaveError, reasons, shown
from .limits import MAX_ACTIONS, MAX_ROUNDS, parse_json
from .match import DEFAULT_START, Match, Start
from .phase import Phase

FORMAT = "chaodipi-match"
VERSION = 2
SUPPORTED_VERSIONS = (1, 2)
VERIFY_SLICE = 40  # actions replayed between two yields of verify_steps (~10 ms)
PART = "."  # between the codes of the earlier rounds (a code is base64url: never a ".")
CODE_CHARS = re.compile(r"[A-Za-z0-9_-]+(\.[A-Za-z0-9_-]+)*")

# The code of a match's earlier rounds, made once a round (a match's history only grows).
_EARLIER: weakref.WeakKeyDictionary[Match, tuple[int, str]] = weakref.WeakKeyDictionary()


def save_match(match: Match) -> str:
    """The match as versioned JSON (stable key order, so equal matches save identically).
    A match that did not begin at a real match's start also records its `start`."""
    if not isinstance(match, Match):
        raise ArgumentError(f"not a match: {shown(match)}", "不是一场比赛")
    data: dict[str, object] = {
        "format": FORMAT,
        "version": VERSION,
        "rules": match.rules.to_dict(),
        "seed": match.seed,
    }
    if match.start != DEFAULT_START:
        data["start"] = match.start.to_dict()
    at, checkpoint = match.round_start
    if at:
        data["earlier"] = {"actions": at, "from": checkpoint.to_dict(),
                           "code": _earlier_code(match, at)}
    data["history"] = [action_to_json(a) for a in match.history_since(at)]
    return json.dumps(data, ensure_ascii=False, separators=(",", ":"))


def _earlier_code(match: Match, at: int) -> str:
    """The code of the match's first `at` actions: the code it had, plus one for the rounds
    played since (so a save never decodes what it already holds)."""
    done, code = _EARLIER.get(match, (0, ""))
    if done > at:
        done, code = 0, ""
    if done < at:
        added = encode_actions(match.history_since(done)[:at - done])
        code = f"{code}{PART}{added}" if code else added
        _EARLIER[match] = (at, code)
    return code


def load_match(text: str) -> Match:
    """Rebuild a match from `save_match` output; SaveError says what is wrong with it. Of a
    version 2 save only the current round is replayed: `verify_steps` checks the rest."""
    data = _parse(text)
    rules, start = _settings(data)
    history = _actions(data.get("history"))
    earlier = data.get("earlier")
    if earlier is None:
        _check_rounds(start, start, history)
        match = Match(data["seed"], rules, start)
    else:
        count, checkpoint, code = _earlier(earlier)
        _check_rounds(start, checkpoint, history)
        match = Match.resume(data["seed"], rules, start, checkpoint, count,
                             lambda: _decode(code))
        _EARLIER[match] = (count, code)
    _replay(match, history, first=match.history_length + 1)
    return match


def verify_steps(text: str) -> Generator[int, None, None]:
    """Check a save completely, replaying its whole history from the start in slices (it
    yields the actions replayed so far between them); raises SaveError if anything is wrong,
    the earlier rounds of a version 2 save included."""
    data = _parse(text)
    rules, start = _settings(data)
    history = _actions(data.get("history"))
    match = Match(data["seed"], rules, start)
    earlier = data.get("earlier")
    if earlier is None:
        _check_rounds(start, start, history)
    else:
        count, checkpoint, code = _earlier(earlier)
        _check_rounds(start, checkpoint, history)
        for part in code.split(PART):  # a part at a time: each a slice's worth of decoding
            actions = _decode(part)
            yield match.history_length
            if match.history_length + len(actions) > count:
                raise SaveError("the save's earlier rounds hold more actions than it says",
                                "存档中之前各局的记录多于所称的步数")
            for done in range(0, len(actions), VERIFY_SLICE):
                first = match.history_length + 1
                _replay(match, actions[done:done + VERIFY_SLICE], first)
                yield match.history_length
        if match.history_length != count:
            raise SaveError("the save's earlier rounds do not hold the actions it says",
                            "存档中之前各局的记录与所称的步数不符")
        r = match.round
        reached = (match.phase, r.number, r.dealer, (match.levels[0], match.levels[1]))
        if reached != (Phase.DEAL, checkpoint.round_no, checkpoint.dealer, checkpoint.levels):
            raise SaveError("the save's earlier rounds do not lead to the round it resumes",
                            "存档中之前各局的记录与当前这一局对不上")
    _replay(match, history, first=match.history_length + 1)


def _check_rounds(start: Start, current: Start, history: list[Action]) -> None:
    """SaveError unless the save holds at most MAX_ROUNDS rounds: from its start to the round
    it resumes (`current`: where its earlier rounds lead, or its start), and any round its
    move list begins. A round a save resumes comes after its start."""
    if current is not start and current.round_no <= start.round_no:
        raise SaveError("the save's earlier rounds end before they begin",
                        "存档中之前各局的记录不对：结束在开始之前")
    rounds = current.round_no - start.round_no + 1 + sum(
        isinstance(a, NextRound) for a in history)
    if rounds > MAX_ROUNDS:
        raise SaveError(f"the save holds {rounds} rounds, more than the {MAX_ROUNDS} a match "
                        "may have", f"存档中有 {rounds} 局，超过一场比赛最多的 {MAX_ROUNDS} 局")


def _parse(text: str) -> dict[str, Any]:
    try:  # (bounded in size and depth: any string is read, or refused, in bounded time)
        data = parse_json(text, ("the save", "存档"))
    except GameError as err:
        raise SaveError(err.en, err.zh) from err
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise SaveError("this is not a Chao Di Pi save", "这不是炒地皮的存档")
    version = data.get("version")
    if type(version) is not int or version not in SUPPORTED_VERSIONS:  # (not True, not 2.0)
        raise SaveError(f"unknown save version {shown(version)}",
                        f"未知的存档版本 {shown(version, 'zh')}")
    if version == 1 and "earlier" in data:
        raise SaveError("a version 1 save has no earlier rounds apart", "存档格式不对")
    return data


def _settings(data: dict[str, Any]) -> tuple[RulesConfig, Start]:
    try:
        rules = RulesConfig.from_dict(data.get("rules", {}))
        start = Start.from_dict(data["start"]) if "start" in data else DEFAULT_START
        seed = data["seed"]
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise ValueError(f"the seed must be a whole number, not {seed!r}")
    except (KeyError, TypeError, ValueError) as err:
        en, zh = reasons(err)
        raise SaveError(f"the save's settings are unreadable: {en}",
                        f"存档的设置无法读取：{zh}") from err
    return rules, start


def _earlier(earlier: object) -> tuple[int, Start, str]:
    """The earlier rounds of a version 2 save, checked for form only (decoding them is left
    to when they are read): their count of actions, where they led, their code."""
    try:
        if not isinstance(earlier, dict) or set(earlier) != {"actions", "from", "code"}:
            raise ValueError(f"not the earlier rounds: {shown(earlier)}")
        count, code = earlier["actions"], earlier["code"]
        if not isinstance(count, int) or isinstance(count, bool) or not 1 <= count <= MAX_ACTIONS:
            raise ValueError(f"not a count of actions (1 to {MAX_ACTIONS}): {shown(count)}")
        if not isinstance(code, str) or not CODE_CHARS.fullmatch(code):
            raise ValueError("the earlier rounds' code is not a code")
        checkpoint = Start.from_dict(earlier["from"])
        if checkpoint.dealer is None:
            raise ValueError("a later round always has a 庄家")
    except (KeyError, TypeError, ValueError) as err:
        en, zh = reasons(err)
        raise SaveError(f"the save's earlier rounds are unreadable: {en}",
                        f"存档中之前各局的记录无法读取：{zh}") from err
    return count, checkpoint, code


def _decode(code: str) -> list[Action]:
    try:
        actions = [a for part in code.split(PART) for a in decode_actions(part)]
        if len(actions) > MAX_ACTIONS:
            raise CodeError(f"more than {MAX_ACTIONS} actions", f"超过 {MAX_ACTIONS} 步")
        return actions
    except CodeError as err:
        raise SaveError(f"the save's earlier rounds are unreadable: {err.en}",
                        f"存档中之前各局的记录无法读取：{err.zh}") from err


def _actions(items: object) -> list[Action]:
    if not isinstance(items, list):
        raise SaveError("the save has no move list", "存档缺少出牌记录")
    if len(items) > MAX_ACTIONS:
        raise SaveError(f"the save holds more than {MAX_ACTIONS} moves",
                        f"存档中的步数超过 {MAX_ACTIONS}")
    actions = []
    for number, item in enumerate(items, start=1):
        try:
            actions.append(action_from_json(item))
        except ValueError as err:
            raise SaveError(f"move {number} is unreadable: {shown(item)}",
                            f"第 {number} 步无法读取：{shown(item, 'zh')}") from err
    return actions


def _replay(match: Match, actions: list[Action], first: int) -> None:
    for number, action in enumerate(actions, start=first):
        try:
            match.apply(action)
        except GameError as err:
            raise SaveError(f"move {number} cannot be replayed: {err.en}",
                            f"第 {number} 步无法重放：{err.zh}") from err
