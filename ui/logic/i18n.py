"""The page's words in Chinese and English. `t(key, lang, **values)` fills one in.

The rules' numbers (the kitty's size, the target, the bands of the result...) are never
written here: the words name them by RulesConfig's field names (`{kitty_size}`,
`{threshold}`...), filled in from the match's rules (`rule_values`)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from engine.cards import SUIT_SYMBOLS, Card, card_label, cards_label
from engine.config import RulesConfig
from engine.rules import Trump

LANGS = ("zh", "en")

TEXT: dict[str, tuple[str, str]] = {
    # seats, by position relative to the player
    "seat.0": ("你", "You"),
    "seat.1": ("右家", "East"),
    "seat.2": ("对家", "North"),
    "seat.3": ("左家", "West"),
    "zone.kitty": ("底牌", "Kitty"),
    "zone.kitty_points": ("{n} 分", "{n} points"),
    # the page's own words outside the table
    "page.footer": ("炒地皮 · 载入一次后即可离线玩", "炒地皮 · plays offline once loaded"),
    "page.controls": ("操作", "Controls"),
    "zone.kitty_of": ("底牌（{seat}扣的）", "Kitty (buried by {seat})"),
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
    "status.trump_bid": ("暂定主 {trump}", "Trump so far {trump}"),  # (as the bids stand)
    "status.no_trump_level": ("无主（{level}）", "no-trump ({level}s)"),
    # (English keeps the level cards apart from the suit: "Trump ♥2" read as one card)
    "status.suit_level": ("{suit}{level}", "{suit} ({level}s)"),
    "status.trump_unknown": ("未定", "not yet"),
    "status.dealer": ("庄家 {seat}", "Dealer {seat}"),
    "status.burier": ("底牌{seat}扣", "Kitty buried by {seat}"),  # (after a snatch)
    "status.burier.you": ("底牌你扣", "You buried the kitty"),
    "status.points": ("抓分 {points}", "Attackers {points}"),
    # (after the points once the 庄家 is known: whose side attacks, so that a newcomer whose
    # snatch changed sides knows theirs)
    "status.side.us": ("（我方）", " (us)"),
    "status.side.them": ("（对方）", " (them)"),
    "status.attackers_are": ("抓分方：{seats}", "attacking: {seats}"),
    "status.turn": ("轮到 {seat}", "Turn: {seat}"),  # (to bid, snatch, bury or play)
    "status.your_turn": ("轮到你了", "Your turn"),
    "status.cards_held": ("张", "cards"),  # (after the number: "36 cards")
    "status.card_held": ("张", "card"),
    # buttons
    "button.play": ("出牌", "Play"),
    # the Play button when the cards chosen to lead are a throw (R19): its units, as the
    # engine decomposes them (ui.logic.render.throw_units)
    "button.throw": ("甩：{units}", "Throw: {units}"),
    "unit.tractor": ("{n}个拖拉机", "{n} tractors"),
    "unit.tractor.1": ("一个拖拉机", "a tractor"),
    "unit.pair": ("{n}对", "{n} pairs"),
    "unit.pair.1": ("一对", "a pair"),
    "unit.single": ("{n}张", "{n} singles"),
    "unit.single.1": ("一张", "a single"),
    "button.hint": ("提示", "Hint"),
    "button.pass": ("不叫", "Pass"),
    "button.pass_snatch": ("不抄", "Don't snatch"),
    "button.bury": ("扣底", "Bury"),
    "button.bury_count": ("扣底 {n}/{size}", "Bury {n}/{size}"),  # (until all are chosen)
    "button.next_round": ("下一局", "Next round"),
    "button.new_game": ("新比赛", "New game"),
    "button.skip": ("跳过动画", "Skip animation"),
    "button.undo": ("悔牌", "Undo"),
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
    "prompt.follow": ("请跟 {n} 张", "Your turn to follow: {n} cards"),
    "prompt.follow_one": ("请跟 1 张", "Your turn to follow: 1 card"),
    "prompt.wait": ("等待 {seat}", "Waiting for {seat}"),
    "prompt.offer": ("选好就发牌：点“开始教学”跟着打一手，或点“不用了”开始你自己的比赛",
                     "The cards are dealt once you choose: the guided hand, or “No thanks” "
                     "for your own game"),
    "prompt.new_game": ("放弃当前比赛，开始新比赛？", "Abandon this match and start a new one?"),
    # events
    # Events, told in the log. A ".you" key is the same sentence about the player (English
    # conjugates: "East bids", "You bid"); t_seat() picks it.
    "event.bid": ("{seat}亮主 {cards}", "{seat} bids {cards}"),
    "event.bid.you": ("你亮主 {cards}", "You bid {cards}"),
    "event.overcall": ("{seat}反主 {cards}", "{seat} overcalls with {cards}"),
    "event.overcall.you": ("你反主 {cards}", "You overcall with {cards}"),
    "event.snatch": ("{seat}抄底 {cards}", "{seat} snatches the kitty with {cards}"),
    "event.snatch.you": ("你抄底 {cards}", "You snatch the kitty with {cards}"),
    # after a snatch's line: why it beat the standing bid (engine.bidding.Overcall), then
    # where the kitty went, the trump now and the 庄家, whom a snatch never changes (R15)
    "event.snatch.why": ("{line}。{why}。底牌归{seat}，重新扣底；"
                         "现在的主：{trump}；庄家仍是{dealer}",
                         "{line}. {why}. The kitty goes to {seat} to bury again; trump "
                         "is now {trump}; the dealer (庄家) is still {dealer}"),
    # why a snatch stands where nobody had bid (R12: the kitty chose trumps; R15)
    "event.snatch.unopposed": ("无人叫过主，两张以上的叫主就能抄底",
                               "Nobody had bid, so any bid of two cards or more snatches"),
    "event.pass.bid": ("{seat}不叫", "{seat} passes"),
    "event.pass.bid.you": ("你不叫", "You pass"),
    "event.pass.snatch": ("{seat}不抄", "{seat} does not snatch"),
    "event.pass.snatch.you": ("你不抄", "You do not snatch"),
    "event.pass.bid.none": ("你不叫：你的牌叫不了比现在更强的主",
                            "You pass: your cards make no bid stronger than the one standing"),
    "event.pass.bid.none_open": ("你不叫：你的牌叫不了主", "You pass: your cards make no bid"),
    "event.pass.snatch.none_open": ("你不抄：你没有至少两张的级牌可以抄底",
                                    "You do not snatch: you hold no bid of two or more cards"),
    "event.pass.snatch.none": ("你不抄：你没有比现在的叫主更强、至少两张的级牌",
                               "You do not snatch: you hold no bid of two or more cards "
                               "stronger than the one standing"),
    "event.trump": ("{seat}坐庄，主：{trump}", "{seat} is the dealer; trump: {trump}"),
    "event.trump.you": ("你坐庄，主：{trump}", "You are the dealer; trump: {trump}"),
    "event.trump_kitty": ("无人叫主，底牌 {card} 定主", "Nobody bid: kitty card {card} sets trump"),
    "event.buried": ("{seat}扣好底牌", "{seat} buried the kitty"),
    "event.buried.you": ("你扣好底牌", "You buried the kitty"),
    "event.throw_failed": ("{seat}甩牌失败：{attempted}，改出 {forced}",
                           "{seat}'s throw failed: {attempted}; leads {forced} instead"),
    "event.throw_failed.you": ("你甩牌失败：{attempted}，改出 {forced}",
                               "Your throw failed: {attempted}; you lead {forced} instead"),
    "event.trick": ("{seat}赢得本轮，{points} 分", "Trick to {seat}: {points} points"),
    "event.trick.you": ("你赢得本轮，{points} 分", "Your trick: {points} points"),
    # (the declarers' side: a newcomer read "Your trick: 25 points" beside the lesson "only
    # the points the attackers win count")
    "event.trick.kept": ("没让抓分方拿到", " kept from the attackers"),
    # the log's line: numbered, so that two tricks in a row to the same seat for the same
    # points read apart (the table's caption names its trick already)
    "log.trick": ("第 {no} 轮：{seat}赢，{points} 分", "Trick {no} to {seat}: {points} points"),
    "log.trick.you": ("第 {no} 轮：你赢，{points} 分", "Trick {no} is yours: {points} points"),
    # a trick in progress: who wins it so far (the table marks that play)
    "caption.leading": ("{seat}暂时最大", "{seat} is winning so far"),
    "caption.leading.you": ("你暂时最大", "You are winning so far"),
    "event.kitty": ("抠底！底牌 {points} 分 × {mult}", "Kitty captured: {points} points × {mult}"),
    # said to a screen reader only (the table shows them): each play, the kitty taken up, the
    # round's result
    "event.play": ("{seat}出 {cards}", "{seat}: {cards}"),
    "event.play.you": ("你出 {cards}", "You: {cards}"),
    "event.kitty_taken": ("{seat}拿起底牌", "{seat} takes up the kitty"),
    "event.kitty_taken.you": ("你拿起底牌：{cards}", "You take up the kitty: {cards}"),
    "event.round_over": ("本局结束。", "Round over."),
    "event.undo.bid": ("你悔牌：收回亮主 {cards}", "You took back your bid {cards}"),
    "event.undo.snatch": ("你悔牌：收回抄底 {cards}", "You took back your snatch {cards}"),
    "event.undo.pass": ("你悔牌：收回不叫", "You took back your pass"),
    "event.undo.bury": ("你悔牌：收回扣底", "You took back your bury"),
    "event.undo.play": ("你悔牌：收回 {cards}", "You took back your play {cards}"),
    "seat.pass": ("不叫", "pass"),
    "seat.no_snatch": ("不抄", "no snatch"),
    "seat.showed": ("亮过 {cards}", "showed {cards}"),
    "seat.own": ("南 · 你", "South · You"),
    "role.declarers": ("庄家方", "Declarers"),
    "role.attackers": ("抓分方", "Attackers"),
    # result
    "result.title": ("本局结果", "Round result"),
    # the review of a round (ui.logic.review)
    "button.review": ("复盘", "Review"),
    "button.prev": ("上一步", "Previous"),
    "button.next": ("下一步", "Next"),
    "button.back_result": ("返回结果", "Back to result"),
    "button.review_earlier": ("前一局", "Earlier round"),
    "button.review_later": ("后一局", "Later round"),
    # share and replay links (ui.logic.share, ui.page.share)
    "button.share": ("分享链接", "Share link"),
    "button.share_deal": ("分享这副牌", "Share the deal"),
    "button.replay_deal": ("重打这副牌", "Replay this deal"),
    "prompt.play_deal": ("放弃当前比赛，从头打这副牌？",
                         "Abandon the current match and play this deal from its start?"),
    "button.what_if": ("从这里接着打", "Play on from here"),
    "prompt.deal_bots": ("电脑：{bots}（设置里也改为这些）",
                         "Bots: {bots} (Settings change to them)"),
    "prompt.what_if": ("放弃当前比赛，从复盘的这一步接着打？",
                       "Abandon the current match and play on from this point of the review?"),
    "share.label": ("分享链接", "Link to share"),
    "share.copied": ("链接已复制。", "Link copied."),
    "share.select": ("请选中链接后复制。", "Select the link to copy it."),
    "share.bad": ("无法打开此链接：{reason}", "This link cannot be opened: {reason}"),
    "review.title": ("复盘 第 {n} 局", "Review of round {n}"),
    "review.title_shared": ("分享的复盘 第 {n} 局", "Shared replay, round {n}"),
    "review.step": ("第 {k}/{total} 步", "Step {k} of {total}"),
    "review.deal": ("发牌与叫主", "The deal and the bids"),
    "review.no_bids": ("无人叫主，由底牌定主", "Nobody bid: a kitty card set trump"),
    "review.bid": ("{seat}亮 {cards}", "{seat} bid {cards}"),
    "review.pass": ("{seat}不叫", "{seat} passed"),
    "review.pass_no_bid": ("{seat}不叫（无牌可叫）", "{seat} passed (no bid to make)"),
    "review.snatch": ("{seat}抄底 {cards}", "{seat} snatched with {cards}"),
    "review.kitty": ("底牌", "The kitty"),
    "review.trump": ("主 {trump} · 庄家 {seat}", "Trump {trump} · dealer {seat}"),
    "review.you_snatched": ("你用 {cards} 抄底；", "You snatched with {cards}; "),
    "review.you_passed_snatch": ("你能抄底而没有抄；", "You could snatch and did not; "),
    "review.you_buried": ("你扣了 {cards}；", "You buried {cards}; "),
    "review.kitty_hint_same": ("提示也会这样。", "the hint would have done the same."),
    "review.bury_hint_other": ("提示会扣 {cards}：{why}",
                               "the hint would have buried {cards}: {why}"),
    "review.snatch_hint_snatch": ("提示会用 {cards} 抄底：{why}",
                                  "the hint would have snatched with {cards}: {why}"),
    "review.snatch_hint_pass": ("提示不会抄底：{why}", "the hint would not have snatched: {why}"),
    "review.took": ("{seat}拿起底牌：{cards}", "{seat} took up: {cards}"),
    "review.buried": ("{seat}扣底：{cards}", "{seat} buried: {cards}"),
    "review.kitty_dealt": ("发牌时的底牌", "Kitty as dealt"),
    "review.kitty_buried": ("底牌（{seat}扣的）", "Kitty as buried by {seat}"),
    "review.kitty_buried.you": ("底牌（你扣的）", "Kitty as you buried it"),
    "review.trick": ("第 {n}/{total} 轮", "Trick {n} of {total}"),
    "review.hint_same": ("你这手牌，提示也会这样出。",
                         "The hint would have played your cards too."),
    "review.hint_other": ("提示会出 {cards}：{why}", "The hint would have played {cards}: {why}"),
    "review.keys": ("按 ← → 或左右滑动逐步查看，四家的牌都亮出",
                    "← → or a swipe steps through the round, all hands face up"),
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
    # (the team's: the next 庄家 may be the partner, R28)
    "result.deal.kept": ("你们守住了庄，升 {n} 级", "Your side keeps the deal and rises {n}"),
    "result.deal.lost": ("你们丢了庄：对方上台，升 {n} 级",
                         "Your side loses the deal: they take it and rise {n}"),
    "result.deal.held": ("对方守住了庄，升 {n} 级", "They keep the deal and rise {n}"),
    "result.deal.taken": ("你们上台了，升 {n} 级", "Your side takes the deal and rises {n}"),
    # (R26: the attackers take the deal at the target's band without rising)
    "result.deal.lost.no_rise": ("你们丢了庄：对方上台，不升级",
                                 "Your side loses the deal: they take it, no rise"),
    "result.deal.taken.no_rise": ("你们上台了，不升级", "Your side takes the deal, no rise"),
    "result.take.no_rise": ("抓分方上台，不升级", "Attackers take the deal, no rise"),
    "result.us": ("我方", "Us"),
    "result.them": ("对方", "Them"),
    "result.level_moved": ("{who} {before} → {after}", "{who}: {before} → {after}"),
    "result.level_same": ("{who} {level} 不变", "{who}: {level}, unchanged"),
    "result.levels_were": ("本局前 我方 {us} · 对方 {them}",
                           "Before the round: us {us} · them {them}"),
    "result.kitty_label": ("底牌", "Kitty"),
    "result.kitty_won": ("{points} 分 × {mult} = {bonus}", "{points} × {mult} = {bonus}"),
    "result.kitty_kept": ("{points} 分归庄家方", "{points} points, kept by the declarers"),
    "result.kitty_none": ("没有分", "no points"),
    "result.kitty_cards": ("：{cards}", ": {cards}"),
    "result.points_label": ("抓分方分牌", "Attackers' points"),
    "result.count": ("{rank}×{n}", "{rank}×{n}"),
    "result.none": ("无", "none"),
    "result.captured": ("抓分方的分牌 {cards}，赢墩得分 {points}",
                        "The attackers' point cards: {cards}, {points} from tricks"),
    "result.score_of": ("抓分方得分 {score}（上台要 {target}）",
                        "Attackers scored {score} (take the deal at {target})"),
    # notices
    "notice.not_saved": ("进度不会被保存", "Progress is not being saved"),
    "notice.bad_save": ("存档无法读取，已另存为 {key}，开始新比赛",
                        "The save could not be read; it was kept as {key}. A new match starts"),
    "notice.illegal": ("不能这样出：{reason}", "Not allowed: {reason}"),
    "notice.undo": ("不能悔牌：{reason}", "Cannot undo: {reason}"),
    # (after the prompt, not in brackets: a hint's why may end in its own, "…trick))")
    "hint.why": ("——提示：{why}", "— Hint: {why}"),
    "tabs.elsewhere": ("这局游戏已在另一个标签页中打开，在那里继续，或在这里接着玩",
                       "This game is open in another tab. Play on there, or take it over here"),
    "tabs.take_over": ("在这里接着玩", "Take over here"),
    # settings
    "settings.title": ("设置", "Settings"),
    "settings.tier": ("{seat}：电脑水平", "{seat}: bot strength"),
    "settings.speed": ("动画速度", "Animation speed"),
    # the address's ?speed= plays instead of the stored speed, for this visit only
    "settings.speed_override": ("这个速度来自网址（?speed=），只用于本次访问；选一个别的就会保存。",
                                "This speed comes from the address (?speed=), for this visit "
                                "only; choose another to keep it."),
    "settings.language": ("语言", "Language"),
    "settings.four_colour": ("四色花色（♣ 绿 ♦ 蓝）", "Four-colour suits (♣ green, ♦ blue)"),
    "settings.sound": ("声音（轮到你、赢墩时）", "Sound on your turn and on tricks won"),
    "settings.ask_bids": ("无牌可叫时也询问我", "Ask me even when I cannot bid or snatch"),
    "settings.undo": ("允许悔牌（收回你最后一次叫牌或出牌）",
                      "Allow undo (take back your last bid or play)"),
    "settings.shortcuts": ("单键快捷键（P 出牌、H 提示…）",
                           "Single-key shortcuts (P play, H hint…)"),
    "help.keys": ("键盘", "Keyboard"),
    "tier.random": ("随机", "Random"),  # (a record's bots may be any of engine.bots.TIERS)
    "tier.easy": ("简单", "Easy"),
    "tier.normal": ("普通", "Normal"),
    "tier.hard": ("困难", "Hard"),
    "speed.slow": ("慢", "Slow"),
    "speed.normal": ("中", "Normal"),
    "speed.fast": ("快", "Fast"),
    "speed.instant": ("瞬间", "Instant"),  # only from the address: ?speed=instant
    # statistics (ui.logic.stats)
    "button.stats": ("统计", "Statistics"),
    "button.reset_stats": ("清除统计", "Reset statistics"),
    "stats.title": ("统计", "Statistics"),
    "stats.caption": ("你方（你和对家）的成绩", "Results of your side (you and North)"),
    "stats.undo_caption": ("用过悔牌或从复盘接着打的局（另计）",
                           "Rounds where you used undo or played on from a review "
                           "(counted apart)"),
    "stats.opponents": ("电脑水平", "Bots"),
    "stats.matches": ("赢得比赛", "Matches won"),
    "stats.declared": ("坐庄保住", "Kept as declarers"),
    "stats.attacked": ("抓分上台", "Taken as attackers"),
    "stats.levels": ("升级", "Levels"),
    "stats.total": ("合计", "Total"),
    "tier.mixed": ("混合", "Mixed"),  # (statistics: bots of different tiers)
    "stats.none": ("还没有打完的局。", "No round finished yet."),
    "stats.notes": ("比赛只计打完的；“保住/上台”为次数/局数。三家电脑水平不同时记入“混合”。",
                    "Matches count once played to the end; kept and taken are rounds out of "
                    "rounds played so. Bots of different strengths count as Mixed."),
    "stats.denied": ("统计不会被保存：此处浏览器禁止存储。",
                     "Statistics are not being kept: this browser does not allow storage here."),
    "stats.full": ("统计不会被保存：存储空间已满。",
                   "Statistics are not being kept: storage is full."),
    "stats.reset_prompt": ("清除所有统计？此操作无法撤销。",
                           "Clear all statistics? This cannot be undone."),
    "notice.bad_stats": ("统计无法读取，已另存为 {key}，重新开始统计",
                         "The statistics could not be read; they were kept as {key}. "
                         "Counting starts afresh"),
    # what the page reads and cannot use: set aside or left out, and said (issue 30)
    "notice.bad_settings": ("设置无法读取，已另存为 {key}，改用默认设置",
                            "The settings could not be read; they were kept as {key}. "
                            "The defaults are used"),
    "notice.bad_tutorial": ("教学进度无法读取，已另存为 {key}，教学将从头开始",
                            "The guided hand's progress could not be read; it was kept as "
                            "{key}. It starts over"),
    "notice.seed_unused": ("地址里的 seed={seed} 没有用上：你保存的比赛接着打。"
                           "只有在没有存档时，种子才开始一场新比赛。",
                           "seed={seed} in the address was not used: your saved match goes on. "
                           "A seed starts a new match only when no match is saved."),
    "notice.address": ("地址中有无法使用的部分，已略去：{reasons}",
                       "Part of the address could not be used and was left out: {reasons}"),
    "notice.failed": ("出错了（{reason}），开始新比赛", "Something went wrong ({reason}); a new "
                      "match starts"),
    "share.reading": ("正在读取链接……", "Reading the link…"),
    "prompt.deal_rules": ("与默认不同的规则：{rules}",
                          "Rules that differ from the default: {rules}"),
    "prompt.deal_elsewhere": ("这局游戏已在另一个标签页中打开：在这里接着玩后，才开始这副牌。",
                              "This game is open in another tab: the deal starts once you take "
                              "the game over here."),
    "tabs.deal_waiting": ("链接中的牌局在等你：在这里接着玩就开始打，或者放弃它。",
                          "A deal from a link is waiting: take the game over here to play it, "
                          "or forget it."),
    "tabs.forget_deal": ("放弃这副牌", "Forget the deal"),
    "help.title": ("玩法", "How to play"),
    "help.glossary": ("术语", "Words of the game"),
    # the guided first hand (ui.logic.tutorial, ui.page.tutorial)
    "learn.title": ("新手教学：第一手牌", "Guided first hand"),
    "learn.offer": ("第一次玩升级？跟着教学打一手牌，边打边学。",
                    "New to 升级 (the Tractor family of card games)? Learn by playing one "
                    "guided hand: each move shown and explained."),
    "learn.start": ("开始教学", "Start the guided hand"),
    "learn.no_thanks": ("不用了", "No thanks"),
    "learn.skip": ("跳过教学", "Skip the guided hand"),
    # opened from the menu over the player's own match: it is not lost
    "learn.match_kept": ("你的比赛已保留：跳过或学完教学，就回到原来的地方接着打。",
                         "Your own match is kept: skip or finish the guided hand to go back "
                         "to it where you left it."),
    "learn.finish": ("回到我的比赛", "Back to my game"),
    "learn.watch": ("看其他人出牌……轮到你时会告诉你做什么。",
                    "Watch the others play… you will be told what to do on your turn."),
    # (while the cards are dealt and bid for, nobody plays yet)
    "learn.watch.deal": ("正在发牌，看看别人亮什么牌……轮到你时会告诉你做什么。",
                         "The cards are being dealt: watch what the others bid… you will be "
                         "told what to do on your turn."),
    # (the deal is over: one more turn each to bid or pass, R11)
    "learn.watch.bid": ("牌发完了：每人轮流再叫一次主或不叫……轮到你时会告诉你做什么。",
                        "All the cards are dealt: each player in turn may still bid or pass… "
                        "you will be told what to do on your turn."),
    "notice.learn": ("教学：{reason}", "Guided hand: {reason}"),
    # another move than the one due (ui.logic.tutorial.refusal): the move, its cards named
    "learn.refuse.play": ("这一步要出 {cards}", "the move now is to play {cards}"),
    "learn.refuse.bury": ("这一步要扣 {cards}", "the move now is to bury {cards}"),
    "learn.refuse.bid": ("这一步要亮 {cards}", "the move now is to bid {cards}"),
    "learn.refuse.snatch": ("这一步要用 {cards} 抄底",
                            "the move now is to snatch the kitty with {cards}"),
    "learn.refuse.pass": ("这一步要不叫", "the move now is to pass"),
    "learn.refuse.not": ("，不是 {cards}", ", not {cards}"),
    "learn.refuse.why": ("——{why}", " — {why}"),
    "learn.step.bid": ("你有 {cards}：一对级牌。右家只亮了一张 ♠2；"
                       "第一局叫主只比张数，对子比单张强。"
                       "点“反 {cards}”让梅花做主，你就成为庄家。",
                       "You hold {cards}: a pair of level cards (2s). East showed a single ♠2; "
                       "in the first round's bidding only the number of cards counts, and a "
                       "pair beats a single. Tap \"Overcall {cards}\" to make clubs trump and "
                       "become the dealer (庄)."),
    # the cards asked for are chosen: the move's button is what is left
    "learn.ready.bury": ("{kitty_size} 张选好了：点“扣底”。",
                         "All {kitty_size} chosen: now press Bury."),
    "learn.ready.play": ("选好了：点“出牌”。", "Those are the cards: now press Play."),
    # (cards that form a throw, R19: the button names its units)
    "learn.ready.throw": ("选好了：点“甩：{units}”。",
                          "Those are the cards: now press \"Throw: {units}\"."),
    "learn.step.bury": ("你是庄家，拿起了 {kitty_size} 张底牌（蓝框）。点"
                        "亮着的 {kitty_size} 张牌放进底牌区，再点“扣底”。"
                        "扣下的牌不再出；若抓分方赢了最后一轮，底牌的分{kitty_times}归他们（抠底），"
                        "所以尽量少扣分牌（5、10、K）：扣不成对的单张，留住对子、A 和主牌。"
                        "（提示有时会扣光一门，做成绝门好用主牌毙；有时宁可扣一张 5 也不扣 A。）"
                        "扣完后，别人还能用更强的亮牌抄底，主也随之改变。",
                        "You are the dealer: you took up the {kitty_size} kitty cards (outlined "
                        "in blue). Tap the {kitty_size} lit cards to bury them, then Bury. Buried "
                        "cards are out of play, but if the attackers win the last trick the "
                        "buried points count {kitty_times} for them (抠底): bury as few points "
                        "(5s, 10s, Ks) as you can, lone cards that make no pair, and keep your "
                        "pairs, aces and trumps. (The hint sometimes buries a whole suit "
                        "instead: a void lets you trump it; or a 5 rather than an ace.) Once "
                        "you have buried, another player may still snatch the kitty (抄底) "
                        "with a stronger bid, and trump changes with it."),
    "learn.step.throw": ("轮到你首出。一起出亮着的红桃 {cards}：一对 ♥A 加一对 ♥K（两对不算拖拉机，"
                         "要三对相连才算）。同一门几手牌一起出叫甩牌：只要没人管得住其中任何一手，"
                         "就甩成功。",
                         "Your lead. Lead the lit hearts together: {cards}, a pair of ♥A and a "
                         "pair of ♥K (two pairs are not a tractor: that takes three pairs in a "
                         "row). Several units of one suit at once are a throw, and it stands if "
                         "nobody can beat any part of it."),
    "learn.step.tractor": ("出拖拉机 {cards}：三对相连。要管住它，得有同门更大、对数一样多的拖拉机"
                           "（或没有方块的人用同样长的主牌拖拉机毙）；别人有对子必须跟对子。",
                           "Lead the tractor {cards}: three pairs in a row. Only a higher "
                           "diamond tractor of as many pairs beats it (or, from a player with "
                           "no diamonds, a trump tractor as long), and the others must follow "
                           "with diamond pairs as far as they can."),
    # (a newcomer read "(one ♦A)" and saw West's ♦K take the ♦Q: North held two ♦A and West
    # a ♦K; the player cannot know which, so the lesson names the ranks)
    "learn.step.throw-fail": ("试一次会失败的甩牌：一起出 {cards}。别人还有比你的 ♦Q 大的方块"
                              "（♦K 或 ♦A），所以甩牌失败，只能出被管住的 ♦Q"
                              "（大家都看到你想甩什么）。",
                              "Now try a throw that fails: lead {cards} together. Others still "
                              "hold diamonds above your ♦Q (a ♦K or a ♦A): the throw fails "
                              "and only ♦Q is led (everyone sees what you tried)."),
    "learn.step.follow": ("跟牌：必须跟首家出的那一门。出亮着的 {cards}。",
                          "Follow: you must play the suit that was led. Play the lit {cards}."),
    "learn.step.follow-pair": ("首家出了一对 ♣A：有同门的对子必须跟对子。出你的一对 {cards}。",
                               "A pair of ♣A was led: if you hold a pair of that suit you must "
                               "follow with it. Play your pair {cards}."),
    "learn.step.follow-trump": ("首家出了主牌：主牌算一门，要跟主牌。出 {cards}。",
                                "Trumps were led: all trumps are one suit, so follow with a "
                                "trump. Play {cards}."),
    "learn.step.void": ("你没有首家那一门的牌了：可以用主牌毙"
                        "（主牌比副牌大；首家出对子要用主牌对子毙）或垫牌。出 {cards}。",
                        "You have none of the led suit: you may trump (a trump beats a side "
                        "card; a pair led needs a trump pair) or discard. Play {cards}."),
    "learn.step.lead": ("轮到你首出：单张可以出任何牌。出 {cards}。",
                        "Your lead: any single card may be led. Lead {cards}."),
    "learn.step.pair": ("出一对 {cards}：对子比任何两张单牌大，别人有同门的对子必须跟对子。",
                        "Lead the pair {cards}: a pair beats any two singles, and the others "
                        "must follow with a pair of the suit if they hold one."),
    "learn.step.play": ("出亮着的 {cards}（点“提示”也行）。", "Play the lit {cards}"
                                                              " (or tap Hint)."),
    # (after a step's rule: the hint's reason for these very cards)
    "learn.why": ("为什么出 {cards}：{why}。", "Why {cards}: {why}."),
    "learn.step.play_why": ("出亮着的 {cards}：{why}（点“提示”也行）。",
                            "Play the lit {cards}: {why} (or tap Hint)."),
    "learn.step.last": ("最后一轮：出 {cards}。若抓分方赢了这一轮，就抠底："
                        "底牌的分 × {kitty_multiplier}。",
                        "The last trick: play {cards}. If the attackers win it they capture "
                        "the kitty (抠底): its points count ×{kitty_multiplier}."),
    "learn.event.welcome": ("你坐南边，对家（北）是你的队友，对手是左"
                            "家和右家。逆时针出牌：你 → 右家 → "
                            "对家 → 左家。本局打 2：所有的 2 和王都是主牌。",
                            "You sit South; North is your partner, East and West your "
                            "opponents. Play goes counter-clockwise: you → East → North → West. "
                            "This round's level is 2: every 2 and the jokers are trumps."),
    "learn.event.TrumpDecided": ("梅花是主：王、♣2、其他的 2 和其余的梅花"
                                 "都是主牌（点“主牌”看顺序）。",
                                 "Clubs are trump: the jokers, ♣2, the other 2s and every other "
                                 "club are trumps (tap Trumps for their order)."),
    "learn.event.KittyBuried": ("底牌扣好了。现在别人可以抄底："
                                "亮出比你的 ♣2 ♣2 更强、至少两张的级牌。",
                                "The kitty is buried. Now the others may snatch it (抄底) with a "
                                "bid of two or more level cards stronger than your ♣2 ♣2."),
    # (its paragraphs, one a line: what beat what, where the kitty went, what stands now)
    "learn.event.snatched": ("右家用一对 ♠2 抄底了！\n"
                             "为什么：第一局叫主只比张数，抄底还要比花色（♠ > ♥ > ♣ > ♦），"
                             "所以 ♠2 ♠2 大过你的 ♣2 ♣2。\n"
                             "底牌：右家拿走了底牌（连同你扣的牌），重新扣了 {kitty_size} 张。\n"
                             "现在：黑桃是主（右家定的）；庄家仍是你。",
                             "East snatched the kitty (抄底) with a pair of ♠2!\n"
                             "Why: the first round's bids count cards only, but a snatch ranks "
                             "suits too (♠ > ♥ > ♣ > ♦), so ♠2 ♠2 beats your ♣2 ♣2.\n"
                             "The kitty: East took it up, with the cards you buried, and buried "
                             "{kitty_size} cards.\n"
                             "Now: spades are trump (East's choice). You are still the dealer "
                             "(庄家)."),
    "learn.event.TrickWon": ("每一轮桌上都会写出谁赢、为什么赢；两手一样大时，先出的赢。"
                             "5 是 5 分，10 和 K 是 10 分；只有抓分方（右家、左家）赢到的分"
                             "算数，满 {threshold} 分他们就上台。",
                             "Each trick's caption says who won it and why; of two equal "
                             "plays, the one played first wins. 5s count 5 points, 10s and Ks "
                             "10; only the points the attackers (East and West) win count, and "
                             "with {threshold} or more they take the deal."),
    "learn.event.pair-led": ("有人出了一对：对子比任何两张单牌大，有同门对子的人必须跟对子。",
                             "A pair was led: it beats any two singles, and whoever holds a pair "
                             "of that suit must follow with it."),
    "learn.event.tractor-led": ("有人出了拖拉机：连续的对子，比任何对子都大。",
                                "A tractor was led: pairs in a row, stronger than any pairs."),
    "learn.event.ThrowFailed": ("甩牌失败：有人管得住其中一手，只"
                                "出被管住的那一手（桌上写着是谁；下一轮开始后点“上一轮”再看）。",
                                "The throw failed: someone could beat one part, so only that part "
                                "is led (the caption says who; once the next trick has begun, "
                                "Last trick shows it again)."),
    "learn.event.KittyScored": ("抠底！抓分方赢了最后一轮，"
                                "底牌的分乘 {kitty_multiplier} 算给他们。",
                                "抠底! The attackers won the last trick, so the kitty's points "
                                "count ×{kitty_multiplier} for them."),
    # (where an attacker buried the kitty: a snatcher's bury is the attackers' own)
    "learn.event.KittyScored.attacker": ("这份底牌是{seat}抄底后扣的，里面有 {points} 分："
                                         "抓分方抄底时可以故意扣分，最后一轮赢了就"
                                         "乘 {kitty_multiplier} 拿回来。",
                                         "{seat} buried this kitty, {points} points in it, "
                                         "after snatching it: an "
                                         "attacker who snatches may bury points on purpose and "
                                         "win them back ×{kitty_multiplier} with the last "
                                         "trick."),
    "learn.event.RoundSettled": ("这一局打完了！右家抄底把主换成了黑桃，不再是你的梅花；"
                                 "抓分方得了 {score} 分，满 {threshold} 分就上台，所以这一局"
                                 "你方输了。你每一步都照着打对了：这手牌是特意挑来演示抄底的，"
                                 "抄底能让一手好牌翻盘。结果写着分从哪里来、双方升到几级。"
                                 "点“回到我的比赛”开始自己打。",
                                 "That was a whole round! East's snatch (抄底) made spades "
                                 "trump instead of your clubs, and the attackers scored {score}: "
                                 "with {threshold} or more they take the deal, so your side lost "
                                 "this one. You played every move as asked: this hand was dealt "
                                 "to show a snatch, which can turn a good hand around. The result "
                                 "shows where the points came from and both "
                                 "sides' levels now. Tap \"Back to my game\" to play on your "
                                 "own."),
    # explanations (ui.logic.explain): why, in one line
    "explain.trumps_word": ("主牌", "trump"),
    "explain.kind.single": ("单张", "single"),
    "explain.kind.pair": ("对子", "pair"),
    "explain.kind.tractor": ("拖拉机", "tractor"),
    "explain.throw_failed": ("{seat}甩牌失败：{blocker}有更大的{suit}{kind}，只能出 {forced}",
                             "{seat}'s throw failed: {blocker} holds a higher {suit} {kind}, so "
                             "only {forced} is led"),
    "explain.throw_failed.you": ("你甩牌失败：{blocker}有更大的{suit}{kind}，只能出 {forced}",
                                 "Your throw failed: {blocker} holds a higher {suit} {kind}, so "
                                 "only {forced} is led"),
    # a partner who breaks a throw surprises a newcomer: R19 checks every other hand
    "explain.throw_failed.partner": ("（队友的牌也算：甩出的每一部分都要大过其余三家）",
                                     " (a partner's cards count too: each part of a throw "
                                     "must beat all three other hands)"),
    # what a bid would do ({makes}: explain.makes), and the other choice ({alt}: during the
    # deal, to let it go on; after it, to pass)
    "explain.makes": ("{suit}做主", "makes {suit} trump"),
    "explain.makes.no_trump": ("打无主", "makes it no-trump"),
    "explain.makes.its_suit": ("亮哪门就是哪门做主", "makes its suit trump"),
    "explain.or": (" 或 ", " or "),
    "explain.offer.alt.deal": ("也可以不叫", "or let the deal go on"),
    "explain.offer.alt.bid": ("也可以不叫", "or pass"),
    "explain.offer.bid": ("可以叫主：亮 {cards}，{makes}，你就可能成为庄家（{alt}）",
                          "You may bid: showing {cards} {makes} and could make you the dealer "
                          "({alt})"),
    # after the first round the 庄家 is already set (R10, R28): a bid chooses the trump only
    "explain.offer.bid_trump": ("可以叫主：亮 {cards}，{makes}；庄家已定，是{seat}（{alt}）",
                                "You may bid: showing {cards} {makes}; {seat} is the dealer "
                                "already ({alt})"),
    "explain.offer.bid_trump.you": ("可以叫主：亮 {cards}，{makes}；你已是庄家（{alt}）",
                                    "You may bid: showing {cards} {makes}; you are the dealer "
                                    "already ({alt})"),
    "explain.offer.overcall": ("可以反主：亮 {cards} 比{whose}叫主更强，{makes}",
                               "You may overcall: {cards} is stronger than {whose} bid and "
                               "{makes}"),
    "explain.offer.snatch": ("可以抄底：亮 {cards} 比{whose}叫主更强，{makes}，你拿底牌重扣",
                             "You may snatch: {cards} beats {whose} bid, {makes}, and you take "
                             "up and bury the kitty"),
    "explain.offer.snatch_unopposed": ("可以抄底：无人叫过主，亮 {cards} 就能抄底，{makes}，"
                                       "你拿底牌重扣",
                                       "You may snatch: nobody had bid, so {cards} snatches; it "
                                       "{makes}, and you take up and bury the kitty"),
    "explain.no_bid": ("你现在不能叫主：{need}", "You cannot bid now: {need}"),
    "explain.no_snatch": ("你不能抄底：{need}", "You cannot snatch: {need}"),
    "explain.side.declarers": ("你是庄家方（庄家 {dealer}）：你们守底，对方要抓分",
                               "You were on the declarers' side (dealer: {dealer}): you "
                               "tried to keep points from the attackers"),
    "explain.side.attackers": ("你是抓分方（庄家 {dealer}）：你们要抓分",
                               "You were on the attackers' side (dealer: {dealer}): you tried "
                               "to capture points"),
    "explain.target": ("抓分方要得 {target} 分才能上台；这局得了 {score} 分",
                       "The attackers needed {target} points to take the deal; they scored "
                       "{score}"),
    "explain.from_tricks": ("赢墩得分 {points}", "from tricks: {points}"),
    "explain.kitty_won": ("抠底：抓分方赢了最后一轮，底牌 {points} 分 × {mult} = {bonus}",
                          "kitty {points} × {mult} = {bonus}: the attackers won the last trick "
                          "(抠底), so the buried cards' points count {mult} times"),
    # (a kitty of no points says so: a daily player read "kitty 0 × 2 = 0 … count 2 times")
    "explain.kitty_won_none": ("抓分方赢了最后一轮（抠底），但底牌没有分",
                               "the attackers won the last trick (抠底), but the kitty held no "
                               "points"),
    "explain.kitty_none": ("底牌没有分", "the kitty held no points"),
    "explain.kitty_kept": ("底牌 {points} 分归庄家方（最后一轮不是抓分方赢的）",
                           "the kitty's {points} points stayed with the declarers (the "
                           "attackers did not win the last trick)"),
    "explain.penalty": ("甩牌罚分 {points}", "failed-throw penalties {points}"),
    "explain.sep": ("；", "; "),
    "explain.won": ("你们赢了这一局！", "Your side won this round!"),
    "explain.lost": ("你们输了这一局", "Your side lost this round"),
    "direction.short": ("逆时针出牌：你→右→对→左", "Counter-clockwise: you→E→N→W"),
    "button.learn": ("新手教学", "Learn"),
    "direction": ("逆时针出牌：你 → 右家 → 对家 → 左家",
                  "Play goes counter-clockwise: you → East → North → West"),
    # the trumps panel
    "button.trumps": ("主牌", "Trumps"),
    "trumps.title": ("本局的主牌", "This round's trumps"),
    "trumps.undecided": ("主花色还没定。", "The trump suit is not decided yet."),
    "trumps.provisional": ("按现在的叫主——{trump}", "As the bids stand — {trump}"),
    "trumps.suit": ("主花色是{suit}（{symbol}），级牌是 {level}。",
                    "Trump suit: {suit} ({symbol}); level: {level}."),
    "trumps.no_suit": ("无主：只有王和级牌 {level} 是主牌。",
                       "No-trump: only the jokers and the {level}s are trumps."),
    "trumps.rule": ("王和所有级牌都是主牌，不属于它们印着的花色；任何主牌都比副牌大。",
                    "The jokers and every level card are trumps, not cards of their printed "
                    "suit; every trump ranks above every card of another suit."),
    "trumps.order": ("从大到小（同一个序号下的牌一样大）：", "Strongest first (the cards under "
                     "one number are equal):"),
    "trumps.equal": ("一样大", "equal"),
}

# How to play, a line a rule (the rules' numbers filled in: help_lines)
HELP: dict[str, list[str]] = {
    "zh": [
        "三副牌共 162 张，四人两两对家（你和对家一队）。"
        "每人 {hand_size} 张，底牌 {kitty_size} 张。",
        "发牌时可以亮级牌叫主（单张、对、三张），别人可以用更强的叫主反主：张数多的大"
        "（三张大过一对），张数一样时比花色：♠ > ♥ > ♣ > ♦；第一局只比张数。"
        "三张一样的王（三张小王或三张大王）叫无主，大过任何三张级牌。无人叫主时由底牌定主：底牌里第一张级牌的花色，没有级牌就看最大"
        "的一张（第一局由拿到第一张牌的人坐庄）。",
        "庄家拿底牌后扣回 {kitty_size} 张。之后别人可以亮出更强、至少两张的叫主抄底，大小同上"
        "（第一局抄底也比花色）。抄底的人定新的主，拿起底牌重新扣；庄家不变，所以抓分方抄底时可以扣分，最后一轮赢了"
        "底分{kitty_times}。",
        "出牌：首家可出单张、对、拖拉机（同一花色三对以上点数相连，如 ♠7 7 8 8 9 9，不能跳过"
        "级牌；主牌里只有主花色的对子能连，主花色的级牌对子也算，王和其他花色的级牌不能连），"
        "或同一门的组合甩牌（三张一样的牌算一对加一张）；甩牌若有人管得住则失败，改出被管住的"
        "最小的那一手。",
        "跟牌必须跟同门，有对跟对、有拖拉机跟拖拉机；没有该门可以用主牌毙或垫牌。",
        "一轮由最大的一手赢：主牌大过首家那一门（首家出对子或拖拉机时，要同样牌型的主牌），"
        "否则比首家那一门。三副牌常有一样的牌：一样大时先出的赢。",
        "5 是 5 分，10 和 K 是 10 分，共 300 分。抓分方最后一轮赢了则底牌分{kitty_times}（抠底）。",
        "抓分方 0 分庄家方升 {shutout_rise} 级，"
        "{small_shutout_limit} 分以内升 {small_shutout_rise} 级，"
        "不到 {threshold} 升 {below_threshold_rise} 级；"
        "{threshold} 分以上抓分方上台，每多 {step} 分升 1 级。"
        "下一局：庄家方守住，由庄家的对家坐庄；抓分方上台，由庄家的下家（出牌顺序的下一位）坐庄。",
        "从 2 打到 A，再打小王、大王；打大王守住庄的一方获胜。",
    ],
    "en": [
        "Three decks, 162 cards, four players in two teams of partners (you sit opposite "
        "yours). {hand_size} cards each, {kitty_size} in the kitty.",
        "While the cards are dealt you may bid by showing level cards (one, a pair or three); "
        "others overcall with a stronger bid: more cards win (a triple beats a pair), and "
        "between as many cards the suit decides, ♠ > ♥ > ♣ > ♦, except in the first round, "
        "where only the number of cards counts. Three identical jokers (three small or three "
        "big) make no-trump and beat any triple. If nobody bids, the kitty sets trump: the "
        "suit of its first level card, else of its highest card (in the first round the seat "
        "dealt the first card becomes dealer).",
        "The dealer takes the kitty and buries {kitty_size} cards. Then another player may "
        "snatch it (抄底) with a stronger bid of at least two cards, ranked as bids are, suits "
        "included even in the first round. The snatcher's suit becomes trump and they "
        "take up the kitty and bury again, but the dealer stays the dealer: an attacker who "
        "snatches may bury points, which count {kitty_times} if the attackers take the last "
        "trick.",
        "Lead a single, a pair, a tractor or a throw of several of one suit (three of a kind "
        "counts as a pair and a single); a throw someone can beat fails, and its smallest "
        "beatable part is led instead. A tractor is three or more pairs of consecutive rank in "
        "one suit, such as ♠7 7 8 8 9 9, never skipping the level rank; among trumps only the "
        "trump suit's pairs join, its own level pair included, never jokers or other suits' "
        "level cards.",
        "Follow suit, with pairs and tractors as far as you can; when void you may trump or "
        "discard.",
        "The highest play takes the trick: trumps beat the suit led (a pair or tractor led, "
        "only trumps of its shape do), else the highest of the suit led wins. Three decks hold "
        "three of each card, so equal plays are common: the one played first wins.",
        "5s count 5, 10s and Ks 10: 300 in all. If the attackers win the last trick the "
        "kitty's points count {kitty_times}.",
        "Attackers with 0: declarers rise {shutout_rise}; up to {small_shutout_limit}: rise "
        "{small_shutout_rise}; under {threshold}: rise {below_threshold_rise}. From {threshold} "
        "the attackers take the deal and rise one level per {step} over {threshold}. The next "
        "dealer is the dealer's partner if the declarers keep the deal, else the player after "
        "the dealer in play order (an attacker).",
        "Climb from 2 to A, then the small and big joker; declarers at the big joker who keep "
        "the deal win.",
    ],
}

# The keys, listed in the help dialog (ui/page/card_input.py handles them)
HELP_KEYS: dict[str, list[tuple[str, str]]] = {
    "zh": [
        ("Tab / Shift+Tab", "在手牌、底牌和按钮之间移动"),
        ("← → Home End", "在手牌（或扣底时的底牌）中换一张"),
        ("空格 / Enter", "选中或取消一张牌；扣底时放入底牌，在底牌中按则拿回"),
        ("P", "出选中的牌"),
        ("H", "提示"),
        ("L", "看上一轮（再按一次回来）"),
        ("U", "悔牌（在设置中允许后）"),
        ("Esc", "关闭对话框"),
        ("", "单键快捷键（P、H、L、U）可以在设置里关闭；对话框打开时不起作用。"),
    ],
    "en": [
        ("Tab / Shift+Tab", "move between the hand, the kitty and the buttons"),
        ("← → Home End", "move along the hand (or the kitty while burying)"),
        ("Space / Enter", "select or unselect a card; while burying, put it in the kitty, or "
                          "in the kitty take it back"),
        ("P", "play the selected cards"),
        ("H", "hint"),
        ("L", "look at the last trick (again: back)"),
        ("U", "undo: take back your last bid or play (once allowed in Settings)"),
        ("Esc", "close a dialog"),
        ("", "The single-key shortcuts (P, H, L, U) can be switched off in Settings; they do "
             "nothing while a dialog is open."),
    ],
}

# anchor: zh term, zh, en term, en (the rules' numbers filled in: glossary_text)
GLOSSARY: dict[str, tuple[str, str, str, str]] = {
    "level": ("级", "每队有一个级别，从 2 打到 A 再到王。本局打庄家方的级别，这个点数的牌叫级牌。",
              "level", "Each side has a level, climbing from 2 to A and the jokers. A round is "
              "played at the declarers' level; cards of that rank are the level cards."),
    "trump": ("主牌", "王、所有级牌和主花色的牌。一张主牌比任何副牌大；首家出对子或拖拉机时，"
                      "要用同样牌型的主牌才能毙。",
              "trump", "The jokers, every level card and the trump suit's cards. A trump ranks "
              "above any card of another suit; to beat a pair or tractor led, a trump play "
              "needs the same shape."),
    "overcall": ("叫主 / 反主", "发牌时亮出级牌定主花色；别人可以用更强的（对子、三张）反主。",
                 "bid / overcall", "While cards are dealt, showing level cards names the trump "
                 "suit; a stronger showing (a pair, three of a kind) overcalls it."),
    "sides": ("庄家 / 庄家方 / 抓分方", "第一局叫主成功的人是庄家（庄），以后每局由上一局的结果"
              "定庄；庄家和对家是庄家方，另两人是抓分方。只有抓分方的分算数。",
              "dealer (庄) / declarers / attackers", "In the first round the winning bidder is "
              "the dealer (庄); later rounds' dealer is set by the round before. The dealer and "
              "partner are the declarers, the other two the attackers. Only the attackers' "
              "points count."),
    "kitty": ("底牌 / 扣底", "发牌剩下 {kitty_size} 张是底牌。庄家拿起后扣"
                             "回 {kitty_size} 张；最后一轮抓分方赢则底分{kitty_times}"
              "（抠底）。",
              "kitty / bury", "The {kitty_size} cards left after the deal. The dealer takes them "
              "up and buries {kitty_size} face down; if the attackers win the last trick the "
              "kitty's points count {kitty_times} (抠底)."),
    "snatch": ("抄底", "底牌扣好后，别人可以亮出更强的至少两张级牌抄底：换主、拿底牌重新扣；"
                       "庄家不变。抓分方抄底时扣下的分，若抓分方赢了最后一轮就{kitty_times}算给他们。",
               "snatch", "After the bury, another player may show a stronger bid of at least "
               "two cards: trump changes and they take up and bury the kitty; the dealer "
               "stays. Points an attacking snatcher buries count {kitty_times} for the "
               "attackers if they take the last trick."),
    "pair": ("对子 / 拖拉机", "两张一样的牌是对子；三对以上相连的"
                              "对子是拖拉机。首家出对子，只有更大的对子（同门或主牌）能管；"
                              "拖拉机只有一样长、更大的拖拉机能管：单张管不了。",
             "pair / tractor", "Two identical cards are a pair; three or more pairs in a row are "
             "a tractor. A pair led is beaten only by a higher pair (of its suit, or of trumps); "
             "a tractor only by a higher tractor as long: singles never beat them."),
    "throw": ("甩牌", "一次出同一门的几手牌。有人能管住其中一手就失败，改出被管住的最小的那一手。",
              "throw", "Leading several units of one suit at once. If anyone can beat one part, "
              "the throw fails and the smallest part that can be beaten is led instead."),
    "points": ("分", "5 是 5 分，10 和 K 是 10 分，共 300 分。抓分方得 {threshold} 分以上就上台。",
               "points", "5s count 5, 10s and Ks 10: 300 in all. The attackers take the deal "
               "with {threshold} or more."),
    "rise": ("升级", "庄家方守住升 {below_threshold_rise}–{shutout_rise} 级；抓分方上台后，"
             "超过 {threshold} 分每满 {step} 分升 1 级（正好 {threshold} 分只上台，不升级）。",
             "rise", "Declarers who hold rise {below_threshold_rise} to {shutout_rise} levels; "
             "attackers who take the deal rise one level for each full {step} points over "
             "{threshold} (with exactly {threshold} they take the deal and do not rise)."),
    "direction": ("出牌方向", "逆时针：你 → 右家 → 对家 → 左家（和桥牌相反）。",
                  "direction", "Counter-clockwise: you → East → North → West (the reverse of "
                  "Bridge)."),
}

SUIT_NAMES = {"S": ("黑桃", "spades"), "H": ("红桃", "hearts"), "C": ("梅花", "clubs"),
              "D": ("方块", "diamonds")}
JOKER_NAMES = {"LJ": ("小王", "small joker"), "BJ": ("大王", "big joker")}
# What a joker's face says (its index, over a star): Chinese, or a short English label.
JOKER_FACES = {"LJ": ("小王", "SJ"), "BJ": ("大王", "BJ")}
# A hand's groups, by play-suit ("T": the trumps; "J": the jokers when there is no trump yet).
GROUP_NAMES = {"T": ("主牌", "Trumps"), "J": ("王", "Jokers"),
               **{s: (zh, en.capitalize()) for s, (zh, en) in SUIT_NAMES.items()}}
LEVEL_NAMES = {"LJ": ("小王", "small joker"), "BJ": ("大王", "big joker")}


# How the kitty's multiplier (R25) is said where a word says it; any other, as a number.
KITTY_TIMES = {2: ("翻倍", "double")}


def rule_values(rules: RulesConfig, lang: str = "en") -> dict[str, object]:
    """The rules' numbers for the words that name them: RulesConfig's fields by their names,
    and `kitty_times`, the kitty's multiplier in words (翻倍 / double, for ×2)."""
    m = rules.kitty_multiplier
    zh, en = KITTY_TIMES.get(m, (f"乘 {m}", f"×{m}"))
    return {**rules.to_dict(), "kitty_times": zh if lang == "zh" else en}


