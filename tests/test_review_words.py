"""The words of a review's mistakes (mtlearn.play.review_words), each on a position built
for it: a double laid and covered at once, a shared end that will not wait, a clause the
move played makes true as well left out, the double blank a line reaches; and the checker
that refuses each sentence where the engine does not bear it out.

The means given to a mistake are made up (the words, not the search, are under test); every
record still passes :func:`check_mistake`, which plays the moves out in the engine.
"""

from __future__ import annotations

from typing import Any

from mtlearn import Game
from mtlearn.core.moves import Move
from mtlearn.play.review import Mistake, Review, _mistake, check_mistake, read_loss
from mtlearn.play.review_search import give_or_take
from mtlearn.play.review_words import idea_of

#: Tiles for Ben's and Cy's hands, the first six a position leaves free (no 4 among them:
#: the shared-end tests say where the 4s are).
_OTHERS = ["2-2", "1-1", "3-3", "2-0", "5-1", "1-0", "2-1", "3-0", "5-0", "6-1"]


def _ana(hand: list[str], trains: dict[str, list[str]], markers: list[int] | None = None,
         others: tuple[list[str], list[str]] | None = None) -> Game:
    """Ana (seat 1) to play in a double-6 round of three, the given tiles on the table;
    Ben and Cy hold three tiles each (free ones of :data:`_OTHERS` unless given)."""
    if others is None:
        used = {*hand, *(t for ts in trains.values() for t in ts)}
        free = [t for t in _OTHERS if t not in used and "-".join(t.split("-")[::-1]) not in used]
        others = (free[:3], free[3:6])
    pos: dict[str, Any] = {"set": 6, "players": ["Ana", "Ben", "Cy"], "round": 1,
                           "hands": [hand, *others], "trains": trains, "to_play": 1,
                           "first_turns_done": [1, 2, 3], "turns_played": 12}
    if markers:
        pos["markers"] = markers
    return Game.from_position(pos)


def _record(game: Game, played: str, better: str, gap: float = 8.0) -> Mistake:
    """The mistake record of ``played`` against ``better``, every other legal move between
    them (the made-up means of a search)."""
    means = {str(m): 20.0 for m in game.legal_moves}
    means[better], means[played] = 20.0 - gap, 20.0
    order = sorted(((Move.parse(m), p) for m, p in means.items()), key=lambda x: x[1])
    return _mistake(game, 0, Move.parse(played), order, 40)


def _kept_double(better: float, played: float, deals: int, lost_se: float = 0.0
                 ) -> tuple[Game, Mistake]:
    """Ana keeps 5-5 (5-1 on her train) where laying it was better: the mistake with these
    figures for the better move and the move played (every other legal move at 30)."""
    game = _ana(["5-5", "5-1", "3-2"], {"1": ["6-5"], "2": ["6-3"], "3": ["6-4"],
                                       "M": ["6-2"]})
    means = {str(m): 30.0 for m in game.legal_moves}
    means["5-5@1"], means["5-1@1"] = better, played
    order = sorted(((Move.parse(m), p) for m, p in means.items()), key=lambda x: x[1])
    return game, _mistake(game, 0, Move.parse("5-1@1"), order, deals, lost_se=lost_se)


def _tampered(m: Mistake, old: str, new: str) -> Mistake:
    assert old in m.why, m.why
    return Mistake.from_json({**m.to_json(), "why": m.why.replace(old, new)})


def test_a_double_laid_and_covered_at_once_says_with_what_and_the_points() -> None:
    game = _ana(["5-5", "5-1", "3-2"], {"1": ["6-5"], "2": ["6-3"], "3": ["6-4"],
                                       "M": ["6-2"]})
    m = _record(game, "5-1@1", "5-5@1")
    assert m.idea == "double-kept"
    assert "cover it yourself with 5-1 at once, 16 points out of your hand this turn" in m.why
    assert "(rule:" not in m.why  # "you play again" says the rule already
    assert check_mistake(m, game) == []
    assert check_mistake(_tampered(m, "16 points", "19 points"), game)
    assert check_mistake(_tampered(m, "with 5-1", "with 3-2"), game)


