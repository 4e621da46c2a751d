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


def test_the_hints_reason_stands_only_while_its_cards_are_the_choice():
    """A daily player changed the hint's bury and still read its "(5 points buried …)"
    beside a kitty of 20: the reason goes while the choice differs, and comes back with it."""
    from engine.bots.advice import BURY_LOW, LEAD_LOW, PASS_WEAK, Reason

    s = Screen()
    bury = Reason(BURY_LOW, number=5)
    s.choose([2, 0, 1], burying=True, reason=bury)
    assert s.hint_why(burying=True) == bury
    s.take_from_bury(1)
    s.add_to_bury(7, kitty_size=3)
    assert s.hint_why(burying=True) is None
    s.take_from_bury(7)
    s.add_to_bury(1, kitty_size=3)  # (the same cards, in another order)
    assert s.hint_why(burying=True) == bury
    lead = Reason(LEAD_LOW)
    s.choose([4], burying=False, reason=lead)
    assert s.hint_why(burying=False) == lead
    s.toggle(4)  # a tap took the hint's card back
    assert s.hint_why(burying=False) is None
    s.choose([], burying=False, reason=Reason(PASS_WEAK))  # a bid's hint chooses no cards
    assert s.hint_why(burying=False) == Reason(PASS_WEAK)
    s.forget_choices()
    assert s.hint_why(burying=False) is None
