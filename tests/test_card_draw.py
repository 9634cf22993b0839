"""The companion's card draws: no two cards of one game give each other away, and the cards the table
heard in its last games come last. The giveaway check between decks, which the draw relies on."""

from __future__ import annotations

import random

import pytest

from companion.app.controller import Controller, PlayerSetup
from companion.app.games.fort_boyard.cards import DECK_KINDS
from companion.app.games.fort_boyard.ui import new_game
from companion.app.table.language import Translator
from companion.app.settings import Settings
from companion.content import load_library
from companion.content.draw import choose_card, games_ago
from companion.content.giveaways import find_giveaways
from companion.content.schema import DuelQuestion, ForceChallenge, Riddle
from companion.session import GameSession
from companion.store import GameLog
from tests.test_content_validate import ITEMS, write_pack

OCTOPUS = """\
[[riddle]]
id = "octopus"
level = "easy"
text = \"\"\"
Huit bras, trois cœurs et de l'encre en fuite,
Au fond de la mer je file très vite.
Qui suis-je ?\"\"\"
answer = "pieuvre"
"""

FORCE = "\n".join(
    f'[[challenge]]\nid = "{card_id}"\ntitle = "Épreuve {n}"\ntext = "{text}"\n'
    'success = "Réussi avant la fin du sablier."\n'
    for n, (card_id, text) in enumerate([
        ("ink", "Mime une pieuvre qui nage, avec tes huit bras."),  # gives the riddle away
        *((f"stack-{k}", f"Empile {k + 2} gobelets en plastique.") for k in range(9)),
    ])
)


@pytest.fixture(scope="module")
def library(tmp_path_factory):
    pack = write_pack(tmp_path_factory.mktemp("pack") / "p", items={"riddles": OCTOPUS, "force": FORCE})
    library = load_library([pack])
    assert not library.refused, library.refused
    return library


def table(log: GameLog, library, seed: int) -> Controller:
    c = Controller(GameSession(log), Settings(language="fr"), library, Translator("fr"))
    new_game(c, [PlayerSetup("Ann", "orange"), PlayerSetup("Bob", "sky")], "Ann", "red",
               {d: "companion" for d in DECK_KINDS}, seed=seed)
    return c


def force_cards(c: Controller, n: int) -> list[str]:
    """Land on Force ``n`` times; the ids of the cards the companion drew."""
    drawn = []
    for _ in range(n):
        c.send({"cmd": "land", "space": "force"})
        drawn.append(c.view["card"]["id"])
        c.send({"cmd": "result", "success": False})
    return drawn


# --- the giveaway check ---------------------------------------------------------------------------------

def riddle(answer: str, text: str = "Qui suis-je ?", **kw) -> Riddle:
    return Riddle(id=answer, level="easy", text=text, answer=answer, **kw)


def question(qid: str, text: str, answer: str, **kw) -> DuelQuestion:
    return DuelQuestion(id=qid, question=text, answer=answer, **kw)


def test_an_answer_named_in_another_deck_is_a_giveaway_even_in_the_plural():
    found = find_giveaways({
        "riddles": [riddle("pieuvre")],
        "duel_questions": [question("hearts", "Combien de cœurs ont les pieuvres ?", "trois")],
    })
    assert [(g.cards, g.word) for g in found] == [((("riddles", "pieuvre"), ("duel_questions", "hearts")), "pieuvre")]


def test_a_duel_answer_inside_a_riddle_is_a_giveaway_and_a_phrase_counts_whole():
    found = find_giveaways({
        "riddles": [riddle("pluie", "Après moi vient l'arc-en-ciel."), riddle("abeille", "Je butine les fleurs.")],
        "duel_questions": [question("bee", "Quel insecte fait le miel ?", "abeille"),
                           question("colours", "Combien de couleurs ?", "sept", accept=("arc-en-ciel",))],
    })
    assert sorted(g.word for g in found) == ["abeille", "arc en ciel"]


def test_numbers_colours_and_the_games_own_words_are_no_giveaway():
    found = find_giveaways({
        "duel_questions": [question("legs", "Combien de pattes a une araignée ?", "huit", accept=("8",)),
                           question("light", "Feu qui dit stop ?", "rouge"),
                           question("fort", "Dans quel océan est le Fort ?", "Atlantique")],
        "concentration": [ForceChallenge("words", "Les mots", "Dis huit mots rouges au Fort.", "Huit mots.")],
    })
    assert found == []


