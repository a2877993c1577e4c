// The page's contract with the service, checked by `tsc --checkJs` (scripts/test.sh) and never
// loaded by the browser. Written from the wire schemas (src/sleuth/server/schemas.py) and the
// frames of the play channel (server/live.py's state frame, hub.py's sheet, seats, notes and
// chat frames, routers/play.py's error and pong): a field renamed there is renamed here.

/** What JSON can carry. */
export type JSONValue = string | number | boolean | null | JSONValue[] | {[key: string]: JSONValue};

export type SheetLevel = "off" | "facts" | "full";
export type ClockKind = "none" | "live" | "turn";
export type TableStatus = "waiting" | "playing" | "finished" | "expired";
export type SeatKind = "person" | "bot";
/** A square of the hand-kept sheet: unmarked, yes, no, maybe. */
export type Mark = "" | "+" | "-" | "?";

// --- HTTP: people (schemas.PersonOut, SessionOut) ----------------------------------------------

export interface PersonOut {
  id: string;
  name: string;
}

export interface SessionOut {
  person: PersonOut | null;
  /** The name its account signs in with; a guest has none. */
  account: string | null;
}

// --- HTTP: accounts (schemas.AccountOut, DeviceOut) -------------------------------------------

export interface AccountOut {
  id: string;
  name: string;
  account: string;
}

export interface DeviceOut {
  id: string;
  device: string;
  created_at: number;
  current: boolean;
}

// --- HTTP: e-mail notifications (routers.mail.MailSettingsOut) ------------------------------

export type MailKind = "your_move" | "game_over" | "invited" | "clock_low";

export interface MailSettingsOut {
  address: string | null;
  language: string;
  your_move: boolean;
  game_over: boolean;
  invited: boolean;
  clock_low: boolean;
  /** The newest mail's last try failed: why, in general words of the person's language. */
  failing: string | null;
  sends_mail: boolean;
  /** False until the link of the confirmation mail is opened. */
  confirmed: boolean;
  /** Null: a mail for each event; an hour (0-23) of time_zone: one mail a day. */
  digest_hour?: number | null;
  time_zone?: string;
}

// --- HTTP: the lobby's menu (schemas.LobbyOut) ------------------------------------------------

export interface OptionOut {
  name: string;
  /** The name as people read it, in the language asked for (GET /api/games?lang=). */
  label: string;
  default: string;
  choices: string[];
  help: string;
  /** How a form asks for it ("text" unless the option says otherwise). */
  kind: "bool" | "int" | "list" | "text";
  bounds: string;
  low: number | null;
  high: number | null;
  max_items: number | null;
  presets: string[];
}

export interface BotOut {
  name: string;
  /** 1 (easy) and up on the game's ladder; 0 for a bot by name. */
  level: number;
  spec: string;
  rating: number | null;
  about: string;
  parameters: Record<string, string>;
}

export interface WebOut {
  script: string;
  styles: string[];
}

export interface GameOut {
  name: string;
  title: string;
  aliases: string[];
  min_players: number;
  max_players: number;
  options: OptionOut[];
  bots: string[];
  takeover_bot: string;
  notes_grid: boolean;
  bot_levels: BotOut[];
  web: WebOut | null;
  first_seat: number | null;
  first_seat_by: Record<string, Record<string, number | null>>;
  tutorial: boolean;
  /** The game keeps its words in a catalogue of its own: a page showing it loads them (i18n.js's speakGame). */
  catalogue: boolean;
}

export interface LobbyOut {
  games: GameOut[];
  sheet_levels: SheetLevel[];
  clock_kinds: ClockKind[];
  clock_defaults: Record<string, number>;
  clock_bounds: Record<string, [number, number]>;
}

// --- HTTP: tables and seats -------------------------------------------------------------------

export type OptionValue = string | number | boolean | string[];

export interface SeatIn {
  kind: SeatKind;
  bot?: string | null;
}

export interface TableIn {
  game: string;
  players: number;
  options?: Record<string, OptionValue>;
  seats: SeatIn[];
  sheet?: SheetLevel;
  clock?: ClockKind;
  per_move?: number | null;
  /** Seconds a person's seat is away before the others may hand it to a bot (no clock). */
  away_after?: number | null;
  takeover_bot?: string | null;
  spectators?: boolean;
  listed?: boolean;
  rated?: boolean;
  sit?: number | null;
}

export interface InviteOut {
  seat: number;
  token: string;
  url: string;
}

export interface SeatOut {
  seat: number;
  kind: SeatKind;
  name: string;
  bot: string | null;
  takeover: boolean;
  joined: boolean;
}

