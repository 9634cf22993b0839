"""Knightmare's content pack (content/knightmare/): the shipped pack is clean, every check fails on a
crafted bad file naming the file, the line and the field, and the draw of Merlin's questions never
repeats in a game, prefers the least recently heard and follows its seed."""

from __future__ import annotations

import os
import random
import shutil
from collections import Counter
from functools import lru_cache
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.content.knightmare import (
    CATEGORIES, LEVELS, LINE_LIMIT, MOMENTS, PARTS, PER_PART, is_pack, load_pack, main, read_pack,
)
from companion.content.knightmare_draw import next_question, pick_line, question_record
from companion.content.problems import ContentError
from companion.content.schema import TextLimit
from tests.conftest import ROOT

SHIPPED = ROOT / "content" / "knightmare"
SCREEN = TextLimit(3, 132)  # the question panel, as Fort Boyard's duel questions


@lru_cache(maxsize=1)
def shipped():
    return load_pack(SHIPPED)


@pytest.fixture(scope="module")
def pack():
    return shipped()


# --- the shipped pack -----------------------------------------------------------------------------


def test_shipped_pack_has_no_problem():
    pack, problems = read_pack(SHIPPED)
    assert pack is not None and [str(p) for p in problems] == []
    assert pack.languages == ("fr", "en")


@pytest.mark.parametrize("language", ["fr", "en"])
def test_each_part_has_forty_questions_mixing_the_six_kinds_and_both_levels(pack, language):
    for part in range(1, PARTS + 1):
        questions = pack.part(language, part)
        assert len(questions) >= PER_PART
        kinds = Counter(q.category for q in questions)
        assert set(kinds) == set(CATEGORIES) and min(kinds.values()) >= 5, (part, kinds)
        levels = Counter(q.level for q in questions)
        assert set(levels) == set(LEVELS) and min(levels.values()) >= len(questions) * 0.4, (part, levels)


def test_both_languages_have_the_same_ids_parts_categories_and_levels(pack):
    fr = {q.id: (q.part, q.category, q.level) for q in pack.questions["fr"]}
    en = {q.id: (q.part, q.category, q.level) for q in pack.questions["en"]}
    assert len(fr) == len(pack.questions["fr"]) >= 160
    assert fr == en
    assert {line.id for line in pack.lines["fr"]} == {line.id for line in pack.lines["en"]}


@pytest.mark.parametrize("language", ["fr", "en"])
def test_every_question_fits_the_screen_and_every_moment_has_lines(pack, language):
    for q in pack.questions[language]:
        assert SCREEN.overflow(q.question) is None, (q.id, SCREEN.overflow(q.question))
    said = Counter(line.moment for line in pack.lines[language])
    assert set(said) == set(MOMENTS) and min(said.values()) >= 4


def test_french_typography(pack):
    """French texts use the typographic apostrophe and a space before '?', '!' and ':'."""
    for q in pack.questions["fr"]:
        for text in (q.question, q.answer, *q.accept, q.note):
            assert "'" not in text, (q.id, text)
        assert q.question.endswith(" ?"), q.id
    for line in pack.lines["fr"]:
        assert "'" not in line.text and "!" not in line.text.replace(" !", ""), line.id


def test_question_record_is_what_the_rules_take(pack):
    from companion.games.knightmare import fields

    for q in pack.questions["fr"] + pack.questions["en"]:
        record = question_record(q)
        assert fields.question({"cmd": "question"}, record, "", q.part).id == q.id


def test_the_pack_s_limits_are_within_the_rules_so_any_valid_question_can_be_asked():
    from companion.content import knightmare, knightmare_checks
    from companion.games.knightmare import fields

    assert knightmare_checks.MAX_ID <= fields.MAX_ID_LENGTH
    assert knightmare.MAX_QUESTION <= fields.MAX_QUESTION_TEXT
    assert knightmare.MAX_ANSWER <= fields.MAX_ANSWER_TEXT
    assert knightmare.MAX_ACCEPT <= fields.MAX_ACCEPTED


# --- crafted bad files: each check names the file, the line and the field ------------------------


