"""Home and the error screen (settings: companion.app.screens.settings; history:
companion.app.screens.history)."""

from __future__ import annotations

from kivy.clock import Clock
from kivy.core.window import Window
from kivy.uix.anchorlayout import AnchorLayout
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.gridlayout import GridLayout
from kivy.uix.image import Image
from kivy.uix.modalview import ModalView
from kivy.uix.widget import Widget

from companion.app import theme
from companion.app.controls import BigButton, FitLabel
from companion.app.game_ui import games_in_progress, playable_games
from companion.app.look.assets import asset
from companion.app.look.tokens import SPACE, TOUCH, TYPE
from companion.app.screens.base import BaseScreen
from companion.app.screens.kit import gap, box_for, left_label, paint_backdrop, px, text_width
from companion.app.screens.settings import SettingsScreen  # noqa: F401 (the app's screen list imports it from here)
from companion.app.table.language import LANGUAGE_NAMES, next_language
from companion.app.widgets import art
from companion.engine.registry import GAMES
from companion.notice import Notice


def notice_text(notice: Notice | str, tr, detail: bool = False) -> str:
    """A start-up notice in the table's language, with its detail or not (plain strings are shown as
    they are)."""
    if not isinstance(notice, Notice):
        return str(notice)
    return notice.text(tr) if detail else notice.headline(tr)


def game_name(entry, language: str) -> str:
    """A game's name in the table's language (its box's), else in French, else its id."""
    return entry.name.get(language) or entry.name.get("fr") or entry.id


def tile_art(game: str) -> str | None:
    """The PNG of a game's tile for this window, None while its art is not drawn (a plain tile then)."""
    try:
        return str(asset(f"game-{game}", art.profile()))
    except FileNotFoundError:
        return None


class GameTile(BigButton):
    """One game on home: its art in the upper part (when drawn), its name and player count below, the
    whole tile one touch target that opens that game's setup. ``game`` is its id (tests find it by it)."""

    ART_SHARE = 0.56  # of the tile's height, for the picture

    def __init__(self, game: str, source: str | None, **kw):
        super().__init__(**kw)
        self.game = game
        self.picture = None
        if source is not None:
            self.picture = Image(source=source, fit_mode="contain", size_hint=(None, None))
            self.add_widget(self.picture)
            self.bind(pos=self._place, size=self._place)
            self._place()

    MIN_ART = 32  # px at 800×480: a picture smaller than this is not worth the words' room
    WORDS = 18  # px at 800×480: the least the name and the player count keep under a picture (a caption)

    siblings: list | None = None  # the other tiles of home: every picture of a row at one height

    def _art_height(self) -> float:
        """The picture's height: its share of the tile, or, on a short tile (five games and a game in
        progress at 800×480), what is left once the name and the player count have their lines at
        ``WORDS`` px, the same for every tile of the row; none when less than ``MIN_ART`` is left. The
        name is never written over the picture."""
        if self.picture is None:
            return 0
        tiles = [t for t in (self.siblings or [self]) if t.picture is not None] or [self]
        top = min(t._room_for_art() for t in tiles)
        return top if top >= px(self.MIN_ART) else 0

    _room_known: tuple | None = None  # ((width, height, text, bold, font), room): the last answer

    def _room_for_art(self) -> float:
        """What the caption leaves the picture. Remembered for the tile's size and words: every step of every
        tile's type-size search asks it of the whole row (five games: thousands of layouts at start)."""
        key = (self.width, self.height, self.text, self.bold, self.font_name)
        if self._room_known is None or self._room_known[0] != key:
            self._room_known = (key, self._measure_room())
        return self._room_known[1]

    def _measure_room(self) -> float:
        from kivy.core.text import Label as CoreLabel

        share = self.height * self.ART_SHARE
        words = CoreLabel(text=self.text, font_size=px(self.WORDS), bold=self.bold, font_name=self.font_name, halign="center",
                          text_size=(max(self.width - px(8), 1), None))
        words.refresh()
        needed = words.texture.size[1] + px(SPACE.xs) + px(4) if words.texture else self.height
        return min(share, self.height - needed)

    def _place(self, *_):
        top = self._art_height()
        margin = px(SPACE.xs)
        self.picture.opacity = 1 if top else 0
        self.picture.size = (self.width - 2 * margin, max(top - margin, 1))
        self.picture.pos = (self.x + margin, self.top - top)

    def _fit(self, *_):
        """Every tile of the row at one size: each finds the largest size its words fit at, and all take
        the smallest of those (five tiles, one type size: a long name never makes its tile's words the
        odd ones out)."""
        tiles = [t for t in (self.siblings or [self]) if t.width > 1 and t.height > 1]
        if self not in tiles:
            return super()._fit()
        for tile in tiles:
            super(GameTile, tile)._fit()
        size = min(tile.font_size for tile in tiles)
        for tile in tiles:
            if tile.font_size != size:
                tile.font_size = size
                tile._fits(tile.width - px(8), tile.height - px(4))

    def _fits(self, width: float, height: float) -> bool:
        """The words in the part below the picture (the label's top padding keeps them clear of it)."""
        top = self._art_height()
        fits = super()._fits(width, height - top)
        self.padding = [self.inset, top, 0, 0]
        self.texture_update()
        return fits


