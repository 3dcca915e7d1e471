// generated from mtlearn/core/protocol.py by mtlearn.core.protocol_schema: do not edit

/**
 * The JSON view of a position (:func:`mtlearn.present.view.view`): everything a
 * board draws. While ``hidden_turn`` (a perspective is set and another seat is to
 * play) ``legal`` is empty, ``hint`` null and ``verdicts`` empty, and no text names a
 * tile of a hidden hand. ``open_doubles`` and ``swan`` are line codes.
 *
 * Optional keys: ``verdicts`` (move -> :class:`Verdict` for every one-click move, so
 * that a static page answers without a kernel), ``match`` (views of a session),
 * ``steps`` (a board with checked steps), ``step`` and ``move`` (scenario frames: the
 * label above the narration, and the move that led to the frame), ``successors``
 * (static boards: move -> the view after it, or ``{"view", "message"}``).
 */
export interface View {
  kind: "mtlearn/view";
  version: 1;
  set: number;
  engine: number;
  round: number;
  rounds: number;
  players: Player[];
  trains: Train[];
  open_doubles: string[];
  boneyard: number;
  to_play: number | null;
  perspective: number | null;
  status: string;
  hidden_turn: boolean;
  over: boolean;
  result: Result | null;
  highlights: Highlights;
  legal: LegalMove[];
  notes: string[];
  narration: string | null;
  rules: string;
  description: string;
  hint: string | null;
  teams: Team[];
  swan: string | null;
  verdicts?: Record<string, Verdict>;
  match?: MatchInfo;
  steps?: StepsView;
  step?: string;
  move?: string | null;
  successors?: Record<string, unknown>;
}

/**
 * A seat: ``hand`` is null when the perspective hides it (``hand_count`` is always
 * shown); ``round_score`` is set once the round is over.
 */
export interface Player {
  seat: number;
  name: string;
  hand: string[] | null;
  hand_count: number;
  marker: boolean;
  to_play: boolean;
  announced: boolean;
  round_score: number | null;
  total: number;
  team: number | null;
  partner: number | null;
}

/**
 * A personal train (in seat order) or the Mexican train (last). ``team`` and
 * ``partner`` (1-based) only under R-VAR-TEAMS, else null. ``double_words``: what an
 * uncovered double at the end of the line means now, in words (it must be covered first;
 * nobody can cover it; its player plays again; the round is over), else null.
 */
export interface Train {
  id: string;
  label: string;
  owner: number | null;
  mexican: boolean;
  tiles: PlacedTile[];
  open_end: number;
  started: boolean;
  marker: boolean;
  public: boolean;
  open_double: boolean;
  double_words: string | null;
  team: number | null;
  partner: number | null;
  branches: Branch[];
}

/**
 * A tile on a train or branch, from the hub outward: ``inward`` is the end touching
 * the tile before it; a ``double`` is drawn crosswise.
 */
export interface PlacedTile {
  tile: string;
  inward: number;
  outward: number;
  double: boolean;
}

/**
 * A branch of a train (R-VAR-BRANCH): ``id`` is the line code used in moves
 * (``"5-0@1.2a"``) and in highlights; ``parent`` the line it grows from (``"1"`` or
 * ``"1.2a"``); ``at`` the branched double's 1-based position on that line.
 */
export interface Branch {
  id: string;
  name: string;
  label: string;
  parent: string;
  parent_label: string;
  at: number;
  double: string;
  tiles: PlacedTile[];
  open_end: number;
  started: boolean;
  open_double: boolean;
  double_words: string | null;
}

/**
 * How the round ended: ``winner`` the seat that went out (null when blocked).
 */
export interface Result {
  blocked: boolean;
  winner: number | null;
  scores: number[];
  text: string;
}

/**
 * Tiles and lines (train or branch codes) marked on the board.
 */
export interface Highlights {
  tiles: string[];
  trains: string[];
}

/**
 * A legal move of the player to play, and its words.
 */
export interface LegalMove {
  move: string;
  text: string;
}

/**
 * A partnership (R-VAR-TEAMS).
 */
