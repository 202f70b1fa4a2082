"""The puzzle themes of cms-schema/tools/motifs on textbook positions: each theme is found where it
is the point of the position, and not on a near miss. Every position is a legal FEN, every line
legal (Line.of refuses an illegal move)."""

from __future__ import annotations

import chess
import chess.engine
import pytest

from .grown import chess_checks, motifs


def themes(fen: str, sans: str, opponent_first: bool = False, **options) -> set[str]:
    board = chess.Board(fen)
    assert board.is_valid(), board.status()
    position, moves = board.copy(), []
    for san in sans.split():
        moves.append(position.parse_san(san))
        position.push(moves[-1])
    return set(motifs.themes(board, moves, opponent_first=opponent_first, **options))


def game(sans: str) -> str:
    board = chess.Board()
    for san in sans.split():
        board.push_san(san)
    return board.fen()


# -- forks, pins, skewers -------------------------------------------------------------------------

KNIGHT_FORK = "q3k3/8/8/3N4/8/8/8/6K1 w - - 0 1"  # Nc7+ forks the king and the queen in the corner


def test_a_knight_fork_of_king_and_queen():
    found = themes(KNIGHT_FORK, "Nc7+ Kd7 Nxa8")
    assert "fork" in found
    assert {"pin", "skewer"}.isdisjoint(found)


def test_no_fork_when_the_forking_knight_is_simply_taken():
    # the same check with a rook on c8: the knight lands where it is lost
    assert "fork" not in themes("q1r1k3/8/8/3N4/8/8/8/6K1 w - - 0 1", "Nc7+")


def test_a_lichess_row_starts_with_the_opponents_move():
    # the row's first move is Black's king stepping into the fork; the solver is White
    found = themes("q4k2/8/8/3N4/8/8/8/6K1 b - - 0 1", "Ke8 Nc7+ Kd7 Nxa8", opponent_first=True)
    assert "fork" in found


ABSOLUTE_PIN = "4k3/8/8/4q3/8/8/5K2/R7 w - - 0 1"  # Re1 pins the queen to the king


def test_an_absolute_pin_of_the_queen():
    assert "pin" in themes(ABSOLUTE_PIN, "Re1 Qxe1+ Kxe1")


def test_no_pin_when_the_king_is_not_behind():
    assert "pin" not in themes("3k4/8/8/4q3/8/8/5K2/R7 w - - 0 1", "Re1 Qxe1+ Kxe1")


KING_QUEEN_SKEWER = "4q3/8/4k3/8/8/8/5K2/R7 w - - 0 1"  # Re1+ along the e-file: king, then queen


def test_a_skewer_of_king_and_queen_along_a_file():
    found = themes(KING_QUEEN_SKEWER, "Re1+ Kd5 Rxe8")
    assert "skewer" in found
    assert "pin" not in found


def test_a_line_that_stops_at_the_skewering_check_is_a_skewer():
    assert "skewer" in themes(KING_QUEEN_SKEWER, "Re1+")


def test_the_exercise_checks_use_the_same_skewer_rule():
    board = chess.Board(KING_QUEEN_SKEWER)
    board.push_san("Re1+")
    assert chess_checks.skewer(board, chess.E1) == (chess.E6, chess.E8)
    board = chess.Board("8/4p3/4k3/8/8/8/5K2/R7 w - - 0 1")
    board.push_san("Re1+")
    assert chess_checks.skewer(board, chess.E1) is None
    found = chess_checks.motifs(chess.Board(KING_QUEEN_SKEWER), [chess.Move.from_uci("a1e1")])
    assert "skewer" in found.tags
    assert found.phrase == "skewers the king and wins the queen on e8 behind it"


def test_a_pawn_behind_the_king_is_no_skewer():
    # the same check with only a pawn behind the king: taking it is no skewer
    pawn_behind = "8/4p3/4k3/8/8/8/5K2/R7 w - - 0 1"
    assert "skewer" not in themes(pawn_behind, "Re1+ Kd5 Rxe7")
    assert "skewer" not in themes(pawn_behind, "Re1+")


