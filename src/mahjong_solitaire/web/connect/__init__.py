"""Connect games on the web: their routes under ``/api/connect`` (:mod:`.routes`), how a
grid is drawn (:mod:`.view`) and what the routes take and answer (:mod:`.models`).  The mode
names :mod:`.routes` as its web side (``CONNECT.web``)."""
