"""Editorial text of the seed content: names, titles, descriptions and markdown bodies.

Every person, title and product here is fictional. generate_seed.py combines these texts
with its seeded random choices.
"""

from __future__ import annotations

import random

CHAMPION = "Elias Thorvald"

TEACHERS = [
    (
        "Marta Quillon",
        "Grandmaster and former national champion who has coached junior squads for "
        "fifteen years. Known for clear, practical explanations of opening ideas.",
    ),
    (
        "Tobias Renholm",
        "International Master and endgame specialist. Tobias turns dry theory into "
        "rules of thumb you can use at the board.",
    ),
    (
        "Amaka Oduya",
        "Woman Grandmaster and tactics trainer. Her lessons are built around the "
        "patterns that decide club games.",
    ),
    (
        "Lucien Farrow",
        "Grandmaster, author of two books on pawn structures and a popular "
        "commentator of elite events.",
    ),
    (
        "Priya Santhanam",
        "International Master and university chess coach who focuses on "
        "calculation and decision making under time pressure.",
    ),
    (
        "Jonas Weller",
        "FIDE Master and club coach with hundreds of students from beginner to expert level.",
    ),
    (
        "Ines Carvalho",
        "Grandmaster and attacking player whose games are full of sacrifices - "
        "and of the calculation behind them.",
    ),
    (
        "Dmitri Soloway",
        "Senior trainer and former olympiad captain who teaches classical "
        "strategy through model games.",
    ),
]

TRAINERS = [
    (
        "Hana Berglund",
        "Grandmaster and program designer; she builds step-by-step training plans "
        "for club players.",
    ),
    ("Rafael Montoya", "International Master who specialises in dynamic openings and initiative."),
    ("Yusuf Demirel", "Grandmaster and endgame author with a talent for simple explanations."),
    ("Clara Vintner", "Woman International Master and sports psychologist for chess players."),
    ("Oskar Lindahl", "FIDE Trainer who has prepared national teams for olympiads."),
    ("Mei-Lin Zhao", "Grandmaster and rapid chess specialist focused on practical play."),
    ("Arjun Patil", "International Master and coach of several junior champions."),
    ("Sophie Durand", "Grandmaster and positional player who teaches planning and prophylaxis."),
]

AUTHORS = [
    ("Nora Castell", "Chess journalist who has covered elite tournaments since 2012."),
    ("Felix Ambrose", "FIDE Master and editor of the site's news desk."),
    ("Leila Haddad", "Club coach and writer about chess improvement for adults."),
    ("Viktor Samsonov", "International Master who writes about openings and preparation."),
    ("Grace Mbeki", "Photographer and reporter travelling the tournament circuit."),
    ("Henrik Aalto", "Endgame enthusiast and author of a weekly study column."),
]

