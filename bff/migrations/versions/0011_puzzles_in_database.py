"""Puzzle work the database does, each a round trip less for a member: on PostgreSQL the function
next_puzzle, which does what bff/puzzles/selection.py does in Python on SQLite
(bff/puzzles/next_in_database.py); on both, a puzzle's theme rows follow its rating (a trigger).

Revision ID: 0011_puzzles_in_database
Revises: 0010_hardening
Create Date: 2026-12-02
"""

from alembic import op

revision = "0011_puzzles_in_database"
down_revision = "0010_hardening"
branch_labels = None
depends_on = None

# The member's rating row locked (one 'next' of a member at a time; SQLSTATE BFP01 when the
# member has none yet: the caller makes it and asks again); the puzzle 'next' gave them and they
# have not played (of the theme asked), else, within a free member's day allowance (BFP02 past
# it), the puzzle nearest the target they never played, in windows that widen, served. Each
# statement reads after the lock (READ COMMITTED: a snapshot a statement), so two calls of one
# member at once give one puzzle. Returns the puzzle's row, or none when none is left.
NEXT_PUZZLE = """
CREATE FUNCTION next_puzzle(
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
    v_found varchar;
BEGIN
    SELECT pp.rating INTO v_rating FROM puzzle_players pp WHERE pp.user_id = p_member FOR UPDATE;
    IF NOT FOUND THEN
        RAISE EXCEPTION 'no puzzle player row' USING ERRCODE = 'BFP01';
    END IF;

    SELECT r.puzzle_id INTO v_found
    FROM puzzle_rounds r
    WHERE r.user_id = p_member AND r.source = 'next' AND r.played_at IS NULL
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
        WHERE r.user_id = p_member AND r.source = 'next' AND r.served_at >= p_day_start
    ) >= p_free_per_day THEN
        RAISE EXCEPTION 'puzzle allowance spent' USING ERRCODE = 'BFP02';
    END IF;

    v_target := coalesce(p_rating, v_rating) + p_jitter;
    FOREACH v_window IN ARRAY p_windows LOOP
        IF p_theme IS NULL THEN
            SELECT near.id INTO v_found FROM (
                (SELECT p.id, p.rating FROM puzzles p
                 WHERE p.rating >= v_target AND p.rating <= v_target + v_window
                     AND NOT EXISTS (SELECT 1 FROM puzzle_rounds r
                                     WHERE r.user_id = p_member AND r.puzzle_id = p.id)
                 ORDER BY p.rating LIMIT 1)
                UNION ALL
                (SELECT p.id, p.rating FROM puzzles p
                 WHERE p.rating < v_target AND p.rating >= v_target - v_window
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
                     AND NOT EXISTS (SELECT 1 FROM puzzle_rounds r
                                     WHERE r.user_id = p_member AND r.puzzle_id = t.puzzle_id)
                 ORDER BY t.rating LIMIT 1)
                UNION ALL
                (SELECT t.puzzle_id AS id, t.rating FROM puzzle_themes t
                 WHERE t.theme = p_theme
                     AND t.rating < v_target AND t.rating >= v_target - v_window
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


# A puzzle's rating in its theme rows (where the next puzzle of a theme is looked for by rating)
# is the puzzle's: a rated attempt's update of the puzzle moves them in the same statement.
THEME_RATINGS_POSTGRESQL = (
    """
CREATE FUNCTION puzzle_theme_ratings() RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
    UPDATE puzzle_themes SET rating = NEW.rating WHERE puzzle_id = NEW.id;
    RETURN NULL;
END;
$$
""",
    """
CREATE TRIGGER puzzle_theme_ratings AFTER UPDATE OF rating ON puzzles
FOR EACH ROW WHEN (OLD.rating IS DISTINCT FROM NEW.rating)
EXECUTE FUNCTION puzzle_theme_ratings()
""",
)
THEME_RATINGS_SQLITE = """
CREATE TRIGGER puzzle_theme_ratings AFTER UPDATE OF rating ON puzzles
FOR EACH ROW WHEN OLD.rating IS NOT NEW.rating
BEGIN
    UPDATE puzzle_themes SET rating = NEW.rating WHERE puzzle_id = NEW.id;
END
"""


def upgrade() -> None:
    if _postgresql():
        op.execute(NEXT_PUZZLE)
        for statement in THEME_RATINGS_POSTGRESQL:
            op.execute(statement)
    else:
        op.execute(THEME_RATINGS_SQLITE)


def downgrade() -> None:
    op.execute("DROP TRIGGER puzzle_theme_ratings" + (" ON puzzles" if _postgresql() else ""))
    if _postgresql():
        op.execute("DROP FUNCTION puzzle_theme_ratings()")
        op.execute(
            "DROP FUNCTION next_puzzle(integer, text, double precision, double precision, "
            "integer, timestamptz, timestamptz, double precision[])"
        )


def _postgresql() -> bool:
    return op.get_bind().dialect.name == "postgresql"
