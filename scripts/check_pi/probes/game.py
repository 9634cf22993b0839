"""Inside the emulated root: a short game through `companion play --headless`; every line must be
accepted, the undo must take back the failed Énigme, and a second process must resume the game."""

import json
import subprocess
import sys

companion, db = sys.argv[1], sys.argv[2]
lines = [
    {"cmd": "new", "game": "fort-boyard", "players": ["Marie", "Paul", "Lou"], "first": "Marie", "seed": 7},
    {"cmd": "land", "space": "force"},
    {"cmd": "result", "success": True},
    {"cmd": "land", "space": "enigme"},
    {"cmd": "result", "success": False},
    {"cmd": "undo"},
]


def play(commands):
    text = "".join(json.dumps(c) + "\n" for c in commands)
    proc = subprocess.run([companion, "play", "--headless", "--db", db], input=text, capture_output=True,
                          text=True, timeout=600)
    sys.stderr.write(proc.stderr)
    answers = [json.loads(line) for line in proc.stdout.splitlines()]
    if proc.returncode != 0 or len(answers) != len(commands):
        sys.exit(f"exit {proc.returncode}, {len(answers)} answers to {len(commands)} commands")
    return answers


answers = play(lines)
refused = [a for a in answers if not a["ok"]]
resumed = play([{"cmd": "state"}])[0]["state"]
marie = next(p for p in resumed["players"] if p["name"] == "Marie")
ok = not refused and resumed["phase"] == "enigme" and resumed["current"] == "Paul" and marie["keys"] == 1
print(json.dumps({"commands": len(answers), "refused": refused, "phase": resumed["phase"],
                  "current": resumed["current"]}))
sys.exit(0 if ok else 1)
