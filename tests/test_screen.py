"""The page's own state between renders (ui/logic/screen.py): the cards chosen to play or bury."""

from ui.logic.screen import Screen


def test_tapping_a_card_selects_it_and_tapping_again_unselects_it():
    s = Screen()
    s.toggle(3)
    s.toggle(5)
    s.toggle(3)
    assert s.selected == {5}


def test_the_kitty_takes_each_card_once_in_order_and_no_more_than_its_size():
    s = Screen()
    for pos in (7, 2, 7, 9, 4):
        s.add_to_bury(pos, kitty_size=3)
    assert s.bury == [7, 2, 9]
    s.take_from_bury(2)
    s.take_from_bury(11)  # not there: nothing happens
    assert s.bury == [7, 9]


def test_the_hint_replaces_the_choice_for_the_kitty_or_for_play():
    s = Screen(selected={1}, bury=[0])
    s.choose([4, 5], burying=True)
    assert s.bury == [4, 5] and s.selected == {1}
    s.choose([6], burying=False)
    assert s.selected == {6} and s.bury == [4, 5]


def test_an_action_forgets_the_choices_but_not_the_language_or_naming():
    s = Screen(lang="zh", selected={1, 2}, bury=[3], show_last_trick=True, joker_rank="9")
    s.forget_choices()
    assert (s.selected, s.bury, s.show_last_trick) == (set(), [], False)
    assert (s.lang, s.joker_rank) == ("zh", "9")
