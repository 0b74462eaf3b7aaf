// Every player-visible string of the page, in English.  A translation is another module of
// the same shape; `t(key, values)` fills `{name}` placeholders.

export const STRINGS = {
  appTitle: "Mahjong Solitaire",
  loading: "Dealing the tiles…",

  // top bar
  timer: "Time",
  tilesLeft: "Tiles",
  pairsAvailable: "Pairs",
  tilesLeftTitle: "Tiles left on the board",
  pairsAvailableTitle: "Matching pairs you can take now",
  hint: "Hint",
  undo: "Undo",
  redo: "Redo",
  shuffle: "Shuffle",
  pause: "Pause",
  resume: "Resume",
  newGame: "New",
  menu: "Menu",
  codeChipTitle: "Game code: tap to copy",
  share: "Share",
  copied: "Copied",
  linkCopied: "Link copied",
  copyFailed: "Could not copy: select the code and copy it by hand",

  // keyboard help
  keysHint: "H",
  keysUndo: "Z",
  keysRedo: "Y",
  keysShuffle: "S",
  keysPause: "P",
  keysNew: "N",

  // menu
  menuNewGame: "New game",
  menuDaily: "Today's challenge",
  menuStages: "Stages",
  menuLeaderboard: "Leaderboard",
  menuStatistics: "Statistics",
  menuSettings: "Settings",
  menuRules: "Rules",
  menuAbout: "About",

  // new game dialog
  newGameTitle: "New game",
  layout: "Layout",
  difficulty: "Difficulty",
  easy: "Easy",
  normal: "Normal",
  hard: "Hard",
  enterCode: "Or enter a game code",
  codePlaceholder: "MJ1-L00-AAAAABL",
  codeInvalid: "A code looks like MJ1-L00-ABCDEFG: MJ1, then L and two digits, then seven letters A–Z.",
  codeUnknownLayout: "No built-in layout has the number {number}.",
  play: "Play",
  playCode: "Play this code",
  dailyChallenge: "Today's challenge",
  dailyNote: "The same deal for every player today",
  cancel: "Cancel",
  close: "Close",
  tiles: "{n} tiles",

  // layouts: previews, difficulty hints, importing a file
  layoutHintGentle: "Gentle",
  layoutHintModerate: "Moderate",
  layoutHintDemanding: "Demanding",
  layoutImported: "Imported",
  importLayout: "Import a layout file",
  importLayoutNote: "KMahjongg .layout or GNOME Mahjongg .map",
  importingLayout: "Reading {name}…",
  layoutImportedToast: "Imported “{title}”: ready to play",
  layoutImportedMany: "Imported {n} layouts",
  layoutFileTooLarge: "{name} is larger than a layout file can be ({max} KB at most).",
  layoutImportFailed: "This file cannot be used: {message}",

  // stages
  stagesTitle: "Stages",
  stagesIntro: "Clear each stage to open the next. The stages walk through every layout, from gentle to demanding, and the later rounds deal harder games.",
  stagesProgress: "{cleared} cleared · next: stage {next}",
  stageRound: "Round {n}",
  stageNumber: "Stage {n}",
  stageCleared: "Best {time}",
  stageClearedTitle: "Cleared; your best time is {time}",
  stageNext: "Next",
  stageLocked: "Locked",
  stageOpen: "Open",
  stagePlay: "Play",
  stageReplay: "Replay",
  stageLockedTitle: "Clear the stages before it first",
  winStageCleared: "Stage {n} cleared!",
  winNextStageNote: "Next: stage {n}, {title} ({difficulty})",
  nextStage: "Next stage",

  // Connect mode (Shisen-Sho)
  gameMode: "Game",
  modeClassic: "Classic",
  modeConnect: "Connect",
  menuPlayConnect: "Play Connect",
  menuPlayClassic: "Play Classic",
  menuConnectStages: "Connect stages",
  connectStagesTitle: "Connect stages",
  connectStagesIntro: "Each stage has its own grid and sliding rule: after every pair the tiles slide that way. Clear a stage to open the next; later rounds use the full grid and harder deals.",
  connectRulesShort: "Join two matching tiles with a line of at most three straight segments through empty cells (around the grid too). Then the tiles slide as the stage's rule says.",
  connectPlayStage: "Play stage {n}",
  connectCodePlaceholder: "CN1-1808B-AAAAABL",
  connectCodeInvalid: "A Connect code looks like CN1-1808B-ABCDEFG: CN1, four digits and a letter, then seven letters A–Z.",
  connectNoMovesNote: "No two matching tiles can be joined by a line with at most two turns.",
  slide_none: "Still",
  slide_down: "Down",
  slide_up: "Up",
  slide_left: "Left",
  slide_right: "Right",
  "slide_split-v": "Split up and down",
  "slide_split-h": "Split left and right",
  "slide_gather-v": "Gather to the middle row",
  "slide_gather-h": "Gather to the middle column",
  slide_outward: "Out to the corners",
  slide_inward: "In to the centre",

  // pause
  pausedTitle: "Paused",
  pausedNote: "The tiles are hidden while the clock is stopped.",

  // no moves
  noMovesTitle: "No moves",
  noMovesNote: "No two free tiles match.",
  noMovesUndo: "Undo the last move",
  noMovesShuffle: "Shuffle the tiles",
  noMovesNew: "New game",
  backToWinnable: "Back to the last winnable position ({n} moves)",
  backToWinnableOne: "Back to the last winnable position (1 move)",
  shuffleImpossible: "No shuffle can help: the remaining tiles cannot all be cleared. Undo or start a new game.",

  // win
  winTitle: "You won!",
  winTime: "Time",
  winHints: "Hints",
  winUndos: "Undos",
  winShuffles: "Shuffles",
  winRank: "Place {rank} on your leaderboard",
  winNoRank: "Not in your top 10 this time",
  playAgain: "Play again",
  winNewGame: "New game",
  winShare: "Share",

  // leaderboard
  leaderboardTitle: "Leaderboard",
  yourBest: "Your 10 best times",
  todaysBoard: "Today's challenge",
  noWinsYet: "No wins yet: finish a game to get on the board.",
  noDailyYet: "Nobody has finished today's challenge yet.",
  colPlace: "#",
  colTime: "Time",
  colLayout: "Layout",
  colDifficulty: "Level",
  colDate: "Date",
  colAids: "Aids",
  colPlayer: "Player",
  aidsNone: "none",
  aidsSummary: "{hints}H {undos}U {shuffles}S",
  aidsTitle: "hints, undos, shuffles",
  anonymous: "Anonymous",

  // statistics
  statisticsTitle: "Statistics",
  gamesStarted: "Games started",
  gamesWon: "Games won",
  winRate: "Win rate",
  bestTime: "Best time",
  averageTime: "Average time",
  hintsUsed: "Hints used",
  undosUsed: "Undos used",
  shufflesUsed: "Shuffles used",
  currentStreak: "Current streak",
  bestStreak: "Best streak",
  perLayout: "Per layout",
  colStarted: "Started",
  colWon: "Won",
  colBest: "Best",
  colAverage: "Average",
  chartTitle: "Winning times",
  chartBest: "best {time}",
  chartEmpty: "Win a game to see your times here.",
  noStatsYet: "No games yet.",

  // settings
  settingsTitle: "Settings",
  tileStyle: "Tile style",
  styleClassic: "Classic",
  styleNumbers: "Numbers",
  theme: "Theme",
  themeLight: "Light",
  themeDark: "Dark",
  themeSystem: "System",
  showTimer: "Show the timer",
  playerName: "Your name on the daily board",
  save: "Save",
  saved: "Saved",

  // rules and about
  rulesTitle: "Rules",
  rules: [
    "Clear the board by removing the 144 tiles in matching pairs.",
    "A tile is free when no tile lies on it, even by half, and its left or its right side is open.",
    "Tap a free tile to select it, then a matching free tile: both disappear. Tapping another free tile moves the selection; tapping the selected tile again deselects it.",
    "Tiles match when they are the same; any two flowers match, and any two seasons.",
    "Blocked tiles are drawn darker. Tapping one cancels the selection.",
    "Every deal can be won. Hint shows a pair of a winning plan; Undo and Redo walk through your moves; Shuffle deals the remaining tiles again, still winnable.",
  ],
  rulesKeys: "Keys: H hint · Z undo · Y redo · S shuffle · P pause · N new game",
  aboutTitle: "About",
  about: "Mahjong Solitaire: every deal is solvable by construction. The tile faces are drawn by this program.",

  // errors
  errorNetwork: "The game server does not answer. Check that it is running, then try again.",
  errorGeneric: "Something went wrong: {message}",
  errorStale: "The game changed in another tab; showing the latest position.",

  // accessibility
  boardLabel: "Board",
  tileFree: "{name}, free",
  tileBlocked: "{name}, blocked",
};

const NAMES = {
  B: "Bamboo", C: "Characters", D: "Circles",
  N: "North wind", S: "South wind", E: "East wind", W: "West wind",
  R: "Red dragon", G: "Green dragon", Wh: "White dragon",
  F1: "Plum", F2: "Orchid", F3: "Chrysanthemum", F4: "Bamboo flower",
  S1: "Spring", S2: "Summer", S3: "Autumn", S4: "Winter",
};

/** The spoken name of a tile label: "5 of Bamboo", "North wind", "Plum"... */
export function tileName(label) {
  if (!label) return "";
  if (NAMES[label]) return NAMES[label];
  return `${label[0]} of ${NAMES[label[1]]}`;
}

/** The string `key`, with `{name}` placeholders filled from `values`. */
export function t(key, values = {}) {
  const text = STRINGS[key];
  if (text === undefined) return key;
  if (typeof text !== "string") return text;
  return text.replace(/\{(\w+)\}/g, (_, name) => (name in values ? String(values[name]) : `{${name}}`));
}
