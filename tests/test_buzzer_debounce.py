"""The debouncer on edge timestamps: gpiozero's mock does not bounce, so these feed chatter by hand."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from companion.devices.buzzers.debounce import Change, Debouncer


def feed(d: Debouncer, edges) -> list[Change]:
    out = []
    for at, pressed in edges:
        out += d.feed(at, pressed)
    return out


def test_a_chattering_press_counts_once_at_its_first_contact():
    d = Debouncer(0.010)
    chatter = [(1.0000, True), (1.0004, False), (1.0011, True), (1.0019, False), (1.0030, True)]
    assert feed(d, chatter) == [Change(1.0, True)]
    release = [(1.200, False), (1.2003, True), (1.2009, False)]
    assert feed(d, release) == [Change(1.2, False)]


def test_a_tap_shorter_than_the_window_is_released_by_settle_with_its_real_time():
    d = Debouncer(0.010)
    assert feed(d, [(2.0, True), (2.004, False)]) == [Change(2.0, True)]
    assert d.pending_at == pytest.approx(2.010)
    assert d.settle(2.008) == []
    assert d.settle(2.011) == [Change(2.004, False)]
    assert d.pending_at is None and not d.pressed


def test_a_swallowed_release_is_reported_when_the_next_edge_comes():
    d = Debouncer(0.010)
    out = feed(d, [(3.0, True), (3.005, False), (3.5, True)])
    assert out == [Change(3.0, True), Change(3.005, False), Change(3.5, True)]


def test_repeated_levels_are_not_changes_and_the_window_can_be_zero():
    d = Debouncer(0.0)
    assert feed(d, [(1.0, True), (1.0, True), (1.1, True), (1.2, False)]) == [Change(1.0, True), Change(1.2, False)]


def test_starting_held_and_refusing_a_negative_window():
    d = Debouncer(0.01, pressed=True)
    assert d.feed(5.0, False) == [Change(5.0, False)]
    with pytest.raises(ValueError):
        Debouncer(-0.001)


@given(st.lists(st.tuples(st.floats(0, 0.05), st.booleans()), max_size=30), st.floats(0, 0.02))
def test_property_clean_changes_alternate_and_end_where_the_line_is(steps, window):
    d = Debouncer(window)
    at, level, out = 0.0, False, []
    for dt, pressed in steps:
        at += dt
        level = pressed
        out += d.feed(at, pressed)
    out += d.settle(at + window + 1)
    states = [False] + [c.pressed for c in out]
    assert all(x != y for x, y in zip(states, states[1:]))
    assert d.pressed == level
    assert all(x.at <= y.at for x, y in zip(out, out[1:]))
