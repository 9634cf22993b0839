"""The pack loader and validator: each broken pack is refused with the file, item, field (and line)."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.content import ContentError, check_pack, load_library, load_pack, read_pack
from companion.content.schema import KINDS, MOMENTS, SCREEN_COLUMNS

MANIFEST = """\
id = "tiny"
name = "Tiny pack"
version = "0.1.0"
license = "MIT"
languages = ["fr", "en"]
"""

ITEMS = {
    "riddles": """\
[[riddle]]
id = "moon"
level = "easy"
text = \"\"\"
Ronde ou mince selon le soir,
Je brille quand il fait noir.
Qui suis-je ?\"\"\"
answer = "lune"
""",
    "code_words": """\
[[code_word]]
id = "glace"
word = "glace"
easy = ["Miroir", "Dessert", "Patinoire", "Vitre"]
hard = ["Reflet", "Cornet", "Banquise", "Portière"]
""",
    "concentration": """\
[[challenge]]
id = "count"
title = "Compter"
text = "Compte de 20 à 1."
success = "Sans erreur avant la fin du sablier."
""",
    "force": """\
[[challenge]]
id = "tower"
title = "La tour"
text = "Empile 5 gobelets."
success = "La tour tient 3 secondes."
props = ["5 gobelets"]
""",
    "duel_questions": """\
[[question]]
id = "spider"
question = "Combien de pattes a une araignée ?"
answer = "huit"
accept = ["8"]
""",
    "lines": """\
