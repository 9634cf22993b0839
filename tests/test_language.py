"""The table's language: the gettext catalogues (complete, compiled, in the right register), plural forms,
dates and numbers through Babel (the package loads no Kivy: tests/test_app_layers.py)."""

from __future__ import annotations

import ast
import re
from datetime import datetime
from pathlib import Path

import pytest

from companion.app.table import catalogues, language
from companion.app.table.language import LANGUAGE_NAMES, LANGUAGES, Translator, placeholders

ROOT = Path(__file__).resolve().parent.parent
NNBSP = "\u202f"  # the narrow no-break space CLDR puts between French thousands


def all_messages() -> dict[str, dict[str, tuple[str, ...]]]:
    return {code: catalogues.messages(code) for code in catalogues.sources()}


def test_the_languages_are_the_catalogues_found_french_first_each_named_in_its_own_words():
    assert LANGUAGES[0] == "fr" and set(LANGUAGES) == set(catalogues.sources()) >= {"fr", "en"}
    assert LANGUAGE_NAMES == {"fr": "Français", "en": "English"}


def test_every_message_exists_in_every_language_with_the_same_placeholders_and_all_plural_forms():
    found = all_messages()
    reference = found["fr"]
    for code, messages in found.items():
        assert set(messages) == set(reference), code
        forms = catalogues.plural_forms(code)
        assert catalogues.counted(code) == catalogues.counted("fr"), code
        for key, texts in messages.items():
            assert all(texts), (code, key)  # no empty translation (gettext would show the key)
            if key in catalogues.counted(code):
                assert len(texts) == forms, (code, key)
                assert all("n" in placeholders(t) for t in texts), (code, key)  # the count chooses the form
            for text in texts:
                assert placeholders(text) == placeholders(reference[key][0]), (code, key)


def test_each_compiled_catalogue_is_the_compilation_of_its_source():
    for code, po in catalogues.sources().items():
        mo = po.with_suffix(".mo")
        assert mo.exists() and not catalogues.stale(po), f"{mo} is stale: python -m companion.app.table.catalogues"


def test_a_stale_compiled_catalogue_is_found_and_rewritten(tmp_path, monkeypatch):
    po = tmp_path / "fr" / "LC_MESSAGES" / "companion.po"
    po.parent.mkdir(parents=True)
    po.write_text(catalogues.sources()["fr"].read_text("utf-8").replace('"Réserve : {n} clé"', '"Stock : {n} clé"'), "utf-8")
    po.with_suffix(".mo").write_bytes(catalogues.sources()["fr"].with_suffix(".mo").read_bytes())
    monkeypatch.setattr(catalogues, "LOCALE_DIR", tmp_path)
    assert catalogues.compile_all() == [po.with_suffix(".mo")]
    assert catalogues.compile_all() == []


def test_a_count_takes_the_form_its_language_needs():
    fr, en = Translator("fr"), Translator("en")
    assert [fr.tn("common.keys", n) for n in (0, 1, 2)] == ["0 clé", "1 clé", "2 clés"]
    assert [en.tn("common.keys", n) for n in (0, 1, 2)] == ["0 keys", "1 key", "2 keys"]
    assert fr("common.boyards", n=1) == "1 Boyard" and en("treasure.token", n=50) == "50 Boyards"
    assert fr("player.games", n=0) == "0 partie jouée" and en("player.wins", n=1) == "1 win"


def test_numbers_are_written_with_the_languages_separators():
    assert Translator("fr")("common.boyards", n=1000) == f"1{NNBSP}000 Boyards"
    assert Translator("en")("common.boyards", n=1000) == "1,000 Boyards"
    # a value the message formats itself keeps that form, with the language's decimal sign
    assert Translator("en")("doctor.d.nothing", seconds=2) == "nothing to check (2.0 s)"
    assert Translator("fr")("doctor.d.nothing", seconds=2.54) == "rien à vérifier (2,5 s)"


def test_history_dates_read_as_the_language_says_them():
    moment = datetime(2026, 2, 14, 18, 5).astimezone()  # a Saturday, in local time
    same_year, next_year = datetime(2026, 6, 1), datetime(2027, 1, 2)
    assert Translator("fr").date_time(moment, now=same_year) == "samedi 14 février, 18 h 05"
    assert Translator("en").date_time(moment, now=same_year) == "Saturday 14 February, 18:05"
    assert Translator("fr").date_time(moment, now=next_year) == "samedi 14 février 2026, 18 h 05"
    early = datetime(2026, 2, 14, 8, 5).astimezone()
    assert Translator("fr").date_time(early, now=same_year) == "samedi 14 février, 8 h 05"  # not "08 h 05"
    assert Translator("en").date_time(early, now=same_year) == "Saturday 14 February, 08:05"
    first = datetime(2026, 12, 1, 20, 30).astimezone()
    assert Translator("fr").date_time(first, now=same_year) == "mardi 1er décembre, 20 h 30"
    assert Translator("fr").date_time(first, now=next_year) == "mardi 1er décembre 2026, 20 h 30"
    assert Translator("en").date_time(first, now=same_year) == "Tuesday 1 December, 20:30"


