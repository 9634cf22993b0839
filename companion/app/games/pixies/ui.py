"""Pixies for the shared app (companion.app.game_ui.GameUI): the score pad or the draft, the round's
breakdown between rounds, the shell's podium at the end."""

from __future__ import annotations

from typing import Any, Callable, Mapping, Sequence

from companion.app.game_ui import Figure

GAME = "pixies"
PHASE_SCREENS = {"grids": "pixies_pad", "reveal": "pixies_draft", "pick": "pixies_draft", "over": "podium"}


class PixiesUI:
    id = GAME
    timed_phases: tuple[str, ...] = ()
    ceremony_token = "card"  # the podium's rain of spiral cards (companion/app/widgets/ceremony.py)
    ceremony_art = "pixies-glade"  # under it the game's own meadow at night, not the spotlit stage
    # A real podium: the first step clearly the highest and in gold (the blind review read 1.0/0.75/0.55 as level).
    podium_heights = {1: 1.15, 2: 0.62, 3: 0.38}  # of the shell's step: the first the tallest by far
    podium_gold = True
    portrait_compact_columns = 3  # a draft chip holds the total and this round's score: three chips a row at most

    def screens(self) -> dict[str, type]:
        from companion.app.games.pixies.draft import DraftScreen
        from companion.app.games.pixies.pad import PadScreen
        from companion.app.games.pixies.round import RoundScreen

        return {"pixies_pad": PadScreen, "pixies_draft": DraftScreen, "pixies_round": RoundScreen}

    def backdrop_art(self, view: Mapping[str, Any]) -> str:
        """The meadow at night (backdrops.py) behind every Pixies screen, setup included."""
        return "pixies-glade"

    def phase_screen(self, app: Any, view: Mapping[str, Any]) -> str:
        return PHASE_SCREENS.get(view.get("phase"), "home")

    def route(self, app: Any) -> str | None:
        return None

    def options_form(self, screen: Any) -> Any:
        from companion.app.games.pixies.options import OptionsForm

        return OptionsForm(screen)

    def new_command(self, controller: Any, players: Sequence[Any], options: Mapping[str, Any]) -> dict[str, Any]:
        return {"cmd": "new", "game": GAME, "players": [p.name for p in players],
                "mode": options.get("mode", "pad"),
                "house_rules": {"multicolour": options.get("multicolour", "all")},
                "table": {"colours": {p.name.strip(): p.colour for p in players}}}

    def options_of(self, start: Mapping[str, Any] | None) -> dict[str, Any]:
        from companion.app.games.pixies.options import recorded_options

        return recorded_options(start)

    def before_play(self, app: Any, answer: Mapping[str, Any]) -> bool:
        return False

    def controller_part(self, controller: Any) -> Any:
        return None

    # --- figures -------------------------------------------------------------------------------------

    def standing(self, view: Mapping[str, Any], player: Mapping[str, Any]) -> list[Figure]:
        """The total over the rounds scored ("Total 37"); this round's grid as it scores now (draft:
        "Manche +12"), in words where the chip has room (else "+12" beside the total). Not a star: ★ is a kind of card in Pixies, so points
        drawn as stars would read as star cards (the narrowest chips fall back on the points' own mark)."""
        figures = [Figure("points", str(player.get("total", 0)), "total", words="pixies.chip.total")]
        if view.get("mode") == "draft" and view.get("phase") != "over":
            now = (player.get("score") or {}).get("total", 0)
            # No mark of its own where room is short: "Total 0  +5" reads as what this round adds.
            figures.append(Figure("", f"+{now}" if now >= 0 else str(now), "round", words="pixies.chip.round"))
        return figures

    def figure_icon(self, name: str, colour: Any) -> Any:
        """The points' mark where a chip has no room for words: Σ in the chip's ink, never a ★."""
        from companion.app.games.pixies.tabs import points_mark

        return points_mark(colour)

    def podium(self, view: Mapping[str, Any]) -> dict[str, tuple[int, Figure]]:
        return {p["name"]: (p["total"], Figure("star", str(p["total"]), "points")) for p in view["players"]}

    def winner_line(self, tr: Any, view: Mapping[str, Any]) -> str:
        """The podium's line in the game's own vocabulary: the points that won ("Zoé gagne avec 45 points !"),
        a tie's shared points; the shell's plain line where nobody won."""
        from companion.app.screens.podium import names_list, plain_winner_line

        winners = list(view.get("winners") or ())
        totals = {p["name"]: p["total"] for p in view.get("players", [])}
        if not winners or winners[0] not in totals:
            return plain_winner_line(tr, view, tr.language)
        points = tr("pixies.points", n=totals[winners[0]])
        if len(winners) == 1:
            return tr("pixies.win.one", player=winners[0], points=points)
        return tr("pixies.win.tie", players=names_list(winners, tr.language), points=points)

    def score_words(self, tr: Callable[..., str], score: int) -> str:
        return tr("pixies.points", n=score)

    def describe(self, tr: Callable[..., str], cmd: Mapping[str, Any]) -> str:
        name = cmd.get("cmd")
        if name == "grid":
            return tr("pixies.undo.grid", player=cmd.get("player", ""))
        if name == "reveal":
            return tr("pixies.undo.reveal")
        if name == "pick":
            return tr("pixies.undo.pick", player=cmd.get("player", ""), card=cmd.get("card", ""))
        if name == "new":
            return tr("undo.new")
        return str(name or "?")

    def automatic(self, cmd: Mapping[str, Any]) -> bool:
        return False

    # --- the table's moments ----------------------------------------------------------------------------

    def after_answer(self, app: Any, before: Mapping[str, Any], answer: Mapping[str, Any]) -> str | None:
        """A sound for what happened (a card taken, a grid in, the round's end); a round scored: its
        breakdown before the next round (or the podium)."""
        from companion.app.games.pixies import sounds

        sounds.for_answer(app, answer)
        ended = [e for e in answer["events"] if e["type"] == "pixies.round_ended"]
        if ended:
            app.ensure_game(GAME)
            app.sm.get_screen("pixies_round").round_no = ended[-1]["round"]
            app.sm.get_screen("pixies_round").who = None
            return "pixies_round"
        return None

    def ring_event(self, app: Any, answer: Mapping[str, Any], colour_of: Callable[[str], Any]) -> bool:
        return False

    def on_key(self, app: Any, codepoint: str | None) -> bool:
        return False

    def bar_info(self, screen: Any) -> tuple[str, str | None]:
        v = screen.c.view
        if not v.get("round"):
            return "Pixies", None
        mode = screen.tr(f"pixies.mode.{v.get('mode', 'pad')}")
        shown = v["round"]
        if getattr(screen, "name", None) == "pixies_round":  # the round being scored, until "Continue"
            from companion.app.games.pixies.round import last_scored

            shown = getattr(screen, "round_no", None) or last_scored(v) or shown
        return screen.tr("common.round", round=shown) + f" / {v.get('rounds', 3)} · " + mode, None

    def bar_extra(self, screen: Any) -> Any:
        return None

    def help(self, screen: Any, topic: str | None) -> Any:
        from companion.app.games.pixies.help import RuleHelp

        return RuleHelp(screen, topic)

    def phone_command(self, app: Any, command: dict) -> dict:
        return {"ok": False, "error": {"code": "bad_command", "message": "Pixies takes no phone commands"}}

    def scenarios(self) -> dict[str, Callable[[Any], str]]:
        from companion.app.games.pixies.scenarios import SCENARIOS

        return SCENARIOS


UI = PixiesUI()
