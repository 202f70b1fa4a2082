"""The seed's news articles: title, lede and markdown body, each with its stable id.

Bodies link to the site's own pages (/lessons, /programs, /masterclass, /articles,
/grand-chess-tour). Id 26 is not used: the other articles keep the ids their addresses use.
The reading time is derived from the body by generate_seed.py.
"""

from __future__ import annotations

from seed_text import CHAMPION

ARTICLES = [
    {
        "id": 1,
        "title": "Five opening mistakes that cost club players points",
        "lede": "Most games between club players are decided long before the endgame.",
        "body": """We went through several hundred games from weekend opens and league matches, all
between players rated 1200 to 1800, and looked only at the first fifteen moves. The same five
mistakes came up again and again. None of them needs deep theory to fix: only a few
principles and the habit of checking them.

## Three opening principles

Before memorising lines, check every move against three questions:

1. **Does it fight for the centre?** Pawns on e4, d4, e5 and d5 give your pieces room.
2. **Does it develop a piece?** Knights usually come out before bishops, because their best
   squares are clear sooner.
3. **Does it keep the king safe?** Castle early unless there is a concrete reason not to.

A move that answers *no* to all three is usually a waste of time.

## The five mistakes

### 1. Moving the same piece twice

Every tempo spent on a piece that is already developed is a tempo your opponent spends on a
new one. The typical case is a knight that goes to g5 to attack f7, is chased back by ...h6,
and ends up where it started, three moves behind.

### 2. Bringing the queen out early

A queen on h5 or f3 looks active, but every minor piece that attacks it gains time. Paul
Morphy's famous *Opera Game* (Paris, 1858) shows the other side of the coin: while his
opponents spent moves on their queen, Morphy developed everything, and mated on move 17.

### 3. Leaving the king in the centre

In our sample, games in which one side had not castled by move twelve ended in a tactical
disaster more than half the time. Open lines in the centre and an uncastled king are a
dangerous mix, even when nothing seems to be happening.

### 4. Grabbing pawns with the wrong piece

Taking a pawn is fine; taking it with your only developed piece is not. The queen raid on b2
(or b7) is the classic example: the pawn is won, but the queen can spend the next five moves
escaping while the opponent develops with tempo.

### 5. Playing moves without a reason

Copying a move order you saw online without knowing why it works leaves you lost as soon as
the opponent deviates. Whenever you learn a line, write one sentence on the idea behind it.

## How to fix them

- Before each move in the opening, run through the three principles above.
- After each game, find the first moment you broke one of them.
- Learn a few openings well rather than many badly: a small repertoire is easier to
  understand.

Want to go further? Browse the [lessons library](/lessons) and pick an opening lesson, or
follow a complete repertoire in one of our [training programs](/programs).
""",
    },
    {
        "id": 2,
        "title": "Why you should study endgames first",
        "lede": "The endgame teaches how each piece really works.",
        "body": """José Raúl Capablanca, world champion from 1921 to 1927, advised his readers to
study the endgame before everything else. A hundred years later, most coaches still agree,
and most club players still do the opposite: they buy an opening book. Here is why the old
advice is right.

## The pieces, one at a time

With only a few pieces on the board you can see what each one really does. A rook on an open
file, a bishop on a long diagonal, a knight that needs three moves to cross the board: in the
middlegame these qualities are hidden behind a crowd of other pieces. In the endgame they
decide the result.

## The king wakes up

In the middlegame the king hides; in the endgame it becomes a **fighting piece**. As soon as
the queens come off:

- bring the king towards the centre;
- use it to support your passed pawns;
- use it to block the opponent's pawns.

Players who learn this early stop being afraid of simplifying, and start winning the
positions that used to end in draws.

## Where to start

You do not need a library of theory. A small set of positions covers most practical endings:

1. the basic mates: king and queen, and king and rook, against a lone king;
2. king and pawn against king, with the **opposition** and the key squares;
3. the **Lucena** position, the standard win in rook endings;
4. the **Philidor** position, the standard draw;
5. the **rule of the square**, to see at a glance whether a king catches a passed pawn.

Each of them takes an evening to learn, and you will meet them for the rest of your chess
life.

## The hidden benefit

Endgame study trains exactly the skills the rest of the game needs: accurate calculation,
counting tempi, and planning with few resources. A player who knows the endgame also plays
the middlegame better, because they know which endings to aim for and which to avoid.

## A simple plan

Spend one training session a week on endings. Set up each position on a real board, play it
against a friend or an engine from both sides, and come back to it a month later to check that
it has stayed with you.

Our [lessons library](/lessons) has a full series on endgames, from the opposition to
fortresses, and the program *Essential endgames* in our [training programs](/programs) puts
them in a sensible order.
""",
    },
    {
        "id": 3,
        "title": "How to build a daily tactics habit",
        "lede": "Ten focused minutes a day beat occasional marathons.",
        "body": """Tactics decide most games below master level, and tactical skill responds to
training faster than anything else in chess. The catch is that it has to be regular: two hours
of puzzles once a month do much less than ten minutes every day. Here is how to turn tactics
training into a habit that lasts.

## A ten-minute daily routine

1. **Five minutes of easy puzzles** to warm up: patterns you already know, solved quickly.
2. **Three minutes on one hard puzzle**, without moving the pieces, calculating the whole line
   before you answer.
3. **Two minutes** checking your answer and writing down the pattern in one line.

Consistency beats volume. Ten minutes a day adds up to more than sixty hours a year.

## Learn patterns, not positions

Strong players do not calculate more than you do: they **recognise more**. The most common
patterns in club games are:

- the **fork**, very often with a knight;
- the **pin** against the king or the queen;
- the **discovered attack**, when one piece moves and unmasks another;
- the **back-rank mate** behind unmoved pawns;
- the **overloaded defender**, a piece with two jobs.

When a puzzle beats you, name its pattern. After a few weeks you will see the same names come
up again and again.

## Repeat what you have solved

Solving the same set of puzzles several times is surprisingly effective. *The Woodpecker
Method* by Axel Smith and Hans Tikkanen made the idea popular: go through a set of a few
hundred positions, then do it again faster, and again. The aim is not to remember answers but
to make the patterns automatic.

## Keep a record

A notebook or a spreadsheet with three columns is enough:

| Date | Puzzles solved | Pattern I missed |
|---|---|---|
| Monday | 12 | Knight fork on f7 |
| Tuesday | 10 | Deflection of the back-rank defender |
| Wednesday | 14 | Discovered check |

After a month, the last column tells you which lesson to watch next.

## Make it easy to start

Habits stick when they are easy to begin. Keep the puzzles one tap away, train at the same
time every day, and do not skip a day because you only have five minutes. Five minutes still
count.

Put these ideas into practice with *30 days of tactics*, one of our
[training programs](/programs), or pick a pattern from the [lessons library](/lessons).
""",
    },
    {
        "id": 4,
        "title": "Reading the pawn structure",
        "lede": "Pawns are the skeleton of every position.",
        "body": """Philidor called pawns "the soul of chess" in 1749, and the description has
aged well. Pieces come and go, but the pawns stay, and because they cannot move backwards,
every pawn move changes the map of the game for good. If you can read the pawns, you can
usually find the plan.

## Three questions for any structure

1. **Where are the weaknesses?** Isolated, doubled and backward pawns, and the holes in front
   of them.
2. **Where are the pawn breaks?** The pawn moves that open lines or change the structure, for
   both sides.
3. **Where is the space?** The side whose pawns reach further forward usually attacks on that
   wing.

## Five structures worth knowing

### The isolated queen's pawn

A pawn on d4 with no pawns on the c- and e-files. The side with the pawn gets open lines,
active pieces and attacking chances; the other side blockades on d5 and aims for an endgame
where the pawn is simply weak.

### The Carlsbad structure

It arises from the Exchange Variation of the Queen's Gambit Declined. White often plays the
**minority attack**, b2-b4-b5, to leave Black with a weak pawn on c6; Black looks for play on
the kingside or in the centre with ...Ne4.

### Hanging pawns

Pawns on c4 and d4 (or c5 and d5) without neighbours. They control the centre and can advance,
but once attacked they may have to move, leaving weak squares behind.

### The Maróczy Bind

White pawns on c4 and e4 against a Sicilian set-up. Black is cramped and must wait for the
right moment to break with ...b5 or ...d5.

### The French chain

White pawns on d4 and e5 against Black's e6 and d5. Black attacks the base with ...c5 and the
head with ...f6; White attacks on the kingside, where the space is.

## Before you push a pawn

Look at the squares it **stops defending**. Holes in front of an isolated or backward pawn are
perfect **outposts** for knights, and a single careless pawn move can give your opponent one
for the rest of the game.

## Improve your worst piece

A simple rule from the classical masters fits every structure: find the piece that does the
least and give it a job. A bishop blocked by its own pawns, a knight on the rim, a rook on a
closed file: each is a **free improvement**.

See the lessons on outposts, good and bad bishops and the minority attack in our
[lessons library](/lessons), or follow *Pawn structures from A to Z* in our
[training programs](/programs).
""",
    },
    {
        "id": 5,
        "title": "Summer Rapid Open: a tournament of comebacks",
        "lede": "Three players came back from early losses to share first place.",
        "body": """The Summer Rapid Open finished on Sunday evening with a three-way tie at 7/9,
an Armageddon playoff and a winner who had lost her first game of the weekend. Two hundred and
twelve players took part, a record for the event, in the sports hall that has hosted it for
eleven years.

## A bad start, a strong finish

All three winners lost in the first four rounds. International Master Hanna Lind lost her
opening game to a 1900-rated junior, then won six of her last seven. Grandmaster Ruben
Acosta dropped a piece in round three and did not lose again. FIDE Master Jamal Okafor, the
lowest seed of the three, beat both top seeds on the final day.

The tiebreak was an Armageddon game between the two players with the best Buchholz score:
five minutes for White, four for Black, and a draw counting as a win for Black. Lind, with the
black pieces, held a rook ending a pawn down and took the title.

## What decided the games

Rapid chess at fifteen minutes plus ten seconds leaves little room for deep calculation, and
the decisive games showed it:

- players who **kept pieces on the board** created more chances than those who simplified;
- most games were decided by a **blunder under time pressure**, not by the opening;
- the best endgames were played by those who **moved quickly** in simple positions and kept
  their time for the critical moments.

## The comeback mindset

Asked how she recovered after losing in round one, Lind was matter-of-fact: "I walked around
the building once, ate something, and told myself the tournament was eight rounds long."

It is advice every tournament player can use:

- take a short walk between games;
- after a mistake, **reset**: evaluate the position as if you had just sat down;
- play the position, not the opponent's rating.

## Other prizes

The best junior was 13-year-old Mateo Ruiz with 6/9, including a draw against Acosta. The
under-1600 prize went to Helen Osei, who scored 5.5/9 in her first rated rapid event.

Read more reports in the [news section](/articles), and work on your own fast play with
*Rapid and blitz improvement* in our [training programs](/programs).
""",
    },
    {
        "id": 6,
        "title": "The art of the quiet move",
        "lede": "Not every strong move is a check or a capture.",
        "body": """Ask a club player to find the best move in a puzzle and they will start with
checks and captures, as they should. But some of the most beautiful moves in chess are
neither. A quiet move in the middle of a combination, one that threatens nothing obvious, is
the hardest move to see, and often the only one that works.

## What makes a move quiet

A quiet move does not check, capture or make an immediate threat. Instead it:

- **takes away a square** from the enemy king or a defending piece;
- **prepares** a threat the opponent cannot meet in one move;
- **improves a piece** so that the combination works one move later;
- **waits**, putting the opponent in zugzwang.

## Two famous examples

### Réti's king march

In Richard Réti's study of 1921, a white king on h8 seems hopelessly far from Black's h-pawn,
and White's own c-pawn looks lost. The solution is a quiet diagonal walk, Kg7, Kf6 and Ke5,
which chases both goals at once. The king catches the pawn or supports its own, and the game
is drawn. No check, no capture: only geometry.

### Shirov's bishop

In Topalov–Shirov, Linares 1998, Alexei Shirov played 47...Bh3!! in a bishop ending, giving away
his bishop for no visible reason. It is a **clearance** move: the sacrifice cleared the way for
his king, which marched in and decided the game. It is one of the most famous moves of the
decade.

## How to find quiet moves

1. When the forcing moves almost work, ask what is missing. A quiet move often supplies it.
2. Look at the enemy king's flight squares. A move that takes one away can turn a harmless
   check into mate.
3. Consider every piece that is not yet part of the attack. Can it join with tempo, or even
   without?

## A warning

Quiet moves give your opponent a free move. Before you play one, check their forcing replies
first: checks, captures and threats. A quiet move that allows a perpetual check is only
quiet until the next move.

## Train the eye

Solving composed studies is the best training for quiet moves, because composers love them.
Try one study a week, and give yourself twenty minutes before looking at the solution.

For more, see the [masterclass](/masterclass), where the world champion explains the
decisions behind his own sacrifices, or the lesson on quiet moves in our
[lessons library](/lessons).
""",
    },
    {
        "id": 7,
        "title": "A beginner's guide to the opposition",
        "lede": "The one idea that decides most king and pawn endings.",
        "body": """When two kings face each other on the same file with one square between them,
the side that is *not* to move has **the opposition**. It sounds like a technicality. It is
actually the idea that decides whether most king and pawn endings are won or drawn, and it
takes an evening to learn.

## Why it matters

Kings cannot stand next to each other. So when the kings face off with one square between
them, the king that must move has to give way, and the other king advances. In a king and
pawn ending, that one step often decides whether the pawn queens.

## King and pawn against king

Put a white king on e4, a white pawn on e3, and a black king on e6:

- **With Black to move**, White has the opposition. Black must step aside, the white king
  advances to d5 or f5, and the pawn queens.
- **With White to move**, Black has the opposition. White cannot make progress, and the
  ending is a draw with correct defence.

The defender's rule is simple: keep your king **in front of the pawn**, and when the attacking
king advances, take the opposition.

## The key squares

For a pawn that has not crossed the middle of the board, the attacking king wins if it reaches
one of the three squares **two ranks in front of the pawn**. For a pawn on e4, those are d6,
e6 and f6. Once the pawn reaches the fifth rank, the three squares one rank in front of it
become key squares as well.

Thinking in key squares is often easier than counting the opposition move by move.

## The exception: the rook pawn

With a pawn on the a- or h-file, the defending king only needs to reach the corner in front of
the pawn. Even a king and rook pawn against a lone king is a draw if the defender gets there,
because the attacker runs out of squares and stalemates.

## Distant and diagonal opposition

The same idea works at a distance. Kings on the same file with three or five squares between
them, with the opponent to move, also give you the opposition, and the diagonal version works
too. You will need these when the kings are still far from the pawns.

## Practise it

1. Set up king and pawn against king on a real board.
2. Play it from both sides against a friend or an engine until you win every time as the
   attacker and draw every time as the defender.
3. Then add one pawn each and see how the opposition decides races.

Want to go further? The lesson on the opposition in our [lessons library](/lessons) takes you
through the key squares step by step.
""",
    },
    {
        "id": 8,
        "title": "Preparing for your first over-the-board tournament",
        "lede": "Practical advice for a weekend event.",
        "body": """Your first rated tournament is exciting, and more tiring than you expect. Four
or five long games in two days, a clock, a scoresheet and strangers across the board: a little
preparation lets you concentrate on the chess instead of the surroundings.

## Before the weekend

- **Learn notation.** You must write down every move in standard algebraic notation. Practise
  by recording a few of your own games at home.
- **Get used to a clock.** Play a few games with the time control of the event, and remember
  to press the clock with the same hand that moves the pieces.
- **Keep your openings simple.** The week before a tournament is not the time to learn a new
  defence. Review the lines you already play.
- **Read the tournament rules**: the time control, the default time for arriving late and the
  rules on mobile phones, which usually must be switched off and out of reach.

## The rules that surprise newcomers

1. **Touch-move.** If you touch one of your pieces you must move it, and if you touch an
   opponent's piece you must capture it if you can. To straighten a piece, say "adjust" (or
   "j'adoube") first.
2. **Draw offers** are made after you have moved and before you press the clock.
3. **Only the arbiter** settles disputes. If something goes wrong, stop the clock and call
   them; do not argue with your opponent.

## Time management

Most newcomers lose more points to the clock than to the opening. Spend time when the
position is **critical**: a pawn break, a sacrifice, a change of structure. Play quickly when
the moves are **obvious**. A rough budget is no more than a third of your time for the first
twenty moves.

## Looking after yourself

- Sleep well the night before. It matters more than last-minute preparation.
- Bring water and a light snack: a banana, nuts, a sandwich.
- Between rounds, get some fresh air instead of analysing on your phone.

## After a loss

Everyone loses games at their first tournament. The important thing is the next round:

- take a short walk;
- note in one sentence why you lost, then put it aside until the event is over;
- start the next game as if the tournament had just begun.

## Enjoy it

Shake hands, say thank you to the arbiter, and talk to your opponents after the games. Most
are happy to show you what they were thinking, and many of them will become friends.

Put these ideas into practice with *Preparing for your first tournament* in our
[training programs](/programs).
""",
    },
    {
        "id": 9,
        "title": "What the world champion eats before a game",
        "lede": "Energy, routine and a surprising amount of walking.",
        "body": f"""A classical game can last six hours, and a world championship match asks for
that concentration every other day for three weeks. We asked {CHAMPION}'s team how he
prepares his body for it. The answers had less to do with superfoods than with routine.

## The morning

Breakfast comes four to five hours before the round: eggs, wholegrain bread, fruit and
coffee. "Nothing new on game days," his physiotherapist told us. "If something did not agree
with him once, it never appears again during a match."

After breakfast comes the most important part of the day: **a walk of an hour or more**,
whatever the weather. It clears his head after the morning's opening preparation, and it is
the last time he talks about anything but chess.

## Lunch

A light meal about two hours before the game, based on rice or pasta, fish or chicken and
vegetables. Portions are modest: a heavy meal makes the first hours of the game sluggish,
just when the opening battle needs full attention.

## At the board

During the game he drinks water and, after about three hours, something with a little sugar.
The snacks on his table are always the same:

- a banana, for slow, steady energy;
- a handful of nuts;
- dark chocolate, a few squares at a time, for the last hour.

"Players often lose concentration around move 35, just before the time control," his trainer
said. "Part of that is tiredness and part of it is blood sugar. We try to take care of the
second one."

## Sport

During a match he plays tennis or football on rest days and goes to the gym three times a
week in the months before. Many top players follow similar programs now: long games are a
physical effort, and the fitter player keeps thinking clearly in the sixth hour.

## What club players can take from this

You do not need a physiotherapist to apply the same ideas:

1. **Eat at the same times** before every game, and avoid heavy meals before the round.
2. **Drink water** throughout the game, especially in warm playing halls.
3. **Bring a snack** for the second half of a long game.
4. **Walk** between rounds at weekend tournaments instead of analysing on your phone.
5. **Keep fit** in general. It helps more in the final hour than any opening preparation.

For more from the champion himself, see the [masterclass](/masterclass): a whole chapter is
about his routines during a title match.
""",
    },
    {
        "id": 10,
        "title": "Blitz versus classical: which helps you improve?",
        "lede": "Both formats have a place in a training plan.",
        "body": """Online chess has made blitz the most played form of the game. It is fun, fast
and always available. But does playing hundreds of three-minute games make you a better
player? The honest answer is: up to a point, and only if you also play slowly.

## What blitz trains

- **Pattern recognition.** You see thousands of positions, and the common tactics become
  familiar.
- **Opening familiarity.** You reach your repertoire's positions again and again.
- **Practical decision-making.** You learn to choose a reasonable move quickly, a skill that
  helps in time trouble in slow games.

## What blitz does not train

- **Calculation.** There is no time to calculate long lines, so the habit never develops.
- **Planning.** Games are decided by tactics and the clock, rarely by a well-executed plan.
- **Honest evaluation.** A lost position is often won on time, which hides mistakes instead of
  revealing them.

Blitz also encourages *hope chess*: playing a move and hoping the opponent does not see the
refutation. It works often enough in blitz to become a habit, and that habit costs points in
slow games.

## What classical chess trains

Slow games, from about an hour per player upwards, are where you:

- calculate long variations and check them;
- make plans and carry them out over twenty moves;
- play endgames properly instead of flagging.

And they produce games worth analysing, which is where most improvement comes from.

## A balance that works

| Format | Share of your playing time | Purpose |
|---|---|---|
| Classical (60 minutes or more) | About half | Calculation, planning, games to analyse |
| Rapid (10 to 30 minutes) | About a third | Openings, practical play |
| Blitz (3 to 5 minutes) | The rest | Patterns, fun |

If you only have time for online play, make **rapid with an increment** your main format:
fifteen minutes plus ten seconds is long enough to think and short enough to fit into an
evening.

## Analyse, whatever the format

A game you do not look at afterwards teaches you little. After a session of fast games, pick
one loss and find the moment it went wrong. After a classical game, analyse it properly.

Put these ideas into practice with *Rapid and blitz improvement* and *Analyse your own games*
in our [training programs](/programs).
""",
    },
    {
        "id": 11,
        "title": "The minority attack explained",
        "lede": "Two pawns against three can be an attacking weapon.",
        "body": """It sounds like a paradox: attack with fewer pawns on the wing where your
opponent has more. Yet the minority attack is one of the most reliable plans in chess, played
by generations of world champions. Here is how it works, and how to defend against it.

## The structure

The minority attack belongs to the **Carlsbad structure**, which arises most often from the
Exchange Variation of the Queen's Gambit Declined: 1.d4 d5 2.c4 e6 3.Nc3 Nf6 4.cxd5 exd5.

White has pawns on a2 and b2 on the queenside against Black's a7, b7 and c6. White's central
pawn is on d4, Black's on d5, and the e- and c-files are half-open.

## The plan

White advances the b-pawn: **b2-b4-b5**, often supported by a2-a4 and a rook on b1. Then:

- if Black takes on b5, the pawn on d5 is left isolated;
- if Black allows bxc6 and recaptures with the b-pawn, the pawn on c6 becomes **backward**
  on a half-open file, and a target for White's rooks and minor pieces.

The goal is not to win material at once but to create a **permanent weakness** that White can
attack for the rest of the game, often right into the endgame.

## Typical white set-up

1. Bishop on d3, knight on f3, queen on c2, castled kingside.
2. Rooks on b1 and c1.
3. Pawns on a4 and b4, ready to play b5 at the right moment.

Timing matters. Pushing b5 before the pieces are ready lets Black answer with ...cxb5 and
occupy c4 with a knight.

## How Black fights back

Black's best chances are on the other side of the board:

- **Kingside play** with ...Ne4, ...f5 and a rook lift, taking advantage of White's pieces
  going to the queenside;
- the **knight manoeuvre** ...Nf8-g6 or ...Ne4 to put pressure on White's kingside;
- a timely **...b5** of their own, blocking the attack at the cost of a hole on c5.

A passive defence usually fails; Black has to create counterplay.

## Beyond the Queen's Gambit

The same idea appears in other openings: in some Caro-Kann lines the roles are reversed and
Black plays the minority attack with ...b5-b4. Once you know the pattern, you will spot it in
many structures.

Want to go further? The lesson on the minority attack in the [lessons library](/lessons)
shows the plan on its key positions, with exercises to solve on the board.
""",
    },
    {
        "id": 12,
        "title": "Northern Masters preview",
        "lede": "Ten players, nine rounds and a very open field.",
        "body": """The Northern Masters returns this week for its sixth edition, and the
organisers have assembled their strongest field yet: ten players, including four rated above
2700, in a single round-robin of nine classical rounds. Play starts on Saturday at 15:00
local time.

## The field

The top seed is **Grandmaster Andrei Volkov**, who won the event two years ago and arrives in
good form after a second place at the European Championship. His main rival is likely to be
**Sofia Marchetti**, the highest-rated woman in the field, whose ambitious Sicilians brought
her three wins in a row at the last Olympiad.

Among the younger players, watch **Kenji Arai**, 17, who earned his grandmaster title this
spring and plays sharp openings with both colours, and **Lukas Brenner**, 19, the reigning
national champion.

The local favourite is veteran **Peter Halvorsen**, playing his sixth Northern Masters. He has
never won it, but he has never finished in the bottom half either.

## What to expect

1. **Sharp openings** from the younger players, who have little to lose against the
   favourites.
2. **Solid, technical chess** from the top seeds, who can win the event with a string of
   draws and two or three wins.
3. **Drama in the final rounds**: with only nine rounds, one loss can decide the title, and a
   tie for first goes to a rapid playoff.

## The format

- Time control: 90 minutes for 40 moves, then 30 minutes, with 30 seconds added per move from
  the first.
- **No draw offers before move 30.**
- Prize fund shared among all ten players, with a bonus for every decisive game.

The no-draw rule and the bonus were introduced last year, when the share of decisive games
rose from a third to almost half.

## How to follow it

Our reporters will be in the playing hall, with a report and photos after every round in the
[news section](/articles). Commentary of each round starts fifteen minutes before the first
move.

## Learn from the games

Elite events are a free lesson for club players. Choose one game a day, play through it
before you read the commentary, and write down what you would have played at the critical
moments. Then compare.

Looking for structure? Our [training programs](/programs) turn model games into a
step-by-step plan.
""",
    },
    {
        "id": 13,
        "title": "Teaching chess to children: a coach's notes",
        "lede": "Short sessions, mini-games and a lot of patience.",
        "body": """Children can learn chess very young, some from the age of four or five, but
they do not learn it the way adults do. Long explanations lose them; games win them over. We
spoke to coaches who teach in schools and clubs about what works, and collected their advice.

## Learning through play

Children learn fastest through **play and stories**. Instead of explaining all the rules at
once, start with mini-games that use only a few pieces:

- **The pawn game.** Eight pawns each; the first to reach the other side wins. It teaches how
  pawns move and capture, and the first ideas of the endgame.
- **Capture the flag.** One side has a rook, the other a few pawns. Can the rook stop them?
- **The knight's tour.** Visit every square of a small board with a knight. Fun, and
  excellent visualisation training.

Only once the pieces are familiar do you add the king, check and checkmate.

## Keep it short

- Sessions of **twenty to thirty minutes** for young children, with a game at the end.
- One new idea per session.
- Repeat earlier ideas often, in new games.

## Praise the idea, not only the result

Celebrate a good plan or a clever move even when the game is lost. Children who are praised
only for winning learn to fear losing, and start avoiding strong opponents, the very games
they learn most from.

## Losing well

Losing is part of chess, and for many children it is the hardest part. Coaches recommend:

1. shaking hands after every game, win or lose;
2. showing the opponent one good move they played;
3. a rule of **no analysis for five minutes** after a painful loss.

## Tips for parents

You do not need to be a strong player to help:

- play often and let your child **explain their moves**;
- praise effort and good ideas, not only results;
- look for a local club or a school team, where they can meet other young players;
- keep screens for puzzles and short lessons, and play the games on a real board whenever you
  can.

## When to start tournaments

When a child plays full games without help and enjoys them, a short junior event is a good
next step. Choose one with rapid games, so that the day does not become too long.

For a family start, the beginner lessons in our [lessons library](/lessons) are short and
clear enough to watch together.
""",
    },
    {
        "id": 14,
        "title": "Rook endgames: the ten positions you must know",
        "lede": "Half of all endgames are rook endgames.",
        "body": """Rook endings are the most common endings in practice: rooks are usually the
last pieces to be traded. They are also notoriously drawish (*all rook endings are drawn*, says the
old joke), so technique decides who wins the half-points. These ten positions and principles
cover most of what you will meet.

## The two foundations

1. **The Lucena position.** King and pawn on the seventh rank, the defending king cut off on
   the side: the attacker wins by **building a bridge**, bringing the rook to the fourth rank to
   shelter the king from checks.
2. **The Philidor position.** The defender keeps the rook on the **third rank** to stop the
   attacking king from advancing, and as soon as the pawn moves forward, goes to the first
   rank to check from behind. A draw.

If you learn only two endgame positions in your life, learn these.

## Defensive methods

3. **Checking from the long side.** The defending rook needs room: checks from the side with
   at least three files between rook and pawn.
4. **The short-side defence.** Put your king on the short side of the pawn and your rook on
   the long side.
5. **Back-rank defence.** Against a knight or rook pawn, a passive rook on the back rank can
   hold; against a centre pawn it usually loses.
6. **The Vancura position.** Against a rook pawn on the sixth rank supported by the rook from
   in front, the defending rook attacks the pawn **from the side** and holds the draw.

## Winning methods

7. **Cutting off the king.** A king cut off by a file or a rank is often the difference between
   a win and a draw. Use your rook to cut the defender off before advancing.
8. **Rook against pawn.** With the defending king far away, the rook wins; when the king
   supports the pawn, count the tempi carefully.

## Principles for the rest

9. **Rooks belong behind passed pawns.** Tarrasch's rule: behind your own passed pawn to push
   it, behind the enemy one to stop it.
10. **Activity first.** A rook that attacks pawns is worth more than a pawn; a passive rook tied
    to a pawn is a tragedy. Many endings a pawn down are held by activity alone.

## Two practical facts

- Four pawns against three on the same side, with rooks, is usually a draw.
- Rook with f- and h-pawns against a rook is a famous exception: many of these positions are
  drawn despite the two extra pawns.

## How to study them

Set each position up on a board, play it against an engine from both sides, and repeat a
month later. Once these are automatic, you will play rook endings with confidence instead of
fear.

Our program *Rook endgames without fear* covers all ten in detail. Find it in our
[training programs](/programs).
""",
    },
    {
        "id": 15,
        "title": "How to analyse your own games",
        "lede": "The engine is the last step, not the first.",
        "body": """Analysing your own games honestly is the most effective training there is. It
is also the training most club players skip, or do badly: they switch on the engine, see
where the evaluation dropped, nod, and move on. Here is a method that actually makes you
better.

## Step 1: write down your thoughts, straight away

On the evening of the game, play through it and note what you were thinking at the critical
moments: the candidate moves you considered, what you were afraid of, how much time you had.
**Do this before you use an engine.** Once you have seen the engine's lines, your own
thoughts are lost.

## Step 2: analyse on your own

Go through the game again with a board and no engine. At each critical moment, look for
better moves for both sides. Be honest about what you missed. This is where the real learning
happens, because you are training exactly the skills you use at the board.

## Step 3: check with the engine

Now switch the engine on, and use it to answer specific questions:

- Was my evaluation of the position right?
- Did my opponent have a stronger reply I did not see?
- Where exactly did the evaluation change?

Do not follow long engine lines you do not understand. Ask *why* a move is better; if you
cannot find a reason, move on.

## Step 4: name the mistake

For every serious error, write one sentence with its **reason**:

| Reason | Example |
|---|---|
| Calculation | Missed the knight fork two moves deep |
| Plan | Attacked on the wrong wing |
| Evaluation | Thought the endgame was a draw |
| Time | Two minutes left at move 32 |
| Nerves | Offered a draw in a better position |

After twenty games the list shows you exactly what to train.

## Step 5: keep the lessons

Collect the key positions from your games in a file or a notebook, and go through them before
your next tournament. Your own mistakes are the ones you are most likely to repeat.

## How to find a plan next time

Many of the mistakes you find will be quiet moves without a purpose. When nothing is happening,
ask:

1. What is my **worst piece**? Improve it.
2. Where are the **weaknesses**, mine and my opponent's?
3. Which **pawn break** changes the structure in my favour?

A modest plan executed well beats a brilliant plan that never happens.

Follow the whole method step by step in *Analyse your own games*, one of our
[training programs](/programs).
""",
    },
    {
        "id": 16,
        "title": "Coastal Blitz Festival: report",
        "lede": "Over four hundred players and a surprise winner.",
        "body": """The Coastal Blitz Festival broke its attendance record this year, with 416
players in the main event and more than a hundred children in the junior side event. Under a
marquee on the seafront, eleven double rounds of three minutes plus two seconds produced the
biggest upset in the event's history.

## The winner nobody expected

Seeded 38th, **FIDE Master Tomás Herrera** won the main event with 19 points out of 22, half a
point ahead of two grandmasters. A 22-year-old engineering student, he had never finished
higher than tenth in a blitz open.

His secret, he told us, was simple: "I played the same openings all day, so I didn't have to
think until move ten. The clock did the rest."

## How the games were decided

With three minutes per game, the clock is a third player. In the games we followed:

- more than a third of the decisive results came on time, often in winning positions;
- the players who used the **increment** well, moving instantly in simple positions, scored
  best;
- long thinks in the opening were punished almost every time.

Herrera used less than half of his time in most of his wins.

## Time management, even in blitz

The lessons carry over to slower chess. Spend time when the position is **critical**: a pawn
break, a sacrifice, a change of structure. Play quickly when the moves are **obvious**, and
never reach the last minute with a complicated position still on the board.

## The juniors

The junior event was won by 11-year-old Aisha Bello, who beat the top seed in the final round
with a back-rank mate. The organisers gave a prize to every player under ten, and a chess
clock to the youngest participant, a six-year-old who played all nine rounds.

## Next year

The festival will return next summer, with a rapid event added on the Friday evening. Entries
open in the spring.

Read more tournament reports in the [news section](/articles), or improve your fast play with
the lessons on time management in our [lessons library](/lessons).
""",
    },
    {
        "id": 17,
        "title": "Knights before bishops? Not always",
        "lede": "Rules of thumb are guides, not laws.",
        "body": """"Knights before bishops" is one of the first rules every beginner learns, and
a good one: it is usually attributed to Emanuel Lasker, world champion for 27 years. But
every rule of thumb in chess has exceptions, and knowing them is part of what makes a strong
player.

## Why the rule exists

Knights are short-range pieces, and their best squares in the opening are usually obvious:
f3 and c3 for White, f6 and c6 for Black. The best square for a bishop often depends on what
the opponent does. Developing knights first keeps your options open, and keeps you from
committing a bishop to a square where it will be hit by a pawn.

## Three opening principles

The rule sits within three broader principles:

1. **Fight for the centre.** Pawns on e4, d4, e5 and d5 give your pieces room.
2. **Develop your pieces.** Every move should bring a new piece into play.
3. **Keep the king safe.** Castle early unless there is a concrete reason not to.

When the knights-first rule conflicts with one of these, the principles win.

## Exceptions worth knowing

### The bishop must come out before the pawn closes it

In the **London System**, White plays Bf4 before e3: once the e-pawn moves, the bishop on c1
would be stuck behind it. The same logic applies to Black's ...Bf5 in the **Caro-Kann** and
the **Slav**, played before ...e6.

### The fianchetto

In the **King's Indian** or the **Catalan**, the bishop goes to g7 or g2 early. There is no
doubt about its square, so there is nothing to gain by waiting.

### When the knight's square is not yet clear

In many **Queen's Gambit** lines, Black's queen's knight waits: d7 or c6 depends on whether
Black plans ...c5 or ...c6. Meanwhile the bishop can develop first.

### A direct threat

If a bishop move pins a knight, wins time or stops an opponent's plan, play it. Principles
serve concrete play, never the other way round.

## The lesson

Rules of thumb are compressed experience. They are right most of the time, and they are
most useful when you know **why** they are right. Ask the reason behind each rule, and you
will know when to break it.

## Pawn structure decides

Many exceptions come down to the pawns. Before you commit a piece, look at where your pawns
are going: a bishop blocked by its own pawns, or a knight on a square a pawn will soon
attack, is a piece developed to the wrong place.

Want to go further? Browse the opening lessons in our [lessons library](/lessons).
""",
    },
    {
        "id": 18,
        "title": "Five mating patterns every player should know",
        "lede": "Recognise them and you will find mates in seconds.",
        "body": """Mating patterns are the vocabulary of attacking chess. A strong player does
not calculate every mating attack from scratch: they recognise a familiar set-up of pieces
and know at once that a mate is there. Learn these five and you will start seeing them in
your own games.

## 1. The back-rank mate

A king behind three unmoved pawns, a rook or queen arriving on the back rank: mate. It is the
most common mate in club chess, and the threat of it drives countless combinations.

**Defence:** make a little room with h3 (or ...h6) when you have a spare tempo, before the
danger appears.

## 2. The smothered mate

A king surrounded by its own pieces, mated by a single knight. The classic finish is a queen
sacrifice on g8 (or g1), forcing the rook to block the king's last square, followed by the
knight mate on f7 (or f2). It is often called *Philidor's legacy*, after the eighteenth-century
master.

## 3. The Arabian mate

A rook and a knight against a king in the corner: the knight covers the square beside the
king and protects the rook, which gives mate next to it. The pattern is more than a thousand
years old and appears in the earliest Arabic chess manuscripts.

## 4. Anastasia's mate

A knight on e7 takes away the squares around a king on h8, and a rook or queen on the h-file
delivers mate. The name comes from a novel published in 1803, *Anastasia und das
Schachspiel*, in which the pattern appears.

## 5. Boden's mate

Two bishops on crossing diagonals mate a king that has castled queenside, usually after a
queen sacrifice on c3 or c6 opens the lines. It is named after Samuel Boden, who finished a
game against Schulder this way in 1853.

## How to learn them

1. Set up each pattern on a board and mate from different starting positions.
2. Solve puzzles sorted by pattern until you recognise each one at a glance.
3. Then solve mixed puzzles, where nobody tells you which pattern to look for.

## A ten-minute routine

- Five minutes of easy mating puzzles.
- Three minutes on one harder one, without moving the pieces.
- Two minutes noting the pattern you used.

Consistency beats volume: ten minutes a day is better than two hours once a week.

Put these ideas into practice with *Checkmate in the middlegame* in our
[training programs](/programs), or watch the lesson on mating patterns in the
[lessons library](/lessons).
""",
    },
    {
        "id": 19,
        "title": "Dealing with nerves at the board",
        "lede": "Even grandmasters get nervous; they just handle it better.",
        "body": """A racing heart before an important game is normal. So is a trembling hand
when you finally see the winning combination, or a blank mind when the clock shows two
minutes. Nerves cost club players as many points as bad moves do. The good news is that
handling them can be trained, like any other chess skill.

## Nerves are not the enemy

Some tension is useful: it sharpens attention and makes you take the game seriously. The
problem starts when it stops you from thinking clearly. The aim is not to feel nothing, but to
keep thinking well while you feel something.

## Before the game

- **Keep a routine.** The same breakfast, the same walk, the same arrival time. A routine
  tells your body that this is a normal day.
- **Prepare a little, not a lot.** Last-minute cramming of opening lines increases anxiety
  and rarely helps.
- **Breathe.** A minute of slow breathing, four seconds in and six seconds out, calms the
  body before the first move.

## During the game

- **Sit on your hands.** When you see a move you like, look for a better one before you play
  it. Excitement causes as many blunders as fear.
- **After a mistake, reset.** Evaluate the position as if you had just sat down at the board.
  The previous move is gone; the position in front of you is the only one that matters.
- **Play the position, not the opponent.** A higher rating does not make their moves good.
  Look at the board, not at the scoresheet's names.
- **Get up between moves** in long games. A short walk clears the head.

## After the game

- Win or lose, shake hands and take ten minutes before analysing.
- Write down, in one sentence, how you felt at the critical moment. Over time you will see
  patterns: maybe you rush when you are winning, or freeze when you are short of time.
- Let the result go before the next round. The next game starts fresh.

## Review the pressure moments

When you analyse your games, mark the moves played under pressure and look at them
separately. Were they worse than the rest? Many players find that their mistakes come in
clusters, right after an unexpected move by the opponent.

## Learning from the best

In the [masterclass](/masterclass), the world champion explains what goes through his head
at the critical moment of a title match, and the routines that help him stay calm. For a
structured approach, try *Mental toughness for chess players* in our
[training programs](/programs).
""",
    },
    {
        "id": 20,
        "title": "The bishop pair in open positions",
        "lede": "Two bishops can dominate a whole board.",
        "body": """Wilhelm Steinitz, the first official world champion, was among the first to
insist that two bishops are worth more than bishop and knight, or two knights. Modern
statistics and engines agree: in open positions the **bishop pair** is worth about half a
pawn. Here is why, and how to use it.

## Why two bishops are strong

A single bishop controls only half the squares of the board. Two bishops cover both colours,
so there is nowhere for the enemy pieces to hide. On an open board, with long diagonals, they
can work on both wings at once, something knights cannot do.

## Open the position

The bishop pair needs open lines. If you have it:

- **open the centre** with pawn breaks;
- avoid blocking your own bishops with your pawns;
- use your bishops to restrict the enemy knights, taking away their outposts.

If your opponent has it, do the opposite: keep the position closed and look for outposts for
your knights.

## Trade at the right moment

Having the bishop pair does not mean keeping both bishops forever. Often the best way to use
it is to **exchange one bishop** at the right moment, for a piece that defends a key weakness,
or to reach a winning bishop-against-knight ending.

## In the endgame

The bishop pair shines in endgames with pawns on both wings. The bishops can attack pawns on
one side while defending on the other, and the king, free of defensive duties, marches to the
centre.

## Activate the king

In the endgame the king becomes a **fighting piece**. As soon as the queens come off:

- bring the king towards the centre;
- use it to support your passed pawns;
- use it to block the opponent's pawns.

With two bishops to cover the squares around it, an active king is very hard to stop.

## When it is not an advantage

- In **closed positions** with fixed pawns, knights can be better.
- When your bishops are **blocked by your own pawns**, they are not worth much.
- If the opponent's knights have **secure outposts**, the bishops may struggle to dislodge
  them.

## A practical checklist

1. Is the position open, or can I open it?
2. Are my bishops free of my own pawns?
3. Do the enemy knights have outposts I can take away?
4. Is there a good moment to trade one bishop for a key defender?

Want to go further? The lesson on the bishop pair in our [lessons library](/lessons) shows
classic examples, with positions to practise.
""",
    },
    {
        "id": 21,
        "title": "Looking back: the 2022 Grand Chess Tour",
        "lede": "Five events, one champion and a lot of memorable games.",
        "body": """The 2022 Grand Chess Tour, the circuit's seventh season, ran from May to
September in four cities: two classical tournaments and three rapid and blitz events, ten
players in each. We look back at how it unfolded.

## Bucharest and Warsaw: the spring

The season opened in May with the **Superbet Chess Classic Romania** in Bucharest, nine rounds
of classical chess. First place was shared and Maxime Vachier-Lagrave won the playoff. A few
days later the players moved to Warsaw for the **Superbet Rapid & Blitz Poland**, where
Jan-Krzysztof Duda won in front of his home crowd.

## Zagreb and Saint Louis: the summer

In July the **SuperUnited Rapid & Blitz Croatia** in Zagreb brought Magnus Carlsen back to the
tour as a wildcard, and he won it. In August the **Saint Louis Rapid & Blitz** at the Saint
Louis Chess Club was the last fast event before the decider.

## The Sinquefield Cup

The season ended in September with the **Sinquefield Cup** in Saint Louis, the second
classical tournament. It made headlines far beyond chess when Carlsen withdrew after three
rounds. Alireza Firouzja won the tournament and, with it, the 2022 tour.

## What decided the season

Looking back at all five events, three things stood out:

1. **Practical choices beat preparation.** Most decisive games were decided by complicated
   middlegames, not by opening novelties.
2. **Endgame technique was superb.** Several players saved or won endings that would have
   gone the other way at club level.
3. **The clock mattered**, especially in the rapid and blitz events, where time trouble cost
   the leaders important points.

## Why it matters for club players

Elite events are a free lesson. Replay the decisive games, stop at the critical moments, and
ask what you would have played before looking at the commentary. It is one of the best ways
to learn how strong players think.

## Watch again

The season's broadcast and the schedule of all five events are still on the
[Grand Chess Tour page](/grand-chess-tour), and the reports of each event are in the
[news section](/articles).
""",
    },
    {
        "id": 22,
        "title": "Calculation: how deep is deep enough?",
        "lede": "Knowing when to stop is a skill of its own.",
        "body": """Club players often believe that grandmasters see twenty moves ahead. In most
positions they do not. What they do better is choose **which** lines to calculate, and **when
to stop** and judge the position. Calculating further is not always better; evaluating well
is.

## The tree of analysis

Alexander Kotov's classic *Think Like a Grandmaster* (1971) described calculation as a tree:
list the candidate moves first, then examine each branch once, without jumping back and
forth. The method still works. Its weakness is that real trees grow fast: three candidate
moves for each side, four moves deep, is already thousands of positions.

So the question is not how to calculate everything, but what to leave out.

## Forcing moves first

Start with **checks, captures and threats**, for both sides. Forcing moves limit the
opponent's replies, so you can calculate them much deeper. A line full of checks can be seen
ten moves ahead; a quiet line rarely more than three or four.

## Where to stop

Stop calculating when you reach a **quiet position**: no checks, no captures, no immediate
threats. Then evaluate:

- Who is ahead in material?
- Whose king is safer?
- Whose pieces are more active?
- Are there weaknesses that will decide the game later?

If the answer is clear, you are done. If it is not, ask whether a different move gives a
clearer position.

## The most common errors

1. **Stopping too early**, just before a capture or a check that changes everything.
2. **Stopping at a position you like** without checking the opponent's best reply.
3. **Forgetting a quiet move** for the opponent, a retreat or a defensive move that refutes
   the idea.

## A daily routine

1. Five minutes of easy puzzles to warm up.
2. Three minutes on one hard puzzle, **without moving the pieces**, calculating the whole line.
3. Two minutes checking your answer and noting where you stopped too early or too late.

## Time matters too

Deep calculation costs time. Spend it when the position is **critical**: a sacrifice, a pawn
break, a decision that cannot be undone. When the moves are obvious, play them and save your
time for the moments that matter.

Put these ideas into practice with *Sharpen your calculation* in our
[training programs](/programs), or with the calculation lessons in the
[lessons library](/lessons).
""",
    },
    {
        "id": 23,
        "title": "Why your opening repertoire should be small",
        "lede": "Depth beats breadth for most club players.",
        "body": """Many club players switch openings every few months, following the latest
video or the line that beat them last weekend. The result is a repertoire that is wide and
shallow: they know the first six moves of ten openings, and understand none of them. A small
repertoire that you understand deeply will win you more games.

## What a small repertoire looks like

- **As White:** one first move, and one answer to each of Black's main replies.
- **As Black against 1.e4:** one defence.
- **As Black against 1.d4:** one defence, with a set-up that also works against 1.c4 and
  1.Nf3.

That is five or six openings in total. Most strong club players manage with no more.

## Why depth wins

1. **You reach positions you know.** The same structures come back, and so do the plans.
2. **You understand the middlegame.** Knowing the typical plans matters more than knowing
   move fifteen of the main line.
3. **You learn from every game.** Mistakes in an opening you play often get corrected; mistakes
   in an opening you play once a year get repeated.
4. **You save time.** Less memorisation leaves more time for tactics and endgames, which
   decide more games.

## Three opening principles

Whatever you choose, your repertoire should respect the basics:

1. **Fight for the centre.** Pawns on e4, d4, e5 and d5 give your pieces room.
2. **Develop your pieces**, knights usually before bishops.
3. **Keep the king safe.** Castle early unless there is a concrete reason not to.

## Building it

Choose openings that lead to positions you **enjoy**. Then, for each line:

1. learn the first five to eight moves and the *reason* for each;
2. play through three or four model games;
3. write down the typical plans for both sides.

Expand the repertoire only when a line keeps causing you trouble in real games.

## Review your games

After each tournament, check where your openings went wrong. Did you forget a move, or did
you not know the plan? The answer tells you what to study next.

Our [training programs](/programs) include complete repertoires for White and Black, each
built to be learned in a few weeks and played for years.
""",
    },
    {
        "id": 24,
        "title": "A week at a junior training camp",
        "lede": "Lessons, football and a lot of blitz.",
        "body": """Every summer, the national junior squad spends a week at a sports centre in
the hills: twenty-four players aged nine to seventeen, five coaches and a lot of chessboards.
We joined them for the week to see how the country's best young players train.

## The daily timetable

| Time | Activity |
|---|---|
| 08:00 | Breakfast |
| 09:00 | Morning lesson, by age group |
| 11:00 | Puzzles and solving competition |
| 12:30 | Lunch and free time |
| 14:30 | Training games with a classical time control |
| 18:00 | Football, swimming or a walk |
| 20:00 | Game analysis with the coaches |
| 21:30 | Blitz, officially optional |

## Learning through play

The youngest group spent the mornings on endgames, taught as games: king and pawn races, who
gets to the key square first, and "save the rook" challenges. The coaches rarely lectured for
more than ten minutes at a time.

"Children learn fastest through play and stories," the head coach told us. "Short sessions,
mini-games with few pieces and a lot of praise work better than long explanations."

## Tactics every day

Every morning ended with a solving competition: ten positions, thirty minutes, points for
correct answers and for explaining the idea. The older players' routine was the one many
adults could copy:

1. five minutes of easy puzzles to warm up;
2. one hard puzzle solved without moving the pieces;
3. writing down the pattern behind every mistake.

## The afternoon games

Training games were analysed the same evening with a coach, **without an engine** for the
first half hour. The players had to explain their plans before anyone showed them a better
move. "The engine is the last step, not the first," one coach said.

## Not only chess

Football was taken as seriously as the chess. The coaches insist on sport every day: long
games are a physical effort, and a fit player concentrates longer.

## What we took away

- Training works best as a **routine**, not a marathon.
- **Explaining** your moves teaches as much as hearing a coach explain them.
- Young players improve fastest when they **enjoy** it, so the blitz tournament at night was
  not as optional as the timetable suggested.

Read more stories in the [news section](/articles), or browse the beginner lessons in our
[lessons library](/lessons) for young players starting out.
""",
    },
    {
        "id": 25,
        "title": "Converting a winning position",
        "lede": "Winning won positions is a skill you can train.",
        "body": """Being a pawn up is not the same as winning. Every club player has a painful
list of "won" games that ended in draws, or even losses. Converting an advantage is a skill
with its own techniques, and it can be trained like tactics or openings.

## Do not hurry

Mikhail Shereshevsky's *Endgame Strategy* made the principle famous: **do not hurry**. When
the opponent has no counterplay, there is no need to rush. Improve every piece first, then act.
Hurrying creates the chances a defender needs.

## Take away counterplay first

Before you try to win, ask what your opponent wants. A passed pawn, an active rook, a check on
your king: deal with it first. A winning position without counterplay for the opponent wins
itself.

## The principle of two weaknesses

One weakness can usually be defended. Two, far apart, usually cannot:

1. attack the first weakness and tie the defender's pieces to it;
2. create a second weakness on the other side of the board;
3. switch between the two until the defence breaks.

## Trade pieces, not pawns

With an extra pawn, **exchange pieces**: the fewer pieces on the board, the more the extra
pawn counts. Avoid trading pawns, which brings the position closer to a draw: with all the
pawns on one side, many endings cannot be won at all.

## Rook endings need activity

The most common way to spoil a won game is a passive rook. Keep your rook active, behind your
passed pawn where possible, and remember the **Lucena** position: build a bridge to shelter
your king from checks.

## Simplify when it is clean

A transition into a pawn ending or a theoretically won position is often the cleanest way to
finish. Before you trade the last pieces, count carefully; a pawn ending is either won or it
is not, and there is no way back.

## A checklist for won positions

- Does my opponent have any counterplay? Stop it first.
- Which of my pieces is worst? Improve it.
- Can I trade pieces without trading pawns?
- Where is the second weakness?
- Am I hurrying?

Put these ideas into practice with *From winning to won* in our
[training programs](/programs).
""",
    },
    {
        "id": 27,
        "title": "The exchange sacrifice as a positional weapon",
        "lede": "Give up a rook for a minor piece and take control.",
        "body": """A rook is worth five pawns, a knight or bishop three: giving up the exchange
costs two points on paper. Yet strong players do it surprisingly often, not for a direct
attack but for lasting control. The positional exchange sacrifice is one of the most
rewarding ideas in chess, and one of the hardest for club players to trust.

## What you get for the exchange

- **A weakened pawn structure** for the opponent: doubled or isolated pawns that will be
  targets for the rest of the game.
- **Key squares**, often a central outpost for a knight that no rook can dislodge.
- **The initiative**, or time to bring the rest of your pieces into play.
- **A dead rook** on the other side: a rook without open files is often worse than a good
  minor piece.

## Petrosian's speciality

Tigran Petrosian, world champion from 1963 to 1969, made the exchange sacrifice his
trademark. The most famous example is his game against Samuel Reshevsky at the Candidates
tournament in Zurich in 1953, where he offered a rook so that his knight could settle on d5.
Reshevsky's extra material never came into play, and the game was drawn.

## ...Rxc3 in the Sicilian

In many Sicilian lines Black plays **...Rxc3**, giving a rook for White's knight on c3. In
return White's queenside pawns are broken, the e4 pawn is weak, and Black's pieces take over
the dark squares. The idea is so common that strong players consider it almost automatically
whenever a black rook stands on the c-file.

## When it works

1. The opponent's rooks have **no open files**.
2. Your minor piece gets a **permanent outpost** or a long diagonal.
3. The opponent's pawn structure is **damaged for good**.
4. You keep enough pawns for the material to balance out in an endgame.

## When it does not

If the position opens up, rooks come to life. An exchange sacrifice in a position that is
about to open is usually just a lost exchange.

## Learn the patterns

Like tactics, positional sacrifices are easier once you know the patterns. Pin down which of
the four conditions above each example meets, and you will start noticing chances in your own
games.

## Before you sacrifice

Check the forcing moves first. Before giving up material:

- look at **every check, capture and threat** for your opponent after your sacrifice;
- count the material at the end of the line;
- ask whether the final position is really better, not just different.

For more, see the [masterclass](/masterclass), where the world champion explains an exchange
sacrifice he played on intuition, and the lesson on the exchange sacrifice in our
[lessons library](/lessons).
""",
    },
    {
        "id": 28,
        "title": "Online chess etiquette",
        "lede": "Good manners make the game better for everyone.",
        "body": """Online chess is fast, anonymous and always available, which makes good manners
more important, not less. Across the board you see your opponent; online you see a username
and a rating. A few simple habits make the game more pleasant for everyone, including you.

## At the start of the game

- **Say hello**, if the site has a chat. A short greeting sets the tone.
- **Be there.** Do not start a game and walk away. If you have to leave, resign or abort.

## During the game

- **Resign when it is over.** Playing on in a hopeless position is your right, but letting the
  clock run down instead of resigning is not. If you want to stop, resign.
- **Do not stall.** Letting your clock run in a lost position to annoy your opponent is the
  online equivalent of leaving the playing hall.
- **Keep the chat polite**, or switch it off. Nothing said in anger after a blunder has ever
  improved a game.
- **Never use help.** Engines, databases and friends have no place in a rated game. Fair play
  is the foundation that online chess rests on.

## At the end of the game

- **"Good game"** costs nothing, whether you won or lost.
- **Accept a rematch** or decline politely.
- **Do not gloat.** Everyone has lost a won position online.

## Dealing with tilt

Losing several games in a row online can lead to **tilt**: playing faster and worse to win
back rating points. Simple habits help:

- set a limit, such as three losses in a row, after which you stop;
- take a short walk between sessions;
- after a mistake, **reset**: evaluate the position as if you had just started.

## Teaching children online manners

Children learn etiquette by example. If your child plays online:

- play some games together and show them how to greet, resign and say "good game";
- praise **good sportsmanship**, not only wins;
- use the site's settings to limit chat with strangers.

## Why it matters

Chess depends on two players agreeing to play fairly. Every polite game online makes the
next one more pleasant, and your own playing experience better.

Read more stories in the [news section](/articles).
""",
    },
    {
        "id": 29,
        "title": "Studying classic games",
        "lede": "The old masters still have a lot to teach.",
        "body": """With engines and databases at our fingertips, why study games played a century
ago? Because classic games show strategic ideas in their clearest form. Modern grandmaster
games are often too subtle to follow; the old masters played the ideas so directly that a
club player can see every step.

## Why old games teach well

- **The ideas are visible.** The defence was weaker, so plans were carried out all the way to
  the end.
- **The annotations are human.** Classic games have been explained by generations of
  writers, in words rather than engine lines.
- **They are famous for a reason.** The games everyone knows became famous because they show
  something important.

## Ten games to start with

1. **Anderssen–Kieseritzky, London 1851**, the *Immortal Game*: a romantic attack with both
   rooks sacrificed.
2. **Anderssen–Dufresne, Berlin 1852**, the *Evergreen Game*.
3. **Morphy–Duke of Brunswick and Count Isouard, Paris 1858**, the *Opera Game*: a lesson in
   rapid development.
4. **Rotlewi–Rubinstein, Łódź 1907**: a cascade of sacrifices by Rubinstein's bishops.
5. **Capablanca–Tartakower, New York 1924**: a rook ending masterpiece.
6. **Donald Byrne–Fischer, New York 1956**, the *Game of the Century*, with 17...Be6!!.
7. **Petrosian–Spassky, Moscow 1966**, from their world championship match.
8. **Fischer–Spassky, Reykjavik 1972, game 6**: a Queen's Gambit played to perfection.
9. **Karpov–Kasparov, Moscow 1985, game 16**: a knight on d3 that paralysed White.
10. **Kasparov–Topalov, Wijk aan Zee 1999**, with the famous 24.Rxd4!!.

## How to study a game

1. Play through it on a real board, not a screen.
2. At each critical moment, stop and **guess the next move**. Score yourself.
3. Read the annotations only after you have made your own guess.
4. Write down one idea the game taught you.

Irving Chernev's *Logical Chess: Move by Move* is built on exactly this method, and remains
a fine first book.

## Learn the plans

Classic games are full of lessons on making a plan. When nothing is happening, ask:

1. What is my **worst piece**? Improve it.
2. Where are the **weaknesses**, mine and my opponent's?
3. Which **pawn break** changes the structure in my favour?

The classic masters asked the same questions, and their games show the answers.

Want to go further? Our lessons on middlegame strategy in the [lessons library](/lessons) use
many of these games, and *Classical strategy through model games* in our
[training programs](/programs) goes through twenty of them.
""",
    },
    {
        "id": 30,
        "title": "Autumn Classic: final round drama",
        "lede": "A missed win in the last round changed everything.",
        "body": """The Autumn Classic was decided by a single move in the final hour. Going into
the ninth round, **Grandmaster Irina Kovac** led by half a point, needed only a draw, and
reached a winning rook ending against **International Master David Osei-Bonsu**. Two hours
later, she had lost the game and the tournament.

## The decisive game

After a quiet Queen's Gambit Declined, Kovac won a pawn on move 31 and traded into a rook
ending with four pawns against three, plus a passed pawn on the queenside. With her king
active and her rook behind the passed pawn, the position was close to winning.

With less than a minute on her clock, she pushed the passed pawn to the seventh rank instead
of first bringing her king closer. Osei-Bonsu's rook began checking from the side; the king
had no shelter, the pawn fell, and in the time scramble that followed Kovac overstepped the
time limit.

"I knew the position should be winning," she said afterwards. "I just didn't have the time to
find out how."

## The result

The win lifted Osei-Bonsu to 6.5/9, level with Kovac and with Grandmaster Mikael Strand, who
had drawn a long Ruy Lopez with the top seed. The tiebreak, Sonneborn-Berger, gave the title
to Osei-Bonsu.

## What the ending teaches

The position was a textbook case of the **Lucena** idea: king in front of the pawn, rook
ready to **build a bridge** against the checks. Two rules could have saved the win:

- **keep your rook active**, behind the passed pawn;
- bring the **king** forward before the pawn, so it can shelter from checks.

*All rook endings are drawn*, the saying goes. They are not, but they punish hurry more than
any other kind of ending.

## A note on time

Kovac used almost forty minutes on a single decision in the middlegame. The minutes she
missed at the end were spent there. Spend time when the position is **critical**, and play
quickly when the moves are **obvious**.

Read more tournament reports in the [news section](/articles), and make sure it never
happens to you with *Rook endgames without fear* in our [training programs](/programs).
""",
    },
]
