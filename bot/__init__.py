"""The chat application: the platform-neutral service and its front ends."""

from importlib import metadata

try:
    __version__ = metadata.version("boardgame-bot")
except metadata.PackageNotFoundError:  # run from a source tree that was never installed
    __version__ = "unknown"
