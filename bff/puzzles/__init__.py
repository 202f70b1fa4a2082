"""Puzzles in the Lichess form: the daily puzzle, rated puzzles, standing (/content/puzzles)."""
