"""What each topic practises, as the seed's practice is placed (seed_practice.py): the pools and
themes of each lesson's exercises, the games of each lesson and topic, the program texts that
promise exercises or games, and each masterclass episode's exercises.

A selector is (pools, themes): an exercise fits when it is in one of the pools ("*": any) and,
if themes are given, carries one of them. Selectors are tried in order until enough are found.
"""

from __future__ import annotations

ANY_MIDDLEGAME = ("tactics", "attack", "strategy")
ENDINGS = ("pawn", "rook", "queen", "minor")
OPENING_POOLS = (
    "italian",
    "qgd",
    "sicilian",
    "caro-kann",
    "london",
    "kings-indian",
    "french",
    "ruy-lopez",
    "scandinavian",
    "english",
    "traps",
)
MATES = ("mateIn1", "mateIn2", "mateIn3", "mateIn4", "mate")

LESSON_PRACTICE: dict[str, list[tuple[tuple[str, ...], tuple[str, ...]]]] = {
    "Italian Game: the slow plan with c3 and d3": [(("italian",), ()), (("traps",), ())],
    "Queen's Gambit Declined essentials": [(("qgd",), ())],
    "Sicilian Defence: first principles": [(("sicilian",), ())],
    "Caro-Kann: solid and ambitious": [(("caro-kann",), ())],
    "London System without memorising": [(("london",), ())],
    "King's Indian Defence: the kingside storm": [(("kings-indian",), ())],
    "French Defence: playing against the chain": [(("french",), ())],
    "Ruy Lopez: understanding the Spanish bind": [(("ruy-lopez",), ())],
    "Scandinavian Defence in practice": [(("scandinavian",), ())],
    "English Opening: flexible first moves": [(("english",), ())],
    "Opening traps and how to avoid them": [(("traps",), ()), (OPENING_POOLS, MATES)],
    "Pins and skewers": [(("*",), ("pin", "skewer"))],
    "The double attack": [(("*",), ("fork",))],
    "Deflection and decoy": [(ANY_MIDDLEGAME, ("sacrifice",))],
    "Discovered attacks and checks": [(("*",), ("discoveredAttack", "discoveredCheck"))],
    "Back-rank mates": [(("*",), ("backRankMate",)), (ANY_MIDDLEGAME, MATES)],
    "The in-between move": [(ANY_MIDDLEGAME, ("long", "short"))],
    "Overloaded defenders": [(ANY_MIDDLEGAME, ("sacrifice", "fork"))],
    "Removing the guard": [(ANY_MIDDLEGAME, ("hangingPiece", "sacrifice"))],
    "Clearance sacrifices": [(ANY_MIDDLEGAME, ("sacrifice",))],
    "Mating patterns you must know": [(("*",), MATES)],
    "Tactics in the opening": [(("traps",), ()), (OPENING_POOLS, ())],
    "King and pawn endings: the opposition": [(("pawn",), ("opposition",)), (("pawn",), ())],
    "The Lucena position": [(("rook",), ())],
    "The Philidor defence in rook endings": [(("rook",), ("draw",)), (("rook",), ())],
    "Active rooks in the endgame": [(("rook",), ())],
    "Bishop against knight": [(("minor",), ())],
    "Triangulation": [(("pawn",), ())],
    "The outside passed pawn": [(("pawn",), ())],
    "Queen against pawn on the seventh": [(("queen",), ())],
    "Opposite-coloured bishop endings": [(("minor",), ())],
    "Converting an extra pawn": [(ENDINGS, ())],
    "Fortresses: saving lost positions": [(ENDINGS, ("draw",)), (ENDINGS, ())],
    "The Greek gift sacrifice": [(("attack",), ("sacrifice",)), (("attack",), ())],
    "Opposite-side castling races": [(("attack",), ())],
    "Attacking the fianchettoed king": [(("attack",), MATES), (("attack",), ())],
    "Defending against a kingside attack": [(("attack",), ())],
    "The exchange sacrifice": [(("attack", "strategy"), ("sacrifice",)), (("attack",), ())],
    "Counterattack in the centre": [(("attack", "strategy"), ())],
    "Bringing more pieces to the attack": [(("attack",), ())],
    "When to trade queens while defending": [(("attack",), ())],
    "Attacking with the h-pawn": [(("attack",), ())],
    "King safety in the middlegame": [(("attack",), MATES), (("attack",), ())],
    "Sacrifices on f7 and f2": [(("traps", "italian"), ()), (OPENING_POOLS, ("sacrifice",))],
    "Candidate moves": [(("tactics",), ("long", "short"))],
    "Checks, captures and threats": [(("tactics",), ("oneMove", "mateIn1"))],
    "Calculating long variations": [(ANY_MIDDLEGAME, ("long",)), (ANY_MIDDLEGAME, MATES[1:])],
    "Visualization drills for improvers": [(("tactics",), ("short", "mateIn2"))],
    "Quiet moves in combinations": [(ANY_MIDDLEGAME, ("long",))],
    "Blunder-checking routine": [(("tactics",), ("hangingPiece",))],
    "Evaluating the final position": [(ANY_MIDDLEGAME, ("long", "short"))],
    "Time management in classical games": [(("tactics",), ())],
    "Calculating pawn races": [(("pawn",), ("promotion",)), (("pawn",), ())],
    "Thinking like your opponent": [(("tactics", "attack"), ())],
}
# Lessons sorted by rising length of their lines ("Exercises of rising length").
RISING = {"Calculating long variations", "Sharpen your calculation"}

