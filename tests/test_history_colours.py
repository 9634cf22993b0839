"""The history's charts colour each player as play did: with the colour chosen at the table."""

from __future__ import annotations

from dataclasses import dataclass, field

import pytest

pytest.importorskip("kivy")

from companion.app.controls import colour_rgba  # noqa: E402
from companion.app.screens.history import player_colours  # noqa: E402
from companion.history.names import Names  # noqa: E402


@dataclass
class Game:  # the fields of a PlayedGame that the colours read
    id: int
    created_at: str
    players: tuple[str, ...]
    table: dict = field(default_factory=dict)


def test_a_player_has_the_colour_chosen_in_their_latest_game_not_their_place_in_the_list():
    games = [Game(1, "2026-03-01", ("Ann", "Bob"), {"colours": {"Ann": "coral", "Bob": "violet"}}),
             Game(2, "2026-03-08", ("Bob", "Ann"), {"colours": {"Bob": "lilac", "Ann": "lagoon"}})]
    # Bob leads the board: by index he would get the first palette colour (coral).
    assert player_colours(games, Names(), ["bob", "ann"]) == [colour_rgba("lilac"), colour_rgba("lagoon")]


def test_a_game_without_recorded_colours_gives_the_seating_colours_play_gave():
    games = [Game(1, "2026-03-01", ("Ann", "Bob"))]
    assert player_colours(games, Names(), ["bob", "ann"]) == [colour_rgba("mint"), colour_rgba("coral")]


def test_two_people_who_had_one_colour_on_different_evenings_each_keep_it():
    # A person's colour is theirs (setup seats them in it, the podium shows it): the leaderboard no longer
    # gives the second one another colour (the shared review: Anne mint at the table, lilac in the
    # statistics); their initials tell them apart.
    games = [Game(1, "2026-03-01", ("Ann", "Bob"), {"colours": {"Ann": "coral", "Bob": "mint"}}),
             Game(2, "2026-03-08", ("Cy", "Dee"), {"colours": {"Cy": "coral", "Dee": "mint"}})]
    colours = player_colours(games, Names(), ["ann", "bob", "cy", "dee"])
    assert colours == [colour_rgba(c) for c in ("coral", "mint", "coral", "mint")]


def test_the_saved_colours_of_the_log_come_before_the_games_shown():
    games = [Game(1, "2026-03-01", ("Ann", "Bob"), {"colours": {"Ann": "coral", "Bob": "mint"}})]
    assert player_colours(games, Names(), ["ann", "bob"], {"ann": "violet"}) == [colour_rgba("violet"),
                                                                                colour_rgba("mint")]


def test_the_winners_of_a_game_line_take_the_plural():
    from companion.app.table.language import Translator

    fr, en = Translator("fr"), Translator("en")
    assert fr("history.winner", n=2, players="Ann, Bob") == "2 gagnants\u00a0: Ann, Bob"
    assert fr("history.winner", n=1, players="Ann") == "1 gagnant\u00a0: Ann"
    assert en("history.winner", n=2, players="Ann, Bob") == "2 winners: Ann, Bob"
