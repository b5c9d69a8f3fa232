# Sourced by ./run and ./test: create .venv and install the project into it when needed.
# A stamp file remembers what was installed, so a second start is instant.
python=${PYTHON:-python3}
if ! "$python" -c 'import sys; sys.exit(sys.version_info < (3, 11))' 2>/dev/null; then
  echo "Python 3.11 or newer is needed (found: $("$python" --version 2>&1))." >&2
  exit 1
fi
extras=""
[ "${WITH_TESTS:-}" = 1 ] && extras="[test]"
stamp=".venv/.installed${extras}"
if [ ! -x .venv/bin/python ]; then
  echo "Creating the virtual environment in .venv ..." >&2
  "$python" -m venv .venv
fi
if [ ! -f "$stamp" ] || [ pyproject.toml -nt "$stamp" ]; then
  echo "Installing the project${extras:+ with its test tools} into .venv ..." >&2
  .venv/bin/python -m pip install --quiet --disable-pip-version-check --upgrade pip
  .venv/bin/python -m pip install --quiet --disable-pip-version-check -e ".${extras}"
  echo "Compiling the built-in opponent (once; later starts load it from the cache) ..." >&2
  .venv/bin/python -c 'import ai; ai.warm_up()'
  touch "$stamp"
fi
