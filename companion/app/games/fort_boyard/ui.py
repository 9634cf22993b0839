"""Fort Boyard for the shared app: the object the registry's ``ui`` module exposes as ``UI``
(companion.app.game_ui.GameUI). Its screens, the screen of each phase, the options of its setup, its
``new`` command, each player's standing and podium figures, its commands in words for undo, its help,
its keyboard shortcuts and what the ring shows after an answer."""

from __future__ import annotations

from typing import Any, Callable, Mapping, Sequence

from companion.app.game_ui import Figure
from companion.app.games.fort_boyard.history import HISTORY
from companion.app.games.fort_boyard.settings import SETTINGS

GAME = "fort-boyard"

PHASE_SCREENS = {
    "land": "turn",
    "passe_partout": "turn",
    "challenge": "challenge",
    "duel_stake": "duel",
    "duel_opponent": "duel",
    "duel_result": "duel",
    "enigme_stake": "enigme",
    "enigme": "enigme",
    "sea": "enigme",
    "dive": "dive",
    "propose": "proposal",
    "propose_again": "proposal",
    "draw": "treasure",
    "over": "podium",  # the shell's ceremony
}
TIMED_PHASES = ("challenge", "duel_result", "enigme")
#: A player's status as the standing's first figure (its icon; the word ``badge.STATUS`` where it fits).
BADGES = {"prison": "prison", "diving": "dive", "eliminated": "failure", "treasure": "boyard"}
SPACES = ("door", "concentration", "force", "duel", "enigme", "prison", "passe_partout")


def new_game(controller: Any, players: Sequence[Any], first: str | None, card_text: str,
             decks: Mapping[str, str], seed: int | None = None, level: str = "mixed",
             code_words: str = "cards", levels: Mapping[str, str] | None = None) -> dict[str, Any]:
    """A Fort Boyard game from its options spelled out (tests and scenarios; the setup screen goes
    through its options form)."""
    options: dict[str, Any] = {"card_text": card_text, "decks": dict(decks), "level": level}
    if code_words == "companion":
        options.update(code_words="companion", levels=dict(levels or {}))
    return controller.start_game(GAME, players, options, first=first, seed=seed)


