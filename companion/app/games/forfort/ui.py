"""Forfort for the shared app: the object the registry's ``ui`` module exposes as ``UI``
(companion.app.game_ui.GameUI). Its screens (the play screen for every phase, the armies' marches at the
start of a turn; the podium is the shell's), its setup options and ``new`` command, each fort's standing
(score, dungeon, armies) and podium figures (team scores side by side), its commands in words for undo,
its help, its sounds and its scenarios. The podium is the shell's with Forfort's middle (teams side by side)
and its winner line; wall bricks rain in the ceremony."""

from __future__ import annotations

from typing import Any, Callable, Mapping, Sequence

from companion.app.game_ui import Figure
from companion.app.games.forfort import words

GAME = "forfort"
PHASE_SCREENS = {"setup": "forfort_play", "march": "forfort_play", "action": "forfort_play",
                 "end": "forfort_play", "over": "forfort_podium"}
CEREMONY_TOKEN = "brick"  # the podium's rain: wall bricks (companion.app.widgets.ceremony.TOKENS)


class ForfortUI:
    id = GAME
    timed_phases: tuple[str, ...] = ()
    ceremony_token = CEREMONY_TOKEN

    def screens(self) -> dict[str, type]:
        from companion.app.games.forfort.board import PlayScreen
        from companion.app.games.forfort.marches import MarchesScreen
        from companion.app.games.forfort.podium import ForfortPodium

        return {"forfort_play": PlayScreen, "forfort_marches": MarchesScreen, "forfort_podium": ForfortPodium}

    def phase_screen(self, app: Any, view: Mapping[str, Any]) -> str:
        return PHASE_SCREENS.get(view.get("phase"), "home")

    def route(self, app: Any) -> str | None:
        return None  # nothing of Forfort is private: no screen comes before the phase's

    # --- setup -------------------------------------------------------------------------------------

    def options_form(self, screen: Any) -> Any:
        from companion.app.games.forfort.options import OptionsForm

        return OptionsForm(screen)

    def new_command(self, controller: Any, players: Sequence[Any], options: Mapping[str, Any]) -> dict[str, Any]:
        from companion.app.games.forfort.options import DEFAULTS

        chosen = {k: options.get(k, v) for k, v in DEFAULTS.items()}
        return {
            "cmd": "new", "game": GAME, "players": [p.name for p in players],
            "teams": bool(chosen["teams"]) and len(players) == 4,
            "armies": chosen["armies"], "camps": chosen["camps"],
            "house_rules": {"march": chosen["march"], "no_action": chosen["no_action"], "lines": chosen["lines"]},
            "table": {"colours": {p.name.strip(): p.colour for p in players}},
        }

    def options_of(self, start: Mapping[str, Any] | None) -> dict[str, Any]:
        from companion.app.games.forfort.options import recorded_options

        return recorded_options(start)

    def before_play(self, app: Any, answer: Mapping[str, Any]) -> bool:
        return False  # no phones, no private screen: the first camp at once

    def controller_part(self, controller: Any) -> Any:
        return None  # the rules module counts everything: the controller needs no share of Forfort

    # --- figures -----------------------------------------------------------------------------------

    def standing(self, view: Mapping[str, Any], player: Mapping[str, Any]) -> list[Figure]:
        """The running score under the star of points, the shared sign of a score (a wall's battlements read
        as a count of walls: review of issue 25), the dungeon's count, the armies still in hand. Four figures
        do not fit a chip of four players at 28 px: the walls are read on the forts themselves."""
        return [Figure("star", str(player.get("score", 0)), "score"),
                Figure("dungeon", str(player.get("dungeon", 0)), "dungeon"),
                Figure("armies", str(player.get("armies_left", 0)), "armies")]

    def podium(self, view: Mapping[str, Any]) -> dict[str, tuple[int, Figure]]:
        """Each fort's score; with teams, each player stands with the team's total, so that teammates
        share a step side by side ('teams calculate their combined scores')."""
        teams = view.get("team_scores") or {}
        out = {}
        for p in view["players"]:
            score = teams.get(str(p.get("team")), p["score"]) if teams else p["score"]
            out[p["name"]] = (score, Figure("star", str(score), "score"))
        return out

    def score_words(self, tr: Callable[..., str], score: int) -> str:
        return tr("forfort.points", n=score)

    def figure_icon(self, name: str, colour: Any) -> Any:
        """The standing's figures as Forfort's drawn symbols (the shell's strip asks)."""
        from companion.app.games.forfort.strip import figure_icon

        return figure_icon(name, colour)

    def chip_note(self, tr: Any, view: Mapping[str, Any], player: Mapping[str, Any]) -> str:
        """With teams, a chip says its player's team beside the name."""
        return tr("forfort.team", team=player["team"]) if view.get("settings", {}).get("teams") else ""

    def winner_line(self, tr: Any, view: Mapping[str, Any]) -> str:
        """The podium's line: a fort completed (its builder named), the winning team, or the best score."""
        from companion.app.games.forfort.podium import winner_line

        return winner_line(tr, view)

    def describe(self, tr: Callable[..., str], cmd: Mapping[str, Any]) -> str:
        return words.describe(tr, cmd)

    def automatic(self, cmd: Mapping[str, Any]) -> bool:
        return False  # the armies march inside the answer that starts the turn: undo takes both back

    # --- the table's moments -------------------------------------------------------------------------

    def after_answer(self, app: Any, before: Mapping[str, Any], answer: Mapping[str, Any]) -> str | None:
        """A sound for what happened; the armies' marches that started a turn get a screen of their own."""
        from companion.app.games.forfort import sounds

        sounds.for_answer(app, answer)
        events = answer.get("events", ())
        if words.marched(events) and answer["state"].get("phase") != "over":
            screen = app.sm.get_screen("forfort_marches")
            screen.events, screen.before = list(events), before
            return "forfort_marches"
        return None

    def ring_event(self, app: Any, answer: Mapping[str, Any], colour_of: Callable[[str], Any]) -> bool:
        return False  # the ring rests (lighthouse sweep) between Forfort's turns

    def on_key(self, app: Any, codepoint: str | None) -> bool:
        """Enter ends the turn when it is the one main action; nothing else has a key."""
        v = app.controller.view
        if codepoint in ("\r", "\n") and app.sm.current == "forfort_play" and v.get("expects") in (
                ["end_turn"], ["drawbridge", "end_turn"]):
            app.send({"cmd": "end_turn"})
            return True
        return False

    # --- the shared screens' Forfort parts ------------------------------------------------------------

    def bar_info(self, screen: Any) -> tuple[str, str | None]:
        v = screen.c.view
        # the starting camps are placed in round 1's name too: every screen's corner says "Round n"
        return screen.tr("forfort.round", round=v.get("round") or 1), None

    def bar_extra(self, screen: Any) -> Any:
        return None

    def help(self, screen: Any, topic: str | None) -> Any:
        from companion.app.games.forfort.help import RuleHelp

        return RuleHelp(screen, topic)

    def phone_command(self, app: Any, command: dict) -> dict:
        return {"ok": False, "error": {"code": "no_phones", "message": "Forfort takes no command from a phone."}}

    def scenarios(self) -> dict[str, Callable[[Any], str]]:
        from companion.app.games.forfort.scenarios import SCENARIOS

        return SCENARIOS


UI = ForfortUI()
