"""Optimal play of two-player Cosmic Wimpout: chance tables, the solver, and the advice read from its tables.

Pure computation beside the engine (numpy, no I/O): the server loads or stores solved tables, the engine never does.
"""
