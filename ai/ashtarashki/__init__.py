"""The built-in opponent for Ashtarashki: its engine (``engine.ENGINE``), searches and solvers."""
