"""Answer matching: forgiving of form (case, accents, articles, plurals, one typo), strict on the word."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.content.lexicon import Lexicon, system_lexicon
from companion.content.matching import answer_key, build_matcher, is_accepted, normalise, one_typo


def known(*words: str, language: str = "fr") -> tuple[Lexicon, ...]:
    """A dictionary of just ``words``, so that a rule is tested apart from Debian's lists."""
    return (Lexicon.from_words(language, words, pronounce=None),)


def accepts(typed: str, answers: list[str], *, words: tuple[str, ...] = (), rejects: tuple[str, ...] = (),
            language: str = "fr") -> bool:
    return build_matcher(answers, rejects, language, known(*words, language=language)).accepts(typed)


@pytest.fixture(scope="module")
def real_dictionaries():
    missing = [lang for lang in ("fr", "en") if system_lexicon(lang) is None]
    assert not missing, f"word lists missing for {missing}: apt-get install wfrench wbritish (scripts/bootstrap does)"


# What a player types that must count as the answer (issue 18's list and the irregular plurals).
RIGHT = {
    "fr": [
        ("ombres", ["ombre"]), ("œufs", ["œuf"]), ("oeufs", ["œuf"]), ("clés", ["clé", "clef"]),
        ("clefs", ["clé", "clef"]), ("échos", ["écho"]), ("pains", ["pain"]), ("ancres", ["ancre"]),
        ("cerfs-volants", ["cerf-volant"]), ("cerfs volants", ["cerf-volant"]),
        ("crayon à papier", ["crayon", "crayon à papier"]), ("crayons à papier", ["crayon", "crayon à papier"]),
        ("yeux", ["œil"]), ("les yeux", ["œil"]), ("cieux", ["ciel"]), ("chevaux", ["cheval"]),
        ("bijoux", ["bijou"]), ("vitraux", ["vitrail"]), ("arcs-en-ciel", ["arc-en-ciel"]),
        ("papilon", ["papillon"]), ("orloge", ["horloge"]), ("bougi", ["bougie"]),
    ],
    "en": [
        ("clocks", ["clock"]), ("eggs", ["egg"]), ("keys", ["key"]), ("moons", ["moon"]), ("stars", ["star"]),
        ("shoes", ["shoe"]), ("butterflies", ["butterfly"]), ("octopuses", ["octopus"]), ("octopi", ["octopus"]),
        ("compasses", ["compass"]), ("candel", ["candle"]), ("bred", ["bread"]), ("mice", ["mouse"]),
        ("feet", ["foot"]), ("teeth", ["tooth"]), ("children", ["child"]), ("geese", ["goose"]),
        ("men", ["man"]), ("people", ["person"]), ("sheep", ["sheep"]), ("fish", ["fish"]),
        ("wolves", ["wolf"]), ("the knives", ["knife"]),
    ],
}
# Near words that must be refused: another real word one letter away (issue 18's list).
WRONG = {
    "fr": [
        ("tiroir", ["miroir"]), ("sablier", ["tablier"]), ("tablier", ["sablier"]), ("mouton", ["bouton"]),
        ("pavillon", ["papillon"]), ("flacon", ["glaçon"]), ("rayon", ["crayon"]), ("toile", ["étoile"]),
        ("monstre", ["horloge", "montre"]), ("bouge", ["bougie"]), ("bouges", ["bougie"]), ("encre", ["ancre"]),
    ],
    "en": [
        ("handle", ["candle"]), ("classes", ["glasses"]), ("grasses", ["glasses"]), ("willow", ["pillow"]),
        ("brad", ["bread"]), ("glass", ["glasses"]),
    ],
}


@pytest.mark.parametrize("language", ["fr", "en"])
def test_right_answers_are_accepted_with_the_real_dictionaries(real_dictionaries, language):
    refused = [(typed, answers) for typed, answers in RIGHT[language]
               if not is_accepted(typed, answers, language=language)]
    assert refused == []


@pytest.mark.parametrize("language", ["fr", "en"])
def test_near_words_are_refused_with_the_real_dictionaries(real_dictionaries, language):
    accepted = [(typed, answers) for typed, answers in WRONG[language]
                if is_accepted(typed, answers, language=language)]
    assert accepted == []


