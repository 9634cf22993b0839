"""The shipped pack: it passes every check, has the promised quantities, and its answers all match."""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import unicodedata
from collections import Counter
from pathlib import Path

import pytest

from companion.content import check_pack, is_accepted
from companion.content.cli import register
from companion.content.library import builtin_pack_dir
from companion.content.matching import ARTICLES, answer_key, normalise
from companion.content.schema import LEVELS, MOMENTS
from tests.test_content_validate import ITEMS, write_pack

ROOT = Path(__file__).resolve().parent.parent
MINIMUMS = {"riddles": 60, "code_words": 60, "concentration": 30, "force": 30, "duel_questions": 120,
            "lines": 40}
ANSWERED = ("riddles", "code_words", "duel_questions")


@pytest.fixture(scope="module")
def pack():
    pack, problems = check_pack(builtin_pack_dir())
    assert [str(p) for p in problems] == []
    return pack


def test_shipped_pack_passes_every_check(pack):
    assert pack.languages == ("fr", "en")
    assert pack.path == ROOT / "content" / "fort-boyard" and pack.game == "fort-boyard"


@pytest.mark.parametrize("language", ["fr", "en"])
def test_shipped_pack_has_the_promised_quantities(pack, language):
    counts = pack.counts()[language]
    assert {kind: counts[kind] >= n for kind, n in MINIMUMS.items()} == {kind: True for kind in MINIMUMS}


@pytest.mark.parametrize("language", ["fr", "en"])
def test_riddles_come_in_both_difficulty_levels(pack, language):
    levels = Counter(r.level for r in pack.get(language, "riddles"))
    assert set(levels) == set(LEVELS) and min(levels.values()) >= 25


@pytest.mark.parametrize("language", ["fr", "en"])
def test_pere_fouras_has_several_lines_for_every_moment(pack, language):
    per_moment = Counter(line.moment for line in pack.get(language, "lines"))
    assert {m: per_moment[m] >= 3 for m in MOMENTS} == {m: True for m in MOMENTS}


# Riddles are not here: like code words, they are wordplay written for each language (a French pun on
# "vers" or "pas" has no English version), so each language has its own answers; the validator still
# requires as many riddles in every language. Duel questions neither: each language has its own set for
# its tables (the Loire and 14 July in French, Big Ben and the Fourth of July in English); a question
# asked in both keeps one id.
@pytest.mark.parametrize("kind", ["concentration", "force", "lines"])
def test_translated_items_share_their_ids(pack, kind):
    assert {i.id for i in pack.get("fr", kind)} == {i.id for i in pack.get("en", kind)}


def _variants(answer: str, article: str) -> list[str]:
    """Ways a player may type a listed answer: case, accents, article, spaces (plurals and typos:
    see test_content_matchcheck, which types them all and every near word of the dictionary)."""
    bare = "".join(c for c in unicodedata.normalize("NFKD", answer) if not unicodedata.combining(c))
    typed = [answer, answer.upper(), answer.lower(), bare, f"  {answer}\t"]
    if normalise(answer).partition(" ")[0] not in ARTICLES:  # "a hundred" takes no second article
        typed.append(f"{article} {answer}")
    return typed


@pytest.mark.parametrize("language,article", [("fr", "la"), ("fr", "un"), ("en", "the"), ("en", "a")])
@pytest.mark.parametrize("kind", ANSWERED)
def test_no_listed_answer_is_ever_rejected(pack, language, article, kind):
    rejected = [
        (item.id, typed)
        for item in pack.get(language, kind)
        for answer in item.answers
        for typed in _variants(answer, article)
        if not is_accepted(typed, item.answers, item.reject, language)
    ]
    assert rejected == []


@pytest.mark.parametrize("language", ["fr", "en"])
@pytest.mark.parametrize("kind", ANSWERED)
def test_answers_of_other_items_are_rejected(pack, language, kind):
    # Two items may share an answer (seven dwarfs, seven colours); a different answer must never pass.
    items = pack.get(language, kind)
    wrongly_accepted = [
        (item.id, answer, other.id)
        for item in items
        for other in items
        if other is not item
        for answer in item.answers
        if answer_key(answer) not in {answer_key(a) for a in other.answers}
        and is_accepted(answer, other.answers, other.reject, language)
    ]
    assert wrongly_accepted == []