def test_a_double_nothing_covers_says_no_cover() -> None:
    game = _ana(["5-5", "2-3", "4-0"], {"1": ["6-5"], "2": ["6-3"], "3": ["6-4"],
                                       "M": ["6-2"]})
    m = _record(game, "2-3@M", "5-5@1")
    assert m.idea == "double-kept" and "cover it yourself" not in m.why
    # the play after the double is named: the planner's, two tiles out this turn
    assert ("after a double you play again: then 2-3 on the Mexican train, two tiles out of "
            "your hand this turn, 15 points") in m.why, m.why
    assert check_mistake(m, game) == []
    assert check_mistake(_tampered(m, "15 points", "18 points"), game)
    assert check_mistake(_tampered(m, "then 2-3", "then 4-0"), game)
    # review 9: the double stays open for the others, which is the point of laying it
    open_ = ("The 5-5 stays open after your turn: every other player must cover it before "
             "playing anywhere else, and one who holds no 5 draws.")
    assert open_ in m.why
    assert check_mistake(_tampered(m, "holds no 5", "holds no 3"), game)
    # a double the player covers at once does not stay open: the sentence is refused there
    covered = _ana(["5-5", "5-1", "3-2"], {"1": ["6-5"], "2": ["6-3"], "3": ["6-4"],
                                          "M": ["6-2"]})
    c = _record(covered, "5-1@1", "5-5@1")
    assert "stays open" not in c.why
    assert check_mistake(Mistake.from_json({**c.to_json(), "why": f"{c.why} {open_}"}),
                         covered)


def test_a_shared_end_that_may_not_wait_beats_a_tile_on_your_own_train() -> None:
    # the Mexican train ends on 4 and Cy may hold a 4; Ana's own train (on 3) waits for her
    game = _ana(["4-2", "3-1", "1-6"], {"1": ["6-3"], "2": ["6-5"], "3": ["6-0"],
                                       "M": ["6-4"]})
    m = _record(game, "3-1@1", "4-2@M")
    assert m.idea == "shared", m.why
    assert "4-2 fits the 4 at the end of the Mexican train now" in m.why
    assert "only you play on it" in m.why
    assert "Either way, 2 of your tiles go on your own train in one line." in m.why
    assert check_mistake(m, game) == []


def test_no_shared_end_reason_when_your_own_train_is_marked() -> None:
    game = _ana(["4-2", "3-1", "1-6"], {"1": ["6-3"], "2": ["6-5"], "3": ["6-0"],
                                       "M": ["6-4"]}, markers=[1])
    m = _record(game, "3-1@1", "4-2@M")
    assert m.idea != "shared" and "only you play on it" not in m.why
    assert check_mistake(m, game) == []
    # the sentence forced onto a position where it is false is refused
    wrong = Mistake.from_json({**m.to_json(), "idea": "shared", "why": m.why})
    assert check_mistake(wrong, game)


def test_no_shared_end_reason_when_every_tile_of_that_number_is_in_sight() -> None:
    # every 4 but Ana's 4-2 is on the table or in her hand: nobody else can take the 4
    game = _ana(["4-2", "3-1", "1-6", "4-4", "4-3", "4-0", "4-1"],
                {"1": ["6-3"], "2": ["6-5", "5-4"], "3": ["6-0"], "M": ["6-4"]},
                others=(["5-5", "2-2", "1-1"], ["2-1", "0-0", "5-0"]))
    assert idea_of(game, Move.parse("3-1@1"), Move.parse("4-2@M"))[0] == "points"


def test_a_clause_true_of_the_move_played_too_is_left_out() -> None:
    # Ana's train is marked: any tile on it takes the marker off, 3-2 as well as 3-1
    game = _ana(["3-1", "1-0", "0-5", "3-2"], {"1": ["6-3"], "2": ["6-5"], "3": ["6-4"],
                                              "M": ["6-2"]}, markers=[1])
    idea, why = idea_of(game, Move.parse("3-2@1"), Move.parse("3-1@1"))
    assert idea == "plan", why
    assert why.startswith("It keeps your planned train 3-1, 1-0, 0-5."), why
    assert "marker" not in why


def test_the_double_blank_the_line_reaches_is_counted() -> None:
    game = _ana(["3-1", "1-0", "0-0", "3-5", "5-2"], {"1": ["6-3"], "2": ["6-5"],
                                                      "3": ["6-2"], "M": ["6-4"]})
    m = _record(game, "3-5@1", "3-1@1")
    assert m.idea == "plan"
    assert "reaches your 0-0, which counts 50 points if it is left in your hand" in m.why
    assert check_mistake(m, game) == []
    # said of a move whose line does not reach it, the sentence is refused
    other = _record(game, "3-1@1", "3-5@1", gap=4.0)
    forced = Mistake.from_json({**other.to_json(), "why": other.why + " " + m.why})
    assert any("0-0" in p for p in check_mistake(forced, game))


def test_no_double_blank_sentence_while_another_line_still_reaches_it() -> None:
    # review 9, file 28: after 3-5 the longest line (3-5, 5-4, 4-6, 6-1, 1-2) leaves the
    # 0-0 out, but 5-0 still leads to it: "no line … leads your own train to it" would be false
    game = _ana(["3-5", "5-4", "4-6", "6-1", "1-2", "5-0", "0-0", "3-0"],
                {"1": ["6-3"], "2": ["6-5"], "3": ["6-2"], "M": ["6-0"]})
    m = _record(game, "3-5@1", "3-0@1")
    assert "reaches your 0-0" not in m.why, m.why
    assert check_mistake(m, game) == []
    blank = ("That line reaches your 0-0, which counts 50 points if it is left in your "
             "hand; after the move you played, no line of your tiles leads your own train to it.")
    forced = Mistake.from_json({**m.to_json(), "why": f"{m.why} {blank}"})
    assert any("0-0" in p for p in check_mistake(forced, game))


