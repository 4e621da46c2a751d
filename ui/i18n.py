"""The page's words in Chinese and English. `t(key, lang, **values)` fills one in."""

from __future__ import annotations

from engine.cards import SUIT_SYMBOLS, card_label

LANGS = ("zh", "en")

TEXT: dict[str, tuple[str, str]] = {
    # seats, by position relative to the player
    "seat.0": ("你", "You"),
    "seat.1": ("右家", "East"),
    "seat.2": ("对家", "North"),
    "seat.3": ("左家", "West"),
    "zone.kitty": ("底牌", "Kitty"),
    "zone.kitty_of": ("底牌（{seat} 扣的）", "Kitty (buried by {seat})"),
    # phases
    "phase.deal": ("发牌", "Dealing"),
    "phase.bid": ("叫主", "Bidding"),
    "phase.bury": ("扣底", "Burying"),
    "phase.snatch": ("抄底", "Snatching"),
    "phase.play": ("出牌", "Playing"),
    "phase.result": ("本局结束", "Round over"),
    "phase.match-over": ("比赛结束", "Match over"),
    # status bar
    "status.levels": ("级别 我方 {us} · 对方 {them}", "Levels: us {us} · them {them}"),
    "status.round": ("第 {n} 局 · 打 {level}", "Round {n} · level {level}"),
    "status.trump": ("主 {trump}", "Trump {trump}"),
    "status.no_trump": ("无主", "no-trump"),
    "status.trump_unknown": ("未定", "not yet"),
    "status.dealer": ("庄家 {seat}", "Dealer {seat}"),
    "status.points": ("抓分 {points}", "Attackers {points}"),
    "status.attackers_are": ("抓分方：{seats}", "attacking: {seats}"),
    "status.turn": ("轮到 {seat}", "To play: {seat}"),
    "status.your_turn": ("轮到你了", "Your turn"),
    "status.cards_left": ("{n} 张", "{n} cards"),
    # buttons
    "button.play": ("出牌", "Play"),
    "button.hint": ("提示", "Hint"),
    "button.pass": ("不叫", "Pass"),
    "button.pass_snatch": ("不抄", "Don't snatch"),
    "button.bury": ("扣底", "Bury"),
    "button.next_round": ("下一局", "Next round"),
    "button.new_game": ("新比赛", "New game"),
    "button.skip": ("跳过动画", "Skip"),
    "button.last_trick": ("上一轮", "Last trick"),
    "button.result": ("本局结果", "Result"),
    "caption.last_trick": ("上一轮（第 {n} 轮）", "Last trick (trick {n})"),
    "caption.failed_throw": ("甩牌失败：", "Failed throw:"),
    "button.settings": ("设置", "Settings"),
    "button.help": ("玩法", "How to play"),
    "button.close": ("关闭", "Close"),
    "button.confirm": ("确定", "Confirm"),
    "button.cancel": ("取消", "Cancel"),
    "bid.show": ("亮 {cards}", "Bid {cards}"),
    "bid.overcall": ("反 {cards}", "Overcall {cards}"),
    "bid.snatch": ("抄底 {cards}", "Snatch {cards}"),
    "bid.name_rank": ("级牌", "Level rank"),
    "bid.name_suit": ("主花色", "Trump suit"),
    # prompts
    "prompt.bid": ("可以叫主或不叫", "Bid or pass"),
    "prompt.bury": ("选 {size} 张牌扣底（拖到底牌区或点选）", "Choose {size} cards to bury "
                    "(drag them to the kitty or tap them)"),
    "prompt.bury_count": ("已选 {n}/{size}", "{n}/{size} chosen"),
    "prompt.snatch": ("可以抄底", "You may snatch the kitty"),
    "prompt.lead": ("请出牌", "Your lead"),
    "prompt.follow": ("请跟 {n} 张", "Your turn to follow: {n} card(s)"),
    "prompt.wait": ("等待 {seat}", "Waiting for {seat}"),
    "prompt.new_game": ("放弃当前比赛，开始新比赛？", "Abandon this match and start a new one?"),
    # events
    # Events, told in the log. A ".you" key is the same sentence about the player (English
    # conjugates: "East bids", "You bid"); t_seat() picks it.
    "event.bid": ("{seat} 亮主 {cards}", "{seat} bids {cards}"),
    "event.bid.you": ("你 亮主 {cards}", "You bid {cards}"),
    "event.overcall": ("{seat} 反主 {cards}", "{seat} overcalls with {cards}"),
    "event.overcall.you": ("你 反主 {cards}", "You overcall with {cards}"),
    "event.snatch": ("{seat} 抄底 {cards}", "{seat} snatches the kitty with {cards}"),
    "event.snatch.you": ("你 抄底 {cards}", "You snatch the kitty with {cards}"),
    "event.pass.bid": ("{seat} 不叫", "{seat} passes"),
    "event.pass.bid.you": ("你 不叫", "You pass"),
    "event.pass.snatch": ("{seat} 不抄", "{seat} does not snatch"),
    "event.pass.snatch.you": ("你 不抄", "You do not snatch"),
    "event.trump": ("{seat} 坐庄，主：{trump}", "{seat} is the dealer; trump: {trump}"),
    "event.trump.you": ("你 坐庄，主：{trump}", "You are the dealer; trump: {trump}"),
    "event.trump_kitty": ("无人叫主，底牌 {card} 定主", "Nobody bid: kitty card {card} sets trump"),
    "event.buried": ("{seat} 扣好底牌", "{seat} buried the kitty"),
    "event.buried.you": ("你 扣好底牌", "You buried the kitty"),
    "event.throw_failed": ("{seat} 甩牌失败：{attempted}，改出 {forced}",
                           "{seat}'s throw failed: {attempted}; leads {forced} instead"),
    "event.throw_failed.you": ("你 甩牌失败：{attempted}，改出 {forced}",
                               "Your throw failed: {attempted}; you lead {forced} instead"),
    "event.trick": ("{seat} 赢得本轮，{points} 分", "Trick to {seat}: {points} points"),
    "event.trick.you": ("你 赢得本轮，{points} 分", "Your trick: {points} points"),
    "event.kitty": ("抠底！底牌 {points} 分 × {mult}", "Kitty captured: {points} points × {mult}"),
    "seat.pass": ("不叫", "pass"),
    "seat.no_snatch": ("不抄", "no snatch"),
    "role.declarers": ("庄家方", "Declarers"),
    "role.attackers": ("抓分方", "Attackers"),
    # result
    "result.title": ("本局结果", "Round result"),
    "result.score": ("抓分方得分 {score}", "Attackers scored {score}"),
    "result.tricks": ("其中赢墩得分 {points}", "from tricks: {points}"),
    "result.kitty": ("其中抠底 {points} × {mult}", "including kitty {points} × {mult}"),
    "result.keep": ("庄家方守庄，升 {n} 级", "Declarers keep the deal and rise {n}"),
    "result.take": ("抓分方上台，升 {n} 级", "Attackers take the deal and rise {n}"),
    "result.penalty": ("其中甩牌罚分 {points}", "including failed-throw penalties {points}"),
    "result.band.shutout": ("大光", "Shut-out"),
    "result.band.small-shutout": ("小光", "Small shut-out"),
    "result.levels": ("新级别 我方 {us} · 对方 {them}", "New levels: us {us} · them {them}"),
    "result.next_dealer": ("下一局庄家 {seat}", "Next dealer: {seat}"),
    "result.match_won": ("你们赢得了比赛！", "Your team wins the match!"),
    "result.match_lost": ("对方赢得了比赛", "The other team wins the match"),
    # notices
    "notice.not_saved": ("进度不会被保存", "Progress is not being saved"),
    "notice.bad_save": ("存档无法读取，已另存为 {key}，开始新比赛",
                        "The save could not be read; it was kept as {key}. A new match starts"),
    "notice.illegal": ("不能这样出：{reason}", "Not allowed: {reason}"),
    "tabs.elsewhere": ("这局游戏已在另一个标签页中打开，在那里继续，或在这里接着玩",
                       "This game is open in another tab. Play on there, or take it over here"),
    "tabs.take_over": ("在这里接着玩", "Take over here"),
    # settings
    "settings.title": ("设置", "Settings"),
    "settings.tier": ("{seat}：电脑水平", "{seat}: bot strength"),
    "settings.speed": ("动画速度", "Animation speed"),
    "settings.language": ("语言", "Language"),
    "settings.four_colour": ("四色花色（♣ 绿 ♦ 蓝）", "Four-colour suits (♣ green, ♦ blue)"),
    "settings.sound": ("声音（轮到你、赢墩时）", "Sound on your turn and on tricks won"),
    "settings.ask_bids": ("无牌可叫时也询问我", "Ask me even when I cannot bid or snatch"),
    "tier.easy": ("简单", "Easy"),
    "tier.normal": ("普通", "Normal"),
    "tier.hard": ("困难", "Hard"),
    "speed.slow": ("慢", "Slow"),
    "speed.normal": ("中", "Normal"),
    "speed.fast": ("快", "Fast"),
    "help.title": ("玩法", "How to play"),
}

