# Sourced by ./run and ./test: create .venv and install the project into it when needed.
# A stamp file remembers what was installed, so a second start is instant. The first start prints one
# line; pip's own output goes to .venv/install.log and is shown only when the installation fails.
python=${PYTHON:-python3}
if ! "$python" -c 'import sys; sys.exit(sys.version_info < (3, 11))' 2>/dev/null; then
  echo "Python 3.11 or newer is needed (found: $("$python" --version 2>&1))." >&2
  exit 1
fi
extras=""
[ "${WITH_TESTS:-}" = 1 ] && extras="[test]"
stamp=".venv/.installed${extras}"
if [ ! -f "$stamp" ] || [ pyproject.toml -nt "$stamp" ] || [ uv.lock -nt "$stamp" ]; then
  echo "Installing${extras:+ with the test tools} (first start only, one to three minutes) ..." >&2
  install_log=".venv/install.log"
  # The versions installed are the ones in uv.lock (uv sync --locked: a lock that no longer matches pyproject.toml
  # is an error, not a silent re-resolution). uv itself is put into the environment by the environment's own pip
  # (a pip outside it, Debian's for one, would put it where the environment does not look), and kept there by
  # --inexact; its version is the one the image uses (deploy/Dockerfile). Plain pip installs the project when uv
  # cannot be had (with the lock's versions when uv could at least read them).
  install_with_uv() {
    with_pip && .venv/bin/python -m pip install --quiet --disable-pip-version-check "uv==0.13.9" >>"$install_log" 2>&1 &&
      .venv/bin/python -m uv export --locked --quiet --no-hashes --no-emit-project --all-extras \
        -o .venv/constraints.txt >>"$install_log" 2>&1 &&
      { [ "${WARM_ENGINES:-now}" != early ] || warm_early; } &&
      .venv/bin/python -m uv sync --locked --inexact --quiet --compile-bytecode --python .venv/bin/python \
        ${extras:+--extra test} >>"$install_log" 2>&1
  }
  # WARM_ENGINES=early (./test): the engines' compiler is installed first and the engines compile while the rest
  # installs; their compiling process is left in $warming for the caller to wait for.
  warm_early() {
    .venv/bin/python -m uv pip install --quiet --compile-bytecode --python .venv/bin/python -c .venv/constraints.txt \
      numba numpy >>"$install_log" 2>&1 || return 0
    .venv/bin/python -m ai.warming >.venv/warming.log 2>&1 &
    warming=$!
  }
  with_pip() {
    .venv/bin/python -m pip --version >/dev/null 2>&1 || .venv/bin/python -m ensurepip --upgrade >>"$install_log" 2>&1
  }
  install_with_pip() {
    echo "(uv could not install it: pip does, see above)" >>"$install_log"
    with_pip && .venv/bin/python -m pip install --quiet --disable-pip-version-check --upgrade pip >>"$install_log" 2>&1 &&
      if [ -s .venv/constraints.txt ]; then pins=(-c .venv/constraints.txt); else pins=(); fi &&
      .venv/bin/python -m pip install --quiet --disable-pip-version-check "${pins[@]}" -e ".${extras}" \
        >>"$install_log" 2>&1
  }
  if ! {
      { [ -x .venv/bin/python ] || "$python" -m venv --without-pip .venv; } &&
      mkdir -p .venv && : > "$install_log" &&
      { install_with_uv || install_with_pip; } &&
      # compiles the built-in opponent once (./test does it itself, beside its other work: WARM_ENGINES=early)
      { [ "${WARM_ENGINES:-now}" = early ] || .venv/bin/python -m ai.warming >>"$install_log" 2>&1; }
    }; then
    [ -z "${warming:-}" ] || kill "$warming" 2>/dev/null || true
    echo "The installation failed; the end of $install_log:" >&2
    tail -n 30 "$install_log" >&2 2>/dev/null
    exit 1
  fi
  touch "$stamp"
fi