def test_the_link_the_move_played_takes_from_the_line_is_named() -> None:
    # review 9, file 22: say which tile breaks the line, not only how many tiles it has
    game = _ana(["3-1", "1-4", "4-5", "4-2"], {"1": ["6-3"], "2": ["6-5"], "3": ["6-0"],
                                              "M": ["6-4"]})
    m = _record(game, "4-1@M", "4-2@M")
    # the planner's words write the line out already: the link is named without it
    assert m.why.endswith("with the move you played, 1. 1-4 is a link of that line."), m.why
    assert check_mistake(m, game) == []
    assert check_mistake(_tampered(m, "1-4 is a link", "4-5 is a link"), game)
    # where no words write it out, the line is: "That line starts with 3-0: …"
    game = _ana(["3-5", "5-4", "4-6", "6-1", "1-2", "5-0", "0-0", "3-0"],
                {"1": ["6-3"], "2": ["6-5"], "3": ["6-2"], "M": ["6-0"]})
    m = _record(game, "3-5@1", "3-0@1")
    assert "3-5 is not part of that line." in m.why, m.why
    line = ("That line starts with 3-0: 3-0, 0-0, 0-5, 5-4, 4-6, 6-1, 1-2; 3-5 is not part "
            "of it.")
    planted = _tampered(m, "3-5 is not part of that line.", line)
    assert check_mistake(planted, game) == []                   # true, so let through
    assert check_mistake(_tampered(planted, "0-5, 5-4", "0-5, 5-1"), game)


def test_no_double_reason_where_the_move_played_lays_as_much() -> None:
    # review 10, file 12: the move played lays a heavier double itself
    game = _ana(["5-5", "3-3", "5-1", "3-2"], {"1": ["6-5"], "2": ["6-4"], "3": ["6-0"],
                                              "M": ["6-3"]})
    assert idea_of(game, Move.parse("5-5@1"), Move.parse("3-3@M"))[0] != "double-kept"
    assert idea_of(game, Move.parse("5-1@1"), Move.parse("3-3@M"))[0] == "double-kept"
    # review 10, file 29: the cover laid elsewhere gets the same points out of the hand
    game = _ana(["5-5", "5-2", "4-1"], {"1": ["6-2"], "2": ["6-4"], "3": ["6-0"],
                                       "M": ["6-5"]})
    game.push("5-5@M")
    idea, why = idea_of(game, Move.parse("2-5@1"), Move.parse("5-2@M"))
    assert idea != "double-open" and "gets 7 points out" not in why, why


def test_a_shared_train_not_started_is_said_so() -> None:
    game = _ana(["6-4", "3-1", "1-5"], {"1": ["6-3"], "2": ["6-5"], "3": ["6-0"], "M": []})
    m = _record(game, "3-1@1", "6-4@M")
    assert m.idea == "shared", m.why
    assert m.why.startswith("6-4 starts the Mexican train now, and other players may start "
                            "it too: then it no longer ends on a 6."), m.why
    assert check_mistake(m, game) == []


def test_a_double_laid_keeps_the_line_the_move_played_cuts() -> None:
    # 5-3 ends Ana's train on a 3 she cannot follow; 5-5 keeps 5-1, 1-0, 0-2 for it
    game = _ana(["5-5", "5-1", "1-0", "0-2", "5-3"], {"1": ["6-5"], "2": ["6-3"],
                                                      "3": ["6-4"], "M": ["6-2"]})
    m = _record(game, "5-3@1", "5-5@1")
    assert m.idea == "double-kept"
    assert "cover it yourself with 5-1 at once" in m.why
    assert ("With it, 4 of your tiles go on your own train in one line, this one included; "
            "with the move you played, only that tile.") in m.why, m.why
    # 5-3 leaves no way to a 5 for Ana's train: the double is stranded there
    assert ("After the move you played, no line of your tiles leads your own train to a 5, so "
            "your 5-5 (10 points) can no longer go on it.") in m.why
    assert check_mistake(m, game) == []
    assert check_mistake(_tampered(m, "With it, 4", "With it, 5"), game)
    assert check_mistake(_tampered(m, "(10 points)", "(12 points)"), game)


