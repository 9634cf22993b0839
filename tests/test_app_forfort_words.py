"""Forfort's screens' parts that need no window: the marches in words, who still plays once a dungeon is
empty, the second tap's choices, undo's words, the recorded options read back, and the sounds."""

from __future__ import annotations

import numpy as np
import pytest

from companion.app.games.forfort import choices as ch
from companion.app.games.forfort import sounds, words
from companion.app.games.forfort.options import DEFAULTS, recorded_options
from companion.session import GameSession
from companion.store import GameLog

NAMES = ["Ana", "Bob", "Zoé"]


def tr(key, **values):
    return key + ("(" + ",".join(f"{k}={v}" for k, v in sorted(values.items())) + ")" if values else "")


@pytest.fixture
def session():
    s = GameSession(GameLog(":memory:"), new_seed=lambda: 4)
    assert s.handle({"cmd": "new", "game": "forfort", "players": NAMES, "first": "Ana", "seed": 4})["ok"]
    for space in ("sw", "ne", "n"):
        assert s.handle({"cmd": "camp", "space": space})["ok"]
    return s


def send(s, *cmds):
    for cmd in cmds:
        before = s.view()
        answer = s.handle(cmd)
        assert answer["ok"], (cmd, answer)
    return before, answer


END = {"cmd": "end_turn"}


def test_an_army_entering_a_camp_is_said_with_what_it_destroyed(session):
    # Bob's army on Ana's south side heading west: at Bob's next turn it enters her south-west corner (her camp)
    send(session, {"cmd": "build", "space": "n"}, END, {"cmd": "army", "fort": "Ana", "space": "s", "direction": "w"},
         END, {"cmd": "build", "space": "e"}, END, {"cmd": "build", "space": "w"})
    before, answer = send(session, END)
    assert words.march_lines(tr, before, answer["events"]) == [
        "forfort.march.destroys(fort=Ana,owner=Bob,space=forfort.space.sw,what=forfort.what.camp)"]
    assert words.marched(answer["events"])


def test_an_army_that_leaves_the_fort_goes_back_to_its_owner_in_words(session):
    # Bob's army on Ana's east side heading north: into her north-east corner, then out of the fort
    send(session, {"cmd": "build", "space": "n"}, END, {"cmd": "army", "fort": "Ana", "space": "e", "direction": "n"},
         END, {"cmd": "build", "space": "e"}, END, {"cmd": "build", "space": "w"})
    before, answer = send(session, END)
    assert words.march_lines(tr, before, answer["events"]) == [
        "forfort.march.enters(fort=Ana,owner=Bob,space=forfort.space.ne)"]
    send(session, {"cmd": "build", "space": "w"}, END, {"cmd": "build", "space": "s"}, END, {"cmd": "build", "space": "s"})
    before, answer = send(session, END)
    assert words.march_lines(tr, before, answer["events"]) == ["forfort.march.leaves(fort=Ana,owner=Bob)"]
    assert session.view()["players"][1]["armies_left"] == 3


def test_a_protected_wall_defeats_the_army_and_the_sentence_says_so(session):
    send(session, {"cmd": "build", "space": "w", "protected": True}, END,
         {"cmd": "army", "fort": "Ana", "space": "s", "direction": "e"}, END, {"cmd": "build", "space": "e"}, END,
         {"cmd": "build", "space": "se", "protected": True})
    before, answer = send(session, END)
    assert words.march_lines(tr, before, answer["events"]) == ["forfort.march.falls(fort=Ana,owner=Bob)"]


def test_who_still_plays_runs_from_the_current_player_to_the_one_before_the_first():
    view = {"players": [{"name": n} for n in NAMES], "ending": True, "first": "Bob", "current": "Zoé"}
    assert words.still_to_play(view) == ["Zoé", "Ana"]
    assert words.still_to_play({**view, "ending": False}) == []


def test_an_own_empty_space_offers_walls_from_hand_and_a_camp(session):
    found = ch.choices(session.view(), "Ana", "e")
    keys = {c.key for c in found}
    assert keys == {"forfort.do.build_plain", "forfort.do.build_plain_bridge", "forfort.do.build_protected",
                    "forfort.do.build_protected_bridge", "forfort.do.camp"}
    assert {c.command["from"] for c in found if c.command["cmd"] == "build"} == {"hand"}  # the discard pile is empty


def test_an_opponents_protected_wall_resists_a_single_ram_and_the_second_tap_says_why(session):
    send(session, {"cmd": "build", "space": "n"}, END, {"cmd": "build", "space": "e", "protected": True}, END,
         {"cmd": "build", "space": "s"}, END)
    v = session.view()
    assert ch.choices(v, "Bob", "e") == []
    assert ch.why_nothing(v, "Bob", "e") == "forfort.none.protected"
    # Zoé sits at Ana's right: her left side is Ana's front line, her bottom side the 2nd line (reading 8)
    assert [c.command for c in ch.choices(v, "Zoé", "s")] == [
        {"cmd": "destroy", "fort": "Zoé", "space": "s", "double": False, "effect": "trebuchet"}]


