"""Famous games and composed studies for the seed's model-game chapters, as annotated PGN.

The games are public facts: the real players, event, place, year and moves. Every game is read
with python-chess (`load`), which rejects an illegal move, and its final position is held to
what is known of it (`final`: the FEN after the last move, or "mate"), so a mistyped move cannot
slip in. The comments are ours; variations show the lines the comments speak of.
`themes` say which lessons and program topics a game fits (generate_seed.py picks by them).
"""

from __future__ import annotations

import io
from dataclasses import dataclass

import chess
import chess.pgn


@dataclass(frozen=True)
class Game:
    key: str
    headers: dict[str, str]
    movetext: str
    final: str  # "mate", or the FEN of the final position (board, turn, castling, en passant)
    themes: tuple[str, ...]
    caption: str  # one line for a key position: what the game is known for

    def pgn(self) -> str:
        tags = "\n".join(f'[{name} "{value}"]' for name, value in self.headers.items())
        return f"{tags}\n\n{self.movetext} {self.headers['Result']}\n"


GAMES = [
    Game(
        "opera-game",
        {
            "Event": "Paris",
            "Site": "Paris FRA",
            "Date": "1858.??.??",
            "White": "Paul Morphy",
            "Black": "Duke Karl of Brunswick and Count Isouard",
            "Result": "1-0",
            "ECO": "C41",
            "Opening": "Philidor Defence",
        },
        "1. e4 e5 2. Nf3 d6 {The Philidor Defence.} 3. d4 Bg4 4. dxe5 Bxf3 "
        "{Black gives up the bishop pair to avoid losing a pawn.} 5. Qxf3 dxe5 6. Bc4 "
        "{Threatening mate on f7.} 6... Nf6 7. Qb3 {Two threats at once: Qxf7# and Qxb7.} "
        "7... Qe7 8. Nc3 {Morphy develops instead of grabbing b7: time matters more than a "
        "pawn.} 8... c6 9. Bg5 b5 10. Nxb5 {Opening lines against the king in the centre.} "
        "10... cxb5 11. Bxb5+ Nbd7 12. O-O-O {Every white piece is now in play; the d7 "
        "knight is pinned twice.} 12... Rd8 13. Rxd7 Rxd7 14. Rd1 Qe6 15. Bxd7+ Nxd7 "
        "16. Qb8+ {The queen sacrifice deflects the last defender of d8.} 16... Nxb8 17. Rd8# "
        "{Mate with the last two pieces: a model of rapid development.}",
        "mate",
        ("classics", "attack", "tactics", "openings", "development", "backRank"),
        "Morphy's Opera Game, Paris 1858: development before material",
    ),
    Game(
        "immortal-game",
        {
            "Event": "London",
            "Site": "London ENG",
            "Date": "1851.06.21",
            "White": "Adolf Anderssen",
            "Black": "Lionel Kieseritzky",
            "Result": "1-0",
            "ECO": "C33",
            "Opening": "King's Gambit Accepted, Bishop's Gambit",
        },
        "1. e4 e5 2. f4 exf4 3. Bc4 Qh4+ 4. Kf1 b5 5. Bxb5 Nf6 6. Nf3 Qh6 7. d3 Nh5 8. Nh4 "
        "Qg5 9. Nf5 c6 10. g4 Nf6 11. Rg1 {The first sacrifice: the bishop is left "
        "hanging.} 11... cxb5 12. h4 Qg6 13. h5 Qg5 14. Qf3 Ng8 15. Bxf4 Qf6 16. Nc3 Bc5 "
        "17. Nd5 Qxb2 18. Bd6 {Both rooks are offered.} 18... Bxg1 19. e5 {Shutting the "
        "queen out of the defence.} 19... Qxa1+ 20. Ke2 Na6 21. Nxg7+ Kd8 22. Qf6+ "
        "{The queen too, to deflect the knight.} 22... Nxf6 23. Be7# {Three minor pieces "
        "mate a king surrounded by Black's untouched army.}",
        "mate",
        ("classics", "attack", "sacrifice", "gambits"),
        "The Immortal Game, London 1851: three minor pieces mate",
    ),
    Game(
        "evergreen-game",
        {
            "Event": "Berlin",
            "Site": "Berlin GER",
            "Date": "1852.??.??",
            "White": "Adolf Anderssen",
            "Black": "Jean Dufresne",
            "Result": "1-0",
            "ECO": "C52",
            "Opening": "Evans Gambit",
        },
        "1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. b4 {The Evans Gambit: a pawn for time and the "
        "centre.} 4... Bxb4 5. c3 Ba5 6. d4 exd4 7. O-O d3 8. Qb3 Qf6 9. e5 Qg6 10. Re1 Nge7 "
        "11. Ba3 b5 12. Qxb5 Rb8 13. Qa4 Bb6 14. Nbd2 Bb7 15. Ne4 Qf5 16. Bxd3 Qh5 "
        "17. Nf6+ gxf6 18. exf6 Rg8 19. Rad1 {Quietly bringing the last rook, while Black "
        "threatens mate on g2.} 19... Qxf3 20. Rxe7+ Nxe7 21. Qxd7+ Kxd7 22. Bf5+ "
        "{A double check.} 22... Ke8 23. Bd7+ Kf8 24. Bxe7# {The Evergreen: a queen "
        "sacrifice, a double check and a mate by the bishops.}",
        "mate",
        ("classics", "attack", "sacrifice", "gambits", "discoveredCheck"),
        "The Evergreen Game, Berlin 1852: a double check decides",
    ),
    Game(
        "game-of-the-century",
        {
            "Event": "Rosenwald Memorial",
            "Site": "New York, NY USA",
            "Date": "1956.10.17",
            "White": "Donald Byrne",
            "Black": "Robert James Fischer",
            "Result": "0-1",
            "ECO": "D92",
            "Opening": "Grunfeld Defence",
        },
        "1. Nf3 Nf6 2. c4 g6 3. Nc3 Bg7 4. d4 O-O 5. Bf4 d5 6. Qb3 dxc4 7. Qxc4 c6 8. e4 "
        "Nbd7 9. Rd1 Nb6 10. Qc5 Bg4 11. Bg5 {White's king is still in the centre.} "
        "11... Na4 {The thirteen-year-old Fischer offers a knight to open lines.} 12. Qa3 "
        "Nxc3 13. bxc3 Nxe4 14. Bxe7 Qb6 15. Bc4 Nxc3 16. Bc5 Rfe8+ 17. Kf1 Be6 {The famous "
        "queen sacrifice.} 18. Bxb6 Bxc4+ 19. Kg1 Ne2+ 20. Kf1 Nxd4+ 21. Kg1 Ne2+ 22. Kf1 "
        "Nc3+ 23. Kg1 axb6 {A windmill of discovered checks: Black has two bishops and two "
        "pawns for the queen, and the knight on c3 still attacks the rook on d1.} 24. Qb4 Ra4 "
        "25. Qxb6 Nxd1 {Now Black has a rook, two bishops and a pawn for the queen.} 26. h3 Rxa2 27. Kh2 Nxf2 "
        "28. Re1 Rxe1 29. Qd8+ Bf8 30. Nxe1 Bd5 31. Nf3 Ne4 32. Qb8 b5 33. h4 h5 34. Ne5 Kg7 "
        "35. Kg1 Bc5+ 36. Kf1 Ng3+ 37. Ke1 Bb4+ 38. Kd1 Bb3+ 39. Kc1 Ne2+ 40. Kb1 Nc3+ "
        "41. Kc1 Rc2# {The minor pieces and the rook hunt the king down.}",
        "mate",
        ("classics", "attack", "sacrifice", "calculation", "discoveredCheck"),
        "The Game of the Century, New York 1956: 17...Be6 gives the queen",
    ),
    Game(
        "kasparov-topalov",
        {
            "Event": "Hoogovens",
            "Site": "Wijk aan Zee NED",
            "Date": "1999.01.20",
            "Round": "4",
            "White": "Garry Kasparov",
            "Black": "Veselin Topalov",
            "Result": "1-0",
            "ECO": "B07",
            "Opening": "Pirc Defence",
        },
        "1. e4 d6 2. d4 Nf6 3. Nc3 g6 4. Be3 Bg7 5. Qd2 c6 6. f3 b5 7. Nge2 Nbd7 8. Bh6 Bxh6 "
        "9. Qxh6 Bb7 10. a3 e5 11. O-O-O Qe7 12. Kb1 a6 13. Nc1 O-O-O 14. Nb3 exd4 15. Rxd4 c5 "
        "16. Rd1 Nb6 17. g3 Kb8 18. Na5 Ba8 19. Bh3 d5 20. Qf4+ Ka7 21. Rhe1 d4 22. Nd5 Nbxd5 "
        "23. exd5 Qd6 24. Rxd4 {The rook sacrifice that starts one of the longest king hunts "
        "ever played.} 24... cxd4 25. Re7+ Kb6 (25... Qxe7 26. Qxd4+ Kb8 27. Qb6+ Bb7 "
        "28. Nc6+ Ka8 29. Qa7#) 26. Qxd4+ Kxa5 27. b4+ Ka4 28. Qc3 Qxd5 29. Ra7 {Quiet, "
        "and deadly: the rook cuts off the king's way back.} 29... Bb7 30. Rxb7 Qc4 31. Qxf6 "
        "Kxa3 32. Qxa6+ Kxb4 33. c3+ Kxc3 34. Qa1+ Kd2 35. Qb2+ Kd1 36. Bf1 Rd2 37. Rd7 Rxd7 "
        "38. Bxc4 bxc4 39. Qxh8 Rd3 40. Qa8 c3 41. Qa4+ Ke1 42. f4 f5 43. Kc1 Rd2 44. Qa7 "
        "{Black resigned: the c-pawn falls and White's queen wins the ending.}",
        "8/Q6p/6p1/5p2/5P2/2p3P1/3r3P/2K1k3 b - -",
        ("classics", "attack", "sacrifice", "calculation", "oppositeCastling"),
        "Kasparov-Topalov, Wijk aan Zee 1999: 24.Rxd4 and the king hunt",
    ),
    Game(
        "reti-tartakower",
        {
            "Event": "Vienna",
            "Site": "Vienna AUT",
            "Date": "1910.??.??",
            "White": "Richard Reti",
            "Black": "Savielly Tartakower",
            "Result": "1-0",
            "ECO": "B15",
            "Opening": "Caro-Kann Defence",
        },
        "1. e4 c6 2. d4 d5 3. Nc3 dxe4 4. Nxe4 Nf6 5. Qd3 e5 6. dxe5 Qa5+ 7. Bd2 Qxe5 "
        "8. O-O-O {Offering the knight: Black's king is still in the centre.} 8... Nxe4 "
        "9. Qd8+ {The queen sacrifice decoys the king.} 9... Kxd8 10. Bg5+ {A double "
        "check.} 10... Kc7 (10... Ke8 11. Rd8#) 11. Bd8# {Mate by the bishop and the rook "
        "in eleven moves.}",
        "mate",
        ("classics", "caro-kann", "openings", "traps", "sacrifice", "discoveredCheck"),
        "Réti - Tartakower, Vienna 1910: 9.Qd8+ and a double check",
    ),
    Game(
        "deep-blue-kasparov",
        {
            "Event": "IBM Man-Machine",
            "Site": "New York, NY USA",
            "Date": "1997.05.11",
            "Round": "6",
            "White": "Deep Blue",
            "Black": "Garry Kasparov",
            "Result": "1-0",
            "ECO": "B17",
            "Opening": "Caro-Kann Defence, Steinitz Variation",
        },
        "1. e4 c6 2. d4 d5 3. Nc3 dxe4 4. Nxe4 Nd7 5. Ng5 Ngf6 6. Bd3 e6 7. N1f3 h6 "
        "8. Nxe6 {A known knight sacrifice: Black's king can never castle and stays "
        "exposed.} 8... Qe7 9. O-O fxe6 10. Bg6+ Kd8 11. Bf4 b5 12. a4 Bb7 13. Re1 Nd5 "
        "14. Bg3 Kc8 15. axb5 cxb5 16. Qd3 Bc6 17. Bf5 exf5 18. Rxe7 Bxe7 19. c4 "
        "{Kasparov resigned; the machine had won the match.}",
        "r1k4r/p2nb1p1/2b4p/1p1n1p2/2PP4/3Q1NB1/1P3PPP/R5K1 b - -",
        ("classics", "caro-kann", "openings", "sacrifice", "attack"),
        "Deep Blue-Kasparov, New York 1997: 8.Nxe6 in the Caro-Kann",
    ),
    Game(
        "steinitz-bardeleben",
        {
            "Event": "Hastings",
            "Site": "Hastings ENG",
            "Date": "1895.08.17",
            "Round": "10",
            "White": "Wilhelm Steinitz",
            "Black": "Curt von Bardeleben",
            "Result": "1-0",
            "ECO": "C54",
            "Opening": "Italian Game, Giuoco Piano",
        },
        "1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. c3 Nf6 5. d4 exd4 6. cxd4 Bb4+ 7. Nc3 d5 8. exd5 "
        "Nxd5 9. O-O Be6 10. Bg5 Be7 11. Bxd5 Bxd5 12. Nxd5 Qxd5 13. Bxe7 Nxe7 14. Re1 "
        "{Black's king is stuck in the centre.} 14... f6 15. Qe2 Qd7 16. Rac1 c6 17. d5 "
        "{A pawn sacrifice to open lines.} 17... cxd5 18. Nd4 Kf7 19. Ne6 Rhc8 20. Qg4 g6 "
        "21. Ng5+ Ke8 22. Rxe7+ {The rook cannot be taken: 22...Qxe7 23.Rxc8+ and "
        "22...Kxe7 23.Re1+ lose at once.} 22... Kf8 23. Rf7+ Kg8 24. Rg7+ Kh8 25. Rxh7+ "
        "{Von Bardeleben left the hall. Steinitz then showed the mate: 25...Kg8 26.Rg7+ "
        "Kh8 27.Qh4+ Kxg7 28.Qh7+ Kf8 29.Qh8+ Ke7 30.Qg7+ Ke8 31.Qg8+ Ke7 32.Qf7+ Kd8 "
        "33.Qf8+ Qe8 34.Nf7+ Kd7 35.Qd6#.}",
        "r1r4k/pp1q3R/5pp1/3p2N1/6Q1/8/PP3PPP/2R3K1 b - -",
        ("classics", "italian", "openings", "attack", "calculation"),
        "Steinitz-von Bardeleben, Hastings 1895: the untouchable rook",
    ),
    Game(
        "fischer-spassky-6",
        {
            "Event": "World Championship",
            "Site": "Reykjavik ISL",
            "Date": "1972.07.23",
            "Round": "6",
            "White": "Robert James Fischer",
            "Black": "Boris Spassky",
            "Result": "1-0",
            "ECO": "D59",
            "Opening": "Queen's Gambit Declined, Tartakower Variation",
        },
        "1. c4 {Fischer, a lifelong 1.e4 player, opens with the c-pawn.} 1... e6 2. Nf3 d5 "
        "3. d4 Nf6 4. Nc3 Be7 5. Bg5 O-O 6. e3 h6 7. Bh4 b6 8. cxd5 Nxd5 9. Bxe7 Qxe7 "
        "10. Nxd5 exd5 11. Rc1 Be6 12. Qa4 c5 13. Qa3 Rc8 14. Bb5 a6 15. dxc5 bxc5 "
        "{Black has hanging pawns on c5 and d5.} 16. O-O Ra7 17. Be2 Nd7 18. Nd4 Qf8 "
        "19. Nxe6 fxe6 20. e4 {Breaking up the centre.} 20... d4 21. f4 Qe7 22. e5 Rb8 "
        "23. Bc4 Kh8 24. Qh3 Nf8 25. b3 a5 26. f5 exf5 27. Rxf5 Nh7 28. Rcf1 Qd8 29. Qg3 "
        "Re7 30. h4 Rbb7 31. e6 Rbc7 32. Qe5 Qe8 33. a4 Qd8 34. R1f2 Qe8 35. R2f3 Qd8 "
        "36. Bd3 Qe8 37. Qe4 Nf6 38. Rxf6 gxf6 39. Rxf6 Kg8 40. Bc4 Kh8 41. Qf4 "
        "{Spassky resigned, and joined the applause.}",
        "4q2k/2r1r3/4PR1p/p1p5/P1Bp1Q1P/1P6/6P1/6K1 b - -",
        ("classics", "qgd", "openings", "strategy", "hangingPawns"),
        "Fischer-Spassky, Reykjavik 1972, game 6: against the hanging pawns",
    ),
    Game(
        "levitsky-marshall",
        {
            "Event": "DSB Congress",
            "Site": "Breslau GER",
            "Date": "1912.07.20",
            "White": "Stepan Levitsky",
            "Black": "Frank James Marshall",
            "Result": "0-1",
            "ECO": "C10",
            "Opening": "French Defence",
        },
        "1. d4 e6 2. e4 d5 3. Nc3 c5 4. Nf3 Nc6 5. exd5 exd5 6. Be2 Nf6 7. O-O Be7 8. Bg5 O-O "
        "9. dxc5 Be6 10. Nd4 Bxc5 11. Nxe6 fxe6 12. Bg4 Qd6 13. Bh3 Rae8 14. Qd2 Bb4 "
        "15. Bxf6 Rxf6 16. Rad1 Qc5 17. Qe2 Bxc3 18. bxc3 Qxc3 19. Rxd5 Nd4 20. Qh5 Ref8 "
        "21. Re5 Rh6 22. Qg5 Rxh3 23. Rc5 Qg3 {One of the most famous moves ever played: "
        "the queen cannot be taken. 24.hxg3 Ne2#; 24.fxg3 Ne2+ 25.Kh1 Rxf1#; 24.Qxg3 Ne2+ "
        "25.Kh1 Nxg3+ and Black is a piece up. White resigned.}",
        "5rk1/pp4pp/4p3/2R3Q1/3n4/6qr/P1P2PPP/5RK1 w - -",
        ("classics", "french", "openings", "tactics", "sacrifice"),
        "Levitsky-Marshall, Breslau 1912: 23...Qg3, the gold coins move",
    ),
    Game(
        "rotlewi-rubinstein",
        {
            "Event": "Lodz",
            "Site": "Lodz POL",
            "Date": "1907.12.26",
            "White": "Georg Rotlewi",
            "Black": "Akiba Rubinstein",
            "Result": "0-1",
            "ECO": "D40",
            "Opening": "Queen's Gambit Declined, Semi-Tarrasch",
        },
        "1. d4 d5 2. Nf3 e6 3. e3 c5 4. c4 Nc6 5. Nc3 Nf6 6. dxc5 Bxc5 7. a3 a6 8. b4 Bd6 "
        "9. Bb2 O-O 10. Qd2 Qe7 11. Bd3 dxc4 12. Bxc4 b5 13. Bd3 Rd8 14. Qe2 Bb7 15. O-O "
        "Ne5 16. Nxe5 Bxe5 17. f4 Bc7 18. e4 Rac8 19. e5 Bb6+ 20. Kh1 Ng4 21. Be4 Qh4 "
        "22. g3 Rxc3 {The first of four sacrifices.} 23. gxh4 Rd2 24. Qxd2 Bxe4+ 25. Qg2 "
        "Rh3 {Mate on h2 cannot be stopped. White resigned.}",
        "6k1/5ppp/pb2p3/1p2P3/1P2bPnP/P6r/1B4QP/R4R1K w - -",
        ("classics", "qgd", "tactics", "sacrifice", "attack", "bishopPair"),
        "Rotlewi-Rubinstein, Lodz 1907: two bishops aimed at the king",
    ),
    Game(
        "lasker-thomas",
        {
            "Event": "London",
            "Site": "London ENG",
            "Date": "1912.10.29",
            "White": "Edward Lasker",
            "Black": "George Alan Thomas",
            "Result": "1-0",
            "ECO": "A84",
            "Opening": "Dutch Defence",
        },
        "1. d4 e6 2. Nf3 f5 3. Nc3 Nf6 4. Bg5 Be7 5. Bxf6 Bxf6 6. e4 fxe4 7. Nxe4 b6 8. Ne5 "
        "O-O 9. Bd3 Bb7 10. Qh5 Qe7 11. Qxh7+ {The queen sacrifice drags the king out.} "
        "11... Kxh7 12. Nxf6+ Kh6 13. Neg4+ Kg5 14. h4+ Kf4 15. g3+ Kf3 16. Be2+ Kg2 "
        "17. Rh2+ Kg1 18. Kd2# {The king walks from g8 to g1 and is mated there by a king "
        "move.}",
        "mate",
        ("classics", "attack", "sacrifice", "kingHunt"),
        "Ed. Lasker-Thomas, London 1912: the king hunted to g1",
    ),
    Game(
        "lasker-bauer",
        {
            "Event": "Amsterdam",
            "Site": "Amsterdam NED",
            "Date": "1889.08.??",
            "White": "Emanuel Lasker",
            "Black": "Johann Hermann Bauer",
            "Result": "1-0",
            "ECO": "A03",
            "Opening": "Bird's Opening",
        },
        "1. f4 d5 2. e3 Nf6 3. b3 e6 4. Bb2 Be7 5. Bd3 b6 6. Nc3 Bb7 7. Nf3 Nbd7 8. O-O O-O "
        "9. Ne2 c5 10. Ng3 Qc7 11. Ne5 Nxe5 12. Bxe5 Qc6 13. Qe2 a6 14. Nh5 Nxh5 "
        "15. Bxh7+ {The first bishop.} 15... Kxh7 16. Qxh5+ Kg8 17. Bxg7 {And the second: "
        "the double bishop sacrifice.} 17... Kxg7 18. Qg4+ Kh7 19. Rf3 e5 20. Rh3+ Qh6 "
        "21. Rxh6+ Kxh6 22. Qd7 {The fork wins a bishop back.} 22... Bf6 23. Qxb7 Kg7 "
        "24. Rf1 Rab8 25. Qd7 Rfd8 26. Qg4+ Kf8 27. fxe5 Bg7 28. e6 Rb7 29. Qg6 f6 "
        "30. Rxf6+ Bxf6 31. Qxf6+ Ke8 32. Qh8+ Ke7 33. Qg7+ Kxe6 34. Qxb7 Rd6 35. Qxa6 d4 "
        "36. exd4 cxd4 37. h4 d3 38. Qxd3 1-0",
        "8/8/1p1rk3/8/7P/1P1Q4/P1PP2P1/6K1 b - -",
        ("classics", "attack", "sacrifice", "flank"),
        "Lasker-Bauer, Amsterdam 1889: the double bishop sacrifice",
    ),
    Game(
        "botvinnik-capablanca",
        {
            "Event": "AVRO",
            "Site": "Rotterdam NED",
            "Date": "1938.11.22",
            "White": "Mikhail Botvinnik",
            "Black": "Jose Raul Capablanca",
            "Result": "1-0",
            "ECO": "E49",
            "Opening": "Nimzo-Indian Defence, Rubinstein Variation",
        },
        "1. d4 Nf6 2. c4 e6 3. Nc3 Bb4 4. e3 d5 5. a3 Bxc3+ 6. bxc3 c5 7. cxd5 exd5 8. Bd3 "
        "O-O 9. Ne2 b6 10. O-O Ba6 11. Bxa6 Nxa6 12. Bb2 Qd7 13. a4 Rfe8 14. Qd3 c4 "
        "{Black closes the queenside; White turns to the centre.} 15. Qc2 Nb8 16. Rae1 Nc6 "
        "17. Ng3 Na5 18. f3 Nb3 19. e4 Qxa4 20. e5 Nd7 21. Qf2 g6 22. f4 f5 23. exf6 Nxf6 "
        "24. f5 Rxe1 25. Rxe1 Re8 26. Re6 Rxe6 27. fxe6 Kg7 28. Qf4 Qe8 29. Qe5 Qe7 "
        "30. Ba3 {Deflecting the queen from the defence of f6 and the pawn's path.} "
        "30... Qxa3 31. Nh5+ gxh5 32. Qg5+ Kf8 33. Qxf6+ Kg8 34. e7 Qc1+ 35. Kf2 Qc2+ "
        "36. Kg3 Qd3+ 37. Kh4 Qe4+ 38. Kxh5 Qe2+ 39. Kh4 Qe4+ 40. g4 Qe1+ 41. Kh5 "
        "{The checks run out and the pawn queens. Capablanca resigned.}",
        "6k1/p3P2p/1p3Q2/3p3K/2pP2P1/1nP5/7P/4q3 b - -",
        ("classics", "nimzo", "openings", "strategy", "attack"),
        "Botvinnik-Capablanca, AVRO 1938: 30.Ba3 and the passed e-pawn",
    ),
    Game(
        "larsen-spassky",
        {
            "Event": "USSR vs Rest of the World",
            "Site": "Belgrade SRB",
            "Date": "1970.03.31",
            "Round": "2",
            "White": "Bent Larsen",
            "Black": "Boris Spassky",
            "Result": "0-1",
            "ECO": "A01",
            "Opening": "Nimzo-Larsen Attack",
        },
        "1. b3 e5 2. Bb2 Nc6 3. c4 Nf6 4. Nf3 e4 5. Nd4 Bc5 6. Nxc6 dxc6 7. e3 Bf5 8. Qc2 "
        "Qe7 9. Be2 O-O-O 10. f4 Ng4 11. g3 h5 12. h3 h4 13. hxg4 hxg3 14. Rg1 Rh1 "
        "{The rook sacrifice opens the way for the g-pawn.} 15. Rxh1 g2 16. Rf1 Qh4+ "
        "17. Kd1 gxf1=Q+ {White resigned: 18.Bxf1 Bxg4+ 19.Kc1 (19.Be2 Qh1#) Qe1+ and "
        "mate follows.}",
        "2kr4/ppp2pp1/2p5/2b2b2/2P1pPPq/1P2P3/PBQPB3/RN1K1q2 w - -",
        ("classics", "flank", "openings", "attack", "sacrifice"),
        "Larsen-Spassky, Belgrade 1970: the flank opening punished",
    ),
    Game(
        "adams-torre",
        {
            "Event": "New Orleans",
            "Site": "New Orleans, LA USA",
            "Date": "1920.??.??",
            "White": "Edwin Adams",
            "Black": "Carlos Torre",
            "Result": "1-0",
            "ECO": "C41",
            "Opening": "Philidor Defence",
        },
        "1. e4 e5 2. Nf3 d6 3. d4 exd4 4. Qxd4 Nc6 5. Bb5 Bd7 6. Bxc6 Bxc6 7. Nc3 Nf6 8. O-O "
        "Be7 9. Nd5 Bxd5 10. exd5 O-O 11. Bg5 c6 12. c4 cxd5 13. cxd5 Re8 14. Rfe1 a5 "
        "15. Re2 Rc8 16. Rae1 Qd7 17. Bxf6 Bxf6 18. Qg4 {The queen cannot be taken: "
        "18...Qxg4 19.Rxe8+ Rxe8 20.Rxe8# mates on the back rank.} 18... Qb5 19. Qc4 "
        "Qd7 20. Qc7 Qb5 21. a4 Qxa4 22. Re4 Qb5 23. Qxb7 {The queen is deflected from "
        "e8 for the last time. Black resigned.}",
        "2r1r1k1/1Q3ppp/3p1b2/pq1P4/4R3/5N2/1P3PPP/4R1K1 b - -",
        ("classics", "tactics", "backRank", "deflection"),
        "Adams-Torre, New Orleans 1920: deflections on the back rank",
    ),
    Game(
        "legal-mate",
        {
            "Event": "Paris",
            "Site": "Paris FRA",
            "Date": "1750.??.??",
            "White": "Sire de Legal",
            "Black": "Saint Brie",
            "Result": "1-0",
            "ECO": "C41",
            "Opening": "Philidor Defence",
        },
        "1. e4 e5 2. Nf3 d6 3. Bc4 Bg4 4. Nc3 g6 5. Nxe5 {The trap: the queen is offered.} "
        "5... Bxd1 (5... dxe5 6. Qxg4 {and White is a pawn up.}) 6. Bxf7+ Ke7 7. Nd5# "
        "{Legal's mate: three minor pieces against the king in the centre.}",
        "mate",
        ("classics", "traps", "openings", "tactics", "sacrifice"),
        "Legal's mate, Paris 1750: the queen offered on move five",
    ),
    Game(
        "saavedra-study",
        {
            "Event": "Saavedra position",
            "Site": "Glasgow Weekly Citizen",
            "Date": "1895.??.??",
            "White": "Fernando Saavedra (study)",
            "Black": "Georges Barbier",
            "Result": "1-0",
            "SetUp": "1",
            "FEN": "8/8/1KP5/3r4/8/8/8/k7 w - - 0 1",
        },
        "1. c7 Rd6+ 2. Kb5 (2. Kc5 Rd1 {and Rc1 draws.}) 2... Rd5+ 3. Kb4 Rd4+ 4. Kb3 Rd3+ "
        "5. Kc2 Rd4 {Threatening 6.c8=Q Rc4+ 7.Qxc4 stalemate.} 6. c8=R {The "
        "underpromotion: a rook avoids the stalemate.} 6... Ra4 7. Kb3 {Both threats, Ra8# "
        "and Kxa4, cannot be met.}",
        "2R5/8/8/8/r7/1K6/8/k7 b - -",
        ("endgames", "studies", "rookEnding", "promotion"),
        "The Saavedra position: underpromotion to a rook",
    ),
    Game(
        "reti-study",
        {
            "Event": "Reti's study",
            "Site": "Kagans Neueste Schachnachrichten",
            "Date": "1921.??.??",
            "White": "Richard Reti (study)",
            "Black": "Draw",
            "Result": "1/2-1/2",
            "SetUp": "1",
            "FEN": "7K/8/k1P5/7p/8/8/8/8 w - - 0 1",
        },
        "1. Kg7 {The king chases the pawn and heads for its own pawn at once.} 1... h4 "
        "2. Kf6 Kb6 (2... h3 3. Ke7 h2 4. c7 Kb7 5. Kd7 {and both pawns queen.}) 3. Ke5 "
        "{Now the h-pawn is inside the king's square.} 3... Kxc6 4. Kf4 {Drawn: the king "
        "catches the pawn.}",
        "8/8/2k5/8/5K1p/8/8/8 b - -",
        ("endgames", "studies", "pawnEnding", "kingActivity"),
        "Réti's study: one king chasing two goals",
    ),
]


def load(game: Game) -> chess.pgn.Game:
    """The game read by python-chess; raises ValueError on an illegal move or a wrong ending."""
    parsed = chess.pgn.read_game(io.StringIO(game.pgn()))
    if parsed is None:
        raise ValueError(f"{game.key}: no game")
    if parsed.errors:
        raise ValueError(f"{game.key}: {parsed.errors[0]}")
    board = parsed.end().board()
    if game.final == "mate":
        if not board.is_checkmate():
            raise ValueError(f"{game.key}: the game should end in mate")
    elif " ".join(board.fen().split()[:4]) != game.final:
        raise ValueError(f"{game.key}: final position {board.fen()} is not {game.final}")
    return parsed


def key_positions(game: Game, count: int = 3) -> list[tuple[int, str, str]]:
    """(ply, FEN, caption) of the commented moves of a game, at most `count`."""
    parsed = load(game)
    out = []
    for node in parsed.mainline():
        if node.comment and len(out) < count:
            board = node.board()
            move_number = node.parent.board().fullmove_number
            dots = "." if node.parent.board().turn == chess.WHITE else "..."
            san = node.parent.board().san(node.move)
            out.append((node.ply(), board.fen(), f"{move_number}{dots}{san}: {node.comment}"))
    return out