def help_lines(lang: str, rules: RulesConfig) -> list[str]:
    """How to play (HELP), with the numbers of `rules`."""
    values = rule_values(rules, lang)
    return [line.format(**values) for line in HELP[lang]]


def glossary_text(key: str, lang: str, rules: RulesConfig) -> tuple[str, str]:
    """A glossary entry (GLOSSARY): its term and what it says, with the numbers of `rules`."""
    zh_term, zh, en_term, en = GLOSSARY[key]
    term, text = (zh_term, zh) if lang == "zh" else (en_term, en)
    return term, text.format(**rule_values(rules, lang))


def t(key: str, /, lang: str = "en", **values: object) -> str:
    zh, en = TEXT[key]
    return (zh if lang == "zh" else en).format(**values)


def rise_key(key: str, rise: int) -> str:
    """`key`, or its ".no_rise" form where a side took the deal without rising (R26)."""
    return f"{key}.no_rise" if rise == 0 and f"{key}.no_rise" in TEXT else key


def t_seat(key: str, seat: int, lang: str = "en", **values: object) -> str:
    """`t(key)` about `seat`: the player's own form of the sentence (key + ".you") for seat 0
    where there is one, else the sentence with the seat's name."""
    if seat == 0 and key + ".you" in TEXT:
        return t(key + ".you", lang, **values)
    return t(key, lang, seat=seat_name(seat, lang), **values)