# (category, [(lesson title, short description)])
LESSON_TOPICS = [
    (
        "Openings",
        [
            (
                "Italian Game: the slow plan with c3 and d3",
                "Build a solid centre and attack later.",
            ),
            (
                "Queen's Gambit Declined essentials",
                "Classical structures every player should know.",
            ),
            (
                "Sicilian Defence: first principles",
                "Why Black gives up the centre for counterplay.",
            ),
            ("Caro-Kann: solid and ambitious", "A reliable answer to 1.e4 with clear plans."),
            ("London System without memorising", "A setup based on ideas, not long lines."),
            ("King's Indian Defence: the kingside storm", "Counterattack against a big centre."),
            (
                "French Defence: playing against the chain",
                "Undermine White's pawns with ...c5 and ...f6.",
            ),
            ("Ruy Lopez: understanding the Spanish bind", "Slow pressure on e5 and the queenside."),
            ("Scandinavian Defence in practice", "Early queen activity without losing time."),
            ("English Opening: flexible first moves", "Control d5 and keep options open."),
            (
                "Opening traps and how to avoid them",
                "The classic tricks that punish careless play.",
            ),
        ],
    ),
    (
        "Middlegame Strategy",
        [
            ("Outposts: a home for your knight", "Find squares the enemy pawns can never attack."),
            ("Good bishop, bad bishop", "Judge bishops by the pawns around them."),
            ("Open files and the seventh rank", "How rooks become monsters."),
            ("Playing with the isolated queen's pawn", "Activity versus a long-term weakness."),
            ("The minority attack", "Create a weakness in the opponent's queenside majority."),
            ("Prophylaxis: think about your opponent's plan", "Stop ideas before they start."),
            ("The power of the bishop pair", "Open the position and let the bishops breathe."),
            ("Using a space advantage", "Restrict first, then break through."),
            ("Weak squares and holes", "Spot and exploit weaknesses in the pawn structure."),
            ("Making a plan in quiet positions", "A simple method for choosing a plan."),
            ("Exchanging pieces at the right moment", "Which trades help you and which do not."),
        ],
    ),
    (
        "Tactics",
        [
            ("Pins and skewers", "Lines that trap pieces."),
            ("The double attack", "One move, two threats."),
            ("Deflection and decoy", "Drag defenders away from their duties."),
            ("Discovered attacks and checks", "Unleash a hidden piece."),
            ("Back-rank mates", "The classic danger behind unmoved pawns."),
            ("The in-between move", "A surprising move before the expected recapture."),
            ("Overloaded defenders", "When one piece guards too much."),
            ("Removing the guard", "Eliminate the piece that holds the position together."),
            ("Clearance sacrifices", "Empty a square or line for a stronger piece."),
            ("Mating patterns you must know", "Arabian, Anastasia, Boden and more."),
            ("Tactics in the opening", "Early chances after natural-looking mistakes."),
        ],
    ),
    (
        "Endgames",
        [
            ("King and pawn endings: the opposition", "The key idea behind every pawn ending."),
            ("The Lucena position", "Build a bridge and win the rook ending."),
            ("The Philidor defence", "Hold the rook ending with the third-rank defence."),
            ("Active rooks in the endgame", "Why activity beats material."),
            ("Bishop against knight", "Which minor piece is better, and when."),
            ("Triangulation", "Lose a tempo to win the game."),
            ("The outside passed pawn", "Decoy the enemy king and win on the other side."),
            ("Queen against pawn on the seventh", "Win or draw depends on the file."),
            ("Opposite-coloured bishop endings", "Drawish, but not always."),
            ("Converting an extra pawn", "Technique that turns a plus into a win."),
            ("Fortresses: saving lost positions", "Build a wall the opponent cannot breach."),
        ],
    ),
    (
        "Attack and Defence",
        [
            ("The Greek gift sacrifice", "Bxh7+ and when it works."),
            ("Opposite-side castling races", "Pawn storms and the race to the king."),
            ("Attacking the fianchettoed king", "Exchange the bishop and open the h-file."),
            ("Defending against a kingside attack", "Cold-blooded defence and counterplay."),
            ("The exchange sacrifice", "Give a rook for a minor piece and dominate."),
            ("Counterattack in the centre", "Answer a wing attack with a central break."),
            ("Bringing more pieces to the attack", "Attack with everything, not just the queen."),
            ("When to trade queens while defending", "Reduce the attacker's power."),
            ("Attacking with the h-pawn", "The rook pawn as a battering ram."),
            ("King safety in the middlegame", "Recognise danger before it is too late."),
            ("Sacrifices on f7 and f2", "The weakest squares at the start of the game."),
        ],
    ),
    (
        "Calculation and Visualization",
        [
            ("Candidate moves", "List your options before calculating."),
            ("Checks, captures and threats", "Forcing moves first, every time."),
            ("Calculating long variations", "Keep the position clear in your head."),
            ("Visualization drills for improvers", "Train your mind's eye without a board."),
            ("Quiet moves in combinations", "The hardest moves to see."),
            ("Blunder-checking routine", "A thirty-second habit that saves games."),
            ("Evaluating the final position", "Stop calculating at the right moment."),
            ("Time management in classical games", "Spend your minutes where they matter."),
            ("Calculating pawn races", "Count tempi exactly."),
            ("Thinking like your opponent", "Look for the best reply, not the hoped-for one."),
        ],
    ),
]

LESSON_CHAPTERS = [
    "Introduction",
    "Key ideas",
    "Model game",
    "Typical mistakes",
    "Practice positions",
]


def lesson_description(
    rng: random.Random, title: str, category: str, teacher: str, level: str
) -> str:
    openers = [
        f"In '{title}', {teacher} explains the ideas step by step.",
        f"{teacher} takes you through '{title}' with carefully chosen positions.",
        f"A {category.lower()} lesson by {teacher}.",
    ]
    middles = [
        "You will learn the typical ideas, see them in a model game and test yourself on "
        "practice positions.",
        "Each chapter focuses on one idea and ends with a position to solve on your own.",
        "The examples come from real tournament games and show the mistakes club players "
        "make most often.",
    ]
    closers = [
        f"Recommended for {level} players and above.",
        f"Aimed at {level} players who want practical results.",
        f"Ideal if your level is around {level}.",
    ]
    return " ".join([rng.choice(openers), rng.choice(middles), rng.choice(closers)])


