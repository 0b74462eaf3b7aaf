"""Classic Mahjong Solitaire as a mode on the core: construction of solvable deals, the
generator with difficulty, ``MJ1-`` codes and the daily challenge, stages, the game with its
solver-backed aids, the solvable shuffle and the text picture.
"""
