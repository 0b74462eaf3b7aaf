"""Classic games on the web: their routes under ``/api/games`` (:mod:`.routes`), how a game
is drawn (:mod:`.view`) and what the routes take and answer (:mod:`.models`).  The mode
names :mod:`.routes` as its web side (``CLASSIC.web``)."""
