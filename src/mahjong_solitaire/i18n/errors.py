"""What the player reads for each error of the JSON API (``{"error": code}``) and of the
command line, in every language: a catalogue keyed by *message key*.

An error code's message key is its own value unless the code names another
(``ErrorCode.message_key`` in :mod:`mahjong_solitaire.web.http.errors`, the one table of
the API's errors); a refusal may name another message than its code's (``bad_connect_code``
for a bad Connect code, ``body_too_large`` for a body over the JSON limit).

    >>> error_message("bad_code", "it")  # doctest: +NORMALIZE_WHITESPACE
    'Questo non è un codice partita. Un codice è fatto così: MJ2-L00-ABCDEFG
     (o MJ1-L00-ABCDEFG per una partita più vecchia).'
    >>> error_message("no-such-code", "en") == translator("en")(UNKNOWN_ERROR)
    True
"""

from __future__ import annotations

from .translator import N_, translator

__all__ = ["ERROR_MESSAGES", "UNKNOWN_ERROR", "error_message"]

#: The message of ``server_error``, and of a key missing from :data:`ERROR_MESSAGES`.
UNKNOWN_ERROR = N_("Something went wrong on the server.")

#: The English message (a msgid) of each message key.
ERROR_MESSAGES: dict[str, str] = {
    # a refused value
    "bad_request": N_("The game could not do that: the request is not valid."),
    "bad_code": N_(
        "That is not a game code. A code looks like MJ2-L00-ABCDEFG (or MJ1-L00-ABCDEFG for "
        "an older game)."
    ),
    "bad_connect_code": N_(
        "That is not a Connect code. A code looks like CN2-1808B-AAAAABL (or CN1-1808B-AAAAABL "
        "for an older game)."
    ),
    "bad_layout": N_("That layout is unknown or not a valid layout."),
    "bad_date": N_("That is not a date. Dates are written YYYY-MM-DD."),
    "bad_history": N_(
        "That file is not a history of this game, or its games do not match their moves: "
        "nothing was imported."
    ),
    "future_date": N_("That day's challenge has not started yet."),
    # refused before any route runs
    "cross_site": N_("The game refused a request sent by another web site."),
    "unknown_host": N_("This server does not answer to that address."),
    "too_large": N_("The file is larger than a layout file can be."),
    "body_too_large": N_("The request is larger than the game accepts."),
    "history_too_large": N_("The file is larger than a history file can be."),
    "unsupported_media_type": N_(
        "The game could not do that: the request is not in a form it takes."
    ),
    # nothing there
    "unknown_game": N_("This game does not exist for this player."),
    "unknown_layout": N_("There is no such layout."),
    "unknown_replay": N_("There is no replay at this link, or not yet."),
    "unknown_language": N_("There is no catalogue for that language."),
    "not_found": N_("There is nothing at this address."),
    # not now
    "illegal_action": N_("That move is not possible now."),
    "aid_refused": N_("This challenge does not allow that aid."),
    "no_shuffle": N_("No shuffle can help: the remaining tiles cannot all be cleared."),
    "shuffle_not_found": N_(
        "No solvable shuffle was found yet. Search longer, or undo a few pairs."
    ),
    "stale_version": N_("The game changed in another tab; showing the latest position."),
    "game_over": N_("This game was replaced by a newer one."),
    "game_in_play": N_("This game is still in play: it can be reviewed once it is over."),
    "stage_locked": N_("This stage is locked: clear the stages before it first."),
    "wrong_mode": N_("This game belongs to the other mode."),
    "too_many_layouts": N_("You keep as many imported layouts as you can: delete one first."),
    "too_many_requests": N_("Too many requests at once. Wait a moment, then try again."),
    # the server's side
    "corrupt_game": N_("This saved game cannot be rebuilt."),
    "server_error": UNKNOWN_ERROR,
    "unavailable": N_("The game cannot reach its database just now. Try again in a moment."),
    "busy": N_("The server is busy with other players' work. Try again in a moment."),
}


def error_message(key: str, lang: str) -> str:
    """What the player reads for a message key, in ``lang``; a general message for an
    unknown key."""
    return translator(lang)(ERROR_MESSAGES.get(key, UNKNOWN_ERROR))
