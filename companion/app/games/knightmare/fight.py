"""The fight against a room's occupant (a Challenge card): the shield and the helmets played before the
roll, then the verdict with both strengths large and both dice rolling, and a won fight's reward: a
helmet or the room's object.

The two dice are the companion's (one tap: "Fight!") or the table's own: then the knight's die and the
left neighbour's die for the occupant, one after the other, each rolled on screen or its face tapped.
A die rolled on screen is the rules' next die (``RULES.next_dice``), sent without its field so that the
rules roll and log the same value; a face tapped is sent as ``roll`` / ``opponent_roll``."""

from __future__ import annotations

from typing import Any

from kivy.uix.boxlayout import BoxLayout
from kivy.uix.gridlayout import GridLayout
from kivy.uix.widget import Widget

from companion.app import theme
from companion.app.controls import BigButton, FitLabel
from companion.app.games.knightmare.strip import KnightmareScreen
from companion.app.games.knightmare.tags import TagReading, shown_tag
from companion.app.look.tokens import SPACE, TOUCH, TYPE, line_box
from companion.app.screens.kit import Stepper, px
from companion.app.widgets import art
from companion.app.games.knightmare.die import unrolled_panel
from companion.app.widgets.die import Die
from companion.games.knightmare.model import BASE_STRENGTH

OBJECTS = ("book", "wand", "ring", "crown")
DEFAULT_SHIELD = 5
MAX_SHIELD = 20
STEPPER_ROW = 56  # px at 800×480: the shield's and the helmets' steppers, a touch target and a margin


