"""The web front end, beside the terminal, Telegram and Discord: a page for every game (its board, its moves, its
review, followed live) and for every chat (its games and its tournament), read-only, in the viewer's language.

``server.add_pages`` puts the pages on the aiohttp application that serves ``/healthz`` and ``/metrics``;
``html`` writes them; ``live.Hub`` tells open pages of each change; ``static/`` holds the one script and stylesheet.
"""