# The model game of a lesson: a famous game's key (seed_games), or `line:<name>`, the idea a
# written lesson's model game shows (the lesson's own when it is written; the programs' parts
# on that idea show it too).
LESSON_GAMES = {
    "Italian Game: the slow plan with c3 and d3": "steinitz-bardeleben",
    "Queen's Gambit Declined essentials": "fischer-spassky-6",
    "Sicilian Defence: first principles": "line:sicilian",
    "Caro-Kann: solid and ambitious": "reti-tartakower",
    "London System without memorising": "line:london",
    "King's Indian Defence: the kingside storm": "line:kings-indian",
    "French Defence: playing against the chain": "levitsky-marshall",
    "Ruy Lopez: understanding the Spanish bind": "line:ruy-lopez",
    "Scandinavian Defence in practice": "line:scandinavian",
    "English Opening: flexible first moves": "line:english",
    "Opening traps and how to avoid them": "legal-mate",
    "Outposts: a home for your knight": "line:knight-outpost",
    "Good bishop, bad bishop": "line:good-knight-bad-bishop",
    "Open files and the seventh rank": "line:open-file",
    "Playing with the isolated queen's pawn": "line:isolated-queen-pawn",
    "The minority attack": "line:minority-attack",
    "Prophylaxis: think about your opponent's plan": "botvinnik-capablanca",
    "The power of the bishop pair": "rotlewi-rubinstein",
    "Using a space advantage": "line:kings-indian",
    "Weak squares and holes": "botvinnik-capablanca",
    "Making a plan in quiet positions": "fischer-spassky-6",
    "Exchanging pieces at the right moment": "line:good-knight-bad-bishop",
    "Pins and skewers": "opera-game",
    "The double attack": "lasker-bauer",
    "Deflection and decoy": "adams-torre",
    "Discovered attacks and checks": "evergreen-game",
    "Back-rank mates": "adams-torre",
    "The in-between move": "game-of-the-century",
    "Overloaded defenders": "levitsky-marshall",
    "Removing the guard": "opera-game",
    "Clearance sacrifices": "immortal-game",
    "Mating patterns you must know": "reti-tartakower",
    "Tactics in the opening": "legal-mate",
    "King and pawn endings: the opposition": "line:opposition",
    "The Lucena position": "line:lucena",
    "The Philidor defence in rook endings": "line:philidor",
    "Active rooks in the endgame": "saavedra-study",
    "Bishop against knight": "line:good-knight-bad-bishop",
    "Triangulation": "line:triangulation",
    "The outside passed pawn": "line:outside-passed-pawn",
    "Queen against pawn on the seventh": "line:queen-against-pawn",
    "Opposite-coloured bishop endings": "line:opposite-bishops",
    "Converting an extra pawn": "line:outside-passed-pawn",
    "Fortresses: saving lost positions": "line:philidor",
    "The Greek gift sacrifice": "lasker-bauer",
    "Opposite-side castling races": "kasparov-topalov",
    "Attacking the fianchettoed king": "line:pawn-storm",
    "Defending against a kingside attack": "line:defending-the-king",
    "The exchange sacrifice": "line:exchange-sacrifice",
    "Counterattack in the centre": "line:defending-the-king",
    "Bringing more pieces to the attack": "immortal-game",
    "When to trade queens while defending": "line:defending-the-king",
    "Attacking with the h-pawn": "larsen-spassky",
    "King safety in the middlegame": "lasker-thomas",
    "Sacrifices on f7 and f2": "legal-mate",
    "Candidate moves": "game-of-the-century",
    "Checks, captures and threats": "opera-game",
    "Calculating long variations": "kasparov-topalov",
    "Visualization drills for improvers": "reti-study",
    "Quiet moves in combinations": "kasparov-topalov",
    "Blunder-checking routine": "deep-blue-kasparov",
    "Evaluating the final position": "steinitz-bardeleben",
    "Time management in classical games": "fischer-spassky-6",
    "Calculating pawn races": "reti-study",
    "Thinking like your opponent": "levitsky-marshall",
}