class FightScreen(TagReading, KnightmareScreen):
    """What the table reads on the board (the occupant's yellow shield) and the helmets played."""

    compact_chips = True

    def __init__(self, app: Any, **kw: Any) -> None:
        super().__init__(app, **kw)
        self.shield = DEFAULT_SHIELD
        self.helmets = 0
        self.dice_for: tuple | None = None  # the fight whose dice the table gives (None: the settings)
        self.dice: list[tuple[int, str]] = []  # (value, source) of the knight's die, then the occupant's

    def on_pre_leave(self, *_: Any) -> None:
        """Left (an undo, the spells screen): a die half entered is forgotten; the fight starts again."""
        self.dice_for, self.dice = None, []

    def _fight_key(self) -> tuple:
        v = self.c.view
        return self.game_key(), v.get("turns"), v.get("dice"), v.get("current")

    def roller(self) -> str:
        v = self.c.view
        names = [p["name"] for p in v["players"]]
        return names[(names.index(v["current"]) + 1) % len(names)]

    def body(self) -> Widget:
        v = self.c.view
        if self.dice_for is not None and self.dice_for == self._fight_key():
            return self.dice_body()
        self.dice_for, self.dice = None, []
        me = next(p for p in v["players"] if p["name"] == v["current"])
        self.helmets = min(self.helmets, me["helmets"])
        roller = self.roller()
        box = BoxLayout(orientation="vertical", spacing=px(4))  # under the strip's legend: the rows closer
        box.add_widget(self.step_row(self.tr("knightmare.fight.step", player=v["current"]), "fight"))
        # under the strip's legend, the rows' margins are what keeps the touch targets 8 px apart: the "?"
        # above, the fight's buttons below (a touch target's height and a margin)
        rows = GridLayout(cols=2, spacing=px(TOUCH.gap), size_hint_y=None, padding=[0, px(4), 0, 0],
                          height=2 * px(STEPPER_ROW) + px(TOUCH.gap) + px(4))
        rows.add_widget(FitLabel(text=self.tr("knightmare.fight.shield"), base_font=TYPE.body, halign="right"))
        rows.add_widget(Stepper(str(self.shield), self._change("shield", -1, 0, MAX_SHIELD),
                                self._change("shield", +1, 0, MAX_SHIELD), name="shield"))
        rows.add_widget(FitLabel(text=self.tr("knightmare.fight.helmets"), base_font=TYPE.body, halign="right"))
        rows.add_widget(Stepper(str(self.helmets), self._change("helmets", -1, 0, me["helmets"]),
                                self._change("helmets", +1, 0, me["helmets"]), name="helmets"))
        box.add_widget(rows)
        box.add_widget(FitLabel(text=self.tr("knightmare.fight.roller", player=roller), base_font=TYPE.body,
                                color=theme.TEXT_MUTED, size_hint_y=None, height=line_box(TYPE.body, 1, art.profile())))
        actions = BoxLayout(size_hint_y=None, height=px(TOUCH.minimum + 8), spacing=px(TOUCH.gap) + 2)
        go = BigButton(text=self.tr("knightmare.fight.go"), bg=theme.GOLD, base_font=TYPE.button, bold=True)
        go.bind(on_release=lambda *_: self.fight())
        own = BigButton(text=self.tr("knightmare.fight.own_dice"), bg=theme.SEA_LIGHT, base_font=TYPE.button)
        own.role = "own_dice"
        own.bind(on_release=lambda *_: self.own_dice())
        actions.add_widget(go)
        actions.add_widget(own)
        box.add_widget(actions)  # no filler under it: its gap was the pixels the strip's legend needed
        return box

    # --- the table's own dice: the knight's, then the left neighbour's for the occupant ---------------

    def own_dice(self) -> None:
        self.dice_for, self.dice = self._fight_key(), []
        self.rebuild()

    def dice_body(self) -> Widget:
        v = self.c.view
        knight = not self.dice
        step = (self.tr("knightmare.fight.die_knight", player=v["current"]) if knight
                else self.tr("knightmare.fight.die_occupant", player=self.roller()))
        box = BoxLayout(orientation="vertical", spacing=px(SPACE.xs))
        box.add_widget(self.step_row(step, "fight"))
        panel = unrolled_panel(self.tr, settings=lambda: self.app.settings, sound=getattr(self.app, "sound", None))
        panel.role = "knight_die" if knight else "occupant_die"
        if not knight:  # the knight's die stays in sight, under the occupant's, while that one is rolled
            panel.result.text = self.tr("knightmare.fight.knight_rolled", roll=self.dice[0][0])
            panel.result.base_font, panel.result.color, panel.result.role = TYPE.heading, theme.GOLD, "knight_roll"
        else:  # under the knight's die until it lands: the shield and the helmets set before it, still in sight
            panel.result.text = self.tr("knightmare.fight.dice_context", shield=self.shield, helmets=self.helmets)
            panel.result.base_font, panel.result.bold, panel.result.role = TYPE.body, False, "dice_context"
        panel.bind(on_roll_request=lambda p: p.die.roll(value=self.companion_die()))
        panel.bind(on_value=lambda _p, value, source: self.landed(value, source))
        self.panel = panel
        box.add_widget(panel)
        return box

    def companion_die(self) -> int:
        """The value the rules will roll for this die: the next one, or the one after when the knight's
        die was rolled on screen too (the rules roll the knight's first)."""
        session = self.c.session
        k = sum(1 for _value, source in self.dice if source == "screen")
        return session.rules.next_dice(session.state, k + 1)[k]

    def landed(self, value: int, source: str) -> None:
        self.dice.append((value, source))
        if len(self.dice) < 2:
            self.rebuild()
            return
        (roll, roll_source), (opponent, opponent_source) = self.dice
        cmd: dict[str, Any] = {"cmd": "fight", "shield": self.shield, "helmets": self.helmets}
        if roll_source == "table":
            cmd["roll"] = roll
        if opponent_source == "table":
            cmd["opponent_roll"] = opponent
        self.dice_for, self.dice, self.helmets = None, [], 0
        if self.manager is not None and self.manager.has_screen("km_verdict"):
            self.manager.get_screen("km_verdict").tapped = {k for k in ("roll", "opponent_roll") if k in cmd}
        self.send(cmd)

    def _change(self, field: str, d: int, low: int, high: int):
        value = getattr(self, field)
        if not low <= value + d <= high:
            return None

        def change() -> None:
            setattr(self, field, value + d)
            self.rebuild()

        return change

    def fight(self) -> None:
        cmd = {"cmd": "fight", "shield": self.shield, "helmets": self.helmets}
        self.helmets = 0
        self.send(cmd)