class HomeScreen(BaseScreen):
    """The companion's own title (no game's), every game in progress first with its players and
    "Continue", then every game as a large tile with its name and player count (a tap: its setup), the
    history and settings smaller, notices in the family's words at the bottom."""

    in_game = False
    # What happened to the saved games (a damaged row, a newer log, a read-only card) must be read tonight,
    # not found behind the banner: these open the notices by themselves, once per start (issue 27).
    OPENED_BY_THEMSELVES = ("notice.game_resumed", "notice.game_kept_aside", "notice.log_damaged",
                            "notice.log_newer", "notice.log_read_only", "notice.log_summary")

    def on_enter(self, *_):
        if getattr(self.app, "notices_opened", False):
            return
        if any(n.key in self.OPENED_BY_THEMSELVES for n in self.app.notices):
            self.app.notices_opened = True
            self.show_notices()

    def body(self) -> Widget:
        c = self.c
        paint_backdrop(self, None)
        portrait = self.app.portrait
        box = BoxLayout(orientation="vertical", spacing=gap(), padding=[px(SPACE.s), px(SPACE.xs)])
        # The notices are one banner (a tap: the details). In landscape it sits in the bottom row beside
        # history and settings and takes no room from the tiles; in portrait it is a row of its own.
        notices = bool(self.app.notices) and portrait
        going = games_in_progress(c)
        # A game in progress: the title smaller (a heading in landscape), so that the five pictures keep
        # their height under the "Continue" button.
        big = TYPE.title if portrait and not (notices or going) else TYPE.heading if going and not portrait else TYPE.step
        top = BoxLayout(size_hint_y=None, height=box_for(big) + box_for(TYPE.body), spacing=px(SPACE.s))
        titles = BoxLayout(orientation="vertical")
        title = FitLabel(text=self.tr("app.title"), base_font=big, font_name="Display", color=theme.GOLD, wrap=False)
        title.role = "title"
        titles.add_widget(title)
        # The question under the title, unless a game in progress and five tiles need its height.
        ask = not going
        if ask:
            titles.add_widget(FitLabel(text=self.tr("home.subtitle"), base_font=TYPE.body, size_hint_y=None,
                                       height=box_for(TYPE.body)))
        else:
            top.height = box_for(big)
        side = px(150)  # the language switch on the right, as much room on the left: the title stays centred
        if portrait:  # narrow: the switch in the corner above the title, which keeps the whole width
            corner = self.language_switch(side)
            corner.size_hint, corner.height = (1, None), px(TOUCH.minimum)
            box.add_widget(corner)
        else:
            top.add_widget(Widget(size_hint_x=None, width=side))
        top.add_widget(titles)
        if not portrait:
            top.add_widget(self.language_switch(side))
        box.add_widget(top)
        if going:
            box.add_widget(self.continue_row(going, portrait))  # with its players, notices or not
        # The games' tiles take the room: one row of them in landscape (five games side by side, each its
        # picture over its name), history and settings a row of their own below; in portrait two columns.
        middle = BoxLayout(orientation="vertical", spacing=px(SPACE.s))
        middle.add_widget(self.tiles(portrait, bool(going), notices))
        # With notices the row is shorter: the buttons keep a finger's height, never the tiles' room.
        height = px(TOUCH.primary) if portrait else px(TOUCH.minimum) + px(SPACE.xs)
        side = BoxLayout(orientation="horizontal", spacing=px(SPACE.s), size_hint_y=None, height=height)
        if not portrait:  # the two buttons on the right of their row, the notices' banner (or nothing) left
            side.add_widget(self.notice_banner(height) if self.app.notices else Widget())
        for key, action in (("home.history", lambda: self.app.go("history")),
                            ("home.settings", lambda: self.app.go("settings"))):
            b = BigButton(text=self.tr(key), bg=theme.SEA_LIGHT, base_font=TYPE.button, size_hint_y=None, height=height)
            if not portrait:
                b.size_hint_x, b.width = None, px(210)
            b.bind(on_release=lambda _b, a=action: a())
            side.add_widget(b)
        middle.add_widget(side)
        box.add_widget(middle)
        if portrait and self.app.notices:
            box.add_widget(self.notice_banner(px(TOUCH.minimum)))
        return box

    def continue_row(self, going: list[dict], portrait: bool, short: bool = False) -> Widget:
        """One gold button per game in progress: "Continue: GAME" and its players (at most three shown:
        one game per kind, the most recent first)."""
        shown = going[:2 if portrait else 3]
        # In landscape the five tiles need the height: the button's two lines at reading size.
        words = TYPE.heading if portrait else TYPE.body
        height = max(px(TOUCH.primary), box_for(words) * (1 if short else 2)) if not portrait or short else \
            max(px(TOUCH.primary) * 1.3, box_for(TYPE.heading) + box_for(TYPE.body))
        row = BoxLayout(orientation="vertical" if portrait else "horizontal", spacing=px(SPACE.s),
                        size_hint_y=None, height=height * (len(shown) if portrait else 1)
                        + (px(SPACE.s) * (len(shown) - 1) if portrait else 0))
        if len(shown) == 1 and not portrait:  # one game: a button with room at its sides, not a full-width band
            row.padding = [px(60), 0, px(60), 0]
        by_id = {g.id: g for g in GAMES}
        for game in shown:
            entry = by_id.get(game.get("game"))
            if entry is None:
                continue
            name = game_name(entry, self.c.tr.language)
            players = ", ".join(str(n) for n in game.get("players") or ())
            # With notices in landscape the players give way to the five tiles: the game's name alone.
            # An arrow after the words and a dark edge: a button to press, not a banner to read (review).
            label = self.tr("common.labelled", label=self.tr("home.continue"), value=name) + "  →"
            b = BigButton(text=label if short else label + "\n" + players,
                          bg=theme.GOLD, base_font=words, bold=True, outline=theme.TEXT)
            b.game_id = game.get("game_id")
            b.bind(on_release=lambda _b, g=game: self.resume(g))
            row.add_widget(b)
        return row

    def resume(self, game: dict) -> None:
        """The game on the table again, or another kind's game in progress made current first."""
        c = self.c
        if game.get("game_id") != c.view.get("game_id"):
            try:
                c.session.resume(game["game_id"])
            except Exception as exc:  # noqa: BLE001 (refused: finished meanwhile, or damaged): said, nothing lost
                self.app.toast(str(getattr(exc, "message", exc)))
                self.rebuild()
                return
        self.app.show_phase()

    def tiles(self, portrait: bool, going: bool, notices: bool) -> Widget:
        """Every game the companion can play as a large tile: its art, its name, its player range."""
        games = playable_games()
        cols = min(len(games), 2 if portrait else 5) or 1
        rows = -(-len(games) // cols)
        box = BoxLayout(orientation="vertical", spacing=px(SPACE.xs))
        if not (going and notices):  # a heading the tiles can spare on a full home
            box.add_widget(left_label(self.tr("home.new_game"), TYPE.body, theme.GOLD, bold=True, size_hint_y=None,
                                      height=box_for(TYPE.body)))
        # One row in landscape: each tile as wide as its longest line asks (a long name on one line, never
        # a third line for it), so every tile's words hold in two lines at one size.
        one_row = not portrait and rows == 1 and len(games) >= 3
        grid = BoxLayout(spacing=gap()) if one_row else GridLayout(cols=cols, spacing=px(SPACE.s))
        language = self.c.tr.language
        row_of_tiles: list = []
        for entry in games:
            low, high = entry.players
            # The player count on a line of its own, never broken ("2–4 joueurs" whole under the name).
            count = self.tr("home.players", min=low, max=high).replace(" ", "\u00a0")
            text = game_name(entry, language) + "\n" + count
            source = tile_art(entry.id)
            # Five across: the name at reading size, on two lines when long.
            tile = GameTile(entry.id, source, text=text, bg=theme.SEA_LIGHT,
                            base_font=TYPE.heading if cols < 4 else TYPE.button, bold=True, outline=theme.GOLD)
            tile.bind(on_release=lambda _t, g=entry.id: self.app.choose_game(g))
            tile.siblings = row_of_tiles
            if one_row:
                tile.wrap = False  # the name on its line: the width was given for it
            row_of_tiles.append(tile)
            grid.add_widget(tile)
        if one_row:
            self._tile_widths(row_of_tiles)
        if len(games) < cols * rows:  # an odd last row: the tiles keep their width
            for _ in range(cols * rows - len(games)):
                grid.add_widget(Widget())
        box.add_widget(grid)

        def again(*_):  # every tile laid out: each picture's height agrees with its row's, the words under it
            for tile in row_of_tiles:
                if tile.picture is not None:
                    tile._place()
                    tile._fit_event()

        later = Clock.create_trigger(again, 0)  # once the grid has placed its tiles (its layout comes next)
        grid.bind(size=later, pos=later)
        if not portrait and len(games) < 3:  # one or two games: tiles of a reasonable width, not a banner
            grid.size_hint_x = len(games) / 2.5
            box.remove_widget(grid)
            row = BoxLayout()
            row.add_widget(grid)
            row.add_widget(Widget(size_hint_x=1 - grid.size_hint_x))
            box.add_widget(row)
        return box

    @staticmethod
    def _tile_widths(tiles: list) -> None:
        """Each tile of the one row as wide as its longest line asks. Where the row has less room than
        that (a window wider than 800×480 in proportion has less, 1280×800), the longest name goes on
        two balanced lines, then the next, until the row holds them all at the one size."""
        def need(text: str) -> float:
            return max(text_width(line, TYPE.button, True) for line in text.split("\n")) + px(8)

        room = Window.width - 2 * (px(8) + px(SPACE.s)) - gap() * (len(tiles) - 1)
        needs = [need(tile.text) for tile in tiles]
        split: set[int] = set()
        # Only a window narrower than 800×480 in proportion splits a name: at 800×480 and 1024×600 the row's
        # widths are shares (the texts shrink a little together, every name stays on its line).
        narrow = Window.width < px(800) - 1
        while narrow and sum(needs) > room:
            open_ = [i for i, t in enumerate(tiles) if i not in split and " " in t.text.split("\n")[0]]
            if not open_:
                break
            i = max(open_, key=lambda k: needs[k])
            split.add(i)
            name, rest = tiles[i].text.split("\n", 1)
            words = name.split(" ")
            halves = [(" ".join(words[:k]), " ".join(words[k:])) for k in range(1, len(words))]
            left, right = min(halves, key=lambda h: max(text_width(h[0], TYPE.button, True),
                                                        text_width(h[1], TYPE.button, True)))
            tiles[i].text = left + "\n" + right + "\n" + rest
            needs[i] = need(tiles[i].text)
        for tile, width in zip(tiles, needs):
            tile.size_hint_x = width

    def notice_banner(self, height: float) -> Widget:
        """The start's notices as one line at reading size ("Notice: 4 messages"), quiet (never the next
        step's gold), a button: a tap opens them in full (``show_notices``). One line whatever they say, so
        that the five games' pictures always show whole."""
        n = len(self.app.notices)
        text = self.tr("common.labelled", label=self.tr("home.notice"), value=self.tr("home.notices", n=n))
        banner = BigButton(text=text, bg=theme.SEA_LIGHT, base_font=TYPE.body,
                           outline=theme.TEXT_MUTED, size_hint_y=None, height=height)
        banner.is_notice_banner = True  # tests find it by this
        banner.bind(on_release=lambda *_: self.show_notices())
        return banner

    def show_notices(self) -> ModalView:
        """Every notice in the family's words, one under the other (what happens instead, no technical
        detail), then the hardware check for whoever fixes it and "Close"."""
        view = ModalView(size_hint=(0.92, 0.9), auto_dismiss=True, background_color=(0, 0, 0, 0.85))
        box = BoxLayout(orientation="vertical", padding=px(SPACE.s), spacing=gap())
        box.add_widget(FitLabel(text=self.tr("home.notice"), base_font=TYPE.heading, bold=True, color=theme.GOLD,
                                size_hint_y=None, height=box_for(TYPE.heading)))
        lines = BoxLayout(orientation="vertical", spacing=px(SPACE.xs))
        for notice in self.app.notices:
            label = left_label("• " + notice_text(notice, self.tr), TYPE.body, theme.TEXT)
            label.notice = True
            lines.add_widget(label)
        box.add_widget(lines)
        row = BoxLayout(spacing=gap(), size_hint_y=None, height=px(TOUCH.primary))
        check = BigButton(text=self.tr("settings.doctor"), bg=theme.SEA_LIGHT, base_font=TYPE.button)
        check.bind(on_release=lambda *_: (view.dismiss(animation=False), self.app.go("doctor")))
        close = BigButton(text=self.tr("play.close"), bg=theme.GOLD, base_font=TYPE.button, bold=True)
        close.bind(on_release=lambda *_: view.dismiss(animation=False))
        row.add_widget(check)
        row.add_widget(close)
        box.add_widget(row)
        view.add_widget(box)
        view.notices = True
        view.open(animation=False)
        return view

    def language_switch(self, width: float) -> Widget:
        """The other language, small and quiet in the corner: named in its own words, no flag (a
        language is not a country), never as eye-catching as the next step."""
        corner = AnchorLayout(anchor_x="right", anchor_y="top", size_hint_x=None, width=width)
        switch = BigButton(text=LANGUAGE_NAMES[next_language(self.c.tr.language)], base_font=TYPE.caption,
                           bg=theme.SEA_LIGHT, size_hint=(None, None), width=width,
                           height=px(TOUCH.minimum))
        switch.language_switch = True
        switch.bind(on_release=lambda *_: self.app.toggle_language())
        corner.add_widget(switch)
        return corner


class ErrorScreen(BaseScreen):
    """A screen failed: the table's words first (nothing is lost, go back), the technical detail (English)
    one tap away below, for whoever fixes it."""

    in_game = False
    message = ""
    detail_shown = False  # the technical detail, once asked for

    def on_leave(self, *_):
        self.detail_shown = False  # the next problem shows the family's words first again

    def body(self) -> Widget:
        paint_backdrop(self, None)
        box = BoxLayout(orientation="vertical", spacing=px(SPACE.s), padding=px(SPACE.m))
        log = bool(self.app.log_problem)  # the game log is in use by another process: nothing to play on yet
        title = FitLabel(text=self.tr("error.log_title" if log else "error.title"), base_font=TYPE.step, bold=True,
                         color=theme.GOLD, size_hint_y=None, height=box_for(TYPE.step, 2))
        title.role = "step"
        box.add_widget(title)
        box.add_widget(FitLabel(text=self.tr("error.log_detail" if log else "error.detail"), base_font=TYPE.heading))
        back = BigButton(text=self.tr("error.retry" if log else "error.back"), bg=theme.GOLD, base_font=TYPE.button,
                         bold=True, size_hint_y=None, height=px(TOUCH.primary))
        back.bind(on_release=lambda *_: self.app.retry_log() if log else self.app.go("home"))
        box.add_widget(back)
        # The detail is the program's own words (English, whatever the table's language): behind a quiet
        # button in the screen's language, for whoever fixes it, never in the family's way.
        # A log held by another program shows it at once: "close it" needs the program's name and number.
        box.add_widget(Widget())  # the detail (or its button) at the foot, inside the table's bottom band
        if self.detail_shown or log:
            box.add_widget(FitLabel(text=self.tr("error.technical", detail=self.message), base_font=TYPE.caption,
                                    color=theme.TEXT_MUTED, size_hint_y=None, height=box_for(TYPE.caption, 3)))
        else:
            more = BigButton(text=self.tr("error.show_technical"), bg=theme.STONE_DARK, base_font=TYPE.caption,
                             size_hint=(None, None), width=px(420), height=px(TOUCH.minimum),
                             pos_hint={"center_x": 0.5})
            more.technical = True
            more.bind(on_release=lambda *_: (setattr(self, "detail_shown", True), self.rebuild()))
            box.add_widget(more)
        return box