def test_a_cheaper_piece_in_front_is_no_skewer():
    # a knight in front of the queen on the file: that is a pin, not a skewer
    assert "skewer" not in themes("4q1k1/8/4n3/8/8/8/5K2/R7 w - - 0 1", "Re1")


# -- discovered attacks, double check, x-ray ------------------------------------------------------

DISCOVERY = "4k3/3q4/8/8/4N3/8/8/4R1K1 w - - 0 1"  # the knight leaves the e-file with check


def test_a_discovered_check_that_wins_the_queen():
    found = themes(DISCOVERY, "Nc5+ Kf7 Nxd7")
    assert "discoveredAttack" in found
    assert "doubleCheck" not in found


def test_a_line_that_stops_at_the_discovering_move_is_a_discovered_attack():
    # the knight steps off the d-file and the rook behind it attacks the queen
    assert "discoveredAttack" in themes("3qk3/8/8/8/3N4/8/8/3R2K1 w - - 0 1", "Nf5")
    # the same with a guarded pawn instead of the queen
    assert "discoveredAttack" not in themes("4k3/3p4/4p3/8/3N4/8/8/3R2K1 w - - 0 1", "Nf5")


def test_no_discovered_attack_without_the_rook_behind():
    assert "discoveredAttack" not in themes("4k3/3q4/8/8/4N3/8/8/6K1 w - - 0 1", "Nc5")


def test_a_double_check():
    assert "doubleCheck" in themes(DISCOVERY, "Nf6+ Kf8 Nxd7+")


XRAY = "3r3k/6pp/3q4/Q7/8/8/6PP/3R2K1 w - - 0 1"  # the d1 rook looks through the queen on d6


def test_an_x_ray_attack_through_the_recapturing_queen():
    found = themes(XRAY, "Qxd8+ Qxd8 Rxd8#")
    assert "xRayAttack" in found
    assert "backRankMate" in found


def test_no_x_ray_when_the_last_taker_was_not_behind():
    assert "xRayAttack" not in themes("3r3k/6pp/3q4/Q3N3/8/8/6PP/6K1 w - - 0 1", "Qxd8+ Qxd8 Nf7+")


# -- luring and blocking --------------------------------------------------------------------------

# Réti-Tartakower, Vienna 1910: 9.Qd8+!! Kxd8 10.Bg5++ Kc7 11.Bd8#
RETI = game("e4 c6 d4 d5 Nc3 dxe4 Nxe4 Nf6 Qd3 e5 dxe5 Qa5+ Bd2 Qxe5 O-O-O")


def test_retis_mate_attracts_the_king_and_mates_with_a_double_check():
    found = themes(RETI, "Nxe4 Qd8+ Kxd8 Bg5+ Kc7 Bd8#", opponent_first=True)
    assert {"attraction", "doubleCheck", "sacrifice", "mate", "mateIn3", "opening"} <= found


# A rook trade draws the king to f8, where a knight check forks it with the queen
ATTRACTION = "5rk1/pp4pp/1q6/4N3/8/8/6PP/5R1K w - - 0 1"


def test_an_attraction_to_a_knight_fork():
    found = themes(ATTRACTION, "Rxf8+ Kxf8 Nd7+ Ke7 Nxb6")
    assert {"attraction", "fork"} <= found


def test_no_attraction_when_the_king_is_left_alone_after_the_trade():
    assert "attraction" not in themes(ATTRACTION, "Rxf8+ Kxf8 Nc4")


# The black queen guards both the rook on e8 and the bishop on f6: the trade takes it away
DEFLECTION = "3qr1k1/1p3p1p/5bp1/8/8/5Q2/5PPP/4R1K1 w - - 0 1"


def test_a_deflection_of_the_overloaded_queen():
    assert "deflection" in themes(DEFLECTION, "Rxe8+ Qxe8 Qxf6")


def test_no_deflection_when_what_is_taken_was_never_guarded_by_it():
    assert "deflection" not in themes(DEFLECTION, "Rxe8+ Qxe8 Qxb7")


