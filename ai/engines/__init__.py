"""One module per game, each with its ``ENGINE`` (an :class:`ai.engine.Engine`); see :func:`ai.engine.engine_for`."""
