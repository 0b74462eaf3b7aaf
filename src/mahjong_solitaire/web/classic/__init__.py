"""Classic games on the web: their routes under ``/api/games`` (:mod:`.routes`), how a game
is drawn (:mod:`.view`), what the routes take and answer (:mod:`.models`), and the layout
a share link brings along (:mod:`.shared_layouts`).  The mode
names :mod:`.routes` as its web side (``CLASSIC.web``)."""