def copy_pack(tmp_path: Path) -> Path:
    folder = tmp_path / "knightmare"
    shutil.copytree(SHIPPED, folder)
    return folder


def edit(folder: Path, relative: str, old: str, new: str) -> Path:
    path = folder / relative
    text = path.read_text(encoding="utf-8")
    assert text.count(old) >= 1, old
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    return path


def line_of(path: Path, fragment: str) -> int:
    lines = path.read_text(encoding="utf-8").splitlines()
    return next(n for n, line in enumerate(lines, 1) if fragment in line)


def problem(folder: Path, path: Path, field: str | None, words: str):
    """The one problem of ``path`` on ``field`` whose message holds ``words``."""
    _, problems = read_pack(folder)
    found = [p for p in problems if p.file == path and p.field == field and words in p.message]
    assert len(found) == 1, [str(p) for p in problems]
    return found[0]


def test_a_missing_field_is_named_at_its_question(tmp_path):
    folder = copy_pack(tmp_path)
    path = edit(folder, "en/questions.toml", 'answer = "Medusa"\n', "")
    found = problem(folder, path, "answer", "required field is missing")
    assert found.item == "medusa" and found.line == line_of(path, 'id = "medusa"') - 1  # its [[question]]
    assert "questions.toml:" in str(found) and "'answer'" in str(found)


def test_a_duplicate_id_is_named_where_it_is_used_again(tmp_path):
    folder = copy_pack(tmp_path)
    path = edit(folder, "fr/questions.toml", 'id = "zeus-king"', 'id = "medusa"')
    found = problem(folder, path, "id", "duplicate id")
    first = line_of(path, 'id = "medusa"')
    assert found.line > first and f"line {first}" in found.message


def test_an_id_missing_in_one_language_is_named_in_the_other(tmp_path):
    folder = copy_pack(tmp_path)
    edit(folder, "en/questions.toml", 'id = "giza-pyramids"', 'id = "giza-sphinx"')
    fr = folder / "fr" / "questions.toml"
    found = problem(folder, fr, "id", "id missing in en")
    assert found.item == "giza-pyramids" and found.line == line_of(fr, 'id = "giza-pyramids"')
    en = folder / "en" / "questions.toml"
    assert problem(folder, en, "id", "id missing in fr").item == "giza-sphinx"


def test_a_part_with_fewer_than_forty_questions_is_refused(tmp_path):
    folder = copy_pack(tmp_path)
    path = folder / "en" / "questions.toml"
    text = path.read_text(encoding="utf-8")
    moved = len(shipped().part("en", 1)) - 39  # part 1 keeps 39
    path.write_text(text.replace("part = 1\n", "part = 2\n", moved), encoding="utf-8")
    found = problem(folder, path, "part", "part 1 has 39 valid questions in en, at least 40")
    assert found.line == line_of(path, "part = 1")
    _, problems = read_pack(folder)
    disagreeing = [p.item for p in problems if p.field == "part" and p.message == "2 here, 1 in fr"]
    assert len(disagreeing) == moved and "winged-horse" in disagreeing  # the first one moved


def test_an_answer_repeated_in_accept_is_refused(tmp_path):
    folder = copy_pack(tmp_path)
    path = edit(folder, "fr/questions.toml", 'answer = "Méduse"\n',
                'answer = "Méduse"\naccept = ["la Meduse"]\n')
    found = problem(folder, path, "accept", "repeats the answer")
    assert found.line == line_of(path, 'accept = ["la Meduse"]')


def test_a_question_over_200_characters_is_refused(tmp_path):
    folder = copy_pack(tmp_path)
    long = "Which " + "very " * 40 + "long question?"
    zeus = '"In Greek myth, who is the king of the gods on Mount Olympus?"'
    path = edit(folder, "en/questions.toml", zeus, f'"{long}"')
    found = problem(folder, path, "question", "at most 200")
    assert found.item == "zeus-king" and found.line == line_of(path, long)


def test_a_category_outside_the_six_is_refused(tmp_path):
    folder = copy_pack(tmp_path)
    path = edit(folder, "en/questions.toml", 'id = "medusa"\npart = 1\ncategory = "mythology"',
                'id = "medusa"\npart = 1\ncategory = "sport"')
    found = problem(folder, path, "category", "must be one of mythology, history")
    assert found.item == "medusa" and found.line == line_of(path, 'category = "sport"')


