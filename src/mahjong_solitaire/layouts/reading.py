"""What every layout file reader shares: the error it raises and how it names a layout.

>>> slug("My Turtle (v2).layout")
'my-turtle-v2-layout'
"""

from __future__ import annotations

import re

from ..core.layout import LayoutError

__all__ = ["LayoutFileError", "slug"]


class LayoutFileError(LayoutError):
    """A layout file that cannot be read; the message names the line or element."""


def slug(text: str, default: str = "imported") -> str:
    """A lowercase-dashed layout name made from a title or file name.

    >>> slug("My Turtle (v2).layout")
    'my-turtle-v2-layout'
    >>> slug("***")
    'imported'
    """
    name = re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")[:40].strip("-")
    return name or default
