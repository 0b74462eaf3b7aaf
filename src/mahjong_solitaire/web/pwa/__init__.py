"""The installable app: the page as served at ``/`` (:mod:`.page`), the service worker's
script and its list of page files (:mod:`.service_worker`), and the app's icon drawn as
SVG and PNG (:mod:`.app_icon`)."""
