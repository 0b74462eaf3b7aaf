// Every player-visible string of the page.  The English text of each key is its msgid in
// the gettext catalogues (extracted by i18n.extract_page_strings; CONTRIBUTING.md); the page
// shows it in the player's language from the catalogue the server sends (`GET /api/i18n`,
// the same messages as the server's), loaded once by `loadCatalogue()` before the first
// drawing.  `t(key, values)` fills `{name}` placeholders; `tn(key, n)` picks the plural form
// of a counted text with Intl.PluralRules; tile and sliding-rule names, numbers and dates
// come out in the language too.

export const STRINGS = {
  appTitle: "Mahjong Solitaire",
  loading: "Dealing the tiles…",

  // top bar
  timer: "Time",
  tilesLeft: "Tiles",
  pairsAvailable: "Pairs",
  tilesLeftTitle: "Tiles left on the board",
  pairsAvailableTitle: "Matching pairs you can take now",
  winnableYes: "Winnable",
  winnableYesTitle: "The solver proves this position can still be won",
  winnableNo: "Lost",
  winnableNoTitle: "This position can no longer be won: undo, or shuffle",
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
  menuEditor: "Layout editor",
  menuLayouts: "Layouts",

  // new game dialog
  newGameTitle: "New game",
  layout: "Layout",
  difficulty: "Difficulty",
  easy: "Easy",
  normal: "Normal",
  hard: "Hard",
  enterCode: "Or enter a game code",
  codePlaceholder: "MJ2-L00-AAAAABL",
  codeInvalid: "A code looks like MJ2-L00-ABCDEFG: MJ2 (or MJ1 for an older game), then L and two digits, then seven letters A–Z.",
  codeUnknownLayout: "No built-in layout has the number {number}.",
  play: "Play",
  playCode: "Play this code",
  dailyChallenge: "Today's challenge",
  dailyNote: "The same deal for every player today",
  cancel: "Cancel",
  close: "Close",
  tiles: ngettext("{n} tile", "{n} tiles"),

  // layouts: previews, difficulty hints, importing a file
  layoutHintGentle: "Gentle",
  layoutHintModerate: "Moderate",
  layoutHintDemanding: "Demanding",
  layoutImported: "Imported",
  importLayout: "Import a layout file",
  seededLayout: "New layout from a seed",
  seededFamily: "Shape",
  seededTiles: "Tiles",
  seededSeed: "Seed",
  seededAnother: "Another seed",
  seededUse: "Use this layout",
  seededDrawing: "Drawing the layout…",
  seededDrawn: "{title}: {tiles}, {layers}",
  seededChosen: "“{title}” is chosen: press Play",
  seededTilesRange: "Choose an even number of tiles from {low} to {high}.",
  seededSeedRange: "Choose a seed from 0 to {max}.",
  layers: ngettext("{n} layer", "{n} layers"),
  nextUnwon: "Next layout not yet won",
  nextUnwonNote: "The next layout, in the picker’s order, that you have not won at this difficulty",
  allLayoutsWon: "You have won every layout at this difficulty!",
  playGenerated: "Play a new layout from a seed",
  filterUnwon: "Hide won layouts",
  mirrorBoard: "Mirror",
  mirrorNone: "As drawn",
  mirrorLeftRight: "Left–right",
  mirrorTopBottom: "Top–bottom",
  generatedTitle: "{family} {tiles} #{seed}",
  familyRings: "Rings",
  familyStairs: "Stairs",
  familyCrosses: "Crosses",
  familyDiamonds: "Diamonds",
  familyIslands: "Islands",
  familyFreeform: "Freeform",
  importLayoutNote: "KMahjongg .layout or GNOME Mahjongg .map",
  importingLayout: "Reading {name}…",
  layoutImportedToast: "Imported “{title}”: ready to play",
  layoutImportedMany: ngettext("Imported {n} layout", "Imported {n} layouts"),

  // the history file (Statistics page)
  historyTitle: "Your history file",
  historyNote: "Take your games to another browser or computer: export them here and import the file there. The command line's export and import write and read the same file.",
  exportHistory: "Export history",
  importHistory: "Import history",
  historyDownloading: "Your history file is being downloaded.",
  importingHistory: "Importing {name}…",
  historyImported: ngettext("Imported {n} game.", "Imported {n} games."),
  historyAlreadyPresent: ngettext("{n} game was already in your history.", "{n} games were already in your history."),
  historyImportFailed: "The history file was not imported: {message}",
  historyFileTooLarge: "{name} is larger than a history file can be ({max} MiB).",
  layoutFileTooLarge: "{name} is larger than a layout file can be ({max} KB at most).",
  layoutImportFailed: "This file cannot be used: {message}",
  layoutMapsRefused: "Not imported from this file: {maps}",
  sharedLayoutKept: "“{title}” came with the link and is now among your layouts",
  deleteLayout: "Delete this layout",
  deleteLayoutNote: "Delete the imported layout “{title}”",
  deleteLayoutConfirm: "Delete the imported layout “{title}”? Games played on it stay playable.",
  layoutDeletedToast: "Deleted “{title}”",
  layoutDeleteFailed: "The layout could not be deleted: {message}",
  layoutSearch: "Search the layouts",
  layoutSearchPlaceholder: "Search by name or number",
  sizeFilter: "Size",
  sizeAll: "All sizes",
  sizeSmall: "Small",
  sizeMedium: "Medium",
  sizeLarge: "Large",
  sizeSmallNote: "Under 100 tiles",
  sizeMediumNote: "100 to 143 tiles",
  sizeLargeNote: "144 tiles or more",
  layoutsShown: ngettext("{n} layout shown", "{n} layouts shown"),
  noLayoutMatches: "No layout matches: try another name or size.",

  // the layout editor
  editorTitle: "Layout editor",
  editorGridLabel: "Layout grid",
  editorHelp: "Click to place a tile or remove one. Keys: arrows move (Shift: a whole tile), Space places or removes, Delete removes, Page Up and Page Down change the layer.",
  editorLayer: "Layer {layer} of {layers}",
  editorLayerUp: "Layer up",
  editorLayerDown: "Layer down",
  editorName: "Name",
  editorUntitled: "My layout",
  editorFreeTiles: ngettext("{n} free", "{n} free"),
  editorChecking: "Checking…",
  editorClearable: "Can be cleared",
  editorEmpty: "Place tiles to begin",
  editorOdd: "Odd count: add or remove a tile",
  editorTooMany: "Too many tiles",
  editorUnclearable: "Cannot be cleared: no order of removals takes every tile",
  editorUnknown: "Undecided: the check stopped before finding an order that takes every tile. Try a simpler layout",
  editorPlaced: "Tile placed at column {x}, row {y}, layer {layer}.",
  editorRemoved: "Tile removed at column {x}, row {y}, layer {layer}.",
  editorTaken: "Column {x}, row {y}, layer {layer} is taken by another tile.",
  editorFull: "A layout holds at most {max} tiles.",
  editorCursor: "Column {x}, row {y}, layer {layer}",
  editorTestPlay: "Test play",
  editorSave: "Save to my layouts",
  editorSaved: "Saved “{title}” to your layouts",
  editorSaveFailed: "The layout could not be saved: {message}",
  editorExportKmahjongg: "Export for KMahjongg",
  editorExportGnome: "Export for GNOME Mahjongg",
  editorExported: "Exported {name}",
  editorExportFailed: "The file could not be made: {message}",
  editorClear: "Clear",
  editorClearConfirm: "Remove every tile of this layout?",
  editorCleared: "Every tile removed.",

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
  connectCodePlaceholder: "CN2-1808B-AAAAABL",
  connectCodeInvalid: "A Connect code looks like CN2-1808B-ABCDEFG: CN2 (or CN1 for an older game), four digits and a letter, then seven letters A–Z.",
  connectNoMovesNote: "No two matching tiles can be joined by a line with at most two turns.",
  connectOwnGridTitle: "A grid of your own",
  connectGridSizeLabel: "Grid size",
  connectGridSize: ngettext("{size} · {n} tile", "{size} · {n} tiles"),
  connectSlideLabel: "Sliding rule",
  connectPlayGrid: "Play this grid",

  // Connect: the sliding rule shown during play, and a match no path joins
  ruleStage: "Stage {n} · {rule}",
  ruleNewTitle: "New sliding rule: {rule}",
  ruleIntroNote: "After every pair you remove, the tiles slide this way. The rule stays shown above the board.",
  ruleGotIt: "Got it",
  noPathJoins: "These tiles match, but no line with at most two turns joins them",

  // pause
  pausedTitle: "Paused",
  pausedNote: "The tiles are hidden while the clock is stopped.",

  // no moves
  noMovesTitle: "No moves",
  noMovesNote: "No two free tiles match.",
  noMovesUndo: "Undo the last move",
  noMovesShuffle: "Shuffle the tiles",
  noMovesNew: "New game",
  backToWinnable: ngettext("Back to the last winnable position ({n} move)",
    "Back to the last winnable position ({n} moves)"),
  shuffleImpossible: "No shuffle can help: the remaining tiles cannot all be cleared. Undo or start a new game.",
  shuffleNotFoundTitle: "No shuffle found yet",
  shuffleNotFound: "No solvable shuffle was found yet: the search stopped before it found one or proved there is none. Search longer, or undo a few pairs.",
  shuffleSearchLonger: "Search longer",
  shuffleSearching: "Searching for a solvable shuffle…",
  shuffleStillNotFound: "Still no solvable shuffle found. Undo a few pairs, or start a new game.",

  // win
  winTitle: "You won!",
  winTime: "Time",
  winHints: "Hints",
  winUndos: "Undos",
  winShuffles: "Shuffles",
  winRank: "Place {rank} on your leaderboard",
  winNoRank: "Not in your top 10 this time",
  winUnranked: "Saved, but not ranked: this win was faster than anyone can play by hand",
  playAgain: "Play again",
  winNewGame: "New game",
  winShare: "Share",

  // daily challenges: the calendar and the board's badge
  dailyTitle: "Daily challenges",
  playToday: "Play today",
  playThisDay: "Play this day",
  dailyStreakNote: "A streak counts the days in a row whose challenge you won on the day itself (UTC).",
  dayWon: "Challenge won",
  dayPlayed: "Challenge played",
  dayNotPlayed: "Not played",
  dayBestTime: "best {time}",
  dayBoardTitle: "That day's board",
  dayChallenge: "Rules: {title}",
  colScore: "Score",
  loadingBoard: "Loading…",
  noDayWinners: "Nobody has finished this day's challenge yet.",
  dailyBadge: "Daily — {date}",
  boardLabelDaily: "Board: daily challenge of {date}",
  dailyStreakSummary: ngettext("Daily streak: {n} day in a row (best {best})", "Daily streak: {n} days in a row (best {best})"),

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
  noWinsFiltered: "No wins on this layout at this level yet.",
  allLayouts: "All layouts",
  allDifficulties: "All levels",
  boardFilters: "Show the wins of one layout or level",
  winsShown: ngettext("{n} win shown", "{n} wins shown"),
  // fair boards (aids/fair-boards.js)
  showAllWins: "Show all wins",
  allWinsShown: "All wins shown, assisted wins and later attempts too",
  fairWinsShown: "Only fair wins shown",
  dailyFairRule: "Each player's first finished attempt at the day's deal counts, if won without a hint, a shown solution or the way back; undo and shuffle are allowed.",
  bestFairRule: "Wins with a hint, a shown solution or the way back are listed only with Show all wins.",
  markAssisted: "assisted",
  markLaterAttempt: "later attempt",

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
  medianTime: "Median time",
  assistedWins: "Assisted wins",
  colAssisted: "Assisted",
  colMedian: "Median",
  colStreak: "Streak",
  streakTitle: "current streak / best streak",
  streakPair: "{current} / {best}",
  statsAssistedNote: "Best and median count the wins without a hint; wins with a hint are counted apart as assisted.",
  chartShow: "Show",
  chartMedian: "median {time}",
  chartAssisted: "with a hint",
  chartUnassisted: "without a hint",
  storyFewWins: ngettext("Win {n} more game to see how your times move.", "Win {n} more games to see how your times move."),
  storySteady: ngettext("Your last {n} win holds steady around {time}.", "Your last {n} wins hold steady around {time}."),
  storyFaster: ngettext("Your last {n} win is {percent} faster than the one before.", "Your last {n} wins are {percent} faster than the {n} before."),
  storySlower: ngettext("Your last {n} win is {percent} slower than the one before.", "Your last {n} wins are {percent} slower than the {n} before."),

  // settings
  settingsTitle: "Settings",
  tileStyle: "Tile style",
  styleClassic: "Classic",
  styleNumbers: "Numbers",
  styleContrast: "High contrast",
  styleFlat: "Modern",
  lookTitle: "Tiles and background",
  lookPreview: "Preview: {style} tiles on {background}: {tiles}",
  background: "Background",
  backgroundFelt: "Green felt",
  backgroundNight: "Night blue",
  backgroundWood: "Dark wood",
  backgroundSlate: "Slate",
  backgroundPaper: "Rice paper",
  backgroundPlain: "Plain black",
  theme: "Theme",
  themeLight: "Light",
  themeDark: "Dark",
  themeSystem: "System",
  showTimer: "Show the timer",
  settingsCalm: "Calm play",
  confirmAbandonSetting: "Ask before leaving a game in progress",
  confirmAbandonNote: "A game you leave after playing a pair counts as lost.",
  zenSetting: "Zen: hide the timer, the counters and the winnable chip while playing",
  zenNote: "Your time and counts are still kept, and shown when the game ends.",

  // confirm before abandoning
  leaveTitle: "Abandon this game?",
  leaveNote: "You have played pairs in this game. Leaving it counts as a loss in your statistics.",
  leaveSettingNote: "You can turn this question off in the settings.",
  leaveKeepPlaying: "Keep playing",
  leaveAbandon: "Abandon it",
  announceKeptPlaying: "You keep playing this game.",

  // progress marks and the Layouts page
  progressWon: "You won this layout",
  progressWonBest: "Won · best {time}",
  layoutsTitle: "Layouts",
  ownLayoutsHeading: "Your layouts",
  ownLayoutsNone: "You have no layouts of your own yet: import a file or draw one in the layout editor.",
  openLayoutEditor: "Open the layout editor",
  language: "Language",
  languageNote: "The game follows your browser's language until you choose one here.",
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
  rulesKeys: "Keys: H hint · Z undo · Y redo · S shuffle · A solve · F finish · P pause · N new game",
  rulesKeysBoard: "On the board: the arrow keys move between the free tiles, Home and End go to the first and the last, Enter or Space selects.",
  aboutTitle: "About",
  about: "Mahjong Solitaire: every deal is solvable by construction. The tile faces are drawn by this program.",

  // the tile guide (dialogs/tile-guide.js)
  tileGuide: "Tile guide",
  tileGuideTitle: "Tile guide",
  tileGuideIntro: "The 144 tiles are 42 kinds: three suits numbered 1 to 9, four winds and three dragons, four tiles of each, and four flowers and four seasons, one tile of each.",
  tileGuideMatch: "A suit, wind or dragon tile matches the three other tiles of its kind.",
  tileGuideBonus: "Any flower matches any other flower, and any season any other season; a flower never matches a season.",
  tileGuideBamboo: "Bamboo suit",
  tileGuideCircles: "Circles suit",
  tileGuideCharacters: "Characters suit",
  tileGuideWinds: "Winds",
  tileGuideDragons: "Dragons",
  tileGuideFlowers: "Flowers",
  tileGuideSeasons: "Seasons",
  depictBird: "A bird, often a sparrow or a peacock, stands for the single stick",
  depictSticks: "Bamboo sticks, as many as its number",
  depictCircles: "Circles, or coins, as many as its number",
  depictCharacters: "Its number in Chinese over the character 萬, ten thousand",
  depictWind: "The character {char}, its direction in Chinese",
  depictRed: "The character 中 (zhōng, middle), in red",
  depictGreen: "The character 發 (fā, fortune), in green",
  depictWhite: "A blank face in a frame (bái, white)",
  depictFlower: "A spray of the plant of its name, one of the four noble plants",
  depictSeason: "A picture of its season",

  // the first-run guide (a practice board played in the page)
  menuGuide: "How to play",
  guideTitle: "How to play",
  guideBoard: "Practice board",
  guideStep: "Step {n} of {total}",
  guideFree: "A tile is free when no tile lies on it and its left or right side is open. Free tiles are bright, blocked ones dimmed: tap a dimmed tile to see.",
  guidePair: "Tap two matching free tiles to take them off the board. Flowers match any flower, seasons any season.",
  guideHint: "Stuck? Hint (H) shows a pair that keeps the game winnable.",
  guideUndo: "Undo (Z) puts the last pair back. Take a pair if you have none, then undo it.",
  guideShuffle: "Shuffle (S) deals the tiles left again, and the game stays winnable.",
  guideChip: "The chip in the top bar says whether the position can still be won: ✓ Winnable or ✗ Lost. Here it follows this little board.",
  guideWellDone: "Well done!",
  guideBlockedTap: "{name} is blocked: a tile lies on it, or both its sides are closed.",
  guideCleared: "Board cleared!",
  guideBack: "Back",
  guideNext: "Next step",
  guideFinish: "Start playing",
  guideSkip: "Skip the guide",

  // errors
  errorNetwork: "The game server does not answer. Check that it is running, then try again.",
  errorGeneric: "Something went wrong: {message}",
  errorStale: "The game changed in another tab; showing the latest position.",

  // the server out of reach, full screen (server-connection.js, installable.js)
  offlineMessage: "The game server cannot be reached. Your game is safe on it; this page keeps trying.",
  offlineRetryIn: "Next try in {seconds} s",
  offlineTrying: "Trying…",
  offlineRetryNow: "Try now",
  offlineBack: "The game server answers again.",
  menuFullscreen: "Full screen",
  menuFullscreenLeave: "Leave full screen",
  announceFullscreen: "Full screen",
  announceFullscreenLeft: "Left full screen",
  fullscreenRefused: "The browser did not allow full screen.",

  // the board's view: turned, zoomed, fitted (board/viewport.js)
  turnBoard: "Turn the board",
  turnBoardBack: "Turn the board back",
  keysTurn: "R",
  fitBoard: "Fit the board to the screen",
  keysFit: "0",
  announceBoardTurned: "Board turned a quarter",
  announceBoardUpright: "Board upright",
  announceZoom: "Zoom {percent}",
  announceBoardFitted: "Board fitted to the screen",
  rulesKeysView: "The board's view: + and − zoom in and out, 0 fits the board to the screen, R turns it a quarter. The mouse wheel or two fingers zoom at the pointer; once zoomed, drag the board to move it.",

  // accessibility: names of the board and its tiles, what the live region announces
  boardLabel: "Board",
  tileFree: "{name}, free",
  tileBlocked: "{name}, blocked",
  announceSelected: "{name} selected",
  announceDeselected: "Selection cleared",
  announceBlocked: "{name} is blocked: take a free tile",
  announceMatched: ngettext("Pair of {name} removed. {n} tile left.", "Pair of {name} removed. {n} tiles left."),
  announceHint: "Hint: {first} and {second}",
  announceUndone: "Move undone",
  announceRedone: "Move redone",
  announceShuffled: "Tiles shuffled",
  announceNewGame: "New game: {layout}, {difficulty}",
  announceWon: "You won in {time}!",
  announcePaused: "Paused",
  announceResumed: "Game resumed",
  announceShuffledPairs: ngettext("Tiles shuffled: {n} pair free", "Tiles shuffled: {n} pairs free"),

  // motion (board/motion.js, settings/motion-setting.js)
  motionSetting: "Animations",
  motionNote: "Tiles leave, move and celebrate with short animations. They are off as well when your system asks for reduced motion.",
  announceMotionOn: "Animations on",
  announceMotionOff: "Animations off",

  // the aids of rules §5.9–§5.12: the solution demo, Finish, Restart, highlight, sound
  solve: "Solve",
  keysSolve: "A",
  finish: "Finish",
  keysFinish: "F",
  menuRestart: "Restart this deal",
  demoLabel: "Solution demo",
  demoShowing: "Showing the solution",
  demoPause: "Pause the demo",
  demoResume: "Resume the demo",
  demoStop: "Stop, I'll play",
  demoSpeed: "Speed",
  announceDemoStarted: "Showing the solution, one pair at a time. A pauses, Escape stops.",
  announceDemoStep: "Next in the solution: {first} and {second}",
  announceDemoPaused: "Demo paused",
  announceDemoResumed: "Demo resumed",
  announceDemoStopped: "Demo stopped: your turn",
  solveLostTitle: "This position cannot be won",
  solveLostNote: ngettext("Go back {n} move to the last position that can still be won, and show the solution from there?",
    "Go back {n} moves to the last position that can still be won, and show the solution from there?"),
  solveLostNoWay: "No earlier position that can still be won was found. Undo, shuffle, or start a new game.",
  solveGoBack: "Go back and show the solution",
  solveUnknown: "No solution was found in time from this position. Try a hint, or undo a few moves.",
  announceFinished: "Finished: the rest of the tiles are cleared",
  announceRestarted: "The same deal again, from the start",
  winSolutionShown: "Saved, but not ranked: the solution was shown in this game",
  gamesSolved: "Won with the solution shown",
  settingsAids: "Aids",
  highlightMatches: "Highlight the free tiles that match the selected one",
  soundOn: "Sound",
  soundVolume: "Volume",

  // the tray of removed tiles (rules §5.13; board/removed-tray.js)
  removedTray: "Removed tiles",
  removedTotal: ngettext("{n} tile removed", "{n} tiles removed"),
  removedGroup: ngettext("{name}: {n} tile", "{name}: {n} tiles"),
  removedTraySetting: "Show the tiles removed so far",
  removedTrayNote: "A tray beside the board shows the tiles that have left it, grouped by kind. Undo puts them back.",

  // the review of a game and its replay (rules §5.14; review/)
  review: "Review",
  reviewTitle: "Review of the game",
  replayTitle: "Replay of the game",
  reviewMoves: "Moves",
  reviewLongestThink: "Longest think",
  reviewTimeStuck: "Time stuck",
  reviewTimeline: "Moves of the game",
  reviewMoveNumber: "Move {n}",
  reviewEnd: "End of the game",
  reviewMarkWinnable: "still winnable",
  reviewMarkLost: "lost",
  reviewMarkUnknown: "not known",
  reviewLostHere: "lost here: the first losing move",
  reviewStep: "Move {n} of {total}: {move}, {verdict}",
  reviewStepPlain: "Move {n} of {total}: {move}",
  reviewEndStep: ngettext("End of the game: {n} tile left", "End of the game: {n} tiles left"),
  reviewBetter: "This move lost the game; {pair} would have kept it winnable",
  reviewPair: "{first} and {second}",
  reviewBack: "Back to the last winnable position",
  reviewStillWinnable: "still winnable",
  reviewLost: "the game can no longer be won",
  reviewUnknown: "not known whether it can still be won",
  reviewKeys: "The arrow keys, Home and End step through the moves; P plays and pauses the replay.",
  reviewPrevious: "Previous move",
  reviewNext: "Next move",
  reviewTryFromHere: "Try from here",
  replayPlay: "Play the replay",
  replayPause: "Pause the replay",
  replaySpeed: "Replay speed",
  replaySpeedValue: "{speed}×",
  replayShare: "Share replay",
  practiceBadge: "Practice",
  // the Statistics page's history of the games over or stuck (dialogs/played-games.js)
  playedTitle: "Your games",
  playedNone: "No game is over yet.",
  playedWon: "Game won",
  playedSolved: "Won with the solution shown",
  playedStuck: "Stuck: no moves left",
  playedAbandoned: "Game abandoned",
  playedLost: "Challenge lost",
  playedMore: "Show more games",
  playedMoreShown: ngettext("{n} more game shown", "{n} more games shown"),

  // challenges (rules §13; js/challenges/): the New game section, the strip, the dialogs
  challengesTitle: "Challenges",
  challengesNote: "The layout and the difficulty chosen above, under rules of their own: the server keeps the clock and the score.",
  challengeLabel: "Challenge: {title}",
  challengeScore: "Score",
  challengeTimeLeft: "Time left",
  challengePairs: "Pairs",
  challengeMarked: "Suit",
  challengeRefused: "This challenge does not allow that aid.",
  challengeRuleNew: "New challenge: {title}",
  challengeRuleNote: "The server keeps the clock and the score. Escape closes this card.",
  challengeScoreMade: "How the score was made",
  challengeTotal: "Score: {score}",
  challengePartPairs: "Pairs",
  challengePartCombos: "Quick pairs in a row",
  challengePartHints: "Hints",
  challengePartShuffles: "Shuffles",
  challengePartClean: "No hint or undo",
  challengePartTime: "Time",
  plainPlay: "Plain play",
  challengeFilter: "Challenge",
  challengeShown: "Showing: {title}",
  bestScore: "Best score",
  lostTitle: "Challenge lost",
  lostTimeRanOut: "The time ran out.",
  lostTargetMissed: "The time ran out before you reached the target.",
  lostNoMoves: "No pairs are left to take, and this challenge allows no shuffle.",
  tileFaceDown: "Face-down tile, blocked",
  announceChallengeStart: "Challenge {title}: {rule}",
  announceChallengeCombo: "Quick pairs in a row! Score {score}",
  announceChallengeTime: ngettext("{n} second left", "{n} seconds left"),
  announceChallengeWon: "Challenge won. Score {score}",
  announceChallengeLost: "Challenge lost. {reason} Score {score}",
};

