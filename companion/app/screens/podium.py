"""The podium, the same for every game: the ceremony (companion.app.widgets.ceremony: its backdrop, the
game's tokens raining behind the words, ``GameUI.ceremony_token``), the winner's line in the game's words
(``GameUI.winner_line``, else the shell's plain one), three steps, each player's score as the game counts
it (``GameUI.podium``), the others below, "Rematch" in one tap. No game bar.

Every text stands on a plate (the winner's line, each player's name card, the steps, the buttons): the
tokens fall behind them, so a gold coin never passes behind gold letters (4.5:1 on every podium)."""

from __future__ import annotations

from kivy.uix.boxlayout import BoxLayout
from kivy.uix.widget import Widget

from companion.app import theme
from companion.app.controls import BigButton, FitLabel, Panel, Swatch, colour_rgba
from companion.app.initials import unique_initials
from companion.app.lineup import rematch
from companion.app.look.tokens import SPACE, TOUCH, TYPE, colour as role_colour
from companion.app.screens.base import BaseScreen
from companion.app.screens.kit import box_for, place_ranks, px

DEFAULT_TOKEN = "coin"  # a game that names no token of its own gets coins
DETAIL = 20  # px: a player's points by source under their total (body text at 1.5 m)
NAME = TYPE.standing  # px at 800×480: a name on the podium, every profile
SCORE, WINNER_SCORE = 28, 32  # px: the key figure of the end, the winner's the larger


def names_list(names: list[str], language: str) -> str:
    """Names as the language lists them: "Zoé et Bob", "Anne, Zoé et Bob" ("Zoe and Bob" in English)."""
    from babel.lists import format_list

    return format_list(list(names), locale=language)



def plain_winner_line(tr, view, language: str) -> str:
    """The shell's own line, naming no game: "Zoé wins!", "2 tied: Zoé and Bob win!", "No winner this time."."""
    winners = list(view.get("winners") or ())
    if not winners:
        return tr("podium.no_winner")
    if len(winners) == 1:
        return tr("podium.wins", players=winners[0])
    return tr("podium.shared", n=len(winners), players=names_list(winners, language))


def hugged(row: BoxLayout) -> BoxLayout:
    """``row`` (an icon or disc, then a label) as wide as its contents and centred in its column: the
    label takes at most its text's width, the room left shared out either side (a label that fills the rest of the row
    centres its words there, away from the disc)."""
    from kivy.core.text import Label as CoreLabel

    label = row.children[0]  # the last added
    wide = max(CoreLabel(text=line, font_size=px(label.base_font), bold=label.bold,
                         font_name=label.font_name).get_extents(line)[0] for line in label.text.split("\n"))
    # Nearly all the row's share to the label, up to its text's width; what it leaves goes to the sides
    # (never wider than the column: a long name still fits, smaller).
    label.size_hint_x, label.size_hint_max_x = 1000, wide + px(SPACE.xs)
    row.add_widget(Widget(), index=len(row.children))
    row.add_widget(Widget())
    return row


def score_line(icon_name: str, words: str, size: float) -> BoxLayout:
    """A score with its icon before it (colour is never the only cue), the icon a little taller than the
    figures' capitals (kit's icon_and_words draws it wider: here the width is the figure's)."""
    from companion.app.screens.kit import icon, left_label

    row = BoxLayout(spacing=px(SPACE.xs), size_hint_y=None, height=box_for(size))
    picture = icon(icon_name, size * 1.2, tint=theme.GOLD)
    holder = BoxLayout(orientation="vertical", size_hint_x=None, width=picture.width)
    for part in (Widget(), picture, Widget()):
        holder.add_widget(part)
    row.add_widget(holder)
    row.add_widget(left_label(words, size, theme.GOLD, True))
    return row


def podium_step(place: int, height: float) -> Panel:
    """One step of the podium, square-cornered (no button's shape), in one quiet material for all three
    (gold fills only the main action), each with its medal's metal along its top (gold, silver, bronze:
    palette.PODIUM_STEPS) and a shadow under that band, so that the three read as stepped blocks under the
    spotlight, not as flat panels."""
    from kivy.graphics import Color, Rectangle

    from companion.app.look.palette import PODIUM_STEPS, hex_rgba

    step = Panel(size_hint_y=None, height=height, radius=0)
    step.bg = role_colour("surface_high")
    with step.canvas.before:
        Color(*hex_rgba(PODIUM_STEPS.get(place, PODIUM_STEPS[3])))
        band = Rectangle()
        Color(0, 0, 0, 0.25)
        shade = Rectangle()

    def place_parts(*_):
        thick, soft = px(12), px(6)
        band.pos, band.size = (step.x, step.top - thick), (step.width, thick)
        shade.pos, shade.size = (step.x, step.top - thick - soft), (step.width, soft)

    step.bind(pos=place_parts, size=place_parts)
    place_parts()
    return step


