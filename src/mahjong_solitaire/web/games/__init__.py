"""What the game requests of every mode share: the request's lifecycle (:mod:`.lifecycle`:
the player, the game at its version, the action, the save, the answer), the games this
process keeps (:mod:`.live_games`), the view every mode's drawing derives from
(:mod:`.view`), the modes' web sides found through their :class:`Mode` (:mod:`.registry`),
the shared wire models (:mod:`.models`), the shared aids (:mod:`.aids`), the reads of a
game of any mode (:mod:`.routes`), and the engine work a request may spend
(:mod:`.budgets`) and where the heavy work runs (:mod:`.jobs`: a pool of worker
processes)."""
