"""Blind solvers for the riddles: the texts to hand out, and the score of the answers that come back.

    python scripts/blind_riddles.py texts fr OUT_DIR [--seed S]
    python scripts/blind_riddles.py score fr OUT_DIR/fr-key.json ANSWERS.txt [ANSWERS.txt ...]

``texts`` shuffles the riddles of one language (seeded, so the numbering can be made again) and
writes three files for solvers who have never seen the answers: the whole riddles
(``fr-riddles.txt``), their first half (``fr-riddles-half.txt``: the first ⌈n/2⌉ lines of verse, then
"…" and the closing question) and their first line only (``fr-riddles-line1.txt``), numbered alike,
with neither answers nor levels; and the key (``fr-key.json``), which stays away from the solvers.

``score`` reads answers files (one line per riddle, ``12. lanterne``), judges each answer with the
companion's own matcher against the riddle's answer and alternatives, prints the misses, and ends
with one JSON line: per file and per level, solved / total / rate. How the levels were measured
and the figures are in docs/content.md ("Blind solvers").
"""

from __future__ import annotations

import argparse
import json
import random
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from companion.content import is_accepted  # noqa: E402
from companion.content.validate import load_pack  # noqa: E402

INTRO = {
    "fr": {
        "full": "Énigmes du Père Fouras (français). Pour chaque numéro, donne UNE réponse (un mot ou un nom),\n"
                "sans chercher ailleurs. Format de réponse : « 12. lune ».\n",
        "half": "Énigmes du Père Fouras (français) : seule la PREMIÈRE MOITIÉ de chaque énigme est donnée. "
                "Pour chaque numéro, donne UNE réponse (un mot), sans rien chercher. Format : « 12. lanterne ».\n",
        "line1": "Énigmes du Père Fouras (français) : seul le PREMIER VERS de chaque énigme est donné. "
                 "Pour chaque numéro, donne UNE réponse (un mot), sans rien chercher. Format : « 12. lanterne ».\n",
    },
    "en": {
        "full": "Père Fouras's riddles (English). For each number, give ONE answer (a word, or a letter),\n"
                "without looking anything up. Answer format: \"12. lantern\".\n",
        "half": "Père Fouras's riddles (English), only the FIRST HALF of each riddle is given. For each number, "
                "give ONE answer (a word, or a letter), without looking anything up. Answer format: \"12. lantern\".\n",
        "line1": "Père Fouras's riddles (English): only the FIRST LINE of each riddle is given. For each number, "
                 "give ONE answer (a word, or a letter), without looking anything up. Answer format: \"12. lantern\".\n",
    },
}


def riddles(language: str) -> list:
    pack = load_pack(ROOT / "content" / "fort-boyard")
    return list(pack.get(language, "riddles"))


def cuts(text: str) -> dict[str, list[str]]:
    """The whole riddle, its first half and its first line, each ending as a solver sees it."""
    lines = [line for line in text.strip().split("\n") if line.strip()]
    question = lines.pop() if lines[-1].rstrip().endswith("?") else ""
    half = (len(lines) + 1) // 2 if len(lines) > 1 else 1
    return {"full": lines + [question], "half": lines[:half] + ["…", question], "line1": lines[:1] + ["…"]}


def write_texts(language: str, out: Path, seed: str) -> None:
    items = riddles(language)
    order = list(range(len(items)))
    random.Random(seed).shuffle(order)
    out.mkdir(parents=True, exist_ok=True)
    blocks: dict[str, list[str]] = {"full": [], "half": [], "line1": []}
    key = []
    for number, index in enumerate(order, 1):
        item = items[index]
        for cut, lines in cuts(item.text).items():
            blocks[cut].append(f"{number}.\n" + "\n".join(line for line in lines if line) + "\n")
        key.append({"n": number, "id": item.id, "level": item.level})
    names = {"full": f"{language}-riddles.txt", "half": f"{language}-riddles-half.txt",
             "line1": f"{language}-riddles-line1.txt"}
    for cut, name in names.items():
        (out / name).write_text(INTRO[language][cut] + "\n" + "\n".join(blocks[cut]), "utf-8")
    (out / f"{language}-key.json").write_text(json.dumps({"language": language, "seed": seed, "riddles": key},
                                                         ensure_ascii=False, indent=1), "utf-8")
    print(json.dumps({"language": language, "riddles": len(items), "out": str(out)}))


def read_answers(path: Path) -> dict[int, str]:
    given: dict[int, str] = {}
    for line in path.read_text("utf-8").splitlines():
        found = re.match(r"\s*(\d+)\s*[.):-]\s*(.*)", line)
        if found:
            given[int(found.group(1))] = found.group(2).strip()
    return given


def score(language: str, key_path: Path, answers: list[Path]) -> None:
    key = json.loads(key_path.read_text("utf-8"))
    by_id = {item.id: item for item in riddles(language)}
    results = {}
    for path in answers:
        given = read_answers(path)
        rates: dict[str, dict[str, float]] = {}
        for entry in key["riddles"]:
            item = by_id[entry["id"]]
            level = rates.setdefault(entry["level"], {"solved": 0, "total": 0})
            ok = is_accepted(given.get(entry["n"], ""), item.answers, item.reject, language)
            level["total"] += 1
            level["solved"] += ok
            if not ok:
                print(f"{path.name}: {entry['n']} {item.id} ({entry['level']}): {given.get(entry['n'], '')!r}")
        for level in rates.values():
            level["rate"] = round(level["solved"] / level["total"], 2)
        results[path.name] = rates
    print(json.dumps(results, ensure_ascii=False))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = parser.add_subparsers(dest="command", required=True)
    texts = sub.add_parser("texts")
    texts.add_argument("language", choices=sorted(INTRO))
    texts.add_argument("out", type=Path)
    texts.add_argument("--seed", default="riddles-2026-12-01")
    scoring = sub.add_parser("score")
    scoring.add_argument("language", choices=sorted(INTRO))
    scoring.add_argument("key", type=Path)
    scoring.add_argument("answers", type=Path, nargs="+")
    args = parser.parse_args()
    if args.command == "texts":
        write_texts(args.language, args.out, args.seed)
    else:
        score(args.language, args.key, args.answers)


if __name__ == "__main__":
    main()
