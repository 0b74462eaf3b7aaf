"""The routes that are not a mode's game: the player and their boards (:mod:`.players`),
the daily challenges (:mod:`.daily`), layouts and their import (:mod:`.layouts`), the
layout editor (:mod:`.editor`), the history file
(:mod:`.history`) and the page's catalogues (:mod:`.i18n`), each with its models."""