# The knight leaves the d-file with a threat to the queen, and the rook mates on d8
CLEARANCE = "q5k1/5ppp/8/3N4/8/8/5PPP/3R2K1 w - - 0 1"


def test_a_clearance_of_the_file_for_the_rook():
    found = themes(CLEARANCE, "Nc7 Qa5 Rd8#")
    assert {"clearance", "backRankMate", "mateIn2"} <= found


def test_no_clearance_when_the_knight_was_never_in_the_way():
    assert "clearance" not in themes("q5k1/5ppp/8/1N6/8/8/5PPP/3R2K1 w - - 0 1", "Nc7 Qa5 Rd8#")


# The knight lands with check between the queen and the rook it guards along the fourth rank
INTERFERENCE = "8/8/5k2/8/q6r/2NP4/8/6KR w - - 0 1"


def test_an_interference_cuts_the_queen_from_the_rook():
    assert "interference" in themes(INTERFERENCE, "Ne4+ Kf5 Rxh4")


def test_no_interference_when_nothing_guarded_the_rook():
    assert "interference" not in themes("8/8/5k2/8/7r/2NP4/8/6KR w - - 0 1", "Ne4+ Kf5 Rxh4")


# Black takes the knight; White first checks, then takes back
INTERMEZZO = "4k3/8/8/8/1b6/2N5/1P6/3Q2K1 b - - 0 1"


def test_an_in_between_check_before_taking_back():
    found = themes(INTERMEZZO, "Bxc3 Qa4+ Ke7 bxc3", opponent_first=True)
    assert "intermezzo" in found


def test_taking_back_at_once_is_no_intermezzo():
    assert "intermezzo" not in themes(INTERMEZZO, "Bxc3 bxc3", opponent_first=True)


# -- taking what is loose, guarded or shut in -----------------------------------------------------


def test_a_hanging_rook():
    assert "hangingPiece" in themes("7r/1k6/8/8/3Q4/8/6PP/6K1 w - - 0 1", "Qxh8")


def test_a_guarded_rook_is_not_hanging():
    assert "hangingPiece" not in themes("6kr/8/8/8/3Q4/8/6PP/6K1 w - - 0 1", "Qxh8+ Kxh8")


# The knight on f6 is the only guard of h7
CAPTURING_DEFENDER = "5rk1/ppp2ppp/5n2/7Q/8/3B4/1B3PPP/6K1 w - - 0 1"


def test_capturing_the_defender_of_the_mating_square():
    found = themes(CAPTURING_DEFENDER, "Bxf6 gxf6 Qxh7#")
    assert {"capturingDefender", "mateIn2"} <= found


def test_taking_a_piece_that_guarded_nothing_is_not_capturing_the_defender():
    no_guard = "5rk1/ppp2ppp/5b2/7Q/8/3B4/1B3PPP/6K1 w - - 0 1"  # a bishop on f6 does not guard h7
    assert "capturingDefender" not in themes(no_guard, "Bxf6 gxf6 Qxh7#")


# The bishop that took the a2 pawn: b3 shuts it in and the king comes to take it
TRAPPED = "4k3/8/8/8/8/8/bPP5/2K5 w - - 0 1"


def test_the_bishop_trapped_on_a2():
    assert "trappedPiece" in themes(TRAPPED, "b3 Ke7 Kb2 Kd7 Kxa2")


def test_a_bishop_that_can_run_is_not_trapped():
    assert "trappedPiece" not in themes("4k3/8/8/8/8/8/b7/2K5 w - - 0 1", "Kb2")


# -- move kinds -----------------------------------------------------------------------------------

QUIET = "6k1/5ppp/8/p7/8/8/8/R5K1 w - - 0 1"  # the a-pawn blocks the file: Rb1, then Rb8#


def test_a_quiet_rook_move_before_the_mate():
    assert {"quietMove", "mateIn2", "backRankMate"} <= themes(QUIET, "Rb1 a4 Rb8#")


def test_a_mate_in_one_is_no_quiet_move():
    assert "quietMove" not in themes("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", "Ra8#")