export interface Team {
  team: number;
  seats: number[];
  name: string;
  round_score: number | null;
  total: number;
}

/**
 * The engine's verdict on one move a learner might try with a click; ``suggests``
 * holds the legal moves its sentence proposes instead.
 */
export interface Verdict {
  legal: boolean;
  rule: string | null;
  text: string;
  move: string;
  suggests: string[];
}

/**
 * The match around a session's board: round, standings, what may come next. It
 * draws the end-of-round and end-of-match panels and New game (``match.js``).
 */
export interface MatchInfo {
  round: number;
  rounds: number;
  round_over: boolean;
  match_over: boolean;
  next_round: boolean;
  standings: Standing[];
  winners: string[];
  tie_break: string;
  setup?: MatchSetup;
  new_match?: boolean;
}

/**
 * One line of the match standings, best first.
 */
export interface Standing {
  place: number;
  seat: number;
  name: string;
  total: number;
  zero_rounds: number;
  rounds: number[];
}

/**
 * The table a New game starts from (absent on class boards).
 */
export interface MatchSetup {
  players: number;
  bots: number;
  bot: string | null;
  min_players: number;
  max_players: number;
  who: string;
}

/**
 * A board's checked steps: their ticks, and stars once every step is done.
 */
export interface StepsView {
  name: string;
  items: StepItem[];
  done: number;
  total: number;
  slips: number;
  stars: number | null;
}

/**
 * One checked step of a board (:mod:`mtlearn.content.steps`).
 */
export interface StepItem {
  id: string;
  text: string;
  done: boolean;
}

/**
 * What a board says after an intent: ``ok`` (a move played), ``refusal`` (a move the
 * rules refuse, with the rule's id) or ``info``; ``bots`` lists the computer players'
 * moves, in words, since the learner's last action.
 */
export interface BoardMessage {
  kind: "ok" | "refusal" | "info";
  text: string;
  rule: string | null;
  rule_url: string | null;
  bots: string[];
}

/**
 * A board session's answer to an intent, and its state; ``review`` the round's review
 * (:mod:`mtlearn.core.protocol_review`; null when there is none).
 */
export interface BoardAnswer {
  view: View;
  message: BoardMessage | null;
  review?: ReviewView | null;
}

/**
 * A round's review for the learner's seat (from 1): how many decisions were scored,
 * the mistakes (at least ``threshold`` points lost on average) and a summary in words;
 * ``unsettled`` the choices that may have cost points but that the work allowed could not
 * settle, and ``further`` whether "Look further" is offered (some are unsettled, and
 * the host can look further).
 */
export interface ReviewView {
  seat: number;
  player: string;
  decisions: number;
  threshold: number;
  lost: number;
  summary: string;
  mistakes: MistakeView[];
  unsettled: number;
  further: boolean;
}

/**
 * One mistake: the position before it (``view``, a board view from the learner's seat
 * with its legal moves), the move played and the better one (notation), the points lost
 * on average over ``deals`` deals of the hidden tiles, and the words: what happened, the
 * better move, why (``idea`` names the strategy idea); ``tried`` the last retry;
 * ``saved`` what "Save as a puzzle" did (null until asked).
 */
export interface MistakeView {
  turn: number;
  played: string;
  better: string;
  lost: number;
  played_points: number;
  better_points: number;
  deals: number;
  idea: string;
  what: string;
  better_text: string;
  why: string;
  view: Record<string, unknown>;
  tried: RetryView | null;
  saved: SavedView | null;
}

/**
 * The engine's judgement of a move tried in a mistake's position: ``best`` (as good as
 * the best move found), ``better`` (not a mistake, though behind the move shown),
 * ``close`` (the deals cannot settle whether it is a mistake), ``worse`` (still a mistake)
 * or ``illegal``; ``points`` its mean round points on the deals it was weighed on.
 */
export interface RetryView {
  move: string;
  verdict: "best" | "better" | "close" | "worse" | "illegal";
  text: string;
  points: number | null;
}

/**
 * What became of "Save as a puzzle": ``ok`` when the puzzle was made and passed the
 * checks (``puzzle`` is its puzzle file record, for the page to keep with the trainer's
 * progress), else ``text`` says why not, in plain words.
 */