def test_a_double_the_move_played_cuts_off_is_named() -> None:
    # 3-1 on Ana's train leads it to 1 and 2 only: her 5-5 has no way onto it; 3-5 keeps
    # it in reach (with an end her hand cannot follow at all, the next test)
    game = _ana(["3-5", "5-5", "3-1", "1-2"], {"1": ["6-3"], "2": ["6-0"], "3": ["6-4"],
                                               "M": ["6-2"]})
    m = _record(game, "3-1@1", "3-5@1")
    assert m.idea == "plan"
    assert ("After the move you played, no line of your tiles leads your own train to a 5, so "
            "your 5-5 (10 points) can no longer go on it.") in m.why, m.why
    assert check_mistake(m, game) == []
    # a double still in reach is refused, and so is a double after a move that keeps it
    invented = ("After the move you played, no line of your tiles leads your own train to a 5, "
                "so your 5-5 (10 points) can no longer go on it.")
    assert check_mistake(_tampered(m, "to a 5, so your 5-5 (10 points)",
                                   "to a 4, so your 4-4 (8 points)"), game)
    kept = _record(game, "1-2@M", "3-5@1")
    assert "can no longer go on it" not in kept.why
    assert check_mistake(Mistake.from_json({**kept.to_json(), "why": f"{kept.why} {invented}"}),
                         game)
    # a light double is not worth the sentence (STRANDED_WORTH)
    light = _ana(["5-1", "1-1", "5-3", "2-4"], {"1": ["6-5"], "2": ["6-3"], "3": ["6-4"],
                                                "M": ["6-2"]})
    assert "can no longer go on it" not in _record(light, "5-3@1", "5-1@1").why


def test_a_double_left_open_holds_up_an_opponent_on_their_last_tile() -> None:
    # Ana has laid 5-5 this turn and may cover it with 5-4; Ben has one tile left
    pos: dict[str, Any] = {
        "set": 6, "players": ["Ana", "Ben", "Cy"], "round": 1,
        "hands": [["5-4", "1-0", "3-2"], ["0-0"], ["2-1", "6-0"]],
        "trains": {"1": ["6-5", "5-5"], "2": ["6-3"], "3": ["6-4"], "M": ["6-1"]},
        "to_play": 1, "first_turns_done": [1, 2, 3], "turns_played": 12,
        "turn": {"bonus": True, "doubles": ["1"], "drawn": None, "declined": False,
                 "played": 1, "building": False}, "open_doubles": ["1"]}
    game = Game.from_position(pos)
    m = _record(game, "5-4@1", "1-0@M")
    assert m.idea == "block", m.why
    assert m.why.startswith("Ben has 1 tile left, so the round may end soon. Playing 1-0 "
                            "leaves the 5-5 you laid open"), m.why
    assert "Ben, who plays next, cannot go out unless their last tile has a 5" in m.why
    assert check_mistake(m, game) == []
    # review 12, file 26: every opponent as near going out is named
    both = {**pos, "hands": [["5-4", "1-0", "3-2"], ["0-0"], ["2-1"]]}
    b = _record(Game.from_position(both), "5-4@1", "1-0@M")
    assert b.why.startswith("Ben and Cy have 1 tile left each, so the round may end soon."), \
        b.why
    assert check_mistake(b, Game.from_position(both)) == []
    assert check_mistake(_tampered(b, "Ben and Cy have 1", "Ben and Cy have 2"),
                         Game.from_position(both))
    # review 12, file 25: of a later player it is not said (another may cover it first)
    later = {**pos, "hands": [["5-4", "1-0", "3-2"], ["0-0", "2-0"], ["2-1"]]}
    cy = _record(Game.from_position(later), "5-4@1", "1-0@M")
    assert cy.idea == "block" and "cannot go out" not in cy.why, cy.why
    assert check_mistake(_tampered(m, "Ben has 1 tile left", "Ben has 2 tiles left"), game)
    assert "You still hold 5-4 to cover it yourself later." in m.why
    # with two tiles left, Ben cannot go out at once anyway: the double holds up everyone
    pos["hands"] = [["5-4", "1-0", "3-2"], ["0-0", "2-0"], ["2-1", "6-0"]]
    two = Game.from_position(pos)
    idea, why = idea_of(two, Move.parse("5-4@1"), Move.parse("1-0@M"))
    assert idea == "block" and "cannot go out" not in why and "has 2 tiles" not in why
    assert why.startswith("Playing 1-0 leaves the 5-5 you laid open, and every other player must "
                          "cover it before playing anywhere else"), why
    assert check_mistake(_record(two, "5-4@1", "1-0@M"), two) == []


def test_a_double_and_its_cover_as_the_last_two_tiles_go_out() -> None:
    game = _ana(["5-5", "5-1"], {"1": ["6-5"], "2": ["6-3"], "3": ["6-4"], "M": ["6-2"]})
    m = _record(game, "5-1@1", "5-5@1")
    assert m.idea == "double-kept"
    assert ("Lay the double 5-5, then cover it yourself with 5-1: those are your last two "
            "tiles, so you go out this turn") in m.why, m.why
    assert check_mistake(m, game) == []
    three = _ana(["5-5", "5-1", "3-2"], {"1": ["6-5"], "2": ["6-3"], "3": ["6-4"],
                                        "M": ["6-2"]})
    wrong = Mistake.from_json({**_record(three, "5-1@1", "5-5@1").to_json(), "why": m.why})
    assert any("empty the hand" in p for p in check_mistake(wrong, three))


