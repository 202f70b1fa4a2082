"""Editorial text of the seed content: names, titles, descriptions and page texts.

The people, the site's products and its events are fictional; the chess in them (openings,
endgame positions, historical games and players) is real. generate_seed.py combines these texts
with its seeded random choices; the articles' bodies are in seed_articles.py.
"""

from __future__ import annotations

CHAMPION = "Elias Thorvald"

TEACHERS = [
    (
        "Marta Quillon",
        "Grandmaster and three-time national champion who has coached junior squads for fifteen "
        "years. Her opening lessons explain why a move is played before asking you to remember "
        "it.",
    ),
    (
        "Tobias Renholm",
        "International Master and endgame specialist. Tobias turns the theory of Lucena, "
        "Philidor and the opposition into rules of thumb you can use with the clock running.",
    ),
    (
        "Amaka Oduya",
        "Woman Grandmaster and tactics trainer. Her lessons are built around the patterns that "
        "decide club games, taken from thousands of positions her students actually reached.",
    ),
    (
        "Lucien Farrow",
        "Grandmaster, author of two books on pawn structures and a familiar voice on elite "
        "tournament broadcasts.",
    ),
    (
        "Priya Santhanam",
        "International Master and university coach. She teaches calculation and decision-making "
        "under time pressure, and how to stop losing good positions in the last ten minutes.",
    ),
    (
        "Jonas Weller",
        "FIDE Master and club coach who has taught hundreds of students, from their first "
        "tournament to a 2000 rating.",
    ),
    (
        "Ines Carvalho",
        "Grandmaster and attacking player whose games are full of sacrifices, and of the careful "
        "calculation behind them.",
    ),
    (
        "Dmitri Soloway",
        "Senior FIDE trainer and former Olympiad captain who teaches classical strategy through "
        "the games of Capablanca, Rubinstein and Karpov.",
    ),
]

TRAINERS = [
    (
        "Hana Berglund",
        "Grandmaster and program designer who builds step-by-step training plans for club "
        "players with a job, a family and an hour a day.",
    ),
    (
        "Rafael Montoya",
        "International Master who specialises in dynamic openings and the fight for the "
        "initiative.",
    ),
    (
        "Yusuf Demirel",
        "Grandmaster and endgame author with a gift for making difficult technique look simple.",
    ),
    (
        "Clara Vintner",
        "Woman International Master and sports psychologist who works with juniors and national "
        "team players on nerves, focus and recovery.",
    ),
    (
        "Oskar Lindahl",
        "FIDE Senior Trainer who has prepared national teams for four Olympiads.",
    ),
    (
        "Mei-Lin Zhao",
        "Grandmaster and rapid specialist whose training is about practical choices, not "
        "perfect ones.",
    ),
    (
        "Arjun Patil",
        "International Master and coach of several national junior champions.",
    ),
    (
        "Sophie Durand",
        "Grandmaster and positional player who teaches planning, prophylaxis and patience.",
    ),
]

AUTHORS = [
    (
        "Nora Castell",
        "Chess journalist who has covered elite tournaments since 2012, from the press room and "
        "from the back rows of the playing hall.",
    ),
    (
        "Felix Ambrose",
        "FIDE Master and editor of the news desk. He still plays league chess every weekend.",
    ),
    (
        "Leila Haddad",
        "Club coach who writes about improving as an adult, having learned the game herself at "
        "thirty.",
    ),
    (
        "Viktor Samsonov",
        "International Master who writes about openings, preparation and the ideas behind "
        "fashionable lines.",
    ),
    (
        "Grace Mbeki",
        "Photographer and reporter who follows the tournament circuit with a camera and a "
        "notebook.",
    ),
    (
        "Henrik Aalto",
        "Endgame enthusiast and composer who writes a weekly column on studies and technique.",
    ),
]