def card_name(card: Card, lang: str = "en") -> str:
    """An accessible name: '黑桃 6' / '6 of spades', '大王' / 'big joker, BJ': a screen reader
    says the joker's name first; the letters of its face follow in English, so the name holds
    the text the card shows (WCAG 2.5.3, label in name: a voice-control user says "BJ"; axe
    finds "BJ" in "big joker, BJ" but not in "big joker (BJ)")."""
    if card.suit is None:
        if lang == "zh":
            return JOKER_NAMES[card.rank][0]
        return f"{JOKER_NAMES[card.rank][1]}, {joker_face(card.rank, lang)}"
    zh, en = SUIT_NAMES[card.suit]
    return f"{zh} {card.rank}" if lang == "zh" else f"{card.rank} of {en}"


def joker_face(rank: str, lang: str = "en") -> str:
    """What the joker of `rank` ("LJ" or "BJ") says on its face: 小王/大王, or SJ/BJ."""
    return JOKER_FACES[rank][0 if lang == "zh" else 1]


def group_name(play_suit: str, lang: str = "en") -> str:
    """A group of the hand: '主牌' / 'Trumps', '黑桃' / 'Spades'..."""
    zh, en = GROUP_NAMES[play_suit]
    return zh if lang == "zh" else en


def card_short(card: Card, lang: str) -> str:
    """The card's face text in a sentence of `lang`: '♠6', a joker as its face says it
    (小王/大王 in Chinese, as render.card_html draws them; in English by name, "small joker":
    the letters SJ/BJ of the face read as ♠J in a sentence)."""
    return card_label(card, "zh" if lang == "zh" else "en")