DEFENSIVE = "4k3/4p3/8/8/3N4/8/8/4K3 b - - 0 1"  # ...e5 attacks the knight, which steps back


def test_a_defensive_retreat():
    assert "defensiveMove" in themes(DEFENSIVE, "e5 Nb3", opponent_first=True)


def test_a_quiet_move_with_nothing_attacked_is_not_defensive():
    assert "defensiveMove" not in themes(DEFENSIVE, "e6 Nb3", opponent_first=True)


# Légal's mate: 5.Nxe5! Bxd1 6.Bxf7+ Ke7 7.Nd5#, after 4...g6?
LEGAL = game("e4 e5 Nf3 d6 Bc4 Bg4 Nc3")


def test_legals_mate_gives_the_queen():
    found = themes(LEGAL, "g6 Nxe5 Bxd1 Bxf7+ Ke7 Nd5#", opponent_first=True)
    assert {"sacrifice", "mate", "mateIn3", "opening", "long"} <= found


def test_a_plain_trade_is_no_sacrifice():
    assert "sacrifice" not in themes(ATTRACTION, "Rxf8+ Kxf8 Nd7+ Ke7 Nxb6")


def test_castling_with_check():
    assert "castling" in themes("3k4/8/8/8/8/8/8/R3K3 w Q - 0 1", "O-O-O+")
    assert "castling" not in themes("3k4/8/8/8/8/8/8/R3K3 w Q - 0 1", "Rd1+")


def test_en_passant():
    row = "4k3/3p4/8/4P3/8/8/8/4K3 b - - 0 1"
    assert "enPassant" in themes(row, "d5 exd6", opponent_first=True)
    assert "enPassant" not in themes(row, "d6 exd6", opponent_first=True)


UNDERPROMOTION = "8/4P1k1/3q4/8/8/8/8/6K1 w - - 0 1"  # e8=N+ forks the king and the queen


def test_an_underpromotion_to_a_knight_with_a_fork():
    found = themes(UNDERPROMOTION, "e8=N+ Kg6 Nxd6")
    assert {"promotion", "underPromotion", "advancedPawn", "fork"} <= found


def test_queening_is_no_underpromotion():
    found = themes(UNDERPROMOTION, "e8=Q")
    assert "promotion" in found
    assert "underPromotion" not in found


def test_a_pawn_on_the_fifth_is_not_advanced():
    assert "advancedPawn" not in themes("4k3/8/8/8/3P4/8/8/4K3 w - - 0 1", "d5")


# -- attacks on the king --------------------------------------------------------------------------

# The Greek gift: Bxh7+ Kxh7 Ng5+ Kg8 Qh5, after Black castled into it
GREEK_GIFT = game("e4 e6 d4 d5 Nd2 Nf6 e5 Nfd7 Bd3 c5 c3 Nc6 Ngf3 Be7 O-O")


def test_the_greek_gift_is_a_kingside_attack():
    found = themes(GREEK_GIFT, "O-O Bxh7+ Kxh7 Ng5+ Kg8 Qh5", opponent_first=True)
    assert {"kingsideAttack", "attraction", "sacrifice", "long"} <= found
    assert "queensideAttack" not in found


# Schulder-Boden, London 1853: 14...Qxc3+! 15.bxc3 Ba3#
BODEN = game(
    "e4 e5 Nf3 d6 c3 f5 Bc4 Nf6 d4 fxe4 dxe5 exf3 exf6 Qxf6 gxf3 Nc6 f4 Bd7 Be3 O-O-O Nd2 Re8 "
    "Qf3 Bf5 O-O-O d5"
)


def test_bodens_mate_on_the_queenside():
    found = themes(BODEN, "Bxd5 Qxc3+ bxc3 Ba3#", opponent_first=True)
    assert {"bodenMate", "mateIn2", "sacrifice", "queensideAttack"} <= found
    assert {"doubleBishopMate", "kingsideAttack"}.isdisjoint(found)


EXPOSED = "r3k3/7p/p4qp1/1pb5/8/1BN5/PPP2PPP/R2Q2K1 w - - 0 1"  # no pawn in front of the king


