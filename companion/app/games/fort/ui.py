"""Fort for the shared app: the object the registry's ``ui`` module exposes as ``UI``
(companion.app.game_ui.GameUI). Its screens (the leader's turn for every step, the scoring wizard; the
podium is the shell's, with pizza tokens and Fort's winner line), its setup options and ``new`` command, each player's standing
(points and fort level, the macaroni sculpture) and podium figures, its commands in words for undo, the
icon glossary as its help, its sounds and scenarios."""

from __future__ import annotations

from typing import Any, Callable, Mapping, Sequence

from companion.app.game_ui import Figure

GAME = "fort"
PHASE_SCREENS = {"play": "fort_turn", "follow": "fort_turn", "recruit": "fort_turn", "end": "fort_turn",
                 "final": "fort_final", "over": "podium"}
CEREMONY_TOKEN = "pizza"  # the podium's rain (companion.app.widgets.ceremony.TOKENS)


def total(view: Mapping[str, Any], p: Mapping[str, Any]) -> int:
    """A player's score at the end: the victory track, their made-up rules, the macaroni sculpture."""
    macaroni = view.get("settings", {}).get("macaroni_points", 0) if p.get("macaroni") else 0
    return p["points"] + sum((p.get("final") or {}).values()) + macaroni


class FortUI:
    id = GAME
    timed_phases: tuple[str, ...] = ()
    ceremony_token = CEREMONY_TOKEN

    def screens(self) -> dict[str, type]:
        from companion.app.games.fort.final import FinalScreen
        from companion.app.games.fort.turn import TurnScreen

        return {"fort_turn": TurnScreen, "fort_final": FinalScreen}

    def backdrop_art(self, view: Mapping[str, Any]) -> str:
        """The backyard at dusk (the treehouse, the fence, the toys) behind every Fort screen, setup included."""
        return "fort-backyard"

    def phase_screen(self, app: Any, view: Mapping[str, Any]) -> str:
        return PHASE_SCREENS.get(view.get("phase"), "home")

    def route(self, app: Any) -> str | None:
        return None  # the made-up rules are revealed by a hold on the player's own sheet, no screen first

    # --- setup -------------------------------------------------------------------------------------

    def options_form(self, screen: Any) -> Any:
        from companion.app.games.fort.options import OptionsForm

        return OptionsForm(screen)

    def new_command(self, controller: Any, players: Sequence[Any], options: Mapping[str, Any]) -> dict[str, Any]:
        from companion.app.games.fort.options import DEFAULTS

        chosen = {k: options.get(k, v) for k, v in DEFAULTS.items()}
        return {"cmd": "new", "game": GAME, "players": [p.name for p in players], "park_deck": chosen["park_deck"],
                "house_rules": {k: chosen[k] for k in ("macaroni_points", "level_points", "tie_break")}}

    def options_of(self, start: Mapping[str, Any] | None) -> dict[str, Any]:
        from companion.app.games.fort.options import recorded_options

        return recorded_options(start)

    def before_play(self, app: Any, answer: Mapping[str, Any]) -> bool:
        return False

    def controller_part(self, controller: Any) -> Any:
        return None  # the rules module keeps everything

    # --- figures -----------------------------------------------------------------------------------

    def standing(self, view: Mapping[str, Any], player: Mapping[str, Any]) -> list[Figure]:
        figures = [Figure("star", str(player.get("points", 0)), "points"),
                   Figure("level", str(player.get("level", 0)), "level")]
        if player.get("macaroni"):
            figures.append(Figure("macaroni", "", "macaroni"))
        if view.get("last_round") and player.get("name") in view.get("still_to_lead", ()):
            figures.append(Figure("lead", "", "still to lead"))  # the last round: who still leads
        return figures

    def winner_line(self, tr: Any, view: Mapping[str, Any]) -> str:
        """The podium's line in Fort's words: who built the best fort (the shell's ceremony, pizza falling)."""
        from companion.app.screens.podium import names_list, plain_winner_line

        names = list(view.get("winners") or ())
        if not names:
            return plain_winner_line(tr, view, tr.language)
        return tr("fort.podium.winner" if len(names) == 1 else "fort.podium.tie",
                  players=names_list(names, tr.language))

    def figure_icon(self, name: str, colour: Any) -> Any:
        """The standing's figures as Fort's drawn glyphs (the shell's strip asks)."""
        from companion.app.games.fort.strip import figure_icon

        return figure_icon(name, colour)

    def podium(self, view: Mapping[str, Any]) -> dict[str, tuple[int, Figure]]:
        out = {}
        for p in view["players"]:
            score = total(view, p)
            out[p["name"]] = (score, Figure("star", str(score), "points"))
        return out

    def podium_detail(self, tr: Callable[..., str], view: Mapping[str, Any], name: str) -> str:
        """What a player's made-up rules added to their total, and the macaroni sculpture where it scored
        (the rest is the victory track: the rules' name in full leaves no room for it on the steps)."""
        p = next((q for q in view.get("players", ()) if q["name"] == name), None)
        if p is None:
            return ""
        macaroni = total(view, p) - p["points"] - sum((p.get("final") or {}).values())
        parts = [tr("fort.podium.rules", n=sum((p.get("final") or {}).values()))]
        if macaroni:
            parts.append(tr("fort.podium.macaroni", n=macaroni))
        return " · ".join(parts)

    def score_words(self, tr: Callable[..., str], score: int) -> str:
        return tr("fort.points", n=score)

    def describe(self, tr: Callable[..., str], cmd: Mapping[str, Any]) -> str:
        name = cmd.get("cmd")
        p = cmd.get("player", "")
        if name == "play":
            suit = cmd.get("suit")
            if suit and cmd.get("declared"):  # a coin card: the suit its leader declared
                return tr("fort.undo.play.wild", suit=tr("fort.suit." + str(cmd["declared"])))
            return tr("fort.undo.play", suit=tr("fort.suit." + suit)) if suit else tr("fort.play.none")
        if name == "follow":
            return tr("fort.follow.did." + ("yes" if cmd.get("follows") else "no"), player=p)
        if name == "recruit":
            return tr("fort.recruit." + str(cmd.get("from")))
        if name == "points":
            return tr("fort.undo.points", player=p, points=f"{cmd.get('points', 0):+d}")
        if name == "level":
            return tr("fort.undo.level", player=p, level=cmd.get("level", 0))
        if name in ("rule", "perk"):
            return tr("fort.undo." + name, player=p)
        if name == "end_turn":
            return tr("fort.step.end")
        if name == "final":
            return tr("fort.undo.final", player=p)
        if name == "new":
            return tr("undo.new")
        return name or "?"

    def automatic(self, cmd: Mapping[str, Any]) -> bool:
        return False

    # --- the table's moments -------------------------------------------------------------------------

    def after_answer(self, app: Any, before: Mapping[str, Any], answer: Mapping[str, Any]) -> str | None:
        from companion.app.games.fort import sounds

        sounds.for_answer(app, answer)
        return None

    def ring_event(self, app: Any, answer: Mapping[str, Any], colour_of: Callable[[str], Any]) -> bool:
        return False

    def on_key(self, app: Any, codepoint: str | None) -> bool:
        """Enter ends the turn at the discard and draw; nothing else has a key."""
        if codepoint in ("\r", "\n") and app.sm.current == "fort_turn" and app.controller.view.get("step") == "end" \
                and not app.controller.view.get("asks"):
            app.send({"cmd": "end_turn"})
            return True
        return False

    def on_buzzer(self, app: Any, seat: int, at: float, pressed: bool) -> None:
        """The follow window answered by the buzzers: a press follows, a long press passes (buzzers.py)."""
        from companion.app.games.fort.buzzers import answer_for

        answer_for(app).change(seat, at, pressed)

    # --- the shared screens' Fort parts --------------------------------------------------------------

    def bar_info(self, screen: Any) -> tuple[str, str | None]:
        v = screen.c.view
        if not v.get("game"):
            return screen.tr("fort.title"), None
        if v.get("step") in ("final", "over"):  # the last round is played: the counting now
            return screen.tr("fort.bar.final"), None
        if v.get("last_round"):
            return screen.tr("fort.bar.last", trigger=screen.tr("fort.trigger." + (v.get("trigger") or "points"),
                                                                 player=v.get("trigger_by") or "")), None
        return screen.tr("fort.bar", cards=v.get("park_deck", 0)), None

    def bar_extra(self, screen: Any) -> Any:
        return None

    def help(self, screen: Any, topic: str | None) -> Any:
        from companion.app.games.fort.help import Glossary

        return Glossary(screen, topic)

    def phone_command(self, app: Any, command: dict) -> dict:
        return {"ok": False, "error": {"code": "no_phones", "message": "Fort takes no command from a phone."}}

    def scenarios(self) -> dict[str, Callable[[Any], str]]:
        from companion.app.games.fort.scenarios import SCENARIOS

        return SCENARIOS


UI = FortUI()