def test_case_and_accents_are_ignored():
    assert is_accepted("EPOUVANTAIL", ["épouvantail"])
    assert is_accepted("Éponge", ["eponge"])
    assert is_accepted("oeuf", ["œuf"]) and is_accepted("ŒUF", ["oeuf"])
    assert is_accepted("AEGIS", ["ægis"], language="en")


def test_articles_are_ignored():
    for typed in ("la lune", "La Lune", "une lune", "l'horloge", "L’horloge", "les dés", "un dé",
                  "du pain", "de la neige", "de l'eau", "the moon", "a candle", "an egg"):
        expected = typed.split(" ")[-1].split("'")[-1].split("’")[-1]
        assert is_accepted(typed, [expected]), typed


def test_article_is_only_dropped_when_a_word_follows_it():
    assert answer_key("un") == "un"
    assert not is_accepted("une", ["un"])
    assert not is_accepted("la", ["le"])


def test_surrounding_spaces_hyphens_and_apostrophes_are_ignored():
    assert is_accepted("   lune  ", ["lune"])
    assert is_accepted("Lune !", ["lune"])
    assert is_accepted("arc en ciel", ["arc-en-ciel"])
    assert is_accepted("arc-en-ciel", ["arc en ciel"])
    assert is_accepted("aujourdhui", ["aujourd’hui"])


def test_listed_alternatives_are_accepted_with_their_plurals():
    assert is_accepted("pendule", ["horloge", "pendule", "réveil"], language="fr")
    assert is_accepted("the réveil", ["horloge", "réveil"])
    assert is_accepted("les clefs", ["clé", "clef"], language="fr")


def test_a_plural_answer_does_not_accept_its_singular():
    # "lunettes" (glasses) is not "lunette" (a telescope): a writer lists the singular if it is right.
    assert not accepts("lunette", ["lunettes"], words=("lunette",))
    assert not is_accepted("lunette", ["lunettes"], language="fr")  # the same sound, but a letter apart
    assert not is_accepted("glass", ["glasses"], language="en")


def test_a_look_alike_plural_is_not_taken_for_the_answer():
    # "baux" is the plural of "bail"; "bal" makes "bals".
    assert is_accepted("bals", ["bal"], language="fr")
    assert not accepts("baux", ["bal"])


def test_names_and_numbers_take_no_plural():
    exact = build_matcher(["Jupiter", "8"], (), "en", ())  # no dictionary: no typo either
    assert exact.accepts("jupiter") and not exact.accepts("Jupiters")
    assert not exact.accepts("88") and not exact.accepts("8s")


def test_one_typo_is_forgiven_when_it_is_not_another_word():
    assert accepts("horloje", ["horloge"])     # substitution
    assert accepts("horlge", ["horloge"])      # deletion
    assert accepts("horlogge", ["horloge"])    # insertion
    assert accepts("horlgoe", ["horloge"])     # two neighbours swapped (Damerau)
    assert accepts("tresor", ["trésor"])       # accents are free, not a typo
    assert accepts("chevaus", ["cheval"])      # a typo in a plural


def test_a_typo_that_is_another_word_is_refused():
    assert not accepts("pavillon", ["papillon"], words=("pavillon",))
    assert accepts("pavillon", ["papillon"], words=("pivoine",))


def test_a_typo_that_sounds_exactly_like_the_answer_is_forgiven():
    said = {"bread": "brɛd", "bred": "brɛd", "brad": "brad", "breads": "brɛdz", "breadz": "brɛdz"}
    lexicon = Lexicon.from_words("en", said, pronounce=lambda lang, words: {w: said[w] for w in words})
    matcher = build_matcher(["bread"], (), "en", (lexicon,))
    assert matcher.accepts("bred")
    assert not matcher.accepts("brad")  # another sound
    assert not matcher.accepts("breadz")  # the same sound as "breads", but a consonant apart


def test_espeak_hears_the_homophone_and_the_different_word(real_dictionaries):
    english, french = system_lexicon("en"), system_lexicon("fr")
    assert english.sounds_alike("bred", "bread") and not english.sounds_alike("brad", "bread")
    assert not french.sounds_alike("bouge", "bougie")