def cards_spoken(cards: Iterable[Card], lang: str) -> str:
    """The cards as a screen reader is told them (a live region's words): '♠6 ♠6', a joker by
    its name (小王/大王, "small joker"/"big joker"), never the letters of its face."""
    return " ".join(JOKER_NAMES[c.rank][0 if lang == "zh" else 1] if c.suit is None
                    else card_short(c, lang) for c in cards)


def cards_short(cards: Iterable[Card], lang: str) -> str:
    """The cards in a sentence of `lang`: '♠6 ♠6 小王' / '♠6 ♠6 small joker', a joker's
    copies counted in English ('big joker ×2': engine.cards.cards_label)."""
    return cards_label(cards, "zh" if lang == "zh" else "en")


ZH_COUNTS = {2: "两", 3: "三", 4: "四", 5: "五", 6: "六", 7: "七", 8: "八", 9: "九"}


def count_word(n: int, lang: str) -> str:
    """A count as a sentence of `lang` says it: "两" / "2"."""
    return ZH_COUNTS.get(n, str(n)) if lang == "zh" else str(n)


def listed(words: Sequence[str], lang: str) -> str:
    """Words as a list in a sentence: "a, b and c" / "a、b和c"."""
    if len(words) < 2:
        return "".join(words)
    last = "和" if lang == "zh" else " and "
    return list_sep(lang).join(words[:-1]) + last + words[-1]


def list_sep(lang: str) -> str:
    """Between the items of a list: "、" / ", "."""
    return "、" if lang == "zh" else ", "


def level_name(level: str, lang: str = "en") -> str:
    return LEVEL_NAMES[level][0 if lang == "zh" else 1] if level in LEVEL_NAMES else level


def seat_name(seat: int, lang: str = "en") -> str:
    return t(f"seat.{seat}", lang)


def trump_name(trump: Trump | None, lang: str = "en") -> str:
    if trump is None:
        return t("status.trump_unknown", lang)
    if trump.suit is None:  # "no-trump (2s)": the level cards and jokers are the trumps
        return t("status.no_trump_level", lang, level=trump.level)
    return t("status.suit_level", lang, suit=SUIT_SYMBOLS[trump.suit], level=trump.level)


def preferred_language(navigator_languages: Iterable[object] | None) -> str:
    """Chinese when the browser prefers it, English otherwise."""
    for lang in navigator_languages or []:
        code = str(lang).lower()
        if code.startswith("zh"):
            return "zh"
        if code.startswith("en"):
            return "en"
    return "en"
