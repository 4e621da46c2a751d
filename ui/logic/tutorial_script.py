"""The guided first hand's script, written by tools/tutorial_script.py (do not edit):
for each move of the player, the match's clock when it is due
(ui.logic.tutorial.clock), the move (engine.actions JSON) and its lesson
(ui.logic.i18n learn.step.<lesson>)."""

SCRIPT = (
    (78, ['bid', 0, 'C2 C2'], 'bid'),
    (158, ['bury', 0, 'D3 D6 S6 H7 S7 H8 H9 S9 HJ SJ'], 'bury'),
    (164, ['play', 0, 'HA HA HK HK'], 'throw'),
    (168, ['play', 0, 'C9'], 'lead'),
    (173, ['play', 0, 'CQ CQ'], 'follow-pair'),
    (177, ['play', 0, 'D4'], 'follow'),
    (181, ['play', 0, 'CJ'], 'play'),
    (184, ['play', 0, 'DQ DK'], 'throw-fail'),
    (189, ['play', 0, 'CK'], 'play'),
    (195, ['play', 0, 'H3 H3'], 'play'),
    (199, ['play', 0, 'D10'], 'play'),
    (200, ['play', 0, 'D9 D9 D10 D10 DJ DJ'], 'tractor'),
    (204, ['play', 0, 'BJ'], 'play'),
    (208, ['play', 0, 'D4'], 'play'),
    (215, ['play', 0, 'S4 S4'], 'play'),
    (217, ['play', 0, 'D9'], 'void'),
    (223, ['play', 0, 'SQ'], 'follow-trump'),
    (224, ['play', 0, 'H4 H4'], 'pair'),
    (231, ['play', 0, 'SA'], 'play'),
    (235, ['play', 0, 'C2 C2'], 'play'),
    (236, ['play', 0, 'D5'], 'play'),
    (243, ['play', 0, 'H2 S2'], 'play'),
    (247, ['play', 0, 'H5 H10'], 'play'),
    (251, ['play', 0, 'H10 DK'], 'last'),
)