# (category, [(lesson title, short description for cards, description for the lesson page)])
LESSON_TOPICS = [
    (
        "Openings",
        [
            (
                "Italian Game: the slow plan with c3 and d3",
                "Build a solid centre and attack later.",
                "The Giuoco Pianissimo has become a top-level weapon. Learn the set-up with c3, "
                "d3 and a4, the knight tour Nbd2-f1-g3 and the moment to strike with d3-d4.",
            ),
            (
                "Queen's Gambit Declined essentials",
                "Classical structures every player should know.",
                "After 1.d4 d5 2.c4 e6, Black keeps a rock-solid centre. We cover the Orthodox "
                "set-up, the Carlsbad structure and the freeing breaks ...c5 and ...e5.",
            ),
            (
                "Sicilian Defence: first principles",
                "Why Black gives up the centre for counterplay.",
                "1.e4 c5 trades a central pawn for a half-open c-file and a lasting imbalance. "
                "See how the Najdorf and Scheveningen structures work before learning any lines.",
            ),
            (
                "Caro-Kann: solid and ambitious",
                "A reliable answer to 1.e4 with clear plans.",
                "Black develops the light-squared bishop before closing the centre with ...e6. "
                "We look at the Classical with 4...Bf5 and the plans against the Advance "
                "Variation.",
            ),
            (
                "London System without memorising",
                "A setup based on ideas, not long lines.",
                "Bf4, e3, c3 and Nbd2 give White the same sturdy position in almost every game. "
                "Learn the Ne5 plans, and how to meet early ...c5 and ...Qb6.",
            ),
            (
                "King's Indian Defence: the kingside storm",
                "Counterattack against a big centre.",
                "Black lets White build a broad centre, then attacks it with ...e5 and ...f5. "
                "Follow the race of the Mar del Plata: White on the queenside, Black towards "
                "the king.",
            ),
            (
                "French Defence: playing against the chain",
                "Undermine White's pawns with ...c5 and ...f6.",
                "When White plays e4-e5, the pawn chain decides the plans for both sides. Learn "
                "to hit its base with ...c5, its head with ...f6, and what to do with the French "
                "bishop.",
            ),
            (
                "Ruy Lopez: understanding the Spanish bind",
                "Slow pressure on e5 and the queenside.",
                "The Closed Spanish is a masterclass in patience. Learn why White plays c3 and "
                "h3 before d4, and the manoeuvre Nbd2-f1-g3 that heads for the kingside.",
            ),
            (
                "Scandinavian Defence in practice",
                "Early queen activity without losing time.",
                "After 1.e4 d5 2.exd5 Qxd5 3.Nc3, where should the queen go? We compare ...Qa5, "
                "...Qd6 and ...Qd8, and show the solid structure Black aims for.",
            ),
            (
                "English Opening: flexible first moves",
                "Control d5 and keep options open.",
                "1.c4 fights for d5 from the side. See the Botvinnik set-up and the reversed "
                "Sicilian, and when to transpose to a 1.d4 opening.",
            ),
            (
                "Opening traps and how to avoid them",
                "The classic tricks that punish careless play.",
                "Légal's mate, the Noah's Ark trap and the Lasker trap: the traps every player "
                "meets, and the warning signs that let you avoid each of them.",
            ),
        ],
    ),
    (
        "Middlegame Strategy",
        [
            (
                "Outposts: a home for your knight",
                "Find squares the enemy pawns can never attack.",
                "A knight on a protected square that no pawn can attack is worth more than a "
                "rook in many positions. Learn to create outposts, occupy them and defend "
                "against them.",
            ),
            (
                "Good bishop, bad bishop",
                "Judge bishops by the pawns around them.",
                "A bishop is only as good as the squares it can reach. We look at bishops "
                "blocked by their own pawns and the three ways to fix them: trade, reroute or "
                "change the pawn structure.",
            ),
            (
                "Open files and the seventh rank",
                "How rooks become monsters.",
                "Capablanca's games show it best: take the open file, double the rooks, invade "
                "on the seventh rank. Learn the whole plan and when a half-open file is better.",
            ),
            (
                "Playing with the isolated queen's pawn",
                "Activity versus a long-term weakness.",
                "The isolated pawn on d4 gives active pieces and the d4-d5 break, but it can "
                "become a target. Play both sides: attack with it, then blockade it.",
            ),
            (
                "The minority attack",
                "Create a weakness in the opponent's queenside majority.",
                "In the Carlsbad structure White pushes the b-pawn to b5 to leave Black with a "
                "weak pawn on c6. Learn the timing of the attack and Black's counterplay on the "
                "kingside.",
            ),
            (
                "Prophylaxis: think about your opponent's plan",
                "Stop ideas before they start.",
                "Before every move ask what your opponent wants to do. Nimzowitsch named the "
                "idea and Petrosian perfected it; here is how to use it in your own games.",
            ),
            (
                "The power of the bishop pair",
                "Open the position and let the bishops breathe.",
                "Two bishops on an open board can control both wings at once. Learn to open "
                "lines for them, and when to trade one bishop to keep the advantage.",
            ),
            (
                "Using a space advantage",
                "Restrict first, then break through.",
                "More space means more room for your pieces and less for the opponent's. Avoid "
                "exchanges, restrict the freeing breaks and prepare a breakthrough.",
            ),
            (
                "Weak squares and holes",
                "Spot and exploit weaknesses in the pawn structure.",
                "Every pawn move leaves squares behind that it can no longer defend. Find the "
                "holes in your opponent's camp, then bring a piece there to stay.",
            ),
            (
                "Making a plan in quiet positions",
                "A simple method for choosing a plan.",
                "When nothing is happening, a method helps: find your worst piece, the weakest "
                "pawns on both sides, and the pawn break that changes the structure.",
            ),
            (
                "Exchanging pieces at the right moment",
                "Which trades help you and which do not.",
                "Trade your bad pieces and keep your good ones. Learn which exchanges help the "
                "side with more space, the defender or the player with a better pawn structure.",
            ),
        ],
    ),
    (
        "Tactics",
        [
            (
                "Pins and skewers",
                "Lines that trap pieces.",
                "A pinned piece cannot move without exposing something more valuable; a skewer "
                "forces the valuable piece to step aside. Learn both patterns and how to break "
                "a pin.",
            ),
            (
                "The double attack",
                "One move, two threats.",
                "Knight forks, queen forks and pawn forks: a double attack creates two threats "
                "at once and wins material. Learn to spot the unprotected pieces that make it "
                "possible.",
            ),
            (
                "Deflection and decoy",
                "Drag defenders away from their duties.",
                "A deflection pulls a defender away from its post; a decoy lures a piece onto a "
                "fatal square. Both start with a sacrifice, and both are easier to find once "
                "you know what to look for.",
            ),
            (
                "Discovered attacks and checks",
                "Unleash a hidden piece.",
                "When one piece moves and uncovers another, two pieces attack at once. The "
                "discovered check is the strongest version: the moving piece can go almost "
                "anywhere.",
            ),
            (
                "Back-rank mates",
                "The classic danger behind unmoved pawns.",
                "A king behind three unmoved pawns can be mated by one rook. Learn the pattern, "
                "the combinations built on it, and when to make a little room with h3 or ...h6.",
            ),
            (
                "The in-between move",
                "A surprising move before the expected recapture.",
                "The zwischenzug: instead of recapturing at once, insert a check or a threat "
                "first. It overturns calculations, and it often wins material.",
            ),
            (
                "Overloaded defenders",
                "When one piece guards too much.",
                "A piece with two jobs cannot do both. Find the overloaded defender, give it a "
                "second task and watch the position collapse.",
            ),
            (
                "Removing the guard",
                "Eliminate the piece that holds the position together.",
                "Capture or chase away the one piece that defends a key square or a mating "
                "threat. A simple idea behind many brilliant-looking combinations.",
            ),
            (
                "Clearance sacrifices",
                "Empty a square or line for a stronger piece.",
                "Sometimes your own piece is in the way. Sacrifice it with tempo to open a line "
                "or free a square for the piece that delivers the blow.",
            ),
            (
                "Mating patterns you must know",
                "Arabian, Anastasia, Boden and more.",
                "Arabian, Anastasia's, Boden's, smothered and Morphy's mates: learn the "
                "patterns once and you will find mates in seconds instead of minutes.",
            ),
            (
                "Tactics in the opening",
                "Early chances after natural-looking mistakes.",
                "An undeveloped king, a loose bishop, a weak f7 square: the opening is full of "
                "tactical chances. Learn the typical shots and how to avoid falling for them.",
            ),
        ],
    ),
    (
        "Endgames",
        [
            (
                "King and pawn endings: the opposition",
                "The key idea behind every pawn ending.",
                "When kings face each other with one square between them, the side not to move "
                "has the opposition. Learn direct, distant and diagonal opposition, and the key "
                "squares in front of a pawn.",
            ),
            (
                "The Lucena position",
                "Build a bridge and win the rook ending.",
                "King and pawn on the seventh rank, the defending king cut off: the winning "
                "method is to build a bridge with the rook. Learn it once and win these endings "
                "for life.",
            ),
            (
                "The Philidor defence in rook endings",
                "Hold the rook ending with the third-rank defence.",
                "Keep your rook on the third rank until the pawn advances, then check from "
                "behind. The most important drawing method in rook endings, explained step by "
                "step.",
            ),
            (
                "Active rooks in the endgame",
                "Why activity beats material.",
                "A passive rook can lose even a pawn up; an active rook often saves a pawn down. "
                "See the principle at work in classic endings of Rubinstein and Capablanca.",
            ),
            (
                "Bishop against knight",
                "Which minor piece is better, and when.",
                "Pawns on both wings favour the bishop; a closed position with fixed pawns "
                "favours the knight. Learn to judge the minor-piece ending before you enter it.",
            ),
            (
                "Triangulation",
                "Lose a tempo to win the game.",
                "In pawn endings the side to move can lose. Triangulation lets your king return "
                "to the same square in three moves and hand the move to your opponent.",
            ),
            (
                "The outside passed pawn",
                "Decoy the enemy king and win on the other side.",
                "A passed pawn far from the other pawns draws the enemy king away, and your king "
                "eats the pawns it left behind. The classic winning plan in pawn endings.",
            ),
            (
                "Queen against pawn on the seventh",
                "Win or draw depends on the file.",
                "Against a centre or knight pawn the queen wins; against a bishop or rook pawn "
                "stalemate tricks often save the defender. Learn the method and the exceptions.",
            ),
            (
                "Opposite-coloured bishop endings",
                "Drawish, but not always.",
                "Even two extra pawns may not win when the bishops run on different colours. "
                "Learn the blockade that draws, and the two passed pawns far apart that win.",
            ),
            (
                "Converting an extra pawn",
                "Technique that turns a plus into a win.",
                "Improve your king and pieces, create a passed pawn, trade pieces but not pawns. "
                "The technique that turns an extra pawn into a full point.",
            ),
            (
                "Fortresses: saving lost positions",
                "Build a wall the opponent cannot breach.",
                "Material is not everything: with the right set-up a rook can hold against a "
                "queen, and a bishop against a rook. Learn the fortresses that save half-points.",
            ),
        ],
    ),
    (
        "Attack and Defence",
        [
            (
                "The Greek gift sacrifice",
                "Bxh7+ and when it works.",
                "Bxh7+, Ng5+ and Qh5 is one of the oldest attacking patterns in chess. Learn the "
                "conditions that make it work and the defences that refute it.",
            ),
            (
                "Opposite-side castling races",
                "Pawn storms and the race to the king.",
                "With the kings on opposite wings, every tempo counts. Learn when to throw your "
                "pawns forward, as in the Yugoslav Attack, and when to defend first.",
            ),
            (
                "Attacking the fianchettoed king",
                "Exchange the bishop and open the h-file.",
                "Qd2, Bh6 to trade the defending bishop, then h4-h5: the plan that has beaten "
                "the Dragon in countless games, and how to apply it elsewhere.",
            ),
            (
                "Defending against a kingside attack",
                "Cold-blooded defence and counterplay.",
                "Bring pieces to the king, trade the most dangerous attacker and look for "
                "counterplay in the centre. Defending well saves as many points as attacking "
                "well wins.",
            ),
            (
                "The exchange sacrifice",
                "Give a rook for a minor piece and dominate.",
                "Petrosian made it an art: give a rook for a minor piece to ruin the opponent's "
                "structure or win key squares. Learn ...Rxc3 in the Sicilian and other classic "
                "versions.",
            ),
            (
                "Counterattack in the centre",
                "Answer a wing attack with a central break.",
                "A flank attack is best met by a counterattack in the centre. Learn when the "
                "central break stops an attack in its tracks, and when it comes too late.",
            ),
            (
                "Bringing more pieces to the attack",
                "Attack with everything, not just the queen.",
                "Attacks with one or two pieces usually fail. Learn to bring the rooks and the "
                "last minor piece into play before the decisive blow.",
            ),
            (
                "When to trade queens while defending",
                "Reduce the attacker's power.",
                "Without queens most attacks die. Learn to force the exchange, and to judge "
                "whether the endgame that follows can be held.",
            ),
            (
                "Attacking with the h-pawn",
                "The rook pawn as a battering ram.",
                "h4-h5-h6 pries open the enemy king even when your own king stays in the centre. "
                "Modern grandmasters play it in almost every opening; learn when it works.",
            ),
            (
                "King safety in the middlegame",
                "Recognise danger before it is too late.",
                "Missing defenders, open lines towards the king, enemy pieces close by: learn "
                "the warning signs and act before the attack begins.",
            ),
            (
                "Sacrifices on f7 and f2",
                "The weakest squares at the start of the game.",
                "At the start of the game f7 and f2 are guarded only by the king. From Légal's "
                "mate to the Fried Liver Attack, learn when a sacrifice there works.",
            ),
        ],
    ),
    (
        "Calculation and Visualization",
        [
            (
                "Candidate moves",
                "List your options before calculating.",
                "Alexander Kotov's method: list every serious move first, then calculate each "
                "one once. It stops you from jumping between lines and missing the best move.",
            ),
            (
                "Checks, captures and threats",
                "Forcing moves first, every time.",
                "Look at every check, capture and threat, for both sides, before anything else. "
                "The habit that finds combinations and prevents blunders.",
            ),
            (
                "Calculating long variations",
                "Keep the position clear in your head.",
                "Long lines become manageable when you stop at the right moments and picture "
                "the position clearly. Exercises of rising length train the skill.",
            ),
            (
                "Visualization drills for improvers",
                "Train your mind's eye without a board.",
                "Square colours, knight routes and short lines played out in your head, then "
                "positions to solve without moving the pieces: drills that make calculation "
                "easier and more accurate.",
            ),
            (
                "Quiet moves in combinations",
                "The hardest moves to see.",
                "A quiet move in the middle of a combination, with no check and no capture, is "
                "the hardest move to see. Learn where to look for one.",
            ),
            (
                "Blunder-checking routine",
                "A thirty-second habit that saves games.",
                "Before you play a move, check what it allows: every check, capture and threat "
                "for your opponent. Thirty seconds that save half your losses.",
            ),
            (
                "Evaluating the final position",
                "Stop calculating at the right moment.",
                "A long variation is worthless if you judge the final position wrongly. Learn "
                "to count material, king safety and activity at the end of a line.",
            ),
            (
                "Time management in classical games",
                "Spend your minutes where they matter.",
                "Play the obvious moves quickly and think hard at the critical moments. A time "
                "budget for each phase of a classical game, and how to stick to it.",
            ),
            (
                "Calculating pawn races",
                "Count tempi exactly.",
                "The rule of the square, queening with check and stopping a pawn with the king "
                "all come down to counting moves exactly.",
            ),
            (
                "Thinking like your opponent",
                "Look for the best reply, not the hoped-for one.",
                "Calculate your opponent's best reply, not the one you hope for. Exercises that "
                "train the habit of looking at the board from the other side.",
            ),
        ],
    ),
]

