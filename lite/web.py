"""The installable, offline part of the browser edition (stub while the build settles)."""
from pathlib import Path


def finish(site: Path) -> None:
    pass
