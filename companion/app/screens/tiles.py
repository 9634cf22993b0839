"""RFID tiles in the app: the reader's events brought to the UI thread (``TileHub``), the enrolment screen
(``TilesScreen``), Round 3's key check, and the words the treasure screen says about a scan.

The reader is optional: with none configured the hub only holds the tile registry, and every screen
works by touch as before."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable

from kivy.clock import Clock
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.gridlayout import GridLayout
from kivy.uix.widget import Widget

from companion import guarded
from companion.app import theme
from companion.app.controls import BigButton, FitLabel, Scale, touch_height
from companion.app.screens.base import BaseScreen
from companion.app.shell import AppShell
from companion.devices.rfid.debounce import PLACED, TagEvent
from companion.notice import Notice
from companion.tiles.enrolment import Enrolled, Enrolment
from companion.tiles.registry import (
    IN_THE_BOX, KEY, TILE_KINDS, RegistryError, Tile, TileRegistry, default_registry_path,
)
from companion.tiles.treasure import ADDED, AGAIN, BAG_EMPTY, EARLIER, KEY_TILE, Scanned

if TYPE_CHECKING:
    from companion.devices.rfid import ReaderConfig

ROUND3_KEY_PHASES = ("propose", "propose_again")


class TileHub:
    """The app's side of the reader. Its thread's events are posted to the UI thread; there, a placed tag
    is looked up in the registry and handed to the screen on show (``on_tile(tag, tile)``), or, on a Round 3
    proposal, checked against the keys the player holds."""

    def __init__(self, app: AppShell, reader: ReaderConfig | None = None, registry_path: Path | None = None) -> None:
        self.app = app
        self.config = reader
        self.reader = None  # companion.devices.rfid.TileReader, once started
        self.registry_error: str | None = None
        self.set_aside: Path | None = None  # where a damaged tile list was moved at start
        path = registry_path or default_registry_path()
        try:
            self.registry = TileRegistry(path)
        except RegistryError as exc:  # a damaged file is set aside for the person to look at, never overwritten
            self.registry_error = str(exc)
            self.registry = self._fresh_registry(path)
        self._keys: tuple[tuple, set[str]] = ((), set())

    @classmethod
    def attach(cls, app: AppShell, reader: ReaderConfig | None = None,
               registry_path: Path | None = None) -> TileHub:
        """A hub for ``app`` (as ``app.tiles``) whose reader runs from the app's start to its stop."""
        hub = cls(app, reader, registry_path)
        app.tiles = hub
        app.bind(on_start=lambda *_: hub.start(), on_stop=lambda *_: hub.close())
        if hub.set_aside is not None:
            app.notices.append(Notice("notice.tiles_set_aside", f"{hub.registry_error}; renamed {hub.set_aside.name}"))
        elif hub.registry_error:
            app.notices.append(Notice("notice.tiles", hub.registry_error))
        return hub

    def _fresh_registry(self, path: Path) -> TileRegistry:
        """An empty registry at ``path`` once the damaged file is renamed; in memory only when it cannot be."""
        try:
            self.set_aside = guarded.set_aside(path)
            return TileRegistry(path)
        except (OSError, RegistryError):
            return TileRegistry(None)

    def start(self) -> None:
        if self.config is not None and self.reader is None:
            from companion.devices.rfid import TileReader

            self.reader = TileReader(self.config, on_event=self.post).start()

    def close(self) -> None:
        if self.reader is not None:
            self.reader.close()

    # --- from the reader's thread to the UI thread ---------------------------------------------------

    def post(self, event: TagEvent) -> None:
        """Called on the reader's thread: never touches a widget."""
        Clock.schedule_once(lambda _dt: self.deliver(event), 0)

    def deliver(self, event: TagEvent) -> None:
        """On the UI thread: a tile placed goes to the screen on show."""
        if event.event != PLACED or self.app.sm is None:
            return
        tile = self.lookup(event.tag)
        handler: Callable[[str, Tile | None], None] | None = getattr(self.app.current_screen(), "on_tile", None)
        if handler is not None:
            handler(event.tag, tile)
        elif tile is not None and tile.kind == KEY:
            self.check_key(event.tag, tile)

    def lookup(self, tag: str) -> Tile | None:
        try:
            return self.registry.get(tag)
        except RegistryError as exc:
            self.registry_error = str(exc)
            return None

    # --- Round 3: the keys a player brings to the Treasure Room --------------------------------------

    def check_key(self, tag: str, tile: Tile) -> str | None:
        """On a Round 3 proposal, a key tile scanned counts towards the keys the player holds; the toast."""
        v = self.app.controller.view
        if v.get("round") != 3 or v.get("phase") not in ROUND3_KEY_PHASES:
            return None
        name = v["current"]
        player = next(p for p in v["players"] if p["name"] == name)
        who = (v.get("game_id"), name)
        if self._keys[0] != who:
            self._keys = (who, set())
        seen = self._keys[1]
        tr = self.app.controller.tr
        held = player["keys"]
        keys = tr("common.keys", n=held)
        if tag in seen:
            message = tr("keys.again", number=tile.number)
        else:
            seen.add(tag)
            if len(seen) > held:
                message = tr("keys.too_many", player=name, keys=keys)
            elif len(seen) == held:
                message = tr("keys.all", player=name, keys=keys)
            else:
                message = tr("keys.progress", number=tile.number, n=len(seen), player=name, keys=keys)
        self.app.toast(message)
        return message

    # --- words ---------------------------------------------------------------------------------------

    def state_text(self, tr: Callable[..., str]) -> str:
        """The reader's state in a few words (settings and enrolment screens)."""
        if self.config is None or self.reader is None:
            return tr("tiles.reader_none") if self.config is None else tr("tiles.reader_off")
        status = self.reader.status()
        if status.state == "connected":
            return tr("tiles.reader_ok", reader=status.reader, port=status.port)
        if status.state == "lost":
            return tr("tiles.reader_lost", reader=status.reader)
        return tr("tiles.reader_waiting", reader=status.reader, port=status.port)