# A lesson's game when its own is missing (its lesson not written yet), by theme.
CATEGORY_GAMES = {
    "openings": "legal-mate",
    "strategy": "fischer-spassky-6",
    "tactics": "opera-game",
    "endgames": "saavedra-study",
    "attack": "immortal-game",
    "calculation": "game-of-the-century",
    "classics": "opera-game",
}

# Program topics: the pools of their exercises and the games they draw on.
PROGRAM_POOLS = {
    "Opening Repertoire": [(OPENING_POOLS, ())],
    "Positional Play": [(("strategy",), ()), (("tactics",), ())],
    "Tactical Vision": [(("tactics",), ()), (("attack",), ())],
    "Endgame Technique": [(ENDINGS, ())],
    "Attack and Defence": [(("attack",), ()), (("tactics",), MATES)],
    "Tournament Preparation": [(("tactics",), ()), (ENDINGS, ())],
}
# Openings a repertoire program is about, by words of its title.
REPERTOIRES = [
    ("1.e4", ("italian", "sicilian", "caro-kann", "french", "scandinavian", "ruy-lopez")),
    ("Sicilian", ("sicilian",)),
    ("against 1.d4", ("qgd",)),
    ("1.d4 starter", ("qgd", "kings-indian", "london")),
    ("Gambits", ("traps", "italian")),
    ("as Black", ("italian", "ruy-lopez", "qgd")),
    ("Flank", ("english",)),
]
REPERTOIRE_GAMES = {
    "italian": "steinitz-bardeleben",
    "sicilian": "line:sicilian",
    "caro-kann": "reti-tartakower",
    "french": "levitsky-marshall",
    "scandinavian": "line:scandinavian",
    "ruy-lopez": "line:ruy-lopez",
    "qgd": "fischer-spassky-6",
    "kings-indian": "line:kings-indian",
    "london": "line:london",
    "traps": "legal-mate",
    "english": "line:english",
}
# Chapters of the other topics: pools and games by words of the chapter title.
CHAPTER_RULES = [
    (r"fork|double", [(("*",), ("fork",))], ["lasker-bauer"]),
    (r"pin|skewer", [(("*",), ("pin", "skewer"))], ["opera-game"]),
    (r"discovered", [(("*",), ("discoveredAttack", "discoveredCheck"))], ["evergreen-game"]),
    (r"deflection|decoy", [(ANY_MIDDLEGAME, ("sacrifice",))], ["adams-torre", "reti-tartakower"]),
    (r"mating", [(("*",), MATES)], ["legal-mate", "lasker-thomas"]),
    (r"king activity|pawn ending", [(("pawn",), ())], ["reti-study", "line:opposition"]),
    (r"rook ending", [(("rook",), ())], ["line:lucena", "line:philidor", "saavedra-study"]),
    (r"minor piece", [(("minor",), ())], ["line:opposite-bishops"]),
    (r"queen ending", [(("queen",), ())], ["line:queen-against-pawn"]),
    (r"drawing", [(ENDINGS, ("draw",)), (ENDINGS, ())], ["line:philidor"]),
    (r"studies", [(ENDINGS, ())], ["reti-study", "saavedra-study"]),
    (r"weak squares|outpost", [(("strategy",), ())], ["line:knight-outpost"]),
    (r"open files", [(("strategy",), ())], ["line:open-file"]),
    (r"bishops", [(("strategy",), ())], ["line:good-knight-bad-bishop", "rotlewi-rubinstein"]),
    (r"sacrifice", [(("attack",), ("sacrifice",)), (("attack",), ())], ["lasker-bauer"]),
    (r"opposite castling", [(("attack",), ())], ["kasparov-topalov", "line:pawn-storm"]),
    (r"attacking with pawns", [(("attack",), ())], ["larsen-spassky", "line:pawn-storm"]),
    (r"defen|counterattack", [(("attack",), ())], ["line:defending-the-king"]),
    (r"traps", [(("traps",), ()), (OPENING_POOLS, ())], ["legal-mate", "reti-tartakower"]),
]
TOPIC_GAMES = {
    "Opening Repertoire": ["steinitz-bardeleben", "reti-tartakower", "fischer-spassky-6"],
    "Positional Play": [
        "fischer-spassky-6",
        "botvinnik-capablanca",
        "rotlewi-rubinstein",
        "line:isolated-queen-pawn",
        "line:minority-attack",
        "line:knight-outpost",
        "steinitz-bardeleben",
    ],
    "Tactical Vision": [
        "opera-game",
        "evergreen-game",
        "game-of-the-century",
        "levitsky-marshall",
        "adams-torre",
        "legal-mate",
        "reti-tartakower",
    ],
    "Endgame Technique": [
        "line:lucena",
        "line:philidor",
        "line:opposition",
        "reti-study",
        "saavedra-study",
        "line:outside-passed-pawn",
        "line:triangulation",
    ],
    "Attack and Defence": [
        "opera-game",
        "immortal-game",
        "evergreen-game",
        "lasker-thomas",
        "lasker-bauer",
        "steinitz-bardeleben",
        "kasparov-topalov",
        "larsen-spassky",
        "rotlewi-rubinstein",
    ],
    "Tournament Preparation": [
        "fischer-spassky-6",
        "deep-blue-kasparov",
        "botvinnik-capablanca",
        "kasparov-topalov",
        "game-of-the-century",
    ],
}
# Program texts that promise exercises in every chapter, and those that promise games.
EXERCISE_PROMISES = (
    "Exercises after every chapter",
    "Quizzes to fix the key positions in memory",
    "Positions to solve in every chapter",
    "Progress checks at the end of each week",
    "Study-like exercises to train precision",
    "Calculation exercises of rising difficulty",
    "every chapter positions to solve",
    "positions to solve after every chapter",
    "to solve on the board",
    "exercises of rising length",
)
RISING_PROMISES = ("Calculation exercises of rising difficulty", "exercises of rising length")
GAME_PROMISES = (
    "Model games for every main line",
    "Classic model games explained",
    "Model attacking games from the classics",
    "through model games",
)
# 30 days of tactics: an exercise asked for every day's part, as far as the pools of its patterns
# go (its text promises them in every chapter).
EVERY_PART = "Every day brings one pattern"

