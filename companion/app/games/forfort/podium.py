"""Forfort's podium: the shell's podium (its ceremony with wall bricks, its buttons, its rematch; the
winner's line is ``ForfortUI.winner_line``) with Forfort's middle — every fort side by side in rank order
with its score and how it was made (walls, camps, armies abroad, the dungeon's bonus), teammates side by side
in one panel under their team's total."""

from __future__ import annotations

from typing import Any, Mapping

from kivy.uix.boxlayout import BoxLayout
from kivy.uix.gridlayout import GridLayout
from kivy.uix.image import Image
from kivy.uix.widget import Widget

from companion.app import theme
from companion.app.controls import FitLabel, Panel, Swatch, colour_rgba
from companion.app.widgets import art as look_art
from companion.app.games.forfort.board import two_lines
from companion.app.initials import unique_initials
from companion.app.look import palette
from companion.app.look.tokens import SPACE, TYPE
from companion.app.screens.kit import box_for, place_ranks, px
from companion.app.screens.podium import PodiumScreen, names_list


def groups(view: Mapping[str, Any]) -> list[tuple[int, list[Mapping[str, Any]]]]:
    """The panels of the podium, best first: (score, players) — a team's two players with the team's
    total, else each fort alone."""
    players = view["players"]
    teams = view.get("team_scores")
    if teams:
        out = [(teams[str(t)], [p for p in players if p["team"] == t]) for t in sorted({p["team"] for p in players})]
    else:
        out = [(p["score"], [p]) for p in players]
    winners = set(view.get("winners", ()))
    return sorted(out, key=lambda g: (not any(p["name"] in winners for p in g[1]), -g[0]))


