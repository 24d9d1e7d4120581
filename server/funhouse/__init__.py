"""Epic Funhouse in the world: each player's solitaire run (``funplay``), its boards in 80 columns (``funboard``),
its words (``funwords``) and its JSON message (``funwire``); the wing of rooms it is played in is added to older
worlds by ``server.ops.worldwings``."""