@pytest.mark.parametrize("hidden", ["\\t", "\\u200b", "\\u202e", "\\u0007"])
def test_text_with_a_control_or_invisible_character_is_refused(tmp_path, hidden):
    folder = copy_pack(tmp_path)
    path = edit(folder, "fr/questions.toml", 'answer = "Zeus"', f'answer = "Ze{hidden}us"')
    found = problem(folder, path, "answer", "control or invisible character")
    assert found.item == "zeus-king" and found.line == line_of(path, f'answer = "Ze{hidden}us"')


@pytest.mark.parametrize(("old", "new", "field", "words"), [
    ('id = "medusa"', 'id = "' + "m" * 65 + '"', "id", "at most 64"),
    ('answer = "Pegasus"', 'answer = "Pegasus"\naccept = [' + ", ".join(f'"p{i}"' for i in range(13)) + "]",
     "accept", "13 other answers, at most 12"),
    ('level = "child"', 'level = "toddler"', "level", "must be one of child, adult"),
    ("part = 1", "part = 5", "part", "1 to 4"),
    ("part = 1", 'part = "1"', "part", "whole number"),
    ('answer = "Pegasus"', 'answer = ""', "answer", "empty"),
    ('answer = "Pegasus"', 'answer = "Pegasus"\ncolour = "blue"', "colour", "unknown key"),
    ("Bellerophon?", "Bellerophon.", "question", "question mark"),
])
def test_other_field_checks_name_their_line(tmp_path, old, new, field, words):
    folder = copy_pack(tmp_path)
    path = edit(folder, "en/questions.toml", old, new)
    found = problem(folder, path, field, words)
    assert found.line == line_of(path, new.splitlines()[-1])


def test_a_question_holding_its_own_answer_is_refused_unless_a_riddle(tmp_path):
    folder = copy_pack(tmp_path)
    path = edit(folder, "en/questions.toml", "which Gorgon with snakes for hair",
                "which Gorgon, Medusa, with snakes for hair")
    found = problem(folder, path, "question", "gives away its own answer: 'medusa'")
    assert found.item == "medusa" and found.line == line_of(path, "Gorgon, Medusa,")
    lucy = next(q for q in shipped().questions["en"] if q.id == "fourth-daughter")  # and clean when shipped
    assert lucy.category == "riddle" and lucy.answer in lucy.question


def test_a_question_naming_the_answer_of_another_is_refused(tmp_path):
    folder = copy_pack(tmp_path)
    path = edit(folder, "fr/questions.toml", "qui est le roi des dieux de l’Olympe ?",
                "qui est le roi des dieux de l’Olympe, père de Pégase ?")
    found = problem(folder, path, "question", "gives away the answer of 'winged-horse'")
    assert found.item == "zeus-king" and found.line == line_of(path, "père de Pégase")
    answer_line = line_of(path, 'answer = "Pégase"')
    assert f"(line {answer_line})" in found.message


def test_a_toml_syntax_error_names_its_line(tmp_path):
    folder = copy_pack(tmp_path)
    path = edit(folder, "en/questions.toml", 'answer = "Zeus"', 'answer = "Zeus')
    _, problems = read_pack(folder)
    assert [(p.file, p.line) for p in problems] == [(path, line_of(path, 'answer = "Zeus'))]


@settings(max_examples=40, deadline=None)
@given(text=st.text(max_size=300))
def test_any_text_as_a_questions_file_gives_problems_never_an_exception(tmp_path_factory, text):
    folder = copy_pack(tmp_path_factory.mktemp("fuzz"))
    (folder / "en" / "questions.toml").write_text(
        '[[question]]\nid = "medusa"\n' + text, encoding="utf-8", errors="surrogatepass")
    pack, problems = read_pack(folder)
    assert problems and all(p.file.name in ("questions.toml", "lines.toml") for p in problems)


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs FIFOs")
def test_a_fifo_is_refused_without_being_read(tmp_path):
    folder = copy_pack(tmp_path)
    path = folder / "en" / "lines.toml"
    path.unlink()
    os.mkfifo(path)
    _, problems = read_pack(folder)  # would wait for ever if it opened the FIFO
    assert any(p.file == path and p.damaged and "FIFO" in p.message for p in problems)


