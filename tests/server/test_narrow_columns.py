"""Lists on a narrow screen: columns only as wide as their cells, the last left out to fit; 'top' of each game at 40
columns and at 80 (unchanged there); five cubes of art in the width below which throws are drawn compact."""

from __future__ import annotations

from engine.wimpout import Face, Throw
from server.commands.records import rating_board
from server.poker import pokerboard
from server.competition.ratingmodel import Rating
from server.render.columns import fitted
from server.render.style import ART_WIDTH, default_cubes
from server.store import Stats
from server.wimpout import standings
from server.wimpout.cubeart import art

WIMPOUT = Stats(3, 2, {"best_turn": 125, "freight_trains": 1, "train_wrecks": 0, "supernovas": 0})
POKER = Stats(3, 2, {"hands_won": 7, "bases": 2})


def test_columns_are_as_wide_as_their_cells_and_the_last_go_first() -> None:
    rows = [["#", "Player", "Wins", "Trains"], ["1.", "Ann", 12, 3], ["10.", "Bartholomew", 1, 0]]
    assert fitted(rows, 80, right=(0, 2, 3)) == (["  # Player      Wins Trains", " 1. Ann           12      3",
                                                  "10. Bartholomew    1      0"], 0)
    assert fitted(rows, 22, right=(0, 2, 3)) == (["  # Player      Wins", " 1. Ann           12",
                                                  "10. Bartholomew    1"], 1)
    assert fitted(rows, 5, right=(0,)) == (["  # Player", " 1. Ann", "10. Bartholomew"], 2)  # never fewer than two


def test_top_of_each_game_fits_40_columns_and_is_unchanged_at_80() -> None:
    for board, stats, wide in ((standings.leaderboard, WIMPOUT, 67), (pokerboard.leaderboard, POKER, 48)):
        leaders = [("Bartholomewskiii", stats), ("Ann", stats)]
        assert max(map(len, board(leaders, 80).splitlines())) == wide
        narrow = board(leaders, 40).splitlines()
        assert max(map(len, narrow[:-1])) <= 40 and "No room here for:" in narrow[-1], narrow  # (a sentence: wrapped)
        assert sum("Bartholomewskiii" in line for line in narrow) == 1


def test_five_cubes_of_art_take_the_width_below_which_throws_are_drawn_compact() -> None:
    five = Throw((Face.TWO, Face.THREE, Face.FOUR, Face.SIX), Face.SUN)
    assert [len(line) for line in art(five, ART_WIDTH)] == [ART_WIDTH] * 5  # one row of five
    assert len(art(five, ART_WIDTH - 1)) == 10
    assert (default_cubes(ART_WIDTH), default_cubes(ART_WIDTH - 1)) == ("art", "compact")


def test_the_rating_board_counts_games_in_words_and_fits_40_columns() -> None:
    board = [("Bartholomewskiii", Rating(games=1)), ("Ann", Rating(mu=30, sigma=3, games=12))]
    wide = rating_board("Cosmic Wimpout", False, board, 80).splitlines()
    assert wide[1].endswith("(provisional)  1 game") and wide[2].endswith("  12 games"), wide  # not '1 games'
    narrow = rating_board("Cosmic Wimpout", False, board, 40).splitlines()
    assert narrow[1:3] == ["1. Bartholomewskiii 1000 (provisional)", "2. Ann              1630"], narrow
    assert narrow[3] == "(No room here for: games. 'stats <name>' has them.)"
