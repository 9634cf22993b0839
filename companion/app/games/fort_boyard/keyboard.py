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
from companion.app.look.tokens import line_box
from companion.app.games.fort_boyard.codewords import FortPrivateScreen, send_proposal
from companion.app.table.profiles import PROFILES

# Letters as the family's own keyboards place them; the accented letters of the language on a row of their
# own (one tap each, no long-press to discover). The apostrophe and the hyphen are in words ("arc-en-ciel").
LAYOUTS = {
    "fr": ("AZERTYUIOP", "QSDFGHJKLM", "WXCVBN’-", "ÉÈÊËÀÂÇÎÏÔÙÛŒ"),
    "en": ("QWERTYUIOP", "ASDFGHJKL’", "ZXCVBNM-", "ÉÈÊÀÇÑÖÜ"),
}
# The portrait display is too narrow for ten keys of 9 mm side by side: seven to a row, in alphabetical
# order (a chopped AZERTY would be harder to find one's way in), the accented letters after.
PORTRAIT = {
    "fr": ("ABCDEFG", "HIJKLMN", "OPQRSTU", "VWXYZ’-", "ÉÈÊËÀÂÇ", "ÎÏÔÙÛŒ"),
    "en": ("ABCDEFG", "HIJKLMN", "OPQRSTU", "VWXYZ’-", "ÉÈÊÀ", "ÇÑÖÜ"),
}
MAX_TYPED = 64  # what the session accepts of a proposal
MASK = "•"  # one per letter typed: the proposer sees how many, the table learns the word at "Valider"


def masked(typed: str) -> str:
    """The word as the table sees it while it is typed: a dot per letter, a space kept as a gap."""
    return "".join(" " if ch == " " else MASK for ch in typed)


class KeyboardScreen(FortPrivateScreen):
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
        box = BoxLayout(orientation="vertical", spacing=Scale.px(8))
        bar = self.top_bar()  # undo, "Mes indices" (the clues, to think), the menu
        bar.spacing = max(bar.spacing, Scale.px(8))
        box.add_widget(bar)
        if v["phase"] == "propose_again":
            keys = next(p["keys"] for p in v["players"] if p["name"] == me)
            text = self.tr("codewords.type_again", player=me, before=keys, after=keys - 1)
        else:
            text = self.tr("codewords.type_title", player=me)
        title = self.title(text, base_font=36, colour=theme.GOLD, height=line_box(36, 2 if self.app.portrait else 1))
        title.role = "step"
        box.add_widget(title)
        portrait = self.app.portrait
        if portrait:  # room for the word on a line of its own above the keys
            box.add_widget(self.display_panel(size_hint_y=None, height=Scale.px(line_box(30))))
        box.add_widget(self.keys(self.c.tr.language, space_key=not portrait))
        box.add_widget(self.actions(me, v["phase"] == "propose_again", portrait))
        return box

    def display_panel(self, **kw: Any) -> Widget:
        """The word typed so far, masked: the whole table faces the screen (the verdict shows the word)."""
        shown = Panel(orientation="vertical", padding=Scale.px(2), **kw)
        shown.bg = theme.STONE_DARK
        self.display = FitLabel(text=masked(self.typed), base_font=30, bold=True, wrap=False)
        shown.add_widget(self.display)
        return shown

    def keys(self, language: str, space_key: bool) -> Widget:
        """The letters; on the landscape display the space bar ends the third row (rows stay 9 mm high)."""
        rows = (PORTRAIT if self.app.portrait else LAYOUTS).get(language, LAYOUTS["fr"])
        width = max(len(r) for r in rows)
        grid = BoxLayout(orientation="vertical", spacing=Scale.px(10))
        for n, letters in enumerate(rows):
            space = space_key and n == 2
            line = BoxLayout(spacing=Scale.px(10), size_hint_x=(len(letters) + 2 * space) / width,
                             pos_hint={"center_x": 0.5})
            for letter in letters:
                key = BigButton(text=letter, base_font=24, bg=theme.SEA_LIGHT)
                key.bind(on_release=lambda _b, ch=letter: self.press(ch))
                line.add_widget(key)
            if space:
                line.add_widget(self.space_button(size_hint_x=2))
            grid.add_widget(line)
        return grid

    def space_button(self, **kw: Any) -> Widget:
        b = BigButton(text=self.tr("codewords.space"), bg=theme.STONE, base_font=20, **kw)
        b.bind(on_release=lambda *_: self.press(" "))
        return b

    def actions(self, me: str, again: bool, portrait: bool) -> Widget:
        row = BoxLayout(size_hint_y=None, height=touch_height(), spacing=Scale.px(10))
        delete = BigButton(text=self.tr("codewords.delete"), bg=theme.STONE_DARK, base_font=20, size_hint_x=1)
        delete.bind(on_release=lambda *_: self.backspace())
        row.add_widget(delete)
        row.add_widget(self.space_button(size_hint_x=1.4) if portrait else self.display_panel(size_hint_x=2.6))
        if again:
            give_up = BigButton(text=self.tr("propose.give_up"), bg=theme.STONE_DARK, base_font=20, size_hint_x=1)
            give_up.bind(on_release=lambda *_: self.send({"cmd": "pass", "player": me}))
            row.add_widget(give_up)
        ok = BigButton(text=self.tr("codewords.ok"), bg=theme.GOLD, base_font=20, size_hint_x=1.2)
        ok.bind(on_release=lambda *_: self.submit(me))
        row.add_widget(ok)
        return row

    def press(self, ch: str) -> None:
        if len(self.typed) < MAX_TYPED:
            self.typed += ch.lower() if ch != "Œ" else "œ"
            self.display.text = masked(self.typed)

    def backspace(self) -> None:
        self.typed = self.typed[:-1]
        self.display.text = masked(self.typed)

    def submit(self, me: str) -> None:
        word = self.typed.strip()
        if word:
            send_proposal(self.app, {"cmd": "propose", "player": me, "word": word})


