"""The Arbiter on timestamps alone: first press, order and gaps, false starts, lockout, ties, stuck
buttons, answers passed on, the time-sense duel; whatever order the presses are reported in."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.devices.buzzers.arbiter import (
    CLOSEST, FALSE_START, IGNORED, LOCKED_OUT, OPEN, OUT, STUCK, TIE, VALID, VOID, WON, Arbiter, Rules,
)

A, B = "Anne", "Bob"


def arbiter(go_at: float | None = 0.0, **rules) -> Arbiter:
    return Arbiter((A, B), armed_at=0.0, go_at=go_at, rules=Rules(**rules))


def test_the_first_press_wins_and_the_other_gap_is_shown_to_a_tenth_of_a_millisecond():
    a = arbiter()
    a.press(B, 2.00123)
    v = a.press(A, 2.0)
    assert (v.status, v.winner, v.reason) == (WON, A, "first")
    assert [(o.player, o.rank, o.gap_ms) for o in v.order] == [(A, 1, 0.0), (B, 2, 1.2)]


def test_gaps_keep_sub_millisecond_differences():
    a = arbiter()
    a.press(A, 1.0)
    v = a.press(B, 1.00005)  # 0.05 ms later
    assert v.winner == A and v.order[1].gap_ms == 0.1  # shown to 0.1 ms, never rounded into a tie


@pytest.mark.parametrize("arrival", list(itertools.permutations(range(4))))
def test_the_order_presses_are_reported_in_never_changes_the_verdict(arrival):
    presses = [(A, 5.0004), (B, 5.0001), ("Zoé", 4.9), (B, 5.3)]  # Zoé is not a duellist
    a = arbiter()
    for i in arrival:
        a.press(*presses[i])
    v = a.verdict()
    assert v.winner == B
    assert [(line.player, line.kind) for line in v.lines] == [("Zoé", IGNORED), (B, VALID), (A, VALID), (B, "again")]
    assert v.order[1].gap_ms == 0.3


def test_identical_timestamps_are_a_tie_by_default_and_a_hair_apart_is_not():
    a = arbiter()
    a.press(A, 1.0)
    assert a.press(B, 1.0).status == TIE
    b = arbiter()
    b.press(A, 1.0)
    assert b.press(B, 1.000001).winner == A


def test_a_tie_window_makes_close_presses_a_tie():
    a = arbiter(tie_window_s=0.002)
    a.press(A, 1.0)
    v = a.press(B, 1.0015)
    assert (v.status, v.tied, v.winner) == (TIE, (A, B), None)
    c = arbiter(tie_window_s=0.002)
    c.press(A, 1.0)
    assert c.press(B, 1.0025).winner == A


def test_false_start_loses_the_duel_under_the_lose_rule():
    a = arbiter(go_at=None)
    v = a.press(A, 1.5)  # before "go"
    assert (v.status, v.winner, v.reason, v.false_starters) == (WON, B, "false_start", (A,))
    a.go(3.0)
    v = a.press(A, 3.1)
    assert v.winner == B and v.lines[-1].kind == OUT


def test_the_first_to_jump_loses_even_if_the_other_jumps_later():
    a = arbiter(go_at=None)
    a.press(B, 1.0)
    v = a.press(A, 1.2)
    assert v.winner == A and v.false_starters == (B, A)


def test_a_false_start_reported_after_go_is_still_judged_by_its_time():
    a = arbiter(go_at=None)
    a.go(2.0)
    a.press(B, 2.2)
    v = a.press(A, 1.999)  # happened before the signal, reported late
    assert v.winner == B and v.reason == "false_start"


def test_lockout_rule_ignores_the_false_starter_for_the_lockout_then_lets_them_win():
    a = arbiter(go_at=None, false_start="lockout", lockout_s=0.25)
    v = a.press(A, 0.9)
    assert v.status == OPEN and v.false_starters == (A,)
    a.go(1.0)
    a.release(A, 0.95)
    v = a.press(A, 1.1)  # still locked out until 1.15
    assert v.lines[-1].kind == LOCKED_OUT and v.status == OPEN
    a.release(A, 1.12)
    v = a.press(A, 1.16)
    a.press(B, 1.2)
    v = a.verdict()
    assert v.winner == A


def test_pressing_again_before_go_after_the_lockout_is_another_false_start():
    a = arbiter(go_at=None, false_start="lockout", lockout_s=0.25)
    a.press(A, 0.1)
    a.press(A, 0.2)  # during the lockout
    a.press(A, 0.5)  # after it, still before go
    kinds = [line.kind for line in a.verdict().lines]
    assert kinds == [FALSE_START, LOCKED_OUT, FALSE_START]


def test_a_button_held_at_arming_cannot_win_until_released():
    a = Arbiter((A, B), armed_at=0.0, go_at=0.0, held=[A])
    assert a.verdict().stuck == (A,)
    v = a.press(A, 0.5)  # a press reported while still held (a lost release): not counted
    assert v.status == OPEN and v.lines[-1].kind == STUCK
    a.release(A, 0.6)
    assert a.verdict().stuck == ()
    a.press(A, 0.7)
    assert a.press(B, 0.8).winner == A


def test_a_press_from_before_arming_reported_late_is_stuck_not_a_win():
    a = arbiter()
    v = a.press(A, -0.01)
    assert v.status == OPEN and v.stuck == (A,)


def test_a_non_duellist_never_counts():
    a = arbiter()
    v = a.press("Zoé", 0.1)
    assert v.status == OPEN and v.lines[0].kind == IGNORED


def test_after_a_wrong_answer_the_next_in_press_order_answers():
    a = Arbiter((A, B), armed_at=0.0, go_at=0.0)
    a.press(B, 1.0)
    a.press(A, 1.3)
    assert a.verdict().answerer == B
    v = a.wrong_answer()
    assert (v.answerer, v.wrong) == (A, (B,))
    v = a.wrong_answer()
    assert v.answerer is None and v.wrong == (B, A)


def test_a_wrong_answer_before_the_other_buzzed_waits_for_their_press():
    a = arbiter()
    a.press(A, 1.0)
    assert a.wrong_answer().answerer is None
    assert a.press(B, 4.0).answerer == B


def test_time_sense_duel_the_closest_to_the_target_wins_with_gaps_and_errors():
    a = arbiter(go_at=100.0, mode=CLOSEST, target_s=10.0)
    a.press(A, 109.8)
    v = a.press(B, 110.15)
    assert (v.status, v.winner, v.reason) == (WON, B, "closest")
    assert [(o.player, o.error_ms, o.gap_ms) for o in v.order] == [(B, 150.0, 0.0), (A, -200.0, 50.0)]


def test_time_sense_duel_waits_only_while_the_other_could_still_come_closer():
    a = arbiter(go_at=100.0, mode=CLOSEST, target_s=10.0)
    v = a.press(A, 109.7)
    assert v.status == OPEN and v.recheck_at == pytest.approx(110.3)
    assert a.verdict(now=110.2).status == OPEN
    v = a.verdict(now=110.31)
    assert (v.status, v.winner) == (WON, A)


def test_time_sense_duel_with_nobody_pressing_is_void_after_the_grace():
    a = arbiter(go_at=0.0, mode=CLOSEST, target_s=10.0, grace_s=5.0)
    assert a.verdict(now=14.0).status == OPEN
    assert a.verdict(now=15.5).status == VOID


def test_everyone_false_starting_with_one_duellist_is_void():
    a = Arbiter((A,), armed_at=0.0, go_at=None)
    assert a.press(A, 0.1).status == VOID


@settings(max_examples=200, deadline=None)
@given(
    st.lists(st.tuples(st.sampled_from([A, B, "Zoé"]), st.floats(0.0, 10.0, allow_nan=False)), min_size=1, max_size=8),
    st.randoms(use_true_random=False),
)
def test_property_the_winner_is_the_earliest_duellist_whatever_the_arrival_order(presses, rnd):
    shuffled = list(presses)
    rnd.shuffle(shuffled)
    a = arbiter()
    for player, at in shuffled:
        a.press(player, at)
    v = a.verdict()
    firsts = {}
    for player, at in presses:
        if player in (A, B):
            firsts[player] = min(at, firsts.get(player, at))
    if not firsts:
        assert v.status == OPEN
    elif len(firsts) == 2 and firsts[A] == firsts[B]:
        assert v.status == TIE
    else:
        assert v.winner == min(firsts, key=firsts.get)
        assert [o.player for o in v.order] == sorted(firsts, key=firsts.get)
