"""Initials unique at the table (companion.app.players): colour is never the only cue to a player."""

from companion.app.players import initials


def test_a_first_letter_no_one_shares_is_the_initial():
    assert initials(["Zoé", "Bob", "anne"]) == {"Zoé": "Z", "Bob": "B", "anne": "A"}


def test_two_players_with_the_same_first_letter_get_two_different_letters():
    got = initials(["Marie-Christine", "Zoé", "Maximilien"])
    assert got == {"Marie-Christine": "Ma", "Zoé": "Z", "Maximilien": "Mx"}


def test_initials_stay_unique_when_no_letter_of_the_name_helps():
    got = initials(["Ann", "Anne", "Anna", "Bob"])
    assert len(set(v.casefold() for v in got.values())) == 4
    assert got["Ann"] == "An" and got["Bob"] == "B"


def test_a_name_starting_with_a_sign_takes_its_first_letter():
    assert initials(["-Éloi", "Luc"]) == {"-Éloi": "É", "Luc": "L"}
