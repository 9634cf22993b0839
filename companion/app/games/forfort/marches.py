"""The start of a turn: the armies' marches, shown and explained in words ("Bob's army enters Zoé's
top-right space: the camp is destroyed") — the events of the answer that started the turn, read
against the state before it — with the forts they marched in, each march drawn on its fort (the space
left, the space entered, red where something was destroyed), undo in the top bar and one gold "Continue"
to the turn."""

from __future__ import annotations

from typing import Any, Mapping, Sequence

from kivy.uix.boxlayout import BoxLayout
from kivy.uix.widget import Widget

from companion.app import theme
from companion.app.controls import BigButton, FitLabel
from companion.app.games.forfort.art import FortPicture, Step
from companion.app.games.forfort.board import BODY, OWNER, Bar, ForfortScreen
from companion.app.games.forfort.choices import player
from companion.app.games.forfort.words import armies_marched, march_lines
from companion.app.screens.kit import box_for, px

MAX_LINES = 4  # the most sentences the screen holds at 26 px; more say "and N more" (rare: four armies)
MAX_FORTS = 2  # the forts drawn with their marches (more armies in more forts: the words say them all)


def trails(before: Mapping[str, Any], events: Sequence[Mapping[str, Any]]) -> dict[str, list[Step]]:
    """Each fort's marches, for its picture: where each army stood, where it went (its direction read in the
    state before the turn), whether it destroyed what stood there or fell on a protected wall."""
    out: dict[str, list[Step]] = {}
    hit: set[tuple[str, str]] = set()
    for e in events:
        kind, fort = e.get("type"), e.get("fort")
        if kind == "forfort.space_destroyed" and e.get("cause") == "army":
            hit.add((fort, e["space"]))
            continue
        if kind not in ("forfort.army_marched", "forfort.army_defeated"):
            continue
        if kind == "forfort.army_defeated" and e.get("cause") != "protected_wall":
            continue
        stood = next((p for p in before.get("players", []) if p.get("name") == fort), {}).get("fort", {})
        direction = (stood.get(e["space"]) or {}).get("direction")
        if kind == "forfort.army_defeated":
            out.setdefault(fort, []).append(Step(e["space"], None, direction, fell=True))
        else:
            out.setdefault(fort, []).append(Step(e["space"], e.get("to"), direction, hit=(fort, e.get("to")) in hit))
    return out


class MarchesScreen(ForfortScreen):
    events: Sequence[Mapping[str, Any]] = ()
    before: Mapping[str, Any] = {}

    def body(self) -> Widget:
        v = self.c.view
        box = BoxLayout(orientation="vertical", spacing=px(8))
        # counted: "1 army marches", "2 armies march" (a march, or a fall on a protected wall, per army)
        box.add_widget(self.step_row(self.tr("forfort.step.marches", n=max(1, armies_marched(self.events)),
                                             player=v.get("current") or ""), None))
        lines = march_lines(self.tr, self.before, self.events)
        portrait = self.app.portrait
        main = BoxLayout(orientation="vertical" if portrait else "horizontal", spacing=px(12))
        marked = trails(self.before, self.events)
        shown = list(marked)[:MAX_FORTS]
        side = (px(170) if len(shown) < 2 else px(150)) if portrait else (px(166) if len(shown) < 2 else px(150))
        head = box_for(OWNER) + px(6) + px(4) * 2  # the owner's name over the fort, then their colour band
        forts = BoxLayout(spacing=px(12), size_hint=(None, None) if not portrait else (1, None),
                          height=head + side)
        forts.width = len(shown) * side + max(len(shown) - 1, 0) * px(12)
        if portrait:
            forts.add_widget(Widget())
        for name in shown:
            p = player(v, name)
            if p is None:
                continue
            one = BoxLayout(orientation="vertical", spacing=px(4), size_hint=(None, None), width=side,
                            height=forts.height)
            owner = FitLabel(text=name, base_font=OWNER, size_hint_y=None, height=box_for(OWNER), wrap=False,
                             bold=True, valign="bottom")
            owner.role = "owner"
            one.add_widget(owner)
            one.add_widget(Bar(self.colour(name), size_hint_y=None, height=px(6)))
            one.add_widget(FortPicture(p, self.colour, gap=4, trail=tuple(marked[name]), size_hint=(None, None),
                                       size=(side, side)))
            forts.add_widget(one)
        if portrait:
            forts.add_widget(Widget())
        holder = BoxLayout(orientation="vertical", size_hint_x=None if not portrait else 1, width=forts.width)
        holder.add_widget(forts)
        if portrait:
            holder.size_hint_y, holder.height = None, forts.height
        else:
            holder.add_widget(Widget())
        main.add_widget(holder)
        words = BoxLayout(orientation="vertical", spacing=px(8))
        said = BoxLayout(orientation="vertical", spacing=px(4))
        lines_shown = lines[:MAX_LINES]
        if len(lines) > MAX_LINES:
            lines_shown[-1] = self.tr("forfort.march.more", n=len(lines) - MAX_LINES + 1)
        for line in lines_shown or [self.tr("forfort.march.none")]:
            label = FitLabel(text=line, base_font=BODY, halign="left")
            label.role = "march"
            said.add_widget(label)
        words.add_widget(said)
        go = BigButton(text=self.tr("forfort.continue"), base_font=BODY, bg=theme.GOLD, bold=True, size_hint_y=None,
                       height=px(64))
        go.bind(on_release=lambda *_: self.app.show_phase())
        words.add_widget(go)  # under the words, beside the forts: the forts keep the body's height
        main.add_widget(words)
        box.add_widget(main)
        return box