class PodiumScreen(BaseScreen):
    """The end: the winner's line, a podium of three steps (places shared on a tie, ex aequo) with each
    player's score (the game's figure), the others below, and "Rematch" in one tap (same players, seats and
    colours, the same game, a new
    game whose first player the die picks)."""

    in_game = False  # a ceremony: its own backdrop, no game bar (undo a handful from its own row)

    def body(self) -> Widget:
        from companion.app.widgets.ceremony import Ceremony

        v = self.c.view
        ui = self.c.ui()
        if self.ceremony is not None:  # the rain of the podium this one replaces: its clock stops now
            self.ceremony.finish(quiet=True)
        stage = Ceremony(token=getattr(ui, "ceremony_token", DEFAULT_TOKEN), art=getattr(ui, "ceremony_art", "ceremony"),
                         settings=lambda: self.app.settings,
                         sound=getattr(self.app, "sound", None), over=False)  # behind the plates: words never covered
        self.ceremony = stage
        box = BoxLayout(orientation="vertical", spacing=px(SPACE.xs), padding=[px(SPACE.s), px(SPACE.xs)])
        text = self.winner_line(v)
        long = len(v["winners"]) > 1 or len(text) > 36  # a tie's names, a game's longer words: two lines
        lines = (4 if long else 2) if self.app.portrait else (2 if long else 1)
        box.add_widget(self.plate(text, TYPE.step, lines, bold=True, colour=theme.GOLD, role="step"))
        box.add_widget(self.standings(v))
        box.add_widget(self.buttons())
        stage.add_widget(box)
        if self.manager is not None and self.manager.current == self.name and self.transition_progress >= 1:
            stage.start()  # rebuilt while shown (the language changed, another game's end): the rain again
        return stage

    def rebuild(self) -> None:
        super().rebuild()
        root = getattr(self, "root_box", None)
        if root is not None:  # the ceremony's backdrop to the screen's edges (its own box keeps the margin)
            root.padding = 0

    def on_enter(self, *_) -> None:
        if self.ceremony is not None:
            self.ceremony.start()

    def on_leave(self, *_) -> None:
        if self.ceremony is not None:
            self.ceremony.finish(quiet=True)

    ceremony = None

    def winner_line(self, v) -> str:
        """The game's words for who won (``GameUI.winner_line(tr, view)``), else the shell's plain line."""
        own = getattr(self.c.ui(), "winner_line", None)
        if callable(own):
            return own(self.c.tr, v)  # the table's translator: its words, and its ``language`` to list names
        return plain_winner_line(self.tr, v, self.c.tr.language)

    def plate(self, text: str, size: float, lines: int = 1, bold: bool = False, colour=theme.TEXT,
              role: str | None = None) -> Widget:
        """A line of words on its own plate (the tokens fall behind it)."""
        plate = Panel(size_hint_y=None, height=box_for(size, lines), padding=[px(SPACE.xs), 0])
        plate.bg = role_colour("surface")
        label = FitLabel(text=text, base_font=size, bold=bold, color=colour)
        if role:
            label.role = role
        plate.add_widget(label)
        return plate

    def standings(self, v) -> Widget:
        """The middle of the podium: the steps and the others below (a game may show its own instead,
        e.g. teams side by side)."""
        ui = self.c.ui()
        figures = ui.podium(v)  # the game's: each player's score and the figure that shows it
        self.figures = {name: figure for name, (_, figure) in figures.items()}
        scores = {name: score for name, (score, _) in figures.items()}
        places = place_ranks(scores)
        initials = unique_initials(list(scores))
        middle = BoxLayout(orientation="vertical", spacing=px(SPACE.xs))
        middle.add_widget(self.steps(places, scores, initials))
        others = sorted((n for n in scores if places[n] > 3), key=lambda n: (places[n], n))
        if others:
            rest = ", ".join(f"{n} ({ui.score_words(self.tr, scores[n])}"
                             + (f" : {self.detail(n)})" if self.detail(n) and self.c.tr.language == "fr" else
                                f": {self.detail(n)})" if self.detail(n) else ")") for n in others)
            middle.add_widget(self.plate(self.tr("podium.others") + " " + rest, TYPE.body))
        return middle

    def buttons(self) -> Widget:
        """Undo (the last handful counted wrong), home, and "Rematch" in gold."""
        row = BoxLayout(spacing=px(SPACE.s), size_hint_y=None, height=px(TOUCH.primary))
        undo_what = self.c.undo_label()
        # Said as what it does: the game's end taken back, the table back in the game (a bare "Undo"/
        # "Annuler" read as "cancel the game").
        undo = BigButton(text="← " + self.tr("podium.undo"), bg=theme.STONE_DARK, base_font=TYPE.button,
                         disabled=undo_what is None, size_hint_x=0.42 if self.app.portrait else 0.32)
        undo.what = undo_what
        undo.bind(on_release=lambda *_: self.app.undo())
        self.undo_button = undo
        row.add_widget(undo)
        home = BigButton(text=self.tr("podium.home"), bg=theme.STONE, base_font=TYPE.button,
                         size_hint_x=0.36 if self.app.portrait else 0.4)
        home.bind(on_release=lambda *_: self.app.go("home"))
        again = BigButton(text=self.tr("podium.again"), bg=theme.GOLD, base_font=TYPE.button, bold=True)
        again.bind(on_release=lambda *_: self.rematch())
        row.add_widget(home)
        row.add_widget(again)
        return row

    def steps(self, places: dict[str, int], scores: dict[str, int], initials: dict[str, str]) -> Widget:
        """Second, first, third from left to right, the first the tallest; everyone on a shared place
        stands on the same step."""
        # The steps touch, square-cornered, in one quiet material: one podium, not three buttons (buttons
        # are rounded and apart; gold fills only the main action). The first place's number is in gold.
        podium = BoxLayout(spacing=0)
        from companion.app.look.palette import PODIUM_STEPS, hex_rgba

        # A game may ask for a steeper podium, its first step in gold (``GameUI.podium_heights``: each place's
        # share of the first's height; ``podium_gold``), where its players read a flatter one as a tie.
        ui = self.c.ui()
        heights = {1: 1.0, 2: 0.75, 3: 0.55, **(getattr(ui, "podium_heights", None) or {})}
        gold = bool(getattr(ui, "podium_gold", False))
        tall = px(110) * (2.0 if self.app.portrait else 1.3)  # no game bar: the steps take its room
        if not self.app.portrait and any(self.detail(n) for n in scores):  # the first's card a line taller
            tall -= box_for(DETAIL)
        # One size for every step's number, the one the lowest step holds: a "3" as big as the "2".
        lowest = tall * min(heights[p] for p in set(places.values()) if p in heights)
        digits = next((f for f in range(TYPE.title, TYPE.body, -2) if box_for(f) <= lowest), TYPE.body)
        for place in (2, 1, 3):
            names = sorted(n for n, p in places.items() if p == place)
            # The winner's column a little wider: their larger figure keeps its size beside its icon.
            column = BoxLayout(orientation="vertical", spacing=px(SPACE.xs) / 2,
                               size_hint_x=self.share(place))
            column.place = place
            column.add_widget(Widget())
            for name in names:
                standing = self.standing(name, scores[name], initials[name], place)
                standing.padding = [px(SPACE.xs) / 2, 0]  # the columns touch: their names keep apart
                column.add_widget(standing)
            if len(names) > 1:
                column.add_widget(self.plate(self.tr("podium.tied"), TYPE.body, colour=theme.GOLD))
            if names:
                step = podium_step(place, tall * heights[place])
                if gold and place == 1:  # the whole step in its metal
                    step.bg = hex_rgba(PODIUM_STEPS[1])
                # The body face (Andika) like every other figure on the podium; gold as the trophy's colour
                number = FitLabel(text=str(place), base_font=digits, bold=True,
                                  color=theme.TEXT_DARK if gold and place == 1 else theme.GOLD if place == 1 else theme.TEXT)
                number.place = place
                step.add_widget(number)
                column.add_widget(step)
            podium.add_widget(column)
        return podium

    def share(self, place: int) -> float:
        """A step's share of the width (of 3): the winner's wider in landscape, for their larger figure."""
        if self.app.portrait:
            return 1.0
        return 1.2 if place == 1 else 0.9

    def standing(self, name: str, score: int, initial: str, place: int = 3) -> Widget:
        """One player's card above their step: colour disc with initial, name (24 px), the game's score with
        its icon (28 px, the winner's 32: the figures the table reads from across it)."""
        words = self.c.ui().score_words(self.tr, score)
        figure = self.figures.get(name)
        portrait = self.app.portrait  # narrow columns: the disc above the name
        size, figure_size = NAME, WINNER_SCORE if place == 1 else SCORE
        # The disc as tall as a standing's line: two initials ("Ma", "Mx") keep the size of a text in it.
        disc_side = box_for(TYPE.standing)
        box = Panel(orientation="vertical", size_hint_y=None,  # a name card: the tokens fall behind it
                    height=(disc_side if portrait else 0) + box_for(size) + box_for(figure_size) + px(SPACE.xs) / 2)
        box.bg = role_colour("surface")
        top = BoxLayout(spacing=px(SPACE.xs), size_hint_y=None, height=box_for(size))
        disc = Swatch(initial=initial, rgba=colour_rgba(self.c.colour_of(name)), size_hint_x=None, width=disc_side)
        label = FitLabel(text=name, base_font=size, bold=True, wrap=False)
        label.role = "standing"
        if portrait:
            from kivy.core.window import Window

            from companion.app.screens.chips import broken_name

            row = BoxLayout(size_hint_y=None, height=disc_side)
            for part in (Widget(), disc, Widget()):
                row.add_widget(part)
            box.add_widget(row)
            # A third of the width: "Marie-Christine" after its hyphen on two lines rather than smaller.
            room = Window.width / 3 - 2 * px(SPACE.xs) - px(SPACE.s) - px(8)
            shown = broken_name(name, room, px(size)) or name
            label.text = shown
            label.size_hint_y, label.height = None, box_for(size, shown.count("\n") + 1)
            box.height += label.height - box_for(size)
            box.add_widget(label)
        else:  # the disc and the name together, centred over the step; a long name on two lines after its
            from kivy.core.window import Window  # hyphen rather than under 24 px

            from companion.app.screens.chips import broken_name

            room = (Window.width - 2 * px(SPACE.s)) * self.share(place) / 3 - disc_side - 2 * px(SPACE.xs)
            shown = broken_name(name, room, px(size)) or name
            if shown != name:
                label.text, label.halign = shown, "center"
                top.height = box_for(size, shown.count("\n") + 1)
                box.height += top.height - box_for(size)
            top.add_widget(disc)
            top.add_widget(label)
            box.add_widget(hugged(top))
        if portrait:  # a narrow column: the score alone, at its full size (on two lines when it must be)
            from kivy.core.window import Window

            from companion.app.screens.chips import broken_name

            room = (Window.width - 2 * px(SPACE.s)) / 3 - px(SPACE.xs) - px(4)  # the column less its padding
            shown = broken_name(words, room, px(figure_size)) or words
            score_label = FitLabel(text=shown, base_font=figure_size, bold=True, color=theme.GOLD, wrap=False,
                                   halign="center", size_hint_y=None, height=box_for(figure_size, shown.count("\n") + 1))
            box.height += score_label.height - box_for(figure_size)
            box.add_widget(score_label)
        else:
            line = hugged(score_line(figure.icon if figure else "boyard", words, figure_size))
            score_label = line.children[1]  # the words (hugged put a spacer either side)
            box.add_widget(line)
        score_label.role, score_label.podium_score = "standing", True
        detail = self.detail(name)
        if detail:  # the game's points by source, under the total
            lines = 2 if portrait else 1  # a third of a narrow screen: the sources on two lines
            line = FitLabel(text=detail, base_font=DETAIL, wrap=portrait, size_hint_y=None,
                            height=box_for(DETAIL, lines))
            line.role = "podium_detail"
            box.add_widget(line)
            box.height += box_for(DETAIL, lines)
        self.name_rows = getattr(self, "name_rows", {})
        self.name_rows[name] = box
        return box

    def detail(self, name: str) -> str:
        """A player's points by source in the game's words (optional ``GameUI.podium_detail(tr, view, name)``),
        or "" for a game whose score has one source."""
        own = getattr(self.c.ui(), "podium_detail", None)
        return own(self.tr, self.c.view, name) if callable(own) else ""

    def rematch(self) -> None:
        """Same players, seats and colours, a new game; the die picks who starts, as in any new game."""
        answer = rematch(self.c)
        if answer["ok"]:
            self.app.after_new_game(answer)
        else:
            self.app.toast(answer["error"]["message"])