# The levels a lesson may carry, by what it teaches: (lowest, highest) difficulty-level values,
# in the order beginner, casual, club, league, tournament, advanced, expert, master.
# check_seed.py holds every lesson of the seed to its range.
LESSON_LEVELS = {
    # Openings
    "Italian Game: the slow plan with c3 and d3": ("club", "expert"),
    "Queen's Gambit Declined essentials": ("casual", "tournament"),
    "Sicilian Defence: first principles": ("casual", "league"),
    "Caro-Kann: solid and ambitious": ("casual", "tournament"),
    "London System without memorising": ("beginner", "club"),
    "King's Indian Defence: the kingside storm": ("league", "master"),
    "French Defence: playing against the chain": ("club", "advanced"),
    "Ruy Lopez: understanding the Spanish bind": ("tournament", "master"),
    "Scandinavian Defence in practice": ("beginner", "club"),
    "English Opening: flexible first moves": ("league", "expert"),
    "Opening traps and how to avoid them": ("beginner", "club"),
    # Middlegame strategy
    "Outposts: a home for your knight": ("club", "advanced"),
    "Good bishop, bad bishop": ("club", "tournament"),
    "Open files and the seventh rank": ("casual", "league"),
    "Playing with the isolated queen's pawn": ("tournament", "expert"),
    "The minority attack": ("tournament", "master"),
    "Prophylaxis: think about your opponent's plan": ("advanced", "master"),
    "The power of the bishop pair": ("league", "advanced"),
    "Using a space advantage": ("league", "expert"),
    "Weak squares and holes": ("club", "tournament"),
    "Making a plan in quiet positions": ("club", "advanced"),
    "Exchanging pieces at the right moment": ("league", "expert"),
    # Tactics
    "Pins and skewers": ("beginner", "club"),
    "The double attack": ("beginner", "casual"),
    "Deflection and decoy": ("club", "tournament"),
    "Discovered attacks and checks": ("casual", "league"),
    "Back-rank mates": ("beginner", "casual"),
    "The in-between move": ("league", "advanced"),
    "Overloaded defenders": ("club", "tournament"),
    "Removing the guard": ("casual", "league"),
    "Clearance sacrifices": ("tournament", "expert"),
    "Mating patterns you must know": ("casual", "league"),
    "Tactics in the opening": ("beginner", "club"),
    # Endgames
    "King and pawn endings: the opposition": ("beginner", "club"),
    "The Lucena position": ("club", "tournament"),
    "The Philidor defence in rook endings": ("club", "tournament"),
    "Active rooks in the endgame": ("league", "advanced"),
    "Bishop against knight": ("tournament", "expert"),
    "Triangulation": ("league", "advanced"),
    "The outside passed pawn": ("casual", "league"),
    "Queen against pawn on the seventh": ("club", "tournament"),
    "Opposite-coloured bishop endings": ("league", "advanced"),
    "Converting an extra pawn": ("club", "advanced"),
    "Fortresses: saving lost positions": ("advanced", "master"),
    # Attack and defence
    "The Greek gift sacrifice": ("club", "tournament"),
    "Opposite-side castling races": ("league", "advanced"),
    "Attacking the fianchettoed king": ("league", "advanced"),
    "Defending against a kingside attack": ("tournament", "expert"),
    "The exchange sacrifice": ("advanced", "master"),
    "Counterattack in the centre": ("tournament", "expert"),
    "Bringing more pieces to the attack": ("club", "tournament"),
    "When to trade queens while defending": ("league", "advanced"),
    "Attacking with the h-pawn": ("tournament", "expert"),
    "King safety in the middlegame": ("casual", "league"),
    "Sacrifices on f7 and f2": ("beginner", "club"),
    # Calculation and visualization
    "Candidate moves": ("league", "expert"),
    "Checks, captures and threats": ("beginner", "casual"),
    "Calculating long variations": ("advanced", "master"),
    "Visualization drills for improvers": ("casual", "league"),
    "Quiet moves in combinations": ("expert", "master"),
    "Blunder-checking routine": ("beginner", "club"),
    "Evaluating the final position": ("tournament", "expert"),
    "Time management in classical games": ("club", "tournament"),
    "Calculating pawn races": ("casual", "league"),
    "Thinking like your opponent": ("club", "tournament"),
}

