"""BuzzerDuel: the four duel modes on a manual clock, keyboard stand-ins, the winner callback, the record."""

from __future__ import annotations

import json

import pytest

from companion.devices.buzzers import BuzzerConfig, BuzzerDuel, DuelError, KeyboardBuzzers, led_looks
from companion.devices.buzzers.duel import TIME_ATTENTION_S
from tests.buzzer_support import ManualClock

SEATS = ["Anne", "Bob", "Zoé"]


class Table:
    """Three seats on keys 1, 2, 3; Anne and Zoé duel."""

    def __init__(self, config: BuzzerConfig | None = None, seed: object = "42:7", duellists=("Anne", "Zoé")):
        self.clock = ManualClock(100.0)
        self.keys = KeyboardBuzzers(("1", "2", "3"), clock=self.clock)
        self.won: list[tuple[str, dict]] = []
        self.views = []
        self.duel = BuzzerDuel(SEATS, duellists, config=config or BuzzerConfig(), sources=[self.keys], seed=seed,
                               schedule=self.clock.schedule, clock=self.clock,
                               on_change=self.views.append,
                               on_winner=lambda name, record: self.won.append((name, record.to_json())))

    def press(self, key: str, after: float = 0.0) -> None:
        """Key ``key`` down ``after`` seconds from now (the clock does not move)."""
        self.keys.key_down(key, at=self.clock.t + after)

    def release(self, key: str, after: float = 0.0) -> None:
        self.keys.key_up(key, at=self.clock.t + after)

    @property
    def view(self):
        return self.duel.view


def test_card_duel_first_slam_wins_and_the_table_confirms():
    t = Table()
    t.duel.start("card")
    assert t.view.phase == "go"
    t.clock.advance(20.0)  # they play the printed card
    t.press("3")
    t.press("1", after=0.0421)
    v = t.view
    assert v.phase == "decided" and v.final and v.verdict.winner == "Zoé"
    assert [(o.player, o.gap_ms) for o in v.verdict.order] == [("Zoé", 0.0), ("Anne", 42.1)]
    assert t.duel.confirm() == "Zoé"
    name, record = t.won[0]
    assert name == "Zoé" and record["winner"] == "Zoé"
    run = record["runs"][0]
    assert run["mode"] == "card" and run["go_ms"] == 0.0
    assert [(p["player"], p["t_ms"], p.get("gap_ms")) for p in run["presses"]] == [("Zoé", 20000.0, 0.0),
                                                                                     ("Anne", 20042.1, 42.1)]
    json.dumps(record)  # the record is plain JSON


def test_nothing_to_confirm_before_a_press_and_no_confirm_in_a_question_duel():
    t = Table()
    with pytest.raises(DuelError):
        t.duel.confirm()
    t.duel.start("question")
    t.press("1")
    with pytest.raises(DuelError, match="judges the answer"):
        t.duel.confirm()


def test_reflex_duel_top_comes_after_a_seeded_delay_that_is_recorded():
    t = Table(seed="42:7")
    t.duel.start("reflex")
    delay = t.view.delay_s
    assert 2.0 <= delay <= 6.0 and t.view.phase == "attention"
    assert Table(seed="42:7").duel and _delay_of("42:7") == delay  # same game, same turn: same delay
    assert _delay_of("42:8") != delay
    t.clock.advance(delay - 0.001)
    assert t.view.phase == "attention"
    t.clock.advance(0.002)
    assert t.view.phase == "go"
    t.press("1", after=0.180)
    t.press("3", after=0.2456)
    assert t.view.verdict.winner == "Anne"
    run = t.duel.record().runs[0]
    assert run.delay_s == delay and run.go_ms == pytest.approx(delay * 1000, abs=0.2)
    assert run.seed == "42:7:1"


def _delay_of(seed: str) -> float:
    t = Table(seed=seed)
    t.duel.start("reflex")
    return t.view.delay_s


def test_a_false_start_loses_and_calls_off_the_signal():
    t = Table()
    t.duel.start("reflex")
    t.clock.advance(1.0)
    t.press("3")  # Zoé jumps during "Attention..."
    v = t.view
    assert v.phase == "decided" and v.verdict.winner == "Anne" and v.verdict.reason == "false_start"
    assert not v.final  # an earlier jump by Anne, reported late, could still change it...
    t.clock.advance(0.031)
    assert t.views[-1].final  # ...until the settle time is over
    assert t.clock.pending() == []  # and no "Top !" any more
    assert t.duel.confirm() == "Anne"


def test_lockout_rule_keeps_the_duel_going_and_the_false_starter_can_still_win():
    t = Table(BuzzerConfig(false_start="lockout", lockout_ms=250))
    t.duel.start("reflex")
    delay = t.view.delay_s
    t.clock.advance(delay - 0.1)
    t.press("3")  # 100 ms early: locked out until 150 ms after "Top !"
    t.release("3", after=0.05)
    assert t.view.phase == "attention" and t.view.verdict.false_starters == ("Zoé",)
    t.clock.advance(0.1)  # "Top !"
    assert t.view.phase == "go"
    t.press("3", after=0.10)  # still locked out
    t.release("3", after=0.12)
    t.press("3", after=0.16)
    t.press("1", after=0.30)
    kinds = [line.kind for line in t.view.verdict.lines]
    assert kinds == ["false_start", "locked_out", "valid", "valid"]
    assert t.view.verdict.winner == "Zoé"


