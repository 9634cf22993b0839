"""The hourglass and the LED ring as the app drives them (a mixin of
:class:`companion.app.main.CompanionApp`): the ring following each answer (a full hourglass waiting for a
timed challenge, a game's moment, the lighthouse sweep between turns), the hourglass started, paused and
turned over, its last ten seconds and its "time up", posted from the ring's thread to the UI thread."""

from __future__ import annotations

from typing import Any

from kivy.clock import Clock

from companion.app.controls import colour_rgba


def colour_rgba_255(name: str) -> tuple[int, int, int]:
    """A player colour's name as the ring's 0-255 RGB."""
    r, g, b, _ = colour_rgba(name)
    return (round(r * 255), round(g * 255), round(b * 255))


class HourglassAndRing:
    """Needs of the app: ``controller``, ``settings``, ``ring``, ``sound``, ``sm``, ``current_screen`` and
    the ``hourglass_listeners`` / ``hourglass_warning_listeners`` lists."""

    def _ring_follows(self, before: dict, answer: dict) -> None:
        """The ring shows what just happened: a full hourglass waiting for a timed challenge, the duel
        winner's colour, a key won, the lighthouse sweep between turns."""
        after = answer["state"]
        ui = self.controller.ui(after.get("game")) if after.get("game") else None
        timed = ui.timed_phases if ui is not None else ()
        entering = after["phase"] in timed and (
            before.get("phase") != after["phase"] or before.get("turns") != after.get("turns")
        )
        if entering:
            # Full and waiting: turned over when the table is ready (start / pause on screen).
            self.ring.hourglass(self.settings.hourglass_seconds, paused=True)
        elif ui is not None and ui.ring_event(self, answer, lambda name: colour_rgba_255(self.controller.colour_of(name))):
            pass  # the game's moment on the ring (a duel's winner, a key won)
        elif after["phase"] not in timed:
            self.ring.idle()

    def toggle_hourglass(self) -> None:
        """Start, pause or resume the hourglass; once it has run out, turn it over again."""
        left = self.ring.remaining()
        effect = self.ring.effect
        if left is None or left <= 0:
            self.ring.hourglass(self.settings.hourglass_seconds)
        elif getattr(effect, "paused", False):
            self.ring.resume()
        else:
            self.ring.pause()
        if self.sound is not None:
            running = not getattr(self.ring.effect, "paused", True)
            if running:
                self.sound.on_hourglass_started(self.ring.remaining() or 0.0)
            else:
                self.sound.on_hourglass_stopped()
        screen = self.current_screen() if self.sm is not None else None
        told = getattr(screen, "hourglass_toggled", None)
        if told is not None:  # the screen shows the change now, not at its views' next tick
            told()

    def hourglass_warning(self) -> None:
        """The hourglass entered its last ten seconds: everything that reacts (a drum roll) is told."""
        for listener in list(self.hourglass_warning_listeners):
            listener()

    def _post_time_up(self, _event: Any) -> None:
        Clock.schedule_once(lambda *_: self.hourglass_up(), 0)

    def hourglass_up(self) -> None:
        """Time is up (once per hourglass): everything that reacts (sound, screen) is told."""
        if self.sm is not None and getattr(self.current_screen(), "timed", False):
            self.current_screen().show_time_up()  # "time up" over the whole screen until the next tap
        for listener in list(self.hourglass_listeners):
            listener()
