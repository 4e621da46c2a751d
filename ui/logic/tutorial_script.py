"""The guided first hand's script, written by tools/tutorial_script.py (do not edit):
for each move of the player, the match's clock when it is due
(ui.logic.tutorial.clock), the move (engine.actions JSON) and its lesson
(ui.logic.i18n learn.step.<lesson>)."""

SCRIPT = (
    (80, ['bid', 0, 'D2 D2'], 'bid'),
    (158, ['bury', 0, 'C3 H4 S4 H6 S6 S7 H9 HJ SJ H5'], 'bury'),
    (162, ['play', 0, 'C7 C7 C8 C8 C9 C9 CA'], 'throw'),
    (166, ['play', 0, 'SQ SQ SK SK SA SA'], 'tractor'),
    (170, ['play', 0, 'HK HA'], 'throw-fail'),
    (176, ['play', 0, 'H8'], 'follow'),
    (181, ['play', 0, 'C4'], 'play'),
    (183, ['play', 0, 'H8'], 'play'),
    (187, ['play', 0, 'D10'], 'void'),
    (190, ['play', 0, 'HA'], 'lead'),
    (194, ['play', 0, 'HQ'], 'play'),
    (200, ['play', 0, 'H10 H10 C10'], 'play'),
    (204, ['play', 0, 'C4'], 'play'),
    (209, ['play', 0, 'H2 H2'], 'follow-pair'),
    (213, ['play', 0, 'D5'], 'play'),
    (216, ['play', 0, 'D4'], 'play'),
    (221, ['play', 0, 'CQ'], 'play'),
    (223, ['play', 0, 'D3'], 'follow-trump'),
    (227, ['play', 0, 'D5'], 'play'),
    (232, ['play', 0, 'D9'], 'play'),
    (234, ['play', 0, 'D2 D2 LJ'], 'play'),
    (238, ['play', 0, 'CQ CQ'], 'pair'),
    (242, ['play', 0, 'DA'], 'last'),
)
