"""Saves: a match is its rules configuration, its seed and its action history (DESIGN
principle 4). Loading replays the history through the same validation as live play, so an
edited, truncated or reordered save is refused with a clear message, never half-loaded."""

from __future__ import annotations

import json

from .actions import action_from_json, action_to_json
from .config import RulesConfig
from .errors import GameError, SaveError
from .match import DEFAULT_START, Match, Start

FORMAT = "chaodipi-match"
VERSION = 1
SUPPORTED_VERSIONS = (1,)


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
    data["history"] = [action_to_json(a) for a in match.history]
    return json.dumps(data, ensure_ascii=False, separators=(",", ":"))


def load_match(text: str) -> Match:
    """Rebuild a match from `save_match` output; SaveError says what is wrong with it."""
    try:
        data = json.loads(text)
    except (TypeError, ValueError) as err:
        raise SaveError("the save is not valid JSON", "存档不是有效的 JSON") from err
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise SaveError("this is not a Chao Di Pi save", "这不是炒地皮的存档")
    version = data.get("version")
    if version not in SUPPORTED_VERSIONS:
        raise SaveError(f"unknown save version {version!r}", f"未知的存档版本 {version!r}")
    try:
        rules = RulesConfig.from_dict(data.get("rules", {}))
        start = Start.from_dict(data["start"]) if "start" in data else DEFAULT_START
        match = Match(data["seed"], rules, start)
    except (KeyError, TypeError, ValueError) as err:
        raise SaveError(f"the save's settings are unreadable: {err}",
                        "存档的设置无法读取") from err
    history = data.get("history")
    if not isinstance(history, list):
        raise SaveError("the save has no move list", "存档缺少出牌记录")
    for number, item in enumerate(history, start=1):
        try:
            match.apply(action_from_json(item))
        except GameError as err:
            raise SaveError(f"move {number} cannot be replayed: {err.en}",
                            f"第 {number} 步无法重放：{err.zh}") from err
        except ValueError as err:
            raise SaveError(f"move {number} is unreadable: {item!r}",
                            f"第 {number} 步无法读取") from err
    return match
