"""The chat application: the platform-neutral service and its front ends."""

from __future__ import annotations


def __getattr__(name: str) -> str:
    """``bot.__version__``, read from the installed package's metadata when first asked (importing the metadata
    machinery costs the container's health check, which imports ``bot``, a third of its time)."""
    if name != "__version__":
        raise AttributeError(name)
    from importlib import metadata

    try:
        return metadata.version("boardgame-bot")
    except metadata.PackageNotFoundError:  # run from a source tree that was never installed
        return "unknown"
