"""The follow window answered by the buzzers: the player whose answer is awaited presses their button to
follow, or holds it (a long press) to pass. Other seats' presses are ignored (each player answers in
turn from the leader's left). The app's buzzer feed (companion.app.buzzer_feed) hands each press and
release to ``FortUI.on_buzzer`` on the UI thread; ``answer_for`` keeps one FollowButtons per app."""

from __future__ import annotations

from typing import Any, Callable, Sequence

LONG_PRESS_S = 0.8  # held this long or more: a pass


class FollowButtons:
    """Presses and releases of the seats (seat, time, pressed) in, one answer out: ``on_answer(player,
    follows)`` for the awaited player's press (a short one follows, a long one passes). Pure: no clock."""

    def __init__(self, seats: Sequence[str], awaited: Callable[[], str | None],
                 on_answer: Callable[[str, bool], None], long_press_s: float = LONG_PRESS_S) -> None:
        self.seats, self.awaited, self.on_answer, self.long_press_s = list(seats), awaited, on_answer, long_press_s
        self.down: dict[int, float] = {}

    def change(self, seat: int, at: float, pressed: bool) -> None:
        if not 0 <= seat < len(self.seats):
            return
        if pressed:
            self.down[seat] = at
            return
        start = self.down.pop(seat, None)
        if start is None or self.seats[seat] != self.awaited():
            return  # a release without its press, or not this player's answer to give
        self.on_answer(self.seats[seat], at - start < self.long_press_s - 1e-9)  # exactly the long press: a pass


def awaited(app: Any) -> str | None:
    """Whose follow answer the turn screen waits for now (None: no follow window is shown)."""
    v = app.controller.view
    if v.get("game") != "fort" or v.get("step") != "follow" or v.get("asks") or app.sm.current != "fort_turn":
        return None
    return v.get("follower")


def answer_for(app: Any) -> FollowButtons:
    """The app's follow buttons (a press held across a rebuild still counts), seated as the table is now."""
    seats = [p["name"] for p in app.controller.view.get("players", [])]
    kept = getattr(app, "fort_follow_buttons", None)
    if kept is None or kept.seats != seats:
        kept = FollowButtons(seats, lambda: awaited(app), lambda player, follows: app.send(
            {"cmd": "follow", "player": player, "follows": follows}))
        app.fort_follow_buttons = kept
    return kept
