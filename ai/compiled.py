"""Compiling the engines' inner loops with Numba, cached on disk.

The first process compiles them (beside the sources, or in ``NUMBA_CACHE_DIR``); every later one
loads the machine code in a moment. Without Numba the same functions run as ordinary Python.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

_compile: Any
try:
    from numba import njit as _compile
except ImportError:  # the engine still works, only slower
    _compile = None

F = TypeVar("F", bound=Callable[..., Any])


def njit(signature: str | None = None, **options: Any) -> Callable[[F], F]:
    """Compile with Numba when it is installed, cached on disk (a restart loads the machine code instead of
    compiling it again); otherwise leave the function as it is. A function that calls itself must be given
    its ``signature`` (Numba caches a self-recursive function reliably only then; it is compiled at once,
    when its module is imported, so whatever it calls must be defined above it)."""

    def wrap(function: F) -> F:
        if _compile is None:
            return function
        compiling = {"cache": True, **options}
        compiled: F = _compile(signature, **compiling)(function) if signature else _compile(**compiling)(function)
        return compiled

    return wrap