/** Marks a counted text for extraction: `ngettext("{n} tile", "{n} tiles")`. */
export function ngettext(one, other) {
  return { plural: [one, other] };
}

/** The cookie the server reads for the language; localStorage keeps the choice too. */
const COOKIE = "mj_lang";
const STORE_KEY = "mahjong-solitaire.language";
const COOKIE_AGE = 5 * 365 * 24 * 3600;

// The catalogue until the server's arrives (or when it cannot): the msgids themselves.
let catalogue = {
  language: "en", locale: "en", messages: {}, tiles: {}, slides: {},
  plural: { categories: ["one", "other"] }, languages: [],
};

function readCookie() {
  const found = document.cookie.split(";").map((part) => part.trim().split("="))
    .find(([name]) => name === COOKIE);
  return found ? decodeURIComponent(found[1] || "") : null;
}

function writeCookie(lang) {
  document.cookie = `${COOKIE}=${encodeURIComponent(lang)}; path=/; max-age=${COOKIE_AGE}; samesite=lax`;
}

/** The language chosen in the settings (null: follow the browser). */
export function chosenLanguage() {
  try {
    return localStorage.getItem(STORE_KEY) || readCookie();
  } catch (problem) {
    if (!(problem instanceof DOMException)) throw problem; // storage refused: the cookie says
    return readCookie();
  }
}

