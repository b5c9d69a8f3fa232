"""The deployment files: they parse, agree with each other and with the tested install and settings."""

from __future__ import annotations

import configparser
import dataclasses
import os
import re
import shlex
import subprocess
import sys
import tomllib
from pathlib import Path

import yaml

from bot import config

ROOT = Path(__file__).resolve().parents[1]
DEPLOY = ROOT / "deploy"


def dockerfile() -> list[tuple[str, str]]:
    """(instruction, arguments) pairs, continuation lines joined, comments dropped."""
    text = re.sub(r"\\\n\s*", " ", (DEPLOY / "Dockerfile").read_text(encoding="utf-8"))
    pairs = []
    for line in text.splitlines():
        line = line.strip()
        if line and not line.startswith("#"):
            instruction, _, arguments = line.partition(" ")
            pairs.append((instruction.upper(), arguments.strip()))
    return pairs


def test_the_container_is_multi_stage_unprivileged_with_a_volume_and_a_health_check() -> None:
    pairs = dockerfile()
    stages = [args for instruction, args in pairs if instruction == "FROM"]
    assert len(stages) == 2 and stages[0].endswith("AS build") and stages[1].endswith("AS run")
    run_stage = pairs[[i for i, (ins, _) in enumerate(pairs) if ins == "FROM"][1]:]
    users = [args for ins, args in run_stage if ins == "USER"]
    assert users and users[-1] not in ("root", "0")
    assert any(ins == "COPY" and "--from=build" in args for ins, args in run_stage)
    assert ("VOLUME", '["/data"]') in run_stage
    env = " ".join(args for ins, args in run_stage if ins == "ENV")
    assert "DATABASE_URL=sqlite:////data/bot.sqlite3" in env and "HTTP_LISTEN=0.0.0.0:8080" in env
    health = next(args for ins, args in run_stage if ins == "HEALTHCHECK")
    assert '["/app/.venv/bin/python", "-m", "bot.healthcheck"]' in health
    entry = next(args for ins, args in run_stage if ins == "ENTRYPOINT")
    assert entry == '["/app/.venv/bin/boardgame-bot"]'
    scripts = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]["scripts"]
    assert scripts["boardgame-bot"] == "bot.__main__:main"


def test_the_container_installs_the_built_wheel_with_the_locked_versions() -> None:
    runs = " ".join(args for ins, args in dockerfile() if ins == "RUN")
    assert "uv build --wheel" in runs and "uv export --frozen" in runs and "-c /dist/pins.txt /dist/*.whl" in runs
    assert " -e " not in runs and "setup-venv" not in runs  # not the source tree, not editable
    for script in ("run", "test"):  # the tree's own installs read the same lock
        assert "source ./scripts/setup-venv.sh" in (ROOT / script).read_text(encoding="utf-8")
    assert "uv sync --locked" in (ROOT / "scripts" / "setup-venv.sh").read_text(encoding="utf-8")
    copied = {args.split()[0] for ins, args in dockerfile() if ins == "COPY" and not args.startswith("--")}
    packages = {"rules", "ai", "render", "storage", "bot"}
    assert packages | {"pyproject.toml"} <= copied
    assert {"uv.lock", "LICENSE"} <= set(next(args for ins, args in dockerfile() if ins == "COPY").split())
    for package in packages:
        assert (ROOT / package / "__init__.py").is_file()
    ignored = (ROOT / ".dockerignore").read_text(encoding="utf-8").split()
    assert ".venv" in ignored and "data" in ignored


def test_compose_runs_the_bot_on_its_postgresql(tmp_path: Path) -> None:
    compose = yaml.safe_load((DEPLOY / "compose.yaml").read_text(encoding="utf-8"))
    db, bot = compose["services"]["db"], compose["services"]["bot"]
    url = bot["environment"]["DATABASE_URL"]
    user, database = db["environment"]["POSTGRES_USER"], db["environment"]["POSTGRES_DB"]
    assert url == f"postgresql://{user}@db:5432/{database}" and "POSTGRES_PASSWORD" not in db["environment"]
    secret = "/run/secrets/db_password"  # the password is a secret file, never in the compose file
    assert db["environment"]["POSTGRES_PASSWORD_FILE"] == secret == bot["environment"]["DATABASE_PASSWORD_FILE"]
    assert compose["secrets"]["db_password"]["file"] == "./secrets/db_password"
    assert "deploy/secrets" in (ROOT / ".gitignore").read_text(encoding="utf-8").split()
    assert "ports" not in bot and bot["expose"] == ["8080"]  # `--scale bot=2` clashes on no host port
    assert bot["ulimits"]["nofile"]["soft"] >= 65536
    assert bot["depends_on"]["db"]["condition"] == "service_healthy" and "healthcheck" in db
    assert bot["build"]["dockerfile"] == "deploy/Dockerfile" and (DEPLOY / bot["build"]["context"]).resolve() == ROOT
    assert any(volume.endswith(":/data") for volume in bot["volumes"])
    assert set(compose["volumes"]) == {"db-data", "bot-data", "proxy-data"}
    environment = {k: str(v) for k, v in bot["environment"].items()}
    (tmp_path / "db_password").write_text("s3cret/pw\n", encoding="utf-8")
    environment["DATABASE_PASSWORD_FILE"] = str(tmp_path / "db_password")  # where the secret is mounted
    loaded = config.load(environment, dotenv=None)
    assert loaded.database_url == "postgresql://bot:s3cret%2Fpw@db:5432/bot" and loaded.http_listen == "0.0.0.0:8080"