export interface TableOut {
  id: string;
  game: string;
  title: string;
  players: number;
  config: Record<string, JSONValue>;
  sheet: SheetLevel;
  clock: ClockKind;
  per_move: number | null;
  away_after: number;
  spectators: boolean;
  listed: boolean;
  rated: boolean;
  status: TableStatus;
  step: number;
  to_move: number | null;
  commitment: string;
  seats: SeatOut[];
  rematch: string | null;
  rematch_of: string | null;
  created_at: number;
}

export interface TableCreated {
  table: TableOut;
  invites: InviteOut[];
  url: string;
}

export interface MyTableOut {
  table: TableOut;
  seat: number;
  your_move: boolean;
  /** Since when the game waits on this seat (seconds since the epoch); null when it does not. */
  waiting_since: number | null;
}

export interface InviteCheckOut {
  seat: number | null;
}

export interface InvitationOut {
  id: number;
  table: string;
  seat: number;
  game: string;
  title: string;
  /** The inviting person's display name. */
  inviter: string;
  expires_at: number;
}

export interface SeatedOut {
  table: string;
  seat: number;
  token: string;
}

export interface JoinOut {
  table: string;
  seat: number;
  token: string;
}

/** An invite kept in this browser (localStorage) until its seat is taken. */
export interface SavedInvite {
  seat: number;
  url: string;
}

// --- HTTP: chat, records, replays, reviews ----------------------------------------------------

export interface ChatOut {
  id: number;
  seat: number | null;
  name: string;
  text: string;
  at: number;
}

export interface VerifyOut {
  valid: boolean;
}

export interface ReplayStep<V extends View = View> {
  step: number;
  view: V;
}

export interface ReplayOut<V extends View = View> {
  table: string;
  seat: number | null;
  steps: ReplayStep<V>[];
}

/** The parts of ``sleuth.review.GameReview`` (``ReviewOut.review``) the page reads. */
export interface GameReview {
  game: string;
  title: string;
  method: string;
  solution: string;
  summary: string;
  seats: SeatReview[];
}

export interface SeatReview {
  seat: number;
  could_know: number | null;
  readings: {step: number; probability: number | null}[];
  attempts: {step: number; probability: number | null; correct: boolean}[];
  notes: string[];
}

export interface ReviewOut {
  table: string;
  seat: number | null;
  review: GameReview;
}

/** An error answer of the service: a message, or pydantic's list of what was wrong. */
export interface ErrorOut {
  detail: string | {loc?: (string | number)[]; msg: string}[];
  /** A refusal said in words the page translates (server/problems.py): its stable code. */
  problem?: string;
  /** The English text with %(name)s placeholders: the catalogues' key. */
  template?: string;
  values?: Record<string, WordsValue>;
}

/** Words for a person (core/said.py): a catalogue key and what fills its placeholders. */
export interface Words {
  template: string;
  values: Record<string, WordsValue>;
  /** The sense the template is used in, where its words have two (gettext's msgctxt). */
  context?: string;
}

export type WordsValue = string | number | Words;

// --- the play channel: frames from the service ------------------------------------------------

/** What every game's view has (``core.protocol.View``); each game's part types the rest. */
export interface View {
  seat: number | null;
  config: Record<string, JSONValue>;
}

/** One typed event of a step (``core.events.Event.to_json``): its kind, the name a game's
 * ``describe`` dispatches on, and the game's own fields for that kind. */
export interface EventJSON {
  kind: string;
  [field: string]: unknown;
}

/** An event's own words (``core.events.Event.told``), for the generic table: the values
 * named in ``seats`` are seat numbers, named for the reader. */
export interface EventWords extends Words {
  seats: string[];
}

/** One public step of the history: seat, what every seat saw of the action, its result in
 * notation (as records keep it), and its public events, which the page puts into words. */
export type LogEntry = [seat: number, action: string, result: string, events: EventJSON[]];

/** A long family of legal actions sent by kind and size (Black Vienna's accusations). */
export interface ActionFamily {
  kind: string;
  count: number;
  example: string;
}

export interface Legal {
  actions: string[];
  families: ActionFamily[];
}

export interface PublicSeat extends SeatOut {
  connected: boolean;
  /** Since when (seconds since the epoch) the seat's person, in a game under way, has had no
   * channel open; null when at the table, not a person's seat, or played by a bot. */
  away_since: number | null;
}

export interface Clock {
  kind: ClockKind;
  per_move: number | null;
  /** The seat whose time runs, and when (seconds since the epoch) it runs out. */
  seat: number | null;
  deadline: number | null;
  /** Each seat's time bank left, in seconds (empty without a clock). */
  banks: number[];
  /** Whether each seat's person is on vacation now: their clock stands still. */
  vacation: boolean[];
}

export interface VacationOut {
  /** The vacation under way (seconds since the epoch), or both null. */
  starts_at: number | null;
  ends_at: number | null;
  /** The most days a vacation started now may last (0 while one is under way). */
  days_left: number;
  /** The server's allowance: at most this many vacation days in any 365 days. */
  days_a_year: number;
}