/**
 * Fetch the catalogue of `lang` (default: the server's choice: the remembered language,
 * else the browser's) and use it from now on; sets `<html lang>`.  A language kept in
 * localStorage but not in the cookie (cleared cookies) is written back first.
 */
export async function loadCatalogue(lang = null) {
  const remembered = chosenLanguage();
  const lost = !lang && remembered && readCookie() !== remembered;
  if (lost) writeCookie(remembered);
  // (the catalogue the page preloads was asked for without the cookie: ask by name)
  const asked = lost ? remembered : lang;
  const response = await fetch(asked ? `/api/i18n/${encodeURIComponent(asked)}` : "/api/i18n",
    { credentials: "same-origin" });
  if (!response.ok) throw new Error(`${response.status}`);
  catalogue = await response.json();
  document.documentElement.lang = catalogue.locale;
  return catalogue;
}

/** Choose (and remember) the language of the page, then load its catalogue. */
export async function chooseLanguage(lang) {
  writeCookie(lang);
  try {
    localStorage.setItem(STORE_KEY, lang);
  } catch (problem) {
    if (!(problem instanceof DOMException)) throw problem; // private mode: the cookie remembers
  }
  return loadCatalogue(lang);
}

/** The languages of the switcher: [{code, name, locale}], each named in its own language. */
export function languages() {
  return catalogue.languages || [];
}

