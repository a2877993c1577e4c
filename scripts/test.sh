#!/usr/bin/env bash
# The test command: lint, type-check, and the whole test suite. Fails if no test ran.
set -euo pipefail
cd "$(dirname "$0")/.."
ruff check src tests benchmarks scripts examples
lint-imports
ruff format --check src examples
mypy
mypy examples/*/src  # each example game, under the same strict settings
mypy --config-file tests/mypy.ini  # the tests, checked but not strict
python3 benchmarks/check.py  # speed as ratios to a baseline run beside it: fails on a halving
# The web page: its JSDoc types checked as TypeScript (no build step: nothing is emitted) and
# its modules' unit tests on Node's test runner (`npm ci` installs TypeScript; .ci/run does).
npx --no-install tsc -p tsconfig.json
node --test --test-reporter=dot tests/web/*.test.js tests/games/*/web/*.test.js
# pytest exits 5 when it collected no test: that is a failure here, never a pass.
# The outer timeout guards the Ray test: ray.init has no timeout of its own. It is a guard
# against a hang, not the suite's budget: the suite took 954 s on an idle 2-core machine
# (CI of 2026-12-06), so the guard sits at 28 minutes.
export RAY_USAGE_STATS_ENABLED=0 RAY_AUTH_MODE=disabled
# Two processes (one per core of the machines we run on), each test file whole in one of
# them, so that a file's fixtures (a PostgreSQL cluster, a browser) start once.
timeout 1680 python3 -m pytest -p no:cacheprovider -n 2 --dist loadfile "$@"