def test_a_tile_one_point_heavier_is_not_the_reason() -> None:
    # Ben is on one tile; 4-2 is one point heavier than 4-1: too little to be why
    game = _ana(["4-2", "4-1", "1-3"], {"1": ["6-4"], "2": ["6-5"], "3": ["6-0"],
                                       "M": ["6-3"]}, others=(["0-0"], ["2-2", "1-1", "5-0"]))
    assert idea_of(game, Move.parse("4-1@1"), Move.parse("4-2@1"))[0] != "shed"


def test_the_only_tile_for_your_own_train_is_named() -> None:
    game = _ana(["6-4", "4-1", "1-3"], {"1": [], "2": ["6-5"], "3": ["6-0"], "M": []})
    m = _record(game, "6-4@M", "6-4@1")
    assert ("6-4 is the only tile in your hand that fits your own train now: played "
            "elsewhere, it leaves your train nothing to follow.") in m.why, m.why
    assert "with the move you played, none" in m.why
    assert check_mistake(m, game) == []
    # where another tile fits Ana's train as well, the sentence is refused
    other = _ana(["6-4", "6-1", "1-3"], {"1": [], "2": ["6-5"], "3": ["6-0"], "M": []})
    assert any("not the only one" in p for p in check_mistake(m, other))


def test_a_hand_size_is_checked_against_a_name_of_several_words() -> None:
    # a class table's computer player is "Computer 2": its hand size is read by its name
    pos: dict[str, Any] = {
        "set": 6, "players": ["Ana", "Computer 2", "Cy"], "round": 1,
        "hands": [["5-5", "5-1", "3-2"], ["0-0"], ["2-1", "6-0", "4-4"]],
        "trains": {"1": ["6-5"], "2": ["6-3"], "3": ["6-4"], "M": ["6-2"]},
        "to_play": 1, "first_turns_done": [1, 2, 3], "turns_played": 12}
    game = Game.from_position(pos)
    m = _record(game, "5-1@1", "5-5@1")
    assert m.why.startswith("Computer 2 has 1 tile left, so the round may end soon."), m.why
    assert check_mistake(m, game) == []
    assert any("does not have 3 tiles" in p for p in check_mistake(
        _tampered(m, "Computer 2 has 1 tile left", "Computer 2 has 3 tiles left"), game))
    assert any("not a player" in p for p in check_mistake(
        _tampered(m, "Computer 2 has 1 tile left", "Dee has 1 tile left"), game))


def test_a_double_laid_is_the_reason_when_nothing_else_tells_the_moves_apart() -> None:
    # another move that keeps 5-5 (5-1 on Ana's train) did about as well as laying it, so
    # the double is not clearly the point; but nothing else tells 2-3 and 5-5 apart, and
    # the double with its cover is what the better move does (review 6, files 01 and 08)
    game = _ana(["5-5", "5-1", "3-2"], {"1": ["6-5"], "2": ["6-3"], "3": ["6-4"],
                                       "M": ["6-2"]})
    means = {"5-5@1": 12.0, "5-1@1": 13.0, "2-3@M": 20.0}
    order = sorted(((Move.parse(k), p) for k, p in means.items()), key=lambda x: x[1])
    m = _mistake(game, 0, Move.parse("2-3@M"), order, 40)
    assert m.idea == "double-kept"
    assert "cover it yourself with 5-1 at once, 16 points" in m.why
    assert check_mistake(m, game) == []


def test_a_move_that_leaves_your_train_a_dead_end_is_named() -> None:
    # every tile with a 4 is on the table but Ana's 5-4: on her train (end 5) it leaves an
    # end no tile will ever follow; 5-1 keeps it going (1-3 follows)
    game = _ana(["5-4", "5-1", "1-3"], {"1": ["6-5"], "2": ["6-4", "4-4", "4-0"],
                                       "3": ["6-3", "3-4", "4-1"], "M": ["6-2", "2-4"]})
    m = _record(game, "5-4@1", "5-1@1")
    assert ("After 5-4 on your train, it ends on a 4, and every tile with a 4 is in sight, none "
            "of them in your hand: no tile can ever follow it") in m.why, m.why
    assert check_mistake(m, game) == []
    # not said where a 4 is still unseen, and refused when it is said there
    alive = _ana(["5-4", "5-1", "1-3"], {"1": ["6-5"], "2": ["6-4", "4-4", "4-0"],
                                        "3": ["6-3", "3-4", "4-1"], "M": ["6-2"]})
    kept = _record(alive, "5-4@1", "5-1@1")
    assert "can ever follow" not in kept.why
    dead = m.why[m.why.index("After 5-4"):]
    assert check_mistake(Mistake.from_json({**kept.to_json(), "why": f"{kept.why} {dead}"}),
                         alive)