def hub_of(app: Any) -> TileHub | None:
    return getattr(app, "tiles", None)


def reader_line(app: Any) -> str:
    """The settings screen's hardware line about the reader."""
    tr = app.controller.tr
    hub = hub_of(app)
    if hub is None or hub.config is None:
        return tr("settings.hw_reader")
    return tr("common.labelled", label=tr("tiles.reader"), value=hub.state_text(tr))


def tile_name(tr: Callable[..., str], tile: Tile | None = None, kind: str | None = None) -> str:
    """A tile in words: "Key 7", "Pebble", "20 Boyards"."""
    kind = tile.kind if tile is not None else kind
    if kind == KEY and tile is not None:
        return tr("tiles.tile.key", n=tile.number)
    if kind == KEY:
        return tr("tiles.kind.key")
    if kind == "pebble":
        return tr("tiles.tile.pebble")
    return tr("tiles.tile.token", value=kind.rpartition("-")[2])


def treasure_note(tr: Callable[..., str], scan: Scanned, scanned: int) -> str:
    """What the treasure screen says about one scanned tag."""
    token = None if scan.token is None else tile_name(tr, kind="pebble" if scan.token == "pebble" else f"boyard-{scan.token}")
    if scan.outcome == ADDED:
        return tr("treasure.scan_added", token=token, n=scanned)
    if scan.outcome == AGAIN:
        return tr("treasure.scan_again", token=token)
    if scan.outcome == EARLIER:
        return tr("treasure.scan_earlier", token=token, n=scan.handful + 1)
    if scan.outcome == KEY_TILE:
        return tr("treasure.scan_key")
    if scan.outcome == BAG_EMPTY:
        return tr("treasure.scan_bag", token=token)
    return tr("treasure.scan_unknown")


def enrol_note(tr: Callable[..., str], result: Enrolled | None) -> str:
    if result is None:
        return tr("tiles.nothing")
    name = tile_name(tr, result.tile) if result.tile is not None else ""
    if result.outcome == "enrolled":
        return tr("tiles.enrolled", tile=name, n=result.count, of=result.of)
    if result.outcome == "already":
        return tr("tiles.already", tile=name)
    if result.outcome == "full":
        return tr("tiles.full")
    return tr("tiles.undone", tile=name)