def test_an_unknown_key_is_an_error_naming_it():
    with pytest.raises(KeyError, match="no.such"):
        Translator("en")("no.such")


APOSTROPHE_FREE = re.compile(r"^" + re.escape(catalogues.PATTERNS))  # Babel date patterns quote literal text with '


def test_no_message_shows_a_straight_apostrophe():
    for code, messages in all_messages().items():
        for key, texts in messages.items():
            if not APOSTROPHE_FREE.match(key):
                assert not any("'" in t for t in texts), (code, key, texts)


# Words ending in -ez that are not a "vous" verb form.
NOT_VOUS = {"chez", "assez", "nez", "rez", "sez"}
VOUS = re.compile(r"\b(vous|votre|vos)\b", re.IGNORECASE)
EZ = re.compile(r"\b(\w+ez)\b", re.IGNORECASE)


def vous_forms(text: str) -> list[str]:
    words = VOUS.findall(text) + [w for w in EZ.findall(text) if w.lower() not in NOT_VOUS]
    return words


def test_the_french_says_tu_to_the_table():
    for key, texts in catalogues.messages("fr").items():
        for text in texts:
            assert vous_forms(text) == [], (key, text)


def test_the_register_check_finds_vous_and_spares_chez():
    assert vous_forms("Piochez une carte et lisez votre texte") == ["votre", "Piochez", "lisez"]
    assert vous_forms("Assez ! Chez toi, mouche ton nez") == []


def test_the_french_keeps_punctuation_with_its_word_and_sets_content_with_typographic_apostrophes():
    assert Translator("fr")("propose.title", player="Zoé") == "Zoé, ton mot-code\u00a0?"
    assert Translator("fr").typeset("Bandeau sur l'œil ; qui suis-je ?") == "Bandeau sur l’œil\u00a0; qui suis-je\u00a0?"
    assert Translator("en").typeset("Who's there?") == "Who's there?"  # English content is shown as written


def test_a_new_catalogue_is_a_new_language_without_code(tmp_path, monkeypatch):
    for code, po in catalogues.sources().items():
        target = tmp_path / code / "LC_MESSAGES"
        target.mkdir(parents=True)
        (target / "companion.mo").write_bytes(po.with_suffix(".mo").read_bytes())
    english = catalogues.sources()["en"].read_text("utf-8")
    german = english.replace('"Language: en', '"Language: de').replace('msgstr "English"', 'msgstr "Deutsch"')
    po = tmp_path / "de" / "LC_MESSAGES" / "companion.po"
    po.parent.mkdir(parents=True)
    po.write_text(german.replace('msgstr "The tabletop companion"', 'msgstr "Der Tischbegleiter"'), "utf-8")
    po.with_suffix(".mo").write_bytes(catalogues.compiled(po))
    monkeypatch.setattr(language, "LOCALE_DIR", tmp_path)
    language.catalogue.cache_clear()
    try:
        found = language._found_languages()
        assert found[0] == "fr" and set(found) == {"fr", "en", "de"}
        monkeypatch.setattr(language, "LANGUAGES", found)
        de = Translator("de")
        assert de.language == "de" and de("app.title") == "Der Tischbegleiter"
        assert de("language.name") == "Deutsch" and de.tn("common.keys", 1000) == "1.000 keys"  # German separators
        assert language.next_language("en") in found
    finally:
        language.catalogue.cache_clear()


def calls_missing_values(source: str) -> list[tuple[int, str, set[str]]]:
    """Calls in ``source`` that name a message by a literal key (``tr("key", ...)``, a doctor's
    ``Result.said(check, status, "key", ...)``, a ``Notice(key, detail, {...})``) without every value its
    forms need, or with a key no catalogue has: a KeyError at the table."""
    found = catalogues.messages("fr")
    missing = []
    for node in ast.walk(ast.parse(source)):
        if not isinstance(node, ast.Call) or any(k.arg is None for k in node.keywords):
            continue  # **values: not checked here
        name = getattr(node.func, "attr", getattr(node.func, "id", ""))
        at = {"tr": 0, "tn": 0, "Notice": 0, "translate": 1, "said": 2}.get(name)
        if at is None:
            continue
        if len(node.args) <= at or not isinstance(node.args[at], ast.Constant) or not isinstance(node.args[at].value, str):
            continue
        key = ("doctor.d." if name == "said" else "") + node.args[at].value
        given = {k.arg for k in node.keywords}
        if name == "Notice":  # Notice(key, detail, {"name": value})
            params = node.args[2] if len(node.args) > 2 else next((k.value for k in node.keywords if k.arg == "params"), None)
            if params is not None and not isinstance(params, ast.Dict):
                continue
            given = {k.value for k in params.keys} if params is not None else set()
        if key not in found:
            missing.append((node.lineno, key, {"(no such message)"}))
            continue
        need = set().union(*(placeholders(t) for t in found[key])) - given
        if need:
            missing.append((node.lineno, key, need))
    return missing


