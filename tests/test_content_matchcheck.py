"""The matching measure of `companion content check`, and the word lists it reads."""

from __future__ import annotations

import argparse
import json
import os

import pytest

from companion.content import check_pack, matchcheck
from companion.content.cli import register
from companion.content.inflection import english_plurals, french_plurals, phrase_plurals
from companion.content.lexicon import (
    DICTIONARY_DIR_ENV, DictionaryError, Lexicon, espeak_pronounce, read_word_list, system_lexicon,
)
from companion.content.library import builtin_pack_dir
from companion.content.matching import answer_key, build_matcher
from tests.test_content_validate import write_pack

SHADOW = """\
[[riddle]]
id = "shadow"
level = "easy"
text = \"\"\"
Je te suis partout sans bruit,
Et je disparais la nuit.
Qui suis-je ?\"\"\"
answer = "papillon"
"""


@pytest.fixture(scope="module")
def shipped():
    pack, problems = check_pack(builtin_pack_dir())
    assert [str(p) for p in problems] == []
    missing = [lang for lang in pack.languages if system_lexicon(lang) is None]
    assert not missing, f"word lists missing for {missing}: apt-get install wfrench wbritish (scripts/bootstrap does)"
    return pack


@pytest.mark.parametrize("language", ["fr", "en"])
def test_shipped_answers_accept_every_right_form_and_refuse_every_near_word(shipped, language):
    report = matchcheck.measure(shipped, language)
    # Each finding says which item and what to add to it (accept or reject).
    assert [str(p) for p in (*report.false_accepts, *report.false_rejects)] == []
    assert report.dictionary is not None and report.checked > 1000


def _pack(tmp_path, riddle=SHADOW):
    pack, problems = check_pack(write_pack(tmp_path / "p", items={"riddles": riddle}))
    assert problems == []
    return pack


def test_near_words_are_the_dictionary_words_within_reach_less_the_answer_and_its_forms(tmp_path):
    lexicon = Lexicon.from_words("fr", ["papillon", "papillons", "pavillon", "papillonner", "pavois", "lune"],
                                 pronounce=None)
    pack = _pack(tmp_path)
    item = pack.get("fr", "riddles")[0]
    matcher = build_matcher(item.answers, (), "fr", (lexicon,))
    near = matchcheck._within_reach(item.answers, matcher, matchcheck._reach(lexicon).near(["papillon"]))
    # pavillon: 1 edit; papillonner: the root "papillo" and 3 letters longer; pavois: 4 edits, another root.
    assert near == {"pavillon", "papillonner"}


def test_a_matcher_that_forgives_any_typo_is_caught_naming_item_answer_and_word(tmp_path, monkeypatch):
    lexicon = Lexicon.from_words("fr", ["papillon", "pavillon"], pronounce=None)
    blind = Lexicon.from_words("fr", [], pronounce=None)  # the matcher knows no word: any typo passes
    real = matchcheck.build_matcher
    monkeypatch.setattr(matchcheck, "build_matcher", lambda a, r, lang, lex: real(a, r, lang, (blind,)))
    report = matchcheck.measure(_pack(tmp_path), "fr", lexicon)
    assert [p.message for p in report.false_accepts] == [
        "false accept: the word 'pavillon' is accepted for 'papillon' (one typo from 'papillon') but is "
        'another word; add "pavillon" to reject']
    assert (report.false_accepts[0].item, report.false_accepts[0].field) == ("shadow", "reject")


def test_a_matcher_without_plurals_is_caught_saying_what_to_accept(tmp_path, monkeypatch):
    monkeypatch.setattr("companion.content.matching.phrase_plurals", lambda answer, language: ())
    lexicon = Lexicon.from_words("fr", ["papillon", "papillons"], pronounce=None)
    report = matchcheck.measure(_pack(tmp_path), "fr", lexicon)
    messages = [p.message for p in report.false_rejects]
    assert "false reject: 'papillons' (plural of 'papillon') is refused; add \"papillons\" to accept" in messages
    assert report.false_accepts == ()


def test_a_typo_listed_in_reject_is_refused_on_purpose_not_reported(tmp_path):
    # "papilon" is a typo the rules forgive; listing it in reject refuses it, on purpose: not a finding.
    riddle = SHADOW + 'reject = ["papilon"]\n'
    lexicon = Lexicon.from_words("fr", ["papillon"], pronounce=None)
    report = matchcheck.measure(_pack(tmp_path, riddle), "fr", lexicon)
    assert report.false_rejects == () and report.false_accepts == ()


def test_without_a_dictionary_the_figures_say_so(tmp_path, monkeypatch):
    monkeypatch.setenv(DICTIONARY_DIR_ENV, str(tmp_path / "none"))
    report = matchcheck.measure(_pack(tmp_path), "fr")
    assert report.figures() == {"checked": report.checked, "false_accepts": 0, "false_rejects": 0,
                                "dictionary": False}
    assert "no fr word list installed (Debian package wfrench" in report.note


def _check(*dirs) -> int:
    parser = argparse.ArgumentParser(prog="companion")
    register(parser.add_subparsers())
    args = parser.parse_args(["content", "check", *[a for d in dirs for a in ("--dir", str(d))]])
    return args.func(args)