def test_a_number_is_read_with_its_article() -> None:
    # "to an 11", "on an 8": review 8 found "to a 11"
    from mtlearn.play.review_lines import _a
    assert [_a(n) for n in (0, 1, 8, 9, 11, 12, 18)] == [
        "a 0", "a 1", "an 8", "a 9", "an 11", "a 12", "an 18"]


def test_a_tile_that_takes_the_marker_off_your_train_is_named() -> None:
    # Ana's train (end 5) carries her marker; 5-1 there takes it off, 2-3 goes elsewhere
    game = _ana(["5-1", "2-3", "4-0"], {"1": ["6-5"], "2": ["6-3"], "3": ["6-4"],
                                       "M": ["6-2"]}, markers=[1])
    m = _record(game, "2-3@M", "5-1@1")
    assert m.idea == "marker", m.why
    assert m.why.startswith("Your train has a marker, so every other player may play on it"), \
        m.why
    assert "Playing 5-1 on it takes the marker off" in m.why
    assert check_mistake(m, game) == []
    # with no marker it is not said, and refused if it is
    free = _ana(["5-1", "2-3", "4-0"], {"1": ["6-5"], "2": ["6-3"], "3": ["6-4"],
                                       "M": ["6-2"]})
    assert "the better move takes no marker off, or not as said" in check_mistake(m, free)


def test_the_mexican_train_started_is_said_once() -> None:
    # the planner's reason says 6-4 starts the Mexican train; the shared end's sentence then
    # does not say it again (review 8, file 03)
    game = _ana(["6-4", "3-1", "1-5", "5-2", "3-0"], {"1": ["6-3"], "2": ["6-1"],
                                                      "3": ["6-0"], "M": []})
    m = _record(game, "3-0@1", "6-4@M")
    assert m.idea == "plan", m.why
    assert m.why.count("starts the Mexican train") == 1, m.why
    assert "Other players may start the Mexican train too: then it no longer ends on a 6." \
        in m.why, m.why
    assert check_mistake(m, game) == []


def test_the_loss_written_is_the_difference_of_the_figures_written() -> None:
    # review 11: 35.06 and 20.64 are written 35.1 and 20.6, so the loss reads 14.5, not the
    # 14.4 of the unrounded 14.42
    game, m = _kept_double(20.64, 35.06, 40)
    assert "ended with 35.1 points in your hand on average; the better move left 20.6: 14.5 " \
           "points lost." in m.what, m.what
    assert m.lost == 14.42 and check_mistake(m, game) == []
    assert check_mistake(_tampered_what(m, "14.5 points lost", "14.4 points lost"), game)
    # and the double's points alone, with nobody near going out, are not said twice
    assert "Kept in your hand" not in m.why


def test_the_loss_says_how_far_luck_may_move_it() -> None:
    # reviews 9 and 11: losses on 40 to 96 final deals were sometimes off by half or double;
    # the words give the 95 % interval's half-width, rounded up to whole points
    game, m = _kept_double(20.64, 35.06, 96, lost_se=2.6)
    assert m.what.endswith("14.5 points lost, give or take 6 for the luck of the deals."), \
        m.what
    assert give_or_take(2.6) == 6 and give_or_take(0.01) == 1 and give_or_take(3.0) == 6
    assert check_mistake(m, game) == []
    assert Mistake.from_json(m.to_json()) == m
    assert check_mistake(_tampered_what(m, "give or take 6", "give or take 2"), game)
    # the words come from the figure as kept (3.5722 is kept as 3.57: 7, not 8)
    _, edge = _kept_double(20.64, 35.06, 96, lost_se=3.5722)
    assert edge.lost_se == 3.57 and "give or take 7 " in edge.what, edge.what
    assert check_mistake(edge, game) == []
    # a record kept before the spread was (no lost_se) reads as it did
    old = {k: v for k, v in m.to_json().items() if k != "lost_se"}
    old["what"] = m.what.replace(", give or take 6 for the luck of the deals", "")
    assert check_mistake(Mistake.from_json(old), game) == []


def _tampered_what(m: Mistake, old: str, new: str) -> Mistake:
    assert old in m.what, m.what
    return Mistake.from_json({**m.to_json(), "what": m.what.replace(old, new)})