def test_languages_disagreeing_on_a_part_or_level_are_named(tmp_path):
    folder = copy_pack(tmp_path)
    giza = 'id = "giza-pyramids"\npart = 1\ncategory = "history"\nlevel = '
    path = edit(folder, "en/questions.toml", giza + '"child"', giza + '"adult"')
    found = problem(folder, path, "level", "'adult' here, 'child' in fr")
    assert found.item == "giza-pyramids" and found.line == line_of(path, 'id = "giza-pyramids"') + 3


@pytest.mark.parametrize(("old", "new", "field", "words"), [
    ('moment = "throne"', 'moment = "tea-time"', "moment", "must be one of welcome, turn"),
    ("{player} reaches my throne!", "{name} reaches my throne!", "text", "unknown placeholder {name}"),
    ("Ah, knights! Come in", "Ah, knights! " + "Come in, " * 12, "text", "does not fit the screen"),
])
def test_line_checks_name_their_line(tmp_path, old, new, field, words):
    folder = copy_pack(tmp_path)
    path = edit(folder, "en/lines.toml", old, new)
    found = problem(folder, path, field, words)
    assert found.line == line_of(path, new)


def test_a_line_missing_in_one_language_is_named_in_the_other(tmp_path):
    folder = copy_pack(tmp_path)
    edit(folder, "en/lines.toml", 'id = "spell-2"', 'id = "spell-5"')
    fr = folder / "fr" / "lines.toml"
    found = problem(folder, fr, "id", "id missing in en")
    assert found.item == "spell-2" and found.line == line_of(fr, 'id = "spell-2"')


def test_a_moment_with_too_few_lines_is_refused(tmp_path):
    folder = copy_pack(tmp_path)
    path = folder / "fr" / "lines.toml"
    for n in (1, 2):
        line = f'id = "throne-{n}"\nmoment = '
        edit(folder, "fr/lines.toml", line + '"throne"', line + '"card"')
    assert problem(folder, path, "moment", "'throne' has 2 lines, at least 3").file == path


def test_a_manifest_of_another_game_is_refused(tmp_path):
    folder = copy_pack(tmp_path)
    path = edit(folder, "pack.toml", 'game = "knightmare"', 'game = "fort-boyard"')
    pack, problems = read_pack(folder)
    assert pack is None
    assert [(p.file, p.field, p.line) for p in problems] == [(path, "game", line_of(path, "game ="))]
    with pytest.raises(ContentError, match="pack.toml:.*'game'"):
        load_pack(folder)


def test_the_check_command_prints_each_problem_escaped_and_fails(tmp_path, capsys):
    folder = copy_pack(tmp_path)
    path = edit(folder, "en/questions.toml", 'id = "medusa"', 'id = "medusa\\u001b[2J"')
    assert main([str(folder)]) == 1
    out = capsys.readouterr().out
    assert "\x1b" not in out and f"{path}:{line_of(path, 'medusa')}: item 'medusa" in out
    assert out.splitlines()[-1] == f"{folder}: {out.count(chr(10)) - 1} problem(s)"


def test_the_check_command_passes_the_shipped_pack(capsys):
    assert main([str(SHIPPED)]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0] == f"{SHIPPED}: pack 'knightmare-companion' 1.0.0 is valid" and out[1].startswith("fr: ")


def test_a_knightmare_pack_is_told_from_a_fort_boyard_one(tmp_path):
    assert is_pack(SHIPPED) and not is_pack(ROOT / "content" / "fort-boyard") and not is_pack(tmp_path)


# --- the draw ------------------------------------------------------------------------------------


def test_a_game_never_hears_a_question_twice_and_runs_out_at_the_end_of_the_part(pack):
    rng, asked = random.Random(7), []
    part = pack.part("en", 2)
    for _ in part:
        q = next_question(pack.questions["en"], 2, asked, [], rng)
        assert q is not None and q.part == 2 and q.id not in asked
        asked.append(q.id)
    assert sorted(asked) == sorted(q.id for q in part)
    assert next_question(pack.questions["en"], 2, asked, [], rng) is None