class FortBoyardUI:
    id = GAME
    timed_phases = TIMED_PHASES
    history_look = HISTORY  # its keys, riddles and duels on the leaderboard; its treasure in Boyards
    settings = SETTINGS  # its hourglass and house rules, under its name in the settings

    def screens(self) -> dict[str, type]:
        from companion.app.games.fort_boyard import codewords
        from companion.app.games.fort_boyard.endgame import MomentScreen, ProposalScreen, TreasureScreen
        from companion.app.games.fort_boyard.keyboard import KeyboardScreen, VerdictScreen
        from companion.app.games.fort_boyard.phones import PhonesScreen
        from companion.app.games.fort_boyard.duel import DuelScreen
        from companion.app.games.fort_boyard.outcome import DuelOutcomeScreen
        from companion.app.games.fort_boyard.riddle import EnigmeScreen
        from companion.app.games.fort_boyard.turn import ChallengeScreen, DiveScreen, TurnScreen

        return {
            "turn": TurnScreen, "challenge": ChallengeScreen, "duel": DuelScreen, "enigme": EnigmeScreen,
            "dive": DiveScreen, "moment": MomentScreen, "duel_outcome": DuelOutcomeScreen, "proposal": ProposalScreen,
            "treasure": TreasureScreen,
            # issue 17: private clues, the typed proposal and its verdict, the phones' QR codes
            "reveal": codewords.RevealScreen, "my_clues": codewords.MyCluesScreen,
            "keyboard": KeyboardScreen, "verdict": VerdictScreen, "phones": PhonesScreen,
        }

    def phase_screen(self, app: Any, view: Mapping[str, Any]) -> str:
        return PHASE_SCREENS.get(view.get("phase"), "home")

    def route(self, app: Any) -> str | None:
        from companion.app.games.fort_boyard import codewords

        return codewords.route(app)  # a clue waiting for its private reveal, the typed proposal

    # --- setup -------------------------------------------------------------------------------------

    def options_form(self, screen: Any) -> Any:
        from companion.app.games.fort_boyard.options import OptionsForm

        return OptionsForm(screen)

    def new_command(self, controller: Any, players: Sequence[Any], options: Mapping[str, Any]) -> dict[str, Any]:
        from companion.app.games.fort_boyard.cards import DECK_KINDS

        language = controller.tr.language
        cmd: dict[str, Any] = {
            "cmd": "new",
            "game": GAME,
            "players": [p.name for p in players],
            "house_rules": controller.settings.house_rules(),
            "table": {
                "colours": {p.name.strip(): p.colour for p in players},
                "card_text": options.get("card_text", "red"),
                "decks": dict(options.get("decks") or {d: "physical" for d in DECK_KINDS}),
                "level": options.get("level", "mixed"),
                "language": language,
            },
        }
        if options.get("code_words") == "companion":  # the companion deals the code words at Round 2
            cmd.update({"code_words": "companion", "levels": dict(options.get("levels") or {}), "language": language})
        return cmd

    def options_of(self, start: Mapping[str, Any] | None) -> dict[str, Any]:
        from companion.app.games.fort_boyard.options import recorded_options

        return recorded_options(start)

    def before_play(self, app: Any, answer: Mapping[str, Any]) -> bool:
        from companion.app.games.fort_boyard.phones import phones_before_game

        return phones_before_game(app, answer)  # each player's QR code first, with the phones on

    def controller_part(self, controller: Any) -> Any:
        from companion.app.games.fort_boyard.cards import FortBoyardTable

        return FortBoyardTable(controller)

    # --- figures -----------------------------------------------------------------------------------

    def standing(self, view: Mapping[str, Any], player: Mapping[str, Any]) -> list[Figure]:
        """A status first (prison, diving, eliminated, in the Treasure Room: its icon, or its word where the
        chip has room; not the Treasure Room's while the treasure is counted); the keys, a count beside one
        key (empty slots read as keys owned); the clues as "1/4" in Round 2; the Boyards once counted."""
        status, round_ = player.get("status"), view.get("round") or 1
        figures = []
        counting = view.get("phase") in ("draw", "over")
        if status in BADGES and not (counting and status == "treasure"):
            # while the treasure is counted everyone left is in the room: a lone coin said nothing (the review)
            figures.append(Figure(BADGES[status], "", status, words="badge." + status))
        keys = str(player.get("keys", 0))
        if status == "out":  # in words, not a cross (the setup's "×" deletes)
            figures.append(Figure("key", keys, "keys", words="badge.out"))
        else:
            # the count beside one key, never empty slots: faint keys read as keys owned (the review)
            figures.append(Figure("key", keys, "keys"))
        if round_ == 2:
            figures.append(Figure("clue", f"{player.get('clues', 0)}/4", "clues"))  # "1/4", no faint slots
        if counting or player.get("boyards"):
            figures.append(Figure("boyard", str(player.get("boyards", 0)), "boyards"))
        return figures

    def podium(self, view: Mapping[str, Any]) -> dict[str, tuple[int, Figure]]:
        return {p["name"]: (p["boyards"], Figure("boyard", str(p["boyards"]), "boyards")) for p in view["players"]}

    def score_words(self, tr: Callable[..., str], score: int) -> str:
        return tr("common.boyards", n=score)

    ceremony_token = "coin"  # the podium's rain: Boyard coins in the treasure room

    def winner_line(self, tr: Any, view: Mapping[str, Any]) -> str:
        """The podium's line in the show's words: who takes the treasure, or the Fort keeps it (``tr`` the
        table's translator, with its ``language``)."""
        from companion.app.screens.podium import names_list

        winners = list(view.get("winners") or ())
        if not winners:
            return tr("treasure.nobody")
        if len(winners) == 1:
            return tr("treasure.winner", players=winners[0])
        return tr("treasure.tie", n=len(winners), players=names_list(winners, tr.language))

    def describe(self, tr: Callable[..., str], cmd: Mapping[str, Any]) -> str:
        name = cmd.get("cmd")
        if name == "land":
            return tr("space." + cmd.get("space", "door")) if cmd.get("space") in SPACES else str(cmd.get("space"))
        if name == "stake":
            return tr("undo.stake", stake=tr("common." + cmd["stake"]))
        if name == "opponent":
            return tr("undo.opponent", player=cmd["player"])
        if name == "result":
            if "winner" in cmd:
                return tr("undo.result_winner", player=cmd["winner"])
            return tr("undo.result_success" if cmd.get("success") else "undo.result_failure")
        if name == "sea":
            return tr("sea.dive" if cmd.get("choice") == "dive" else "sea.abandon")
        if name in ("propose", "pass", "draw"):
            return tr("undo." + name, player=cmd.get("player", ""))
        if name in ("dive", "card", "new"):
            return tr("undo." + name)
        return name or "?"

    def automatic(self, cmd: Mapping[str, Any]) -> bool:
        return cmd.get("cmd") == "card"  # the companion's own card goes and comes back with its cause

    # --- the table's moments -------------------------------------------------------------------------

    def after_answer(self, app: Any, before: Mapping[str, Any], answer: Mapping[str, Any]) -> str | None:
        """After an accepted command: clues to reveal in private; a round's end is a moment of its own."""
        from companion.app.games.fort_boyard import codewords

        codewords.queue_reveals(app, answer)  # issue 17
        types = [e["type"] for e in answer["events"]]
        if "round_ended" in types and "game_over" not in types:
            app.sm.get_screen("moment").events = answer["events"]
            return "moment"
        if "duel_result" in types and "game_over" not in types:
            app.sm.get_screen("duel_outcome").events = answer["events"]
            return "duel_outcome"  # who won, what, and who plays next, before the next turn (issue 28)
        return None

    def ring_event(self, app: Any, answer: Mapping[str, Any], colour_of: Callable[[str], Any]) -> bool:
        """The duel winner's colour, a key won: True when the ring shows one."""
        types = {e["type"]: e for e in answer["events"]}
        if "duel_result" in types:
            app.ring.winner(colour_of(types["duel_result"]["winner"]))
            return True
        if "key_won" in types:
            app.ring.key_won()
            return True
        return False

    def on_key(self, app: Any, codepoint: str | None) -> bool:
        """A space's letter on the turn screen lands there; 1–6 on a duel's result names the winner."""
        from companion.app.theme import SPACE_KEYS

        v = app.controller.view
        if app.sm.current == "turn" and codepoint:
            for space, letter in SPACE_KEYS.items():
                if codepoint == letter and not (v["phase"] == "passe_partout" and space == "passe_partout"):
                    app.send({"cmd": "land", "space": space})
                    return True
        if codepoint and codepoint in "123456" and v["phase"] == "duel_result":
            i = int(codepoint) - 1
            if i < len(v["players"]) and v["players"][i]["name"] in (v["current"], v["opponent"]):
                app.send({"cmd": "result", "winner": v["players"][i]["name"]})
                return True
        return False

    # --- the shared screens' Fort Boyard parts --------------------------------------------------------

    def bar_info(self, screen: Any) -> tuple[str, str | None]:
        """The top bar's words: the round and the keys left in stock, beside a key."""
        v = screen.c.view
        if not v.get("round"):
            from companion.engine.registry import game_entry

            names = game_entry(GAME).name
            return names.get(screen.c.tr.language) or names["fr"], None
        if v["round"] == 3:  # the keys left in stock no longer matter: the round's name instead (the review)
            return screen.tr("fort_boyard.top.round3"), "boyard"  # short: the keyboard's top bar has less room
        return screen.tr("common.round", round=v["round"]) + " · " + screen.tr("common.stock", n=v["stock_keys"]), "key"

    # The three rounds' backdrops of the look (art/backdrops.py): the fortress at dusk before and in round 1.
    BACKDROPS = {1: "round-keys", 2: "round-clues", 3: "round-treasure"}

    def backdrop_art(self, view: Mapping[str, Any]) -> str:
        """Inside the sea fortress: the round's gallery or vault (the setup: round 1's, at dusk)."""
        return self.BACKDROPS.get(view.get("round"), "round-keys")

    def bar_extra(self, screen: Any) -> Any:
        from companion.app.games.fort_boyard.codewords import clues_entry

        return clues_entry(screen)  # issue 17: "Mes indices"

    def help(self, screen: Any, topic: str | None) -> Any:
        from companion.app.games.fort_boyard.rules import RuleHelp

        return RuleHelp(screen, topic)

    def phone_command(self, app: Any, command: dict) -> dict:
        """A phone's proposal (the phones' pages, docs/phones.md)."""
        from companion.app.games.fort_boyard.codewords import send_proposal

        return send_proposal(app, command)

    def scenarios(self) -> dict[str, Callable[[Any], str]]:
        from companion.app.games.fort_boyard.scenarios import SCENARIOS

        return SCENARIOS


UI = FortBoyardUI()
