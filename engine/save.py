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

from .actions import Action, action_from_json, action_to_json
from .codec import CodeError, decode_actions, encode_actions
from .config import RulesConfig
from .errors import GameError, SaveError, reasons
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
        match = Match(data["seed"], rules, start)
    else:
        count, checkpoint, code = _earlier(earlier)
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
    match = Match(data["seed"], rules, start)
    earlier = data.get("earlier")
    if earlier is not None:
        count, checkpoint, code = _earlier(earlier)
        for part in code.split(PART):  # a part at a time: each a slice's worth of decoding
            actions = _decode(part)
            yield match.history_length
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
    _replay(match, _actions(data.get("history")), first=match.history_length + 1)


def _parse(text: str) -> dict[str, Any]:
    try:
        data = json.loads(text)
    except (TypeError, ValueError) as err:
        raise SaveError("the save is not valid JSON", "存档不是有效的 JSON") from err
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise SaveError("this is not a Chao Di Pi save", "这不是炒地皮的存档")
    version = data.get("version")
    if version not in SUPPORTED_VERSIONS:
        raise SaveError(f"unknown save version {version!r}", f"未知的存档版本 {version!r}")
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
            raise ValueError(f"not the earlier rounds: {str(earlier)[:80]!r}")
        count, code = earlier["actions"], earlier["code"]
        if not isinstance(count, int) or isinstance(count, bool) or count < 1:
            raise ValueError(f"not a count of actions: {count!r}")
        if not isinstance(code, str) or not CODE_CHARS.fullmatch(code):
            raise ValueError("the earlier rounds' code is not a code")
        checkpoint = Start.from_dict(earlier["from"])
        if checkpoint.dealer is None:
            raise ValueError("a later round always has a 庄家")
    except (KeyError, TypeError, ValueError) as err:
        raise SaveError(f"the save's earlier rounds are unreadable: {err}",
                        "存档中之前各局的记录无法读取") from err
    return count, checkpoint, code


def _decode(code: str) -> list[Action]:
    try:
        return [a for part in code.split(PART) for a in decode_actions(part)]
    except CodeError as err:
        raise SaveError(f"the save's earlier rounds are unreadable: {err}",
                        "存档中之前各局的记录无法读取") from err


def _actions(items: object) -> list[Action]:
    if not isinstance(items, list):
        raise SaveError("the save has no move list", "存档缺少出牌记录")
    actions = []
    for number, item in enumerate(items, start=1):
        try:
            actions.append(action_from_json(item))
        except ValueError as err:
            raise SaveError(f"move {number} is unreadable: {item!r}",
                            f"第 {number} 步无法读取") from err
    return actions


def _replay(match: Match, actions: list[Action], first: int) -> None:
    for number, action in enumerate(actions, start=first):
        try:
            match.apply(action)
        except GameError as err:
            raise SaveError(f"move {number} cannot be replayed: {err.en}",
                            f"第 {number} 步无法重放：{err.zh}") from err