HELP: dict[str, list[str]] = {
    "zh": [
        "三副牌共 162 张，四人两两对家（你和对家一队）。每人 38 张，底牌 10 张。",
        "发牌时可以亮级牌叫主（单张、对、三张），别人可以用更大的对或三张反主；"
        "三张小王/大王叫无主。",
        "庄家拿底牌后扣回 10 张。其他人可以用至少两张更大的级牌抄底，换主重新扣底。",
        "出牌：首家可出单张、对、拖拉机（三对以上相连），或同一门的组合甩牌；"
        "甩牌若有人管得住则失败，只能出被管住的那一手。",
        "跟牌必须跟同门，有对跟对、有拖拉机跟拖拉机；没有该门可以用主牌毙或垫牌。",
        "5 是 5 分，10 和 K 是 10 分，共 300 分。抓分方最后一轮赢了则底牌分翻倍（抠底）。",
        "抓分方 0 分庄家升 6 级，60 分以内升 3 级，不到 120 升 1 级；"
        "120 分以上抓分方上台，每多 30 分升 1 级。",
        "从 2 打到 A，再打小王、大王；打大王守住庄的一方获胜。",
    ],
    "en": [
        "Three decks, 162 cards, four players in two teams of partners (you sit opposite "
        "yours). 38 cards each, 10 in the kitty.",
        "While the cards are dealt you may bid by showing level cards (one, a pair or three); "
        "others overcall with a stronger pair or triple. Three jokers make no-trump.",
        "The dealer takes the kitty and buries 10 cards. Others may snatch it with a stronger "
        "bid of at least two cards, changing trump and burying again.",
        "Lead a single, a pair, a tractor (three or more consecutive pairs) or a throw of "
        "several of one suit; a throw someone can beat fails and only the beaten part is led.",
        "Follow suit, with pairs and tractors as far as you can; when void you may trump or "
        "discard.",
        "5s count 5, 10s and Ks 10: 300 in all. If the attackers win the last trick the "
        "kitty's points count double.",
        "Attackers with 0: dealers rise 6; up to 60: rise 3; under 120: rise 1. From 120 the "
        "attackers take the deal and rise one level per 30 over 120.",
        "Climb from 2 to A, then the small and big joker; declarers at the big joker who keep "
        "the deal win.",
    ],
}

