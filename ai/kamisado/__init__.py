"""The built-in opponent for Kamisado: its engine (``engine.ENGINE``), searches and solvers."""