# (topic, [program titles])
PROGRAM_TOPICS = [
    (
        "Opening Repertoire",
        [
            "A complete repertoire for White with 1.e4",
            "Fighting the Sicilian as White",
            "A solid repertoire against 1.d4",
            "The 1.d4 starter kit",
            "Gambits for club players",
            "Your first opening repertoire as Black",
            "Flank openings made simple",
        ],
    ),
    (
        "Positional Play",
        [
            "Pawn structures from A to Z",
            "Thinking in plans",
            "Piece activity bootcamp",
            "Mastering the middlegame",
            "Prophylactic thinking",
            "Positional sacrifices",
            "Classical strategy through model games",
        ],
    ),
    (
        "Tactical Vision",
        [
            "30 days of tactics",
            "Pattern recognition for club players",
            "Combinations unlocked",
            "Checkmate in the middlegame",
            "Tactical awareness for beginners",
            "Hidden resources and defensive tactics",
            "Sharpen your calculation",
        ],
    ),
    (
        "Endgame Technique",
        [
            "Essential endgames",
            "Rook endgames without fear",
            "Pawn endings masterclass",
            "Minor piece endings",
            "From winning to won",
            "Saving difficult endgames",
            "Endgame studies for practical players",
        ],
    ),
    (
        "Attack and Defence",
        [
            "The art of attack",
            "Defence wins games",
            "Kingside attacks step by step",
            "Sacrifice with confidence",
            "Opposite castling playbook",
            "Initiative and tempo",
            "Counterattack strategies",
        ],
    ),
    (
        "Tournament Preparation",
        [
            "Preparing for your first tournament",
            "Time management at the board",
            "Mental toughness for chess players",
            "Analyse your own games",
            "Training plan to 1600",
            "Training plan to 2000",
            "Rapid and blitz improvement",
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
        "Hundreds of positions from real games",
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

PROGRAM_CHAPTERS = {
    "Opening Repertoire": [
        "First moves and ideas",
        "The main line",
        "Sidelines",
        "Typical middlegames",
        "Pawn structures to aim for",
        "Common traps",
        "Model games",
        "Repertoire review",
    ],
    "Positional Play": [
        "Evaluating a position",
        "Weak squares",
        "Open files",
        "Good and bad bishops",
        "Knights and outposts",
        "Pawn majorities",
        "Making a plan",
        "Model games",
    ],
    "Tactical Vision": [
        "Forks and double attacks",
        "Pins and skewers",
        "Discovered attacks",
        "Deflection",
        "Decoys",
        "Mating patterns",
        "Defensive tactics",
        "Mixed exercises",
    ],
    "Endgame Technique": [
        "King activity",
        "Pawn endings",
        "Rook endings",
        "Minor pieces",
        "Queen endings",
        "Converting advantages",
        "Drawing techniques",
        "Studies",
    ],
    "Attack and Defence": [
        "Signals for an attack",
        "Opening lines",
        "Sacrifices",
        "Attacking with pawns",
        "Defensive principles",
        "Counterattack",
        "Opposite castling",
        "Model attacks",
    ],
    "Tournament Preparation": [
        "Setting goals",
        "Opening preparation",
        "Clock management",
        "Practical decisions",
        "After the game",
        "Training routine",
        "Mindset",
        "Final checklist",
    ],
}

SUBCHAPTER_LINES = [
    "The key ideas of {lower}, shown on a clear example.",
    "A model game that puts {lower} into practice.",
    "Typical mistakes in {lower} and how to avoid them.",
    "Test yourself: positions on {lower} with a worked solution.",
    "{topic} in a real tournament game, move by move.",
]


def program_description(rng: random.Random, title: str, topic: str, level: str) -> str:
    return " ".join(
        [
            f"{title} is a structured program on {topic.lower()}.",
            rng.choice(
                [
                    "Short video chapters build on each other, so each session takes you one step "
                    "further.",
                    "Every chapter mixes explanation, model games and exercises.",
                    "You follow a clear path from the basic ideas to advanced practical play.",
                ]
            ),
            f"It is designed for {level} players but rewards every level.",
        ]
    )


def chapter_description(rng: random.Random, chapter: str, program: str) -> str:
    return rng.choice(
        [
            f"{chapter}: the part of {program} where the ideas become concrete.",
            f"In this chapter of {program} we study {chapter.lower()} with examples and exercises.",
            f"{chapter} explained with model games and practice positions.",
        ]
    )


# ---------------------------------------------------------------------------------------------
# Articles: markdown bodies are assembled from an intro and instructive sections.

SECTIONS = {
    "opening_principles": """## Three opening principles

Before memorising lines, check every move against three questions:

1. **Does it fight for the centre?** Pawns on e4, d4, e5 and d5 give your pieces room.
2. **Does it develop a piece?** Knights before bishops is a good default.
3. **Does it keep the king safe?** Castle early unless there is a concrete reason not to.

A move that answers *no* to all three is usually a waste of time.""",
    "opening_traps": """## Traps are not a repertoire

Opening traps are fun, but they rarely decide games between prepared players. Use them as
**pattern training**:

- notice why the trap works (an undefended piece, a weak square, a king in the centre);
- ask what the natural-looking mistake was;
- remember the *idea*, not the move order.""",
    "tactics_patterns": """## Learn patterns, not positions

Strong players do not calculate more than you do, they **recognise more**. The most common
patterns in club games are:

- the **fork**, often with a knight;
- the **pin** against the king or queen;
- the **discovered attack**, when one piece moves and unmasks another;
- the **back-rank mate** behind unmoved pawns.

Solve a few puzzles every day and you will start seeing them without effort.""",
    "tactics_routine": """## A ten-minute daily routine

1. Five minutes of easy puzzles to warm up.
2. Three minutes on one hard puzzle, **without moving the pieces**.
3. Two minutes checking your answer and writing down the pattern.

Consistency beats volume: ten minutes a day is better than two hours once a week.""",
    "endgame_king": """## Activate the king

In the middlegame the king hides; in the endgame it becomes a **fighting piece**. As soon as
the queens come off:

- bring the king towards the centre;
- use it to support your passed pawns;
- use it to block the opponent's pawns.

A centralised king is often worth as much as an extra pawn.""",
    "endgame_rook": """## Rook endings in one rule

*All rook endings are drawn*, the saying goes, and many are. The rule that saves the most
points is simple: **keep your rook active**. A passive rook tied to a pawn is a tragedy; a
rook that attacks pawns from behind is a hero. Learn the **Lucena** and the **Philidor**
positions and you already know the two most important ideas.""",
    "strategy_plan": """## How to find a plan

When nothing is happening, ask:

1. What is my **worst piece**? Improve it.
2. Where are the **weaknesses** (mine and my opponent's)?
3. Which **pawn break** changes the structure in my favour?

A modest plan executed well beats a brilliant plan that never happens.""",
    "strategy_structure": """## Pawn structure is the map

Pawns cannot move backwards, so every pawn move changes the map of the game for good.
Before pushing a pawn, look at the squares it **stops defending**. Holes in front of an
isolated or backward pawn are perfect **outposts** for knights.""",
    "training_review": """## Review your own games

The fastest improvement comes from your own mistakes. After every serious game:

- write down your thoughts at the critical moments **before** using an engine;
- find the moment the evaluation changed;
- note the *reason* in one sentence (calculation, plan, time trouble, nerves).

After twenty games the list shows you exactly what to train.""",
    "training_time": """## Time management

Most club players lose more points to the clock than to the opening. Spend time when the
position is **critical** (a pawn break, a sacrifice, a change of structure) and play quickly
when the moves are **obvious**. A rough budget: one third of your time for the first
twenty moves.""",
    "events_report": """## What happened at the board

The decisive games were not decided by preparation but by **practical choices** in
complicated positions. Three lessons stand out:

- players who kept pieces on the board created more chances;
- the endgames were played with remarkable precision;
- time trouble cost at least four half-points.""",
    "events_preview": """## Players to watch

The field mixes established stars and ambitious newcomers. Expect:

1. **sharp openings** from the younger players;
2. **solid, technical chess** from the favourites;
3. plenty of drama in the final rounds, where tiebreaks loom.""",
    "psychology": """## Chess is also a mental game

Nerves, tilt and fatigue cost as many points as bad moves. Simple habits help:

- take a short walk between games;
- after a mistake, **reset**: evaluate the position as if you had just arrived;
- play the position, not the opponent's rating.""",
    "kids": """## Learning chess young

Children learn fastest through **play and stories**. Short sessions, mini-games with few
pieces and lots of praise work better than long lectures. The rules of thumb:

- keep sessions under half an hour;
- celebrate good ideas, not only wins;
- let them play opponents of every level.""",
    "opening_repertoire": """## Building a repertoire that lasts

Choose openings that lead to positions you **enjoy**. Then, for each line:

1. learn the first five to eight moves and the *reason* for each;
2. play through three or four model games;
3. write down the typical plans for both sides.

Expand the repertoire only when a line keeps causing you trouble in real games.""",
    "tactics_calc": """## From pattern to calculation

Seeing the pattern is the first step; checking it is the second. Before you play a
combination:

- look at **every check, capture and threat** for your opponent after your move;
- count the material at the end of the line;
- ask whether the final position is really better, not just different.

A combination that fails to one quiet defensive move is a blunder with extra steps.""",
    "endgame_technique": """## Technique: make progress slowly

With an advantage in the endgame there is rarely a need to hurry. **Improve everything
first**: king, rook, pawns. Only then create a second weakness and switch between the two
targets. Your opponent cannot defend both sides of the board at once, and the extra pawn will
decide.""",
    "strategy_pieces": """## Improve your worst piece

A simple rule from the classical masters: find the piece that does the least and give it a
job. A bishop blocked by its own pawns, a knight on the rim, a rook on a closed file: each is
a **free improvement**. Often the whole plan of a game is just three or four such moves.""",
    "training_plan": """## A balanced weekly plan

| Day | Training |
|---|---|
| Monday | Tactics, 30 minutes |
| Wednesday | One lesson or program chapter |
| Friday | Endgame study, 20 minutes |
| Weekend | Two longer games and their analysis |

**Consistency** matters more than the exact plan.""",
    "events_context": """## Why it matters

Results like these shape the rating list and the invitations for next season. For club
players, the games are a **free masterclass**: replay the decisive moments and ask what you
would have played before reading the commentary.""",
    "kids_parents": """## Tips for parents

You do not need to be a strong player to help:

- play often and let your child **explain their moves**;
- praise effort and good ideas, not only results;
- look for a local club where they can meet other young players.""",
}

# A third section for each article, chosen by the theme of its first one.
RELATED_SECTION = {
    "opening_principles": "opening_repertoire",
    "opening_traps": "opening_repertoire",
    "tactics_patterns": "tactics_calc",
    "tactics_routine": "tactics_calc",
    "endgame_king": "endgame_technique",
    "endgame_rook": "endgame_technique",
    "strategy_plan": "strategy_pieces",
    "strategy_structure": "strategy_pieces",
    "training_review": "training_plan",
    "training_time": "training_plan",
    "events_report": "events_context",
    "events_preview": "events_context",
    "psychology": "training_plan",
    "kids": "kids_parents",
}

CLOSERS = [
    "Want to go further? Browse the [lessons library](/lessons) and pick a topic.",
    "Put these ideas into practice with one of our [training programs](/programs).",
    "For more, see the [masterclass](/masterclass) with the world champion.",
    "Read more stories in the [news section](/articles).",
]

# Each article: title, lede, intro paragraph, sections, closer index.
ARTICLES = [
    {
        "title": "Five opening mistakes that cost club players points",
        "lede": "Most games between club players are decided long before the endgame.",
        "intro": "We looked at thousands of club games and found the same five mistakes in the "
        "first fifteen moves again and again.",
        "sections": ["opening_principles", "opening_traps"],
        "closer": 0,
    },
    {
        "title": "Why you should study endgames first",
        "lede": "The endgame teaches how each piece really works.",
        "intro": "Endgames are where the value of every piece becomes clear, which is why many "
        "coaches teach them before openings.",
        "sections": ["endgame_king", "endgame_rook"],
        "closer": 0,
    },
    {
        "title": "How to build a daily tactics habit",
        "lede": "Ten focused minutes a day beat occasional marathons.",
        "intro": "Tactics training works best as a habit, like brushing your teeth.",
        "sections": ["tactics_routine", "tactics_patterns"],
        "closer": 1,
    },
    {
        "title": "Reading the pawn structure",
        "lede": "Pawns are the skeleton of every position.",
        "intro": "If you can read the pawns, you can usually find the plan.",
        "sections": ["strategy_structure", "strategy_plan"],
        "closer": 1,
    },
    {
        "title": "Spring Rapid Open: a tournament of comebacks",
        "lede": "Three players came back from early losses to share first place.",
        "intro": "The Spring Rapid Open ended with a three-way tie and a dramatic tiebreak.",
        "sections": ["events_report", "psychology"],
        "closer": 3,
    },
    {
        "title": "The art of the quiet move",
        "lede": "Not every strong move is a check or a capture.",
        "intro": "Quiet moves in combinations are the hardest to see and the most beautiful.",
        "sections": ["tactics_patterns", "strategy_plan"],
        "closer": 2,
    },
    {
        "title": "A beginner's guide to the opposition",
        "lede": "The one idea that decides most king and pawn endings.",
        "intro": "When two kings face each other with one square between them, the side *not* "
        "to move has the opposition.",
        "sections": ["endgame_king", "training_review"],
        "closer": 0,
    },
    {
        "title": "Preparing for your first over-the-board tournament",
        "lede": "Practical advice for a weekend event.",
        "intro": "Your first tournament is exciting and tiring. A little preparation goes a "
        "long way.",
        "sections": ["training_time", "psychology"],
        "closer": 1,
    },
    {
        "title": "What the world champion eats before a game",
        "lede": "Energy, routine and a surprising amount of walking.",
        "intro": f"We asked {CHAMPION}'s team about the routine before a classical game.",
        "sections": ["psychology", "training_time"],
        "closer": 2,
    },
    {
        "title": "Blitz versus classical: which helps you improve?",
        "lede": "Both formats have a place in a training plan.",
        "intro": "Fast games train intuition; slow games train calculation and planning.",
        "sections": ["training_time", "training_review"],
        "closer": 1,
    },
    {
        "title": "The minority attack explained",
        "lede": "Two pawns against three can be an attacking weapon.",
        "intro": "In the Queen's Gambit structure, White often pushes the b-pawn to create a "
        "weakness on c6.",
        "sections": ["strategy_structure", "strategy_plan"],
        "closer": 0,
    },
    {
        "title": "Northern Masters preview",
        "lede": "Ten players, nine rounds and a very open field.",
        "intro": "The Northern Masters returns this week with its strongest field so far.",
        "sections": ["events_preview", "opening_principles"],
        "closer": 3,
    },
    {
        "title": "Teaching chess to children: a coach's notes",
        "lede": "Short sessions, mini-games and a lot of patience.",
        "intro": "After ten years of teaching in schools, here is what works.",
        "sections": ["kids", "opening_principles"],
        "closer": 0,
    },
    {
        "title": "Rook endgames: the ten positions you must know",
        "lede": "Half of all endgames are rook endgames.",
        "intro": "If you study only one type of endgame, make it rook endings.",
        "sections": ["endgame_rook", "endgame_king"],
        "closer": 1,
    },
    {
        "title": "How to analyse your own games",
        "lede": "The engine is the last step, not the first.",
        "intro": "Analysing your own games honestly is the most effective training there is.",
        "sections": ["training_review", "strategy_plan"],
        "closer": 1,
    },
    {
        "title": "Coastal Blitz Festival: report",
        "lede": "Over four hundred players and a surprise winner.",
        "intro": "The Coastal Blitz Festival broke its attendance record this year.",
        "sections": ["events_report", "training_time"],
        "closer": 3,
    },
    {
        "title": "Knights before bishops? Not always",
        "lede": "Rules of thumb are guides, not laws.",
        "intro": "Every rule of thumb in chess has exceptions, and knowing them is what makes a "
        "strong player.",
        "sections": ["opening_principles", "strategy_structure"],
        "closer": 0,
    },
    {
        "title": "Five mating patterns every player should know",
        "lede": "Recognise them and you will find mates in seconds.",
        "intro": "Mating patterns are the vocabulary of attacking chess.",
        "sections": ["tactics_patterns", "tactics_routine"],
        "closer": 1,
    },
    {
        "title": "Dealing with nerves at the board",
        "lede": "Even grandmasters get nervous; they just handle it better.",
        "intro": "A racing heart before an important game is normal. Here is how to use it.",
        "sections": ["psychology", "training_review"],
        "closer": 2,
    },
    {
        "title": "The bishop pair in open positions",
        "lede": "Two bishops can dominate a whole board.",
        "intro": "With open lines, the two bishops are often worth more than a rook and knight "
        "combined would suggest.",
        "sections": ["strategy_plan", "endgame_king"],
        "closer": 0,
    },
    {
        "title": "Season finale: the Grand Chess Tour wrap-up",
        "lede": "Five events, one champion and a lot of memorable games.",
        "intro": "The 2022 Grand Chess Tour came to an end with a thrilling final event.",
        "sections": ["events_report", "events_preview"],
        "closer": 3,
    },
    {
        "title": "Calculation: how deep is deep enough?",
        "lede": "Knowing when to stop is a skill of its own.",
        "intro": "Calculating further is not always better; evaluating well is.",
        "sections": ["tactics_routine", "training_time"],
        "closer": 1,
    },
    {
        "title": "Why your opening repertoire should be small",
        "lede": "Depth beats breadth for most club players.",
        "intro": "A small repertoire that you understand deeply will win you more games.",
        "sections": ["opening_principles", "training_review"],
        "closer": 0,
    },
    {
        "title": "A week at a junior training camp",
        "lede": "Lessons, football and a lot of blitz.",
        "intro": "We spent a week with the national junior squad at their summer camp.",
        "sections": ["kids", "tactics_routine"],
        "closer": 3,
    },
    {
        "title": "Converting a winning position",
        "lede": "Winning won positions is a skill you can train.",
        "intro": "Being a pawn up is not the same as winning. Technique turns one into the other.",
        "sections": ["endgame_rook", "strategy_plan"],
        "closer": 1,
    },
    {
        "title": "Safe rendering check: formatting in articles",
        "lede": "A short note from the editors on how articles are formatted.",
        "intro": "Articles are written in markdown. Embedded HTML is shown as text or removed, "
        "never run:\n\n<script>alert('this line must never run')</script>",
        "sections": ["opening_principles"],
        "closer": 3,
    },
    {
        "title": "The exchange sacrifice as a positional weapon",
        "lede": "Give up a rook for a minor piece and take control.",
        "intro": "An exchange sacrifice often buys lasting pressure rather than a direct attack.",
        "sections": ["strategy_structure", "tactics_patterns"],
        "closer": 2,
    },
    {
        "title": "Online chess etiquette",
        "lede": "Good manners make the game better for everyone.",
        "intro": "Online chess is fast and anonymous, which makes good manners more important.",
        "sections": ["psychology", "kids"],
        "closer": 3,
    },
    {
        "title": "Studying classic games",
        "lede": "The old masters still have a lot to teach.",
        "intro": "Classic games show strategic ideas in their clearest form.",
        "sections": ["strategy_plan", "training_review"],
        "closer": 0,
    },
    {
        "title": "Autumn Classic: final round drama",
        "lede": "A missed win in the last round changed everything.",
        "intro": "The Autumn Classic was decided by a single move in the final hour.",
        "sections": ["events_report", "endgame_rook"],
        "closer": 3,
    },
]


def article_body(spec: dict) -> str:
    parts = [spec["intro"]]
    names = list(spec["sections"])
    related = RELATED_SECTION[names[0]]
    if related not in names:
        names.append(related)
    parts.extend(SECTIONS[name] for name in names)
    parts.append(CLOSERS[spec["closer"]])
    return "\n\n".join(parts) + "\n"


# ---------------------------------------------------------------------------------------------
# Masterclass

MASTERCLASS = {
    "title": f"Masterclass: Learn with {CHAMPION}",
    "slug": "masterclass",
    "hero_title": "Learn chess with a world champion",
    "intro": f"World champion {CHAMPION} shares the ideas, habits and decisions behind a "
    "career at the very top. Eighteen episodes take you from his opening philosophy "
    "to the way he handles pressure in a world championship match.",
    "price": 79.99,
    "currency": "USD",
    "iap": {
        "product_id": "masterclass_full_access",
        "title": "Full Masterclass",
        "description": "Unlock every episode of the masterclass, forever.",
    },
}

MASTERCLASS_CHAPTERS = [
    (
        "Opening philosophy",
        "How the champion chooses openings: surprise, comfort and the fight for the initiative.",
        [
            ("Why I play 1.e4", "The first move as a statement of intent."),
            ("Preparing a surprise", "Finding a new idea and keeping it secret."),
            (
                "Openings for a must-win game",
                "Unbalancing the position without taking silly risks.",
            ),
            ("Playing for a small edge", "Long-term pressure from quiet openings."),
            ("Building a repertoire", "A practical approach for players of every level."),
        ],
    ),
    (
        "Middlegame decisions",
        "Plans, sacrifices and the art of keeping tension on the board.",
        [
            ("Keeping the tension", "Why the champion rarely releases tension early."),
            ("Choosing the right plan", "Three questions to ask in every middlegame."),
            ("The intuitive sacrifice", "When to trust your feeling over calculation."),
            ("Defending worse positions", "Stubbornness as a competitive weapon."),
            ("Converting the initiative", "Turning pressure into a concrete advantage."),
        ],
    ),
    (
        "The art of the endgame",
        "Technique, patience and the small advantages that win championships.",
        [
            ("Grinding small edges", "How to torture an opponent in an equal-looking endgame."),
            ("King activity", "The king as the strongest endgame piece."),
            ("Rook endings in practice", "Simple rules the champion follows."),
            ("Saving lost endgames", "Fortresses, stalemate tricks and practical chances."),
        ],
    ),
    (
        "Competing at the top",
        "Preparation, psychology and the routines of a world championship match.",
        [
            ("A day in a title match", "From breakfast to the final move."),
            ("Handling pressure", "What goes through your head at the critical moment."),
            ("Working with seconds", "Preparation as a team effort."),
            ("Recovering after a loss", "The next game starts the moment this one ends."),
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
        "A documentary about a mountain village whose school made chess compulsory, and the "
        "generation of players it produced.",
        None,
    ),
    (
        2,
        "From Lagos to the Olympiad",
        "Tunde Adeyemi's road to the national team",
        "A self-taught player's journey from street chess to representing his country.",
        None,
    ),
    (
        1,
        "The Silent Clock",
        "Inside the world of correspondence chess",
        "Games that last for years, and the players who devote their lives to them.",
        4.99,
    ),
    (
        2,
        "Late Bloomer",
        "Learning chess at sixty",
        "Ruth Kalman started playing after retiring and reached club champion in five years.",
        None,
    ),
    (
        1,
        "Endgame",
        "A season with a veteran grandmaster",
        "A year on the road with a player in the last season of a long career.",
        None,
    ),
    (
        2,
        "Board Twelve",
        "A school team's first national championship",
        "Twelve teenagers, one coach and a borrowed minibus.",
        None,
    ),
    (
        1,
        "The Blitz Kings",
        "Speed chess in city parks",
        "Hustlers, students and grandmasters meet on the park benches.",
        None,
    ),
    (
        2,
        "Return to the Board",
        "A comeback after fifteen years away",
        "A former junior champion decides to play again, and finds the game has changed.",
        None,
    ),
    (
        1,
        "Champion's Road",
        f"{CHAMPION} before the title",
        f"Rare footage of {CHAMPION}'s junior years and the people who shaped him.",
        6.99,
    ),
    (
        2,
        "Chess on Wheels",
        "A travelling coach and her van",
        "Marisol Vega drives across the country teaching chess in small towns.",
        None,
    ),
    (
        1,
        "Behind the Pieces",
        "Interviews with the world's best players",
        "Candid conversations about preparation, fear, luck and love for the game.",
        None,
    ),
    (
        2,
        "The Long Game",
        "Two friends, one rivalry, thirty years",
        "Two club players who have met over the board more than five hundred times.",
        None,
    ),
    (
        1,
        "Made by Hand",
        "The craft of chess sets",
        "Carvers and turners who still make pieces by hand.",
        None,
    ),
    (
        2,
        "First Norm",
        "Chasing the international master title",
        "A young player's year of tournaments in search of a first norm.",
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

SLIDESHOW_ALTS = [
    "A student studying an endgame",
    "Pieces set up for a new game",
    "A coach explaining a position",
    "A tournament hall before the first round",
]

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

The **Grand Chess Tour** is a circuit of elite rapid, blitz and classical events. In 2022 the
tour visited five cities, with the best players in the world competing for tour points and a
place in the final.

- Rapid and blitz events: **9 rounds of rapid, 18 rounds of blitz**.
- Classical events: **9 rounds**, with playoffs for first place.
- The tour champion is decided by total tour points.

Follow every round live on this page and catch up with the reports in the
[news section](/articles).
""",
    "events": [
        {
            "name": "Lisbon Rapid & Blitz",
            "city": "Lisbon",
            "start_date": "2022-05-10",
            "end_date": "2022-05-17",
            "description": "The season opener on the banks of the Tagus.",
        },
        {
            "name": "Baltic Classic",
            "city": "Riga",
            "start_date": "2022-06-04",
            "end_date": "2022-06-15",
            "description": "Nine rounds of classical chess in the old town.",
        },
        {
            "name": "Adriatic Rapid & Blitz",
            "city": "Split",
            "start_date": "2022-07-12",
            "end_date": "2022-07-19",
            "description": "Fast chess by the sea, five days of rapid and blitz.",
        },
        {
            "name": "Highlands Classic",
            "city": "Edinburgh",
            "start_date": "2022-08-02",
            "end_date": "2022-08-13",
            "description": "The second classical event, held during the city's summer festival.",
        },
        {
            "name": "Tour Final",
            "city": "Toronto",
            "start_date": "2022-09-06",
            "end_date": "2022-09-16",
            "description": "The top players of the season meet to decide the tour champion.",
        },
    ],
}

UPGRADE_PAGE = {
    "testimonials_title": "What our members say",
    "popup_text": "Go Pro: lessons and programs by master players, unlimited puzzles in the "
    "apps and every documentary.",
    "welcome_eyebrow": "Congratulations!",
    "welcome_title": "Welcome to Pro Membership",
    # SPEC §2 and §9: the programs benefit links to the program list, the documentaries one
    # to video 11.
    "welcome_benefits": [
        {"text": "Lessons and programs by grandmasters", "link_url": "/programs"},
        {"text": "Unlimited puzzles in the iOS and Android apps: more than 50000", "link_url": None},
        {"text": "All documentaries and interviews", "link_url": "/videos/11"},
    ],
    "welcome_button": "Get started",
    "banner_title": "Become a Pro member",
    "banner_text": "Unlock every lesson, program, documentary and interview, plus unlimited "
    "puzzles in the apps. Start with a 7-day free trial and cancel at any time.",
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
        "text": "Unlimited puzzles in the iOS and Android apps: more than 50000 puzzles "
        "at your level.",
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

LEGAL_PAGES = [
    (
        "terms",
        "Terms and conditions",
        """# Terms and conditions

These terms apply to every use of the site and the apps.

## Who may use the service

You must be **at least 18 years old** to accept these terms and buy a membership. Younger
players may use the service with the consent and supervision of a parent or guardian.

## Accounts

You are responsible for keeping your password safe and for everything done with your account.

## Memberships and purchases

Pro memberships renew automatically each month or year until cancelled. Single programs,
videos and the masterclass can be bought separately. See the refund policy for refunds.

## Changes to the service

We may change or discontinue parts of the service. When we discontinue a paid service we give
**90 days notice**.

## Contact

Questions about these terms can be sent through our contact form.
""",
    ),
    (
        "refund-policy",
        "Refund policy",
        """# Refund policy

All purchases are final: **no refunds are given after purchase**, for memberships, single
programs, videos or the masterclass.

- You can cancel a membership at any time; it stays active until the end of the paid period.
- The 7-day free trial can be cancelled before it ends without any charge.
- If a paid service is discontinued, you are told 90 days in advance.

If you believe you were charged in error, write to us through the contact form.
""",
    ),
    (
        "disclaimer",
        "Disclaimer",
        """# Disclaimer

The content of the site is provided for education and entertainment. We do our best to keep
it accurate, but we give no guarantee of results: improvement at chess depends on your own
training.

Links to other websites are provided for convenience; we are not responsible for their content.

Questions can be sent through the contact form.
""",
    ),
    (
        "acceptable-use",
        "Acceptable use policy",
        """# Acceptable use policy

When using the service you agree not to:

- share your account or resell access to content;
- copy, download or redistribute videos;
- harass other users or post abusive content;
- attempt to disrupt or reverse-engineer the service.

## Reporting abuse

Report abuse through the contact form. Our abuse team answers every report **within 2 days**.
""",
    ),
    (
        "dmca",
        "DMCA policy",
        """# DMCA policy

We respect the rights of copyright owners. If you believe content on the service infringes
your copyright, send a notice through the contact form with:

1. a description of the work and of the infringing material;
2. where the material is found on the service;
3. your contact details and a statement that the notice is accurate.

Our abuse team answers within 2 days and removes infringing material promptly.
""",
    ),
    (
        "privacy",
        "Privacy policy",
        """# Privacy policy

This policy explains which personal data we collect and why.

## Consent

You must be **at least 16 years old** to consent to the processing of your personal data.
Registration is open from the age of 12; for members under 16, a parent or guardian gives
consent on their behalf.

## Data we collect

- account data: username, e-mail address, country and skill level;
- purchase data, processed by our payment provider;
- usage data such as progress in programs, with your consent for statistics.

## Your rights

You can access, correct or delete your data at any time. Send your request through the
contact form.
""",
    ),
    (
        "cookie-policy",
        "Cookie policy",
        """# Cookie policy

We use cookies to keep you signed in and, with your consent, to measure how the site is used
and to show embedded videos.

| Category | Purpose | Needs consent |
|---|---|---|
| Essential | Sign-in, security, your cookie choice | No |
| Statistics | Anonymous usage measurement | Yes |
| Media | Embedded video players | Yes |

You can change your choice at any time from the cookie banner. Questions can be sent through
the contact form.
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
