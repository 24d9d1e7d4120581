"""The benchmarks' bots' names, in a module that loads nothing of the server: ``gamepath_bench``'s measuring process
imports it before it puts the tree it measures (perhaps an older commit's) first on the path."""


def bot_name(index: int) -> str:
    """``bot0005``: not ``bot5``, which reads as "Bots", a word the server begins a line with (server.community.ownwords)."""
    return f"bot{index:04d}"