def test_a_tie_is_re_run_and_both_runs_are_recorded():
    t = Table()
    t.duel.start("card")
    t.press("1", after=1.0)
    t.press("3", after=1.0)
    assert t.view.verdict.status == "tie" and t.view.verdict.tied == ("Anne", "Zoé")
    with pytest.raises(DuelError):
        t.duel.confirm()
    t.release("1", after=1.2)
    t.release("3", after=1.2)
    t.clock.advance(5.0)
    t.duel.rerun()
    assert t.view.run == 2 and t.view.verdict.status == "open"
    t.press("3", after=1.0)
    t.press("1", after=1.0003)
    t.duel.confirm()
    runs = t.won[0][1]["runs"]
    assert [(r["run"], r["status"], r["winner"]) for r in runs] == [(1, "tie", None), (2, "won", "Zoé")]


def test_question_duel_a_wrong_answer_passes_to_the_next_in_press_order():
    t = Table()
    t.duel.start("question")
    t.press("3", after=2.0)
    t.press("1", after=2.3)
    assert t.view.verdict.answerer == "Zoé"
    t.duel.wrong_answer()
    assert t.view.verdict.answerer == "Anne" and t.view.verdict.wrong == ("Zoé",)
    assert t.duel.correct_answer() == "Anne"
    record = t.won[0][1]
    assert t.won[0][0] == "Anne" and record["runs"][0]["wrong"] == ["Zoé"] and record["winner"] == "Anne"


def test_question_duel_nobody_left_then_nobody_answers():
    t = Table()
    t.duel.start("question")
    t.press("1", after=1.0)
    t.duel.wrong_answer()
    assert t.view.verdict.answerer is None
    with pytest.raises(DuelError):
        t.duel.correct_answer()
    t.press("3", after=3.0)  # Zoé had not buzzed yet: now she answers
    assert t.view.verdict.answerer == "Zoé"


def test_time_sense_duel_is_dark_then_the_closest_wins():
    t = Table()
    t.duel.start("time")
    assert t.view.phase == "attention"
    t.clock.advance(TIME_ATTENTION_S)
    assert t.view.phase == "go" and t.view.dark
    t.press("1", after=9.62)
    t.press("3", after=10.41)
    v = t.view
    assert not v.dark and v.verdict.winner == "Anne"
    assert [(o.player, o.error_ms, o.gap_ms) for o in v.verdict.order] == [("Anne", -380.0, 0.0), ("Zoé", 410.0, 30.0)]


def test_time_sense_duel_ends_when_the_other_can_no_longer_come_closer():
    t = Table()
    t.duel.start("time")
    t.clock.advance(TIME_ATTENTION_S)
    t.clock.advance(9.9)
    t.press("1")  # 100 ms early
    assert t.view.verdict.status == "open"
    t.clock.advance(0.15)
    assert t.view.verdict.status == "open"
    t.clock.advance(0.06)  # 10.11 s: Zoé can no longer beat 100 ms; the recheck timer decides
    assert t.views[-1].verdict.winner == "Anne"


def test_a_late_reported_earlier_press_changes_a_provisional_verdict_and_flags_a_revised_final_one():
    t = Table(BuzzerConfig(settle_ms=30))
    t.duel.start("card")
    t.press("1", after=1.0)
    assert t.view.verdict.winner == "Anne" and not t.view.final
    t.press("3", after=0.9995)  # Zoé's press, 0.5 ms earlier, reported after Anne's
    assert t.view.verdict.winner == "Zoé" and t.view.final and not t.view.revised
    # once final, a correction is still made, and said
    u = Table(BuzzerConfig(settle_ms=30))
    u.duel.start("card")
    u.press("1", after=1.0)
    u.clock.advance(1.05)
    assert u.views[-1].final and u.views[-1].verdict.winner == "Anne"
    u.press("3", after=-0.0505)  # 0.5 ms before Anne, reported 50 ms later
    assert u.views[-1].verdict.winner == "Zoé" and u.views[-1].revised


def test_presses_from_seats_without_a_player_and_after_close_are_ignored():
    t = Table()
    t.duel.start("card")
    t.duel.feed(5, t.clock.t + 0.1, True)
    assert t.view.verdict.lines == ()
    t.duel.close()
    t.press("1", after=0.2)
    assert t.view.verdict.lines == ()
    with pytest.raises(DuelError):
        t.duel.start("card")


def test_a_duel_needs_two_different_seated_players_and_a_known_mode():
    with pytest.raises(DuelError):
        BuzzerDuel(SEATS, ("Anne", "Anne"))
    with pytest.raises(DuelError):
        BuzzerDuel(SEATS, ("Anne", "Max"))
    with pytest.raises(DuelError, match="unknown duel mode"):
        BuzzerDuel(SEATS, ("Anne", "Bob")).start("arm wrestling")


def test_led_looks_follow_the_duel():
    t = Table()
    assert led_looks(t.view) == {}
    t.duel.start("reflex")
    assert led_looks(t.view) == {0: "on", 2: "on"}  # Bob, not duelling, stays dark
    t.clock.advance(t.view.delay_s)
    t.press("1", after=0.2)
    assert led_looks(t.view) == {0: "blink", 2: "off"}
    q = Table()
    q.duel.start("question")
    q.press("3", after=1.0)
    assert led_looks(q.view) == {0: "on", 2: "blink"}
    q.duel.wrong_answer()
    assert led_looks(q.view) == {0: "on", 2: "off"}


def test_a_key_held_when_the_duel_starts_is_stuck():
    t = Table()
    t.press("3")
    t.duel.start("card")
    assert t.view.verdict.stuck == ("Zoé",) and led_looks(t.view)[2] == "fast"
    t.press("1", after=0.5)
    assert t.view.verdict.winner == "Anne"
