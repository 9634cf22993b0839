"""Initials unique at the table (companion.app.initials), one rule for the setup, the chips and the podium:
colour is never the only cue to a player."""

from companion.app.initials import unique_initials


def test_a_first_letter_no_one_shares_is_the_initial():
    assert unique_initials(["Zoé", "Bob", "anne"]) == {"Zoé": "Z", "Bob": "B", "anne": "A"}


def test_two_players_with_the_same_first_letter_get_two_different_marks():
    got = unique_initials(["Marie", "Zoé", "Maximilien"])
    assert got == {"Marie": "Ma", "Zoé": "Z", "Maximilien": "Mx"}


def test_a_compound_name_takes_the_initial_of_its_second_word():
    assert unique_initials(["Marie-Christine", "Maximilien"]) == {"Marie-Christine": "MC", "Maximilien": "Ma"}


def test_accents_and_case_do_not_make_two_initials_different():
    got = unique_initials(["Élodie", "emma"])
    assert got["Élodie"][0] == "É" and got["emma"][0] == "E" and len(got["Élodie"]) == len(got["emma"]) == 2


def test_initials_stay_unique_when_no_letter_of_the_name_helps():
    got = unique_initials(["Ann", "Anne", "Anna", "Bob"])
    assert len({v.casefold() for v in got.values()}) == 4 and got["Bob"] == "B"


def test_a_name_starting_with_a_sign_takes_its_first_letter():
    assert unique_initials(["-Éloi", "Luc"]) == {"-Éloi": "É", "Luc": "L"}


def test_a_name_of_several_words_keeps_its_two_initials_at_every_table():
    """"Marie-Christine" is "MC" alone as beside "Maximilien": one disc for one person across screens."""
    assert unique_initials(["Marie-Christine", "Zoé"]) == {"Marie-Christine": "MC", "Zoé": "Z"}
    assert unique_initials(["Jean Paul"])["Jean Paul"] == "JP"
