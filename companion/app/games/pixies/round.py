"""A round scored: each player's finished grid with the scoring zone outlined, the breakdown (validated
numbers, spirals, crosses, ★ cards, the zone and its multiplier) and the round's total; the players' round
totals to choose whose shows; the totals over the rounds are in the strip (Σ)."""

from __future__ import annotations

from kivy.uix.boxlayout import BoxLayout
from kivy.uix.gridlayout import GridLayout
from kivy.uix.widget import Widget

from companion.app import theme
from companion.app.controls import BigButton, FitLabel
from companion.app.games.pixies.common import PixiesScreen
from companion.app.games.pixies.grid import GridView
from companion.app.games.pixies.tabs import player_tabs
from companion.app.initials import unique_initials
from companion.app.look.tokens import SPACE, TOUCH, TYPE
from companion.app.screens.kit import box_for, gap, px


def last_scored(view: dict) -> int | None:
    """The number of the last round scored (None before the first)."""
    done = [r["round"] for p in view.get("players", []) for r in p.get("rounds", [])]
    return max(done) if done else None


def breakdown(tr, entry: dict) -> list[tuple[str, str]]:
    """The round's lines as (words, points): what the table checks against its cards."""
    zone = entry["zone"]
    lines = [(tr("pixies.score.validated"), f"+{entry['validated']}"),
             (tr("pixies.score.spirals"), f"+{entry['spirals']}"),
             (tr("pixies.score.crosses"), f"−{entry['crosses']}"),
             (tr("pixies.score.stars"), f"+{entry['stars']}")]
    if zone:
        lines.append((tr("pixies.score.zone", n=zone, colour=tr(f"pixies.colour.{entry.get('zone_colour') or 'multi'}"),
                         times=entry["multiplier"]), f"+{entry['zone_points']}"))
    else:
        lines.append((tr("pixies.score.no_zone"), "+0"))
    return lines


class RoundScreen(PixiesScreen):
    round_no: int | None = None  # set when a round ends (UI.after_answer); else the last one scored
    who: str | None = None

    def body(self) -> Widget:
        v = self.c.view
        r = self.round_no or last_scored(v)
        entries = {p["name"]: next((e for e in p["rounds"] if e["round"] == r), None) for p in v["players"]}
        names = [n for n, e in entries.items() if e is not None]
        if self.who not in names:
            best = max((entries[n]["total"] for n in names), default=0)
            self.who = next((n for n in names if entries[n]["total"] == best), None)
        box = BoxLayout(orientation="vertical", spacing=gap() if self.app.portrait else px(SPACE.xs))
        box.add_widget(self.step_row(self.tr("pixies.round.title", round=r, player=self.who or ""), None))
        entry = entries.get(self.who)
        if self.app.portrait:
            box.add_widget(self.portrait_body(entry, names, entries, v))
            return box
        row = BoxLayout(spacing=px(SPACE.s))
        if entry is not None:
            row.add_widget(GridView(entry["grid"], zone=entry.get("zone_spaces") or [], font=px(30), size_hint_x=0.34))
            row.add_widget(self.lines(entry, size_hint_x=0.46))
        side = BoxLayout(orientation="vertical", spacing=px(SPACE.xs), size_hint_x=0.34)
        side.add_widget(self.player_buttons(names, entries))
        side.add_widget(Widget())
        side.add_widget(self.go_button(v))
        row.add_widget(side)
        box.add_widget(row)
        return box

    def portrait_body(self, entry: dict | None, names: list[str], entries: dict, v: dict) -> Widget:
        """Portrait: the grid across the screen, the breakdown under it, the players' tabs, the gold button."""
        body = BoxLayout(orientation="vertical", spacing=gap())
        top = BoxLayout(spacing=gap())
        if entry is not None:
            top.add_widget(GridView(entry["grid"], zone=entry.get("zone_spaces") or [], font=px(30)))
        # The players' tabs (initials and the round's points; the title names whose grid shows) beside the
        # gold button: the grid keeps the whole width, as large as the screen allows.
        tabs = self.player_buttons(names, entries, initials=True)
        body.add_widget(top)
        if entry is not None:
            count = len(breakdown(self.tr, entry)) + 1
            body.add_widget(self.lines(entry, size_hint_y=None, height=count * box_for(TYPE.standing)))
        go = self.go_button(v)  # the tabs and the gold button share the last row: the grid keeps the height
        row = BoxLayout(spacing=gap(), size_hint_y=None, height=max(go.height, tabs.height))
        tabs.size_hint_x, go.size_hint_x, go.pos_hint = 0.74, 0.26, {"y": 0}
        row.add_widget(tabs)
        row.add_widget(go)
        body.add_widget(row)
        return body

    def lines(self, entry: dict, **kw) -> Widget:
        """The breakdown, a line each, and the round's total in gold: at the standing's size."""
        lines = GridLayout(cols=2, spacing=[px(SPACE.xs), 0], **kw)
        for words, points in (*breakdown(self.tr, entry), (self.tr("pixies.score.total"), str(entry["total"]))):
            total = points == str(entry["total"]) and words == self.tr("pixies.score.total")
            colour = theme.GOLD if total else theme.TEXT
            label = FitLabel(text=words, base_font=TYPE.standing, color=colour, bold=total, halign="left",
                             size_hint_x=0.78)
            label.role = "standing"
            lines.add_widget(label)
            number = FitLabel(text=points, base_font=TYPE.standing, color=colour, bold=True, size_hint_x=0.22)
            number.role = "standing"
            lines.add_widget(number)
        return lines

    def player_buttons(self, names: list[str], entries: dict, initials: bool = False) -> Widget:
        """"Show the grid of" over a tab a player scored (their colour's disc, the round's total): whose grid
        shows (``initials``: one row, the shown player's name in full, the others' initials, as in the strip)."""
        players = [p for p in self.c.view["players"] if p["name"] in names]
        if initials:
            marks = unique_initials(names)
            labels = {n: f"{marks[n]} {entries[n]['total']}" for n in names}
            return player_tabs(self.tr, players, self.who, self.choose, self.c.colour_of, initials=True,
                               labels=labels, font=TYPE.body)
        labels = {n: f"{n} {entries[n]['total']}" for n in names}
        return player_tabs(self.tr, players, self.who, self.choose, self.c.colour_of, labels=labels, cols=1,
                           font=TYPE.body)

    def go_button(self, v: dict) -> Widget:
        over = v["phase"] == "over"
        go = BigButton(text=self.tr("pixies.round.podium" if over else "common.continue"), bg=theme.GOLD, bold=True,
                       base_font=TYPE.button, size_hint_y=None, height=px(TOUCH.primary))
        go.bind(on_release=lambda *_: self.done())
        self.continue_button = go
        return go

    def choose(self, name: str) -> None:
        self.who = name
        self.rebuild()

    def done(self) -> None:
        self.round_no, self.who = None, None
        self.app.show_phase()


