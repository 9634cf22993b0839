"""What a screen may ask of the running app: the :class:`AppShell` protocol.

The screens used to be typed against ``companion.app.main.CompanionApp``, and main imports every screen:
a circle, and a screen could reach for anything of the app. Now both sides depend on this module:
``CompanionApp`` provides what ``AppShell`` lists, and a screen uses only that (plus the optional parts
it looks up with ``getattr``: ``buzzer_hardware``, ``tiles``, ``history_shelf``, ``companion_config``).
No Kivy import here."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable, Protocol

if TYPE_CHECKING:
    from companion.app.controller import Controller
    from companion.app.settings import Settings


class AppShell(Protocol):
    controller: Controller
    settings_path: Path | None
    library: Any  # the content library (companion.content)
    notices: list  # start-up notices (companion.notice.Notice)
    sm: Any  # Kivy's ScreenManager, once built
    ring: Any  # the hourglass (companion.devices.ring.Ring)
    sound: Any  # companion.sound's player, or None
    hourglass_listeners: list[Callable[[], None]]

    @property
    def settings(self) -> Settings: ...

    @property
    def portrait(self) -> bool: ...

    def current_screen(self) -> Any: ...

    def go(self, name: str) -> None: ...

    def show_phase(self) -> None: ...

    def send(self, command: dict) -> dict: ...

    def after_new_game(self, answer: dict) -> None: ...

    def undo(self) -> None: ...

    def redo(self) -> None: ...

    def confirm(self, message: str, on_yes: Callable[[], None]) -> None: ...

    def toast(self, message: str) -> None: ...

    def show_error(self, screen: str, exc: BaseException) -> None: ...

    def change_settings(self, **changes: Any) -> None: ...

    def set_language(self, language: str) -> None: ...

    def toggle_language(self) -> None: ...

    def toggle_hourglass(self) -> None: ...

    def hourglass_up(self) -> None: ...

    def hourglass_warning(self) -> None: ...

    def power(self, action: str) -> None: ...