export interface SavedView {
  ok: boolean;
  text: string;
  puzzle: Record<string, unknown> | null;
}

/**
 * Play a move: ``{"action": "move", "move": "12-5@M"}``.
 */
export interface MoveIntent {
  action: "move";
  move: string;
}

/**
 * An intent with no field: draw, pass, announce the last tile, end the turn, undo,
 * ask for a hint, deal the next round.
 */
export interface SimpleIntent {
  action: "draw" | "pass" | "uno" | "end" | "undo" | "hint" | "next_round";
}

/**
 * The same table, a fresh deal from round 1.
 */
export interface NewMatchIntent {
  action: "new_match";
  seed?: number | string;
}

/**
 * A new table: ``players`` (2-8), ``bots`` computer players of kind ``bot``.
 */
export interface NewGameIntent {
  action: "new_game";
  players?: number | string;
  bots?: number | string;
  bot?: "expert" | "planner" | "greedy" | "random";
  seed?: number | string;
}

/**
 * Review the round just played, for the learner's seat; ``further``: "Look further",
 * the review made again with more work to settle the choices it left unsettled
 * (offered when the view's ``further`` is true).
 */
export interface ReviewIntent {
  action: "review";
  further?: boolean;
}

/**
 * Find a better move: try ``move`` in the position of mistake ``mistake`` (from 0).
 */
export interface ReviewTryIntent {
  action: "review_try";
  mistake: number;
  move: string;
}

/**
 * Save as a puzzle: mistake ``mistake`` (from 0) made into the learner's own puzzle
 * for the trainer (:mod:`mtlearn.trainer.own_puzzles`).
 */
export interface ReviewSaveIntent {
  action: "review_save";
  mistake: number;
}

/**
 * The judgement of a puzzle answer: ``right``, ``wrong`` (legal but misses the
 * goal), ``illegal`` (refused by the rules, with ``rule``), ``continue`` (a sequence
 * not finished yet) or ``invalid`` (an answer of the wrong shape for this question);
 * ``n`` counts the feedbacks of a session, so the same words twice still show.
 */
export interface Feedback {
  status: "right" | "wrong" | "illegal" | "continue" | "invalid";
  text: string;
  rule?: string | null;
  n?: number;
}

/**
 * What the front end shows of a puzzle (no answers): the question, hints, kind and
 * options. ``seat`` (1-based) is the player who answers; ``widget`` names the answer
 * widget the front end draws (the goal kind's, in ``answer-widgets.js``).
 */
export interface PuzzleInfo {
  id: string;
  title: string;
  family: string;
  family_title: string;
  level: number;
  teaches: string[];
  themes: string[];
  rating: number;
  question: string;
  kind: string;
  widget: string;
  hints: string[];
  par: number;
  stars: number[];
  options: PuzzleOption[];
  multi: boolean;
  seat: number;
  player: string;
  plan_from: number | null;
  plan_hand: string[] | null;
}

/**
 * One choice of a ``choose`` puzzle.
 */
export interface PuzzleOption {
  value: string;
  label: string;
}

/**
 * A puzzle session's answer: the model keys to change (any of them).
 */
export interface PuzzleAnswer {
  view?: View;
  feedback?: Feedback | null;
  solution?: Solution;
}

/**
 * The answer shown: in words, and played out frame by frame.
 */
export interface Solution {
  text: string;
  frames: View[];
}

/**
 * One move of a sequence puzzle.
 */
export interface PuzzleMoveIntent {
  action: "move";
  move: string;
}

/**
 * A whole answer: a move, a list of moves or trains, a choice, a number, a plan.
 */
export interface PuzzleAnswerIntent {
  action: "answer";
  answer: unknown;
}

/**
 * Start the puzzle again, show the answer, or (kept by the page) reset progress.
 */
export interface PuzzleSimpleIntent {
  action: "restart" | "show" | "reset";
}

/**
 * Go to puzzle ``index`` (from 0) of a set.
 */
export interface PuzzleGotoIntent {
  action: "goto";
  index: number;
}