[[line]]
id = "welcome-1"
moment = "welcome"
text = "Bienvenue au Fort, {player} !"
""",
}


def write_pack(root: Path, manifest: str = MANIFEST, items: dict[str, str] | None = None) -> Path:
    """A small valid pack in ``root``: the same items in fr/ and en/, with ``items`` replacing some."""
    root.mkdir(parents=True, exist_ok=True)
    (root / "pack.toml").write_text(manifest, encoding="utf-8")
    for lang in ("fr", "en"):
        (root / lang).mkdir(exist_ok=True)
        for kind, text in {**ITEMS, **(items or {})}.items():
            (root / lang / f"{kind}.toml").write_text(text, encoding="utf-8")
    return root


def problems_of(path: Path) -> list[str]:
    return [str(p) for p in check_pack(path)[1]]


def test_small_valid_pack_has_no_problem(tmp_path):
    pack, problems = check_pack(write_pack(tmp_path / "tiny"))
    assert problems == []
    assert pack.counts()["fr"] == {k.name: 1 for k in KINDS}
    riddle = pack.get("fr", "riddles")[0]
    assert (riddle.id, riddle.level, riddle.answer) == ("moon", "easy", "lune")
    assert pack.get("en", "code_words")[0].hard == ("Reflet", "Cornet", "Banquise", "Portière")


def test_toml_syntax_error_names_file_and_line(tmp_path):
    pack = write_pack(tmp_path / "p")
    (pack / "fr" / "riddles.toml").write_text('[[riddle]]\nid = "x"\nanswer = "lune\n', encoding="utf-8")
    _, problems = check_pack(pack)
    syntax = [p for p in problems if "TOML syntax error" in p.message]
    assert len(syntax) == 1
    assert syntax[0].file == pack / "fr" / "riddles.toml"
    assert syntax[0].line == 3
    assert str(syntax[0]).startswith(f"{pack / 'fr' / 'riddles.toml'}:3: ")


def test_missing_required_field_is_named(tmp_path):
    broken = ITEMS["duel_questions"].replace('answer = "huit"\n', "")
    pack = write_pack(tmp_path / "p", items={"duel_questions": broken})
    _, problems = check_pack(pack)
    missing = [p for p in problems if p.message == "required field is missing"]
    assert [(p.file.name, p.item, p.field) for p in missing] == [
        ("duel_questions.toml", "spider", "answer"), ("duel_questions.toml", "spider", "answer")]
    assert missing[0].line == 2  # no such line: points at the item's id


def test_unknown_key_is_named_with_its_line(tmp_path):
    broken = ITEMS["force"].replace('title = "La tour"', 'title = "La tour"\ncolour = "rouge"')
    pack = write_pack(tmp_path / "p", items={"force": broken})
    problems = check_pack(pack)[1]
    unknown = [p for p in problems if p.field == "colour"]
    assert unknown and "unknown key 'colour'" in unknown[0].message
    assert unknown[0].item == "tower" and unknown[0].line == 4


def test_wrong_type_and_wrong_choice_are_named(tmp_path):
    broken = ITEMS["riddles"].replace('level = "easy"', 'level = "medium"').replace(
        'answer = "lune"', "answer = 3")
    pack = write_pack(tmp_path / "p", items={"riddles": broken})
    problems = [(p.field, p.message) for p in check_pack(pack)[1] if p.file.parent.name == "fr"]
    assert ("level", "must be one of easy, hard, not 'medium'") in problems
    assert ("answer", "must be text, not 3") in problems


def test_riddle_metre_and_form_are_optional_and_must_be_known(tmp_path):
    stated = ITEMS["riddles"].replace('level = "easy"', 'level = "easy"\nmetre = "octosyllabe"\nform = "distique"')
    pack, problems = check_pack(write_pack(tmp_path / "ok", items={"riddles": stated}))
    assert problems == []
    assert (pack.get("fr", "riddles")[0].metre, pack.get("fr", "riddles")[0].form) == ("octosyllabe", "distique")
    broken = stated.replace('"octosyllabe"', '"pentamètre"').replace('"distique"', '"sonnet"')
    problems = [(p.field, p.message) for p in check_pack(write_pack(tmp_path / "p", items={"riddles": broken}))[1]]
    assert ("metre", "must be one of heptasyllabe, octosyllabe, décasyllabe, alexandrin, iambic trimeter, "
                     "iambic tetrameter, iambic pentameter, trochaic tetrameter, anapestic trimeter, "
                     "anapestic tetrameter, ballad metre, not 'pentamètre'") in problems
    assert ("form", "must be one of distique, tercet, quatrain, quintil, sizain, couplet, quintain, sestet, "
                    "limerick, not 'sonnet'") in problems


def test_riddle_may_state_an_english_metre_and_form(tmp_path):
    stated = ITEMS["riddles"].replace('level = "easy"', 'level = "easy"\nmetre = "ballad metre"\nform = "couplet"')
    pack, problems = check_pack(write_pack(tmp_path / "ok", items={"riddles": stated}))
    assert problems == []
    assert (pack.get("fr", "riddles")[0].metre, pack.get("fr", "riddles")[0].form) == ("ballad metre", "couplet")


def test_riddle_form_must_match_its_lines_of_verse(tmp_path):
    # The tiny pack's riddle has two lines of verse and the closing "Qui suis-je ?".
    stated = ITEMS["riddles"].replace('level = "easy"', 'level = "easy"\nform = "tercet"')
    problems = [p for p in check_pack(write_pack(tmp_path / "p", items={"riddles": stated}))[1]
                if p.file.parent.name == "fr"]
    assert [(p.item, p.field, p.message) for p in problems] == [
        ("moon", "form", "a tercet has 3 lines of verse before the closing question, this text has 2")]
    assert problems[0].line == 4  # the line of the form field


def test_code_word_needs_four_clues_per_set(tmp_path):
    broken = ITEMS["code_words"].replace('"Portière"]', '"Portière", "Sorbet"]')
    problems = check_pack(write_pack(tmp_path / "p", items={"code_words": broken}))[1]
    assert any(p.field == "hard" and "exactly 4 entries, not 5" in p.message for p in problems)


def test_duplicate_ids_are_detected(tmp_path):
    twice = ITEMS["lines"] + "\n" + ITEMS["lines"].replace("Bienvenue au Fort", "Salut")
    problems = check_pack(write_pack(tmp_path / "p", items={"lines": twice}))[1]
    assert any(p.item == "welcome-1" and p.field == "id" and "id used by 2 items" in p.message
               for p in problems)


def test_duplicate_text_is_detected_despite_case_and_accents(tmp_path):
    second = ITEMS["duel_questions"].replace('"spider"', '"spider-2"').replace(
        "Combien de pattes a une araignée ?", "COMBIEN DE PATTES A UNE ARAIGNEE ?")
    items = {"duel_questions": ITEMS["duel_questions"] + "\n" + second}
    problems = check_pack(write_pack(tmp_path / "p", items=items))[1]
    dup = [p for p in problems if "duplicate of item 'spider'" in p.message]
    assert [(p.item, p.field) for p in dup] == [("spider-2", "question"), ("spider-2", "question")]


def test_duplicate_code_word_is_detected_despite_accents(tmp_path):
    second = ITEMS["code_words"].replace('id = "glace"', 'id = "glace-2"').replace(
        'word = "glace"', 'word = "GLACÉ"')
    items = {"code_words": ITEMS["code_words"] + "\n" + second.replace("Miroir", "Reflets")}
    problems = check_pack(write_pack(tmp_path / "p", items=items))[1]
    assert any(p.item == "glace-2" and p.field == "word" and "duplicate" in p.message for p in problems)


def test_clue_containing_the_word_root_is_detected(tmp_path):
    broken = ITEMS["code_words"].replace('"Patinoire"', '"Glacier des Alpes"')
    problems = check_pack(write_pack(tmp_path / "p", items={"code_words": broken}))[1]
    given = [p for p in problems if "gives the answer away" in p.message]
    assert len(given) == 2  # fr and en
    assert (given[0].item, given[0].field) == ("glace", "easy")
    assert "'glacier'" in given[0].message


def test_riddle_containing_its_answer_is_detected(tmp_path):
    broken = ITEMS["riddles"].replace("Je brille quand il fait noir.", "Je suis la Lune, la nuit.")
    problems = check_pack(write_pack(tmp_path / "p", items={"riddles": broken}))[1]
    assert any(p.item == "moon" and p.field == "text" and "'lune'" in p.message for p in problems)


def test_riddle_containing_an_accepted_alternative_is_detected(tmp_path):
    broken = ITEMS["riddles"].replace('answer = "lune"', 'answer = "lune"\naccept = ["astre"]').replace(
        "Je brille", "Astre, je brille")
    problems = check_pack(write_pack(tmp_path / "p", items={"riddles": broken}))[1]
    assert any(p.item == "moon" and "'astre'" in p.message for p in problems)


def test_short_answer_is_not_found_inside_longer_words(tmp_path):
    # "sel" must not trip on "selle"; only the word itself or its plural gives it away
    riddle = ITEMS["riddles"].replace('answer = "lune"', 'answer = "sel"').replace(
        "Je brille quand il fait noir.", "Je ne suis pas une selle.")
    assert check_pack(write_pack(tmp_path / "p", items={"riddles": riddle}))[1] == []


def test_text_too_long_for_the_screen_is_detected(tmp_path):
    long_line = "Compte " + "et recompte " * 20
    broken = ITEMS["concentration"].replace('"Compte de 20 à 1."', f'"{long_line}"')
    problems = check_pack(write_pack(tmp_path / "p", items={"concentration": broken}))[1]
    too_long = [p for p in problems if "too long for the 800x480 screen" in p.message]
    assert too_long and (too_long[0].item, too_long[0].field) == ("count", "text")
    assert too_long[0].line == 4


def test_riddle_line_wider_than_the_screen_counts_as_extra_lines(tmp_path):
    wide = "x" * (SCREEN_COLUMNS + 1)
    broken = ITEMS["riddles"].replace("Qui suis-je ?", "\n".join([f"Mot {wide}"] * 4))
    problems = check_pack(write_pack(tmp_path / "p", items={"riddles": broken}))[1]
    assert any("lines on screen, at most 7 fit" in p.message for p in problems)


def test_player_placeholder_is_measured_as_a_name(tmp_path):
    text = "{player} " * 10
    broken = ITEMS["lines"].replace("Bienvenue au Fort, {player} !", text.strip())
    problems = check_pack(write_pack(tmp_path / "p", items={"lines": broken}))[1]
    assert any(p.field == "text" and "too long" in p.message for p in problems)


def test_unknown_placeholder_is_detected(tmp_path):
    broken = ITEMS["lines"].replace("{player}", "{joueur}")
    problems = check_pack(write_pack(tmp_path / "p", items={"lines": broken}))[1]
    assert any("unknown placeholder {joueur}" in p.message for p in problems)


def test_language_with_fewer_items_is_detected(tmp_path):
    pack = write_pack(tmp_path / "p")
    second = ITEMS["duel_questions"].replace('"spider"', '"insect"').replace(
        "une araignée", "un insecte").replace('"huit"', '"six"').replace('["8"]', '["6"]')
    (pack / "fr" / "duel_questions.toml").write_text(ITEMS["duel_questions"] + "\n" + second, "utf-8")
    problems = check_pack(pack)[1]
    assert [str(p) for p in problems] == [
        f"{pack / 'en' / 'duel_questions.toml'}: en has fewer duel_questions than another language"
        " (en: 1, fr: 2)"]


def test_moment_with_fewer_lines_in_one_language_is_detected(tmp_path):
    pack = write_pack(tmp_path / "p")
    (pack / "en" / "lines.toml").write_text(
        ITEMS["lines"].replace('"welcome"', '"victory"').replace("welcome-1", "victory-1"), "utf-8")
    messages = [p.message for p in check_pack(pack)[1]]
    assert "en has 0 lines for moment 'welcome', another language has 1" in messages
    assert "fr has 0 lines for moment 'victory', another language has 1" in messages


def test_unsafe_force_challenge_is_detected(tmp_path):
    broken = ITEMS["force"].replace("Empile 5 gobelets.", "Allume une bougie et souffle.")
    problems = check_pack(write_pack(tmp_path / "p", items={"force": broken}))[1]
    assert any(p.field == "text" and "not safe for children" in p.message and "bougie" in p.message
               for p in problems)


def test_multi_word_riddle_answer_is_refused(tmp_path):
    broken = ITEMS["riddles"].replace('answer = "lune"', 'answer = "pleine lune"')
    problems = check_pack(write_pack(tmp_path / "p", items={"riddles": broken}))[1]
    assert any(p.field == "answer" and "one word" in p.message for p in problems)


def test_alternative_listed_twice_after_normalising_is_detected(tmp_path):
    broken = ITEMS["riddles"].replace('answer = "lune"', 'answer = "lune"\naccept = ["la Lune"]')
    problems = check_pack(write_pack(tmp_path / "p", items={"riddles": broken}))[1]
    assert any(p.field == "accept" and "listed twice" in p.message for p in problems)


def test_unknown_file_in_a_language_folder_is_named(tmp_path):
    pack = write_pack(tmp_path / "p")
    (pack / "fr" / "riddle.toml").write_text("", "utf-8")
    problems = check_pack(pack)[1]
    assert any(p.file.name == "riddle.toml" and "unknown file name" in p.message for p in problems)


def test_manifest_problems_are_named(tmp_path):
    pack = write_pack(tmp_path / "p", manifest=MANIFEST.replace('license = "MIT"\n', "") + "colour = 1\n")
    fields = {(p.file.name, p.field) for p in check_pack(pack)[1]}
    assert ("pack.toml", "license") in fields and ("pack.toml", "colour") in fields


def test_listed_language_without_folder_is_detected(tmp_path):
    pack = write_pack(tmp_path / "p", manifest=MANIFEST.replace('["fr", "en"]', '["fr", "en", "de"]'))
    assert any("language 'de' has no folder de/" in p for p in problems_of(pack))


def test_folder_without_manifest_is_not_a_pack(tmp_path):
    assert problems_of(tmp_path) == [f"{tmp_path / 'pack.toml'}: no pack manifest: a pack folder needs a pack.toml"]


def test_load_pack_raises_content_error_naming_the_problem(tmp_path):
    broken = ITEMS["riddles"].replace('answer = "lune"\n', "")
    with pytest.raises(ContentError, match=r"item 'moon': field 'answer': required field is missing"):
        load_pack(write_pack(tmp_path / "p", items={"riddles": broken}))


def test_reader_never_raises_on_garbage(tmp_path):
    pack = write_pack(tmp_path / "p")
    (pack / "fr" / "lines.toml").write_bytes(b"\xff\xfe\x00garbage")
    (pack / "en" / "force.toml").write_text("challenge = 3\n", "utf-8")
    _, problems = read_pack(pack)
    assert any(p.file.name == "lines.toml" and "cannot be read" in p.message for p in problems)
    assert any(p.file.name == "force.toml" and "[[challenge]]" in p.message for p in problems)


def test_misnamed_item_table_is_named_with_its_line(tmp_path):
    broken = "# riddles\n\n" + ITEMS["riddles"].replace("[[riddle]]", "[[riddles]]")
    problems = check_pack(write_pack(tmp_path / "p", items={"riddles": broken}))[1]
    assert [(p.field, p.line) for p in problems if p.file.parent.name == "fr"] == [("riddles", 3)]
    assert "items of riddles.toml are written as [[riddle]]" in problems[0].message


def test_library_keeps_valid_packs_and_says_why_others_are_refused(tmp_path):
    good = write_pack(tmp_path / "good")
    other = write_pack(tmp_path / "other", manifest=MANIFEST.replace('"tiny"', '"other"'))
    broken = write_pack(tmp_path / "broken", manifest=MANIFEST.replace('"tiny"', '"broken"'))
    (broken / "en" / "riddles.toml").write_text("[[riddle]\n", "utf-8")
    same_id = write_pack(tmp_path / "same-id")
    library = load_library([good, broken, other, same_id, tmp_path / "missing"])
    assert [p.id for p in library.packs] == ["tiny", "other"]
    refused = {r.path.name: r.reason for r in library.refused}
    assert set(refused) == {"broken", "same-id", "missing"}
    assert refused["broken"].startswith(f"{broken / 'en' / 'riddles.toml'}:1: TOML syntax error")
    assert refused["same-id"] == "another pack already has the id 'tiny'"
    notice = library.notices()[0]
    assert (notice.key, notice.params["pack"]) == ("notice.pack", "broken")
    assert str(notice).startswith("Content pack “broken” not loaded: " + str(broken / "en" / "riddles.toml"))


def test_library_merges_items_of_the_enabled_packs(tmp_path):
    a = write_pack(tmp_path / "a")
    b = write_pack(tmp_path / "b", manifest=MANIFEST.replace('"tiny"', '"b"'))
    library = load_library([a, b])
    assert len(library.items("riddles", "fr")) == 2
    assert len(library.items("riddles", "fr", enabled=["b"])) == 1
    assert library.items("riddles", "de") == ()
    assert library.pack("b").path == b


def test_library_reads_user_packs_from_the_user_data_dir(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    from companion.content.library import default_pack_dirs, user_packs_dir

    assert user_packs_dir() == tmp_path / "data" / "fort-boyard-companion" / "packs"
    user = write_pack(user_packs_dir() / "mine", manifest=MANIFEST.replace('"tiny"', '"mine"'))
    (user_packs_dir() / "notes").mkdir()
    dirs = default_pack_dirs()
    assert dirs[0].parent.name == "content" and dirs[0].name == "fort-boyard" and dirs[1:] == [user, user_packs_dir() / "notes"]
    library = load_library()
    assert [p.id for p in library.packs] == ["fort-boyard-companion", "mine"]
    assert [r.path.name for r in library.refused] == ["notes"]
    assert "no pack manifest" in library.refused[0].reason


def test_all_moments_are_known_to_the_schema():
    assert {"welcome", "turn", "success", "failure", "key_won", "key_lost", "prison", "sea",
            "round_keys", "round_clues", "round_treasure", "treasure", "victory", "time_up"} <= set(MOMENTS)


def _force(text: str, needs: str = "") -> str:
    """The tiny pack's Force card with another text (and a ``needs`` line)."""
    card = ITEMS["force"].replace("Empile 5 gobelets.", text)
    return card + (f"needs = {needs}\n" if needs else "")


