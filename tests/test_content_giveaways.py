"""Giveaways no single key word carries: a counted answer (six faces), a name (Pinocchio), a charade's
part (alpha in alphabet). The three the December 2026 review found the check missing are kept as a
fixture (tests/data/missed-giveaways/, copied from the pack as it was then): the check finds them
there, and the built-in pack no longer has them."""

from __future__ import annotations

import json
from pathlib import Path

from companion.content import check_pack
from companion.content.giveaways import find_giveaways, pack_giveaways
from companion.content.library import builtin_pack_dir
from companion.content.schema import DuelQuestion, Riddle
from tests.test_content_pack import _check

MISSED = Path(__file__).resolve().parent / "data" / "missed-giveaways"
THE_THREE = {
    "fr": [{("riddles", "die"), ("duel_questions", "cube-faces")},
           {("riddles", "lie"), ("duel_questions", "pinocchio")}],
    "en": [{("riddles", "alphabet"), ("duel_questions", "greek-alpha")}],
}


def riddle(answer: str, text: str, rid: str | None = None, **kw) -> Riddle:
    return Riddle(id=rid or answer, level="hard", text=text, answer=answer, **kw)


def question(qid: str, text: str, answer: str, **kw) -> DuelQuestion:
    return DuelQuestion(id=qid, question=text, answer=answer, **kw)


def pairs(found) -> list[tuple[set, str]]:
    return [(set(g.cards), g.word) for g in found]


def test_the_check_finds_the_three_giveaways_the_review_said_it_missed(capsys):
    assert _check(MISSED) == 0  # warnings, not problems
    counts = json.loads(capsys.readouterr().out.splitlines()[-1])
    found = {lang: sorted(sorted(p[:2]) for p in counts[lang]["giveaway_pairs"]) for lang in ("fr", "en")}
    assert found == {
        "fr": [["duel_questions/cube-faces", "riddles/die"], ["duel_questions/pinocchio", "riddles/lie"]],
        "en": [["duel_questions/greek-alpha", "riddles/alphabet"]],
    }


def test_the_built_in_pack_no_longer_has_them():
    pack, problems = check_pack(builtin_pack_dir())
    assert problems == []
    found = {lang: [set(g.cards) for g in gs] for lang, gs in pack_giveaways(pack).items()}
    for lang, wanted in THE_THREE.items():
        assert [pair for pair in wanted if pair in found[lang]] == []


def test_a_counted_answer_is_the_number_with_what_it_counts_in_words_or_digits():
    cube = question("cube-faces", "Combien de faces a un cube ?", "six", accept=("6",))
    for text in ("Six faces, je roule.", "J'ai 6 faces et je roule."):
        assert pairs(find_giveaways({"riddles": [riddle("dé", text)], "duel_questions": [cube]})) == [
            ({("duel_questions", "cube-faces"), ("riddles", "dé")}, "six faces")]
    # the number alone, or with something else counted, is no giveaway
    assert find_giveaways({"riddles": [riddle("dé", "Six fois je roule, mes faces sont à points.")],
                           "duel_questions": [cube]}) == []
    legs = question("legs", "How many legs does a spider have?", "eight", accept=("8",))
    assert pairs(find_giveaways({"riddles": [riddle("web", "Spun by 8 legs.")], "duel_questions": [legs]})) == [
        ({("duel_questions", "legs"), ("riddles", "web")}, "eight legs")]


def test_a_name_inside_a_sentence_ties_the_items_that_say_it_even_at_a_line_start():
    nose = question("pinocchio", "Que fait le nez de Pinocchio quand il ment ?", "il grandit")
    lie = riddle("mensonge", "Je ne dis pas vrai ;\nPinocchio m’avoue par le nez.\nQui suis-je ?")
    assert pairs(find_giveaways({"riddles": [lie], "duel_questions": [nose]})) == [
        ({("duel_questions", "pinocchio"), ("riddles", "mensonge")}, "pinocchio")]


def test_a_capital_that_opens_a_line_or_a_word_also_written_in_lower_case_is_no_name():
    tower = question("big-ben", "In which city is the clock tower called Big Ben?", "London")
    bell = riddle("bell", "I ring from a Tower of stone.\nWho am I?")
    verse = riddle("moon", "Silver face above the town;\nWho am I?")
    face = question("clock-face", "What has a Face and two hands?", "clock")
    assert find_giveaways({"riddles": [bell, verse], "duel_questions": [tower, face]}) == []


def test_a_key_word_that_begins_another_items_answer_is_a_charades_part():
    alpha = question("greek-alpha", "Which Greek letter comes just before beta?", "alpha")
    alphabet = riddle("alphabet", "My first leads wolves.\nWho am I?")
    assert pairs(find_giveaways({"riddles": [alphabet], "duel_questions": [alpha]})) == [
        ({("duel_questions", "greek-alpha"), ("riddles", "alphabet")}, "alpha")]
    # a word of 3 letters inside a longer one is no charade's part (mer, merci), nor one that only
    # adds 1 or 2 letters (an inflection, which the plain key words already cover: lune, lunes)
    sea = question("salt", "Quelle eau est salée ?", "mer")
    thanks = riddle("merci", "Je suis poli.\nQui suis-je ?")
    lamp = question("lamp", "Qui éclaire la nuit ?", "lampe")
    lamps = riddle("lampeur", "Je pends aux fêtes.\nQui suis-je ?")
    assert find_giveaways({"riddles": [thanks, lamps], "duel_questions": [sea, lamp]}) == []


def test_only_a_leading_article_leaves_a_key_phrase_and_an_accent_tells_de_from_de():
    die = riddle("dé", "Je roule.\nQui suis-je ?", accept=("dé à jouer",))
    cards = question("cards", "Quel jeu se joue avec 52 cartes, à jouer entre amis ?", "la belote")
    moon = question("moon", "Qui brille la nuit ?", "la Lune")
    tide = riddle("marée", "La lune me tire.\nQui suis-je ?")
    assert pairs(find_giveaways({"riddles": [die, tide], "duel_questions": [cards, moon]})) == [
        ({("duel_questions", "moon"), ("riddles", "marée")}, "lune")]