/**
 * The learner's record of this puzzle (stars, hints opened), to keep.
 */
export interface PuzzleProgressIntent {
  action: "progress";
  record: Record<string, unknown>;
}

/**
 * A trainer session's answer: the puzzle's keys, the puzzle shown, and the trainer's.
 */
export interface TrainerAnswer {
  view?: View;
  feedback?: Feedback | null;
  solution?: Solution;
  puzzle?: PuzzleInfo;
  trainer?: TrainerInfo;
}

/**
 * What the trainer's view shows beside the puzzle; ``state`` is what the page saves.
 */
export interface TrainerInfo {
  rating: number;
  rd: number;
  provisional: boolean;
  games: number;
  streak: TrainerStreak;
  dashboard: ThemeRow[];
  current: TrainerPuzzle;
  result: TrainerResult | null;
  notice: string | null;
  daily: TrainerDaily;
  due: number;
  pool: number;
  state: Record<string, unknown>;
}

/**
 * Puzzles solved in a row (``run``) and days in a row with a clean solve (``days``).
 */
export interface TrainerStreak {
  run: number;
  best_run: number;
  days: number;
  best_days: number;
}

/**
 * One theme of the trainer's dashboard: tries, clean solves, the rating the results
 * show (``performance``), and the standing in words.
 */
export interface ThemeRow {
  theme: string;
  label: string;
  tries: number;
  solved: number;
  performance: number;
  standing: "strong" | "getting there" | "needs practice";
  weakness: number;
}

/**
 * The puzzle on the trainer's board and why it was chosen; ``serial`` counts the
 * puzzles opened (a new attempt, even at the same puzzle, has a new one).
 */
export interface TrainerPuzzle {
  id: string;
  serial: number;
  title: string;
  reason: "new" | "replay" | "daily";
  rating: number;
}

/**
 * The last attempt recorded: its score (1 win, 0.5 solved with hints, 0 missed), the
 * learner's rating after it and the change, and when the puzzle comes back (words).
 */
export interface TrainerResult {
  id: string;
  score: number;
  rating: number;
  change: number;
  replay: string | null;
}

/**
 * Today's daily puzzle (the same for everyone on the date) and whether it was tried.
 */
export interface TrainerDaily {
  id: string;
  title: string;
  date: string;
  done: boolean;
}

/**
 * The one refusal of every host: the request or intent was not served (malformed,
 * out of range, not allowed) and nothing changed; ``error`` says what and where, in
 * one line.
 */
export interface Refusal {
  ok: false;
  error: string;
}

/**
 * Open a session of ``kind`` (``"board"``, ``"puzzle"``) from its spec.
 */
export interface OpenRequest {
  op: "open";
  kind: string;
  spec: unknown;
}

/**
 * Send an intent (:data:`BoardIntent`, :data:`PuzzleIntent`) to an open session.
 */
export interface IntentRequest {
  op: "intent";
  session: string;
  intent: unknown;
}

/**
 * Forget an open session.
 */
export interface CloseRequest {
  op: "close";
  session: string;
}

/**
 * A session opened: its id and its first state.
 */
export interface Opened {
  ok: true;
  session: string;
  result: BoardAnswer | PuzzleAnswer | TrainerAnswer;
}

/**
 * A session's answer to an intent.
 */
export interface Answered {
  ok: true;
  result: BoardAnswer | PuzzleAnswer | TrainerAnswer;
}

/**
 * A session closed.
 */
export interface Closed {
  ok: true;
}

/**
 * One move of a sequence puzzle, in the trainer.
 */
export interface TrainerMoveIntent {
  action: "move";
  move: string;
  now?: number;
}

/**
 * A whole answer to the trainer's puzzle.
 */
export interface TrainerAnswerIntent {
  action: "answer";
  answer: unknown;
  now?: number;
}

/**
 * Start the trainer's puzzle again, show its answer.
 */
export interface TrainerPuzzleIntent {
  action: "restart" | "show" | "reset";
  now?: number;
}

/**
 * The next puzzle, or today's daily puzzle.
 */
