"""What the player reads for each error code of the JSON API (``{"error": code}``) and of
the command line, in every language.

    >>> error_message("bad_code", "it")  # doctest: +NORMALIZE_WHITESPACE
    'Questo non è un codice partita. Un codice è fatto così: MJ2-L00-ABCDEFG
     (o MJ1-L00-ABCDEFG per una partita più vecchia).'
    >>> error_message("no-such-code", "en") == translator("en")(UNKNOWN_ERROR)
    True
"""

from __future__ import annotations

from .translator import N_, translator

__all__ = ["ERRORS", "UNKNOWN_ERROR", "error_message"]

#: The English message (a msgid) of each error code.
ERRORS: dict[str, str] = {
    "bad_request": N_("The game could not do that: the request is not valid."),
    "bad_body": N_("The game could not do that: the request is not valid."),
    "bad_code": N_(
        "That is not a game code. A code looks like MJ2-L00-ABCDEFG (or MJ1-L00-ABCDEFG for "
        "an older game)."
    ),
    "bad_connect_code": N_(
        "That is not a Connect code. A code looks like CN2-1808B-AAAAABL (or CN1-1808B-AAAAABL "
        "for an older game)."
    ),
    "bad_layout": N_("That layout is unknown or not a valid layout."),
    "unknown_layout": N_("There is no such layout."),
    "too_large": N_("The file is larger than a layout file can be."),
    "stage_locked": N_("This stage is locked: clear the stages before it first."),
    "wrong_mode": N_("This game belongs to the other mode."),
    "unknown_language": N_("There is no catalogue for that language."),
    "bad_history": N_(
        "That file is not a history of this game, or its games do not match their moves: "
        "nothing was imported."
    ),
    "bad_date": N_("That is not a date. Dates are written YYYY-MM-DD."),
    "future_date": N_("That day's challenge has not started yet."),
    "too_many_layouts": N_("You keep as many imported layouts as you can: delete one first."),
    "unknown_game": N_("This game does not exist for this player."),
    "illegal_action": N_("That move is not possible now."),
    "stale_version": N_("The game changed in another tab; showing the latest position."),
    "game_over": N_("This game was replaced by a newer one."),
    "no_shuffle": N_("No shuffle can help: the remaining tiles cannot all be cleared."),
    "shuffle_not_found": N_(
        "No solvable shuffle was found yet. Search longer, or undo a few pairs."
    ),
    "corrupt_game": N_("This saved game cannot be rebuilt."),
    "not_found": N_("There is nothing at this address."),
    "method_not_allowed": N_("The game could not do that: the request is not valid."),
}
#: The message of a code missing from :data:`ERRORS`.
UNKNOWN_ERROR = N_("Something went wrong on the server.")


def error_message(code: str, lang: str) -> str:
    """What the player reads for an error code; a general message for unknown codes."""
    return translator(lang)(ERRORS.get(code, UNKNOWN_ERROR))