@pytest.mark.parametrize("lang, text, word", [
    ("fr", "Empile 5 pièces de monnaie.", "'pièces', 'monnaie'"),
    ("fr", "Lâche un bouchon dans la bouteille.", "'bouchon'"),
    ("fr", "Enfile dix perles.", "'perles'"),
    ("en", "Stack 5 coins.", "'coins'"),
    ("en", "Drop a cork into the bottle.", "'cork'"),
    ("en", "Stand on one foot, eyes shut.", "'on one foot'"),
])
def test_challenge_naming_an_unsafe_thing_is_refused_with_file_line_and_word(tmp_path, lang, text, word):
    pack = write_pack(tmp_path / "p")
    (pack / lang / "force.toml").write_text(_force(text), encoding="utf-8")
    assert (f"{pack / lang / 'force.toml'}:4: item 'tower': field 'text': not safe for children at a table: "
            f"{word}") in "\n".join(problems_of(pack))


def test_unsafe_words_are_per_language_a_french_corner_is_no_coin(tmp_path):
    pack = write_pack(tmp_path / "p")
    (pack / "fr" / "force.toml").write_text(_force("Pose le livre dans le coin de la table."), encoding="utf-8")
    (pack / "en" / "force.toml").write_text(_force("Put the book in the corner of the table."), encoding="utf-8")
    assert problems_of(pack) == []


