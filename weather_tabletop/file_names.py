"""File names every system the app runs on accepts (issue 28).

A save's name is its file name, and the app puts two more files beside it: ``.<name>.lock``
(savelock.py) and, while a copy or rewrite runs, a temporary file. Most file systems allow 255
*bytes* in a name, not 255 characters, and Windows refuses its device names (CON, NUL, COM1, ...,
with any extension) and names ending in a dot or a space. A name is checked against all of these
wherever the app is running, so a game saved on Linux can be copied to Windows and opened there.
"""

from __future__ import annotations

import re

NAME_BYTES = 255  # a name's length limit on ext4, APFS, NTFS (UTF-16 units there), exFAT
LOCK_EXTRA = len(".") + len(".lock")  # the lock file beside a save: ".<name>.lock"
WINDOWS_DEVICES = re.compile(r"con|prn|aux|nul|conin\$|conout\$|com[0-9¹²³]|lpt[0-9¹²³]", re.IGNORECASE)


def name_problem(name: str) -> str | None:
    """Why ``name`` (a whole file name, suffix included) cannot be a save's file name
    everywhere: "long", "reserved" or "ends" (a dot or a space at its end); None when it can."""
    if len(name.encode("utf-8")) + LOCK_EXTRA > NAME_BYTES or len(name.encode("utf-16-le")) // 2 \
            + LOCK_EXTRA > NAME_BYTES:
        return "long"
    if WINDOWS_DEVICES.fullmatch(name.split(".", 1)[0].rstrip(" ")):  # "CON", "nul.txt", "AUX .x"
        return "reserved"
    if name.endswith((".", " ")):
        return "ends"
    return None