LESSON_CHAPTERS = [
    "Introduction",
    "Key ideas",
    "Model game",
    "Typical mistakes",
    "Practice positions",
]


# (topic, [(program title, description)])
PROGRAM_TOPICS = [
    (
        "Opening Repertoire",
        [
            (
                "A complete repertoire for White with 1.e4",
                "One coherent repertoire after 1.e4: the Italian against 1...e5, the Open "
                "Sicilian, and reliable lines against the French, the Caro-Kann and the "
                "Scandinavian. Every chapter explains the plans, so the moves stay with you.",
            ),
            (
                "Fighting the Sicilian as White",
                "The Sicilian is the most popular answer to 1.e4. Choose between the Open "
                "Sicilian and the Alapin with 2.c3, and learn the attacking set-ups against the "
                "Najdorf, the Dragon and the Taimanov.",
            ),
            (
                "A solid repertoire against 1.d4",
                "The Queen's Gambit Declined, with a Nimzo-Indian option against 3.Nc3: a "
                "classical repertoire that has served world champions for a century and will "
                "not need rebuilding every season.",
            ),
            (
                "The 1.d4 starter kit",
                "Your first repertoire with 1.d4: the Queen's Gambit against 1...d5 and simple "
                "set-ups against the King's Indian and the Dutch. Built on ideas rather than "
                "long lines.",
            ),
            (
                "Gambits for club players",
                "The Scotch Gambit, the Evans Gambit and the Danish: sound sacrifices that put "
                "your opponent under pressure from move three. Learn when to push for the attack "
                "and when to take the pawn back.",
            ),
            (
                "Your first opening repertoire as Black",
                "Answer 1.e4 with 1...e5 and 1.d4 with the Queen's Gambit Declined. Classical "
                "openings that teach sound habits: fight for the centre, develop quickly, "
                "castle early.",
            ),
            (
                "Flank openings made simple",
                "The English, the Réti and the King's Indian Attack: flexible first moves that "
                "avoid your opponent's preparation and lead to rich middlegames you will "
                "understand better than they do.",
            ),
        ],
    ),
    (
        "Positional Play",
        [
            (
                "Pawn structures from A to Z",
                "The isolated queen's pawn, hanging pawns, the Carlsbad, the Maróczy Bind and "
                "more. For each structure you learn the plans for both sides, so you know what "
                "to do long after the opening ends.",
            ),
            (
                "Thinking in plans",
                "Stop playing move by move. This program teaches a simple planning method, "
                "weaknesses, worst piece and pawn breaks, and applies it to dozens of positions "
                "from real games.",
            ),
            (
                "Piece activity bootcamp",
                "Knights on outposts, rooks on open files, bishops on long diagonals. Learn to "
                "put every piece on its best square and keep it there, with positions to solve "
                "after every chapter.",
            ),
            (
                "Mastering the middlegame",
                "The middlegame is where most games are decided. Learn to judge a position, "
                "choose between attack and manoeuvring, and steer the game into an endgame you "
                "understand.",
            ),
            (
                "Prophylactic thinking",
                "Petrosian and Karpov won by stopping their opponents' plans before they "
                "started. Learn the question they asked before every move, and how to ask it in "
                "your own games.",
            ),
            (
                "Positional sacrifices",
                "Give up material for squares, structure or time. Exchange sacrifices, pawn "
                "sacrifices for an outpost and the long-term piece sacrifice, all explained "
                "through model games.",
            ),
            (
                "Classical strategy through model games",
                "Classic games, from Steinitz to Fischer, that every strong player knows. Each "
                "one shows a single strategic idea in its clearest form.",
            ),
        ],
    ),
    (
        "Tactical Vision",
        [
            (
                "30 days of tactics",
                "A month of daily sessions, about twenty minutes each. Every day brings one "
                "pattern, worked examples and a set of puzzles, with a review day at the end of "
                "each week.",
            ),
            (
                "Pattern recognition for club players",
                "Strong players do not calculate more, they recognise more. Positions grouped "
                "by pattern, to solve on the board, train the eye for forks, pins and mating "
                "nets.",
            ),
            (
                "Combinations unlocked",
                "How a combination is built: the motif, the forcing sequence and the final "
                "blow. Learn to combine deflection, decoy and clearance into winning sequences.",
            ),
            (
                "Checkmate in the middlegame",
                "Mating attacks with queens on the board: the classic patterns, the sacrifices "
                "that open the king, and the calculation that makes sure the attack really "
                "mates.",
            ),
            (
                "Tactical awareness for beginners",
                "Loose pieces, undefended squares and unsafe kings. A gentle start with forks, "
                "pins and skewers, for players in their first year of serious chess.",
            ),
            (
                "Hidden resources and defensive tactics",
                "Tactics are not only for the attacker. Find the counter-sacrifice, the "
                "stalemate trick and the perpetual check that save lost-looking positions.",
            ),
            (
                "Sharpen your calculation",
                "Candidate moves, forcing lines first, a clear picture of the final position: "
                "exercises of rising length that make your calculation faster and more "
                "reliable.",
            ),
        ],
    ),
    (
        "Endgame Technique",
        [
            (
                "Essential endgames",
                "The positions every player must know: the opposition, the square of the pawn, "
                "Lucena, Philidor and the basic mates. A compact course that will save and win "
                "you points for years.",
            ),
            (
                "Rook endgames without fear",
                "Rook endings are the most common endings in practice. From the Lucena and "
                "Philidor positions to active defence and the Vancura, learn to play them with "
                "confidence.",
            ),
            (
                "Pawn endings masterclass",
                "Opposition, triangulation, outside passed pawns and breakthroughs. In pawn "
                "endings one tempo decides the game; learn to count it.",
            ),
            (
                "Minor piece endings",
                "Bishop against knight, good bishop against bad bishop and opposite-coloured "
                "bishops. Learn which endings to aim for and which to avoid.",
            ),
            (
                "From winning to won",
                "A pawn up is not a win until the point is on the board. The technique of "
                "conversion: no counterplay, the principle of two weaknesses and simple "
                "liquidation.",
            ),
            (
                "Saving difficult endgames",
                "Fortresses, active defence, stalemate tricks and the drawing zones of rook "
                "endings. Half a point saved counts as much as half a point won.",
            ),
            (
                "Endgame studies for practical players",
                "Composed studies by Réti, Troitzky and others, chosen for their practical "
                "lessons. Beautiful positions that sharpen the precision you need in real "
                "endings.",
            ),
        ],
    ),
    (
        "Attack and Defence",
        [
            (
                "The art of attack",
                "When to attack, where and with which pieces. From the Greek gift to the pawn "
                "storm, learn the signals for an attack and how to carry it through.",
            ),
            (
                "Defence wins games",
                "Defence is an underrated skill. Learn to spot danger early, trade attacking "
                "pieces and hit back at the right moment, with lessons from Lasker, Petrosian "
                "and Karpov.",
            ),
            (
                "Kingside attacks step by step",
                "Attacks against the castled king, sorted by pawn structure: against h7, g7 and "
                "f7, against the fianchetto and against a king that has made luft.",
            ),
            (
                "Sacrifice with confidence",
                "Many sacrifices are decided by judgement, not by calculation. Learn to weigh "
                "the initiative, open lines and king safety against the material you give.",
            ),
            (
                "Opposite castling playbook",
                "Kings on opposite wings mean a race. Pawn storms, opening lines and the tempo "
                "count that tells you who gets there first.",
            ),
            (
                "Initiative and tempo",
                "Keep making threats and your opponent never gets time for a plan. Learn to "
                "seize the initiative, keep it, and turn it into something concrete before it "
                "fades.",
            ),
            (
                "Counterattack strategies",
                "The best defence is often a counterattack. Central breaks, counter-sacrifices "
                "and races on the other wing that turn the defender into the attacker.",
            ),
        ],
    ),
    (
        "Tournament Preparation",
        [
            (
                "Preparing for your first tournament",
                "Notation, clocks, etiquette and a short repertoire you can trust: everything "
                "you need to know before your first rated weekend, so that you can concentrate "
                "on the chess.",
            ),
            (
                "Time management at the board",
                "Time trouble costs club players more points than any opening. Learn to budget "
                "your clock, recognise critical moments and play quickly when the moves are "
                "obvious.",
            ),
            (
                "Mental toughness for chess players",
                "Nerves, tilt and fatigue cost points. Routines for before, during and after a "
                "game, developed with tournament players and a sports psychologist.",
            ),
            (
                "Analyse your own games",
                "Your own games are your best textbook. A method for analysing them honestly, "
                "first without and then with an engine, and for turning what you find into a "
                "training plan.",
            ),
            (
                "Training plan to 1600",
                "A twelve-week plan for players rated 1200 to 1400: tactics every day, the "
                "essential endgames, a simple repertoire and game analysis, in sessions that "
                "fit a working week.",
            ),
            (
                "Training plan to 2000",
                "For players around 1700 who want to reach expert level: deeper calculation, "
                "pawn structures, rook endings and a repertoire that grows with you.",
            ),
            (
                "Rapid and blitz improvement",
                "Fast chess needs its own skills: a reliable repertoire, pattern recognition "
                "and sound use of the increment. Improve your results online and over the "
                "board.",
            ),
        ],
    ),
]