/** The current language code ("pt") and its BCP 47 locale ("pt-PT"). */
export function language() {
  return catalogue.language;
}

export function locale() {
  return catalogue.locale;
}

function translate(msgid) {
  const found = catalogue.messages[msgid];
  return typeof found === "string" && found ? found : msgid;
}

function fill(text, values) {
  return text.replace(/\{(\w+)\}/g, (_, name) => (name in values ? String(values[name]) : `{${name}}`));
}

/** The string `key` in the current language, with `{name}` placeholders filled from `values`
 * (a counted text takes its count from `values.n`; a list gives the list). */
export function t(key, values = {}) {
  const source = STRINGS[key];
  if (source === undefined) return key;
  if (Array.isArray(source)) return source.map(translate);
  if (typeof source === "object") return tn(key, values.n ?? 0, values);
  return fill(translate(source), values);
}

/** The form of the counted text `key` for `n` (`{n}` filled with n, written for the language). */
export function tn(key, n, values = {}) {
  const [one, other] = STRINGS[key].plural;
  const forms = catalogue.messages[one];
  let text = n === 1 ? one : other;
  if (Array.isArray(forms) && forms.length) {
    const categories = catalogue.plural.categories;
    const at = categories.indexOf(new Intl.PluralRules(catalogue.locale).select(n));
    text = forms[at >= 0 ? at : categories.indexOf("other")] || forms[forms.length - 1];
  }
  return fill(text, { ...values, n: formatNumber(n) });
}