def test_typical_wrong_answers_are_rejected(pack):
    riddles = {r.id: r for r in pack.get("fr", "riddles")}
    assert not is_accepted("soleil", riddles["moon"].answers, language="fr")
    assert not is_accepted("encre", riddles["anchor"].answers, language="fr")
    assert not is_accepted("horlo", riddles["clock"].answers, language="fr")
    words = {c.id: c for c in pack.get("en", "code_words")}
    assert not is_accepted("bar", words["bark"].answers, language="en")
    assert not is_accepted("bow", words["bowl"].answers, language="en")


def _check(*dirs: Path) -> int:
    """Exit code of ``companion content check --dir ...``, run in this process."""
    parser = argparse.ArgumentParser(prog="companion")
    register(parser.add_subparsers())
    args = parser.parse_args(["content", "check", *[a for d in dirs for a in ("--dir", str(d))]])
    return args.func(args)


def test_check_prints_counts_as_json_on_its_last_line(capsys, pack):
    code = _check(ROOT / "content")
    out = capsys.readouterr().out.splitlines()
    assert code == 0
    counts = json.loads(out[-1])
    matching = {lang: counts[lang].pop("matching") for lang in counts}
    assert {lang: {k: n for k, n in per_kind.items() if k in pack.counts()[lang]}
            for lang, per_kind in counts.items()} == pack.counts()
    assert {lang: (m["false_accepts"], m["false_rejects"], m["dictionary"]) for lang, m in matching.items()} == {
        "fr": (0, 0, True), "en": (0, 0, True)}


SPIDER_RIDDLE = """\
[[riddle]]
id = "weaver"
level = "easy"
text = \"\"\"
Je tisse ma toile au coin du grenier,
Huit pattes agiles pour tout y piéger.
Qui suis-je ?\"\"\"
answer = "araignée"
"""


def test_check_lists_the_giveaways_between_decks_as_warnings(tmp_path, capsys):
    pack = write_pack(tmp_path / "p", items={"riddles": SPIDER_RIDDLE})
    assert _check(pack) == 0  # a warning, not a problem: drawing keeps the two apart
    out = capsys.readouterr().out.splitlines()
    counts = json.loads(out[-1])
    assert counts["fr"]["giveaways"] == 1
    assert counts["fr"]["giveaway_pairs"] == [["riddles/weaver", "duel_questions/spider", "araignee"]]
    assert (f"{pack / 'fr' / 'riddles.toml'}:2: item 'weaver' and {pack / 'fr' / 'duel_questions.toml'}:2: "
            "item 'spider' give each other away ('araignee')") in "\n".join(out)


def test_check_exits_non_zero_and_names_file_item_and_field(tmp_path, capsys):
    broken = write_pack(tmp_path / "p", items={"riddles": ITEMS["riddles"].replace('answer = "lune"\n', "")})
    code = _check(broken)
    out = capsys.readouterr().out
    assert code == 1
    assert f"{broken / 'fr' / 'riddles.toml'}:2: item 'moon': field 'answer': required field is missing" in out
    assert not out.strip().splitlines()[-1].startswith("{")


def test_check_names_the_line_of_a_syntax_error(tmp_path, capsys):
    broken = write_pack(tmp_path / "p")
    (broken / "en" / "lines.toml").write_text('[[line]]\nid = "a"\ntext = "oops\n', "utf-8")
    assert _check(broken) == 1
    assert f"{broken / 'en' / 'lines.toml'}:3: TOML syntax error" in capsys.readouterr().out


def test_check_accepts_a_folder_of_packs(tmp_path, capsys):
    write_pack(tmp_path / "packs" / "one")
    write_pack(tmp_path / "packs" / "two", manifest=(ROOT / "content" / "fort-boyard" / "pack.toml").read_text("utf-8"))
    assert _check(tmp_path / "packs") == 0
    assert json.loads(capsys.readouterr().out.splitlines()[-1])["fr"]["riddles"] == 2


def test_companion_content_check_command_runs(tmp_path):
    env = {**os.environ, "XDG_DATA_HOME": str(tmp_path / "data"), "PYTHONPATH": str(ROOT)}
    done = subprocess.run([sys.executable, "-m", "companion", "content", "check"], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stdout + done.stderr
    counts = json.loads(done.stdout.splitlines()[-1])
    assert set(counts) == {"fr", "en"} and counts["fr"]["riddles"] >= 60