PROGRAM_BULLETS = {
    "Opening Repertoire": [
        "A complete repertoire you can play for years",
        "Plans and ideas explained move by move",
        "Traps to set and traps to avoid",
        "Model games for every main line",
        "Quizzes to fix the key positions in memory",
        "Transitions from the opening to the middlegame",
    ],
    "Positional Play": [
        "How to choose a plan in any position",
        "Judging good and bad pieces",
        "Using weak squares and open files",
        "Classic model games explained",
        "Exercises after every chapter",
        "When to change the pawn structure",
    ],
    "Tactical Vision": [
        "Positions to solve in every chapter",
        "The patterns behind every combination",
        "A daily routine of tactical training",
        "Defensive resources as well as attacks",
        "Calculation exercises of rising difficulty",
        "Progress checks at the end of each week",
    ],
    "Endgame Technique": [
        "The theoretical positions you must know",
        "Practical technique for converting advantages",
        "Rules of thumb for rook endings",
        "King activity and pawn races",
        "Drawing methods in worse endgames",
        "Study-like exercises to train precision",
    ],
    "Attack and Defence": [
        "When an attack is justified",
        "Sacrifices on the king and how to calculate them",
        "Bringing every piece into the attack",
        "Cold-blooded defence under pressure",
        "Turning defence into counterattack",
        "Model attacking games from the classics",
    ],
    "Tournament Preparation": [
        "Weekly training plans for busy players",
        "Managing your clock in every phase",
        "Preparing for a specific opponent",
        "Staying calm after a loss",
        "Analysing your own games honestly",
        "Physical and mental routines before a round",
    ],
}

# topic -> [(chapter title, chapter description)], in the order a program teaches them.
PROGRAM_CHAPTERS = {
    "Opening Repertoire": [
        (
            "First moves and ideas",
            "What the opening aims for, which squares matter and where each piece belongs, "
            "before any concrete line.",
        ),
        (
            "The main line",
            "The most important variation, move by move, with the reason behind every move "
            "and the plans it leads to.",
        ),
        (
            "Sidelines",
            "The rarer replies you will still meet at the club, and a simple way to reach a "
            "good position against each.",
        ),
        (
            "Typical middlegames",
            "The positions the opening leads to, and the plans both sides follow once the "
            "pieces are developed.",
        ),
        (
            "Pawn structures to aim for",
            "The structures that suit this repertoire, and the pawn breaks that make them "
            "work for you.",
        ),
        (
            "Common traps",
            "The tricks your opponents will try, and the traps you can set without taking "
            "risks yourself.",
        ),
        (
            "Model games",
            "Complete games by strong players in this opening, replayed with the key moments "
            "explained.",
        ),
        (
            "Repertoire review",
            "A recap of every line, test positions and a checklist to keep the repertoire "
            "fresh before a tournament.",
        ),
    ],
    "Positional Play": [
        (
            "Evaluating a position",
            "Material, king safety, pawn structure and piece activity: a checklist for judging "
            "any position.",
        ),
        (
            "Weak squares",
            "How holes appear in a pawn structure, and how to occupy them with a piece that "
            "can never be chased away.",
        ),
        (
            "Open files",
            "Taking an open file, doubling rooks and breaking through to the seventh rank.",
        ),
        (
            "Good and bad bishops",
            "Judging a bishop by its pawns, and three ways to improve a bad one.",
        ),
        (
            "Knights and outposts",
            "Finding protected squares for the knights in the centre and in the enemy camp.",
        ),
        (
            "Pawn majorities",
            "Turning an extra pawn on one wing into a passed pawn, and stopping your opponent "
            "from doing the same.",
        ),
        (
            "Making a plan",
            "The three questions that lead to a plan: worst piece, weaknesses and pawn breaks.",
        ),
        (
            "Model games",
            "Classic games in which one positional idea decides the game, replayed with "
            "commentary.",
        ),
    ],
    "Tactical Vision": [
        (
            "Forks and double attacks",
            "Knight forks, queen forks and pawn forks: two threats with one move.",
        ),
        (
            "Pins and skewers",
            "Absolute and relative pins, skewers along ranks and diagonals, and how to escape "
            "them.",
        ),
        (
            "Discovered attacks",
            "Unmasking a piece behind another, and the discovered check that wins almost anything.",
        ),
        (
            "Deflection",
            "Forcing a defender away from the square or the piece it protects.",
        ),
        (
            "Decoys",
            "Luring the king or queen onto a square where a tactic is waiting.",
        ),
        (
            "Mating patterns",
            "Back-rank, smothered, Arabian and Boden's mates, and the sacrifices that lead to "
            "them.",
        ),
        (
            "Defensive tactics",
            "Counter-attacks, in-between moves and perpetual checks that save worse positions.",
        ),
        (
            "Mixed exercises",
            "Puzzles without a theme announced, as in a real game, with worked solutions.",
        ),
    ],
    "Endgame Technique": [
        (
            "King activity",
            "Why the king becomes a fighting piece once the queens are off, and how to bring "
            "it forward safely.",
        ),
        (
            "Pawn endings",
            "Opposition, key squares, triangulation and breakthroughs: the counting behind "
            "every pawn ending.",
        ),
        (
            "Rook endings",
            "Lucena, Philidor and the active rook: the rules that decide the most common endings.",
        ),
        (
            "Minor pieces",
            "Bishop against knight, same-coloured and opposite-coloured bishops.",
        ),
        (
            "Queen endings",
            "Checks, shelter for the king and the passed pawn: how queen endings are won and "
            "saved.",
        ),
        (
            "Converting advantages",
            "The principle of two weaknesses, and trading pieces without trading pawns.",
        ),
        (
            "Drawing techniques",
            "Fortresses, stalemate tricks and the positions you can hold a pawn down.",
        ),
        (
            "Studies",
            "Composed endings that train precision, from Réti's famous king march onwards.",
        ),
    ],
    "Attack and Defence": [
        (
            "Signals for an attack",
            "Lead in development, a weakened king, pieces pointing at it: when an attack is "
            "justified.",
        ),
        (
            "Opening lines",
            "Pawn levers and sacrifices that open files and diagonals towards the king.",
        ),
        (
            "Sacrifices",
            "Bxh7+, Nf5 and the exchange sacrifice: the sacrifices that break a king's defences.",
        ),
        (
            "Attacking with pawns",
            "Pawn storms and the h-pawn as a battering ram against the castled king.",
        ),
        (
            "Defensive principles",
            "Bring defenders, trade attackers and keep your nerve under fire.",
        ),
        (
            "Counterattack",
            "Striking back in the centre or on the other wing to turn the game around.",
        ),
        (
            "Opposite castling",
            "The race between two pawn storms, and how to count who arrives first.",
        ),
        (
            "Model attacks",
            "Famous attacking games, from Morphy to Kasparov, with every decision explained.",
        ),
    ],
    "Tournament Preparation": [
        (
            "Setting goals",
            "Realistic targets for rating, results and training, and how to measure progress.",
        ),
        (
            "Opening preparation",
            "Preparing for a round in an hour: what to look at, and what to leave alone.",
        ),
        (
            "Clock management",
            "A time budget for each phase of the game, and how to avoid time trouble.",
        ),
        (
            "Practical decisions",
            "Choosing the move that poses problems when the best move cannot be found.",
        ),
        (
            "After the game",
            "Recording your thoughts, analysing honestly and letting the result go before "
            "the next round.",
        ),
        (
            "Training routine",
            "A weekly plan that balances tactics, endgames, openings and playing.",
        ),
        (
            "Mindset",
            "Handling nerves, bad results and strong opponents without losing focus.",
        ),
        (
            "Final checklist",
            "Sleep, food, equipment and travel: the practical details before the first round.",
        ),
    ],
}

