"""Fort Boyard's words for the text prompt (``companion play`` without --headless): its commands as short
words, its events as sentences, its table. The prompt itself, and the words every game shares, are
companion/headless/prompt.py's, which finds this module through ``RULES.text_prompt``. Pure: no I/O.
"""

from __future__ import annotations

from typing import Any, Callable

from companion.games.fort_boyard.model import GAME

SPACES = ("door", "concentration", "force", "duel", "enigme", "prison", "passe_partout")
TOKENS = ("pebble", "10", "20", "50")
YES = {"y", "yes", "ok", "oui", "o", "success", "won", "right", "correct", "true", "reached"}
NO = {"n", "no", "non", "fail", "failed", "lost", "wrong", "false", "not"}

GREETING = "Fort Boyard companion - text mode. Type help for the commands."

HELP = """Commands (what the companion waits for is shown after each answer):
  new NAME NAME... [first=NAME] [seed=N]   start a game, players in clockwise order
  land SPACE          door, concentration, force, duel, enigme, prison, passe_partout (a prefix is enough)
  stake key|clue      Round 2 Duel or Énigme
  opponent NAME       the player challenged in a Duel
  yes / no            success or failure of a challenge or riddle; a diver reached the sunken Key or not;
                      a code-word proposal was right or wrong
  winner NAME         the winner of a Duel
  dive / abandon      after a failed riddle
  pass                give up proposing (Round 3)
  draw P T10 T20 T50  a handful: pebbles, 10s, 20s, 50s (e.g. draw 1 3 0 2)
  undo, redo, state, games, resume N, help, quit;  {...} sends a raw JSON command"""

EVENT_TEXT: dict[str, Callable[[dict], str]] = {
    "dice_rolled": lambda e: "Dice: " + ", ".join(f"{n} {v}" for n, v in e["rolls"].items()),
    "first_player_chosen": lambda e: f"{e['player']} goes first.",
    "round_started": lambda e: f"Round {e['round']} begins" + (f" with {e['first']}." if e["first"] else "."),
    "turn_started": lambda e: f"{e['player']}'s turn.",
    "turn_skipped": lambda e: f"{e['player']} is in prison and passes this turn.",
    "landed": lambda e: f"{e['player']} lands on {e['space']}" + (" (Passe-partout)." if e["via_passe_partout"] else "."),
    "stake_chosen": lambda e: f"{e['player']} plays for a {e['stake']}.",
    "opponent_named": lambda e: f"{e['player']} challenges {e['opponent']}.",
    "challenge_result": lambda e: f"{e['player']} {'succeeds' if e['success'] else 'fails'}.",
    "duel_result": lambda e: f"{e['winner']} wins the duel against {e['loser']}.",
    "key_won": lambda e: f"{e['player']} wins a key from {'the stock' if e['source'] == 'stock' else e['source']}.",
    "key_unavailable": lambda e: f"The key stock is empty: {e['player']} wins no key.",
    "clue_won": lambda e: f"{e['player']} gets a clue.",
    "riddle_failed": lambda e: f"Père Fouras throws the {e['stake']} into the sea!",
    "dived": lambda e: f"{e['player']} dives after it.",
    "abandoned": lambda e: f"{e['player']} lets it go.",
    "dive_progressed": lambda e: f"{e['player']} {'reaches the sunken key!' if e['reached'] else 'swims on.'}",
    "imprisoned": lambda e: f"{e['player']} goes to prison and will pass their next turn.",
    "round_ended": lambda e: f"Round {e['round']} is over: {e['player']} made it.",
    "player_out": lambda e: f"{e['player']} has no key: the game ends here for them.",
    "proposal_turn": lambda e: f"{e['player']}, your code word?",
    "key_paid": lambda e: f"{e['player']} gives a key back for a new proposal.",
    "code_word_proposed": lambda e: f"{e['player']}'s code word is {'right' if e['correct'] else 'wrong'}.",
    "may_propose_again": lambda e: f"{e['player']} may try again for one key, or pass.",
    "eliminated": lambda e: f"{e['player']} will not enter the Treasure Room.",
    "code_word_found": lambda e: f"{e['player']} enters the Treasure Room!",
    "draw_turn": lambda e: f"{e['player']} draws {e['draws']} handful(s).",
    "handful_drawn": lambda e: f"{e['player']} draws {e['value']} Boyards.",
    "game_over": lambda e: "Game over. " + (
        f"Winner(s): {', '.join(e['winners'])}." if e["winners"] else "The Fort keeps its treasure."
    ),
}


def _prefix(word: str, choices: tuple[str, ...]) -> str | None:
    hits = [c for c in choices if c.startswith(word)]
    return word if word in choices else (hits[0] if len(hits) == 1 else None)


def parse(words: list[str], view: dict[str, Any]) -> dict[str, Any] | str:
    """A Fort Boyard command from a line's words (the first in lower case), or a sentence saying what is
    wrong with it. The words every game shares (state, undo, JSON...) are companion/headless/prompt.py's."""
    head, rest = words[0], words[1:]
    current = view.get("current")
    phase = view.get("phase")
    if head == "new":
        cmd: dict[str, Any] = {"cmd": "new", "game": GAME, "players": []}
        for w in rest:
            if w.startswith("first="):
                cmd["first"] = w[6:]
            elif w.startswith("seed="):
                if not w[5:].isdigit():
                    return "seed must be a whole number"
                cmd["seed"] = int(w[5:])
            else:
                cmd["players"].append(w)
        return cmd
    if head == "land":
        space = _prefix(rest[0].lower(), SPACES) if rest else None
        return {"cmd": "land", "space": space} if space else "land what? " + ", ".join(SPACES)
    if head == "stake" and rest:
        return {"cmd": "stake", "stake": rest[0].lower()}
    if head in ("opponent", "winner") and rest:
        return {"cmd": "opponent", "player": rest[0]} if head == "opponent" else {"cmd": "result", "winner": rest[0]}
    if head in ("dive", "abandon") and phase == "sea":
        return {"cmd": "sea", "choice": head}
    if head == "pass":
        return {"cmd": "pass", "player": rest[0] if rest else current}
    if head == "draw":
        if len(rest) != 4 or not all(w.isdigit() for w in rest):
            return "draw needs four numbers: pebbles, 10s, 20s, 50s"
        return {"cmd": "draw", "player": current, "tokens": dict(zip(TOKENS, map(int, rest)))}
    if head in YES or head in NO:
        ok = head in YES
        if phase in ("challenge", "enigme"):
            return {"cmd": "result", "success": ok}
        if phase == "dive":
            return {"cmd": "dive", "reached": ok}
        if phase in ("propose", "propose_again"):
            return {"cmd": "propose", "player": current, "correct": ok}
        return f"'{head}' answers nothing now"
    return f"unknown command '{head}'; type help"


def table(view: dict[str, Any]) -> str:
    if not view.get("players"):
        return "No game yet. Start one: new Ann Bob Cy"
    lines = [f"Round {view['round']} - keys in stock: {view['stock_keys']}"]
    for p in view["players"]:
        mark = ">" if p["name"] == view.get("current") else " "
        lines.append(
            f" {mark} {p['name']:<16} keys {p['keys']}  clues {p['clues']}  boyards {p['boyards']:>4}  {p['status']}"
        )
    if view.get("winners"):
        lines.append("Winner(s): " + ", ".join(view["winners"]))
    elif view.get("waiting_for"):
        lines.append("Waiting for " + view["waiting_for"])
    return "\n".join(lines)