def test_the_proxy_serves_the_pages_and_the_webhook_from_the_bots_ports() -> None:
    compose = yaml.safe_load((DEPLOY / "compose.yaml").read_text(encoding="utf-8"))
    proxy = compose["services"]["proxy"]
    assert "./Caddyfile:/etc/caddy/Caddyfile:ro" in proxy["volumes"]
    caddyfile = (DEPLOY / "Caddyfile").read_text(encoding="utf-8")
    pages_port = compose["services"]["bot"]["environment"]["HTTP_LISTEN"].rsplit(":", 1)[1]
    assert f"dynamic a bot {pages_port}" in caddyfile  # every replica; the webhook too: it is served beside the pages
    assert caddyfile.count("reverse_proxy") == 1
    assert "flush_interval -1" in caddyfile  # the live pages' event streams are not buffered
    assert caddyfile.count("{") == caddyfile.count("}")


def test_the_systemd_unit_parses_and_checks_the_configuration_first() -> None:
    unit = configparser.ConfigParser(strict=False, interpolation=None, delimiters=("=",))
    unit.optionxform = str  # type: ignore[assignment,method-assign]
    unit.read_string((DEPLOY / "boardgame-bot.service").read_text(encoding="utf-8"))
    assert set(unit.sections()) == {"Unit", "Service", "Install"}
    service = unit["Service"]
    start = shlex.split(service["ExecStart"])
    assert start[1:] == ["-m", "bot", "run"] and start[0].endswith("/.venv/bin/python")
    assert shlex.split(service["ExecStartPre"])[1:] == ["-m", "bot", "check-config"]
    assert service["User"] != "root" and service["Restart"] == "on-failure" and service["KillSignal"] == "SIGTERM"
    assert int(service["LimitNOFILE"]) >= 65536
    assert unit["Install"]["WantedBy"] == "multi-user.target"


def example_settings() -> dict[str, str]:
    settings = {}
    for line in (DEPLOY / "bot.env.example").read_text(encoding="utf-8").splitlines():
        found = re.fullmatch(r"# ([A-Z_]+)=(.*)", line)
        if found:
            settings[found.group(1)] = found.group(2)
    return settings


def test_the_configuration_example_lists_every_setting_with_its_real_default() -> None:
    settings = example_settings()
    names = {field.name.upper() for field in dataclasses.fields(config.Config)}
    assert names == set(settings)
    assert config.load(settings, dotenv=None) == config.Config()


def test_check_config_and_healthcheck_from_the_command_line(tmp_path: Path) -> None:
    env = {"PATH": "/usr/bin:/bin", "PYTHONPATH": str(ROOT), "HTTP_LISTEN": "127.0.0.1:1"}
    done = subprocess.run([sys.executable, "-m", "bot", "healthcheck"], capture_output=True, text=True, env=env,
                          cwd=tmp_path, check=False)
    assert done.returncode == 1
    env["DATABASE_URL"] = "mysql://nope"
    done = subprocess.run([sys.executable, "-m", "bot", "check-config"], capture_output=True, text=True, env=env,
                          cwd=tmp_path, check=False)
    assert done.returncode == 2 and "DATABASE_URL must be" in done.stderr


def test_operator_commands_import_no_engine_no_chat_library_and_no_pictures(tmp_path: Path) -> None:
    probe = ("import sys; from bot.__main__ import main\ntry: code = main(sys.argv[1:])\nexcept SystemExit as e: code = e.code\n"
             "heavy = sorted({m.split('.')[0] for m in sys.modules} & {'ai', 'numba', 'numpy', 'render', 'PIL', 'discord', "
             "'telegram', 'aiohttp'}); print('HEAVY', heavy, code)")
    for command in (["check-config"], ["db-status"], ["backup", str(tmp_path / "copy.sqlite3")], ["--help"]):
        env = {"PATH": "/usr/bin:/bin", "PYTHONPATH": str(ROOT), "DATABASE_PATH": str(tmp_path / "bot.sqlite3")}
        done = subprocess.run([sys.executable, "-c", probe, *command], capture_output=True, text=True, env=env,
                              cwd=tmp_path, check=False)
        assert "HEAVY [] 0" in done.stdout, (command, done.stdout, done.stderr)
    done = subprocess.run([sys.executable, "-m", "bot.healthcheck"], capture_output=True, text=True, cwd=tmp_path,
                          env={"PATH": "/usr/bin:/bin", "PYTHONPATH": str(ROOT), "HTTP_LISTEN": "127.0.0.1:1",
                               "PYTHONVERBOSE": "1"}, check=False)
    imported = {line.split()[1] for line in done.stderr.splitlines() if line.startswith("import ")}
    assert done.returncode == 1 and not {name.split(".")[0] for name in imported} & {"storage", "rules", "aiohttp"}


def test_the_set_up_installed_with_uv_not_by_falling_back_to_pip() -> None:
    log = ROOT / ".venv" / "install.log"
    if not log.exists():  # an environment set up before the log was kept
        assert os.environ.get("CI") != "true", "CI sets the environment up afresh: its install log must be there"
        return
    assert "uv could not install it" not in log.read_text(encoding="utf-8")


def test_the_set_up_and_the_image_use_one_version_of_uv() -> None:
    setup = re.findall(r'"uv==([\d.]+)"', (ROOT / "scripts" / "setup-venv.sh").read_text(encoding="utf-8"))
    image = re.findall(r"uv==([\d.]+)", (DEPLOY / "Dockerfile").read_text(encoding="utf-8"))
    assert setup and setup == image[:1]
