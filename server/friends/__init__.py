"""Friends as one model (issue 38): whom a player follows, whether each is on (and idle how long) and at which tables
each sits, made once for 'friends' (its text), the ``friends`` JSON message and the web page's friends panel, which
offers a challenge from each row."""
