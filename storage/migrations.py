"""Numbered schema migrations, applied in order at start-up (``PRAGMA user_version`` holds the last)."""

MIGRATIONS: list[str] = [
    # 1: the first schema
    """
    CREATE TABLE users (
        id INTEGER PRIMARY KEY,
        platform TEXT NOT NULL,
        platform_id TEXT NOT NULL,
        name TEXT NOT NULL,
        language TEXT,
        prefs TEXT NOT NULL DEFAULT '{}',
        created_at REAL NOT NULL,
        UNIQUE (platform, platform_id)
    );
    CREATE TABLE chats (
        id INTEGER PRIMARY KEY,
        platform TEXT NOT NULL,
        platform_id TEXT NOT NULL,
        settings TEXT NOT NULL DEFAULT '{}',
        created_at REAL NOT NULL,
        UNIQUE (platform, platform_id)
    );
    CREATE TABLE challenges (
        id INTEGER PRIMARY KEY,
        chat_id INTEGER NOT NULL REFERENCES chats (id),
        game TEXT NOT NULL,
        options TEXT NOT NULL,
        challenger_id INTEGER NOT NULL REFERENCES users (id),
        target_id INTEGER REFERENCES users (id),
        ai_level TEXT,
        colour TEXT NOT NULL,
        time_per_move INTEGER,
        status TEXT NOT NULL,
        created_at REAL NOT NULL,
        game_id INTEGER REFERENCES games (id)
    );
    CREATE INDEX challenges_open ON challenges (chat_id, status);
    CREATE TABLE games (
        id INTEGER PRIMARY KEY,
        game TEXT NOT NULL,
        options TEXT NOT NULL,
        chat_id INTEGER NOT NULL REFERENCES chats (id),
        white_id INTEGER NOT NULL REFERENCES users (id),
        black_id INTEGER NOT NULL REFERENCES users (id),
        ai_level TEXT,
        state TEXT NOT NULL,
        moves TEXT NOT NULL,
        status TEXT NOT NULL,
        result TEXT,
        time_per_move INTEGER,
        deadline REAL,
        remind_stage INTEGER NOT NULL DEFAULT 0,
        last_move_at REAL NOT NULL,
        version INTEGER NOT NULL DEFAULT 1,
        created_at REAL NOT NULL,
        updated_at REAL NOT NULL,
        board_message_id TEXT,
        takeback_by INTEGER,
        draw_by INTEGER
    );
    CREATE INDEX games_chat ON games (chat_id, status);
    CREATE INDEX games_white ON games (white_id, status);
    CREATE INDEX games_black ON games (black_id, status);
    CREATE INDEX games_deadline ON games (status, deadline);
    CREATE TABLE ratings (
        user_id INTEGER NOT NULL REFERENCES users (id),
        game TEXT NOT NULL,
        scope TEXT NOT NULL,
        rating REAL NOT NULL,
        games INTEGER NOT NULL DEFAULT 0,
        wins INTEGER NOT NULL DEFAULT 0,
        losses INTEGER NOT NULL DEFAULT 0,
        draws INTEGER NOT NULL DEFAULT 0,
        PRIMARY KEY (user_id, game, scope)
    );
    """,
    # 2: a discussion thread per game, on platforms that have threads
    """
    ALTER TABLE games ADD COLUMN thread_id TEXT;
    """,
]