class ForfortPodium(PodiumScreen):
    """The shell's podium (its ceremony with bricks, its winner line from ``ForfortUI.winner_line``, its
    buttons) with Forfort's middle: every fort, or every team, in its own panel, best first, each with how
    its score was made (the parts the shell's steps have no room for); one row stands on the steps."""

    def standings(self, v: Mapping[str, Any]) -> Widget:
        found = groups(v)
        places = place_ranks({str(i): score for i, (score, _) in enumerate(found)})
        initials = unique_initials([p["name"] for p in v["players"]])
        wide = not self.app.portrait and len(found) > 2  # three or four forts: one row of steps (issue 25)
        cols = 1 if self.app.portrait else len(found)
        row = GridLayout(cols=cols, spacing=px(SPACE.s))
        stepped = cols == len(found)  # one row: each panel on its podium step, the first in the middle
        order = list(range(len(found)))
        if len(found) > 2:  # second, first, third, fourth from left to right, as the shared podium stands them
            order = [1, 0, *order[2:]]
        for i in order:
            score, members = found[i]
            panel = self.panel(places[str(i)], score, members, initials, v, narrow=wide)
            row.add_widget(self.on_step(panel, places[str(i)]) if stepped else panel)
        return row

    STEPS = {1: 0.42, 2: 0.26, 3: 0.16, 4: 0.08}  # each step's share of the middle's height, the first the tallest

    def on_step(self, panel: Widget, place: int) -> Widget:
        """``panel`` as tall as its lines, standing on the shell's podium step of its place (gold, silver,
        bronze), so that the team podium reads as a podium, not as two empty boxes."""
        from companion.app.screens.podium import podium_step

        panel.size_hint_y = None
        panel.height = sum(c.height for c in panel.children if c.size_hint_y is None) + px(SPACE.xs) * 2 \
            + px(2) * (len(panel.children) - 1)
        column = BoxLayout(orientation="vertical", spacing=px(SPACE.xs) / 2)
        column.add_widget(Widget())
        column.add_widget(panel)
        step = podium_step(place, 1)
        column.add_widget(step)
        share = self.STEPS.get(place, self.STEPS[3])
        top = self.STEPS[1]

        def fit(c, h):  # the step in the room the panel leaves (a team's score parts make it tall), the
            room = max(px(10), h - panel.height - px(SPACE.xs))  # first step the tallest, never over the panel
            step.height = max(px(10), min(h * share, room * share / top))

        column.bind(height=fit)
        return column

    def parts(self, p: Mapping[str, Any], narrow: bool = False) -> Widget:
        """The fort's score in its parts, each named in words ("Walls 3×2", "Camps 0", "Dungeon +2": a bare
        dot and a "+2" read nothing at 1.5 m, blind review); ``text`` says it in one line."""
        c = p.get("score_parts") or {"walls": 0, "camps": 0, "armies": 0, "dungeon": 0}
        # narrow (four forts in a row): one part a line, each kept at its legible size; else two a line
        per = 1 if narrow else 2
        rows, font = 4 // per, PARTS if narrow else 20  # a team's panel holds two forts' parts: the body size
        box = BoxLayout(orientation="vertical", size_hint_y=None,
                        height=rows * box_for(font))
        box.text = parts_text(self.tr, p)
        items = [self.tr("forfort.part." + k, n=c[k]) for k in ("walls", "camps", "armies", "dungeon")]
        for r in range(rows):
            row = BoxLayout(spacing=px(8), size_hint_y=None, height=box_for(font))
            for value in items[r * per:(r + 1) * per]:
                label = FitLabel(text=value, base_font=font, color=theme.TEXT, wrap=False, halign="left")
                label.role = "parts"
                row.add_widget(label)
            box.add_widget(row)
        return box

    def panel(self, place: int, score: int, members: list, initials: dict, v: Mapping[str, Any],
              narrow: bool = False) -> Widget:
        """One fort (or one team): its place, its score beside the star of points, then each player's disc and name."""
        won = any(p["name"] in v.get("winners", ()) for p in members)
        panel = Panel(orientation="vertical", padding=px(SPACE.xs), spacing=px(2))
        panel.bg = theme.SEA_LIGHT
        panel.place = place
        head = BoxLayout(spacing=px(4), size_hint_y=None, height=box_for(TYPE.standing))
        # the place apart from the points ("2  8 points" read "28"): an ordinal beside them, or, four in a
        # row, the digit on a medal of its step's metal
        if narrow:
            metal = palette.PODIUM_STEPS.get(place)
            rank = Swatch(initial=str(place), rgba=theme.hex_rgba(metal) if metal else theme.STONE,
                          size_hint_x=None, width=px(34))
        else:
            rank = FitLabel(text=self.tr(f"forfort.place.{place}") if place <= 4 else str(place), base_font=22,
                            color=theme.GOLD if won else theme.TEXT, size_hint_x=None, width=px(44))
            rank.role = "place"
        rank.place = place
        head.add_widget(rank)
        if not narrow:  # four in a row: "12 points" needs the star's room to keep its size
            head.add_widget(Image(source=look_art.icon("star"), color=theme.GOLD, fit_mode="contain", size_hint_x=None,
                                  width=px(26)))  # the score's sign, as on the standing's chips
        total = FitLabel(text=self.tr("forfort.points", n=score), base_font=TYPE.standing, bold=True,
                         color=theme.GOLD if won else theme.TEXT, wrap=False)
        total.role = "standing"
        head.add_widget(total)
        if v.get("team_scores"):
            head.add_widget(FitLabel(text=self.tr("forfort.team", team=members[0]["team"]), base_font=22,
                                     color=theme.TEXT, wrap=False))
        panel.add_widget(head)
        alone = len(members) == 1 and self.app.portrait  # a portrait row is wide: the name beside the points
        for p in members:
            text = two_lines(p["name"]) if narrow else p["name"]  # a narrow panel: a long name on two lines
            who = head if alone else BoxLayout(spacing=px(6), size_hint_y=None,
                                               height=box_for(22, 1 + text.count("\n")))
            who.add_widget(Swatch(initial=initials[p["name"]], rgba=colour_rgba(self.c.colour_of(p["name"])),
                                  size_hint_x=None, width=box_for(22)))
            name = FitLabel(text=text, base_font=22, bold=won, wrap="\n" in text, halign="left")
            name.player = p["name"]
            who.add_widget(name)
            if len(members) > 1:  # each teammate's own fort, beside the name, under the team's total
                who.add_widget(FitLabel(text=self.tr("forfort.points", n=p["score"]), base_font=22, wrap=False,
                                        size_hint_x=None, width=px(110)))
            if not alone:
                panel.add_widget(who)
            if len(members) == 1:
                panel.add_widget(self.parts(p, narrow))
        if len(members) > 1:  # a team: its forts' parts together, under both names (each fort's four lines
            # in words would not fit two forts in the panel's height)
            keys = ("walls", "camps", "armies", "dungeon")
            together = {k: sum((m.get("score_parts") or {}).get(k, 0) for m in members) for k in keys}
            panel.add_widget(self.parts({"name": members[0]["name"], "score_parts": together}, narrow))
        panel.add_widget(Widget(size_hint_y=1))
        return panel


PARTS = 22  # px at 800×480: how a fort's score was made, under its name


def parts_text(tr: Any, p: Mapping[str, Any]) -> str:
    """'2 points for each visible wall card. 1 point for each visible camp card. 1 point for each active army
    card in an opponent's fort. 2 bonus points if they still have at least 1 wall card in their dungeon.'"""
    c = p.get("score_parts") or {"walls": 0, "camps": 0, "armies": 0, "dungeon": 0}
    return tr("forfort.podium.parts", walls=c["walls"], camps=c["camps"], armies=c["armies"], dungeon=c["dungeon"])


def winner_line(tr: Any, v: Mapping[str, Any]) -> str:
    """Who won and how: a fort completed (its builder named), the team's players, or the best score."""
    winners = list(v.get("winners", ()))
    names = names_list(winners, tr.language)
    teams = bool(v.get("team_scores"))
    if v.get("won_by") == "fort":
        builder = next((p["name"] for p in v["players"] if p["name"] in winners and
                        all(t and t.get("top") == "wall" for t in p["fort"].values())), winners[0])
        team = next((p.get("team") for p in v["players"] if p["name"] == builder), "")
        return tr("forfort.podium.fort_team" if teams else "forfort.podium.fort", player=builder, team=team)
    if teams:
        return tr("forfort.podium.team", players=names)
    return tr("forfort.podium.tie" if len(winners) > 1 else "forfort.podium.winner", players=names)
