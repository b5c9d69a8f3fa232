"""Start the bot and run its operator commands: ``python -m bot [COMMAND]``.

- ``run`` (the default): Discord and/or Telegram, plus the pages and the operations endpoint when ``HTTP_LISTEN`` is
  set; with no platform token, the chat in the terminal when there is one (else it says so and exits 2).
- ``console``: the chat in the terminal, whatever the tokens and whatever its input (a terminal, a pipe, a script).
- ``check-config``: validate the configuration; exits 2 with a clear message when it is wrong.
- ``migrate-db --from URL --to URL``: copy a whole database into an empty one, verified by replay.
- ``backup PATH [--force]``: a consistent copy of the SQLite database while the bot runs (an existing file is kept
  unless ``--force``).
- ``db-status``: the database's schema version and the migrations the next start would apply (it changes nothing).
- ``sync-commands``: give Discord the slash commands now (a start sends them only when they changed).
- ``export-games DIR``: every finished game's record, in its game's notation.
- ``healthcheck``: exit 0 when the running bot's ``/healthz`` answers (for container health checks).
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import logging
import sys
from dataclasses import replace
from functools import partial
from pathlib import Path

from bot import __version__, logs
from bot import config as configuration
from storage import StoreError, open_store

# The engines, the chat libraries and the pictures are imported by ``run`` alone: an operator's command (``backup``,
# ``check-config``, ``--help``) starts in a fraction of a second, even on a busy machine.

log = logging.getLogger("bot")
ENGINES_AT_EXIT = 5.0  # seconds a stop waits at most for the engines still being loaded (see run)


def settle() -> None:
    """Once started: what was made so far (modules, fonts, the engines) lives as long as the process, so the
    garbage collector stops walking it (``gc.freeze``); its full passes, which would otherwise pause every open page
    and every move for tens of milliseconds, then cover only what the bot made since."""
    gc.collect()
    gc.freeze()


def more_open_files(wanted: int = 65536) -> int:
    """Raise this process's soft limit of open files towards ``wanted`` (as far as the hard limit allows: every open
    page holds a connection, and 1024, a common default, is soon reached); the soft limit now."""
    import resource

    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    target = wanted if hard == resource.RLIM_INFINITY else min(wanted, hard)
    if soft != resource.RLIM_INFINITY and soft < target:
        try:
            resource.setrlimit(resource.RLIMIT_NOFILE, (target, hard))
            log.info("open files: the soft limit is raised from %d to %d", soft, target)
            soft = target
        except (ValueError, OSError) as exc:
            log.warning("open files: the soft limit stays %d (%s)", soft, exc)
    return int(soft) if soft != resource.RLIM_INFINITY else wanted


def public_url(settings: configuration.Config) -> str | None:
    """Where board messages link to the game pages: ``PUBLIC_URL``, or in the terminal the local address of
    ``HTTP_LISTEN`` (a browser on this machine reaches it); ``None``: no links."""
    if settings.public_url or not settings.http_listen:
        return settings.public_url
    if not settings.terminal:
        return None
    host, port = configuration.host_and_port("HTTP_LISTEN", settings.http_listen)
    return f"http://{'127.0.0.1' if host in ('0.0.0.0', '') else host}:{port}"


async def serve(settings: configuration.Config) -> int:
    """Open the database and run the front end the configuration asks for."""
    import ai
    from bot.console import run as run_console
    from bot.couriers import Couriers
    from bot.service import Service, ServiceConfig

    open_files = more_open_files()
    store = await open_store(settings.database_url, exclusive=True)
    service = Service(store, config=ServiceConfig(
        default_language=settings.default_language, ai_time_budget=settings.ai_time_budget,
        remind_after=int(settings.remind_after_hours * 3600),
        text_diagrams=settings.terminal,
        rate_limit=10**9 if settings.terminal else settings.rate_limit,  # the people at this keyboard are trusted
        shared_database=store.dialect != "sqlite", admins=settings.bot_admins, vacation_days=settings.vacation_days,
        challenge_expiry=int(settings.challenge_days * 86400), public_url=public_url(settings),
    ))
    from bot.health import PlatformHealth

    endpoint = None
    health = PlatformHealth(settings.unhealthy_after)
    webhook = None
    if settings.telegram_token and settings.telegram_webhook_url:
        from bot.telegram_webhook import TelegramWebhook

        webhook = TelegramWebhook(settings.telegram_webhook_url, settings.webhook_secret)
    couriers = Couriers()  # this process's front ends, for what moves made on the web pages or on another platform owe
    service.elsewhere = partial(couriers.hand_over, service)
    ai.prepare()  # the compiled engines, compiled in a separate process or loaded from their cache
    service.warm_up()
    settle()
    try:
        if settings.http_listen:
            from bot.ops_http import start

            host, port = configuration.host_and_port("HTTP_LISTEN", settings.http_listen)
            from bot.web.exposure import Proxies

            endpoint = await start(store, host, port, service, couriers, settings.telegram_token or "", webhook, health,
                                   proxies=Proxies(configuration.networks(settings.trusted_proxies)), open_files=open_files,
                                   https=(settings.public_url or "").startswith("https://"))
            log.info("game pages, /healthz and /metrics on http://%s:%d", host, port)
        if settings.discord_token or settings.telegram_token:
            from bot.metrics import count_retries
            from bot.platforms import PlatformFailed, run_platforms

            count_retries()
            try:
                await run_platforms(service, settings, couriers=couriers, webhook=webhook, health=health)
            except PlatformFailed as exc:  # a wrong token, no network: one line naming the platform, and exit 1
                log.error("%s", exc)
                return 1
        else:
            await run_console(service, settings.pictures_dir, couriers=couriers)
    finally:
        if endpoint is not None:
            await endpoint.cleanup()
        await store.close()
        # An interpreter that exits while the engines' thread is loading compiled code from the cache aborts
        # (SIGABRT): a stop right after the start (the terminal's Ctrl-D) waits for that, a second or so.
        await asyncio.to_thread(ai.ready_within, ENGINES_AT_EXIT)
    return 0


async def backup(settings: configuration.Config, target: str, replace: bool = False) -> str:
    store = await open_store(settings.database_url)
    try:
        await store.backup(target, replace=replace)
    finally:
        await store.close()
    return f"backup written to {target}"


async def db_status(settings: configuration.Config) -> str:
    """The database's schema version, and the migrations this bot would apply at its next start (none applied now)."""
    from storage import schema_version_of
    from storage.migrations import NAMES

    current = await schema_version_of(settings.database_url)
    where = f"SQLite at {settings.database_path}" if settings.database_path else configuration.mask_secrets(
        settings.database_url)
    lines = [f"database: {where}", f"schema version: {current} (this bot knows up to {len(NAMES)})"]
    if current > len(NAMES):
        lines.append("written by a newer bot: this one will refuse it; run that version or newer")
    elif current == len(NAMES):
        lines.append("up to date: nothing to migrate")
    else:
        lines.append("pending, applied at the next start" + (
            f" (after a copy to {settings.database_path}.before-v{len(NAMES)})" if settings.database_path and current
            else "") + ":")
        lines += [f"  {number}: {NAMES[number - 1]}" for number in range(current + 1, len(NAMES) + 1)]
    return "\n".join(lines)