def test_an_exposed_king_hunted_by_checks():
    assert "exposedKing" in themes(EXPOSED, "Qd7+ Kf8 Qd8+ Kg7 Qxa8")


def test_a_king_behind_a_pawn_is_not_exposed():
    shielded = EXPOSED.replace("r3k3/7p", "r3k3/5p1p")
    assert "exposedKing" not in themes(shielded, "Qd7+ Kf8 Qd8+ Kg7 Qxa8")


# -- mates ----------------------------------------------------------------------------------------

BACK_RANK = "6k1/5ppp/8/8/8/8/5PPP/4R1K1 w - - 0 1"


def test_a_back_rank_mate():
    found = themes(BACK_RANK, "Re8#")
    assert {"backRankMate", "mate", "mateIn1", "oneMove"} <= found


def test_a_mate_on_the_back_rank_with_the_escape_covered_is_not_a_back_rank_mate():
    # h7 is empty, covered by the bishop: the king is not shut in by its own pawns
    assert "backRankMate" not in themes("6k1/5pp1/7p/8/8/3B4/5PPP/4R1K1 w - - 0 1", "Re8#")


PHILIDOR = "5r1k/6pp/7N/3Q4/8/8/8/6K1 w - - 0 1"  # Philidor's legacy: Qg8+ Rxg8 Nf7#


def test_philidors_smothered_mate():
    found = themes(PHILIDOR, "Qg8+ Rxg8 Nf7#")
    assert {"smotheredMate", "mateIn2", "sacrifice"} <= found


def test_a_knight_mate_with_an_empty_square_covered_is_not_smothered():
    found = themes("6rk/6p1/8/4N3/8/3B4/8/6K1 w - - 0 1", "Nf7#")
    assert "mate" in found
    assert "smotheredMate" not in found


def test_anastasias_mate():
    assert "anastasiaMate" in themes("8/4N1pk/8/3R4/8/8/8/6K1 w - - 0 1", "Rh5#")
    # the same mate with the g7 square covered by a bishop, not filled by the king's pawn
    assert "anastasiaMate" not in themes("8/4N2k/8/3R4/8/8/1B6/6K1 w - - 0 1", "Rh5#")


def test_the_arabian_mate():
    assert "arabianMate" in themes("7k/1R6/5N2/8/8/8/8/6K1 w - - 0 1", "Rh7#")
    # the rook guarded by a bishop, g8 covered by another: a mate, not the Arabian one
    found = themes("7k/1R6/8/8/2B5/3B4/8/6K1 w - - 0 1", "Rh7#")
    assert "mate" in found
    assert "arabianMate" not in found


def test_the_hook_mate():
    assert "hookMate" in themes("5k2/4Rpp1/5N2/4P3/8/8/8/6K1 w - - 0 1", "Re8#")
    # no pawn guards the knight
    assert "hookMate" not in themes("5k2/4Rpp1/5N2/8/8/8/8/6K1 w - - 0 1", "Re8#")


def test_the_double_bishop_mate():
    found = themes("7k/7p/8/8/2B5/4B3/8/6K1 w - - 0 1", "Bd4#")
    assert "doubleBishopMate" in found
    assert "bodenMate" not in found


def test_the_dovetail_mate():
    assert "dovetailMate" in themes("5r2/5kp1/8/3P4/8/8/4Q3/6K1 w - - 0 1", "Qe6#")
    assert "dovetailMate" not in themes(BACK_RANK, "Re8#")


def test_mates_by_length():
    assert "mateIn2" in themes(PHILIDOR, "Qg8+ Rxg8 Nf7#")
    assert not {"mate", "mateIn1"} & themes(KNIGHT_FORK, "Nc7+ Kd7 Nxa8")