export interface Outcome {
  scores: number[];
  winners: number[];
  reason: string;
}

export interface NotesGrid {
  cards: string[];
  places: string[];
  marks: Record<string, Record<string, Mark>>;
}

/** The seat's whole picture at one step (``LiveTable.state_frame``). */
export interface StateFrame<V extends View = View> {
  type: "state";
  table: string;
  step: number;
  status: TableStatus;
  actors: number[];
  to_move: number | null;
  seats: PublicSeat[];
  clock: Clock;
  sheet_level: SheetLevel;
  commitment: string;
  log: LogEntry[];
  seat: number | null;
  view: V;
  legal: Legal;
  /** The sheet's typed lines (none where it is drawn from sheet_data); null: not worked out yet. */
  sheet: SheetLine[] | null;
  sheet_data: SheetData | null;
  notes: NotesGrid | null;
  resumed_from: number | null;
  // Once the game is over only:
  outcome?: Outcome;
  reveal?: Record<string, JSONValue>;
  seed?: string;
  salt?: string;
  rematch?: string | null;
}

export interface SheetFrame {
  type: "sheet";
  table: string;
  step: number;
  seat: number;
  sheet: SheetLine[];
  data: SheetData | null;
}

/** A value of a sheet's typed line: a number, an id as it is, a card or cards, a line within. */
export type SheetValue = number | string | {card: string} | {cards: string[]} | SheetMessage;

/** A message of the catalogues with its values (core/sheets.py's sheet_line). */
export interface SheetMessage {
  key: string;
  values: Record<string, SheetValue>;
  /** How far the line sits under the one before. */
  indent?: number;
}

/** A line of a text sheet: a message, or a game's own text shown as given. */
export type SheetLine = SheetMessage | {text: string};

/** The sheet as data to draw (core/sheets.py's SheetData): see sheet.js. */
export interface SheetData {
  level: SheetLevel;
  consistent: boolean;
  rows: string[];
  columns: string[];
  cells: (number | null)[][];
  solution_column: string | null;
  certain: string[];
  possible: number | null;
  likeliest: {cards: string[]; probability: number}[];
  question: {seat: number | null; about: string; bits: number} | null;
  truth: string[] | null;
  assumed: boolean;
}

export interface SeatsFrame {
  type: "seats";
  table: string;
  step: number;
  seats: PublicSeat[];
}

export interface NotesFrame {
  type: "notes";
  table: string;
  step: number;
  seat: number;
  notes: NotesGrid | null;
}

export interface ChatFrame extends ChatOut {
  type: "chat";
  table: string;
  step: number;
}

export interface ErrorFrame {
  type: "error";
  code: string;
  message: string;
  step: number;
  problem: string | null;
  template: string | null;
  values: Record<string, WordsValue> | null;
}

export interface PongFrame {
  type: "pong";
  step: number;
}

export type ServerFrame = StateFrame | SheetFrame | SeatsFrame | NotesFrame | ChatFrame | ErrorFrame | PongFrame;

// --- the play channel: what the page sends (schemas.ClientMessage) ---------------------------

export type ClientMessage =
  | {type: "act"; action: string; step?: number | null}
  | {type: "chat"; text: string}
  | {type: "hello"; last_step?: number | null}
  | {type: "take_back"}
  | {type: "notes"; card: string; place: string; mark: Mark}
  | {type: "ping"};

export type ChannelStatus = "connecting" | "resuming" | "live" | "reconnecting" | "offline" | "closed" | "gone";

// --- building elements (kit.js's h) -----------------------------------------------------------

type TagOf<T extends string> = T extends `${infer Name}.${string}` ? Name : T;
/** The element ``h(tag)`` makes: "input.wide" gives an HTMLInputElement. */
export type ElementOf<T extends string> = TagOf<T> extends keyof HTMLElementTagNameMap
  ? HTMLElementTagNameMap[TagOf<T>]
  : HTMLElement;

export type Child = Node | string | number | null | undefined | false | Child[];

export interface Props {
  class?: string;
  text?: string;
  /** CSS properties (camelCase or custom --names), set through the CSSOM: the policy
   * forbids style attributes. */
  style?: Record<string, string>;
  dataset?: Record<string, string>;
  onclick?: (event: MouseEvent) => unknown;
  oninput?: (event: Event) => unknown;
  onchange?: (event: Event) => unknown;
  onsubmit?: (event: SubmitEvent) => unknown;
  onfocus?: (event: FocusEvent) => unknown;
  /** Any attribute: false, null and undefined leave it out, true sets it empty. */
  [attribute: string]: unknown;
}

// --- a game's part of the page ----------------------------------------------------------------

