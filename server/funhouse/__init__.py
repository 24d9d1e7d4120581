"""Epic Funhouse in the world: each player's solitaire run (``funplay``), its boards in 80 columns (``funboard``),
its words (``funwords``), its JSON message (``funwire``) and the wing of rooms it is played in (``funwing``)."""
