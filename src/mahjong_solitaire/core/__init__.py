"""The shared core of every mode: tiles, layouts' geometry, the classic free-rule board and
moves, undo/redo, the tap game, the random generator, difficulty, dealing faces, and the
parts every game code shares.

Nothing here knows a mode's rules of dealing or its codes; the modes
(:mod:`mahjong_solitaire.classic`, :mod:`mahjong_solitaire.connect`) are built on it.
"""
