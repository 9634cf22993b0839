"""Round 3 with the companion's code words: the proposer types the word on a big on-screen keyboard, the
companion judges it with the answer matcher (the session does), the verdict is shown, and the table may
overrule it (the proposal taken back and sent again with ``correct``)."""

from __future__ import annotations

from typing import Any

from kivy.uix.boxlayout import BoxLayout
from kivy.uix.image import Image
from kivy.uix.widget import Widget

from companion.app import theme
from companion.app.controls import BigButton, FitLabel, Panel, Scale, touch_height
from companion.app.look.assets import asset
from companion.app.screens.base import BaseScreen
from companion.app.screens.codewords import send_proposal
from companion.app.table.profiles import PROFILES

# Letters as the family's own keyboards place them; the accented letters of the language on a row of their
# own (one tap each, no long-press to discover). The apostrophe and the hyphen are in words ("arc-en-ciel").
LAYOUTS = {
    "fr": ("AZERTYUIOP", "QSDFGHJKLM", "WXCVBN’-", "ÉÈÊËÀÂÇÎÏÔÙÛŒ"),
    "en": ("QWERTYUIOP", "ASDFGHJKL’", "ZXCVBNM-", "ÉÈÊÀÇÑÖÜ"),
}
MAX_TYPED = 64  # what the session accepts of a proposal


class KeyboardScreen(BaseScreen):
    """The proposer types their code word; OK sends it to be judged."""

    in_game = False
    typed = ""
    _for: tuple = ()

    def body(self) -> Widget:
        v = self.c.view
        me = v["current"]
        turn = (id(self.c.session), self.c.session.game_id, me, len(self.c.session.commands))
        if self._for != turn:  # a new proposal starts empty
            self._for, self.typed = turn, ""
        box = BoxLayout(orientation="vertical", spacing=Scale.px(6))
        box.add_widget(self.top_bar())
        if v["phase"] == "propose_again":
            keys = next(p["keys"] for p in v["players"] if p["name"] == me)
            text = self.tr("codewords.type_again", player=me, before=keys, after=keys - 1)
        else:
            text = self.tr("codewords.type_title", player=me)
        title = self.title(text, base_font=26, colour=theme.GOLD, height=40)
        title.role = "step"
        box.add_widget(title)
        shown = Panel(orientation="vertical", size_hint_y=None, height=touch_height(), padding=Scale.px(4))
        shown.bg = theme.STONE_DARK
        self.display = FitLabel(text=self.typed, base_font=30, bold=True, wrap=False)
        shown.add_widget(self.display)
        box.add_widget(shown)
        box.add_widget(self.keys(self.c.tr.language))
        box.add_widget(self.actions(me, v["phase"] == "propose_again"))
        return box

    def keys(self, language: str) -> Widget:
        rows = LAYOUTS.get(language, LAYOUTS["fr"])
        width = max(len(r) for r in rows)
        grid = BoxLayout(orientation="vertical", spacing=Scale.px(8))
        for letters in rows:
            line = BoxLayout(spacing=Scale.px(8), size_hint_x=len(letters) / width, pos_hint={"center_x": 0.5})
            for letter in letters:
                key = BigButton(text=letter, base_font=24, bg=theme.SEA_LIGHT)
                key.bind(on_release=lambda _b, ch=letter: self.press(ch))
                line.add_widget(key)
            grid.add_widget(line)
        return grid

    def actions(self, me: str, again: bool) -> Widget:
        row = BoxLayout(size_hint_y=None, height=touch_height(), spacing=Scale.px(8))
        specs = [
            (self.tr("codewords.delete"), theme.STONE_DARK, self.backspace, 1),
            (self.tr("codewords.space"), theme.SEA_LIGHT, lambda: self.press(" "), 1.4),
        ]
        if again:
            specs.append((self.tr("propose.give_up"), theme.STONE_DARK, lambda: self.send({"cmd": "pass", "player": me}), 1))
        specs.append((self.tr("codewords.ok"), theme.GOLD, lambda: self.submit(me), 1.2))
        for text, colour, action, weight in specs:
            b = BigButton(text=text, bg=colour, base_font=20, size_hint_x=weight)
            b.bind(on_release=lambda _b, a=action: a())
            row.add_widget(b)
        return row

    def press(self, ch: str) -> None:
        if len(self.typed) < MAX_TYPED:
            self.typed += ch.lower() if ch != "Œ" else "œ"
            self.display.text = self.typed

    def backspace(self) -> None:
        self.typed = self.typed[:-1]
        self.display.text = self.typed

    def submit(self, me: str) -> None:
        word = self.typed.strip()
        if word:
            send_proposal(self.app, {"cmd": "propose", "player": me, "word": word})


class VerdictScreen(BaseScreen):
    """What the companion made of the typed word (✓ or ✗, in words too), and the table's overrule."""

    in_game = False
    verdict: dict = {}

    def body(self) -> Widget:
        verdict = self.verdict
        right = bool(verdict.get("correct"))
        overruled = right != bool(verdict.get("accepted"))
        box = BoxLayout(orientation="vertical", spacing=Scale.px(8), padding=Scale.px(8))
        title = self.title(self.tr("codewords.verdict_title", player=verdict.get("player", ""), word=verdict.get("word", "")),
                           base_font=28, colour=theme.GOLD, height=50)
        title.role = "step"
        box.add_widget(title)
        panel = Panel(orientation="horizontal", padding=Scale.px(12), spacing=Scale.px(12))
        panel.bg = theme.OK if right else theme.FAILURE
        profile = PROFILES.get(self.app.settings.display_profile)
        icon = Image(source=str(asset("icon-success-96" if right else "icon-failure-96", profile)),
                     size_hint_x=None, width=Scale.px(96))
        panel.add_widget(icon)
        if overruled:
            words = self.tr("codewords.overruled_right" if right else "codewords.overruled_wrong")
        else:
            words = self.tr("codewords.accepted" if right else "codewords.refused")
        self.verdict_label = FitLabel(text=words, base_font=30, bold=True, color=theme.TEXT)
        panel.add_widget(self.verdict_label)
        box.add_widget(panel)
        row = BoxLayout(size_hint_y=None, height=touch_height() * 1.3, spacing=Scale.px(8))
        if not overruled and self.can_overrule():
            fix = BigButton(text=self.tr("codewords.overrule_wrong" if right else "codewords.overrule_right"),
                            bg=theme.STONE_DARK, base_font=20, size_hint_x=0.6)
            fix.bind(on_release=lambda *_: self.overrule())
            row.add_widget(fix)
        go = BigButton(text=self.tr("common.continue"), bg=theme.GOLD, base_font=22, size_hint_x=0.4)
        go.bind(on_release=lambda *_: self.app.show_phase())
        row.add_widget(go)
        box.add_widget(row)
        return box

    def can_overrule(self) -> bool:
        """Only while the judged proposal is still the last thing the table did."""
        last = self.c.view.get("last_command") or {}
        v = self.verdict
        return (last.get("cmd") == "propose" and last.get("player") == v.get("player")
                and last.get("word") == v.get("word"))

    def overrule(self) -> None:
        v: dict[str, Any] = self.verdict
        if not self.can_overrule():
            return
        undone = self.c.undo()
        if not undone["ok"]:
            self.app.toast(undone["error"]["message"])
            return
        send_proposal(self.app, {"cmd": "propose", "player": v["player"], "word": v["word"],
                                 "correct": not v["correct"]})