async def sync_commands(settings: configuration.Config) -> str:
    """Give Discord the slash commands now, whether or not they changed (a start sends them only when they did)."""
    if not settings.discord_token:
        raise ValueError("DISCORD_TOKEN is not set: there are no Discord commands to send")
    from bot.discord_app import make_client
    from bot.service import Service

    store = await open_store(settings.database_url)
    client = make_client(Service(store), sync_only=True)
    try:
        await client.login(settings.discord_token)  # its set-up sends the commands
    except Exception as exc:
        raise ValueError(f"Discord failed: {type(exc).__name__}: {exc}") from exc
    finally:
        await client.close()
        await store.close()
    return "Discord's slash commands were sent"


async def export(settings: configuration.Config, folder: str) -> str:
    from bot.operations import export_games

    store = await open_store(settings.database_url)
    try:
        count = await export_games(store, Path(folder))
    finally:
        await store.close()
    return f"{count} finished games written to {folder}"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="boardgame-bot", description="The board game chat bot.")
    parser.add_argument("--version", action="version", version=f"boardgame-bot {__version__}")
    commands = parser.add_subparsers(dest="command")
    commands.add_parser("run", help="run the bot on its platforms, or with no token in this terminal (the default)")
    commands.add_parser("console", help="the chat in this terminal, whatever the tokens and the input")
    commands.add_parser("check-config", help="validate the configuration and exit")
    migrate = commands.add_parser("migrate-db", help="copy every game, user and rating into an empty database")
    migrate.add_argument("--from", dest="source", required=True, metavar="URL", help="sqlite:///path or postgresql://…")
    migrate.add_argument("--to", dest="target", required=True, metavar="URL", help="an empty database")
    copy = commands.add_parser("backup", help="a consistent copy of the SQLite database, while the bot runs")
    copy.add_argument("path")
    copy.add_argument("--force", action="store_true", help="replace the file if it exists")
    commands.add_parser("db-status", help="the database's schema version and the migrations a start would apply")
    records = commands.add_parser("export-games", help="write every finished game's record to a folder")
    records.add_argument("folder")
    commands.add_parser("healthcheck", help="exit 0 when the running bot's /healthz answers")
    commands.add_parser("sync-commands", help="give Discord the slash commands now (a start does when they changed)")
    args = parser.parse_args(argv)
    try:
        settings = configuration.load()
    except configuration.ConfigError as exc:
        print(f"configuration error: {exc}", file=sys.stderr)
        return 2
    if args.command == "check-config":
        print(f"configuration is valid: {settings!r}")
        print(f"run will start: {settings.mode}")
        return 0
    if args.command == "healthcheck":
        from bot.healthcheck import check

        healthy, said = check(settings.http_listen)
        print(said)
        return 0 if healthy else 1
    if args.command == "console":
        settings = replace(settings, discord_token=None, telegram_token=None)
    elif args.command in (None, "run") and settings.terminal and (sys.stdin is None or not sys.stdin.isatty()):
        print("run failed: no DISCORD_TOKEN or TELEGRAM_TOKEN is set, and there is no terminal to chat in; set a token, "
              "or start the terminal chat with 'python -m bot console'", file=sys.stderr)
        return 2
    chatting_here = args.command in (None, "run", "console") and settings.terminal
    try:
        logs.configure(settings.log_level, settings.log_format, file=settings.log_file if chatting_here else None)
    except OSError as exc:  # the database's folder cannot be written either: say so in one line
        print(f"run failed: cannot write the log file {settings.log_file}: {exc.strerror or exc}", file=sys.stderr)
        return 1
    try:
        if args.command == "migrate-db":
            from bot.operations import migrate_database

            print(asyncio.run(migrate_database(args.source, args.target)))
        elif args.command == "backup":
            print(asyncio.run(backup(settings, args.path, args.force)))
        elif args.command == "db-status":
            print(asyncio.run(db_status(settings)))
        elif args.command == "sync-commands":
            print(asyncio.run(sync_commands(settings)))
        elif args.command == "export-games":
            print(asyncio.run(export(settings, args.folder)))
        else:
            return asyncio.run(serve(settings))
    except (StoreError, ValueError, OSError) as exc:
        print(f"{args.command or 'run'} failed: {exc}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        return 0
    return 0


if __name__ == "__main__":
    sys.exit(main())
