"""Knightmare for the shared app: the object the registry's ``ui`` module exposes as ``UI``
(companion.app.game_ui.GameUI). The rules decide (companion/games/knightmare/); these screens show the
state and send exactly the headless commands (docs/headless.md#knightmare)."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from companion.app.game_ui import Figure

GAME = "knightmare"

PHASE_SCREENS = {
    "turn": "km_turn",
    "escape": "km_turn",
    "card": "km_card",
    "fight": "km_fight",
    "reward": "km_verdict",
    "question": "km_chamber",
    "continue": "km_chamber",
    "over": "podium",  # the shell's ceremony
}
OBJECTS = ("book", "wand", "ring", "crown")
PLACE_ICONS = {"labyrinth": "door", "dungeon": "prison", "chamber": "enigme", "throne": "km_crown"}
OBJECT_ICONS = {o: f"km_{o}" for o in OBJECTS}


PHASE_BACKDROPS = {"escape": "km-dungeon", "question": "km-chamber", "continue": "km-chamber"}


def backdrop_name(view: Mapping[str, Any]) -> str:
    """The Dungeon for an escape, the Chamber of Merlin for its questions, the labyrinth's corridors for
    the rest of play (a move, a card, a fight, the spells)."""
    return PHASE_BACKDROPS.get(view.get("phase"), "km-labyrinth")


class KnightmareUI:
    id = GAME
    timed_phases: tuple[str, ...] = ()  # the answer time is a house rule: the chamber starts the ring itself
    ceremony_token = "helmet"  # the podium's rain: knights' helmets (companion.app.widgets.ceremony.TOKENS)
    portrait_compact_columns = 3  # helmets and an object beside the initials: three chips a row at most

    def screens(self) -> dict[str, type]:
        from companion.app.games.knightmare.chamber import ChamberScreen
        from companion.app.games.knightmare.fight import FightScreen, VerdictScreen
        from companion.app.games.knightmare.labyrinth import CardScreen, TurnScreen
        from companion.app.games.knightmare.spells import SpellsScreen

        return {"km_turn": TurnScreen, "km_card": CardScreen, "km_fight": FightScreen,
                "km_verdict": VerdictScreen, "km_chamber": ChamberScreen, "km_spells": SpellsScreen}

    def backdrop_art(self, view: Mapping[str, Any]) -> str:
        return backdrop_name(view)

    def phase_screen(self, app: Any, view: Mapping[str, Any]) -> str:
        return PHASE_SCREENS.get(view.get("phase"), "home")

    def route(self, app: Any) -> str | None:
        return None

    # --- setup -------------------------------------------------------------------------------------

    def options_form(self, screen: Any) -> Any:
        from companion.app.games.knightmare.options import OptionsForm

        return OptionsForm(screen)

    def new_command(self, controller: Any, players: Sequence[Any], options: Mapping[str, Any]) -> dict[str, Any]:
        from companion.app.games.knightmare.options import new_fields

        names = [p.name for p in players]
        return {"cmd": "new", "game": GAME, "players": names, "language": controller.tr.language,
                **new_fields(options, [n.strip() for n in names]),
                "table": {"colours": {p.name.strip(): p.colour for p in players},
                          "answer_seconds": int(options.get("answer_seconds") or 0)}}

    def options_of(self, start: Mapping[str, Any] | None) -> dict[str, Any]:
        from companion.app.games.knightmare.options import recorded_options

        return recorded_options(start)

    def before_play(self, app: Any, answer: Mapping[str, Any]) -> bool:
        return False

    def controller_part(self, controller: Any) -> Any:
        return None

    # --- figures -----------------------------------------------------------------------------------

    def standing(self, view: Mapping[str, Any], player: Mapping[str, Any]) -> list[Figure]:
        """Helmets in hand; in the labyrinth the object held (faint: none) and where the knight is; in the
        Chamber their bridge instead (the object has done its work)."""
        figures = [Figure("km_helmet", str(player.get("helmets", 0)), "helmets")]
        place = player.get("place", "labyrinth")
        if place in ("chamber", "throne"):
            # stones, not the "?" of a question: beside the screen's "?" of the rules it read as a second help
            figures.append(Figure("wall", f"{player.get('bridge', 0)}/{view.get('bridge_length', 5)}", "bridge"))
            return figures
        obj = player.get("object")
        figures.append(Figure(OBJECT_ICONS.get(obj, "km_book"), "", obj or "object", faded=not obj))
        figures.append(Figure(PLACE_ICONS.get(place, "door"), "", place))
        return figures

    def podium(self, view: Mapping[str, Any]) -> dict[str, tuple[int, Figure]]:
        """The Throne first, then the longer bridge, then the more helmets in hand (the reading of
        companion/games/knightmare/ranking.py): the shell ranks by the one number that orders them."""
        from companion.games.knightmare.ranking import scores

        numbers = scores(view["players"], view.get("winners") or ())
        return {p["name"]: (numbers[p["name"]], Figure("km_helmet", str(p["bridge"]), "bridge"))
                for p in view["players"]}

    def score_words(self, tr: Callable[..., str], score: int) -> str:
        """The podium's words for a knight: "On the Throne", their bridge, and the helmets in hand where
        they decide the place."""
        from companion.games.knightmare.ranking import read_score

        throne, bridge, hand = read_score(score)
        if throne:
            return tr("knightmare.podium.throne")
        if hand is None:
            return tr("knightmare.podium.bridge", n=bridge)
        return tr("knightmare.podium.hand", n=bridge, hand=hand)

    def winner_line(self, tr: Any, view: Mapping[str, Any]) -> str:
        """The podium's line in the castle's words: the knight who reached Merlin's Throne (the shell's own
        line for anything else: a game ended with no knight on the Throne)."""
        from companion.app.screens.podium import plain_winner_line

        winners = list(view.get("winners") or ())
        if len(winners) == 1:
            return tr("knightmare.podium.winner", player=winners[0])
        return plain_winner_line(tr, view, tr.language)

    def describe(self, tr: Callable[..., str], cmd: Mapping[str, Any]) -> str:
        name = cmd.get("cmd")
        if name == "card" and cmd.get("kind") in ("challenge", "spell", "present", "trap", "imprisonment", "other"):
            return tr("knightmare.card." + cmd["kind"])
        if name == "answer":
            return tr("knightmare.undo.right" if cmd.get("correct") else "knightmare.undo.wrong")
        if name in ("move", "blocked", "fight", "reward", "dungeon", "escape", "chamber", "stop", "abandon",
                    "cast", "adjust", "end_turn", "question", "new"):
            return tr("knightmare.undo." + name)
        return str(name or "?")

    def automatic(self, cmd: Mapping[str, Any]) -> bool:
        return False  # the questions ride on the command that asks them: nothing is sent by itself

    # --- the table's moments -------------------------------------------------------------------------

    def after_answer(self, app: Any, before: Mapping[str, Any], answer: Mapping[str, Any]) -> str | None:
        """A fight's verdict is shown before the next turn (a won fight's screen is its reward's)."""
        from companion.app.games.knightmare import motion
        from companion.app.games.knightmare.spells import SCREEN, stays

        motion.follow(app, answer)
        if stays(app, answer):
            return SCREEN  # a spell cast or a figure set: the table may set the next one
        types = [e["type"] for e in answer["events"]]
        if "knightmare.fought" in types and "knightmare.game_over" not in types:
            return "km_verdict"
        return None

    def ring_event(self, app: Any, answer: Mapping[str, Any], colour_of: Callable[[str], Any]) -> bool:
        types = {e["type"]: e for e in answer["events"]}
        won = types.get("knightmare.fought")
        if won is not None and won.get("outcome") == "won":
            app.ring.winner(colour_of(won["player"]))
            return True
        return False

    def on_key(self, app: Any, codepoint: str | None) -> bool:
        return False

    def bar_info(self, screen: Any) -> tuple[str, str | None]:
        """The castle's helmets, beside the game's name."""
        v = screen.c.view
        if v.get("castle_helmets") is None:
            return screen.tr("knightmare.name"), None
        return screen.tr("knightmare.bar", n=v["castle_helmets"]), "km_helmet"

    def bar_extra(self, screen: Any) -> Any:
        from companion.app.games.knightmare.spells import spells_entry

        return spells_entry(screen)  # spells cast and figures set, from every play screen

    def help(self, screen: Any, topic: str | None) -> Any:
        from companion.app.games.knightmare.help import RuleHelp

        return RuleHelp(screen, topic)

    def phone_command(self, app: Any, command: dict) -> dict:
        return {"ok": False, "error": {"code": "not_supported", "message": "Knightmare has no phone commands."}}

    def scenarios(self) -> dict[str, Callable[[Any], str]]:
        from companion.app.games.knightmare.scenarios import SCENARIOS

        return SCENARIOS


UI = KnightmareUI()