def test_the_first_letter_is_never_forgiven_but_a_silent_h():
    assert not accepts("tiroir", ["miroir"])
    assert not accepts("orloge", ["lorloge"])
    assert accepts("orloge", ["horloge"]) and accepts("hombre", ["ombre"])
    assert not one_typo("ahundred", "hundred")


def test_no_typo_is_forgiven_in_answers_under_five_letters():
    assert not accepts("lume", ["lune"])
    assert not accepts("pont", ["port"])
    assert accepts("brea", ["bread"], language="en")


def test_no_typo_is_forgiven_in_numbers():
    assert not accepts("1790", ["1789"])
    assert not accepts("10001", ["10000"])


def test_two_typos_are_refused():
    assert not accepts("horlaje", ["horloge"])
    assert not accepts("babilon", ["papillon"])


def test_without_a_dictionary_no_typo_is_forgiven():
    matcher = build_matcher(["papillon"], (), "fr", ())
    assert matcher.accepts("papillons") and matcher.accepts("le papillon")
    assert not matcher.accepts("papilon") and not matcher.accepts("pavillon")


def test_wrong_answers_are_refused():
    assert not is_accepted("soleil", ["lune"])
    assert not is_accepted("", ["lune"])
    assert not is_accepted("   ", ["lune"])
    assert not is_accepted("la", ["lune"])


def test_listed_near_miss_is_refused_despite_the_typo_allowance():
    assert accepts("poison", ["poisson"])
    assert not accepts("poison", ["poisson"], rejects=("poison",))
    assert not accepts("poisons", ["poisson"], rejects=("poison",))
    assert accepts("poisson", ["poisson"], rejects=("poison",))


def test_normalise_folds_words():
    assert normalise("  L’Arc-en-Ciel, enfin !  ") == "l'arc en ciel enfin"


# No deadline: the first example may import inflect (about a second) before the plurals are known.
@settings(deadline=None)
@given(st.text(alphabet="abcdefghijklmnopqrstuvwxyzéèàçô", min_size=1, max_size=12))
def test_every_answer_accepts_itself_in_any_case(word):
    assert is_accepted(word.upper(), [word])
    assert is_accepted(f"  {word} ", [word])


@settings(deadline=None)
@given(st.text(alphabet="abcdefghijklmnopqrstuvwxyz", min_size=5, max_size=14), st.data())
def test_any_single_deletion_after_the_first_letter_is_forgiven_when_no_word_is_made(word, data):
    i = data.draw(st.integers(min_value=1, max_value=len(word) - 1))
    assert accepts(word[:i] + word[i + 1:], [word])


@settings(deadline=None)
@given(st.text(alphabet="abcdefghij", min_size=2, max_size=10), st.data())
def test_a_typo_that_is_a_known_word_is_always_refused(word, data):
    i = data.draw(st.integers(min_value=1, max_value=len(word) - 1))
    typo = word[:i] + word[i + 1:]
    forms = build_matcher([word], (), "en", known(typo, language="en")).forms
    assert accepts(typo, [word], words=(typo,), language="en") == (answer_key(typo) in forms)


def test_the_word_list_is_read_only_when_a_typo_needs_it(monkeypatch):
    asked = []
    monkeypatch.setattr("companion.content.lexicon.system_lexicon", lambda lang: asked.append(lang))
    matcher = build_matcher(["papillon"], (), "fr")
    assert matcher.accepts("Les papillons") and not matcher.accepts("soleil")
    assert asked == []
    assert not matcher.accepts("papilon")  # no list installed: the typo is not forgiven
    assert asked == ["fr"]


def test_a_broken_word_list_counts_as_none_for_the_player(tmp_path, monkeypatch):
    (tmp_path / "french").mkdir()  # a folder where the list should be
    monkeypatch.setenv("COMPANION_DICTIONARY_DIR", str(tmp_path))
    matcher = build_matcher(["papillon"], (), "fr")
    assert matcher.accepts("papillon") and not matcher.accepts("papilon")
