"""Optimal play of two-player Cosmic Wimpout: chance tables, the solver, and the advice read from its tables.

Pure computation beside the engine (numpy, no I/O): ``server.wimpout.solutions`` reads the shipped tables in
``data/`` and the cached ones, and the server solves other rule sets in a worker process.
"""