def test_a_challenge_needs_only_things_of_the_safe_list(tmp_path):
    pack = write_pack(tmp_path / "p", items={"force": _force("Empile 5 gobelets.", '["plastic cup", "book"]')})
    assert problems_of(pack) == []
    (pack / "fr" / "force.toml").write_text(_force("Empile 5 gobelets.", '["plastic cup", "corks"]'), "utf-8")
    (pack / "en" / "force.toml").write_text(_force("Empile 5 gobelets.", '["rocket"]'), "utf-8")
    found = "\n".join(problems_of(pack))
    assert f"{pack / 'fr' / 'force.toml'}:7: item 'tower': field 'needs': not safe for children at a table: 'corks'" in found
    assert (f"{pack / 'en' / 'force.toml'}:7: item 'tower': field 'needs': 'rocket' is not on the list of safe "
            "things; known: plastic cup,") in found
    assert "'corks' is not on the list" not in found  # named once, as unsafe


def test_every_safe_thing_has_a_french_and_an_english_name_and_none_is_unsafe():
    from companion.content.safety import SAFE_THINGS, thing_name, unsafe_words

    for key, (fr, en) in SAFE_THINGS.items():
        assert thing_name(key, "fr") == fr and thing_name(key, "en") == en
        assert unsafe_words(key) == [] and unsafe_words(fr, "fr") == [] and unsafe_words(en, "en") == []