def test_the_ram_is_offered_on_the_front_line_and_the_trebuchet_behind_it(session):
    send(session, {"cmd": "build", "space": "n"}, END, {"cmd": "build", "space": "e"}, END,
         {"cmd": "build", "space": "w"}, END)
    v = session.view()
    assert [c.key for c in ch.choices(v, "Bob", "e")] == ["forfort.do.ram"]  # Bob's right side faces Ana
    assert [c.key for c in ch.choices(v, "Zoé", "w")] == ["forfort.do.ram"]  # Zoé's left side faces Ana
    assert [c.key for c in ch.choices(v, "Zoé", "n")] == ["forfort.do.trebuchet"]  # her camp, on her 2nd line


def test_with_the_lines_played_anywhere_both_effects_are_offered():
    s = GameSession(GameLog(":memory:"), new_seed=lambda: 4)
    send(s, {"cmd": "new", "game": "forfort", "players": NAMES, "first": "Ana", "seed": 4,
             "house_rules": {"lines": "any"}}, *[{"cmd": "camp", "space": p} for p in ("sw", "ne", "n")])
    keys = [c.key for c in ch.choices(s.view(), "Bob", "ne")]
    assert keys == ["forfort.do.ram", "forfort.do.trebuchet"]


def test_a_pairs_choices_never_offer_to_let_it_go_the_question_does(session):
    send(session, {"cmd": "build", "space": "n"})
    found = ch.choices(session.view(), "Bob", "e")
    assert found and all(c.command["cmd"] != "decline" for c in found)


def test_a_pair_named_offers_only_its_own_double_effect(session):
    send(session, {"cmd": "build", "space": "n"})
    v = session.view()
    assert {c.command["cmd"] for c in ch.choices(v, "Bob", "e", "garrison")} == {"army"}
    assert ch.choices(v, "Bob", "e", "siege") == []
    assert [c.command["cmd"] for c in ch.choices(v, "Bob", "dungeon", "siege")] == ["siege"]


def test_an_army_is_offered_only_along_the_edge_and_every_offer_is_accepted(session):
    v = session.view()
    for space, expected in ch.DIRECTIONS_FROM.items():
        offered = [c.command["direction"] for c in ch.choices(v, "Bob", space) if c.command["cmd"] == "army"]
        if v["players"][1]["fort"][space] is None:
            assert sorted(offered) == sorted(expected)
    # every choice the screen offers in this state is one the rules accept
    for name in NAMES:
        for key in ("nw", "n", "ne", "w", "e", "sw", "s", "se", "dungeon"):
            for c in ch.choices(v, name, key):
                assert session.rules.decide(session.state, c.command).events, c.command


def test_undo_names_each_command_in_words():
    assert words.describe(tr, {"cmd": "build", "space": "ne", "protected": True, "from": "discard"}) == \
        "forfort.undo.build_protected(space=forfort.space.ne) · forfort.source.discard"
    assert words.describe(tr, {"cmd": "army", "fort": "Bob", "space": "s", "direction": "e"}) == \
        "forfort.undo.army(fort=Bob,space=forfort.space.s)"


def test_recorded_options_are_checked_and_fall_back_to_the_box():
    assert recorded_options(None) == DEFAULTS
    hostile = {"teams": "yes", "armies": 99, "camps": True, "house_rules": {"march": "all", "no_action": "pass"}}
    assert recorded_options(hostile) == {**DEFAULTS, "no_action": "pass"}
    assert recorded_options({"teams": True, "armies": 0, "camps": 8, "house_rules": {"march": "one"}}) == \
        {**DEFAULTS, "teams": True, "armies": 0, "camps": 8, "march": "one"}


@pytest.mark.parametrize("name", sorted(sounds.CUES))
def test_each_cue_is_a_short_sound_within_the_peak(name):
    clip = sounds.clip(name, 16000)
    assert 0 < np.abs(clip.samples).max() <= 1.0
    assert clip.seconds < 2.5


class _Mixer:
    rate = 8000

    def __init__(self):
        self.played = []

    def play(self, clip, category):
        self.played.append(category)


class _Sound:
    def __init__(self):
        self.mixer, self.history = _Mixer(), []


class _App:
    def __init__(self):
        self.sound = _Sound()


def test_the_answer_plays_the_loudest_news_first():
    app = _App()
    answer = {"events": [{"type": "forfort.wall_built"}, {"type": "forfort.game_over", "won_by": "fort"}]}
    assert sounds.for_answer(app, answer) == "fort_completed"
    assert sounds.for_answer(app, {"events": [{"type": "forfort.space_destroyed"}]}) == "ram_blow"
    assert sounds.for_answer(app, {"events": [{"type": "forfort.phase"}]}) is None
    assert app.sound.history == [("cue", "fort_completed"), ("cue", "ram_blow")]