class VerdictScreen(FortPrivateScreen):
    """What the companion made of the typed word (✓ or ✗, in words too), and the table's overrule."""

    in_game = False
    verdict: dict = {}

    def body(self) -> Widget:
        verdict = self.verdict
        right = bool(verdict.get("correct"))
        overruled = right != bool(verdict.get("accepted"))
        box = BoxLayout(orientation="vertical", spacing=Scale.px(8), padding=Scale.px(8))
        title = self.title(self.tr("codewords.verdict_title", player=verdict.get("player", ""), word=verdict.get("word", "")),
                           base_font=36, colour=theme.GOLD, height=line_box(36, 4 if self.app.portrait else 2))
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
        self.outcome_label = FitLabel(text=self.outcome(verdict.get("player", ""), right), base_font=24,
                                      bold=True, color=theme.TEXT, size_hint_y=None,
                                      height=Scale.px(line_box(24, 3 if self.app.portrait else 2)))
        box.add_widget(self.outcome_label)
        row = BoxLayout(size_hint_y=None, height=touch_height() * 1.3, spacing=Scale.px(8))
        if not overruled and self.can_overrule():  # the secondary action: same size, quieter colour
            fix = BigButton(text=self.tr("codewords.overrule_wrong" if right else "codewords.overrule_right"),
                            bg=theme.STONE, base_font=22, bold=True, size_hint_x=0.5)
            fix.bind(on_release=lambda *_: self.overrule())
            row.add_widget(fix)
        go = BigButton(text=self.tr("common.continue"), bg=theme.GOLD, base_font=22, bold=True, size_hint_x=0.5)
        go.bind(on_release=lambda *_: self.app.show_phase())
        row.add_widget(go)
        box.add_widget(row)
        return box

    def outcome(self, player: str, right: bool) -> str:
        return verdict_outcome(self.tr, self.c.view, player, right)

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


def verdict_outcome(tr: Any, view: dict, player: str, right: bool) -> str:
    """What a verdict means for ``player``, from the game as it now stands (the rulebook: a wrong word
    costs nothing by itself; with 2 keys or more a new try costs 1, with 1 key there is no treasure)."""
    p = next((x for x in view["players"] if x["name"] == player), None)
    if p is None:
        return ""
    if right:
        return tr("verdict.treasure", player=player)
    if view["phase"] == "propose_again" and view["current"] == player:
        return tr("verdict.may_retry", player=player, after=p["keys"] - 1)
    return tr("verdict.out", player=player)