export interface TrainerSimpleIntent {
  action: "next" | "daily";
  now?: number;
}

/**
 * The learner opened hint ``n`` (a solve after a hint counts as a draw).
 */
export interface TrainerHintIntent {
  action: "hint";
  n: number;
  now?: number;
}

/**
 * A trainer file to read (its text); refused, with the field named, if it is bad.
 */
export interface TrainerImportIntent {
  action: "import";
  text: string;
  now?: number;
}

/**
 * What the device at ``seat`` gets: its own view (its hand only while the round is
 * played), its message and the table's log; ``review``, in the answer to the seat's
 * ``review`` or ``review_try`` intent, its review of the round (null: none, ask again;
 * :mod:`mtlearn.hosts.classroom.reviews`).
 */
export interface TableState {
  type: "table";
  table: TableInfo;
  seat: number;
  view: View | null;
  message: BoardMessage | null;
  log?: string[];
  review?: ReviewView | null;
}

/**
 * A class table's set-up and seats.
 */
export interface TableInfo {
  id: string;
  label: string;
  n: number;
  preset: string;
  rounds: number | null;
  started: boolean;
  round: number | null;
  round_over: boolean;
  match_over: boolean;
  paused: string | null;
  to_play: number | null;
  seats: SeatInfo[];
}

/**
 * A seat of a class table, as every device sees it (no token).
 */
export interface SeatInfo {
  seat: number;
  name: string | null;
  kind: "student" | "computer";
  taken: boolean;
  away: boolean;
}

/**
 * One table's public state, after a change.
 */
export interface PublicState {
  table: TableInfo;
  view: View | null;
  log: string[];
  type: "public";
}

/**
 * Every table's public state (a projector or teacher connecting, or the class
 * changed); ``code``: the class code, for the projector (a new class has a new one).
 */
export interface PublicTables {
  type: "publics";
  role: "projector" | "teacher";
  tables: PublicTable[];
  code?: string;
}

/**
 * A table as the projector and the teacher see it: the public view
 * (:mod:`mtlearn.present.perspective`: no hand and no hidden tile while the round is
 * played), the last moves in words.
 */
export interface PublicTable {
  table: TableInfo;
  view: View | null;
  log: string[];
}

/**
 * A student joined (or came back): their token.
 */
export interface Joined {
  type: "joined";
  token: string;
  name: string;
}

/**
 * A student without a table: the tables with free seats.
 */
export interface Lobby {
  type: "lobby";
  name: string;
  tables: TableInfo[];
}

/**
 * A teacher's action in words; ``undo``: the id a ``revert`` takes it back with, for
 * ``seconds``; ``token``: the teacher's token of the class from now on (a new class, or
 * the ended one brought back); ``seat_code``: a student's (``student``) seat code.
 */
export interface Done {
  type: "done";
  text: string;
  undo?: string;
  seconds?: number;
  token?: string;
  seat_code?: string;
  student?: string;
}

/**
 * A word for one student's phone from the teacher (moved, seat given to a computer),
 * or for the teacher's page from the server (the class folder cannot be written).
 */
export interface Notice {
  type: "notice";
  text: string;
}

/**
 * For the teacher's page: one network address (``address``) added as many students
 * (``students``) as one address may (``per_address``); the teacher may raise the limit
 * to ``raise_to`` with a ``per_address`` message.
 */
export interface Crowd {
  type: "crowd";
  address: string;
  students: number;
  per_address: number;
  raise_to: number;
}

/**
 * The teacher's page: the code, tables, students, idle limit, puzzle results.
 */
export interface TeacherState {
  type: "teacher";
  code: string;
  address: string;
  idle: number;
  locked: boolean;
  tables: TableInfo[];
  students: Record<string, unknown>[];
  puzzle_sets: Record<string, unknown>[];
  presets: string[];
  puzzles: Record<string, unknown> | null;
  trainer: Record<string, unknown>;
}

/**
 * A student's puzzle board in a puzzle round (``set`` null: no round is on).
 */
