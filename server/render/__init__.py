"""Turning what tables emit into what each person sees: the Automatic ScoreHandler's words, and the cubes."""
