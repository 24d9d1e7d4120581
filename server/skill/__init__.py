"""Ratings that know about luck (issue 40): the first turn's worth counted in predicted chances and rating updates
(the solver's figure for the game's goal), and each rated game's decision accuracy and dice share, judged against the
solved tables once when it ends and kept, so that 'rating' and the web page show a skill index and the luck of a
player's last rated games beside the rating without reading any game again."""