export interface PuzzleState {
  type: "puzzle";
  set: unknown;
  set_title?: string;
  index?: number;
  puzzle?: PuzzleInfo;
  view?: View;
  feedback?: Feedback | null;
  solution?: Solution | null;
  set_progress?: Record<string, unknown>;
  progress?: Record<string, unknown> | null;
  storage?: "server";
}

/**
 * The model keys a student's puzzle message changes.
 */
export interface PuzzleUpdate {
  view?: View;
  feedback?: Feedback | null;
  solution?: Solution;
  type?: "puzzle_update";
}

/**
 * A student's trainer puzzle (``assignment`` null: none is assigned); ``puzzle`` and
 * ``view`` are missing once every puzzle of the assignment is done.
 */
export interface ClassTrainerState {
  type: "trainer";
  assignment?: null;
  trainer?: ClassTrainerInfo;
  puzzle?: PuzzleInfo;
  view?: View;
  feedback?: Feedback | null;
  solution?: Solution | null;
}

/**
 * A student's trainer puzzles in the class: the assignment, their class rating,
 * how many done and solved, whether finished, the puzzle on the board (its number and
 * rating), whether its result is recorded, the last result, their rows per theme.
 */
export interface ClassTrainerInfo {
  assignment: Record<string, unknown>;
  rating: number;
  provisional: boolean;
  done: number;
  solved: number;
  finished: boolean;
  recorded: boolean;
  current: Record<string, unknown> | null;
  result: TrainerResult | null;
  themes: Record<string, unknown>[];
}

/**
 * The keys a student's trainer message changes, and their trainer info.
 */
export interface ClassTrainerUpdate {
  view?: View;
  feedback?: Feedback | null;
  solution?: Solution;
  type?: "trainer_update";
  trainer?: ClassTrainerInfo;
}

/**
 * A student joins with the class code and a first name (answered with ``joined``).
 */
export interface Join {
  op: "join";
  code: string;
  name: string;
}

/**
 * A student's device comes back with the seat token it was given.
 */
export interface Hello {
  op: "hello";
  code: string;
  token: string;
}

/**
 * The projector asks for every table's public view.
 */
export interface Watch {
  op: "watch";
  code: string;
}

/**
 * A student takes a seat (1-based; a free one when left out) at a table.
 */
export interface Sit {
  op: "sit";
  token: string;
  table: string;
  seat?: number;
}

/**
 * A student leaves their seat.
 */
export interface Leave {
  op: "leave";
  token: string;
}

/**
 * A seated student's board intent (a move, draw, pass…), as a board sends it.
 */
export interface Intent {
  op: "intent";
  token: string;
  intent: MoveIntent | SimpleIntent | NewMatchIntent | NewGameIntent | ReviewIntent | ReviewTryIntent | ReviewSaveIntent;
}

/**
 * A student's puzzle message during a puzzle round.
 */
export interface PuzzleMessage {
  op: "puzzle";
  token: string;
  msg: PuzzleMoveIntent | PuzzleAnswerIntent | PuzzleSimpleIntent | PuzzleGotoIntent | PuzzleProgressIntent;
}

/**
 * The teacher's page signs in with the teacher's token.
 */
export interface TeacherHello {
  op: "teacher";
  token: string;
}

/**
 * The teacher opens a table: seats, computer players, preset and options, rounds.
 */
export interface OpenTable {
  op: "open_table";
  token: string;
  seats?: number;
  computers?: number;
  preset?: string;
  rounds?: number | null;
  bot?: string;
  seed?: number | string | null;
  options?: Record<string, unknown> | null;
}

/**
 * The teacher acts on a table (for ``hint`` and ``computer``: the 1-based seat).
 */
export interface TableAction {
  op: "table";
  token: string;
  table: string;
  action: "deal" | "undo" | "next_round" | "new_match" | "hint" | "computer";
  seat?: number;
}

/**
 * The teacher sets how long an idle seat waits for its student (0: never).
 */
export interface Idle {
  op: "idle";
  token: string;
  seconds: number;
}

/**
 * The teacher starts a puzzle round on a puzzle set (``set: null`` ends it).
 */
export interface PuzzleRoundRequest {
  op: "puzzle_round";
  token: string;
  set: string | null;
}