SOLVE_LINE = "Positions to solve yourself before the trainer shows the answer."
GAME_LINES = (
    "A model game replayed move by move, with the trainer's comments.",
    "A game between strong players, with the key moments explained.",
)
POSITION_LINES = (
    "The ideas of this part, explained on one clear position.",
    "The mistakes club players make most often here, and how to avoid them.",
)

# Masterclass episodes: the exercises of each, by episode title.
EPISODE_PRACTICE = {
    "Why I play 1.e4": [(("italian", "ruy-lopez", "sicilian"), ())],
    "Preparing a surprise": [(("traps", "scandinavian"), ())],
    "Openings for a must-win game": [(("sicilian", "kings-indian"), ())],
    "Playing for a small edge": [(("qgd", "english", "london"), ())],
    "Building a repertoire": [(OPENING_POOLS, ())],
    "Keeping the tension": [(("strategy",), ())],
    "Choosing the right plan": [(("strategy",), ())],
    "The intuitive sacrifice": [(("attack", "strategy"), ("sacrifice",))],
    "Defending worse positions": [(ENDINGS, ("draw",)), (("attack",), ())],
    "Converting the initiative": [(("attack",), ())],
    "Grinding small edges": [(("minor", "rook"), ())],
    "King activity": [(("pawn",), ())],
    "Rook endings in practice": [(("rook",), ())],
    "Saving lost endgames": [(ENDINGS, ("draw",)), (ENDINGS, ())],
    "Handling pressure": [(("tactics",), ("long", "short"))],
}


# The pools of a lesson's exercises when LESSON_PRACTICE does not name them, by theme.
CATEGORY_POOLS = {
    "openings": ("traps",),
    "strategy": ("strategy",),
    "tactics": ("tactics",),
    "endgames": ENDINGS,
    "attack": ("attack",),
    "calculation": ("tactics",),
    "classics": ("tactics",),
}
