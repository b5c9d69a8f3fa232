"""The built-in opponent for Krepost: its engine (``engine.ENGINE``), searches and solvers."""
