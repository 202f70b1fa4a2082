"""A free member's day counts the puzzles played, not served, and 'next' leaves out the day's
puzzle: the database's function next_puzzle (bff/puzzles/next_in_database.py, first made by
0011) replaced on PostgreSQL; SQLite's path is bff/puzzles/selection.py.

Revision ID: 0014_puzzles_played_allowance
Revises: 0013_exercise_attempt_ids
Create Date: 2026-12-07
"""

import importlib.util
from pathlib import Path

from alembic import op

revision = "0014_puzzles_played_allowance"
down_revision = "0013_exercise_attempt_ids"
branch_labels = None
depends_on = None

# The member's rating row locked (one 'next' of a member at a time; BFP01 when the member has
# none yet: the caller makes it and asks again); the day's puzzle read (BFP03 when it is not
# chosen yet: the caller chooses it and asks again), never served here; a free member's puzzles
# played today counted (rated attempts at puzzles 'next' gave them; BFP02 at p_free_per_day);
# the puzzle 'next' gave them and they have not played (of the theme asked) given again; else,
# while a free member holds fewer than p_free_per_day unplayed (BFP04 otherwise), the puzzle
# nearest the target they never played, in windows that widen, served. Each statement reads
# after the lock (READ COMMITTED: a snapshot a statement), so calls of one member at once serve
# one puzzle. Returns the puzzle's row, or none when none is left. Same arguments as 0011's.
NEXT_PUZZLE = """
CREATE OR REPLACE FUNCTION next_puzzle(
    p_member integer,
    p_theme text,
    p_rating double precision,
    p_jitter double precision,
    p_free_per_day integer,
    p_day_start timestamptz,
    p_now timestamptz,
    p_windows double precision[]
) RETURNS SETOF puzzles
LANGUAGE plpgsql
AS $$
DECLARE
    v_rating double precision;
    v_target double precision;
    v_window double precision;
    v_daily varchar;
    v_found varchar;
BEGIN
    SELECT pp.rating INTO v_rating FROM puzzle_players pp WHERE pp.user_id = p_member FOR UPDATE;
    IF NOT FOUND THEN
        RAISE EXCEPTION 'no puzzle player row' USING ERRCODE = 'BFP01';
    END IF;

    SELECT d.puzzle_id INTO v_daily FROM daily_puzzles d
    WHERE d.day = (p_day_start AT TIME ZONE 'UTC')::date;
    IF NOT FOUND THEN
        RAISE EXCEPTION 'no daily puzzle yet' USING ERRCODE = 'BFP03';
    END IF;

    IF p_free_per_day IS NOT NULL AND (
        SELECT count(*) FROM puzzle_rounds r
        WHERE r.user_id = p_member AND r.source = 'next' AND r.rated
            AND r.played_at >= p_day_start
    ) >= p_free_per_day THEN
        RAISE EXCEPTION 'puzzle allowance spent' USING ERRCODE = 'BFP02';
    END IF;

    SELECT r.puzzle_id INTO v_found
    FROM puzzle_rounds r
    WHERE r.user_id = p_member AND r.source = 'next' AND r.played_at IS NULL
        AND r.puzzle_id <> v_daily
        AND (p_theme IS NULL OR EXISTS (
            SELECT 1 FROM puzzle_themes t WHERE t.puzzle_id = r.puzzle_id AND t.theme = p_theme))
    ORDER BY r.served_at DESC
    LIMIT 1;
    IF v_found IS NOT NULL THEN
        RETURN QUERY SELECT * FROM puzzles WHERE puzzles.id = v_found;
        RETURN;
    END IF;

    IF p_free_per_day IS NOT NULL AND (
        SELECT count(*) FROM puzzle_rounds r
        WHERE r.user_id = p_member AND r.source = 'next' AND r.played_at IS NULL
            AND r.puzzle_id <> v_daily
    ) >= p_free_per_day THEN
        RAISE EXCEPTION 'puzzles waiting' USING ERRCODE = 'BFP04';
    END IF;

    v_target := coalesce(p_rating, v_rating) + p_jitter;
    FOREACH v_window IN ARRAY p_windows LOOP
        IF p_theme IS NULL THEN
            SELECT near.id INTO v_found FROM (
                (SELECT p.id, p.rating FROM puzzles p
                 WHERE p.rating >= v_target AND p.rating <= v_target + v_window
                     AND p.id <> v_daily
                     AND NOT EXISTS (SELECT 1 FROM puzzle_rounds r
                                     WHERE r.user_id = p_member AND r.puzzle_id = p.id)
                 ORDER BY p.rating LIMIT 1)
                UNION ALL
                (SELECT p.id, p.rating FROM puzzles p
                 WHERE p.rating < v_target AND p.rating >= v_target - v_window
                     AND p.id <> v_daily
                     AND NOT EXISTS (SELECT 1 FROM puzzle_rounds r
                                     WHERE r.user_id = p_member AND r.puzzle_id = p.id)
                 ORDER BY p.rating DESC LIMIT 1)
            ) near
            ORDER BY abs(near.rating - v_target), near.id COLLATE "C"
            LIMIT 1;
        ELSE
            SELECT near.id INTO v_found FROM (
                (SELECT t.puzzle_id AS id, t.rating FROM puzzle_themes t
                 WHERE t.theme = p_theme
                     AND t.rating >= v_target AND t.rating <= v_target + v_window
                     AND t.puzzle_id <> v_daily
                     AND NOT EXISTS (SELECT 1 FROM puzzle_rounds r
                                     WHERE r.user_id = p_member AND r.puzzle_id = t.puzzle_id)
                 ORDER BY t.rating LIMIT 1)
                UNION ALL
                (SELECT t.puzzle_id AS id, t.rating FROM puzzle_themes t
                 WHERE t.theme = p_theme
                     AND t.rating < v_target AND t.rating >= v_target - v_window
                     AND t.puzzle_id <> v_daily
                     AND NOT EXISTS (SELECT 1 FROM puzzle_rounds r
                                     WHERE r.user_id = p_member AND r.puzzle_id = t.puzzle_id)
                 ORDER BY t.rating DESC LIMIT 1)
            ) near
            ORDER BY abs(near.rating - v_target), near.id COLLATE "C"
            LIMIT 1;
        END IF;
        EXIT WHEN v_found IS NOT NULL;
    END LOOP;
    IF v_found IS NULL THEN
        RETURN;
    END IF;

    INSERT INTO puzzle_rounds (user_id, puzzle_id, source, served_at, rated)
    VALUES (p_member, v_found, 'next', p_now, false);
    RETURN QUERY SELECT * FROM puzzles WHERE puzzles.id = v_found;
END;
$$
"""


def upgrade() -> None:
    if _postgresql():
        op.execute(NEXT_PUZZLE)


def downgrade() -> None:
    if _postgresql():
        # 0011's function again (same arguments: replaced in place).
        before = _revision("0011_puzzles_in_database.py").NEXT_PUZZLE
        op.execute(before.replace("CREATE FUNCTION", "CREATE OR REPLACE FUNCTION", 1))


def _revision(name: str):
    spec = importlib.util.spec_from_file_location(name[:-3], Path(__file__).with_name(name))
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _postgresql() -> bool:
    return op.get_bind().dialect.name == "postgresql"