# A program chapter's video parts; the generator picks one line for each.
SUBCHAPTER_LINES = [
    "The ideas of this part, explained on one clear position.",
    "A model game replayed move by move, with the trainer's comments.",
    "The mistakes club players make most often here, and how to avoid them.",
    "Positions to solve yourself before the trainer shows the answer.",
    "A game between strong players, with the key moments explained.",
]

# ---------------------------------------------------------------------------------------------
# Masterclass

MASTERCLASS = {
    "title": f"Masterclass: Learn with {CHAMPION}",
    "slug": "masterclass",
    "hero_title": "Learn chess with a world champion",
    "intro": f"World champion {CHAMPION} shares the ideas, habits and decisions behind a "
    "career at the very top. Eighteen episodes take you from his opening philosophy to the way "
    "he handles pressure in a world championship match.",
    "price": 79.99,
    "currency": "USD",
    "iap": {
        "product_id": "masterclass_full_access",
        "title": "Full Masterclass",
        "description": "Unlock every episode of the masterclass, forever.",
    },
}

# (chapter title, chapter description, [(episode title, episode description)])
MASTERCLASS_CHAPTERS = [
    (
        "Opening philosophy",
        "How the champion chooses openings: surprise, comfort and the fight for the initiative.",
        [
            (
                "Why I play 1.e4",
                "The first move as a statement of intent. Elias explains why he has opened with "
                "the king's pawn since he was eight, and what it says about the games he wants.",
            ),
            (
                "Preparing a surprise",
                "How a new idea is found, tested against the engine and kept secret for months, "
                "until the one game where it matters.",
            ),
            (
                "Openings for a must-win game",
                "Unbalancing the position without taking silly risks: the choices he made "
                "before the last round of a title match.",
            ),
            (
                "Playing for a small edge",
                "Long-term pressure from quiet openings. Why a tiny advantage that lasts is "
                "worth more than a big one that fades.",
            ),
            (
                "Building a repertoire",
                "A practical approach for players of every level: fewer lines, deeper "
                "understanding, and a repertoire that grows with you.",
            ),
        ],
    ),
    (
        "Middlegame decisions",
        "Plans, sacrifices and the art of keeping tension on the board.",
        [
            (
                "Keeping the tension",
                "Why the champion rarely releases tension early, and how waiting moves make the "
                "opponent commit first.",
            ),
            (
                "Choosing the right plan",
                "Three questions to ask in every middlegame, applied to positions from his own "
                "games.",
            ),
            (
                "The intuitive sacrifice",
                "When to trust your feeling over calculation. Elias revisits an exchange "
                "sacrifice he could not calculate to the end, and why he played it anyway.",
            ),
            (
                "Defending worse positions",
                "Stubbornness as a competitive weapon: the half-points he saved by making every "
                "move difficult for the opponent.",
            ),
            (
                "Converting the initiative",
                "Turning pressure into a concrete advantage before the opponent consolidates.",
            ),
        ],
    ),
    (
        "The art of the endgame",
        "Technique, patience and the small advantages that win championships.",
        [
            (
                "Grinding small edges",
                "How to keep asking questions in an equal-looking endgame until the opponent "
                "runs out of good answers.",
            ),
            (
                "King activity",
                "The king as the strongest endgame piece, with examples from Capablanca to the "
                "champion's own games.",
            ),
            (
                "Rook endings in practice",
                "The simple rules the champion follows at the board: active rook, king towards "
                "the pawns, and knowing his Lucena and Philidor by heart.",
            ),
            (
                "Saving lost endgames",
                "Fortresses, stalemate tricks and practical chances when the position is "
                "objectively lost.",
            ),
        ],
    ),
    (
        "Competing at the top",
        "Preparation, psychology and the routines of a world championship match.",
        [
            (
                "A day in a title match",
                "From breakfast to the final move: the routine that kept him fresh for "
                "fourteen games.",
            ),
            (
                "Handling pressure",
                "What goes through your head at the critical moment, and how to keep thinking "
                "clearly with the whole world watching.",
            ),
            (
                "Working with seconds",
                "Preparation as a team effort: how the work is shared, and why the final "
                "choice is always the player's.",
            ),
            (
                "Recovering after a loss",
                "The next game starts the moment this one ends. How he reset after the worst "
                "defeat of his career.",
            ),
        ],
    ),
]

# ---------------------------------------------------------------------------------------------
# Videos: (category id: 1 documentaries, 2 chess journeys; title; subhead; description; price)