def knight_sum(tr: Any, f: dict) -> str:
    """The knight's strength as the rulebook adds it: 3, the die, a point per helmet played."""
    roll, total, helmets = f.get("roll", 1), f.get("strength", 0), f.get("helmets", 0)
    if helmets:
        return tr("knightmare.fight.sum_helmets", base=BASE_STRENGTH, roll=roll, n=helmets, total=total)
    return tr("knightmare.fight.sum", base=BASE_STRENGTH, roll=roll, total=total)


class VerdictScreen(TagReading, KnightmareScreen):
    """The last fight: both strengths, both dice, the verdict; won, the reward (a helmet or the object)."""

    compact_chips = True

    def __init__(self, app: Any, **kw: Any) -> None:
        super().__init__(app, **kw)
        self.shown_fight: Any = None
        self.choosing_object = False
        self.unknown: tuple[tuple, str] | None = None  # an unknown tag read after a won fight
        self.tapped: set[str] = set()  # the fight's dice the table tapped (set by the fight's screen)

    def chip_current(self, view: dict) -> str | None:
        """The knight who fought stays lit until Continue: after a loss the view's turn is the next one's."""
        return (view.get("fight") or {}).get("player") or view.get("current")

    def body(self) -> Widget:
        v = self.c.view
        f = v.get("fight") or {}
        fresh = (self.game_key(), v.get("dice")) != self.shown_fight
        tapped, self.tapped = self.tapped, set()  # the table's own dice have landed already: shown still
        self.shown_fight = (self.game_key(), v.get("dice"))
        box = BoxLayout(orientation="vertical", spacing=px(SPACE.xs))
        verdict = {"won": "knightmare.fight.won", "lost": "knightmare.fight.lost", "tie": "knightmare.fight.tie"}
        box.add_widget(self.step(self.tr(verdict.get(f.get("outcome"), "knightmare.fight.tie"),
                                         player=f.get("player", ""))))
        duel = BoxLayout(orientation="vertical" if self.app.portrait else "horizontal", spacing=px(SPACE.s))
        duel.add_widget(self.side(self.tr("knightmare.fight.knight", player=f.get("player", ""), base=BASE_STRENGTH),
                                  f.get("strength", 0), f.get("roll", 1), fresh and "roll" not in tapped,
                                  f.get("outcome") == "won", knight_sum(self.tr, f), "knight"))
        against = FitLabel(text=self.tr("knightmare.fight.against"), base_font=TYPE.heading, wrap=False,
                           size_hint_x=0.3)
        if self.app.portrait:
            against.size_hint = (1, None)
            against.height = line_box(TYPE.heading, 1, art.profile())
        duel.add_widget(against)
        duel.add_widget(self.side(self.tr("knightmare.fight.occupant", player=f.get("roller", "")),
                                  f.get("opponent_strength", 0), f.get("opponent_roll", 1),
                                  fresh and "opponent_roll" not in tapped, f.get("outcome") == "lost",
                                  self.tr("knightmare.fight.sum_shield", shield=f.get("shield", 0),
                                          roll=f.get("opponent_roll", 1), total=f.get("opponent_strength", 0)),
                                  "occupant"))
        box.add_widget(duel)
        if self.app.portrait and v["phase"] == "reward" and not self.choosing_object:  # tall: a line of its own
            box.add_widget(self.reward_ask(size_hint_y=None, height=line_box(TYPE.body, 1, art.profile())))
        box.add_widget(self.actions(v))
        return box

    def side(self, who: str, strength: int, roll: int, fresh: bool, best: bool, sum_: str, role: str) -> Widget:
        """One side of the fight: the die as it landed beside who rolled it, then the sum the table checks
        against the board ("3 + 5 + 1 helmet = 9", gold for the stronger): a total without its parts could
        not be checked."""
        col = BoxLayout(orientation="vertical", spacing=px(SPACE.xs))
        row = BoxLayout(spacing=px(SPACE.s))
        die = Die(settings=lambda: self.app.settings, sound=getattr(self.app, "sound", None), size_hint_x=0.3)
        if fresh:
            die.roll(value=roll)
        else:
            die.show(roll)
        die.role = role + "_die"
        row.add_widget(die)
        if self.app.portrait:  # the screen's width beside the die: "Occupant (Jean's die)" on one line
            who = who.replace("\n", " ")
        name = FitLabel(text=who, base_font=TYPE.body, halign="left")
        name.role = role
        row.add_widget(name)
        col.add_widget(row)
        line = FitLabel(text=sum_, base_font=TYPE.heading, bold=True, wrap=False,
                        color=theme.GOLD if best else theme.TEXT, size_hint_y=None,
                        height=line_box(TYPE.heading, 1, art.profile()))
        line.role = "strength"
        col.add_widget(line)
        return col

    def actions(self, v: dict) -> Widget:
        row = BoxLayout(size_hint_y=None, height=px(TOUCH.primary), spacing=px(TOUCH.gap) + 2)
        if v["phase"] != "reward":
            go = BigButton(text=self.tr("knightmare.continue"), bg=theme.GOLD, base_font=TYPE.button, bold=True)
            go.bind(on_release=lambda *_: self.app.show_phase())
            row.add_widget(go)
            return row
        if self.choosing_object:
            for obj in OBJECTS:
                b = BigButton(text=self.tr("knightmare.object." + obj), bg=theme.SEA_LIGHT, base_font=TYPE.body)
                b.bind(on_release=lambda _b, o=obj: self.reward("object", o))
                row.add_widget(b)
            return row
        helmet = BigButton(text=self.tr("knightmare.reward.helmet"), bg=theme.GOLD, base_font=TYPE.button, bold=True,
                           disabled=not v.get("castle_helmets"))
        helmet.bind(on_release=lambda *_: self.reward("helmet"))
        obj = BigButton(text=self.tr("knightmare.reward.object"), bg=theme.SEA_LIGHT, base_font=TYPE.button)
        obj.bind(on_release=lambda *_: self._objects())
        nothing = BigButton(text=self.tr("knightmare.reward.nothing"), bg=theme.STONE, base_font=TYPE.body,
                            size_hint_x=0.6)
        nothing.bind(on_release=lambda *_: self.send({"cmd": "end_turn"}))
        if not self.app.portrait:  # wide: the question at the buttons' left, where it costs the duel no height
            row.add_widget(self.reward_ask(size_hint_x=0.55))
        for b in (helmet, obj, nothing):
            row.add_widget(b)
        return row

    def reward_ask(self, **kw: Any) -> Widget:
        """The question the three reward buttons answer."""
        ask = FitLabel(text=self.tr("knightmare.reward.ask"), base_font=TYPE.body, **kw)
        ask.role = "reward_ask"
        return ask

    def tag_read(self, tag: str, what: str) -> bool:
        """An object's tile read after a won fight: that object taken (issue 23, What to build 5)."""
        if self.c.view.get("phase") != "reward" or what not in OBJECTS:
            return False
        self.reward("object", what)
        return True

    def unknown_tag(self, tag: str) -> None:
        """After a won fight an unknown tag is an object's tile not enrolled yet: the object chosen next
        is remembered for it."""
        v = self.c.view
        if v.get("phase") != "reward":
            return super().unknown_tag(tag)
        self.app.toast(self.tr("knightmare.tag.unknown_object", tag=shown_tag(tag)))
        self.unknown = ((self.game_key(), v.get("dice"), v.get("turns")), tag)
        self.choosing_object = True
        self.rebuild()

    def _objects(self) -> None:
        self.choosing_object = True
        self.rebuild()

    def reward(self, take: str, obj: str | None = None) -> None:
        self.choosing_object = False
        unknown, self.unknown = self.unknown, None
        v = self.c.view
        if obj and unknown is not None and unknown[0] == (self.game_key(), v.get("dice"), v.get("turns")):
            self.remember_tag(unknown[1], obj)
        cmd: dict[str, Any] = {"cmd": "reward", "take": take}
        if obj:
            cmd["object"] = obj
        self.send(cmd)