def test_the_tile_to_get_out_is_compared_with_the_one_played() -> None:
    # review 11, file 02: not "the heavier tile" (another may be heavier still), the two
    game = _ana(["1-0", "1-5", "2-0", "0-0"], {"1": ["6-1"], "2": ["6-3"], "3": ["6-4"],
                                              "M": ["6-2"]},
                others=(["5-5"], ["1-1", "4-4", "2-2"]))
    idea, why = idea_of(game, Move.parse("1-0@1"), Move.parse("1-5@1"))
    assert idea == "shed", why
    assert why == ("Ben has 1 tile left: the round may end soon, so get points out of your "
                   "hand: 1-5 is 6 points, 1-0 only 1."), why
    m = _record(game, "1-0@1", "1-5@1")
    assert check_mistake(m, game) == []
    assert check_mistake(_tampered(m, "only 1.", "only 0."), game)


def test_an_end_the_hand_cannot_follow_is_said_plainly() -> None:
    # review 11: "only that tile" stood in for it; after 5-3 the train ends on a 3 and no
    # tile left in Ana's hand has a 3 (tiles with a 3 are still out: it is no dead end)
    game = _ana(["5-3", "5-1", "1-0", "0-2"], {"1": ["6-5"], "2": ["6-4"], "3": ["6-0"],
                                              "M": ["6-2"]})
    m = _record(game, "5-3@1", "5-1@1")
    stuck = ("After 5-3 your train ends on a 3, and none of the tiles left in your hand has "
             "a 3: none of them can follow it.")
    assert stuck in m.why, m.why
    assert check_mistake(m, game) == []
    assert check_mistake(_tampered(m, "ends on a 3, and none of the tiles left in your hand "
                                      "has a 3", "ends on a 4, and none of the tiles left in "
                                      "your hand has a 4"), game)


def test_a_tile_of_the_line_played_too_soon_is_said_so() -> None:
    # review 12, files 19 and 23: the line loops back to the train's 5 (5-3, 3-1, 1-5), so
    # 5-2 belongs to it, but after the loop
    game = _ana(["5-3", "3-1", "1-5", "5-2", "2-4"], {"1": ["6-5"], "2": ["6-3"],
                                                     "3": ["6-1"], "M": ["6-2"]})
    m = _record(game, "5-2@1", "5-3@1")
    assert "5-2 belongs to that line too, but later." in m.why, m.why
    assert check_mistake(m, game) == []
    assert check_mistake(_tampered(m, "5-2 belongs to that line too", "5-3 belongs to that "
                                      "line too"), game)


def test_a_double_cut_off_after_an_end_nothing_follows_is_said_once() -> None:
    # review 12: "no line … leads your own train to a 5" said nothing new after "none of
    # them can follow it"; the double's points are what is left to say
    game = _ana(["4-3", "4-1", "1-5", "5-5"], {"1": ["6-4"], "2": ["6-2"], "3": ["6-0"],
                                              "M": ["6-1"]})
    m = _record(game, "4-3@1", "4-1@1")
    assert m.why.endswith("none of them can follow it. So your 5-5 (10 points) can no "
                          "longer go on it."), m.why
    assert "no line of your tiles leads" not in m.why
    assert check_mistake(m, game) == []
    assert check_mistake(_tampered(m, "So your 5-5 (10 points)", "So your 1-1 (2 points)"),
                         game)


def test_a_double_then_the_last_tile_elsewhere_goes_out() -> None:
    # review 13, file 22: the double, then the last tile on another train, empties the hand
    game = _ana(["5-5", "2-4"], {"1": ["6-5"], "2": ["6-3"], "3": ["6-0"], "M": ["6-2"]})
    m = _record(game, "2-4@M", "5-5@1")
    assert m.idea == "double-kept"
    assert m.why.endswith("Lay the double 5-5, then play 2-4 on the Mexican train: those are "
                          "your last two tiles, so you go out this turn and your hand counts "
                          "nothing."), m.why
    assert check_mistake(m, game) == []
    assert check_mistake(_tampered(m, "then play 2-4 on", "then play 2-5 on"), game)


def test_no_double_is_said_cut_off_when_the_move_played_leaves_no_line() -> None:
    # review 13, file 30: "with the move you played, none" says every tile is cut off; a
    # sentence on one double after it ("so your 7-7 can no longer go on it") said less
    game = _ana(["6-2", "2-5", "5-5", "5-4", "1-3"], {"1": [], "2": [], "3": [], "M": []})
    m = _record(game, "6-2@M", "6-2@1")
    assert m.idea == "plan" and m.why.endswith("with the move you played, none."), m.why
    assert "can no longer go on it" not in m.why
    assert check_mistake(m, game) == []


def test_find_a_better_move_writes_the_loss_as_the_mistake_does() -> None:
    # review 13: the words said 14.5 points lost and "Find a better move" 14.4 more
    game, m = _kept_double(20.64, 35.06, 40)
    assert "14.5 points lost" in m.what
    retry = m.weigh(Move.parse("5-1@1"), game)
    assert retry.verdict == "worse" and "it left 35.1 points on average, 14.5 more" in \
        retry.text, retry