VIDEOS = [
    (
        1,
        "Sixty-Four Squares",
        "The story of a village where everyone plays chess",
        "When the school of a small mountain village made chess part of every child's week, "
        "nobody expected a generation of players to come out of it. Teachers, parents and "
        "former pupils tell the story.",
        None,
    ),
    (
        2,
        "From Lagos to the Olympiad",
        "Tunde Adeyemi's road to the national team",
        "Tunde learned on a cardboard board outside his uncle's shop. Fifteen years later he "
        "plays top board for his country at the Olympiad. A self-taught player's journey.",
        None,
    ),
    (
        1,
        "The Silent Clock",
        "Inside the world of correspondence chess",
        "Games that last for years, moves sent across continents, and the players who devote "
        "their lives to finding the truth of a single position.",
        4.99,
    ),
    (
        2,
        "Late Bloomer",
        "Learning chess at sixty",
        "Ruth Kalman learned the moves the week she retired. Five years later she won her "
        "club championship. A film about learning, stubbornness and Thursday nights at the "
        "club.",
        None,
    ),
    (
        1,
        "Endgame",
        "A season with a veteran grandmaster",
        "A year on the road with a grandmaster in the last season of a long career: the "
        "travel, the doubts and one last tournament win.",
        None,
    ),
    (
        2,
        "Board Twelve",
        "A school team's first national championship",
        "Twelve teenagers, one coach and a borrowed minibus set off for the national schools "
        "championship. Nobody had told them they were not supposed to win.",
        None,
    ),
    (
        1,
        "The Blitz Kings",
        "Speed chess in city parks",
        "Hustlers, students and grandmasters meet on the park benches, where a game lasts "
        "five minutes and the trash talk never stops.",
        None,
    ),
    (
        2,
        "Return to the Board",
        "A comeback after fifteen years away",
        "A former junior champion decides to play again, and finds the game has changed: "
        "engines, online blitz, and rivals who were not born when he stopped.",
        None,
    ),
    (
        1,
        "Champion's Road",
        f"{CHAMPION} before the title",
        f"Rare footage of {CHAMPION}'s junior years, and the coaches, parents and rivals who "
        "shaped him on the way to the world title.",
        6.99,
    ),
    (
        2,
        "Chess on Wheels",
        "A travelling coach and her van",
        "Marisol Vega drives across the country with a van full of boards, teaching chess in "
        "small towns that have never had a club.",
        None,
    ),
    (
        1,
        "Behind the Pieces",
        "Interviews with the world's best players",
        "Candid conversations with the world's best players about preparation, fear, luck and "
        "their love for the game.",
        None,
    ),
    (
        2,
        "The Long Game",
        "Two friends, one rivalry, thirty years",
        "Two club players have met over the board more than five hundred times since 1994. "
        "The score is almost level, and neither will let the other forget it.",
        None,
    ),
    (
        1,
        "Made by Hand",
        "The craft of chess sets",
        "In a handful of workshops, carvers and turners still make chess pieces by hand. A "
        "film about boxwood, ebony and the knight that takes a day to carve.",
        None,
    ),
    (
        2,
        "First Norm",
        "Chasing the international master title",
        "A young player spends a year crossing Europe from open to open, in search of the "
        "first norm towards the international master title.",
        None,
    ),
]

HOME_HUB = {
    "hero_title": "Learn from the best",
    "slideshow_label": "Life at the chessboard",
    "watch_title": "Watch",
    "app_title": "Get the app",
    "app_text": "Puzzles, lessons and programs in your pocket, on iOS and Android.",
    "hero_text": "Lessons, programs and a masterclass with a world champion: improve your chess "
    "at your own pace, on any device.",
    "sections": [
        {
            "title": "Masterclass",
            "target_type": "masterclass_episodes",
            "limit": 8,
            "link_label": "See all >",
            "link_url": "/masterclass",
        },
        {
            "title": "Develop your personal playing style",
            "target_type": "programs",
            "limit": 8,
            "link_label": "Discover all programs",
            "link_url": "/programs",
        },
        {
            "title": "Lessons library",
            "target_type": "lessons",
            "limit": 8,
            "link_label": "See all >",
            "link_url": "/lessons",
        },
        {
            "title": "Documentaries",
            "target_type": "documentaries",
            "limit": 6,
            "link_label": None,
            "link_url": None,
        },
        {
            "title": "Chess journeys",
            "target_type": "journeys",
            "limit": 6,
            "link_label": None,
            "link_url": None,
        },
        {
            "title": "In the news",
            "target_type": "news",
            "limit": 4,
            "link_label": "Discover all the news",
            "link_url": "/articles",
        },
    ],
    "app_store_url": "https://apps.apple.com/app/id1000000001",
    "play_store_url": "https://play.google.com/store/apps/details?id=com.example.chesslearning",
}

FOOTER = {
    "facebook_url": "https://www.facebook.com/example.chess.learning",
    "instagram_url": "https://www.instagram.com/example.chess.learning",
    "youtube_url": "https://www.youtube.com/@example-chess-learning",
    "twitter_url": "https://twitter.com/example_chess",
}

GRAND_CHESS_TOUR = {
    "title": "Grand Chess Tour 2022",
    "season": 2022,
    "about": """## About the tour

The **Grand Chess Tour** is a circuit of elite round-robin tournaments. The 2022 season, its
seventh, had five events between May and September: two classical tournaments, in Bucharest and
Saint Louis, and three rapid and blitz events, in Warsaw, Zagreb and Saint Louis. Ten players
met in each.

- Rapid and blitz events: **9 rounds of rapid and 18 rounds of blitz**; a rapid win scores two
  points, a blitz win one.
- Classical events: **9 rounds** at 90 minutes for 40 moves, then 30 minutes, with 30 seconds a
  move; a playoff when first place is shared.
- Every event gives tour points by final place; the player with the most points after the
  Sinquefield Cup wins the tour. Alireza Firouzja won the 2022 tour.

The 2022 season is over. Watch the broadcast above again, and read the reports in the
[news section](/articles).
""",
    "events": [
        {
            "name": "Superbet Chess Classic Romania",
            "city": "Bucharest",
            "start_date": "2022-05-03",
            "end_date": "2022-05-15",
            "description": "The classical opening event of the season, won by Maxime "
            "Vachier-Lagrave after a playoff.",
        },
        {
            "name": "Superbet Rapid & Blitz Poland",
            "city": "Warsaw",
            "start_date": "2022-05-17",
            "end_date": "2022-05-24",
            "description": "The first rapid and blitz event of the season, won by Jan-Krzysztof "
            "Duda in his home country.",
        },
        {
            "name": "SuperUnited Rapid & Blitz Croatia",
            "city": "Zagreb",
            "start_date": "2022-07-18",
            "end_date": "2022-07-25",
            "description": "Rapid and blitz in the Croatian capital, won by Magnus Carlsen, "
            "playing as a wildcard.",
        },
        {
            "name": "Saint Louis Rapid & Blitz",
            "city": "Saint Louis",
            "start_date": "2022-08-25",
            "end_date": "2022-08-30",
            "description": "The last rapid and blitz event, at the Saint Louis Chess Club.",
        },
        {
            "name": "Sinquefield Cup",
            "city": "Saint Louis",
            "start_date": "2022-09-01",
            "end_date": "2022-09-12",
            "description": "The second classical tournament and the last event of the season, "
            "won by Alireza Firouzja.",
        },
    ],
}

UPGRADE_PAGE = {
    "testimonials_title": "What our members say",
    "popup_text": "Go Pro: lessons and programs by master players, unlimited rated puzzles "
    "and every documentary.",
    "welcome_eyebrow": "Congratulations!",
    "welcome_title": "Welcome to Pro Membership",
    # client/README.md, Pro welcome page: the programs benefit links to the program list, the
    # documentaries one to video 11.
    "welcome_benefits": [
        {"text": "Lessons and programs by grandmasters", "link_url": "/programs"},
        {
            "text": "Unlimited rated puzzles, on the web and in the iOS and Android apps",
            "link_url": "/puzzles",
        },
        {"text": "All documentaries and interviews", "link_url": "/videos/11"},
    ],
    "welcome_button": "Get started",
    "banner_title": "Become a Pro member",
    "banner_text": "Unlock every lesson, program, documentary and interview, plus unlimited "
    "rated puzzles. Start with a 7-day free trial and cancel at any time.",
    "learn": {
        "title": "Learn",
        "text": "Lessons and programs by master players: more than 40 programs and a "
        "growing lessons library, from your first opening to advanced endgames.",
    },
    "watch": {
        "title": "Watch",
        "text": "All documentaries and interviews, plus the stories of players on their "
        "chess journeys.",
    },
    "play": {
        "title": "Play",
        "text": "Unlimited rated puzzles at your level, on the web and in the iOS and Android "
        "apps, with the ones you missed coming back for review. Free members play five a day.",
    },
    "testimonials": [
        {
            "quote": "The programs gave my training a structure. I gained 200 points in a year.",
            "name": "Samuel Okoro",
            "title": "Club player, 1650",
        },
        {
            "quote": "The endgame lessons are the clearest I have ever seen.",
            "name": "Anja Weiss",
            "title": "Tournament player",
        },
        {
            "quote": "I watch a documentary with my son every Sunday, then we play.",
            "name": "Carlos Medina",
            "title": "Parent and beginner",
        },
    ],
}