def test_every_call_naming_a_message_gives_the_values_it_needs():
    for module in sorted((ROOT / "companion").rglob("*.py")):
        assert calls_missing_values(module.read_text("utf-8")) == [], module


def test_the_call_check_finds_a_missing_value():
    assert calls_missing_values('said("game log", PASS, "log_ok", path="x", games=12)') == [(1, "doctor.d.log_ok", {"n"})]
    assert calls_missing_values('tr("common.keys", count=2)') == [(1, "common.keys", {"n"})]
    assert calls_missing_values('self.tr("common.kyes", n=2)') == [(1, "common.kyes", {"(no such message)"})]
    assert calls_missing_values('Notice("notice.pack", "", {"file": "x"})') == [(1, "notice.pack", {"pack"})]


@pytest.fixture
def scratch_catalogues(tmp_path, monkeypatch):
    """A copy of the catalogues that the ``catalogues`` module works on."""
    for code, po in catalogues.sources().items():
        target = tmp_path / code / "LC_MESSAGES"
        target.mkdir(parents=True)
        (target / "companion.po").write_bytes(po.read_bytes())
        (target / "companion.mo").write_bytes(po.with_suffix(".mo").read_bytes())
    monkeypatch.setattr(catalogues, "LOCALE_DIR", tmp_path)
    return tmp_path


def test_messages_are_added_to_every_catalogue_and_compiled(scratch_catalogues):
    added = catalogues.add({
        "podium.rematch": {"fr": "Revanche ?", "en": "Rematch?"},
        "podium.seats": {"fr": ["{n} place", "{n} places"], "en": ["{n} seat", "{n} seats"]},
        "podium.quote": {"fr": "C'est \"dit\"", "en": "It's said"},
    })
    assert added == ["podium.rematch", "podium.seats", "podium.quote"]
    assert catalogues.messages("fr")["podium.seats"] == ("{n} place", "{n} places")
    assert catalogues.messages("fr")["podium.quote"] == ("C’est \"dit\"",)  # typographic apostrophe
    assert catalogues.messages("en")["podium.rematch"] == ("Rematch?",)
    assert not any(catalogues.stale(po) for po in catalogues.sources().values())


@pytest.mark.parametrize("entries, says", [
    ({"common.yes": {"fr": "Oui", "en": "Yes"}}, "common.yes: already a message"),
    ({"podium.rematch": {"fr": "Revanche ?"}}, "podium.rematch: give a text for each language"),
    ({"podium.who": {"fr": "{player} gagne", "en": "{name} wins"}}, "podium.who (en): other placeholders"),
    ({"podium.seats": {"fr": ["{n} place"], "en": ["{n} seat", "{n} seats"]}}, "podium.seats (fr): a counted message has 2 forms"),
    ({"two words": {"fr": "a", "en": "b"}}, "a key is one word"),
])
def test_an_addition_that_would_break_a_catalogue_is_refused_whole(scratch_catalogues, entries, says):
    before = {code: po.read_bytes() for code, po in catalogues.sources().items()}
    with pytest.raises(catalogues.CatalogueError, match=re.escape(says)):
        catalogues.add({"podium.fine": {"fr": "Bien", "en": "Fine"}, **entries})
    assert {code: po.read_bytes() for code, po in catalogues.sources().items()} == before


def test_the_add_command_reads_a_python_literal_and_refuses_code(scratch_catalogues, tmp_path, capsys):
    given = tmp_path / "new.py"
    given.write_text('{"home.rematch": {"fr": "Revanche", "en": "Rematch"}}', "utf-8")
    assert catalogues.main(["add", str(given)]) == 0 and "added home.rematch" in capsys.readouterr().out
    given.write_text('__import__("os").system("true")', "utf-8")
    assert catalogues.main(["add", str(given)]) == 1
    assert f"{given}: not a Python literal" in capsys.readouterr().err


def test_a_message_translated_twice_in_a_catalogue_is_refused_naming_its_line(tmp_path):
    """Two `msgstr` for one message (a merge that joined two versions): Babel would keep one silently."""
    from companion.app.table import catalogues

    po = tmp_path / "fr" / "LC_MESSAGES" / "companion.po"
    po.parent.mkdir(parents=True)
    po.write_text('msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n\n'
                  'msgid "a"\nmsgstr "un"\nmsgstr "une"\n', encoding="utf-8")
    with pytest.raises(catalogues.CatalogueError, match="line 7: a second translation"):
        catalogues.read(po)
