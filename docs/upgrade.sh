#!/bin/sh
# Install the release checked out in CHECKOUT (default /srv/cosmic-wimpout) into its .venv, built from a clean export
# of that commit (git archive): nothing else in the checkout is read, so a stale build/ (setuptools reuses it: going
# back a release once installed a module that release does not have), an untracked file or an editor's backup can
# never end up installed. Going back (a rollback) is the same: check the older release out, run this.
#   sh docs/upgrade.sh [--build-only] [CHECKOUT [WHEEL_DIR]]
# --build-only: build the wheel into WHEEL_DIR and stop. PIP names another pip (default: CHECKOUT/.venv/bin/pip).
# Then `systemctl reload cosmic-wimpout` (docs/server.md, "Upgrade").
set -eu
build_only=no
if [ "${1:-}" = "--build-only" ]; then build_only=yes; shift; fi
checkout=${1:-/srv/cosmic-wimpout}
pip=${PIP:-$checkout/.venv/bin/pip}
release=$(mktemp -d)
trap 'rm -rf "$release"' EXIT
wheels=${2:-$release/wheels}
mkdir "$release/tree"
git -C "$checkout" archive --format=tar HEAD | tar -x -C "$release/tree"
"$pip" wheel --no-deps --no-cache-dir --wheel-dir "$wheels" "$release/tree"
if [ "$build_only" = yes ]; then exit 0; fi
"$pip" install --upgrade --no-cache-dir "$wheels"/cosmic_wimpout-*.whl         # what it needs
# Every release is version 0.1.0, and pip keeps a version it has: the release itself is installed over it.
"$pip" install --force-reinstall --no-deps --no-cache-dir "$wheels"/cosmic_wimpout-*.whl