# Legal pages: (slug, title, markdown body). They describe what the site does: accounts with
# e-mail and password or Facebook, Google and Apple sign-in, Stripe payments, the newsletter,
# the cookie banner and the embedded video player. The site runs no analytics or advertising
# trackers; the cookie policy says so.
LEGAL_PAGES = [
    (
        "terms",
        "Terms and conditions",
        """# Terms and conditions

These terms apply to your use of the website and the iOS and Android apps (together, "the
service"). By creating an account or making a purchase you accept them.

## Who may use the service

You must be **at least 18 years old** to accept these terms and to buy a membership or a
product. Registration is open from the age of 12: a member under 18 uses the service with the
consent and under the supervision of a parent or guardian, who accepts these terms for them.

## Your account

- You can register with an e-mail address and a password, or sign in with Facebook, Google or
  Apple. Keep your password and your sign-in accounts secure.
- You are responsible for what is done with your account. Tell us through the contact form if
  you think someone else has used it.
- One account is for one person. Accounts may not be shared or sold.

## Free content, Pro membership and single purchases

Some lessons, programs, videos and masterclass episodes are free. A **Pro membership** unlocks
the rest, and single programs, videos and the masterclass can also be bought on their own.

- Memberships are billed monthly or yearly and **renew automatically** until you cancel. A new
  membership starts with a 7-day free trial; you are charged when the trial ends unless you
  cancel before.
- Payments on the website are processed by Stripe. Purchases made in the apps are processed by
  the App Store or Google Play under their own terms.
- Prices are shown before you pay and include any taxes that apply.
- Refunds are covered by our [refund policy](/legal/refund-policy).

## Using the content

Lessons, videos, articles and other content are for your personal, non-commercial use. The
[acceptable use policy](/legal/acceptable-use) describes what is not allowed.

## Changes to the service

We improve the service continuously and may change or remove features. When we discontinue a
paid service, we give **90 days' notice**. We may update these terms; if a change affects your
rights, we tell you by e-mail before it applies.

## Ending your account

You can stop using the service at any time and ask us to delete your account. We may suspend
or close an account that breaks these terms.

## Contact

Questions about these terms can be sent through our contact form.
""",
    ),
    (
        "refund-policy",
        "Refund policy",
        """# Refund policy

This policy covers Pro memberships and single purchases (programs, videos and the
masterclass).

## Purchases are final

**No refunds are given after purchase**, for memberships or single purchases. Content you have
bought stays available to you in your account.

## Free trial and cancellation

- A new membership starts with a **7-day free trial**. Cancel before it ends and you are not
  charged.
- You can cancel a membership at any time. It stays active until the end of the period you
  have paid for and is not renewed.

## Discontinued services

If we discontinue a paid service, you are told **90 days in advance**.

## Charged in error?

If you believe you were charged twice or in error, write to us through the contact form with
the date and the amount, and we will look into it. Purchases made in the iOS or Android apps
are handled by the App Store or Google Play, which decide on refunds under their own policies.
""",
    ),
    (
        "disclaimer",
        "Disclaimer",
        """# Disclaimer

The lessons, programs, videos, articles and masterclass are provided for education and
entertainment. Our teachers and editors work to keep them accurate, but we cannot guarantee
results: how much you improve depends on your own training.

## Third-party content and links

Videos are played from an external video host, and some pages link to other websites. We are
not responsible for the content or the privacy practices of other websites.

## Availability

We aim to keep the service available at all times, but it may occasionally be interrupted for
maintenance or for reasons beyond our control.

Questions can be sent through the contact form.
""",
    ),
    (
        "acceptable-use",
        "Acceptable use policy",
        """# Acceptable use policy

To keep the service fair and safe for everyone, you agree not to:

- share your account, or resell or give away access to paid content;
- copy, download, record or redistribute videos, lessons or articles;
- harass, threaten or impersonate other people;
- use automated tools to access the service, or scrape its content;
- try to break, overload or get around the security of the service.

## What happens when the policy is broken

Depending on how serious it is, we may remove content, warn you, or suspend or close the
account.

## Reporting abuse

Report abuse through the contact form. Our abuse team answers every report **within 2 days**.
""",
    ),
    (
        "dmca",
        "DMCA policy",
        """# DMCA policy

We respect the rights of copyright owners and expect our members and contributors to do the
same.

## Sending a notice

If you believe that material on the service infringes your copyright, send a notice through
the contact form with:

1. a description of the copyrighted work;
2. where the material you consider infringing is found on the service (the page address);
3. your name and contact details;
4. a statement that you believe in good faith that the use is not authorised, and that the
   information in your notice is accurate.

## What we do

Our abuse team answers within 2 days. Material that infringes copyright is removed promptly,
and the person who provided it is told why.
""",
    ),
    (
        "privacy",
        "Privacy policy",
        """# Privacy policy

This policy explains which personal data we collect when you use the website and the apps, why
we use it and what your rights are.

## Age and consent

You must be **at least 16 years old** to consent to the processing of your personal data.
Registration is open from the age of 12; for members under 16, a parent or guardian gives
consent on their behalf.

## The data we collect

- **Account data**: your username, e-mail address, password (stored only in hashed form),
  country and skill level, and your profile picture if you upload one.
- **Sign-in with Facebook, Google or Apple**: if you choose it, we receive your name, e-mail
  address and an identifier of your account from that provider. We do not receive your
  password for it.
- **Membership and purchases**: your plan, its status and what you have bought. Payments are
  processed by Stripe; your card details go to Stripe directly and never reach us.
- **Learning progress**: the programs and chapters you have watched, so you can continue where
  you stopped.
- **Newsletter**: your e-mail address, if you subscribe to chess tips and news of new lessons.

We also count how often each article is read, without linking reads to you.

## Why we use it

We use your data to run your account and sign you in, to give you the content you are entitled
to, to process payments, to send the e-mails the service needs (confirming your address,
resetting your password) and, if you subscribed, the newsletter. We do not sell your data or
use it for advertising.

## Who else receives it

- **Stripe**, to process payments.
- **Facebook, Google or Apple**, only if you choose to sign in with them.
- **The video host** that plays our videos, when you allow embedded media (see the
  [cookie policy](/legal/cookie-policy)).

## How long we keep it

We keep your account data while your account exists. When you ask us to delete your account,
we delete your personal data, except the payment records we must keep by law.

## Your rights

You can access, correct or delete your data, object to its use, and ask for a copy of it. You
can unsubscribe from the newsletter at any time. Send these requests through the contact
form. You also have the right to complain to your data
protection authority.
""",
    ),
    (
        "cookie-policy",
        "Cookie policy",
        """# Cookie policy

Cookies and similar storage in your browser keep the site working and remember your choices.
This page lists what we use.

| Category | What it does | Needs your consent |
|---|---|---|
| Essential | Keeps you signed in, protects your session and remembers your cookie choice | No |
| Media | Loads the embedded video player; the video host sets its own cookies | Yes |

## Your choice

The cookie banner asks for your consent the first time you visit. If you decline, the site
works as before, but videos only load when you allow embedded media on the video itself. You
can change your choice at any time by clearing the site's data in your browser; the banner
then asks again.

## What we do not use

The site uses no analytics and no advertising cookies. If that changes, this policy will be
updated first, and such cookies will only be set with your consent.

Questions can be sent through the contact form.
""",
    ),
]

# The list pages' headings. {count} in programs_title is the number of published programs.
LIST_PAGE = {
    "lessons_title": "Lessons",
    "articles_title": "Last articles",
    "programs_title": "Improve your chess skills with {count} programs",
    "programs_intro": "Step-by-step training plans by master players, from the opening to the "
    "endgame.",
}
