"""Numbered schema migrations, applied in order at start-up, the same for SQLite and PostgreSQL.

``{id}`` and ``{real}`` stand for what each dialect calls an automatic integer key and a double
precision number (:func:`scripts_for`). SQLite keeps the number of the last one applied in
``PRAGMA user_version``, PostgreSQL in the table ``schema_version``.
"""

from storage.models import StoreError

MIGRATIONS: list[str] = [
    # 1: the first schema
    """
    CREATE TABLE users (
        id {id},
        platform TEXT NOT NULL,
        platform_id TEXT NOT NULL,
        name TEXT NOT NULL,
        language TEXT,
        prefs TEXT NOT NULL DEFAULT '{{}}',
        created_at {real} NOT NULL,
        UNIQUE (platform, platform_id)
    );
    CREATE TABLE chats (
        id {id},
        platform TEXT NOT NULL,
        platform_id TEXT NOT NULL,
        settings TEXT NOT NULL DEFAULT '{{}}',
        created_at {real} NOT NULL,
        UNIQUE (platform, platform_id)
    );
    CREATE TABLE games (
        id {id},
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
        deadline {real},
        remind_stage INTEGER NOT NULL DEFAULT 0,
        last_move_at {real} NOT NULL,
        version INTEGER NOT NULL DEFAULT 1,
        created_at {real} NOT NULL,
        updated_at {real} NOT NULL,
        board_message_id TEXT,
        takeback_by INTEGER,
        draw_by INTEGER
    );
    CREATE INDEX games_chat ON games (chat_id, status);
    CREATE INDEX games_white ON games (white_id, status);
    CREATE INDEX games_black ON games (black_id, status);
    CREATE INDEX games_deadline ON games (status, deadline);
    CREATE TABLE challenges (
        id {id},
        chat_id INTEGER NOT NULL REFERENCES chats (id),
        game TEXT NOT NULL,
        options TEXT NOT NULL,
        challenger_id INTEGER NOT NULL REFERENCES users (id),
        target_id INTEGER REFERENCES users (id),
        ai_level TEXT,
        colour TEXT NOT NULL,
        time_per_move INTEGER,
        status TEXT NOT NULL,
        created_at {real} NOT NULL,
        game_id INTEGER REFERENCES games (id)
    );
    CREATE INDEX challenges_open ON challenges (chat_id, status);
    CREATE TABLE ratings (
        user_id INTEGER NOT NULL REFERENCES users (id),
        game TEXT NOT NULL,
        scope TEXT NOT NULL,
        rating {real} NOT NULL,
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
    # 3: per-game locks that hold across processes
    """
    CREATE TABLE game_locks (
        game_id INTEGER PRIMARY KEY,
        owner TEXT NOT NULL,
        until {real} NOT NULL
    );
    """,
    # 4: Krepost is counted after 100 turns of each player now; games begun before keep 100 in all
    """
    UPDATE games SET options = {krepost_old_count} WHERE game = 'krepost';
    """,
    # 5: unrated games
    """
    ALTER TABLE challenges ADD COLUMN rated INTEGER NOT NULL DEFAULT 1;
    ALTER TABLE games ADD COLUMN rated INTEGER NOT NULL DEFAULT 1;
    """,
    # 6: the outbox: what committed changes owe the chats, until it is delivered
    """
    CREATE TABLE outbox (
        id {id},
        chat_id INTEGER NOT NULL REFERENCES chats (id),
        game_id INTEGER REFERENCES games (id),
        kind TEXT NOT NULL,
        body TEXT NOT NULL,
        status TEXT NOT NULL,
        attempts INTEGER NOT NULL DEFAULT 0,
        due {real} NOT NULL,
        claimed_by TEXT,
        created_at {real} NOT NULL,
        sent_at {real}
    );
    CREATE INDEX outbox_due ON outbox (status, due);
    CREATE INDEX outbox_game ON outbox (game_id, status);
    CREATE TABLE seen_updates (
        platform TEXT NOT NULL,
        update_id TEXT NOT NULL,
        seen_at {real} NOT NULL,
        PRIMARY KEY (platform, update_id)
    );
    """,
    # 7: what the clocks and the bot look for, found by index: who is to move, when a clock needs a look;
    # and the version of each game whose state was checked against its moves (never replayed again)
    """
    ALTER TABLE games ADD COLUMN to_move_id INTEGER;
    ALTER TABLE games ADD COLUMN clock_due {real};
    ALTER TABLE games ADD COLUMN verified_version INTEGER;
    UPDATE games SET to_move_id = CASE {to_play} WHEN 'white' THEN white_id WHEN 'black' THEN black_id END
        WHERE status = 'active';
    UPDATE games SET clock_due = last_move_at WHERE status = 'active' AND deadline IS NOT NULL;
    CREATE INDEX games_to_move ON games (status, to_move_id);
    CREATE INDEX games_clock_due ON games (status, clock_due);
    CREATE INDEX challenges_age ON challenges (status, created_at);
    """,
    # 8: the reviews of finished games, kept so a second 'review' is instant (a cache: never copied)
    """
    CREATE TABLE reviews (
        game_id INTEGER PRIMARY KEY REFERENCES games (id),
        body TEXT NOT NULL,
        created_at {real} NOT NULL
    );
    """,
    # 9: puzzles: the one open in each chat, players' puzzle ratings, the puzzles' own, the daily puzzles
    """
    CREATE TABLE puzzle_sessions (
        chat_id INTEGER PRIMARY KEY REFERENCES chats (id),
        game TEXT NOT NULL,
        number INTEGER NOT NULL,
        step INTEGER NOT NULL,
        failed TEXT NOT NULL DEFAULT '[]',
        hinted TEXT NOT NULL DEFAULT '[]',
        day TEXT,
        version INTEGER NOT NULL DEFAULT 1,
        created_at {real} NOT NULL
    );
    CREATE TABLE puzzle_scores (
        user_id INTEGER NOT NULL REFERENCES users (id),
        scope TEXT NOT NULL,
        rating {real} NOT NULL,
        solved INTEGER NOT NULL DEFAULT 0,
        failed INTEGER NOT NULL DEFAULT 0,
        streak INTEGER NOT NULL DEFAULT 0,
        best_streak INTEGER NOT NULL DEFAULT 0,
        PRIMARY KEY (user_id, scope)
    );
    CREATE TABLE puzzle_ratings (
        game TEXT NOT NULL,
        number INTEGER NOT NULL,
        rating {real} NOT NULL,
        attempts INTEGER NOT NULL DEFAULT 0,
        PRIMARY KEY (game, number)
    );
    CREATE TABLE puzzle_days (
        chat_id INTEGER NOT NULL REFERENCES chats (id),
        day TEXT NOT NULL,
        game TEXT NOT NULL,
        number INTEGER NOT NULL,
        solvers TEXT NOT NULL DEFAULT '[]',
        PRIMARY KEY (chat_id, day)
    );
    CREATE TABLE puzzle_history (
        chat_id INTEGER NOT NULL REFERENCES chats (id),
        game TEXT NOT NULL,
        number INTEGER NOT NULL,
        created_at {real} NOT NULL
    );
    CREATE INDEX puzzle_history_chat ON puzzle_history (chat_id, game);
    """,
    # 10: tournaments: one open or running per chat, its entrants, and the boards of its rounds
    """
    CREATE TABLE tournaments (
        id {id},
        chat_id INTEGER NOT NULL REFERENCES chats (id),
        creator_id INTEGER NOT NULL REFERENCES users (id),
        game TEXT NOT NULL,
        options TEXT NOT NULL,
        system TEXT NOT NULL,
        cycles INTEGER NOT NULL DEFAULT 1,
        rounds INTEGER NOT NULL,
        time_per_move INTEGER,
        rated INTEGER NOT NULL DEFAULT 0,
        status TEXT NOT NULL DEFAULT 'open',
        round INTEGER NOT NULL DEFAULT 0,
        language TEXT NOT NULL,
        version INTEGER NOT NULL DEFAULT 1,
        created_at {real} NOT NULL,
        updated_at {real} NOT NULL
    );
    CREATE UNIQUE INDEX tournaments_one_per_chat ON tournaments (chat_id) WHERE status IN ('open', 'running');
    CREATE INDEX tournaments_status ON tournaments (status);
    CREATE TABLE tournament_players (
        tournament_id INTEGER NOT NULL REFERENCES tournaments (id),
        user_id INTEGER NOT NULL REFERENCES users (id),
        seed INTEGER NOT NULL,
        withdrawn_round INTEGER,
        PRIMARY KEY (tournament_id, user_id)
    );
    CREATE TABLE tournament_boards (
        tournament_id INTEGER NOT NULL REFERENCES tournaments (id),
        round INTEGER NOT NULL,
        board INTEGER NOT NULL,
        white_id INTEGER NOT NULL REFERENCES users (id),
        black_id INTEGER REFERENCES users (id),
        game_id INTEGER REFERENCES games (id),
        white_points INTEGER,
        black_points INTEGER,
        PRIMARY KEY (tournament_id, round, board)
    );
    CREATE INDEX tournament_boards_game ON tournament_boards (game_id);
    """,
    # 11: questions whose buttons were answered (dead for every process), each sender's last refused message, and
    # the puzzles a player finished after a hint or a wrong try (unrated)
    """
    CREATE TABLE answered_questions (
        platform TEXT NOT NULL,
        chat_id TEXT NOT NULL,
        message_id TEXT NOT NULL,
        answered_at {real} NOT NULL,
        PRIMARY KEY (platform, chat_id, message_id)
    );
    CREATE TABLE refused_messages (
        platform TEXT NOT NULL,
        chat_id TEXT NOT NULL,
        user_id TEXT NOT NULL,
        message_id TEXT NOT NULL,
        refused_at {real} NOT NULL,
        PRIMARY KEY (platform, chat_id, user_id)
    );
    ALTER TABLE puzzle_scores ADD COLUMN unrated_solved INTEGER NOT NULL DEFAULT 0;
    """,
    # 12: the web pages' unguessable addresses: one for each game shown on the web, one for each chat's list; on
    # PostgreSQL every new version of a game is announced (NOTIFY game_changed '<id>:<version>') when it commits
    """
    CREATE TABLE pages (
        token TEXT PRIMARY KEY,
        kind TEXT NOT NULL,
        ref INTEGER NOT NULL,
        chat_id INTEGER NOT NULL REFERENCES chats (id),
        created_at {real} NOT NULL,
        UNIQUE (kind, ref)
    );
    CREATE INDEX pages_chat ON pages (chat_id);
    {notify_changes}
    """,
    # 13: who plays on the web pages: a browser's session (after Telegram's signed initData or a sign-in link) and
    # the one-time sign-in links; only a token's SHA-256 is kept, so the table alone signs nobody in
    """
    CREATE TABLE web_sessions (
        token_hash TEXT PRIMARY KEY,
        user_id INTEGER NOT NULL REFERENCES users (id),
        created_at {real} NOT NULL,
        expires_at {real} NOT NULL
    );
    CREATE INDEX web_sessions_expiry ON web_sessions (expires_at);
    CREATE TABLE signin_links (
        code_hash TEXT PRIMARY KEY,
        user_id INTEGER NOT NULL REFERENCES users (id),
        game_id INTEGER,
        expires_at {real} NOT NULL,
        used_at {real}
    );
    """,
    # 14: one player on every platform: an account linked to another names that first account (its player: ratings,
    # puzzle scores and stats are the player's); the one-time codes that link them (only their SHA-256 kept). No
    # foreign key on player_id: whole databases are copied in id order, and a player may be the newer account.
    """
    ALTER TABLE users ADD COLUMN player_id INTEGER;
    CREATE INDEX users_player ON users (player_id);
    CREATE TABLE link_codes (
        code_hash TEXT PRIMARY KEY,
        user_id INTEGER NOT NULL REFERENCES users (id),
        expires_at {real} NOT NULL,
        used_at {real}
    );
    """,
    # 15: a game across chats: the chat of the player (guest_id) who plays it from another chat (another platform's
    # private chat, say) gets its boards too, and that player's moves come from there as well.
    """
    ALTER TABLE games ADD COLUMN guest_chat_id INTEGER REFERENCES chats (id);
    ALTER TABLE games ADD COLUMN guest_id INTEGER REFERENCES users (id);
    CREATE INDEX games_guest_chat ON games (guest_chat_id) WHERE guest_chat_id IS NOT NULL;
    CREATE INDEX challenges_target ON challenges (target_id) WHERE status = 'open';
    """,
    # 16: the last message handled in each channel of a platform that never sends a missed message again (Discord):
    # after a reconnect the channel's history is read from there
    """
    CREATE TABLE channel_marks (
        platform TEXT NOT NULL,
        chat_id TEXT NOT NULL,
        message_id TEXT NOT NULL,
        PRIMARY KEY (platform, chat_id)
    );
    """,
    # 17: who the bot has seen write in each chat (its members, as far as the bot knows): only they act on the chat's
    # puzzle from its page; the players and challengers of the chat's games so far count as seen
    """
    CREATE TABLE chat_members (
        chat_id INTEGER NOT NULL REFERENCES chats (id),
        user_id INTEGER NOT NULL REFERENCES users (id),
        seen_at {real} NOT NULL,
        PRIMARY KEY (chat_id, user_id)
    );
    INSERT INTO chat_members (chat_id, user_id, seen_at)
        SELECT chat_id, white_id, 0 FROM games UNION SELECT chat_id, black_id, 0 FROM games
        UNION SELECT chat_id, challenger_id, 0 FROM challenges;
    """,
    # 18: what the bot itself must remember across restarts and processes (such as the digest of the slash commands
    # Discord was last given); and the outbox's sent items found by age, to be forgotten after a while
    """
    CREATE TABLE bot_state (
        name TEXT PRIMARY KEY,
        value TEXT NOT NULL,
        changed_at {real} NOT NULL
    );
    CREATE INDEX outbox_sent ON outbox (sent_at);
    CREATE INDEX answered_questions_age ON answered_questions (answered_at);
    """,
    # 19: each player's way through each game's first lesson
    """
    CREATE TABLE lessons (
        player_id INTEGER NOT NULL REFERENCES users (id),
        game TEXT NOT NULL,
        progress TEXT NOT NULL,
        best TEXT NOT NULL DEFAULT '[]',
        started_at {real} NOT NULL,
        touched_at {real} NOT NULL,
        finished_at {real},
        version INTEGER NOT NULL DEFAULT 1,
        PRIMARY KEY (player_id, game)
    );
    """,
    # 20: the answers a player prepared in a game for the opponent's moves (conditional moves)
    """
    CREATE TABLE prepared_lines (
        game_id INTEGER NOT NULL REFERENCES games (id),
        user_id INTEGER NOT NULL REFERENCES users (id),
        ply INTEGER NOT NULL,
        lines TEXT NOT NULL,
        changed_at {real} NOT NULL,
        PRIMARY KEY (game_id, user_id)
    );
    """,
    # 21: when each player who chose a digest of their turns is next sent one (read by index: only those due)
    """
    ALTER TABLE users ADD COLUMN digest_due {real};
    CREATE INDEX users_digest_due ON users (digest_due);
    """,
]

_TYPES = {
    "sqlite": {"id": "INTEGER PRIMARY KEY", "real": "REAL",
               "krepost_old_count": "json_set(options, '$.count_after', 100)",
               "to_play": "json_extract(state, '$.to_play')", "notify_changes": ""},
    "postgresql": {"id": "INTEGER GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY", "real": "DOUBLE PRECISION",
                   "krepost_old_count": "(options::jsonb || '{\"count_after\": 100}'::jsonb)::text",
                   "to_play": "(state::jsonb ->> 'to_play')",
                   "notify_changes": """
    CREATE OR REPLACE FUNCTION game_changed() RETURNS trigger AS $$
    BEGIN
        PERFORM pg_notify('game_changed', NEW.id || ':' || NEW.version);
        RETURN NULL;
    END $$ LANGUAGE plpgsql;
    DROP TRIGGER IF EXISTS games_changed ON games;
    CREATE TRIGGER games_changed AFTER UPDATE ON games FOR EACH ROW
        WHEN (OLD.version IS DISTINCT FROM NEW.version) EXECUTE FUNCTION game_changed();"""},
}


# What each migration brings, in a line (``db-status`` lists the pending ones; the CHANGELOG names each).
NAMES: list[str] = [
    "the first schema",
    "a discussion thread per game",
    "per-game locks across processes",
    "Krepost counted after 100 turns of each player",
    "unrated games",
    "the outbox of what committed changes owe the chats",
    "indexes for the clocks; checked game versions",
    "kept reviews of finished games",
    "puzzles: open puzzles, puzzle ratings, daily puzzles",
    "tournaments",
    "answered questions, refused messages, unrated puzzle solves",
    "the web pages' addresses, and change notices on PostgreSQL",
    "web sessions and sign-in links",
    "accounts linked into one player",
    "games across chats (a guest's chat)",
    "channel marks for reading missed Discord messages",
    "chat members",
    "the bot's own state; sent outbox items found by age",
    "the players' lessons",
    "answers prepared in advance (conditional moves)",
    "digests of the players' turns",
]


def scripts_for(dialect: str) -> list[str]:
    """The migrations written for ``dialect`` (``sqlite`` or ``postgresql``)."""
    types = _TYPES[dialect]
    return [script.format(**types) for script in MIGRATIONS]


def check_schema(current: int, known: int) -> None:
    """Refuse a database whose schema is newer than this program's migrations (:class:`StoreError`)."""
    if current > known:
        raise StoreError(
            f"the database has schema version {current}, but this version of the bot knows only up to {known}: "
            "it was written by a newer bot. Run that version (or newer) instead; nothing was changed."
        )
