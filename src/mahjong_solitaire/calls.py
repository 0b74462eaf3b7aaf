"""A function called in another process, with its exception carried back whole.

A worker process of the web's engine jobs (``web/games/jobs.py``) sends back what the
function raised by pickling it, and the server's process unpickles it by calling the
exception's class with its ``args``.  An exception whose ``__init__`` takes other
arguments than it passes on (``OrderNotFoundError(message, nodes)``) cannot be rebuilt
that way, and the pool would report a broken worker instead.  :func:`call` sends it as a
:class:`CarriedError` of its class, ``args`` and attributes, which
:meth:`CarriedError.rebuilt` makes into the same exception again.

This module imports the standard library only: a worker unpickles :func:`call` by
importing it, and must not import the web (nor a database library) to do so.  (Our own
code: neither the standard library's pools nor pebble carry such exceptions.)

    >>> class Stopped(ValueError):
    ...     def __init__(self, message: str, nodes: int) -> None:
    ...         super().__init__(message)
    ...         self.nodes = nodes
    >>> def search() -> None:
    ...     raise Stopped("ran out", 20000)
    >>> try:
    ...     call(search)
    ... except CarriedError as carried:
    ...     error = carried.rebuilt()
    >>> type(error).__name__, str(error), error.nodes
    ('Stopped', 'ran out', 20000)
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

__all__ = ["CarriedError", "call"]

T = TypeVar("T")


class CarriedError(Exception):
    """An exception of another process: its class, ``args`` and attributes."""

    def __init__(self, kind: type[BaseException], args: tuple[Any, ...], state: dict[str, Any]):
        super().__init__(kind, args, state)

    def rebuilt(self) -> BaseException:
        """The exception itself again (without its traceback)."""
        kind, args, state = self.args
        error: BaseException = kind.__new__(kind, *args)
        error.args = args
        error.__dict__.update(state)
        return error


def call(function: Callable[..., T], *args: Any, **kwargs: Any) -> T:
    """``function(*args, **kwargs)``; what it raises comes out as a :class:`CarriedError`."""
    try:
        return function(*args, **kwargs)
    except Exception as error:
        raise CarriedError(type(error), error.args, dict(getattr(error, "__dict__", {}))) from None