class TilesScreen(BaseScreen):
    """Enrolment: choose a kind, place its tiles on the reader one after another; a running count per
    kind, the last one undoable, a tag already enrolled named and left alone."""

    in_game = False
    enrolment: Enrolment | None = None
    note: str = ""
    warn: bool = False

    def on_pre_enter(self, *_):
        self._refresh = Clock.schedule_interval(lambda _dt: self._update_state(), 1.0)
        super().on_pre_enter()

    def on_leave(self, *_):
        if getattr(self, "_refresh", None) is not None:
            self._refresh.cancel()
            self._refresh = None

    def _session(self) -> Enrolment | None:
        hub = hub_of(self.app)
        if hub is None or hub.registry_error:
            return None
        if self.enrolment is None or self.enrolment.registry is not hub.registry:
            self.enrolment = Enrolment(hub.registry)
        return self.enrolment

    def body(self) -> Widget:
        hub = hub_of(self.app)
        session = self._session()
        box = BoxLayout(orientation="vertical", spacing=Scale.px(6), padding=Scale.px(6))
        box.add_widget(self.title(self.tr("tiles.title"), height=50))
        self.state_label = FitLabel(text="", base_font=17, color=theme.STONE, size_hint_y=None, height=Scale.px(28))
        box.add_widget(self.state_label)
        self._update_state()
        grid = GridLayout(cols=3 if self.app.portrait else 5, spacing=Scale.px(6), size_hint_y=None,
                          height=touch_height() * 1.3 * (2 if self.app.portrait else 1))
        counts = session.counts() if session else {k: 0 for k in TILE_KINDS}
        for kind in TILE_KINDS:
            chosen = session is not None and session.kind == kind
            text = self.tr("tiles.count", kind=self.tr("tiles.kind." + kind), n=counts[kind], of=IN_THE_BOX[kind])
            b = BigButton(text=text, base_font=18, bg=theme.GOLD if chosen else theme.SEA_LIGHT,
                          disabled=session is None)
            b.bind(on_release=lambda _b, k=kind: self.choose(k))
            grid.add_widget(b)
        box.add_widget(grid)
        if hub is not None and hub.registry_error:
            note, colour = self.tr("tiles.registry_broken", error=hub.registry_error), theme.DANGER
        elif self.note:
            note, colour = self.note, theme.GOLD if self.warn else theme.TEXT
        else:
            kind = self.tr("tiles.kind." + session.kind) if session else ""
            note, colour = self.tr("tiles.prompt", kind=kind), theme.TEXT
        box.add_widget(FitLabel(text=note, base_font=26, bold=True, color=colour))
        row = BoxLayout(spacing=Scale.px(8), size_hint_y=None, height=touch_height())
        undo = BigButton(text=self.tr("tiles.undo"), bg=theme.STONE_DARK, base_font=20,
                         disabled=session is None or not session.history)
        undo.bind(on_release=lambda *_: self.undo())
        back = BigButton(text=self.tr("settings.back"), bg=theme.STONE, base_font=20)
        back.bind(on_release=lambda *_: self.app.go("settings"))
        row.add_widget(undo)
        row.add_widget(back)
        box.add_widget(row)
        return box

    def _update_state(self) -> None:
        hub = hub_of(self.app)
        label = getattr(self, "state_label", None)
        if label is not None:
            label.text = hub.state_text(self.tr) if hub is not None else self.tr("tiles.reader_none")

    def choose(self, kind: str) -> None:
        session = self._session()
        if session is not None:
            session.kind = kind
            self.note, self.warn = "", False
        self.rebuild()

    def on_tile(self, tag: str, tile: Tile | None) -> None:
        session = self._session()
        if session is None:
            return
        try:
            result = session.scan(tag)
        except (RegistryError, ValueError) as exc:
            self.note, self.warn = str(exc), True
        else:
            self.note, self.warn = enrol_note(self.tr, result), result.outcome != "enrolled"
        self.rebuild()

    def undo(self) -> None:
        session = self._session()
        if session is not None:
            try:
                self.note, self.warn = enrol_note(self.tr, session.undo()), False
            except RegistryError as exc:
                self.note, self.warn = str(exc), True
        self.rebuild()
