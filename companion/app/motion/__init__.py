"""Motion that explains the game, drawn over the screens; Père Fouras's voice for his portrait; the sea
under the home screen.

    root = attach(app, screen_manager)                 # in CompanionApp.build: the app's root widget
    register_target(chip, "chip", player="Ann")        # screens: where animations go

The animations follow the controller's answers (``plan.shots_for``), never screen code; see
docs/app.md, "Motion"."""

from __future__ import annotations

from typing import Any

from kivy.uix.floatlayout import FloatLayout
from kivy.uix.widget import Widget

from companion.app.motion.layer import Animation, MotionLayer
from companion.app.motion.plan import Shot, shots_for
from companion.app.motion.targets import find_target, register_target, target_centre
from companion.app.motion.voice import Voice, voice_of

__all__ = ["Director", "MotionLayer", "Shot", "Voice", "attach", "find_target", "register_target", "shots_for",
           "target_centre", "voice_of"]


class Director:
    """Turns the controller's answers into animations on the layer."""

    def __init__(self, app: Any, layer: MotionLayer) -> None:
        self.app = app
        self.layer = layer

    def on_answer(self, answer: dict) -> None:
        """Controller listener (UI thread): the state has already changed; animations only explain it."""
        try:
            if any(e.get("type") == "undone" for e in answer.get("events", ())):
                self.layer.finish()
                return
            for shot in shots_for(answer):
                self.layer.play(self.animation(shot))
        except Exception:  # decoration must never cost the game
            import logging

            logging.getLogger(__name__).exception("animation failed")
            self.layer.finish()

    def animation(self, shot: Shot) -> Animation:
        from companion.app.motion import pieces

        tr = self.app.controller.tr
        if shot.kind in ("key", "clue"):
            return pieces.Flight(shot.kind, shot.player, shot.source or "stock", slot=shot.kind == "clue")
        if shot.kind == "splash":
            return pieces.Splash(shot.stake)
        if shot.kind == "coins":
            return pieces.CoinStack(shot.count, shot.player)
        if shot.kind == "title":
            return pieces.TitleCard(shot.round, tr("common.round", round=shot.round),
                                    tr(f"common.round_name.{shot.round}") if shot.round in (1, 2, 3) else "")
        if shot.kind == "celebration":
            return pieces.Confetti()
        raise ValueError(f"no animation for {shot.kind!r}")

    def finish(self) -> None:
        self.layer.finish()


def attach(app: Any, screens: Widget) -> Widget:
    """The app's root: ``screens`` with the motion layer over them. Sets ``app.motion`` (the director)
    and ``app.voice`` (Père Fouras speaking), and plays the sea while the home screen shows."""
    root = FloatLayout()
    root.add_widget(screens)
    layer = MotionLayer(lambda: app.settings)
    root.add_widget(layer)
    app.motion = Director(app, layer)
    app.controller.listeners.append(app.motion.on_answer)
    voice_of(app).listen_to(app.sound)
    if app.sound is not None and hasattr(screens, "current"):
        def sea(*_args: Any) -> None:
            home = screens.current == "home"
            if home != getattr(app.sound, "ambience_on", not home):
                app.sound.set_ambience(home)

        screens.bind(current=sea)
        sea()
    return root