def test_the_last_tile_kept_for_your_own_train_is_said() -> None:
    # review 13, file 26: with two tiles left, the point is that the tile kept fits your own
    # train, where no one else may play; the other would need a shared train's end to wait
    game = _ana(["0-2", "5-4"], {"1": ["6-2"], "2": ["6-3"], "3": ["6-1"], "M": ["6-5"]},
                others=(["3-3"], ["1-1", "4-4", "2-2"]))
    m = _record(game, "2-0@1", "5-4@M")
    assert m.idea == "shed"
    kept = ("Kept, 2-0 fits your own train's 2, where no one else may play while your train "
            "has no marker; kept, 5-4 fits only the Mexican train's 5, where the others may "
            "play before your next turn.")
    assert m.why.endswith(kept), m.why
    assert check_mistake(m, game) == []
    assert check_mistake(_tampered(m, "train's 2,", "train's 3,"), game)
    # with a marker on her train, anyone may play there: not said
    marked = _ana(["0-2", "5-4"], {"1": ["6-2"], "2": ["6-3"], "3": ["6-1"], "M": ["6-5"]},
                  markers=[1], others=(["3-3"], ["1-1", "4-4", "2-2"]))
    assert "fits your own train" not in _record(marked, "2-0@1", "5-4@M").why
    # nor when the tile kept after the move played fits her own train too
    # (2-0 on her train, then 0-5 follows it)
    both = _ana(["0-2", "0-5"], {"1": ["6-2"], "2": ["6-3"], "3": ["6-1"], "M": ["6-5"]},
                others=(["3-3"], ["1-1", "4-4", "2-2"]))
    assert "Kept, " not in _record(both, "2-0@1", "5-0@M").why


def test_every_text_repeats_the_loss_as_the_mistake_reads_it() -> None:
    # the class phone's screenshot read "9.0 points lost on average" above a mistake that
    # said "8.9 points lost": the summary, Find a better move and an own puzzle all say 8.9
    game, m = _kept_double(2.94, 11.79, 96)
    assert m.lost == 8.85 and m.lost_read == read_loss(11.79, 2.94) == 8.9
    assert "8.9 points lost" in m.what, m.what
    review = Review(0, "Ana", 3, [m], 96, 0, 4.0)
    assert review.lost == 8.9 and "1 mistake, 8.9 points lost on average" in review.summary()
    assert "8.9 more than the better move" in m.weigh(Move.parse("5-1@1"), game).text


def test_the_only_tile_for_your_own_train_kept_by_the_better_move_is_said() -> None:
    # review 15, file 29: 0-5 on the Mexican train spent 5-0, the one tile for her own train;
    # the better move played another tile there and kept it. "The rest of the round went
    # better" said nothing; the only tile is the point (and no "long line" of one tile)
    game = _ana(["5-0", "0-2", "3-4"], {"1": ["6-5"], "2": ["6-3"], "3": ["6-1"],
                                       "M": ["6-0"]})
    m = _record(game, "0-5@M", "0-2@M")
    assert m.idea == "plan", m.why
    assert m.why.startswith("5-0 is the only tile in your hand that fits your own train now: "
                            "played elsewhere, it leaves your train nothing to follow."), m.why
    assert "A long line" not in m.why
    assert check_mistake(m, game) == []
    # a second tile for her train: not the only one, not said
    two = _ana(["5-0", "0-2", "5-4"], {"1": ["6-5"], "2": ["6-3"], "3": ["6-1"], "M": ["6-0"]})
    assert "only tile" not in _record(two, "0-5@M", "0-2@M").why


def test_a_shed_reason_says_the_lines_when_they_differ_by_more() -> None:
    # review 15, file 30: "3-5 is 8 points, 3-0 only 3" cannot explain a 21-point loss; the
    # line each move leaves on her own train does, and is said after it
    game = _ana(["3-5", "5-5", "5-4", "4-2", "3-0", "0-1"], {"1": ["6-3"], "2": ["6-2"],
                                                      "3": ["6-1"], "M": ["6-0"]},
                others=(["2-2"], ["1-1", "4-4"]))
    m = _record(game, "3-0@1", "3-5@1")
    assert m.idea == "shed", m.why
    assert m.why.endswith("3-5 is 8 points, 3-0 only 3. With it, 4 of your tiles go on your "
                          "own train in one line, this one included; with the move you "
                          "played, 2, that one included."), m.why
    assert check_mistake(m, game) == []
    assert check_mistake(_tampered(m, "With it, 4 of", "With it, 5 of"), game)
    # one tile apart: the points alone, as before
    near = _ana(["3-5", "5-5", "5-4", "3-0", "0-1"], {"1": ["6-3"], "2": ["6-2"],
                                                      "3": ["6-1"], "M": ["6-0"]},
                others=(["2-2"], ["1-1", "4-4"]))
    assert _record(near, "3-0@1", "3-5@1").why.endswith("3-0 only 3.")