/** The spoken name of a tile label: "5 of Bamboo", "North wind", "Plum"... */
export function tileName(label) {
  return (label && catalogue.tiles[label]) || label || "";
}

/** The name of a Connect sliding rule ("down" -> "Down"). */
export function slideRuleName(rule) {
  return catalogue.slides[rule] || rule;
}

/** What a Connect sliding rule does, in one line ("down" -> "Every column packs down…"). */
export function slideRuleNote(rule) {
  return (catalogue.slide_notes && catalogue.slide_notes[rule]) || "";
}

/** A difficulty (easy, normal, hard) as the language names it; anything else as it is. */
export function difficultyName(value) {
  return ["easy", "normal", "hard"].includes(value) ? t(value) : value || "";
}

/** A number as the language writes it. */
export function formatNumber(value) {
  return new Intl.NumberFormat(catalogue.locale).format(value);
}

/** A ratio (0.5) as a percentage in the language. */
export function formatPercent(ratio) {
  return new Intl.NumberFormat(catalogue.locale, { style: "percent", maximumFractionDigits: 0 }).format(ratio);
}

/** A date (a Date or an ISO string) in the language: "29 nov. 2026". */
export function formatDate(value, options = { year: "numeric", month: "short", day: "numeric" }) {
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return String(value);
  return new Intl.DateTimeFormat(catalogue.locale, options).format(date);
}
