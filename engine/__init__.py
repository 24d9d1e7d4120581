"""The rules of each game, pure: no I/O, no asyncio, no global random state (dice and shuffles are an input), a game
being the fold of its events. Each game is a package of its own (``engine.wimpout``: Cosmic Wimpout); the games do
not import each other."""