def test_check_without_word_lists_passes_but_says_so_in_a_line_and_the_json(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv(DICTIONARY_DIR_ENV, str(tmp_path / "none"))
    assert _check(write_pack(tmp_path / "p")) == 0
    out = capsys.readouterr().out.splitlines()
    assert any(line.startswith("fr: no fr word list installed") for line in out)
    assert json.loads(out[-1])["fr"]["matching"]["dictionary"] is False


def test_check_fails_on_a_false_accept_and_names_it(tmp_path, monkeypatch, capsys):
    words = tmp_path / "dict"
    words.mkdir()
    (words / "french").write_text("papillon\npavillon\n", "utf-8")
    (words / "british-english").write_text("moon\n", "utf-8")
    monkeypatch.setenv(DICTIONARY_DIR_ENV, str(words))
    blind = Lexicon.from_words("fr", [], pronounce=None)
    real = matchcheck.build_matcher
    monkeypatch.setattr(matchcheck, "build_matcher", lambda a, r, lang, lex: real(a, r, lang, (blind,)))
    assert _check(write_pack(tmp_path / "p", items={"riddles": SHADOW})) == 1
    out = capsys.readouterr().out
    assert "item 'shadow': field 'reject': false accept: the word 'pavillon' is accepted for 'papillon'" in out
    figures = json.loads(out.splitlines()[-1])
    assert (figures["fr"]["matching"]["false_accepts"], figures["en"]["matching"]["false_accepts"]) == (1, 0)
    assert figures["fr"]["matching"]["dictionary"] is True


def test_word_list_reader_skips_possessives_long_and_broken_lines(tmp_path):
    path = tmp_path / "list"
    path.write_bytes("bread\nbread's\n".encode() + b"\xff\xfe\n" + b"x" * 500 + "\nœuf\n".encode())
    assert read_word_list(path) == ["bread", "œuf"]


def test_word_list_reader_refuses_what_is_not_a_word_list(tmp_path, monkeypatch):
    with pytest.raises(DictionaryError, match="not a regular file"):
        read_word_list(tmp_path)
    if hasattr(os, "mkfifo"):
        os.mkfifo(tmp_path / "fifo")
        with pytest.raises(DictionaryError, match="not a regular file"):
            read_word_list(tmp_path / "fifo")
    big = tmp_path / "big"
    big.write_text("mot\n" * 100, "utf-8")
    monkeypatch.setattr("companion.content.lexicon.MAX_DICTIONARY_BYTES", 64)
    with pytest.raises(DictionaryError, match="more than a word list"):
        read_word_list(big)


def test_system_lexicon_is_none_when_not_installed_and_read_once(tmp_path, monkeypatch):
    monkeypatch.setenv(DICTIONARY_DIR_ENV, str(tmp_path))
    assert system_lexicon("fr") is None
    (tmp_path / "american-english").write_text("Colour\ncolor\n", "utf-8")
    english = system_lexicon("en")
    assert english is not None and "colour" in english and english.source.endswith("american-english")
    assert system_lexicon("en") is english


def test_french_plurals_follow_the_grammar_and_its_exceptions():
    assert {w: french_plurals(w) for w in ("cheval", "bal", "travail", "rail", "bateau", "pneu", "jeu",
                                           "bijou", "trou", "nez", "œil", "ciel", "œuf")} == {
        "cheval": ("chevaux",), "bal": ("bals",), "travail": ("travaux",), "rail": ("rails",),
        "bateau": ("bateaux",), "pneu": ("pneus",), "jeu": ("jeux",), "bijou": ("bijoux",), "trou": ("trous",),
        "nez": (), "œil": ("yeux", "œils"), "ciel": ("cieux", "ciels"), "œuf": ("œufs",)}


def test_english_plurals_include_irregular_and_learned_ones():
    assert set(english_plurals("octopus")) >= {"octopuses", "octopi"}
    assert [english_plurals(w)[0] for w in ("mouse", "foot", "child", "person", "knife", "butterfly")] == [
        "mice", "feet", "children", "people", "knives", "butterflies"]
    assert english_plurals("sheep") == ()


def test_compound_answers_pluralise_word_by_word_not_their_links():
    assert "cerfs-volants" in phrase_plurals("cerf-volant", "fr")
    assert "crayons à papier" in phrase_plurals("crayon à papier", "fr")
    assert all(" à " in p for p in phrase_plurals("crayon à papier", "fr"))
    assert phrase_plurals("Jupiter", "en") == () and phrase_plurals("8", "fr") == ()
    assert answer_key("Cerfs-Volants") == "cerfsvolants"


def test_pronunciations_stay_paired_with_their_words_when_one_word_splits(tmp_path, monkeypatch):
    # A stand-in espeak-ng that says each word as itself, but a word with a space as two lines.
    fake = tmp_path / "espeak-ng"
    fake.write_text("#!/bin/sh\nwhile read -r w; do printf '%s\\n' $w; done\n", "utf-8")
    fake.chmod(0o755)
    monkeypatch.setenv("PATH", f"{tmp_path}:{os.environ['PATH']}")
    said = espeak_pronounce("en", ["bread", "two words", "bred", "brad"])
    assert said == {"bread": "bread", "bred": "bred", "brad": "brad"}