/** What a game's part may keep picked between redraws (a card, letters), by name. */
export type Picks = Record<string, unknown>;

export interface Picker<P extends Picks = Picks> {
  get<K extends keyof P & string>(key: K): P[K] | undefined;
  has(key: keyof P & string): boolean;
  set<K extends keyof P & string>(key: K, value: P[K]): void;
  toggle<K extends keyof P & string>(key: K, value: P[K]): void;
  delete(key: keyof P & string): void;
  clear(): void;
}

/** The table as a game's part sees it (table.js's ``context``). */
export interface TableContext<V extends View = View, P extends Picks = Picks> {
  /** The seat whose view is drawn (null for a spectator). */
  seat: number | null;
  players: number;
  view: V;
  frame: StateFrame<V>;
  /** False in a replay, for a spectator, and once the game is over. */
  live: boolean;
  over: boolean;
  /** The legal actions in notation. */
  legal: Set<string>;
  families: ActionFamily[];
  name(seat: number): string;
  /** "you" in the page's language for the seat drawn, its name otherwise. */
  who(seat: number): string;
  isMe(seat: number): boolean;
  can(action: string): boolean;
  canKind(kind: string): boolean;
  act(action: string): void;
  pick: Picker<P>;
  rerender(): void;
}

/** A keyboard shortcut beside the notation box. */
export interface KeyHelp {
  key: string;
  label?: string;
  hidden?: boolean;
  run?: () => void;
}

/** The default export of a game's module (its kit's "web" part): only ``board`` is required;
 * the generic table (fallback.js) fills in the rest. */
export interface GamePart<V extends View = View, P extends Picks = Picks, R = Record<string, JSONValue>> {
  board(view: V, t: TableContext<V, P>): Node;
  describe?(entry: LogEntry, t: TableContext<V, P>, index?: number): string;
  prompt?(view: V, t: TableContext<V, P>): string;
  keys?(view: V, t: TableContext<V, P>): KeyHelp[];
  reveal?(reveal: R | undefined, view: V, t: TableContext<V, P>): Node;
  /** A card of the drawn sheet in the page's language (the sheet's data names it as the deck does). */
  sheetCard?(card: string): string;
  /** One of the game's own places of the drawn sheet (not a seat) in the page's language. */
  sheetPlace?(place: string): string;
}

/** The generic table (fallback.js): it tells any game's steps, prompt and reveal. */
export type FallbackPart = GamePart & Required<Pick<GamePart, "describe" | "prompt" | "reveal">>;

// --- rules for players (GET /api/games/<name>/rules) --------------------------------------------

export interface RulesSectionOut {
  heading: string;
  paragraphs: string[];
  cards: string[];
}

export interface RulesOut {
  game: string;
  title: string;
  /** The language the headings and paragraphs are in (GET /api/games/<name>/rules?lang=). */
  language: string;
  short: RulesSectionOut[];
  full: RulesSectionOut[];
  reference: string;
}

// --- HTTP: ratings (schemas.BoardOut, ProfileOut) ----------------------------------------------

export interface PlayerOut {
  kind: SeatKind;
  id: string;
  name: string;
}

export interface RatingOut {
  game: string;
  mu: number;
  sigma: number;
  rating: number;
  games: number;
  wins: number;
}

// --- HTTP: network bots (routers/bots.py) ---------------------------------------------------

export interface NetBotOut {
  name: string;
  spec: string;
  playing: boolean;
  games: string[];
  ratings: RatingOut[];
}

export interface BoardEntryOut {
  place: number;
  player: PlayerOut;
  rating: RatingOut;
}

export interface BoardOut {
  game: string;
  entries: BoardEntryOut[];
}

export interface FinishedOut {
  table: string;
  game: string;
  seat: number;
  rated: boolean;
  finished_at: number | null;
}

export interface ProfileOut {
  id: string;
  name: string;
  ratings: RatingOut[];
  finished: FinishedOut[];
  games: number;
}

// --- a game's tutorial (GET /api/games/<name>/tutorial) ----------------------------------------

/** The learner's seat at one moment of the tutorial's game, as a state frame has it. */
export interface TutorialFrame {
  step: number;
  status: TableStatus;
  actors: number[];
  to_move: number | null;
  log: LogEntry[];
  view: View;
  legal: Legal;
  outcome?: Outcome;
  reveal?: Record<string, JSONValue>;
}

export interface TutorialStepOut {
  title: string;
  text: string;
  action: string;
  /** The data-key of each control the learner clicks for the move, in order. */
  keys: string[];
  frame: TutorialFrame;
}

export interface TutorialOut {
  game: string;
  title: string;
  language: string;
  seat: number;
  names: string[];
  welcome: string;
  finish: string;
  steps: TutorialStepOut[];
  end: TutorialFrame;
}
