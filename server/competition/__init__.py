"""Rated play: the rating model (ratingmodel), ratings that cannot be farmed (fairplay), the house bots that anchor the
scale (anchors), events (tournaments) and the bot ladder (botladder)."""