SUIT_NAMES = {"S": ("黑桃", "spades"), "H": ("红桃", "hearts"), "C": ("梅花", "clubs"),
              "D": ("方块", "diamonds")}
JOKER_NAMES = {"LJ": ("小王", "small joker"), "BJ": ("大王", "big joker")}
# What a joker's face says (its index, over a star): Chinese, or a short English label.
JOKER_FACES = {"LJ": ("小王", "SJ"), "BJ": ("大王", "BJ")}
# A hand's groups, by play-suit ("T": the trumps; "J": the jokers when there is no trump yet).
GROUP_NAMES = {"T": ("主牌", "Trumps"), "J": ("王", "Jokers"),
               **{s: (zh, en.capitalize()) for s, (zh, en) in SUIT_NAMES.items()}}
LEVEL_NAMES = {"LJ": ("小王", "SJ"), "BJ": ("大王", "BJ")}


def t(key: str, /, lang: str = "en", **values) -> str:
    zh, en = TEXT[key]
    return (zh if lang == "zh" else en).format(**values)


def t_seat(key: str, seat: int, lang: str = "en", **values) -> str:
    """`t(key)` about `seat`: the player's own form of the sentence (key + ".you") for seat 0
    where there is one, else the sentence with the seat's name."""
    if seat == 0 and key + ".you" in TEXT:
        return t(key + ".you", lang, **values)
    return t(key, lang, seat=seat_name(seat, lang), **values)


def card_name(card, lang: str = "en") -> str:
    """An accessible name: '黑桃 6' / '6 of spades', '大王' / 'BJ (big joker)' (a joker's name
    starts with what its face says)."""
    if card.suit is None:
        if lang == "zh":
            return JOKER_NAMES[card.rank][0]
        return f"{joker_face(card.rank, lang)} ({JOKER_NAMES[card.rank][1]})"
    zh, en = SUIT_NAMES[card.suit]
    return f"{zh} {card.rank}" if lang == "zh" else f"{card.rank} of {en}"


def joker_face(rank: str, lang: str = "en") -> str:
    """What the joker of `rank` ("LJ" or "BJ") says on its face: 小王/大王, or SJ/BJ."""
    return JOKER_FACES[rank][0 if lang == "zh" else 1]


def group_name(play_suit: str, lang: str = "en") -> str:
    """A group of the hand: '主牌' / 'Trumps', '黑桃' / 'Spades'..."""
    zh, en = GROUP_NAMES[play_suit]
    return zh if lang == "zh" else en


def cards_short(cards) -> str:
    """The cards' face texts: '♠6 ♠6 小王'."""
    return " ".join(card_label(c) for c in cards)


def level_name(level: str, lang: str = "en") -> str:
    return LEVEL_NAMES[level][0 if lang == "zh" else 1] if level in LEVEL_NAMES else level


def seat_name(seat: int, lang: str = "en") -> str:
    return t(f"seat.{seat}", lang)


def trump_name(trump, lang: str = "en") -> str:
    if trump is None:
        return t("status.trump_unknown", lang)
    if trump.suit is None:
        return f"{trump.level} {t('status.no_trump', lang)}"
    return f"{SUIT_SYMBOLS[trump.suit]}{trump.level}"


def preferred_language(navigator_languages) -> str:
    """Chinese when the browser prefers it, English otherwise."""
    for lang in navigator_languages or []:
        code = str(lang).lower()
        if code.startswith("zh"):
            return "zh"
        if code.startswith("en"):
            return "en"
    return "en"