def test_topics_pair_items_that_share_no_word_and_one_deck_never_pairs_with_itself():
    found = find_giveaways({
        "riddles": [riddle("ballon"), riddle("lune")],
        "duel_questions": [question("team", "Combien de joueurs au football ?", "onze", topics=("ballon",))],
    })
    assert [g.cards for g in found] == [(("riddles", "ballon"), ("duel_questions", "team"))]
    assert find_giveaways({"riddles": [riddle("ballon"), riddle("filet", "Le ballon y entre.")]}) == []


# --- the draw, pure --------------------------------------------------------------------------------------

def test_a_card_that_gives_away_a_drawn_one_is_skipped_unless_nothing_else_is_left():
    conflicts = {("force", "ink"): frozenset({("enigme", "octopus")})}
    for seed in range(20):
        rng = random.Random(seed)
        assert choose_card("force", ["ink", "stack"], [("enigme", "octopus")], conflicts, {}, rng) == "stack"
    assert choose_card("force", ["ink"], [("enigme", "octopus")], conflicts, {}, random.Random(1)) == "ink"
    assert choose_card("force", [], [], conflicts, {}, random.Random(1)) is None


def test_never_heard_cards_come_first_then_the_longest_ago():
    heard = games_ago([(3, "force", "a"), (5, "force", "b"), (4, "force", "c"), (1, "force", "b")])
    assert heard == {("force", "a"): 3, ("force", "b"): 1, ("force", "c"): 2}
    pick = [choose_card("force", ["a", "b", "c", "d"], [], {}, heard, random.Random(s)) for s in range(10)]
    assert set(pick) == {"d"}
    assert choose_card("force", ["a", "b", "c"], [], {}, heard, random.Random(0)) == "a"


# --- the draw in the app, on a game log ------------------------------------------------------------------

@pytest.mark.parametrize("seed", range(8))
def test_no_card_of_a_game_gives_away_another(library, seed):
    c = table(GameLog(":memory:"), library, seed)
    c.send({"cmd": "land", "space": "enigme"})
    assert c.view["card"] == {"deck": "enigme", "id": "octopus"}
    c.send({"cmd": "result", "success": True})
    assert "ink" not in force_cards(c, 9)  # nine other Force cards: the octopus one never comes
    assert force_cards(c, 1) == ["ink"]  # the deck is used up: better the giveaway than no card


def test_cards_heard_in_the_last_game_come_last_in_the_next(library, tmp_path):
    log = GameLog(tmp_path / "games.sqlite3")
    first = force_cards(table(log, library, seed=1), 4)
    second = table(log, library, seed=1)  # the same seed: only the history tells the games apart
    assert set(force_cards(second, 6)).isdisjoint(first)
    assert set(force_cards(second, 4)) == set(first)  # heard last time: drawn once the others are used


def test_a_replayed_game_shows_the_cards_it_drew_whatever_was_played_since(library, tmp_path):
    path = tmp_path / "games.sqlite3"
    c = table(GameLog(path), library, seed=5)
    drawn = force_cards(c, 3)
    assert [card for deck, card in c.view["cards_drawn"]] == drawn
    c.session.log.close()
    again = Controller(GameSession(GameLog(path)), Settings(language="fr"), library, Translator("fr"))
    assert [card for deck, card in again.view["cards_drawn"]] == drawn


def test_undo_then_landing_again_draws_the_same_card_with_a_history(library, tmp_path):
    log = GameLog(tmp_path / "games.sqlite3")
    force_cards(table(log, library, seed=2), 3)
    c = table(log, library, seed=2)
    c.send({"cmd": "land", "space": "force"})
    card = c.view["card"]
    c.undo()
    c.send({"cmd": "land", "space": "force"})
    assert c.view["card"] == card


def test_the_log_lists_the_cards_of_earlier_games_only(library, tmp_path):
    log = GameLog(tmp_path / "games.sqlite3")
    first = table(log, library, seed=3)
    force_cards(first, 2)
    first.send({"cmd": "land", "space": "force"})
    first.undo()  # an undone card was not heard
    second = table(log, library, seed=3)
    force_cards(second, 1)
    earlier = log.drawn_cards(before_game=second.session.game_id)
    assert [(deck, card) for _, deck, card in earlier] == [tuple(c) for c in first.view["cards_drawn"]]
    assert len(log.drawn_cards()) == 3
