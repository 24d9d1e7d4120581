"""A move is converted for its viewers once: the JSON everyone shares is serialized once and each viewer's part
spliced in, and the text is rendered once per style and role. Both must give exactly what converting the move for
each person would: checked here on whole games, for players, a watcher and an outsider, in every style."""

from __future__ import annotations

import random

from engine.wimpout import RuleSet, SeededDice
from rooms.tables import TableNews
from rooms.wimpout.wimpoutplay import wimpout_table
from server.wire.protocol import table_line, table_message
from server.wimpout.eventwords import Style, render, render_once

STYLES = (Style(), Style(cubes="compact"), Style(screenreader=True), Style(colour=True), Style(width=40))
VIEWERS = ("Ann", "Bob", "Cat", "Wendy", "Zed")


def moves(seed: int) -> list[TableNews]:
    """Every move of a three-player game with a watcher, house rules and a Guiding Light proposal, at random."""
    chance = random.Random(seed)
    dice = SeededDice(seed)
    table = wimpout_table(3, "lobby", RuleSet(goal=200, insurance=True, full_house=True), ["Ann"])
    news = [table.sit("Bob"), table.sit("Cat"), table.watch("Wendy"), table.start("Ann", dice)]
    news.append(table.play.propose("Bob", "goal=250", dice))
    while table.play.game is not None and not table.play.game.is_over and len(news) < 400:
        view = news[-1].view
        name = view.waiting_on[0]
        news.append(table.move(name, chance.choice(view.legal[name]), dice))
    return news


def test_each_viewer_gets_exactly_their_own_conversion() -> None:
    for seed in (1, 2, 3):
        for news in moves(seed):
            for viewer in VIEWERS:
                for style in STYLES:
                    assert render_once(news, viewer, style) == render(news, viewer, style)
                text = render(news, viewer, Style()) + ' "café" \\ \t'
                assert table_line(news, viewer, text) == table_message(news, viewer, text).model_dump_json()