# -- where and how long ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("fen", "line", "kind"),
    [
        ("8/8/4k3/8/3KP3/8/8/8 w - - 0 60", "e5", "pawnEndgame"),
        ("8/5k2/8/8/3KP3/3R4/8/7r w - - 0 60", "e5", "rookEndgame"),
        ("8/5k2/8/8/3KP3/3N4/8/7n w - - 0 60", "e5", "knightEndgame"),
        ("8/5k2/8/8/3KP3/3B4/8/7b w - - 0 60", "e5", "bishopEndgame"),
        ("8/5k2/8/8/3KP3/3Q4/8/7q w - - 0 60", "e5", "queenEndgame"),
        ("8/5k2/8/8/3KP3/3Q4/8/7r w - - 0 60", "e5", "queenRookEndgame"),
    ],
)
def test_endgames_by_their_pieces(fen, line, kind):
    found = themes(fen, line)
    assert {kind, "endgame"} <= found
    others = set(motifs.mates.ENDGAMES) - {kind}
    assert not others & found


def test_a_rook_and_a_knight_make_no_rook_endgame():
    assert "rookEndgame" not in themes("8/5k2/8/8/3KP3/3R4/8/7n w - - 0 60", "e5")


def test_the_phase_and_length():
    assert {"middlegame", "long"} <= themes(
        game("e4 e5").replace(" 2", " 30"), "Nf3 Nc6 Bb5 a6 Ba4"
    )
    assert {"opening", "short"} <= themes(game("e4 e5"), "Nf3 Nc6 Bc4")
    assert "veryLong" in themes(game("e4 e5"), "Nf3 Nc6 Bc4 Nf6 Nc3 Be7 d3")


# -- zugzwang, with an engine ---------------------------------------------------------------------


def test_zugzwang_is_looked_for_only_with_an_evaluation():
    # Kings in opposition with a pawn: after Kd6 Black must give way
    fen, line = "3k4/8/8/3KP3/8/8/8/8 w - - 0 1", "Kd6 Ke8 e6"
    assert "zugzwang" not in themes(fen, line)
    # an evaluation saying the side to move is lost when it must move and fine when it passes
    found = themes(fen, line, evaluate=lambda board: -500 if board.turn == chess.BLACK else 0)
    assert "zugzwang" in found
    quiet = themes(fen, line, evaluate=lambda board: 0)
    assert "zugzwang" not in quiet


# The trébuchet: after Ke5 whoever must move loses a pawn, and it is Black
TREBUCHET = "8/8/8/3p1K2/2kP4/8/8/8 w - - 0 1"


@pytest.mark.engine
def test_the_trebuchet_is_a_zugzwang(stockfish):
    with chess.engine.SimpleEngine.popen_uci(stockfish) as engine:
        engine.configure({"Threads": 1, "Hash": 16})

        def evaluate(board: chess.Board) -> int:
            info = engine.analyse(board, chess.engine.Limit(depth=14))
            return info["score"].pov(board.turn).score(mate_score=100_000)

        assert "zugzwang" in themes(TREBUCHET, "Ke5", evaluate=evaluate)
        # Ke6 leaves the d4 pawn to the black king: nothing to pass for
        assert "zugzwang" not in themes(TREBUCHET, "Ke6", evaluate=evaluate)


def test_retagging_a_row_reads_its_themes_again_and_cuts_a_late_opening_name():
    import make_puzzles  # beside motifs in cms-schema/tools

    # the skewer of the old rule (a pawn behind the king), at move 40 with an opening's name
    row = {
        "PuzzleId": "abcdef",
        "FEN": "8/4p3/3k4/8/8/8/5K2/R7 b - - 0 40",
        "Moves": "d6e6 a1e1 e6d5 e1e7",
        "Themes": "advantage endgame short skewer",
        "OpeningTags": "French_Defence",
    }
    again = make_puzzles.retag_row(row, engine=None)
    themes_now = again["Themes"].split()
    assert themes_now == sorted(themes_now)
    assert "skewer" not in themes_now
    assert {"advantage", "endgame", "short"} <= set(themes_now)
    assert again["OpeningTags"] == ""
    early = make_puzzles.retag_row({**row, "FEN": row["FEN"].replace(" 40", " 20")}, engine=None)
    assert early["OpeningTags"] == "French_Defence"