def test_the_least_recently_heard_comes_first(pack):
    part = sorted(q.id for q in pack.part("fr", 3))
    # Every question heard: two last in game 1, one in game 2, the others in game 3 (the last game).
    history = [(3, qid) for qid in part] + [(1, part[0]), (1, part[1]), (2, part[2])]
    history = [(game, qid) for game, qid in history if not (game == 3 and qid in part[:3])]
    rng, asked = random.Random(1), []
    for _ in range(3):
        asked.append(next_question(pack.questions["fr"], 3, asked, history, rng).id)
    assert sorted(asked[:2]) == part[:2] and asked[2] == part[2]


def test_a_question_never_heard_comes_before_any_heard(pack):
    part = sorted(q.id for q in pack.part("en", 1))
    history = [(game, qid) for game, qid in enumerate(part[1:], 1)]
    assert next_question(pack.questions["en"], 1, [], history, random.Random(0)).id == part[0]


def test_the_draw_follows_its_seed(pack):
    def game(seed: int) -> list[str]:
        rng, asked = random.Random(seed), []
        for _ in range(10):
            asked.append(next_question(pack.questions["en"], 4, asked, [(1, "atlas")], rng).id)
        return asked

    assert game(42) == game(42)
    assert len({tuple(game(seed)) for seed in range(5)}) > 1  # chance does choose among equals


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2**32), asked=st.sets(st.integers(0, 39)), heard=st.lists(
    st.tuples(st.integers(1, 6), st.integers(0, 39)), max_size=80))
def test_the_draw_is_never_asked_and_never_more_recent_than_another(seed, asked, heard):
    questions = shipped().questions["en"]
    part = sorted(q.id for q in questions if q.part == 1)
    asked_ids = {part[i] for i in asked}
    history = [(game, part[i]) for game, i in heard]
    q = next_question(questions, 1, asked_ids, history, random.Random(seed))
    if len(asked_ids) == len(part):
        assert q is None
        return
    last = {}
    for game, qid in history:
        last[qid] = max(game, last.get(qid, 0))
    assert q.id not in asked_ids
    rank = {o: (o in last, last.get(o, 0)) for o in part if o not in asked_ids}
    assert all(rank[q.id] <= other for other in rank.values())


def test_the_wizard_does_not_repeat_a_line_said_lately(pack):
    lines = pack.lines["en"]
    said: list[str] = []
    rng = random.Random(3)
    for _ in range(4):
        said.append(pick_line(lines, "throne", said, rng).id)
    assert len(set(said)) == 4
    assert pick_line(lines, "throne", said, rng).moment == "throne"  # all said: any of them again
    assert pick_line(lines, "no-such-moment", [], rng) is None


def test_lines_fit_as_the_limit_says(pack):
    assert all(LINE_LIMIT.overflow(line.text) is None for lang in pack.languages for line in pack.lines[lang])


class _AsDuelQuestions:
    """The pack's questions as the answer matcher's measure reads a pack: Fort Boyard's duel questions
    have the same answer fields (answer, accept), so a typed answer is judged the same way."""

    def __init__(self, pack, language: str) -> None:
        from companion.content.loader import Source
        from companion.content.schema import DuelQuestion

        path = pack.path / language / "questions.toml"
        self.items = [DuelQuestion(q.id, q.question, q.answer, q.accept) for q in pack.questions[language]]
        self.sources = {(language, "duel_questions"): Source(path, path.read_text(encoding="utf-8"))}

    def get(self, language: str, kind: str) -> list:
        return self.items if kind == "duel_questions" else []


@pytest.mark.parametrize("language", ["fr", "en"])
def test_the_answer_matcher_takes_every_right_form_and_no_near_word(pack, language):
    from companion.content.matchcheck import measure

    report = measure(_AsDuelQuestions(pack, language), language)
    if report.dictionary is None:
        pytest.skip(report.note)
    assert report.checked > 10_000
    assert [p.message for p in report.false_accepts] == [] and [p.message for p in report.false_rejects] == []