/**
 * The teacher removes, renames (``name``) or moves a student (to ``table`` and its
 * 1-based ``seat``, or to the lobby with ``table: null``); answered with ``done`` and
 * an ``undo`` id for removing and moving.
 */
export interface StudentAction {
  op: "student";
  token: string;
  student: string;
  action: "remove" | "rename" | "move";
  name?: string;
  table?: string | null;
  seat?: number;
}

/**
 * The teacher takes back a removal, a move or a computer replacing a student (the
 * ``undo`` id of its ``done``).
 */
export interface Revert {
  op: "revert";
  token: string;
  undo: string;
}

/**
 * The teacher locks joins (new students are refused; a returning device is welcome)
 * or opens them again.
 */
export interface Lock {
  op: "lock";
  token: string;
  locked: boolean;
}

/**
 * The teacher pauses or resumes one table (``table``) or every table (null).
 */
export interface Pause {
  op: "pause";
  token: string;
  table: string | null;
  paused: boolean;
}

/**
 * The teacher ends the class (kept in the class folder's archive) and starts a new
 * one; answered with ``new_class``.
 */
export interface NewClassRequest {
  op: "new_class";
  token: string;
}

/**
 * A student's message about their trainer puzzle (answer, move, restart, show, hint,
 * next): only their own puzzle, the one the server chose.
 */
export interface TrainerMessage {
  op: "trainer";
  token: string;
  msg: TrainerMoveIntent | TrainerAnswerIntent | TrainerPuzzleIntent | TrainerSimpleIntent | TrainerHintIntent | TrainerImportIntent;
}

/**
 * The teacher assigns trainer puzzles: a ``theme`` (a rule id or a strategy theme of
 * the trainer's puzzles) or a rating ``band`` (lowest, highest), and a ``count`` (1 to
 * 50 a student); neither and no count: the trainer puzzles end.
 */
export interface Assign {
  op: "assign";
  token: string;
  theme?: string | null;
  band?: number[] | null;
  count?: number | null;
}

/**
 * The teacher sets how many devices one network address may stand for (its
 * students and connections at once; 1 to 1000) until the server stops (read by the
 * server, :mod:`mtlearn.hosts.classroom.server`, not the room).
 */
export interface PerAddress {
  op: "per_address";
  token: string;
  per_address: number;
}

/**
 * A student on a new device: the class code and the seat code the teacher gave them
 * (answered with ``joined`` and a new token; the old device's token stops working).
 */
export interface Reclaim {
  op: "reclaim";
  code: string;
  seat_code: string;
}

/**
 * The teacher asks for a one-use seat code that lets ``student`` in on a new device
 * (answered with ``done`` and ``seat_code``).
 */
export interface SeatCode {
  op: "seat_code";
  token: string;
  student: string;
}

export type BoardIntent = MoveIntent | SimpleIntent | NewMatchIntent | NewGameIntent | ReviewIntent | ReviewTryIntent | ReviewSaveIntent;

export type PuzzleIntent = PuzzleMoveIntent | PuzzleAnswerIntent | PuzzleSimpleIntent | PuzzleGotoIntent | PuzzleProgressIntent;

export type HostRequest = OpenRequest | IntentRequest | CloseRequest;

export type HostAnswer = Opened | Answered | Closed | Refusal;

export type TrainerIntent = TrainerMoveIntent | TrainerAnswerIntent | TrainerPuzzleIntent | TrainerSimpleIntent | TrainerHintIntent | TrainerImportIntent;

export type ClassMessage = TableState | PublicState | PublicTables | Joined | Lobby | Done | Notice | Crowd | TeacherState | PuzzleState | PuzzleUpdate | ClassTrainerState | ClassTrainerUpdate | Refusal;

export type ClassRequest = Join | Hello | Watch | Sit | Leave | Intent | PuzzleMessage | TeacherHello | OpenTable | TableAction | Idle | PuzzleRoundRequest | StudentAction | Revert | Lock | Pause | NewClassRequest | TrainerMessage | Assign | PerAddress | Reclaim | SeatCode;