def test_with_the_one_army_rule_the_second_tap_names_the_army_that_marches():
    s = GameSession(GameLog(":memory:"), new_seed=lambda: 4)
    assert s.handle({"cmd": "new", "game": "forfort", "players": ["Ana", "Bob"], "first": "Ana", "seed": 4,
                     "house_rules": {"march": "one"}})["ok"]
    send(s, {"cmd": "camp", "space": "sw"}, {"cmd": "camp", "space": "ne"},
         {"cmd": "army", "fort": "Bob", "space": "n", "direction": "w"}, END, {"cmd": "build", "space": "e"}, END)
    assert s.view()["phase"] == "action"  # a single army advances by itself
    send(s, {"cmd": "army", "fort": "Bob", "space": "s", "direction": "e"}, END, {"cmd": "build", "space": "w"}, END)
    v = s.view()
    assert v["phase"] == "march"
    assert [c.command for c in ch.choices(v, "Bob", "s")] == [{"cmd": "march", "fort": "Bob", "space": "s"}]
    assert ch.choices(v, "Bob", "e") == []  # Bob's own wall: nothing to do while an army is to be named
    before, answer = send(s, ch.choices(v, "Bob", "s")[0].command)
    assert words.march_lines(tr, before, answer["events"]) == [
        "forfort.march.enters(fort=Bob,owner=Ana,space=forfort.space.se)"]


def test_a_garrison_defeats_the_army_invading_ones_own_fort(session):
    send(session, {"cmd": "build", "space": "n"}, END, {"cmd": "army", "fort": "Zoé", "space": "w", "direction": "s"},
         END)
    v = session.view()
    assert [c.command for c in ch.choices(v, "Zoé", "w")] == [{"cmd": "defeat", "fort": "Zoé", "space": "w"}]
    assert ch.choices(v, "Zoé", "w")[0].values == {"owner": "Bob"}


def test_the_front_line_marked_is_the_rams_line_of_each_opponents_fort(session):
    v = session.view()
    assert ch.front(v, "Bob") == {"ne", "e", "se"}  # Bob's right side faces Ana
    assert ch.front(v, "Zoé") == {"nw", "w", "sw"}
    assert ch.front(v, "Ana") == frozenset()  # her own fort has no front against her


def test_after_a_build_nothing_is_framed_until_the_pair_is_named(session):
    assert ch.pair_targets(session.view(), "Bob") == frozenset()  # the action: nothing framed yet
    send(session, {"cmd": "build", "space": "n"})
    v = session.view()
    assert all(ch.pair_targets(v, fort) == frozenset() for fort in NAMES)  # which pair? not said yet


def test_a_named_pairs_frames_are_the_spaces_that_offer_its_effect(session):
    send(session, {"cmd": "build", "space": "n"})
    v = session.view()
    for pair in ch.pairs_offered(v):
        for fort in NAMES:
            framed = ch.pair_targets(v, fort, pair)
            for key in ("nw", "n", "ne", "w", "e", "sw", "s", "se", "dungeon"):
                offered = ch.choices(v, fort, key, pair)
                assert (key in framed) == bool(offered), (pair, fort, key)
                assert all(ch.pair_of(c.command) == pair for c in offered)
    assert ch.pair_targets(v, "Bob", "siege") == {"dungeon"}  # a double Siege Tower: the dungeon alone


def test_the_second_army_of_a_garrison_pair_is_framed_without_asking_again(session):
    send(session, {"cmd": "build", "space": "n"}, {"cmd": "army", "fort": "Bob", "space": "s", "direction": "e"})
    v = session.view()
    assert (v["combos"], v["garrison_left"]) == (1, 1)  # a second pair may follow the Garrison's 2nd army
    assert ch.pending_pair(v) == "garrison" and ch.pair_targets(v, "Bob")
    assert ch.pending_pair(v, ch.ASK) is None  # "Other pair": the question again
    assert ch.pending_pair(v, "ram") == "ram"


def test_the_marches_title_counts_the_armies_that_moved():
    events = [{"type": "forfort.army_marched"}, {"type": "forfort.space_destroyed", "cause": "army"},
              {"type": "forfort.army_defeated", "cause": "protected_wall"}]
    assert words.armies_marched(events[:1]) == 1
    assert words.armies_marched(events) == 2


@pytest.mark.parametrize("language, one, two", [("fr", "Ana\u00a0: 1 armée avance", "Ana\u00a0: 2 armées avancent"),
                                                 ("en", "Ana: 1 army marches", "Ana: 2 armies march")])
def test_one_army_marches_and_two_armies_march_in_each_language(language, one, two):
    from companion.app.table.language import Translator

    lang = Translator(language)
    assert lang("forfort.step.marches", n=1, player="Ana") == one
    assert lang("forfort.step.marches", n=2, player="Ana") == two
