"""oracle: an AI-assisted solo and GM oracle for Trophy, Die Trying and Triptycho.

The rules core (``oracle.trophy``, ``oracle.die_trying``, ``oracle.triptycho``) is pure and
authoritative; the narrator only voices results the rules already decided.
"""

from __future__ import annotations

__version__ = "0.1.0"
